import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SessionUser } from '../../domain/index.js';
import type { SessionMachine } from './session.machine.js';
import type { SessionEvent, SessionLinkedAccount, SessionNotice } from './session.types.js';

/** A running session actor (what `createActor(sessionMachine, { input })` returns). */
export type SessionActorRef = ActorRefFrom<SessionMachine>;
/** A snapshot of the session machine. */
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/**
 * Coarse status for views:
 * - `loading`: checking in a guest (no session yet),
 * - `guest` / `signedIn`: a session is there (also while it is being refreshed),
 * - `expired`: a user session just expired (tokens already cleared; a guest is being checked in),
 * - `unavailable`: the guest check-in failed; it is retried.
 */
export type SessionStatus = 'loading' | 'guest' | 'signedIn' | 'expired' | 'unavailable';

/** True when a signed-in (non-guest) user holds the session, refreshing included (§6). */
export function selectIsSignedIn(snapshot: SessionSnapshot): boolean {
  const user = snapshot.context.user;
  return user !== null && !user.guest;
}

/** True when a guest holds the session (claim `gue`, §6). */
export function selectIsGuest(snapshot: SessionSnapshot): boolean {
  return snapshot.context.user?.guest === true;
}

/** The session user decoded from the token claims (§3 "Session user"), or null. */
export function selectSessionUser(snapshot: SessionSnapshot): SessionUser | null {
  return snapshot.context.user;
}

/** The notice the view should show once (`sessionExpired`), or null. */
export function selectSessionNotice(snapshot: SessionSnapshot): SessionNotice | null {
  return snapshot.context.notice;
}

/**
 * The providers linked to the signed-in account, as the last sign-in's answer listed them
 * (§3 "Login response … linkedAccounts"), kept up to date by unlinks; `[]` for a guest.
 */
export function selectLinkedAccounts(snapshot: SessionSnapshot): readonly SessionLinkedAccount[] {
  return selectIsSignedIn(snapshot) ? snapshot.context.linkedAccounts : [];
}

/** Coarse status of the session; see {@link SessionStatus}. */
export function selectSessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches('expired')) return 'expired';
  if (snapshot.matches('unavailable')) return 'unavailable';
  if (selectIsSignedIn(snapshot)) return 'signedIn';
  if (selectIsGuest(snapshot)) return 'guest';
  return 'loading';
}

/** What a view needs from the session. */
export interface SessionApi {
  status: SessionStatus;
  user: SessionUser | null;
  isSignedIn: boolean;
  isGuest: boolean;
  /** `sessionExpired` after an expiry until dismissed, else null. */
  notice: SessionNotice | null;
  /** Providers linked to the signed-in account at its sign-in ({@link selectLinkedAccounts}). */
  linkedAccounts: readonly SessionLinkedAccount[];
  /** Logs out (§4 "Session"); a guest session is kept unless `forced`. */
  logout(options?: { forced?: boolean }): void;
  /** Marks the notice as shown. */
  dismissNotice(): void;
  /** Retries a failed guest check-in. */
  retry(): void;
}

/**
 * Turns a session snapshot and its `send` into what a view needs (flags, user, handlers).
 * Never exposes the tokens.
 */
export function connectSession(snapshot: SessionSnapshot, send: (event: SessionEvent) => void): SessionApi {
  return {
    status: selectSessionStatus(snapshot),
    user: selectSessionUser(snapshot),
    isSignedIn: selectIsSignedIn(snapshot),
    isGuest: selectIsGuest(snapshot),
    notice: selectSessionNotice(snapshot),
    linkedAccounts: selectLinkedAccounts(snapshot),
    logout: (options) => send({ type: 'session.logout', ...(options?.forced ? { forced: true } : {}) }),
    dismissNotice: () => send({ type: 'session.notice.dismiss' }),
    retry: () => send({ type: 'session.retry' }),
  };
}
