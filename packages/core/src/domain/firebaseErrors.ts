/**
 * Firebase sign-in rules (identity-and-routes.md §4 "Firebase", §8 "Firebase"): which message a
 * Firebase failure shows, whether a social provider signs in by popup or by redirect, and the
 * form check before anything is sent. Pure and total: every function accepts any value.
 */
import { FAILED_AUTHENTICATION_KEY, messageKeyForError } from './loginErrors.js';
import { validateLoginForm, type FormValidationResult } from './loginForm.js';
import { newPasswordError } from './emailFlows.js';

/** Where the failure happened: a sign-in (or sign-up) or a password change (account security, §6). */
export type FirebaseErrorContext = 'signIn' | 'passwordChange';

/** Message key of an app-check failure (§8). */
export const FIREBASE_APP_CHECK_FAILED_KEY = 'appCheckFailedWeb';
/** Message key of an invalid current password on a password change (§8). */
export const FIREBASE_INVALID_CURRENT_CREDENTIALS_KEY = 'invalidCurrentCredentials';
/** Message key of `auth/account-exists-with-different-credential`; `{email}` and `{provider}` fill it (§8). */
export const FIREBASE_ACCOUNT_EXISTS_KEY = 'firebaseAccountExistsWithDifferentCredential';
/**
 * Message key of a wrong email or password on a Firebase sign-in: the ID login's
 * `invalidCredentials` ("That email and password don't match…"; issue 12, this project's rule: the
 * generic `failedAuthentication` "Try again in a moment" misled a viewer who mistyped).
 */
export const FIREBASE_INVALID_CREDENTIALS_KEY = 'invalidCredentials';
/** Message key of Firebase's own throttling (`auth/too-many-requests`). */
export const FIREBASE_TOO_MANY_REQUESTS_KEY = 'tooManyAttempts';

/** Prefix of the message key of a blocking function's refusal: `firebaseBlockingFunction_{msg}` (§8). */
export const FIREBASE_BLOCKING_FUNCTION_PREFIX = 'firebaseBlockingFunction_';

/**
 * The label key naming each Firebase sign-in method (as `fetchSignInMethodsForEmail` lists
 * them), for "sign in with {provider} instead".
 */
export const FIREBASE_SIGN_IN_METHOD_KEYS: Readonly<Record<string, string>> = {
  password: 'firebaseEmailAndPassword',
  emailLink: 'firebaseEmailLink',
  'google.com': 'providerNameGoogle',
  'facebook.com': 'providerNameFacebook',
  'apple.com': 'providerNameApple',
};

/** What a Firebase failure shows: a message key and the values of its placeholders. */
export interface FirebaseErrorChoice {
  /** Message key: one of the §8 keys, `firebaseBlockingFunction_{msg}`, a known server message, or `failedAuthentication`. */
  key: string;
  /** Placeholder values (`email`; `providerKey`: the label key of the provider to use instead). */
  vars: { email?: string; providerKey?: string };
}

const APP_CHECK_AUTH_CODES = new Set(['auth/firebase-app-check-token-is-invalid', 'auth/invalid-app-check-token']);
const INVALID_CREDENTIAL_CODES = new Set(['auth/invalid-credential', 'auth/wrong-password', 'auth/invalid-login-credentials']);
/** Codes of a sign-in whose email or password is wrong (an unknown email included: same answer). */
const SIGN_IN_CREDENTIAL_CODES = new Set([...INVALID_CREDENTIAL_CODES, 'auth/user-not-found', 'auth/invalid-email']);
const BLOCKING_MESSAGE = /^[A-Za-z0-9_.-]{1,100}$/;

function field(value: unknown, name: string): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return undefined;
  try {
    return (value as Record<string, unknown>)[name];
  } catch {
    return undefined;
  }
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The message of a blocking function's refusal inside an `auth/internal-error` message, as the
 * SDK words it: `Firebase: HTTP Cloud Function returned an error: {"error":{"message":"MSG",…}}
 * (auth/internal-error).` Returns `MSG` when it is 1 to 100 letters, digits, `_`, `.` or `-`;
 * otherwise null. Never throws.
 */
export function blockingFunctionMessage(message: unknown): string | null {
  const text = str(message);
  if (!text) return null;
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const parsed: unknown = JSON.parse(text.slice(start, end + 1));
    const inner = str(field(field(parsed, 'error'), 'message'))?.trim();
    return inner && BLOCKING_MESSAGE.test(inner) ? inner : null;
  } catch {
    return null;
  }
}

