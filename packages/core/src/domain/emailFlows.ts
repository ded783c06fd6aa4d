import { errorFacts, messageKeyForError } from './loginErrors.js';
import type { AuthProviderKind } from './access.js';
import { isValidEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './loginForm.js';
import { PASSWORD_RESET_PROVIDERS, providerPagePath } from './providers.js';
import { buildPath, type RouteLocale } from './routes.js';

/**
 * Rules of the email-based flows: password reset, magic link and email confirmation.
 * Implements identity-and-routes.md §2 "Password request and reset pages", "Email confirmation
 * page", §5 "Email", §6 (which providers offer password reset) and §8 (their errors).
 */

/**
 * The provider whose password is reset when the caller names none: the main ID provider (§2), the
 * `provider` of `POST /api/v2/reset-password/create` then.
 */
export const DEFAULT_PASSWORD_RESET_PROVIDER = 'ID' satisfies AuthProviderKind;

/**
 * The provider whose reset page shows, from the `providerName` query parameter (§2 "The reset
 * page is chosen by the providerName query param, default the main ID provider"): one of
 * `PASSWORD_RESET_PROVIDERS` (domain/providers.ts) matched without regard to case or surrounding white space
 * (`'firebase'` → `'FIREBASE'`); anything else (missing, empty, a social provider that offers no
 * reset, a non-string) → `'ID'`. Never throws.
 */
export function passwordResetProvider(providerName: unknown): AuthProviderKind {
  const name = typeof providerName === 'string' ? providerName.trim().toUpperCase() : '';
  return PASSWORD_RESET_PROVIDERS.find((provider) => provider === name) ?? DEFAULT_PASSWORD_RESET_PROVIDER;
}

/**
 * Where the password reset page sends the viewer to sign in (its sign-in link, and the redirect
 * {@link PASSWORD_RESET_REDIRECT_MS} after a successful reset, §2 "redirects to login"): the
 * sign-in page of the provider whose password was reset ({@link passwordResetProvider} of the
 * `providerName` query parameter), so that the new password is used where it works: ID → LOGIN
 * (`/login`); FIREBASE, PBR, GIGYA → their login sub-route (`/login/firebase`, `/login/pbr`,
 * `/login/GIGYA`, via `providerPagePath`), in the route set of `locale`. Never throws.
 */
export function passwordResetLoginPath(providerName: unknown, locale: RouteLocale = 'en'): string {
  const provider = passwordResetProvider(providerName);
  const login = buildPath('LOGIN', {}, locale);
  return provider === 'ID' ? login : (providerPagePath({ name: provider }, locale) ?? login);
}

/** Message key of an email that does not match the email pattern (§5 "email-invalid error"). */
export const EMAIL_INVALID_KEY = 'emailInvalid';

/**
 * The error of the email a magic link or a password reset is requested for, or null when it
 * can be sent: empty or white space → `'emailIsEmpty'`; not matching the email pattern (the
 * login form's `isValidEmail`) → `'emailInvalid'` (§5 "On the magic-link form a non-matching
 * email shows an email-invalid error"). Non-string input counts as empty. Never throws.
 */
export function requestEmailError(email: unknown): 'emailIsEmpty' | typeof EMAIL_INVALID_KEY | null {
  const value = typeof email === 'string' ? email.trim() : '';
  if (value === '') return 'emailIsEmpty';
  return isValidEmail(value) ? null : EMAIL_INVALID_KEY;
}

/**
 * The error of a new password, or null when it follows the sign-up password rule (the contract
 * `signUpRequestSchema`: 8 to 128 characters, not trimmed): empty → `'passwordIsEmpty'`;
 * shorter than {@link PASSWORD_MIN_LENGTH} → `'passwordTooShort'`; longer than
 * {@link PASSWORD_MAX_LENGTH} → `'passwordTooLong'`. Non-string input counts as empty. Never throws.
 */
export function newPasswordError(password: unknown): 'passwordIsEmpty' | 'passwordTooShort' | 'passwordTooLong' | null {
  const value = typeof password === 'string' ? password : '';
  if (value === '') return 'passwordIsEmpty';
  if (value.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (value.length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  return null;
}

/** Message key of an unknown, used or expired password-reset token (the sandbox's 404 message). */
export const INVALID_RESET_TOKEN_KEY = 'invalidResetToken';
/** The generic message of a failed password reset (§8 "else a generic message"). */
export const PASSWORD_RESET_GENERIC_KEY = 'anErrorOccured';

/**
 * The password-reset error catalogue (§8 "Password reset errors: the message or code maps to a
 * catalogue entry, else a generic message"): server message keys shown as they are.
 */
export const PASSWORD_RESET_MESSAGE_KEYS: ReadonlySet<string> = new Set([
  INVALID_RESET_TOKEN_KEY,
  'passwordTooShort',
  'passwordTooLong',
  'passwordIsEmpty',
  'passwordResetNotOffered',
  'tooManyAttempts',
]);

/** Error code → message key of the password-reset catalogue. */
export const PASSWORD_RESET_CODE_KEYS: Readonly<Record<string, string>> = {
  NOT_FOUND: INVALID_RESET_TOKEN_KEY,
  TOO_MANY_REQUESTS: 'tooManyAttempts',
  TOO_MANY_ATTEMPTS: 'tooManyAttempts',
  NETWORK: 'networkError',
  TIMEOUT: 'networkError',
};

/**
 * The message key of a failed password-reset call (the request or the new password): the first
 * server message in {@link PASSWORD_RESET_MESSAGE_KEYS}, else {@link PASSWORD_RESET_CODE_KEYS} by
 * code (or by status: 404 → `'invalidResetToken'`; no answer → `'networkError'`), else
 * `'anErrorOccured'`. `error` is anything thrown (ApiError, NetworkError, a platform error body…).
 * Never throws. Implements identity-and-routes.md §8 "Password reset errors".
 */
export function passwordResetFailureMessage(error: unknown): string {
  return messageKeyForError(error, (key) => PASSWORD_RESET_MESSAGE_KEYS.has(key), PASSWORD_RESET_CODE_KEYS, PASSWORD_RESET_GENERIC_KEY);
}

/** Message key of a magic link that could not be requested (§8). */
export const MAGIC_LINK_SEND_FAILED_KEY = 'failedToSend';
/** Message key of a magic link that could not be traded for a session (§8). */
export const MAGIC_LINK_LOGIN_FAILED_KEY = 'failedToMagicLogin';

/** Outcome of a failed email confirmation (§2 "Email confirmation page", §8). */
export type EmailConfirmationFailure = 'invalidToken' | 'failed';

/**
 * How a failed email confirmation shows: status 404 (or code `NOT_FOUND`) → `'invalidToken'`
 * (the invalid-token message); anything else, a network failure included → `'failed'` (something
 * went wrong). Never throws. Implements identity-and-routes.md §8 "Email confirmation".
 */
export function emailConfirmationFailure(error: unknown): EmailConfirmationFailure {
  const facts = errorFacts(error);
  return facts.status === 404 || facts.code === 'NOT_FOUND' ? 'invalidToken' : 'failed';
}

/** Message key of the invalid-token outcome of the email confirmation page. */
export const INVALID_CONFIRMATION_TOKEN_KEY = 'invalidConfirmationToken';
/** Message key of the something-went-wrong outcome of the email confirmation page. */
export const EMAIL_CONFIRMATION_GENERIC_KEY = 'somethingWentWrong';

/**
 * The message key of an email confirmation outcome: `'invalidToken'` →
 * `'invalidConfirmationToken'`, `'failed'` → `'somethingWentWrong'`. Implements §8 "Email
 * confirmation: 404 shows the invalid-token message; any other failure, or a missing token,
 * shows something went wrong".
 */
export function emailConfirmationMessage(failure: EmailConfirmationFailure): string {
  return failure === 'invalidToken' ? INVALID_CONFIRMATION_TOKEN_KEY : EMAIL_CONFIRMATION_GENERIC_KEY;
}
