import type { ApiClient } from '../../api/types.js';
import type { SessionReceiver } from '../credentialsForm/credentialsForm.types.js';

/** Input of the `impersonation` machine. */
export interface ImpersonationInput {
  /** Platform client: `api.impersonation.token`. */
  api: ApiClient;
  /** Receives `session.signedIn { tokens }` once the token is exchanged (the session actor). */
  session: SessionReceiver;
  /** The IMPERSONATE route's `:token` param, as read from the address. */
  token: string | null | undefined;
  /** Where to go once signed in as the user (the HOME route in the active locale). */
  homePath: string;
}

/** Context of the `impersonation` machine. */
export interface ImpersonationContext {
  /** The token when it has the platform's format, else null (never sent). Not for views. */
  token: string | null;
  /** Where to go (replace) once signed in, else null. */
  target: string | null;
  /** Message key of the failure (`impersonationLinkInvalid`, `impersonationFailed`), else null. */
  error: string | null;
  /** Whether `retry` may help (no answer or a server error); false for an invalid link. */
  canRetry: boolean;
  /** Internal: the input. Not for views. */
  env: ImpersonationInput;
}

/** Events: `retry` (after a failure that may be retried: send the same token again). */
export type ImpersonationEvent = { type: 'retry' };

/** Input of the `exchangeToken` actor. */
export interface ImpersonationExchangeInput {
  api: ApiClient;
  token: string;
}