/**
 * The message a Firebase failure shows (identity-and-routes.md §8 "Firebase"), in this order:
 * - an App Check failure (`appCheck/…` codes, `auth/firebase-app-check-token-is-invalid`) → `appCheckFailedWeb`;
 * - on a password change, an invalid credential (`auth/invalid-credential`, `auth/wrong-password`)
 *   → `invalidCurrentCredentials`;
 * - on a sign-in (not a password change), a wrong email or password (`auth/invalid-credential`,
 *   `auth/wrong-password`, `auth/invalid-login-credentials`, `auth/user-not-found`,
 *   `auth/invalid-email`) → `invalidCredentials`, and Firebase's throttling
 *   (`auth/too-many-requests`) → `tooManyAttempts` (this project's rule, docs/api.md "Firebase
 *   errors": §8's "otherwise failedAuthentication" told a viewer who mistyped to try again later);
 * - `auth/account-exists-with-different-credential` → `firebaseAccountExistsWithDifferentCredential`
 *   with `vars.email` (the error's `customData.email`) and `vars.providerKey`: the label key of
 *   the first known method of `signInMethods` (the error's own, as the web adapter adds them from
 *   `fetchSignInMethodsForEmail`), `firebaseAnotherMethod` when none is known;
 * - `auth/internal-error` whose message carries a blocking function's refusal →
 *   `firebaseBlockingFunction_{msg}` (see {@link blockingFunctionMessage});
 * - a platform error (no `auth/` code) whose first known server message `isKnownKey` accepts → that key;
 * - otherwise `failedAuthentication`.
 * `error` may be anything (FirebaseError, ApiError, string, null). Never throws.
 */
export function firebaseErrorChoice(
  error: unknown,
  options: { context?: FirebaseErrorContext; isKnownKey?: (key: string) => boolean } = {},
): FirebaseErrorChoice {
  const code = str(field(error, 'code')) ?? '';
  if (/^appCheck\//i.test(code) || APP_CHECK_AUTH_CODES.has(code)) return { key: FIREBASE_APP_CHECK_FAILED_KEY, vars: {} };
  if (options.context === 'passwordChange' && INVALID_CREDENTIAL_CODES.has(code)) {
    return { key: FIREBASE_INVALID_CURRENT_CREDENTIALS_KEY, vars: {} };
  }
  if (options.context !== 'passwordChange' && SIGN_IN_CREDENTIAL_CODES.has(code)) return { key: FIREBASE_INVALID_CREDENTIALS_KEY, vars: {} };
  if (code === 'auth/too-many-requests') return { key: FIREBASE_TOO_MANY_REQUESTS_KEY, vars: {} };
  if (code === 'auth/account-exists-with-different-credential') {
    const methods = field(error, 'signInMethods');
    const list = Array.isArray(methods) ? methods : [];
    const method = list.find((m): m is string => typeof m === 'string' && Object.hasOwn(FIREBASE_SIGN_IN_METHOD_KEYS, m));
    const email = str(field(field(error, 'customData'), 'email'));
    return {
      key: FIREBASE_ACCOUNT_EXISTS_KEY,
      vars: { ...(email ? { email } : {}), providerKey: method ? FIREBASE_SIGN_IN_METHOD_KEYS[method]! : 'firebaseAnotherMethod' },
    };
  }
  if (code === 'auth/internal-error') {
    const message = blockingFunctionMessage(field(error, 'message'));
    if (message) return { key: `${FIREBASE_BLOCKING_FUNCTION_PREFIX}${message}`, vars: {} };
  }
  if (!code.startsWith('auth/') && options.isKnownKey) {
    return { key: messageKeyForError(error, options.isKnownKey, {}, FAILED_AUTHENTICATION_KEY), vars: {} };
  }
  return { key: FAILED_AUTHENTICATION_KEY, vars: {} };
}

/** How a social provider signs in with Firebase. */
export type FirebaseSocialMethod = 'popup' | 'redirect';

/**
 * §4 "Firebase": a redirect for Facebook on a mobile device, a popup otherwise. `provider` is a
 * provider kind (`FACEBOOK`, `GOOGLE`, …, any case). Never throws.
 */
export function firebaseSocialMethod(provider: unknown, isMobile: unknown): FirebaseSocialMethod {
  return isMobile === true && typeof provider === 'string' && provider.trim().toUpperCase() === 'FACEBOOK' ? 'redirect' : 'popup';
}

/** Whether a user agent is a phone or tablet browser (Android, iPhone, iPad, iPod, `Mobile`). Never throws. */
export function isMobileUserAgent(userAgent: unknown): boolean {
  return typeof userAgent === 'string' && /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}

/**
 * Checks the Firebase email and password form before anything is sent. Sign-in: as the ID login
 * form (`EMPTY_INPUTS`, `emailIsEmpty`, `passwordIsEmpty`, `pleaseProvideValidEmail`). Sign-up:
 * the same, and a password of 8 to 128 characters (`passwordTooShort`, `passwordTooLong`), as
 * the sign-up contract. Never throws. Implements identity-and-routes.md §5 "Login form".
 */
export function validateFirebaseForm(mode: 'signIn' | 'signUp', values: { email: string; password: string }): FormValidationResult {
  const email = typeof values?.email === 'string' ? values.email : '';
  const password = typeof values?.password === 'string' ? values.password : '';
  const result = validateLoginForm({ email, password });
  if (!result.ok || mode !== 'signUp') return result;
  const passwordError = newPasswordError(password);
  return passwordError && passwordError !== 'passwordIsEmpty' ? { ok: false, fieldErrors: { password: passwordError } } : result;
}
