import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import {
  errorMessageVars,
  newPasswordError,
  PASSWORD_RESET_REDIRECT_MS,
  passwordResetFailureMessage,
  passwordResetProvider,
  requestEmailError,
} from '../../domain/index.js';
import type { PasswordResetContext, PasswordResetEvent, PasswordResetInput } from './passwordReset.types.js';

/** Input of the `requestReset` actor: `POST /reset-password/create { id: email, provider }`. */
export interface RequestResetActorInput {
  api: ApiClient;
  email: string;
  provider: string;
}

/** Input of the `resetPassword` actor: `PUT /reset-password { token, secret }`. */
export interface ResetPasswordActorInput {
  api: ApiClient;
  token: string;
  secret: string;
}

const requestTransitions = {
  'reset.request': [
    { guard: 'emailIsValid', target: 'submitting', actions: 'storeEmail' },
    { target: 'editing', actions: 'showEmailError' },
  ],
} as const;

const submitTransitions = {
  'reset.submit': [
    { guard: 'passwordIsValid', target: 'submitting', actions: 'storePassword' },
    { target: 'editing', actions: 'showPasswordError' },
  ],
} as const;

/**
 * Password request and reset (identity-and-routes.md §2 "Password request and reset pages", §4
 * "Password reset", §8 "Password reset errors", §9 "Redirect after password reset 3000 ms").
 *
 * Input {@link PasswordResetInput} `{ api, token?, providerName? }`. Without a token the page is
 * the request form (`request` mode): `reset.request { email }` checks the email with the domain's
 * `requestEmailError` (`emailIsEmpty`, `emailInvalid`; nothing is sent), then `requestReset`
 * (`api.passwordReset.request({ body: { id: email, provider: providerName } })`) → `sent` (the answer is the same whether or
 * not the account exists) or `failed` (`passwordResetFailureMessage`). With a token the page is
 * the new-password form (`reset` mode): `reset.submit { password }` checks the sign-up password
 * rule (`newPasswordError`), then `resetPassword` (`api.passwordReset.reset({ body: { token, secret: password } })`) →
 * `succeeded` and, {@link PASSWORD_RESET_REDIRECT_MS} later, `redirect` (final: the view goes to
 * login), or `failed` (404 → `invalidResetToken`, 400 → the rule's key, else `anErrorOccured`).
 * `failed` and `sent` accept the same event again. Never throws.
 */
export const passwordResetMachine = setup({
  types: {} as { context: PasswordResetContext; events: PasswordResetEvent; input: PasswordResetInput },
  actors: {
    /** `api.passwordReset.request({ body: { id: email, provider } })` → `{}`. */
    requestReset: fromPromise<Record<string, unknown>, RequestResetActorInput>(({ input }) =>
      input.api.passwordReset.request({ body: { id: input.email, provider: input.provider } }),
    ),
    /** `api.passwordReset.reset({ body: { token, secret } })` → `{}`. */
    resetPassword: fromPromise<Record<string, unknown>, ResetPasswordActorInput>(({ input }) =>
      input.api.passwordReset.reset({ body: { token: input.token, secret: input.secret } }),
    ),
  },
  actions: {
    storeEmail: assign(({ event }) => (event.type === 'reset.request' ? { email: event.email.trim(), error: null } : {})),
    showEmailError: assign(({ event }) => (event.type === 'reset.request' ? { error: requestEmailError(event.email) } : {})),
    storePassword: assign(({ event }) => (event.type === 'reset.submit' ? { password: event.password, error: null } : {})),
    showPasswordError: assign(({ event }) => (event.type === 'reset.submit' ? { error: newPasswordError(event.password) } : {})),
    forgetPassword: assign({ password: '' }),
    clearError: assign({ error: null }),
    showFailure: assign((_, params: { error: unknown }) => ({
      error: passwordResetFailureMessage(params.error),
      // A throttled attempt (429 TOO_MANY_ATTEMPTS) shows its wait.
      errorVars: errorMessageVars(params.error),
    })),
  },
  guards: {
    /** A token came with the page: the new-password form. */
    hasToken: ({ context }) => context.token !== null,
    /** The domain's `requestEmailError` finds nothing wrong with the email. */
    emailIsValid: ({ event }) => event.type === 'reset.request' && requestEmailError(event.email) === null,
    /** The domain's `newPasswordError` finds nothing wrong with the password. */
    passwordIsValid: ({ event }) => event.type === 'reset.submit' && newPasswordError(event.password) === null,
  },
  delays: {
    /** §9: the redirect to login after a successful reset. */
    redirectDelay: PASSWORD_RESET_REDIRECT_MS,
  },
}).createMachine({
  id: 'passwordReset',
  description:
    'Password request and reset pages (identity-and-routes.md §2, §4 "Password reset"). Without a token: the email form; a valid email is sent to reset-password/create and the page shows resetPasswordEmailSent (the same answer whether or not the account exists). With a token: the new-password form; a password that follows the sign-up rule is sent to PUT reset-password, success shows passwordSuccessfullyReset and redirects to login after 3000 ms (§9). Failures map through the password-reset catalogue (§8), else anErrorOccured.',
  context: ({ input }) => {
    const token = typeof input.token === 'string' && input.token.trim() !== '' ? input.token.trim() : null;
    return {
      mode: token === null ? 'request' : 'reset',
      token,
      providerName: passwordResetProvider(input.providerName),
      email: '',
      password: '',
      error: null,
      env: { api: input.api },
    };
  },
  initial: 'choosing',
  states: {
    choosing: {
      description: 'Picks the form: the new-password form when the page has a token, else the email form.',
      always: [{ guard: 'hasToken', target: 'reset' }, { target: 'request' }],
    },
    request: {
      description: 'The email form of the request page.',
      initial: 'editing',
      states: {
        editing: {
          description: 'Waiting for an email; a validation error (emailIsEmpty, emailInvalid) shows here.',
          on: requestTransitions,
        },
        submitting: {
          description: 'Asking for the reset email.',
          invoke: {
            id: 'requestReset',
            src: 'requestReset',
            input: ({ context }) => ({ api: context.env.api, email: context.email, provider: context.providerName }),
            onDone: { target: 'sent', actions: 'clearError' },
            onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        sent: {
          description: 'resetPasswordEmailSent: the email is on its way if the account exists. Another request resends.',
          on: requestTransitions,
        },
        failed: {
          description: 'The request failed; the message shows and the viewer may try again.',
          on: requestTransitions,
        },
      },
    },
    reset: {
      description: 'The new-password form of an emailed link.',
      initial: 'editing',
      states: {
        editing: {
          description: 'Waiting for the new password; a rule error (passwordIsEmpty, passwordTooShort, passwordTooLong) shows here.',
          on: submitTransitions,
        },
        submitting: {
          description: 'Setting the new password.',
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context }) => ({ api: context.env.api, token: context.token ?? '', secret: context.password }),
            onDone: { target: 'succeeded', actions: ['forgetPassword', 'clearError'] },
            onError: {
              target: 'failed',
              actions: ['forgetPassword', { type: 'showFailure', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
        succeeded: {
          description: 'passwordSuccessfullyReset shows; login follows after the redirect delay (3000 ms).',
          after: { redirectDelay: { target: 'redirect' } },
        },
        redirect: {
          type: 'final',
          description: 'The view navigates to login (goToLogin).',
        },
        failed: {
          description: 'The reset failed (invalidResetToken, a rule key, anErrorOccured…); the viewer may try again.',
          on: submitTransitions,
        },
      },
    },
  },
});

/** The password reset machine's type. */
export type PasswordResetMachine = typeof passwordResetMachine;
