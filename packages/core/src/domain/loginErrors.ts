import { CAPTCHA_FAILED_KEY, isCaptchaFailure } from './captcha.js';
import { hasOwn, readErrorLayers, readField } from './errorLayers.js';

/**
 * Which message key to show when sign-in or sign-up fails.
 * Implements identity-and-routes.md §8 "Login failure".
 */

/** The generic sign-in failure key, also the label fallback when a key has no translation (§8). */
export const FAILED_AUTHENTICATION_KEY = 'failedAuthentication';

/**
 * Error code → message key for sign-in failures. Codes are the platform's (`contracts/error.ts`)
 * plus `TOO_MANY_REQUESTS`, `NETWORK` (no answer) and `TIMEOUT`. Labels must exist for these keys.
 */
export const LOGIN_ERROR_CODE_KEYS: Readonly<Record<string, string>> = {
  NOT_FOUND: 'invalidCredentials',
  UNAUTHORIZED: 'invalidCredentials',
  BAD_REQUEST: 'invalidCredentials',
  FORBIDDEN: 'accessDenied',
  TOO_MANY_REQUESTS: 'tooManyAttempts',
  TOO_MANY_ATTEMPTS: 'tooManyAttempts',
  CONFLICT: 'emailAlreadyInUse',
  NETWORK: 'networkError',
  TIMEOUT: 'networkError',
};

/** HTTP status → platform code, for errors that carry a status but no usable code. */
const STATUS_CODES: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
};

/** What {@link messageKeyForError} reads from an error-like value. */
export interface ErrorFacts {
  status: number | undefined;
  code: string | undefined;
  messages: string[];
}

/**
 * Reads `status`, `code` and `messages` from any error-like value: an `ApiError`, a platform
 * error body `{ status, code, messages }`, an object wrapping one in `data` or `body` (ofetch's
 * FetchError), or a `NetworkError`/`TypeError` from fetch (code `NETWORK`). Missing or
 * ill-typed fields are left out; when there is no code the status gives one (401 →
 * `UNAUTHORIZED`, 409 → `CONFLICT`, 429 → `TOO_MANY_REQUESTS`...). Never throws (getters that
 * throw are ignored).
 */
export function errorFacts(error: unknown): ErrorFacts {
  const { status, messages, code: given } = readErrorLayers(error);
  let code = given;
  if (code === undefined) {
    const name = readField(error, 'name');
    if (name === 'NetworkError' || (name === 'TypeError' && status === undefined)) code = 'NETWORK';
    else if (name === 'TimeoutError') code = 'TIMEOUT';
    else if (status !== undefined && hasOwn(STATUS_CODES, String(status))) code = STATUS_CODES[status];
  }
  return { status, code, messages };
}

/**
 * The generic chain: the first of the error's `messages` for which `isKnownKey` is true, else
 * `table[code]`, else `fallback`. `isKnownKey` that throws counts as false. Never throws.
 */
export function messageKeyForError(
  error: unknown,
  isKnownKey: (key: string) => boolean,
  table: Readonly<Record<string, string>>,
  fallback: string,
): string {
  const facts = errorFacts(error);
  for (const message of facts.messages) {
    let known = false;
    try {
      known = typeof isKnownKey === 'function' && isKnownKey(message) === true;
    } catch {
      known = false;
    }
    if (known) return message;
  }
  if (facts.code !== undefined && hasOwn(table, facts.code)) {
    const key = table[facts.code];
    if (typeof key === 'string') return key;
  }
  return fallback;
}

/**
 * The message key to show for a failed sign-in.
 *
 * - `error`: anything thrown (ApiError, platform error body, NetworkError, string, null...).
 * - `isKnownKey`: whether a key has a translation (for example `(k) => k in translations`).
 * - Returns the first server message that is a known key, else {@link LOGIN_ERROR_CODE_KEYS}
 *   by code (or by status when there is no code), else `'failedAuthentication'`. The key from
 *   the table is returned even when untranslated: display it with
 *   `labelFor(translations, key, 'failedAuthentication')`. Never throws.
 * Implements identity-and-routes.md §8 "Login failure".
 */
export function loginFailureMessage(error: unknown, isKnownKey: (key: string) => boolean): string {
  return messageKeyForError(error, isKnownKey, LOGIN_ERROR_CODE_KEYS, FAILED_AUTHENTICATION_KEY);
}

/**
 * The message key to show for a failed ID sign-up: a refused captcha (`CAPTCHA_FAIL_ERROR`,
 * `CHALLENGE_FAILED`: commerce §8) → `'captchaFailed'`; status 409 or code `CONFLICT` →
 * `'emailAlreadyInUse'`; otherwise the same chain as {@link loginFailureMessage}
 * with the same fallback `'failedAuthentication'` (one generic key for every identity failure,
 * the one the spec names). Never throws.
 * Implements identity-and-routes.md §8 "Login failure" and §4 "409 (account conflict)".
 */
export function signUpFailureMessage(error: unknown, isKnownKey: (key: string) => boolean): string {
  // Issue 18: a realm's captcha refused (commerce §8 CAPTCHA_FAIL_ERROR / CHALLENGE_FAILED → captchaFailed).
  if (isCaptchaFailure(error)) return CAPTCHA_FAILED_KEY;
  const facts = errorFacts(error);
  if (facts.status === 409 || facts.code === 'CONFLICT') return 'emailAlreadyInUse';
  return messageKeyForError(error, isKnownKey, LOGIN_ERROR_CODE_KEYS, FAILED_AUTHENTICATION_KEY);
}
