/**
 * Apple, Google and Facebook sign-in and account linking: which call a provider's credential
 * goes to, what comes back from a provider's authorisation, and what a failure means.
 * Implements identity-and-routes.md §4 "Social sign-in", §2 "Account-link prompt after sign-in",
 * §7 (`/login/apple-id`, `/login/social/facebook`, `/login/social/google`) and §8 ("Social login
 * 409", "Unlink provider failure shows a generic error").
 */
import { errorFacts, messageKeyForError } from './loginErrors.js';
import { readField } from './errorLayers.js';
import { PROVIDER_LINK_PARAMS } from './providers.js';
import { carriedFrom } from './access.js';
import { safeReturnPath } from './redirects.js';

/** The login sub-route segments of the social providers (§2 "Sub-routes": apple, google, facebook). */
export const SOCIAL_PROVIDER_KEYS = ['apple', 'google', 'facebook'] as const;
/** A social provider's sub-route segment. */
export type SocialProviderKey = (typeof SOCIAL_PROVIDER_KEYS)[number];
/** The provider kinds of §3 for the social providers. */
export type SocialProviderKind = 'APPLE_ID' | 'GOOGLE' | 'FACEBOOK';

/** Sub-route segment → provider kind (§3 "Provider kinds"). */
export const SOCIAL_PROVIDER_KINDS: Readonly<Record<SocialProviderKey, SocialProviderKind>> = {
  apple: 'APPLE_ID',
  google: 'GOOGLE',
  facebook: 'FACEBOOK',
};

/** True when `value` is `apple`, `google` or `facebook`. Never throws. */
export function isSocialProviderKey(value: unknown): value is SocialProviderKey {
  return typeof value === 'string' && (SOCIAL_PROVIDER_KEYS as readonly string[]).includes(value);
}

/** The provider kind of a sub-route segment (`google` → `GOOGLE`), else null. Never throws. */
export function socialProviderKind(key: unknown): SocialProviderKind | null {
  return isSocialProviderKey(key) ? SOCIAL_PROVIDER_KINDS[key] : null;
}

/** The sub-route segment of a provider kind (`APPLE_ID` → `apple`), else null. Never throws. */
export function socialProviderKey(kind: unknown): SocialProviderKey | null {
  return SOCIAL_PROVIDER_KEYS.find((key) => SOCIAL_PROVIDER_KINDS[key] === kind) ?? null;
}

/**
 * What the browser got from a provider: an authorisation `code` (Apple, Facebook) with the
 * `nonce` and the `redirectUri` its authorisation named, or an `idToken` (Google).
 */
export interface SocialCredential {
  code?: string | undefined;
  idToken?: string | undefined;
  nonce?: string | undefined;
  redirectUri?: string | undefined;
}

/** The platform call of a credential and its body (§7). */
export type SocialSignInRequest =
  | { call: 'apple'; body: { code: string; nonce: string; callbackUri: string } }
  | { call: 'google'; body: { idToken: string } }
  | { call: 'facebook'; body: { code: string; redirectUri?: string } };

