import type { ApiClient } from '../../api/types.js';
import type { postSignInTarget } from '../../domain/index.js';
import type { SessionEvent } from '../session/session.types.js';

/** Route locale accepted by `postSignInTarget` (the domain's `RouteLocale`). */
export type TargetLocale = NonNullable<Parameters<typeof postSignInTarget>[1]>['locale'];

/** Anything that accepts session events: the session actor, or a fake in tests. */
export interface SessionReceiver {
  send(event: SessionEvent): void;
}

/**
 * Input every credentials form machine takes (ID sign-in, sign-up, and later flows built with
 * `createCredentialsFormMachine`); a flow's own input extends it.
 */
export interface CredentialsFormInput {
  /** Platform client; the flow's submit actor calls it (`api.auth.login`, `api.auth.signUp`…). */
  api: ApiClient;
  /** Receives `session.signedIn { tokens }` on success. */
  session: SessionReceiver;
  /** The page's query string (`?from=…&entryPage=…`), for the target after sign-in (§2). */
  search: string;
  /** Where to go when the query names no target. @default the domain's default (the default menu page) */
  defaultPath?: string;
  /** Route locale of the target path. @default the domain's default locale */
  locale?: TargetLocale;
  /**
   * Whether a message key has a translation (labels); server messages are shown only when known
   * (§8 "Login failure"). @default () => false
   */
  isKnownKey?: (key: string) => boolean;
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
  /** In-app path to go to once done (§2 "After sign-in completion"); null until then. */
  target: string | null;
  /** Internal: the input. Not for views. */
  env: TInput;
}

/** Events of a credentials form machine with fields `TField`. */
export type CredentialsFormEvent<TField extends string> =
  | { type: 'form.change'; field: TField; value: string }
  | { type: 'form.submit' };
