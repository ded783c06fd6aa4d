import type { CredentialsFormContext, CredentialsFormEvent, CredentialsFormInput } from '../credentialsForm/credentialsForm.types.js';

/**
 * Input of the ID sign-up machine; its `signUp` actor calls `api.auth.signUp`, and on success
 * `session` receives `session.signedIn { tokens }` (sign-up signs the account in).
 */
export type SignUpInput = CredentialsFormInput;

/** Fields of the sign-up form. */
export type SignUpField = 'name' | 'email' | 'password';

/** Context of the sign-up machine (see {@link CredentialsFormContext}). */
export type SignUpContext = CredentialsFormContext<SignUpField, SignUpInput>;

/** Events of the sign-up machine. */
export type SignUpEvent = CredentialsFormEvent<SignUpField>;
