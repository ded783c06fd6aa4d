import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { LoginResponse } from '../../contracts/index.js';
import { loginFailureMessage, validateLoginForm } from '../../domain/index.js';
import { createCredentialsFormMachine } from '../credentialsForm/credentialsForm.machine.js';
import type { IdSignInField, IdSignInInput } from './idSignIn.types.js';

/** Input of the `login` actor: the credentials of `POST /login` (§7). */
export interface LoginActorInput {
  api: ApiClient;
  /** The email. */
  id: string;
  /** The password. */
  secret: string;
}

/**
 * ID sign-in (email and password with the main ID provider). Implements identity-and-routes.md
 * §4 "ID sign-in" (submit, loading, tokens set, redirect; on error the message shows and loading
 * ends), §5 "Login form" (EMPTY_INPUTS when every field is empty) and §8 "Login failure".
 *
 * A credentials form (`createCredentialsFormMachine`): `editing` → `form.submit` with guard
 * `formIsValid` (domain `validateLoginForm`) → `submitting` (actor `login` =
 * `api.auth.login({ body: { id: email, secret: password } })`) → on success the tokens are handed
 * to the session (`session.signedIn` with `afterSignIn: { search }`: the session goes to the §2
 * target, unless the form is `embedded`), and the machine stops in the final state `signedIn`
 * with output `{ tokens }`; on failure it returns to `editing` with
 * `error` = `loginFailureMessage(error, isKnownKey)`, values kept. Input {@link IdSignInInput}
 * (`email` prefills the form).
 */
export const idSignInMachine = createCredentialsFormMachine({
  id: 'idSignIn',
  description:
    'ID sign-in with email and password (identity-and-routes.md §4 "ID sign-in"). Submitting an invalid form stays in editing with EMPTY_INPUTS or per-field errors; a valid one calls the login actor. On success the tokens go to the session machine (session.signedIn), which goes to the in-app path of §2 "After sign-in completion" unless the form is embedded in another flow; on failure the mapped message shows, loading ends and the values are kept.',
  fields: ['email', 'password'] as const satisfies readonly IdSignInField[],
  initialValues: (input: IdSignInInput) => ({ email: input.email }),
  validate: validateLoginForm,
  submit: {
    name: 'login',
    /** `api.auth.login`: tokens, or throws ApiError / ContractError / NetworkError. */
    logic: fromPromise<LoginResponse, LoginActorInput>(({ input }) =>
      input.api.auth.login({ body: { id: input.id, secret: input.secret } }),
    ),
    input: (values, env) => ({ api: env.api, id: values.email.trim(), secret: values.password }),
    description: 'Loading: the credentials are being checked.',
  },
  failureMessage: loginFailureMessage,
  finalState: 'signedIn',
});

/** The ID sign-in machine's type. */
export type IdSignInMachine = typeof idSignInMachine;
