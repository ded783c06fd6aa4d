import { useEffect } from 'react';

/**
 * The session as views need it (status, user, flags, handlers): @stream/react's, which re-renders
 * only when what a view shows changes, never on a token refresh alone.
 */
export { useSession } from '@stream/react';

/** Sets `document.title` to `title · appName`. */
export function useDocumentTitle(title: string, appName: string) {
  useEffect(() => {
    document.title = title && title !== appName ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
