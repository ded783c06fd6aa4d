import type { ApiClient } from '../../api/types.js';
import type { CaptchaFlags } from '../../domain/index.js';
import type { SessionReceiver, SignInOutput } from '../session/session.signIn.js';

/**
 * Input every credentials form machine takes (ID sign-in, sign-up, and later flows built with
 * `createCredentialsFormMachine`); a flow's own input extends it.
 */
export interface CredentialsFormInput {
  /** Platform client; the flow's submit actor calls it (`api.auth.login`, `api.auth.signUp`…). */
  api: ApiClient;
  /** Receives `session.signedIn { tokens, afterSignIn? }` on success (`handOverToSession`). */
  session: SessionReceiver;
  /** The page's query string (`?from=…&entryPage=…`): the session goes to its §2 target once signed in. */
  search: string;
  /**
   * The form is a step of another flow (the checkout journey): the session stores the tokens but
   * does not navigate; the flow goes on. @default false
   */
  embedded?: boolean;
  /**
   * Whether a message key has a translation (labels); server messages are shown only when known
   * (§8 "Login failure"). @default () => false
   */
  isKnownKey?: (key: string) => boolean;
  /**
   * The realm's captcha guards this form's call (issue 18; realm settings' `captcha.signUp`): the
   * form is sent only with a solved challenge, whose token goes in the `X-Captcha-Token` header.
   * @default false
   */
  captchaRequired?: boolean;
}

/** Context of a credentials form machine with fields `TField` and input `TInput`. */
export interface CredentialsFormContext<TField extends string, TInput extends CredentialsFormInput = CredentialsFormInput> {
  /** Form values, kept as typed (also after a failure). */
  values: Record<TField, string>;
  /** Message key of the form-level error (`EMPTY_INPUTS`, a server message, `failedAuthentication`…), or null. */
  error: string | null;
  /** Placeholder values of `error` (`{ seconds }` of a throttled attempt: domain `errorMessageVars`); `{}` otherwise. */
  errorVars: Record<string, string>;
  /** Message key per field (§5 "Empty-field messages use a key named per field"). */
  fieldErrors: Record<string, string>;
  /** The app state's captcha flags (commerce §3; domain `CaptchaFlags`): required, solved, failed, and the token. */
  captcha: CaptchaFlags;
  /** What the sign-in produced once done (the machine's output); null until then. Not for views. */
  signedIn: SignInOutput | null;
  /** Internal: the input. Not for views. */
  env: TInput;
}

/** Events of a credentials form machine with fields `TField`. */
export type CredentialsFormEvent<TField extends string> =
  | { type: 'form.change'; field: TField; value: string }
  | { type: 'form.submit' }
  /** The captcha widget answered a token (a solved challenge). */
  | { type: 'captcha.solved'; token: string }
  /** The captcha widget's token ran out before use. */
  | { type: 'captcha.expired' };
