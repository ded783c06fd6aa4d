import type { CredentialsFormContext, CredentialsFormEvent, CredentialsFormInput } from '../credentialsForm/credentialsForm.types.js';

/** Input of the ID sign-in machine; its `login` actor calls `api.auth.login`. */
export interface IdSignInInput extends CredentialsFormInput {
  /** Initial email, for example prefilled from the email confirmation page. @default '' */
  email?: string;
}

/** Fields of the ID sign-in form. */
export type IdSignInField = 'email' | 'password';

/** Context of the ID sign-in machine (see {@link CredentialsFormContext}). */
export type IdSignInContext = CredentialsFormContext<IdSignInField, IdSignInInput>;

/** Events of the ID sign-in machine. */
export type IdSignInEvent = CredentialsFormEvent<IdSignInField>;
