import { and, assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import { ApiError, isRefreshRefusal } from '../../api/errors.js';
import type { ApiClient, ApiClientEvent } from '../../api/types.js';
import type { LoginResponse } from '../../contracts/index.js';
import { decodeSessionClaims, toSessionUser, type SessionClaims, type SessionUser } from '../../domain/claims.js';
import { throughProfilePicker } from '../../domain/profileSession.js';
import { postSignInTarget } from '../../domain/redirects.js';
import { sessionLinkedAccounts } from '../../domain/social.js';
import { createTokenStore } from '../../platform/tokens.js';
import { STORAGE_KEYS } from '../../platform/types.js';
import type { Broadcast, KeyValueStorage } from '../../platform/types.js';
import type {
  OAuthLogoutInput,
  SessionBroadcastMessage,
  SessionChange,
  SessionContext,
  SessionEvent,
  SessionInput,
  SessionLinkedAccount,
} from './session.types.js';

/** Default lead of the proactive refresh: 60 000 ms before the access token's `exp`. */
export const DEFAULT_REFRESH_LEAD_MS = 60_000;
/** Default delay before a failed guest check-in is retried: 5 000 ms. */
export const DEFAULT_CHECK_IN_RETRY_MS = 5_000;
/** Largest delay `setTimeout` honours (2^31 - 1 ms, about 24.8 days); longer ones fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Wait before retrying a refresh that got no answer (ms): 0 before any failure, then 1 s
 * doubling up to 60 s.
 */
function refreshBackoffMs(failures: number): number {
  return failures === 0 ? 0 : Math.min(1000 * 2 ** (failures - 1), 60_000);
}

/** Share of an access token's lifetime that the refresh lead may take at most. */
const MAX_LEAD_SHARE = 0.2;

/**
 * How long before `exp` the token is refreshed (ms): `refreshLeadMs`, but never more than a fifth
 * of the token's lifetime (`exp - iat`), so that short-lived tokens are not refreshed in a loop.
 */
function refreshLeadFor(context: SessionContext): number {
  const claims = context.env.claimsOf(context.authorisationToken);
  if (claims?.exp === undefined || claims.iat === undefined) return context.env.refreshLeadMs;
  const lifetimeMs = Math.max(0, (claims.exp - claims.iat) * 1000);
  return Math.min(context.env.refreshLeadMs, lifetimeMs * MAX_LEAD_SHARE);
}

/**
 * Storage items a logout clears with the token store (§4 "Session": "the stored items are
 * cleared"): the sign-up rehydration, the OAuth provider that issued the session and the linked
 * providers. The selected language and the device id are kept.
 */
const SESSION_STORAGE_KEYS = [
  STORAGE_KEYS.signupRehydration,
  STORAGE_KEYS.oauthProvider,
  STORAGE_KEYS.linkedAccounts,
] as const;

/** The linked providers stored under `STORAGE_KEYS.linkedAccounts` (`[]` when absent or not JSON). */
function storedLinkedAccounts(storage: KeyValueStorage): SessionLinkedAccount[] {
  const raw = storage.getItem(STORAGE_KEYS.linkedAccounts);
  if (!raw) return [];
  try {
    return sessionLinkedAccounts(JSON.parse(raw));
  } catch {
    return [];
  }
}

/** Stores `linkedAccounts` (removes the key when empty) and answers them. */
function storeLinkedAccounts(storage: KeyValueStorage, linkedAccounts: SessionLinkedAccount[]): SessionLinkedAccount[] {
  if (linkedAccounts.length > 0) storage.setItem(STORAGE_KEYS.linkedAccounts, JSON.stringify(linkedAccounts));
  else storage.removeItem(STORAGE_KEYS.linkedAccounts);
  return linkedAccounts;
}

/** The id of the spawned `oauthLogout` actor; its failure arrives as `xstate.error.actor.oauthLogout`. */
const OAUTH_LOGOUT_ID = 'oauthLogout';

/**
 * The generic external OAuth provider that issued the stored session (`STORAGE_KEYS.oauthProvider`),
 * or null when the session came from any other sign-in.
 */
function storedOAuthProvider(storage: KeyValueStorage): string | null {
  const provider = storage.getItem(STORAGE_KEYS.oauthProvider);
  return provider ? provider : null;
}

/** Tokens handed to the machine by a sign-in, a refresh or a guest check-in (output of `refresh`). */
export interface SessionTokens {
  authorisationToken: string;
  refreshToken: string;
  missingInformationStatus?: string | undefined;
}

/** How many tokens' claims {@link claimsOnce} keeps: the current, an incoming and another tab's. */
const REMEMBERED_TOKENS = 4;

/**
 * `decode` that remembers the claims of the last {@link REMEMBERED_TOKENS} tokens it read, so
 * that each token is decoded once however many guards and actions look at it (a sign-in: the
 * guard that tells a user from a guest, the context's user, the linked accounts, the refresh
 * timer). Not a string, or an empty one: null without decoding.
 */
function claimsOnce(decode: (token: string) => SessionClaims | null): (token: unknown) => SessionClaims | null {
  const known = new Map<string, SessionClaims | null>();
  return (token) => {
    if (typeof token !== 'string' || token === '') return null;
    if (known.has(token)) return known.get(token) ?? null;
    const claims = decode(token);
    known.set(token, claims);
    if (known.size > REMEMBERED_TOKENS) known.delete(known.keys().next().value as string);
    return claims;
  };
}

/** The environment of the session: the input with its defaults and the once-per-token decoder. */
function environmentOf(input: SessionInput): SessionContext['env'] {
  return {
    ...input,
    tokens: input.tokens ?? createTokenStore(input.storage),
    routeLocale: input.routeLocale ?? (() => 'en'),
    refreshLeadMs: input.refreshLeadMs ?? DEFAULT_REFRESH_LEAD_MS,
    checkInRetryMs: input.checkInRetryMs ?? DEFAULT_CHECK_IN_RETRY_MS,
    claimsOf: claimsOnce(input.decodeClaims ?? decodeSessionClaims),
  };
}

/** The session user of `token` (decoded once, see {@link claimsOnce}), or null when it is absent or not a valid session JWT. */
function userOf(env: SessionContext['env'], token: unknown, missingInformationStatus?: string): SessionUser | null {
  const claims = env.claimsOf(token);
  return claims ? toSessionUser(claims, missingInformationStatus) : null;
}

/**
 * Reads the session from the token store and storage. Tokens that do not decode are ignored (as
 * if absent). `previous` keeps `missingInformationStatus` (not stored) when the same account is
 * read back.
 */
function readSession(
  env: SessionContext['env'],
  previous: SessionUser | null,
): Pick<SessionContext, 'authorisationToken' | 'refreshToken' | 'user' | 'linkedAccounts'> {
  const { authorisationToken, refreshToken } = env.tokens.read();
  const decoded = userOf(env, authorisationToken);
  if (!authorisationToken || !decoded) return { authorisationToken: null, refreshToken: null, user: null, linkedAccounts: [] };
  const keep = previous?.id === decoded.id && !decoded.guest ? previous.missingInformationStatus : undefined;
  const user = keep !== undefined ? { ...decoded, missingInformationStatus: keep } : decoded;
  return { authorisationToken, refreshToken, user, linkedAccounts: decoded.guest ? [] : storedLinkedAccounts(env.storage) };
}

/** True when the token store holds a decodable, unexpired session other than the one in `context`. */
function storageHasOtherSession(context: SessionContext): boolean {
  const stored = context.env.tokens.read().authorisationToken;
  if (!stored || stored === context.authorisationToken) return false;
  const user = userOf(context.env, stored);
  if (!user) return false;
  return user.expiresAt === undefined || user.expiresAt > context.env.clock.now();
}

/** Guard params of a received access token. */
interface TokenParam {
  token: unknown;
}

const isUserToken = ({ context }: { context: SessionContext }, params: TokenParam): boolean => userOf(context.env, params.token)?.guest === false;
const isGuestToken = ({ context }: { context: SessionContext }, params: TokenParam): boolean => userOf(context.env, params.token)?.guest === true;

/** Input of the actors that only need the platform client (`guestCheckin`, `refresh`, `apiEvents`). */
const withApi = ({ context }: { context: SessionContext }): { api: ApiClient } => ({ api: context.env.api });

/** Reads the tokens a transition received from its event. */
type TokensOf<TEvent> = (args: { event: TEvent }) => SessionTokens;

/** The tokens of `session.signedIn { tokens }`. */
const signedInTokens: TokensOf<{ tokens: SessionTokens }> = ({ event }) => event.tokens;
/** The tokens of `session.refreshed { authorisationToken, refreshToken }`. */
const refreshedTokens: TokensOf<SessionTokens> = ({ event }) => event;
/** The tokens an actor (`guestCheckin`, `refresh`) resolved to. */
const outputTokens: TokensOf<{ output: SessionTokens }> = ({ event }) => event.output;

/**
 * The transition that takes received tokens when their access token decodes to `kind` (guard
 * `isUserToken` or `isGuestToken`): goes to `to.target` (re-entered when `to.reenter`), runs
 * `storeTokens` when `to.store` (tokens the session brought: a sign-in, a check-in; a refresh's
 * are stored by the client), `adoptTokens` with the tokens, then `to.also` if given, then
 * `announce { change: to.change }`, then `to.then` if given.
 */
function takeTokens<TEvent, const TTarget extends string>(
  kind: 'user' | 'guest',
  tokensOf: TokensOf<TEvent>,
  to: {
    target: TTarget;
    change: SessionChange;
    store?: true;
    reenter?: true;
    also?: ReadonlyArray<'clearNotice' | 'recordOAuthProvider' | 'recordLinkedAccounts'>;
    then?: ReadonlyArray<'goAfterSignIn'>;
  },
) {
  return {
    guard: {
      type: kind === 'user' ? ('isUserToken' as const) : ('isGuestToken' as const),
      params: (args: { event: TEvent }): TokenParam => ({ token: tokensOf(args).authorisationToken }),
    },
    target: to.target,
    ...(to.reenter ? { reenter: true } : {}),
    actions: [
      ...(to.store ? [{ type: 'storeTokens' as const, params: tokensOf }] : []),
      { type: 'adoptTokens' as const, params: tokensOf },
      ...(to.also ?? []),
      { type: 'announce' as const, params: { change: to.change } },
      ...(to.then ?? []),
    ],
  };
}

/** Actions that end the session in this tab and tell the others: `clearSession`, `announce { change }`. */
function endSession(change: 'expired' | 'loggedOut') {
  return ['clearSession' as const, { type: 'announce' as const, params: { change } }];
}

/**
 * Actions of a user's own logout: `revokeOAuthSession` (starts the provider's logout when the
 * session came from a generic OAuth provider; never waited on), then {@link endSession}.
 */
function userLogout(change: 'expired' | 'loggedOut') {
  return ['revokeOAuthSession' as const, ...endSession(change)];
}

/**
 * A state holding tokens (`guest`, `signedIn`): refreshes them when due (named delay
 * `refreshBeforeExpiry`, guard `refreshIsDue`) or on `session.refresh` (guard `canRefresh`), and
 * otherwise re-enters itself to arm the timer again.
 */
function holdingTokens<const TSelf extends string>(self: TSelf, description: string) {
  return {
    description,
    after: {
      refreshBeforeExpiry: [
        { guard: 'refreshIsDue' as const, target: 'refreshing' as const },
        { target: self, reenter: true },
      ],
    },
    on: { 'session.refresh': { guard: 'canRefresh' as const, target: 'refreshing' as const } },
  };
}

/** The end of a refresh that brought no usable tokens: a user session expires, a guest checks in anew. */
const afterRefusedRefresh = [
  { guard: 'hasUserSession' as const, target: 'expired' as const, actions: endSession('expired') },
  { target: 'checkingIn' as const, actions: endSession('loggedOut') },
];

/**
 * Session machine, the one owner of the session: who the viewer is (guest or signed-in user),
 * where the tokens are, when they are refreshed or cleared, and where a sign-in goes. Implements
 * identity-and-routes.md §4 "Session", §3 "Session user", §6 "Guest versus signed-in user" and
 * §2 "After sign-in completion".
 *
 * - Starts from the token store (`input.tokens`, shared with the API client; default
 *   `createTokenStore(storage)`): a user token → `signedIn`, a guest token → `guest`, none (or an
 *   undecodable one) → `checkingIn` (actor `guestCheckin`; the session stores the guest tokens) →
 *   `guest`. Each token is decoded once (`input.decodeClaims`, remembered per token); guards and
 *   actions read the decoded user.
 * - `session.signedIn { tokens, oauthProvider?, afterSignIn? }` (from any sign-in flow, through
 *   its `handOverToSession` action) stores the tokens and keeps the decoded user
 *   (`missingInformationStatus` is kept on the user); `oauthProvider` (the generic external OAuth
 *   sign-in) is stored as `STORAGE_KEYS.oauthProvider`, and any sign-in without it removes that
 *   key. The answer's `linkedAccounts` (provider names only) are kept as
 *   `STORAGE_KEYS.linkedAccounts` and in `context.linkedAccounts`; `session.linkedAccounts
 *   { linkedAccounts }` replaces them (after an unlink); a logout clears them. With
 *   `afterSignIn { search }` the session then navigates (`input.navigation`, replace) to
 *   `postSignInTarget(search)` in the route set of `input.routeLocale()` (with
 *   `input.chooseProfileAfterSignIn`, through "who's watching": core's `throughProfilePicker`),
 *   before any observer sees the new session; a sign-in embedded in another flow (no `afterSignIn`) does not navigate.
 *   `session.afterSignIn { search }` does the same later, for a flow that handed its tokens over
 *   earlier (ignored without a signed-in user).
 * - Refresh: named delay `refreshBeforeExpiry` (`refreshLeadMs` before `exp`, measured with
 *   `input.clock`) or `session.refresh` → `refreshing` (actor `refresh` = `api.refresh()`);
 *   failure → `expired` for a user, a fresh guest check-in for a guest. The client stores what a
 *   refresh brings (also for `session.refreshed`); the session only adopts it.
 * - `session.logout { forced?, reason? }`: clears the stored items, except that a guest session
 *   is kept unless `forced` or `reason: 'sessionExpired'`. A user logout goes to `checkingIn`
 *   (a fresh guest); with `reason: 'sessionExpired'` it goes to `expired`. A user logout of a
 *   session issued by a generic OAuth provider first spawns `oauthLogout` =
 *   `api.externalOAuth.logout({ params: { provider }, body: { refreshToken } })` (§7 `{ext-oauth-route}/logout`): never
 *   waited on, its failure only logged (`console.warn`, without the token).
 * - `session.expired` (the client could not refresh; it cleared the tokens) → `expired`: stored items cleared,
 *   `context.notice = 'sessionExpired'`, and a fresh guest is checked in at once; the notice
 *   stays until `session.notice.dismiss` or the next sign-in.
 * - Cross-tab: sign-in, refresh, logout, expiry and check-in are posted on `input.broadcast` as
 *   `{ type: 'session.changed', change }` (never a token); the other tabs re-read storage.
 *
 * Errors: none escape; failed check-ins go to `unavailable` and are retried after
 * `checkInRetryMs` (named delay `checkInRetry`) or on `session.retry`.
 */
export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent; input: SessionInput },
  actors: {
    /** `api.auth.guestCheckin()`: guest tokens. */
    guestCheckin: fromPromise<LoginResponse, { api: ApiClient }>(({ input }) => input.api.auth.guestCheckin()),
    /**
     * `api.externalOAuth.logout({ params: { provider }, body: { refreshToken } })` (§7 `{ext-oauth-route}/logout`): ends a
     * session the generic OAuth provider issued at its route. Spawned, never waited on; a failure
     * is only logged (`logOAuthLogoutFailure`).
     */
    oauthLogout: fromPromise<unknown, OAuthLogoutInput>(({ input }) =>
      input.api.externalOAuth.logout({ params: { provider: input.provider }, body: { refreshToken: input.refreshToken } }),
    ),
    /** `api.refresh()`: new tokens (the client has stored them; the session does not store them again). */
    refresh: fromPromise<SessionTokens, { api: ApiClient }>(({ input }) => input.api.refresh()),
    /** Forwards the client's `session.refreshed` / `session.expired` events to the machine. */
    apiEvents: fromCallback<SessionEvent, { api: ApiClient }>(({ sendBack, input }) =>
      input.api.subscribe((event: ApiClientEvent) => {
        if (event.type === 'session.refreshed') {
          sendBack({
            type: 'session.refreshed',
            authorisationToken: event.authorisationToken,
            refreshToken: event.refreshToken,
          });
        } else if (event.type === 'session.expired') {
          sendBack({ type: 'session.expired' });
        }
      }),
    ),
    /** Forwards other tabs' `session.changed` messages; ignores anything else on the channel. */
    tabSync: fromCallback<SessionEvent, { broadcast: Broadcast<SessionBroadcastMessage> | undefined }>(
      ({ sendBack, input }) => {
        if (!input.broadcast) return undefined;
        return input.broadcast.subscribe((message: unknown) => {
          if (typeof message !== 'object' || message === null) return;
          const { type, change } = message as Partial<SessionBroadcastMessage>;
          if (type !== 'session.changed') return;
          sendBack(change === undefined ? { type: 'session.changed' } : { type: 'session.changed', change });
        });
      },
    ),
  },
  actions: {
    /** Replaces the context's session with what the token store and storage hold now. */
    loadFromStorage: assign(({ context }) => readSession(context.env, context.user)),
    /** Writes tokens the session brought (a sign-in, a guest check-in) to the token store. */
    storeTokens: ({ context }, params: SessionTokens) => {
      context.env.tokens.write({ authorisationToken: params.authorisationToken, refreshToken: params.refreshToken });
    },
    /** Puts received tokens and their user (decoded once) in the context. */
    adoptTokens: assign(({ context }, params: SessionTokens) => {
      const previous = context.user;
      const decoded = userOf(context.env, params.authorisationToken);
      const keep =
        params.missingInformationStatus ??
        (decoded && previous && previous.id === decoded.id ? previous.missingInformationStatus : undefined);
      return {
        authorisationToken: params.authorisationToken,
        refreshToken: params.refreshToken,
        user: decoded && keep !== undefined ? { ...decoded, missingInformationStatus: keep } : decoded,
        refreshFailures: 0,
      };
    }),
    /**
     * Stores the OAuth provider of `session.signedIn { oauthProvider }`; any other sign-in removes
     * it, so that a later logout does not call the provider's route for a session it did not issue
     * (a `profileSwitch` keeps it).
     */
    recordOAuthProvider: ({ context, event }) => {
      // A profile switch keeps the sign-in's provider: the platform's new session keeps it too.
      if (event.type === 'session.signedIn' && event.profileSwitch === true) return;
      const provider = event.type === 'session.signedIn' ? event.oauthProvider : undefined;
      if (provider) context.env.storage.setItem(STORAGE_KEYS.oauthProvider, provider);
      else context.env.storage.removeItem(STORAGE_KEYS.oauthProvider);
    },
    /**
     * Keeps the providers `session.signedIn { tokens }` lists under `linkedAccounts` (§3 "Login
     * response"; provider names only) in storage and the context; a sign-in whose answer lists
     * none, or a guest's, removes them; a `profileSwitch` keeps the account's.
     */
    recordLinkedAccounts: assign(({ context, event }) => {
      // A profile switch of the same account keeps its linked providers.
      if (event.type === 'session.signedIn' && event.profileSwitch === true && context.user?.guest === false) return {};
      // Runs after adoptTokens: the context's user is the one these tokens decoded to.
      const listed = event.type === 'session.signedIn' && context.user?.guest === false ? event.tokens.linkedAccounts : undefined;
      return { linkedAccounts: storeLinkedAccounts(context.env.storage, sessionLinkedAccounts(listed)) };
    }),
    /**
     * §2 "After sign-in completion": with `session.signedIn { afterSignIn }` or `session.afterSignIn
     * { search }`, navigates (replace) to `postSignInTarget(search)` in the route set of
     * `routeLocale()` (an in-app path: `from`, the entry page with its carried params, else the
     * default menu page). Runs after the tokens are stored and before the signed-in snapshot is
     * published, so a view never sees the new session on the sign-in page. Without `navigation`
     * (tests, a server) or `afterSignIn`, nothing.
     */
    goAfterSignIn: ({ context, event }) => {
      const search = event.type === 'session.afterSignIn' ? event.search : event.type === 'session.signedIn' ? event.afterSignIn?.search : undefined;
      if (search === undefined || !context.env.navigation) return;
      const locale = context.env.routeLocale();
      const target = postSignInTarget(search, { locale });
      context.env.navigation.navigate(context.env.chooseProfileAfterSignIn ? throughProfilePicker(target, context.user, locale) : target, { replace: true });
    },
    /** Replaces the linked providers with those of `session.linkedAccounts` (after an unlink). */
    replaceLinkedAccounts: assign(({ context, event }) => ({
      linkedAccounts: storeLinkedAccounts(context.env.storage, sessionLinkedAccounts(event.type === 'session.linkedAccounts' ? event.linkedAccounts : [])),
    })),
    /**
     * Before a user logout clears the session: when it came from a generic OAuth provider (guard
     * `hasOAuthSession`), spawns `oauthLogout` with the provider and the current refresh token.
     * Fire and forget: the logout goes on at once whatever the provider answers.
     */
    revokeOAuthSession: enqueueActions(({ context, check, enqueue }) => {
      const provider = storedOAuthProvider(context.env.storage);
      if (!check('hasOAuthSession') || !provider || !context.refreshToken) return;
      enqueue.spawnChild('oauthLogout', {
        id: OAUTH_LOGOUT_ID,
        input: { api: context.env.api, provider, refreshToken: context.refreshToken },
      });
    }),
    /** Logs a failed provider logout (§7 "failure only logged"): the error's name and HTTP status, never a token. */
    logOAuthLogoutFailure: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      const status = error instanceof ApiError ? error.status : undefined;
      console.warn('[@stream/core] external OAuth logout failed', {
        error: error instanceof Error ? error.name : typeof error,
        ...(status !== undefined ? { status } : {}),
      });
    },
    /** Counts a refresh that got no answer; the next try backs off (see refreshBeforeExpiry). */
    countRefreshFailure: assign(({ context }) => ({ refreshFailures: context.refreshFailures + 1 })),
    /** Clears the token store and the session's other stored items, and empties the context's session. */
    clearSession: assign(({ context }) => {
      context.env.tokens.clear();
      for (const key of SESSION_STORAGE_KEYS) context.env.storage.removeItem(key);
      return { authorisationToken: null, refreshToken: null, user: null, linkedAccounts: [] };
    }),
    /** Empties the context's session without touching storage (another tab already cleared it). */
    forgetSession: assign({ authorisationToken: null, refreshToken: null, user: null, linkedAccounts: [] }),
    /** Tells the other tabs that the shared session changed. Never carries a token. */
    announce: ({ context }, params: { change: SessionChange }) => {
      context.env.broadcast?.post({ type: 'session.changed', change: params.change });
    },
    setExpiredNotice: assign({ notice: 'sessionExpired' as const }),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    /** The context holds a signed-in (non-guest) user. */
    hasUserSession: ({ context }) => context.user !== null && !context.user.guest,
    /** The context holds a guest. */
    hasGuestSession: ({ context }) => context.user?.guest === true,
    /** The context holds a signed-in user whose session a generic OAuth provider issued (`STORAGE_KEYS.oauthProvider`). */
    hasOAuthSession: ({ context }) =>
      context.user !== null && !context.user.guest && context.refreshToken !== null && storedOAuthProvider(context.env.storage) !== null,
    /** The context holds no session at all. */
    hasNoSession: ({ context }) => context.user === null,
    /** The token decodes to a signed-in user (`gue` false). */
    isUserToken,
    /** The token decodes to a guest (`gue` true). */
    isGuestToken,
    /** The refresh failed without the platform refusing it (offline, 5xx): keep the session. */
    refreshWasNotRefused: ({ event }) => !isRefreshRefusal((event as { error?: unknown }).error),
    /** A refresh token is there to refresh with. */
    canRefresh: ({ context }) => context.refreshToken !== null,
    /** The access token is within `refreshLeadMs` of its `exp` (or past it). */
    refreshIsDue: ({ context }) => {
      const expiresAt = context.user?.expiresAt;
      return expiresAt !== undefined && context.env.clock.now() >= expiresAt - refreshLeadFor(context);
    },
    /** Storage holds a valid session other than ours: another tab refreshed or signed in meanwhile. */
    storageHasOtherSession: ({ context }) => storageHasOtherSession(context),
    /** §4 "Session": a guest is kept unless the logout is forced or its reason is sessionExpired. */
    logoutKeepsGuest: ({ context, event }) =>
      event.type === 'session.logout' &&
      context.user?.guest === true &&
      event.forced !== true &&
      event.reason !== 'sessionExpired',
    /** A user logout whose reason is `sessionExpired`. */
    isExpiryLogout: ({ context, event }) =>
      event.type === 'session.logout' &&
      event.reason === 'sessionExpired' &&
      context.user !== null &&
      !context.user.guest,
    /** Another tab reports the expiry of the user session this tab also holds. */
    otherTabExpired: ({ context, event }) =>
      event.type === 'session.changed' &&
      event.change === 'expired' &&
      context.user !== null &&
      !context.user.guest &&
      context.env.tokens.read().authorisationToken === null,
  },
  delays: {
    /** Until `refreshLeadMs` before the access token's `exp` (ms; 0 if already due; capped). */
    refreshBeforeExpiry: ({ context }) => {
      const expiresAt = context.user?.expiresAt;
      if (expiresAt === undefined) return MAX_TIMER_MS;
      const wait = expiresAt - refreshLeadFor(context) - context.env.clock.now();
      return Math.min(Math.max(wait, refreshBackoffMs(context.refreshFailures)), MAX_TIMER_MS);
    },
    /** Before a failed guest check-in is retried (ms). */
    checkInRetry: ({ context }) => context.env.checkInRetryMs,
  },
}).createMachine({
  id: 'session',
  description:
    'Who the viewer is, and the one owner of the session. On start it reads the token store (shared with the API client): a user token means signedIn, a guest token guest, none a guest check-in. Each token is decoded once. Sign-in flows hand their tokens over with session.signedIn: the session stores them, keeps the providers the answer lists as linked (session.linkedAccounts replaces them after an unlink) and, when the flow asks (afterSignIn), goes to the target of identity-and-routes.md §2 "After sign-in completion" (session.afterSignIn does it later for a flow that handed its tokens over earlier). The access token is refreshed shortly before it expires (named delay refreshBeforeExpiry) and whenever the API client reports a refresh (the client stores what a refresh brings). A logout clears the stored items, except that a guest session is kept unless the logout is forced or its reason is sessionExpired (identity-and-routes.md §4 "Session"); a user logout of a session issued by a generic OAuth provider (sign-in handed over with oauthProvider) also asks the route of that provider to end it (actor oauthLogout, spawned and never waited on; a failure is only logged). An expired user session goes to expired, sets the sessionExpired notice and checks in a fresh guest. Every change is posted to the other tabs (without tokens), which re-read the shared storage.',
  context: ({ input }) => {
    const env = environmentOf(input);
    return { ...readSession(env, null), notice: null, refreshFailures: 0, env };
  },
  invoke: [
    { id: 'apiEvents', src: 'apiEvents', input: withApi },
    { id: 'tabSync', src: 'tabSync', input: ({ context }) => ({ broadcast: context.env.broadcast }) },
  ],
  initial: 'initialising',
  on: {
    'session.signedIn': [
      takeTokens('user', signedInTokens, {
        target: '.signedIn',
        reenter: true,
        store: true,
        also: ['recordOAuthProvider', 'recordLinkedAccounts', 'clearNotice'],
        change: 'signedIn',
        then: ['goAfterSignIn'],
      }),
      takeTokens('guest', signedInTokens, {
        target: '.guest',
        reenter: true,
        store: true,
        also: ['recordOAuthProvider', 'recordLinkedAccounts'],
        change: 'guest',
        then: ['goAfterSignIn'],
      }),
    ],
    'session.afterSignIn': { guard: 'hasUserSession', actions: 'goAfterSignIn' },
    'session.linkedAccounts': {
      guard: 'hasUserSession',
      actions: ['replaceLinkedAccounts', { type: 'announce', params: { change: 'linkedAccounts' } }],
    },
    'session.refreshed': [
      takeTokens('user', refreshedTokens, { target: '.signedIn', reenter: true, change: 'refreshed' }),
      takeTokens('guest', refreshedTokens, { target: '.guest', reenter: true, change: 'refreshed' }),
    ],
    'session.expired': [
      { guard: 'storageHasOtherSession', target: '.initialising', actions: 'loadFromStorage' },
      { guard: 'hasUserSession', target: '.expired', actions: endSession('expired') },
      { guard: 'hasGuestSession', target: '.checkingIn', actions: endSession('loggedOut') },
    ],
    'session.logout': [
      { guard: 'logoutKeepsGuest' },
      { guard: 'hasNoSession' },
      { guard: 'isExpiryLogout', target: '.expired', actions: userLogout('expired') },
      { target: '.checkingIn', actions: userLogout('loggedOut') },
    ],
    [`xstate.error.actor.${OAUTH_LOGOUT_ID}`]: { actions: 'logOAuthLogoutFailure' },
    'session.changed': [
      { guard: 'otherTabExpired', target: '.expired', actions: 'forgetSession' },
      { target: '.initialising', actions: 'loadFromStorage' },
    ],
    'session.notice.dismiss': { actions: 'clearNotice' },
  },
  states: {
    initialising: {
      description: 'Routes on the session read from storage; never rests here.',
      always: [
        { guard: 'hasUserSession', target: 'signedIn' },
        { guard: 'hasGuestSession', target: 'guest' },
        { target: 'checkingIn' },
      ],
    },
    checkingIn: {
      description: 'No session: asks the platform for guest tokens and stores them.',
      invoke: {
        id: 'guestCheckin',
        src: 'guestCheckin',
        input: withApi,
        onDone: [
          takeTokens('guest', outputTokens, { target: 'guest', store: true, change: 'guest' }),
          takeTokens('user', outputTokens, { target: 'signedIn', store: true, change: 'signedIn' }),
          { target: 'unavailable' },
        ],
        onError: { target: 'unavailable' },
      },
    },
    unavailable: {
      description: 'The guest check-in failed (network or platform); retried after a delay or on session.retry.',
      after: { checkInRetry: { target: 'checkingIn' } },
      on: { 'session.retry': { target: 'checkingIn' } },
    },
    guest: holdingTokens('guest', 'A guest session (claim gue true).'),
    signedIn: holdingTokens('signedIn', 'A signed-in user (claim gue false).'),
    refreshing: {
      description: 'Refreshing the access token; the current user stays in the context meanwhile.',
      invoke: {
        id: 'refresh',
        src: 'refresh',
        input: withApi,
        onDone: [
          takeTokens('user', outputTokens, { target: 'signedIn', change: 'refreshed' }),
          takeTokens('guest', outputTokens, { target: 'guest', change: 'refreshed' }),
          ...afterRefusedRefresh,
        ],
        onError: [
          { guard: 'storageHasOtherSession', target: 'initialising', actions: 'loadFromStorage' },
          { guard: and(['refreshWasNotRefused', 'hasUserSession']), target: 'signedIn', actions: 'countRefreshFailure' },
          { guard: and(['refreshWasNotRefused', 'hasGuestSession']), target: 'guest', actions: 'countRefreshFailure' },
          ...afterRefusedRefresh,
        ],
      },
    },
    expired: {
      description:
        'A user session expired: tokens cleared, notice sessionExpired set; a fresh guest is checked in at once.',
      entry: 'setExpiredNotice',
      invoke: {
        id: 'expiredCheckin',
        src: 'guestCheckin',
        input: withApi,
        onDone: [takeTokens('guest', outputTokens, { target: 'guest', store: true, change: 'guest' }), { target: 'unavailable' }],
        onError: { target: 'unavailable' },
      },
    },
  },
});

/** The session machine's type. */
export type SessionMachine = typeof sessionMachine;
