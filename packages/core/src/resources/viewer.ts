import type { ResourceCache } from './cache.js';

/** The little of a session actor that {@link resetOnViewerChange} reads: who its viewer is. */
export interface ViewerSource {
  getSnapshot(): { context: { user: Viewer | null } };
  subscribe(listener: (snapshot: { context: { user: Viewer | null } }) => void): { unsubscribe(): void };
}

/** Who watches: the account (`id`), whether a guest, and the household profile (`profileId`, the token's `pid`), when the session has one. */
type Viewer = { id: string; guest: boolean; profileId?: string | undefined };

/** The viewer's identity as a key: the user id and profile, `guest` for any guest, `none` without a session. */
function viewerKey(user: Viewer | null): string {
  if (user === null) return 'none';
  return user.guest ? 'guest' : `user:${user.id}:${user.profileId ?? ''}`;
}

/**
 * Keeps `cache` to one viewer's data: whenever the session's viewer changes (a sign-in, a
 * sign-out, another account, another profile of the household, a session that expired), every cached read is forgotten, so no view
 * ever shows the previous viewer's cards, licences or history. A token refresh of the same viewer
 * keeps the cache. Returns the function that stops following.
 */
export function resetOnViewerChange(cache: ResourceCache, session: ViewerSource): () => void {
  let current = viewerKey(session.getSnapshot().context.user);
  const subscription = session.subscribe((snapshot) => {
    const next = viewerKey(snapshot.context.user);
    if (next === current) return;
    current = next;
    cache.reset();
  });
  return () => subscription.unsubscribe();
}
