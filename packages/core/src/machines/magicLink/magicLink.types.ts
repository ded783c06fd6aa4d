import type { ApiClient } from '../../api/types.js';
import type { SessionReceiver, SignInOutput } from '../session/session.signIn.js';

/** Input of the magic link machine. */
export interface MagicLinkInput {
  /** Platform client: `api.magicLink.request` and `api.magicLink.exchange`. */
  api: ApiClient;
  /** The `token` query parameter of the emailed link: present → exchanged at once, exactly once. */
  token?: string | null;
  /**
   * Receives `session.signedIn { tokens, afterSignIn }` once the link is exchanged, as after an ID
   * sign-in (the session actor), and takes the viewer to the §2 target. The request form alone
   * needs none; a link exchanged without one signs nobody in (the view never gets the tokens).
   */
  session?: SessionReceiver;
  /** The page's query string (without the token): the session goes to its target (§2 "After sign-in completion"). @default '' */
  search?: string;
}

/** Context of the magic link machine. */
export interface MagicLinkContext {
  /** The emailed token; null on the request form. */
  token: string | null;
  /** The email last asked for (trimmed). */
  email: string;
  /** Message key of the current error (`emailInvalid`, `failedToSend`, `failedToMagicLogin`…), or null. */
  error: string | null;
  /** Placeholder values of a failure's message (`{ seconds }` of `tooManyAttempts`), else `{}`. */
  errorVars?: Record<string, string>;
  /** What the sign-in produced once signed in (the machine's output); null before. Not for views. */
  signedIn: SignInOutput | null;
  /** Internal: the input. Not for views. */
  env: MagicLinkInput;
}

/** Events of the magic link machine. */
export type MagicLinkEvent =
  /** Send a magic link to `email`. */
  { type: 'magic.request'; email: string };
