import type { ApiClient } from '../../api/types.js';
import type { AuthProviderKind } from '../../domain/index.js';

/** Input of the password reset machine. */
export interface PasswordResetInput {
  /** Platform client: `api.passwordReset.request` and `api.passwordReset.reset`. */
  api: ApiClient;
  /** The `token` query parameter of the emailed link: present → the new-password form (`reset` mode). */
  token?: string | null;
  /** The `providerName` query parameter: which provider's reset page (§2); default `ID`. */
  providerName?: string | null;
}

/** Which form the page shows: the email form, or the new-password form of an emailed link. */
export type PasswordResetMode = 'request' | 'reset';

/** Context of the password reset machine. */
export interface PasswordResetContext {
  mode: PasswordResetMode;
  /** The emailed token (reset mode); null in request mode. */
  token: string | null;
  /** The provider whose password is reset (domain `passwordResetProvider`). */
  providerName: AuthProviderKind;
  /** The email last asked for (trimmed). */
  email: string;
  /** The new password last submitted; dropped once sent. Never logged. */
  password: string;
  /** Message key of the current error (validation or failure), or null. */
  error: string | null;
  /** Placeholder values of a failure's message (`{ seconds }` of `tooManyAttempts`), else `{}`. */
  errorVars?: Record<string, string>;
  /** Internal: the platform client. Not for views. */
  env: { api: ApiClient };
}

/** Events of the password reset machine. */
export type PasswordResetEvent =
  /** Request mode: send the reset email to `email`. */
  | { type: 'reset.request'; email: string }
  /** Reset mode: set `password` as the new password. */
  | { type: 'reset.submit'; password: string };
