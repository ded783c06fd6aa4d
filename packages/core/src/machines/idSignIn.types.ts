import type { ApiClient } from '../api/types.js';
import type { postSignInTarget } from '../domain/index.js';
import type { SessionEvent } from './session.types.js';

/** Route locale accepted by `postSignInTarget` (the domain's `RouteLocale`). */
export type TargetLocale = NonNullable<Parameters<typeof postSignInTarget>[1]>['locale'];

/** Anything that accepts session events: the session actor, or a fake in tests. */
export interface SessionReceiver {
  send(event: SessionEvent): void;
}

/** Input of the ID sign-in machine. */
export interface IdSignInInput {
  /** Platform client; the `login` actor calls `api.auth.login`. */
  api: ApiClient;
  /** Receives `session.signedIn { tokens }` on success. */
  session: SessionReceiver;
  /** The login page's query string (`?from=…&entryPage=…`), for the target after sign-in (§2). */
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
  /** Initial email, for example prefilled from the email confirmation page. @default '' */
  email?: string;
}

/** Fields of the ID sign-in form. */
export type IdSignInField = 'email' | 'password';

/** Context of the ID sign-in machine. */
export interface IdSignInContext {
  /** Form values, kept as typed (also after a failure). */
  values: Record<IdSignInField, string>;
  /** Message key of the form-level error (`EMPTY_INPUTS`, a server message, `failedAuthentication`…), or null. */
  error: string | null;
  /** Message key per field (§5 "Empty-field messages use a key named per field"). */
  fieldErrors: Record<string, string>;
  /** In-app path to go to once signed in (§2 "After sign-in completion"); null until then. */
  target: string | null;
  /** Internal: the input. Not for views. */
  env: IdSignInInput;
}

/** Events of the ID sign-in machine. */
export type IdSignInEvent =
  | { type: 'form.change'; field: IdSignInField; value: string }
  | { type: 'form.submit' };
