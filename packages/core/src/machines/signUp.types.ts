import type { ApiClient } from '../api/types.js';
import type { SessionReceiver, TargetLocale } from './idSignIn.types.js';

/** Input of the ID sign-up machine. */
export interface SignUpInput {
  /** Platform client; the `signUp` actor calls `api.auth.signUp`. */
  api: ApiClient;
  /** Receives `session.signedIn { tokens }` on success (sign-up signs the account in). */
  session: SessionReceiver;
  /** The sign-up page's query string, for the target after sign-up (§2 "After sign-in completion"). */
  search: string;
  /** Where to go when the query names no target. @default the domain's default (the default menu page) */
  defaultPath?: string;
  /** Route locale of the target path. @default the domain's default locale */
  locale?: TargetLocale;
  /** Whether a message key has a translation (labels). @default () => false */
  isKnownKey?: (key: string) => boolean;
}

/** Fields of the sign-up form. */
export type SignUpField = 'name' | 'email' | 'password';

/** Context of the sign-up machine. */
export interface SignUpContext {
  /** Form values, kept as typed (also after a failure). */
  values: Record<SignUpField, string>;
  /** Message key of the form-level error, or null. */
  error: string | null;
  /** Message key per field (`pleaseProvideYourName`, `pleaseProvideValidEmail`…). */
  fieldErrors: Record<string, string>;
  /** In-app path to go to once signed up; null until then. */
  target: string | null;
  /** Internal: the input. Not for views. */
  env: SignUpInput;
}

/** Events of the sign-up machine. */
export type SignUpEvent = { type: 'form.change'; field: SignUpField; value: string } | { type: 'form.submit' };
