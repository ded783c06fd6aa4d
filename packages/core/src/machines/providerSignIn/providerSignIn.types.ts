import type { CredentialsFormContext, CredentialsFormEvent, CredentialsFormInput } from '../credentialsForm/credentialsForm.types.js';

/** The id/secret providers (identity-and-routes.md §1, §7): PBR and SPTV, by their sub-route segment. */
export type CredentialProvider = 'pbr' | 'sptv';

/** Input of a provider sign-in machine (the credentials form's); its `providerLogin` actor calls `api.credentialProviders[provider]`. */
export type ProviderSignInInput = CredentialsFormInput;

/** Fields of the provider sign-in form: the provider account's id and its secret. */
export type ProviderSignInField = 'username' | 'password';

/** Context of the provider sign-in machine (see {@link CredentialsFormContext}). */
export type ProviderSignInContext = CredentialsFormContext<ProviderSignInField, ProviderSignInInput>;

/** Events of the provider sign-in machine. */
export type ProviderSignInEvent = CredentialsFormEvent<ProviderSignInField>;
