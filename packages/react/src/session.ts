import { useSelector } from '@xstate/react';
import { connectSession, type SessionApi, type SessionSnapshot } from '@stream/core/machines';
import { useStream } from './provider';

/**
 * One value selected from the session snapshot; the component re-renders only when it changes
 * (by `compare`, `Object.is` by default). Selecting `(s) => s` re-renders on every refresh:
 * select what the view shows instead.
 */
export function useSessionSelector<T>(selector: (snapshot: SessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  const { session } = useStream();
  return useSelector(session, selector, compare);
}

/** The session's view-facing fields: everything of `SessionApi` but its handlers. */
type SessionFields = Omit<SessionApi, 'logout' | 'dismissNotice' | 'retry'>;

const selectFields = (snapshot: SessionSnapshot): SessionFields => {
  const { logout: _l, dismissNotice: _d, retry: _r, ...fields } = connectSession(snapshot, () => undefined);
  return fields;
};

/**
 * Equal when a view would show the same: the same status, notice and linked providers and the
 * same user apart from the token's expiry (a refresh changes only that), so a token refresh
 * re-renders nothing.
 */
export function sameSessionView(a: SessionFields, b: SessionFields): boolean {
  if (a.status !== b.status || a.notice !== b.notice || a.isSignedIn !== b.isSignedIn || a.isGuest !== b.isGuest) return false;
  if (a.linkedAccounts.map((l) => l.provider).join() !== b.linkedAccounts.map((l) => l.provider).join()) return false;
  if (a.user === b.user) return true;
  if (!a.user || !b.user) return false;
  const { expiresAt: _a, ...userA } = a.user;
  const { expiresAt: _b, ...userB } = b.user;
  const keys = new Set([...Object.keys(userA), ...Object.keys(userB)]);
  return [...keys].every((key) => userA[key as keyof typeof userA] === userB[key as keyof typeof userB]);
}

/**
 * The session as views need it (status, user, flags, notice, linked providers, and the logout,
 * dismiss and retry handlers); re-renders only when what a view shows changes
 * ({@link sameSessionView}), never on a token refresh alone.
 */
export function useSession(): SessionApi {
  const { session } = useStream();
  const fields = useSelector(session, selectFields, sameSessionView);
  const handlers = connectSession(session.getSnapshot(), session.send);
  return { ...fields, logout: handlers.logout, dismissNotice: handlers.dismissNotice, retry: handlers.retry };
}
