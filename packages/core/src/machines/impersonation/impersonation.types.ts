import type { ApiClient } from '../../api/types.js';
import type { SessionReceiver, SignInOutput } from '../session/session.signIn.js';

/** Input of the `impersonation` machine. */
export interface ImpersonationInput {
  /** Platform client: `api.impersonation.token`. */
  api: ApiClient;
  /**
   * Receives `session.signedIn { tokens, afterSignIn }` once the token is exchanged (the session
   * actor), which replaces the address with HOME in the active locale.
   */
  session: SessionReceiver;
  /** The IMPERSONATE route's `:token` param, as read from the address. */
  token: string | null | undefined;
}

/** Context of the `impersonation` machine. */
export interface ImpersonationContext {
  /** The token when it has the platform's format, else null (never sent). Not for views. */
  token: string | null;
  /** What the sign-in produced once signed in (the machine's output), else null. Not for views. */
  signedIn: SignInOutput | null;
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

