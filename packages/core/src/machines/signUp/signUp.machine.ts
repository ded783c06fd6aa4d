import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { LoginResponse } from '../../contracts/index.js';
import { signUpFailureMessage, validateSignUpForm } from '../../domain/index.js';
import { createCredentialsFormMachine } from '../credentialsForm/credentialsForm.machine.js';
import type { SignUpField } from './signUp.types.js';

/** Input of the `signUp` actor: the body of `POST /api/v2/user` (contracts `SignUpRequest`). */
export interface SignUpActorInput {
  api: ApiClient;
  /** The email. */
  id: string;
  /** The password. */
  secret: string;
  /** The name. */
  name: string;
  /** `{ 'X-Captcha-Token': token }` when the realm's captcha guards sign-up (issue 18), else `{}`. */
  headers?: Readonly<Record<string, string>>;
}

/**
 * ID sign-up (name, email, password with the main ID provider); the platform creates the account
 * and answers tokens as a login does. Implements identity-and-routes.md §2 "After sign-in
 * completion", §5 "Name and email are required" and §8 (failure messages).
 *
 * A credentials form (`createCredentialsFormMachine`): `editing` → `form.submit` with guard
 * `formIsValid` (domain `validateSignUpForm`) → `submitting` (actor `signUp` =
 * `api.auth.signUp({ body: { id: email, secret: password, name } })`) → success: tokens to the session
 * (`session.signedIn`; it goes to the §2 target unless the form is `embedded`), final state
 * `signedUp` with output `{ tokens }`;
 * failure: back to `editing` with `error` = `signUpFailureMessage(error, isKnownKey)` (409: the
 * email is taken; 403 `CAPTCHA_FAIL_ERROR`: `captchaFailed`), values kept.
 * With input `captchaRequired` (the realm's `captcha.signUp`, issue 18) the call carries the solved
 * challenge's `X-Captcha-Token` and is not sent without one (see `createCredentialsFormMachine`).
 */
export const signUpMachine = createCredentialsFormMachine({
  id: 'signUp',
  description:
    'ID sign-up with name, email and password. Submitting an invalid form stays in editing with the validation errors; a valid one calls the signUp actor. On success the tokens go to the session machine (session.signedIn), which goes to the in-app path of identity-and-routes.md §2 "After sign-in completion" unless the form is embedded in another flow; on failure (for example 409, the email is taken) the mapped message shows and the values are kept.',
  fields: ['name', 'email', 'password'] as const satisfies readonly SignUpField[],
  validate: validateSignUpForm,
  submit: {
    name: 'signUp',
    /** `api.auth.signUp`: tokens, or throws ApiError (409 CONFLICT, 400) / ContractError / NetworkError. */
    logic: fromPromise<LoginResponse, SignUpActorInput>(({ input }) =>
      input.api.auth.signUp({ body: { id: input.id, secret: input.secret, name: input.name }, headers: { ...input.headers } }),
    ),
    input: (values, env, captchaHeaders) => ({
      api: env.api,
      id: values.email.trim(),
      secret: values.password,
      name: values.name.trim(),
      headers: captchaHeaders,
    }),
    description: 'Loading: the account is being created.',
  },
  failureMessage: signUpFailureMessage,
  finalState: 'signedUp',
});

/** The sign-up machine's type. */
export type SignUpMachine = typeof signUpMachine;
