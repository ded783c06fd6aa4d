import type { ApiClient } from '../../api/types.js';
import type { LoginResponse, OpenIdFlow } from '../../contracts/index.js';
import type { KeyValueStorage, Navigation } from '../../platform/types.js';
import type { SessionReceiver, SignInOutput } from '../session/session.signIn.js';

/**
 * Keeps one token exchange per authorisation code for the life of the page, so that a repeated
 * effect or a second mount of the page reuses the first exchange instead of sending the code again.
 */
export interface OidcExchangeRegistry {
  /** Runs `exchange` the first time `key` is seen; later calls with `key` answer the same promise. */
  run(key: string, exchange: () => Promise<LoginResponse>): Promise<LoginResponse>;
}

/**
 * What the page keeps in `storage` (sessionStorage) across the provider's round trip, under
 * `oidcPendingKey(clientName)`: the `state` the platform put in the authorisation URI, when it
 * was stored, the sign-in params of the page (entry page, from, type, licences, redirectTo) and
 * the mobile app's `bundle_id`. Once the provider sent the viewer back with a matching `state`,
 * `code` is added and `ready` set until the exchange claims (removes) the entry.
 */
export interface OidcPending {
  state: string;
  createdAt: number;
  entryPage?: string;
  from?: string;
  type?: string;
  licences?: string[];
  redirectTo?: string;
  bundleId?: string;
  /** The page's `extraParams` (`name=value&…`): passed on to the provider (OAuth kind) and to the app's deep link. */
  extraParams?: string;
  /** The mobile app exchanges the code itself (`skipExchange=true` on the page's query): the page never does. */
  skipExchange?: boolean;
  code?: string;
  ready?: boolean;
  /**
   * The code was handed to the mobile app (`code` is the one handed): the page loaded again on the
   * same callback address (mounted again, or reloaded by the browser) stays in `handingToApp`.
   */
  handedToApp?: boolean;
}

/**
 * Which platform calls the sign-in makes: `openid` (`api.openid`, `/api/v2/openid/{client}`, the
 * LOGIN_REDIRECT page `/login/openid/{client}`) or `oauth` (`api.externalOAuth`,
 * `/api/v2/oauth/{provider}`, the OAUTH page `/oauth/{provider}`).
 */
export type ExternalSignInKind = 'openid' | 'oauth';

/** Input of the `oidcSignIn` machine. */
export interface OidcSignInInput {
  /** Platform client: `api.openid.authUri` and `api.openid.token` (kind `openid`), `api.externalOAuth.*` (kind `oauth`). */
  api: ApiClient;
  /** Which calls the sign-in makes. @default 'openid' */
  kind?: ExternalSignInKind;
  /**
   * Receives `session.signedIn { tokens, afterSignIn }` after the exchange (plus `oauthProvider:
   * clientName` for kind `oauth`), and takes the viewer to the §2 target.
   */
  session: SessionReceiver;
  /** The realm's OpenID Connect client (route param `clientName`), or the generic OAuth provider (route param `provider`). */
  clientName: string;
  /**
   * The mobile app that started the sign-in on the OAUTH_APP route (`/oauth/{provider}/{appname}`):
   * kept with the pending sign-in like a `bundle_id` (the query's `bundle_id` wins), so that the
   * return hands the code to the app's deep link instead of exchanging it.
   */
  appName?: string;
  /** The page's path without query (`/login/openid/stream-idp`), for the clean URL. */
  pathname: string;
  /** The page's query string at start (`?code=…&state=…`, `?from=…`), with or without `?`. */
  search: string;
  /** Where the pending sign-in survives the round trip: the tab's sessionStorage. */
  storage: KeyValueStorage;
  /** Leaves the app for the provider (`assign`) or for the mobile app's deep link. */
  navigation: Navigation;
  /** Sent as `redirectUri` to the auth-uri call (the page's absolute address); the platform's default when absent. */
  redirectUri?: string;
  /** Milliseconds since the epoch; a pending sign-in older than 10 minutes is refused. */
  now: () => number;
  /** Whether a message key has a translation: a server message is shown only when known. @default () => false */
  isKnownKey?: (key: string) => boolean;
  /** Known app deep links by bundle id. @default the domain's `APP_DEEP_LINKS` */
  appDeepLinks?: Readonly<Record<string, string>>;
  /** One exchange per code. @default one registry for the whole page */
  exchanges?: OidcExchangeRegistry;
}

/** Why the sign-in stopped, for logs (never shown as is). */
export type OidcFailure = 'providerError' | 'stateMismatch' | 'noStateInUri' | 'unknownApp' | 'authUri' | 'exchange';

/** Context of the `oidcSignIn` machine. */
export interface OidcSignInContext {
  /** The query params of `input.search`. */
  query: URLSearchParams;
  /** `SIGNUP` when the page's `type` is `signup`, else `SIGNIN`. */
  flow: OpenIdFlow;
  /** The pending sign-in read from storage at start, or null. */
  pending: OidcPending | null;
  /** The provider's authorisation URI once answered, else null. */
  leaveTo: string | null;
  /** The mobile app's deep link with the code, when the exchange is skipped; else null. */
  appUrl: string | null;
  /**
   * The in-app address (path plus query) the view puts in the address bar with `replace`: the
   * restored sign-in params plus `PAGE_READY=true`, never `code` or `state`. Null when the
   * address bar needs no change.
   */
  cleanUrl: string | null;
  /** The code and state being exchanged, else null. Not for views. */
  exchange: { code: string; state: string } | null;
  /** What the sign-in produced once signed in (the machine's output), else null. Not for views. */
  signedIn: SignInOutput | null;
  /** Message key to show (a known server message, `ssoSignInFailed` or `ssoStateMismatch`), else null. */
  error: string | null;
  /** Why it failed, for logs; null unless failed. */
  failure: OidcFailure | null;
  /** Internal: the input. Not for views. */
  env: OidcSignInInput & { kind: ExternalSignInKind; exchanges: OidcExchangeRegistry };
}

/**
 * Events: `url.replaced` (the view put `cleanUrl` in the address bar: `PAGE_READY` is set, the
 * exchange may start) and `retry` (after a failure: ask for a new authorisation URI).
 */
export type OidcSignInEvent = { type: 'url.replaced' } | { type: 'retry' };

/** Input of the `requestAuthUri` actor. */
export interface OidcAuthUriActorInput {
  api: ApiClient;
  kind: ExternalSignInKind;
  clientName: string;
  flow: OpenIdFlow;
  redirectUri: string | undefined;
  /** Passed on to the provider (kind `oauth` only). */
  extraParams: string | undefined;
}

/** Input of the `exchangeCode` actor. */
export interface OidcExchangeActorInput {
  api: ApiClient;
  kind: ExternalSignInKind;
  clientName: string;
  code: string;
  state: string;
  storage: KeyValueStorage;
  exchanges: OidcExchangeRegistry;
}
