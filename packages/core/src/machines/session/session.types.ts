import type { ApiClient } from '../../api/types.js';
import type { LoginResponse } from '../../contracts/index.js';
import type { RouteLocale, SessionClaims, SessionUser } from '../../domain/index.js';
import type { TokenStore } from '../../platform/tokens.js';
import type { Broadcast, Clock, KeyValueStorage, Navigation } from '../../platform/types.js';

/**
 * The only message the session machine posts to other tabs. It never carries a token: the
 * receiving tab re-reads the shared storage. `change` says what happened, for logs and views.
 * Implements the cross-tab sync of guide/style.md ("logout in one tab logs out every tab").
 */
export interface SessionBroadcastMessage {
  type: 'session.changed';
  /** What the posting tab did. */
  change: SessionChange;
}

/** What a tab did to the shared session (see {@link SessionBroadcastMessage}). */
export type SessionChange = 'signedIn' | 'refreshed' | 'loggedOut' | 'expired' | 'guest' | 'linkedAccounts';

/** A provider linked to the signed-in account, as the session keeps it (§3 "Login response … linkedAccounts (each with provider)"). */
export interface SessionLinkedAccount {
  provider: string;
}

/**
 * Where the session sends the viewer once a sign-in is done (identity-and-routes.md §2 "After
 * sign-in completion"): `search` is the sign-in's query (`?from=…&entryPage=…&licences=…`) that
 * names the target; the session navigates (replace) to `postSignInTarget(search)`.
 */
export interface AfterSignIn {
  search: string;
}

/** Input of the session machine: the injected environment. */
export interface SessionInput {
  /** Platform client: guest check-in, refresh, and its `session.*` events (`api.subscribe`). */
  api: ApiClient;
  /**
   * Shared by tabs: the session's other stored items (`STORAGE_KEYS.oauthProvider`,
   * `linkedAccounts`, `signupRehydration`), and the tokens unless `tokens` is given.
   */
  storage: KeyValueStorage;
  /**
   * The token store shared with the API client (`createApiClient({ tokens })`): the session writes
   * what a sign-in or a guest check-in brings and clears it on logout; the client writes what a
   * refresh brings. @default createTokenStore(storage)
   */
  tokens?: TokenStore;
  /**
   * Where a sign-in handed over with `afterSignIn` goes (§2 "After sign-in completion"): the
   * session navigates there with `replace`. @default undefined (the session never navigates)
   */
  navigation?: Pick<Navigation, 'navigate'>;
  /**
   * A sign-in that has not chosen its profile (no `pid`: every sign-in) goes to PROFILES ("who's
   * watching", with `from` the §2 target) before its target: core's `throughProfilePicker`.
   * @default false (straight to the target)
   */
  chooseProfileAfterSignIn?: boolean;
  /** The route set of the after-sign-in target, read when a sign-in is done. @default () => 'en' */
  routeLocale?: () => RouteLocale;
  /**
   * Reads an access token's claims; the session calls it once per token and keeps the result.
   * @default decodeSessionClaims (the domain's)
   */
  decodeClaims?: (token: string) => SessionClaims | null;
  /** Wall clock in ms since the epoch; used to schedule the proactive refresh. */
  clock: Clock;
  /** Cross-tab channel. @default undefined (no cross-tab sync) */
  broadcast?: Broadcast<SessionBroadcastMessage>;
  /**
   * How long before the access token's `exp` the machine refreshes it, in milliseconds.
   * @default 60_000
   */
  refreshLeadMs?: number;
  /** Delay before a failed guest check-in is retried, in milliseconds. @default 5_000 */
  checkInRetryMs?: number;
}

/**
 * A notice the view should show once, then dismiss with `session.notice.dismiss`.
 * `sessionExpired`: a signed-in user's session ended because it expired (§4 "Session"); the web
 * app shows the sign-in page with the session-expired message.
 */
export type SessionNotice = 'sessionExpired';

