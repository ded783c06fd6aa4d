import type { ApiClient } from '../../api/types.js';

/** Input of the email confirmation machine. */
export interface EmailConfirmationInput {
  /** Platform client: `api.emailConfirmation.confirm`. */
  api: ApiClient;
  /** The `token` query parameter of the emailed link; null or empty → failed at once. */
  token: string | null;
}

/** Context of the email confirmation machine. */
export interface EmailConfirmationContext {
  token: string | null;
  /** The confirmed address once confirmed (the Login now button pre-fills it); null before. */
  email: string | null;
  /** Internal: the platform client. Not for views. */
  env: { api: ApiClient };
}

/** The email confirmation machine handles no events (it confirms on start); any event is ignored. */
export type EmailConfirmationEvent = { type: string };
