import type { ApiClient } from '../../api/types.js';
import type { LoginResponse } from '../../contracts/index.js';
import type { SocialCredential, SocialProviderKey } from '../../domain/social.js';
import type { SessionReceiver, SignInOutput } from '../session/session.signIn.js';

/** The fields of the prompt's ID sign-in form. */
export type AccountLinkField = 'email' | 'password';

/** Input of the `accountLink` machine: the link offer of the social sign-in plus the page's services. */
export interface AccountLinkInput {
  /** Platform client: `api.auth.login`, then `api.social.*` with the ID account's bearer. */
  api: ApiClient;
  /**
   * Receives `session.signedIn` (linked, with the sign-in query of the §2 target; or signed in
   * with the ID account when linking is not possible, without one), `session.afterSignIn` on
   * Continue, and `session.logout`.
   */
  session: SessionReceiver;
  provider: SocialProviderKey;
  /** The provider's credential the platform refused with 409 (sent again with the bearer). */
  credential: SocialCredential;
  /** The existing account's email (prefills the form), when the platform named it. */
  email?: string | null;
  /** The sign-in query (with `?`): the session goes to its §2 target once linked, or on Continue. */
  search: string;
  isKnownKey?: (key: string) => boolean;
}

/** Context of the `accountLink` machine. */
export interface AccountLinkContext {
  values: Record<AccountLinkField, string>;
  /** Form-level message key (EMPTY_INPUTS, a login failure, a link failure), else null. */
  error: string | null;
  /** Message keys per field. */
  fieldErrors: Partial<Record<AccountLinkField, string>>;
  /** The ID account's tokens between its sign-in and the link (not for views). */
  idTokens: LoginResponse | null;
  /** What the sign-in produced (the linked tokens, or the ID account's when linking is not possible); the machine's output. Not for views. */
  signedIn: SignInOutput | null;
  /** Internal: the input. Not for views. */
  env: AccountLinkInput;
}

/**
 * Events: the ID form (`form.change`, `form.submit`), `skip` (do not link), and in the
 * cannot-link state `logout` and `continue`.
 */
export type AccountLinkEvent =
  | { type: 'form.change'; field: AccountLinkField; value: string }
  | { type: 'form.submit' }
  | { type: 'skip' }
  | { type: 'logout' }
  | { type: 'continue' };

/** Input of the `login` actor. */
export interface AccountLinkLoginInput {
  api: ApiClient;
  id: string;
  secret: string;
}

/** Input of the `link` actor. */
export interface AccountLinkLinkInput {
  api: ApiClient;
  provider: SocialProviderKey;
  credential: SocialCredential;
  /** The ID account's access token. */
  bearer: string;
}
