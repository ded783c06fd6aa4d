import type { SnapshotFrom } from 'xstate';
import type { PasswordResetMachine } from './passwordReset.machine.js';
import type { PasswordResetEvent, PasswordResetMode } from './passwordReset.types.js';

/** A snapshot of the password reset machine. */
export type PasswordResetSnapshot = SnapshotFrom<PasswordResetMachine>;

/** Where the password reset page stands. */
export type PasswordResetStatus = 'editing' | 'submitting' | 'sent' | 'succeeded' | 'failed';

/** What the password request and reset pages need. */
export interface PasswordResetApi {
  /** `request`: the email form; `reset`: the new-password form (the page has a token). */
  mode: PasswordResetMode;
  status: PasswordResetStatus;
  /** Message key of the error to show (`emailInvalid`, `passwordTooShort`, `invalidResetToken`, `anErrorOccured`…), or null. */
  error: string | null;
  /** Placeholder values of `error` (`{ seconds }` when the platform throttled the attempt), else `{}`. */
  errorVars: Record<string, string>;
  /** Message key of the success to show: `resetPasswordEmailSent` once sent, `passwordSuccessfullyReset` once reset; else null. */
  message: 'resetPasswordEmailSent' | 'passwordSuccessfullyReset' | null;
  /** The provider whose password is reset (`ID`, `PBR`, `GIGYA`, `FIREBASE`); `ID` by default. */
  providerName: string;
  /** Request mode: sends the reset email to `email` (validated first). */
  requestReset(email: string): void;
  /** Reset mode: sets `password` as the new password (validated first). */
  resetPassword(password: string): void;
  /** True 3000 ms after a successful reset: the view navigates to login. */
  goToLogin: boolean;
}

/**
 * Turns a password reset snapshot and its `send` into what the pages need (see
 * {@link PasswordResetApi}). Pure; implements identity-and-routes.md §2 "Password request and
 * reset pages".
 */
export function connectPasswordReset(
  snapshot: PasswordResetSnapshot,
  send: (event: PasswordResetEvent) => void,
): PasswordResetApi {
  const { context } = snapshot;
  const goToLogin = snapshot.matches({ reset: 'redirect' });
  const status: PasswordResetStatus =
    snapshot.matches({ request: 'submitting' }) || snapshot.matches({ reset: 'submitting' })
      ? 'submitting'
      : snapshot.matches({ request: 'sent' })
        ? 'sent'
        : snapshot.matches({ reset: 'succeeded' }) || goToLogin
          ? 'succeeded'
          : snapshot.matches({ request: 'failed' }) || snapshot.matches({ reset: 'failed' })
            ? 'failed'
            : 'editing';
  return {
    mode: context.mode,
    status,
    error: context.error,
    errorVars: context.errorVars ?? {},
    message: status === 'sent' ? 'resetPasswordEmailSent' : status === 'succeeded' ? 'passwordSuccessfullyReset' : null,
    providerName: context.providerName,
    requestReset: (email) => send({ type: 'reset.request', email }),
    resetPassword: (password) => send({ type: 'reset.submit', password }),
    goToLogin,
  };
}