/** Context of the session machine. */
export interface SessionContext {
  /** Current access token (a JWT), or null while there is none. Never log it. */
  authorisationToken: string | null;
  /** Current refresh token (opaque), or null. Never log it. */
  refreshToken: string | null;
  /** User decoded from the access token's claims (§3 "Session user"), or null. */
  user: SessionUser | null;
  /**
   * The providers the last sign-in's answer listed as linked (`STORAGE_KEYS.linkedAccounts`),
   * kept up to date by `session.linkedAccounts`; empty for a guest or when none.
   */
  linkedAccounts: readonly SessionLinkedAccount[];
  /** Notice for the view, or null. */
  notice: SessionNotice | null;
  /** Refreshes in a row that got no answer or a 5xx (the next one backs off); 0 after a success. */
  refreshFailures: number;
  /**
   * Internal: the injected environment (input), with the defaults filled in and `claimsOf`, the
   * decoder that remembers the claims of the last tokens it read (each token is decoded once).
   * Not for views.
   */
  env: Required<Pick<SessionInput, 'refreshLeadMs' | 'checkInRetryMs' | 'tokens' | 'routeLocale'>> &
    SessionInput & { claimsOf: (token: unknown) => SessionClaims | null };
}

/** Input of the `oauthLogout` actor: the provider that issued the session and its refresh token. */
export interface OAuthLogoutInput {
  api: ApiClient;
  /** The generic external OAuth provider (`STORAGE_KEYS.oauthProvider`). */
  provider: string;
  /** The session's refresh token. Never log it. */
  refreshToken: string;
}

/** Events the session machine accepts. */
export type SessionEvent =
  /**
   * A sign-in flow obtained tokens (ID sign-in, sign-up, any provider; sent by the flows'
   * `handOverToSession`). `oauthProvider` names the generic external OAuth provider that issued
   * them (the `oidcSignIn` machine, kind `oauth`): it is stored as `STORAGE_KEYS.oauthProvider` so
   * that a user logout ends the session there too; any sign-in without it removes that key. With
   * `afterSignIn`, the session then navigates (replace) to `postSignInTarget(afterSignIn.search)`
   * (§2 "After sign-in completion"); without it (a sign-in embedded in another flow) it stays.
   */
  | {
      type: 'session.signedIn';
      tokens: LoginResponse;
      oauthProvider?: string;
      afterSignIn?: AfterSignIn;
      /**
       * The tokens are another profile of the signed-in account (the profile picker's
       * `profiles.select`): the OAuth provider and the linked providers stay as they are.
       */
      profileSwitch?: boolean;
    }
  /**
   * A sign-in flow that handed its tokens over earlier (without `afterSignIn`) is done: navigate
   * (replace) to `postSignInTarget(search)`. Ignored without a signed-in user.
   */
  | ({ type: 'session.afterSignIn' } & AfterSignIn)
  /** The API client refreshed the tokens (it already stored them). */
  | { type: 'session.refreshed'; authorisationToken: string; refreshToken: string }
  /** Refresh now (for example before an important call). */
  | { type: 'session.refresh' }
  /** The API client could not refresh: the session is over (§4 "An expired session leads to logout"). */
  | { type: 'session.expired' }
  /**
   * Log out (§4 "Session"). A guest session is kept unless `forced` or the reason is
   * `sessionExpired`.
   */
  | { type: 'session.logout'; forced?: boolean; reason?: 'sessionExpired' }
  /**
   * A flow changed the signed-in account's linked providers (an unlink): the list replaces the
   * stored one (ignored without a signed-in user).
   */
  | { type: 'session.linkedAccounts'; linkedAccounts: readonly { provider: string }[] }
  /** Another tab changed the shared session: re-read storage. */
  | { type: 'session.changed'; change?: SessionChange }
  /** Retry a failed guest check-in now. */
  | { type: 'session.retry' }
  /** The view has shown the notice. */
  | { type: 'session.notice.dismiss' };
