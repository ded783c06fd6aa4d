import type { ApiClient } from '../../api/types.js';
import type { LoginResponse } from '../../contracts/index.js';
import type { SocialCredential, SocialPending, SocialProviderKey, SocialReturnRefusal } from '../../domain/social.js';
import type { KeyValueStorage } from '../../platform/types.js';
import type { SessionReceiver, SignInOutput } from '../session/session.signIn.js';
import type { OidcExchangeRegistry } from '../oidcSignIn/oidcSignIn.types.js';

/** What the page asks a provider adapter to start: the provider's authorisation with these values. */
export interface SocialAuthRequest {
  provider: SocialProviderKey;
  /** Sent to the provider and checked when it answers (never reused). */
  state: string;
  /** Sent to the provider; it comes back inside the ID token. */
  nonce: string;
  /** The page the provider sends the browser back to (`<origin>/login/<provider>`). */
  redirectUri: string;
  /** `SIGNUP` when the page's `type` is `signup`, else `SIGNIN`. */
  flow: 'SIGNIN' | 'SIGNUP';
}

/**
 * What a provider adapter answers: the browser leaves for the provider (`redirecting`: the answer
 * comes back on the page's address), or the provider answered in the page (a popup SDK).
 */
export type SocialAdapterResult = { kind: 'redirecting' } | { kind: 'credential'; credential: SocialCredential };

/**
 * A provider's sign-in in the browser (the web app's adapters: the sandbox stand-in, Sign in with
 * Apple JS, Google Identity Services, the Facebook SDK). `start` rejects when the provider cannot
 * be reached or the viewer closed the provider's dialog.
 */
export interface SocialProviderAdapter {
  start(request: SocialAuthRequest): Promise<SocialAdapterResult>;
}

/** Input of the `socialSignIn` machine. */
export interface SocialSignInInput {
  /** Platform client: `api.social.apple|google|facebook`. */
  api: ApiClient;
  /** Receives `session.signedIn { tokens, afterSignIn }` and takes the viewer to the §2 target. */
  session: SessionReceiver;
  provider: SocialProviderKey;
  /** The provider's adapter (chosen by the realm's run-time configuration). */
  adapter: SocialProviderAdapter;
  /** The page's path without query (`/login/google`), for the clean address. */
  pathname: string;
  /** The page's query at start, with or without `?`. */
  search: string;
  /** The page's fragment at start (`#id_token=…`), with or without `#`. */
  hash: string;
  /** The page's absolute address the provider returns to. */
  redirectUri: string;
  /** Where the started sign-in survives the round trip: the tab's sessionStorage. */
  storage: KeyValueStorage;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** A fresh unguessable value (state, nonce): at least 128 random bits, URL-safe. */
  randomToken: () => string;
  /** Whether a message key has a translation. @default () => false */
  isKnownKey?: (key: string) => boolean;
  /** One sign-in call per credential. @default one registry for the whole page */
  exchanges?: OidcExchangeRegistry;
}

/** Why the sign-in stopped, for logs (never shown as is). */
export type SocialFailure = SocialReturnRefusal | 'adapter' | 'signIn';

/** The link offer after a 409 (§4): the credential to link and the email of the existing account. */
export interface SocialLinkOffer {
  provider: SocialProviderKey;
  credential: SocialCredential;
  email: string | null;
  /** The query (with `?`) of the sign-in, so that the link ends where the sign-in would have. */
  search: string;
}

/** Context of the `socialSignIn` machine. */
export interface SocialSignInContext {
  /** The started sign-in of this tab, read at start or written when leaving; null once used. */
  pending: SocialPending | null;
  /** The credential to send (not for views). */
  credential: SocialCredential | null;
  /** The in-app address without the provider's answer, for `replace`; null when no change is needed. */
  cleanUrl: string | null;
  /** The sign-in query (with `?`): the page's, or the one restored from the pending sign-in. */
  signInSearch: string;
  /** What the sign-in produced once signed in (part of the machine's output), else null. Not for views. */
  signedIn: SignInOutput | null;
  /** The link offer once the platform answered 409, else null. */
  link: SocialLinkOffer | null;
  error: string | null;
  failure: SocialFailure | null;
  /** Internal: the input. Not for views. */
  env: SocialSignInInput & { exchanges: OidcExchangeRegistry };
}

/**
 * Events: `start` (the viewer pressed Continue with the provider), `url.replaced` (the address no
 * longer holds the provider's answer) and `retry` (after a failure).
 */
export type SocialSignInEvent = { type: 'start' } | { type: 'url.replaced' } | { type: 'retry' };

/** Input of the `obtainCredential` actor. */
export interface SocialObtainActorInput {
  adapter: SocialProviderAdapter;
  request: SocialAuthRequest;
}

/** Input of the `signIn` actor. */
export interface SocialSignInActorInput {
  api: ApiClient;
  provider: SocialProviderKey;
  credential: SocialCredential;
  /** The tab's storage: the started sign-in is removed when the call starts. */
  storage: KeyValueStorage;
  exchanges: OidcExchangeRegistry;
}

/**
 * The machine's output: the sign-in (`{ tokens }`), or the link offer after a 409 (`{ link }`);
 * null when it ended otherwise (on the way to the provider).
 */
export type SocialSignInResult = SignInOutput | { link: SocialLinkOffer };

/** The answer of the `signIn` actor. */
export type SocialSignInOutput = LoginResponse;
