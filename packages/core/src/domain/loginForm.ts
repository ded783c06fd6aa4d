/**
 * Validation of the login and sign-up forms.
 * Implements identity-and-routes.md §5 "Login form" and "Email".
 */

/**
 * The email pattern: the same "practical" pattern zod 4's `z.email()` uses, so an address that
 * passes here also passes the `signUpRequestSchema` contract (tests check they agree).
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Shortest accepted password, in characters (contract `signUpRequestSchema`: `secret` 8..128). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest accepted password, in characters. */
export const PASSWORD_MAX_LENGTH = 128;
/** Longest accepted name after trimming, in characters (contract: `name` 1..200). */
export const NAME_MAX_LENGTH = 200;

/** Result of a form validation: ok, every field empty, or message keys by field name. */
export type FormValidationResult =
  | { ok: true }
  | { ok: false; error: 'EMPTY_INPUTS' }
  | { ok: false; fieldErrors: Record<string, string> };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * True when `value` (trimmed of surrounding white space) matches {@link EMAIL_PATTERN}.
 * Non-string input gives false. Implements identity-and-routes.md §5 "Email must match an email pattern".
 */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(text(value).trim());
}

/**
 * Validates the login form.
 *
 * - `values`: field name → raw input (for example `{ email, password }`); non-string values
 *   count as empty.
 * - Every field empty or white space (or no fields) → `{ ok: false, error: 'EMPTY_INPUTS' }`.
 * - Else each empty field → `fieldErrors[field] = '{field}IsEmpty'` (`emailIsEmpty`,
 *   `passwordIsEmpty`); a non-empty `email` that is not an email →
 *   `fieldErrors.email = 'pleaseProvideValidEmail'`.
 * - Else `{ ok: true }`. Never throws.
 * Implements identity-and-routes.md §5 "Login form" and "Email".
 */
export function validateLoginForm(values: Record<string, string>): FormValidationResult {
  const entries = values !== null && typeof values === 'object' ? Object.entries(values) : [];
  if (entries.every(([, value]) => text(value).trim() === '')) return { ok: false, error: 'EMPTY_INPUTS' };
  const fieldErrors: Record<string, string> = {};
  for (const [field, value] of entries) {
    const trimmed = text(value).trim();
    if (trimmed === '') fieldErrors[field] = `${field}IsEmpty`;
    else if (field === 'email' && !isValidEmail(trimmed)) fieldErrors[field] = 'pleaseProvideValidEmail';
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true };
}

/**
 * Validates the ID sign-up form; the result agrees with the `signUpRequestSchema` contract when
 * the caller sends `id: email.trim()` and `name` as typed.
 *
 * - name: empty/white space → `pleaseProvideYourName`; longer than 200 after trim → `nameTooLong`.
 * - email: empty → `pleaseProvideYourEmail`; not an email → `pleaseProvideValidEmail`.
 * - password (not trimmed): empty → `passwordIsEmpty`; under {@link PASSWORD_MIN_LENGTH} →
 *   `passwordTooShort`; over {@link PASSWORD_MAX_LENGTH} → `passwordTooLong`.
 * - Never answers `EMPTY_INPUTS`: every empty field gets its own message. Never throws.
 * Implements identity-and-routes.md §3 "Account form fields" and §5 "Email".
 */
export function validateSignUpForm(values: { name: string; email: string; password: string }): FormValidationResult {
  const source = values !== null && typeof values === 'object' ? values : { name: '', email: '', password: '' };
  const name = text(source.name).trim();
  const email = text(source.email).trim();
  const password = text(source.password);
  const fieldErrors: Record<string, string> = {};
  if (name === '') fieldErrors.name = 'pleaseProvideYourName';
  else if (name.length > NAME_MAX_LENGTH) fieldErrors.name = 'nameTooLong';
  if (email === '') fieldErrors.email = 'pleaseProvideYourEmail';
  else if (!isValidEmail(email)) fieldErrors.email = 'pleaseProvideValidEmail';
  if (password === '') fieldErrors.password = 'passwordIsEmpty';
  else if (password.length < PASSWORD_MIN_LENGTH) fieldErrors.password = 'passwordTooShort';
  else if (password.length > PASSWORD_MAX_LENGTH) fieldErrors.password = 'passwordTooLong';
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true };
}
