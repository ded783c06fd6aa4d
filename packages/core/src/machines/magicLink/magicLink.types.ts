import type { ApiClient } from '../../api/types.js';
import type { LoginResponse } from '../../contracts/index.js';
import type { SessionReceiver, TargetLocale } from '../credentialsForm/credentialsForm.types.js';

/** Input of the magic link machine. */
export interface MagicLinkInput {
  /** Platform client: `api.magicLink.request` and `api.magicLink.exchange`. */
  api: ApiClient;
  /** The `token` query parameter of the emailed link: present → exchanged at once, exactly once. */
  token?: string | null;
  /**
   * Receives `session.signedIn { tokens }` once the link is exchanged, as after an ID sign-in
   * (the session actor). Without it the view hands `tokens` to the session itself.
   */
  session?: SessionReceiver;
  /** The page's query string, for the target after sign-in (§2 "After sign-in completion"). @default '' */
  search?: string;
  /** Where to go when the query names no target. @default the domain's default (the default menu page) */
  defaultPath?: string;
  /** Route locale of the target path. @default the domain's default locale */
  locale?: TargetLocale;
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
  /** The session's tokens once signed in; null before. */
  tokens: LoginResponse | null;
  /** In-app path to go to once signed in; null before. */
  target: string | null;
  /** Internal: the input. Not for views. */
  env: MagicLinkInput;
}

/** Events of the magic link machine. */
export type MagicLinkEvent =
  /** Send a magic link to `email`. */
  { type: 'magic.request'; email: string };