const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * Which call a provider's credential goes to (§7): `apple` → `POST /login/apple-id { code,
 * nonce, callbackUri }` (all three needed), `google` → `POST /login/social/google { idToken }`,
 * `facebook` → `POST /login/social/facebook { code, redirectUri? }`. Null when the provider is
 * not a social one or the credential lacks what its call needs. Never throws.
 */
export function socialSignInRequest(provider: unknown, credential: SocialCredential | null | undefined): SocialSignInRequest | null {
  if (!credential || typeof credential !== 'object') return null;
  const { code, idToken, nonce, redirectUri } = credential;
  switch (provider) {
    case 'apple':
      return filled(code) && filled(nonce) && filled(redirectUri) ? { call: 'apple', body: { code, nonce, callbackUri: redirectUri } } : null;
    case 'google':
      return filled(idToken) ? { call: 'google', body: { idToken } } : null;
    case 'facebook':
      return filled(code) ? { call: 'facebook', body: filled(redirectUri) ? { code, redirectUri } : { code } } : null;
    default:
      return null;
  }
}

/** A key naming one credential (the same credential twice gives the same key), for a single sign-in per credential. */
export function socialCredentialKey(provider: string, credential: SocialCredential): string {
  return `${provider}\n${credential.idToken ?? ''}\n${credential.code ?? ''}`;
}

/** What a provider sent the browser back with, read from the query and the fragment. */
export interface SocialReturn {
  state: string | null;
  code: string | null;
  idToken: string | null;
  /** The provider's `error` (refused, cancelled). */
  error: string | null;
}

/**
 * Reads a provider's answer from the page address (§4 "obtain a token from the social
 * provider"): `code`, `id_token`, `state` and `error` from the fragment (implicit answers) or the
 * query (code answers); the fragment wins. Null when neither holds a `code`, an `id_token` or an
 * `error` (a plain visit of the page). Never throws.
 */
export function readSocialReturn(search: string | null | undefined, hash: string | null | undefined): SocialReturn | null {
  const query = new URLSearchParams(typeof search === 'string' ? search.replace(/^\?/, '') : '');
  const fragment = new URLSearchParams(typeof hash === 'string' ? hash.replace(/^#/, '') : '');
  const get = (name: string) => {
    const value = fragment.get(name) ?? query.get(name);
    return filled(value) ? value : null;
  };
  const answer: SocialReturn = { state: get('state'), code: get('code'), idToken: get('id_token'), error: get('error') };
  return answer.code || answer.idToken || answer.error ? answer : null;
}

/** The sign-in params of the login page kept across the provider's round trip (§2 "Query params read"). */
export interface SocialSignInParams {
  from?: string;
  entryPage?: string;
  redirectTo?: string;
  type?: string;
  licences?: string[];
}

/**
 * The sign-in params of a query worth keeping across the round trip: `from` (a safe in-app path
 * that is not a sign-in page), `redirectTo` and `entryPage` (safe in-app paths), `type` and the
 * `licences`. Never throws.
 */
export function socialSignInParams(search: string | null | undefined): SocialSignInParams {
  const query = new URLSearchParams(typeof search === 'string' ? search.replace(/^\?/, '') : '');
  const params: SocialSignInParams = {};
  const from = carriedFrom(query.get('from'));
  if (from) params.from = from;
  for (const name of ['entryPage', 'redirectTo'] as const) {
    const value = safeReturnPath(query.get(name));
    if (value) params[name] = value;
  }
  const type = query.get('type');
  if (filled(type)) params.type = type;
  const licences = query.getAll('licences').filter(filled);
  if (licences.length > 0) params.licences = licences;
  return params;
}

/** The query (without `?`) that gives the sign-in params back, in {@link PROVIDER_LINK_PARAMS} order. */
export function socialParamsQuery(params: SocialSignInParams): string {
  const query = new URLSearchParams();
  for (const name of PROVIDER_LINK_PARAMS) {
    if (name === 'licences') for (const licence of params.licences ?? []) query.append('licences', licence);
    else if (filled(params[name])) query.set(name, params[name]);
  }
  return query.toString();
}

/** A sign-in started in this tab and waiting for the provider's answer. */
export interface SocialPending {
  provider: SocialProviderKey;
  state: string;
  nonce: string;
  createdAt: number;
  params: SocialSignInParams;
}

/** How long a started sign-in waits for the provider: 10 minutes. */
export const SOCIAL_PENDING_TTL_MS = 10 * 60 * 1000;

/** Why a provider's answer is refused. */
export type SocialReturnRefusal = 'providerError' | 'stateMismatch' | 'incomplete';

/**
 * Checks a provider's answer against the sign-in this tab started (beyond the spec: the `state`
 * the page sent must come back, once, within {@link SOCIAL_PENDING_TTL_MS}): the provider's
 * `error` → `providerError`; no pending sign-in of this provider, an expired one or another
 * `state` → `stateMismatch`; an answer without what the provider's call needs → `incomplete`;
 * else the credential (with the pending `nonce` and `redirectUri`). Never throws.
 */
export function checkSocialReturn(facts: {
  provider: SocialProviderKey;
  answer: SocialReturn;
  pending: SocialPending | null;
  redirectUri: string;
  now: number;
}): { ok: true; credential: SocialCredential } | { ok: false; reason: SocialReturnRefusal } {
  const { provider, answer, pending, redirectUri, now } = facts;
  if (answer.error) return { ok: false, reason: 'providerError' };
  const age = pending ? now - pending.createdAt : Number.NaN;
  if (!pending || pending.provider !== provider || !(age >= 0 && age < SOCIAL_PENDING_TTL_MS) || answer.state !== pending.state) {
    return { ok: false, reason: 'stateMismatch' };
  }
  const credential: SocialCredential =
    provider === 'google'
      ? { idToken: answer.idToken ?? undefined, nonce: pending.nonce }
      : { code: answer.code ?? undefined, nonce: pending.nonce, redirectUri };
  return socialSignInRequest(provider, credential) ? { ok: true, credential } : { ok: false, reason: 'incomplete' };
}

/** The message key of a failed social sign-in when the server sent no known message. */
export const SOCIAL_SIGN_IN_FAILED_KEY = 'socialSignInFailed';
/** The message key of an answer whose `state` is not the one this tab sent. */
export const SOCIAL_STATE_MISMATCH_KEY = 'ssoStateMismatch';
/** The message key when linking is not possible (§2 "Account-link prompt", §8). */
export const CANNOT_LINK_ACCOUNT_KEY = 'cannotLinkAccount';
/** The generic message key of a failed unlink (§8 "Unlink provider failure shows a generic error"). */
export const UNLINK_FAILED_KEY = 'anErrorOccured';

const isConflict = (error: unknown) => {
  const facts = errorFacts(error);
  return facts.status === 409 || facts.code === 'CONFLICT';
};

/** What a failed social sign-in leads to. */
export type SocialSignInOutcome = { kind: 'linkOffer'; email: string | null } | { kind: 'failed' };

/**
 * §4 "When signing up and the product answers 409 (account conflict), the user is offered to
 * continue and link" (the platform answers 409 only for a provider account it does not know,
 * that is, a sign-up): a 409 or `CONFLICT` without `cannotLinkAccount` → the link offer, with the
 * email of `details.email` when given; anything else → failed. Never throws.
 */
export function socialSignInOutcome(error: unknown): SocialSignInOutcome {
  if (!isConflict(error) || errorFacts(error).messages.includes(CANNOT_LINK_ACCOUNT_KEY)) return { kind: 'failed' };
  const email = readField(readField(error, 'details'), 'email');
  return { kind: 'linkOffer', email: filled(email) ? email : null };
}

/** The message key of a failed social sign-in: the first known server message, else {@link SOCIAL_SIGN_IN_FAILED_KEY}. Never throws. */
export function socialSignInFailureMessage(error: unknown, isKnownKey: (key: string) => boolean): string {
  if (isConflict(error)) return CANNOT_LINK_ACCOUNT_KEY;
  return messageKeyForError(error, isKnownKey, { NETWORK: 'networkError', TIMEOUT: 'networkError' }, SOCIAL_SIGN_IN_FAILED_KEY);
}

/**
 * What a failed link call (the social call repeated with the ID account's bearer) leads to (§2
 * "If an account conflict exists: a cannot-link-account message with Logout and a continue
 * button"): a 409 or `CONFLICT` → `cannotLink`; anything else → `retry` (the prompt shows a
 * generic error). Never throws.
 */
export function accountLinkFailure(error: unknown): 'cannotLink' | 'retry' {
  return isConflict(error) ? 'cannotLink' : 'retry';
}

/** At most this many linked providers are kept by the session (a sign-in answer lists a handful). */
export const MAX_SESSION_LINKED_ACCOUNTS = 20;

/**
 * The linked providers the session keeps of `raw` (a login answer's `linkedAccounts`, §3 "Login
 * response … linkedAccounts (each with provider)", or the stored list parsed): each entry's
 * `provider` when it is a non-empty string of at most 100 characters, first occurrence only, in
 * order, at most {@link MAX_SESSION_LINKED_ACCOUNTS}; anything else gives `[]`. Emails, dates and
 * other fields are dropped: only `{ provider }` is kept. Idempotent. Never throws.
 */
export function sessionLinkedAccounts(raw: unknown): { provider: string }[] {
  if (!Array.isArray(raw)) return [];
  const providers: string[] = [];
  for (const entry of raw) {
    const provider = readField(entry, 'provider');
    if (typeof provider === 'string' && provider.length > 0 && provider.length <= 100 && !providers.includes(provider)) providers.push(provider);
    if (providers.length === MAX_SESSION_LINKED_ACCOUNTS) break;
  }
  return providers.map((provider) => ({ provider }));
}
