import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { connectSession, type SessionApi } from '@stream/core/machines';
import { useServices } from './context';

/** The session as views need it (status, user, flags, handlers), re-rendering on change. */
export function useSession(): SessionApi {
  const { session } = useServices();
  const snapshot = useSelector(session, (s) => s);
  return connectSession(snapshot, session.send);
}

/** Sets `document.title` to `title · appName`. */
export function useDocumentTitle(title: string, appName: string) {
  useEffect(() => {
    document.title = title && title !== appName ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
