import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { LoginResponse } from '../../contracts/index.js';
import { loginFailureMessage, validateLoginForm } from '../../domain/index.js';
import { createCredentialsFormMachine } from '../credentialsForm/credentialsForm.machine.js';
import type { CredentialProvider, ProviderSignInField, ProviderSignInInput } from './providerSignIn.types.js';

/** Input of the `providerLogin` actor: the provider and the credentials of its §7 call. */
export interface ProviderLoginActorInput {
  api: ApiClient;
  provider: CredentialProvider;
  /** The provider account's id, trimmed. */
  id: string;
  /** The secret, as typed. */
  secret: string;
}

/**
 * Builds the sign-in machine of an id/secret provider (identity-and-routes.md §1 "other
 * providers", §7 `POST /login/auth-provider/pbr` and `POST /login/sptv`, §5 "Login form", §8
 * "Login failure").
 *
 * A credentials form (`createCredentialsFormMachine`) with fields `username` and `password`:
 * `editing` → `form.submit` with guard `formIsValid` (domain `validateLoginForm`: `EMPTY_INPUTS`
 * when both are empty, else `usernameIsEmpty` / `passwordIsEmpty`) → `submitting` (actor
 * `providerLogin` = `api.credentialProviders[provider]({ id, secret })`, `id` trimmed) → on
 * success the tokens go to the session (`session.signedIn`; it goes to the §2 target) and the
 * machine stops in `signedIn` with output `{ tokens }`; on failure it returns to
 * `editing` with `error` = `loginFailureMessage(error, isKnownKey)` (the server's message when
 * known, else the code table, else `failedAuthentication`), values kept. Input
 * {@link ProviderSignInInput} (the credentials form's input).
 */
/**
 * The message key the platform names when a provider's account id and secret do not match (404
 * `NOT_FOUND`, docs/api.md "Credential providers"). Named here so that the sign-in page's label
 * set holds it (scripts/label-keys.mjs): `isKnownKey` is asked when the refusal arrives, and a
 * key not loaded yet would lose to the code table's `invalidCredentials`.
 */
export const PROVIDER_CREDENTIALS_INVALID_KEY = 'providerCredentialsInvalid';

export function createProviderSignInMachine(provider: CredentialProvider) {
  return createCredentialsFormMachine({
    id: 'providerSignIn',
    description: `Sign-in with a ${provider.toUpperCase()} account: id and secret (identity-and-routes.md §7 ${provider === 'pbr' ? 'POST /login/auth-provider/pbr' : 'POST /login/sptv'}). An empty form stays in editing with EMPTY_INPUTS or per-field errors; a valid one calls the provider. On success the tokens go to the session machine, which goes to the target of §2 "After sign-in completion"; on failure the message of §8 "Login failure" shows and the values are kept.`,
    fields: ['username', 'password'] as const satisfies readonly ProviderSignInField[],
    initialValues: (_input: ProviderSignInInput) => ({}),
    validate: validateLoginForm,
    submit: {
      name: 'providerLogin',
      /** `api.credentialProviders.pbr|sptv`: tokens, or throws ApiError / ContractError / NetworkError. */
      logic: fromPromise<LoginResponse, ProviderLoginActorInput>(({ input }) =>
        input.api.credentialProviders[input.provider]({ body: { id: input.id, secret: input.secret } }),
      ),
      input: (values, env) => ({ api: env.api, provider, id: values.username.trim(), secret: values.password }),
      description: "Loading: the provider's store is checking the id and secret.",
    },
    failureMessage: loginFailureMessage,
    finalState: 'signedIn',
  });
}

/** PBR sign-in (`/login/pbr`): see {@link createProviderSignInMachine}. */
export const pbrSignInMachine = createProviderSignInMachine('pbr');

/** SPTV sign-in (`/login/sptv`): see {@link createProviderSignInMachine}. */
export const sptvSignInMachine = createProviderSignInMachine('sptv');

/** The type of a provider sign-in machine (PBR's and SPTV's are the same). */
export type ProviderSignInMachine = typeof pbrSignInMachine;
