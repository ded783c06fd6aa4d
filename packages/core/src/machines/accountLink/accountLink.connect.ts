import type { SnapshotFrom } from 'xstate';
import type { AccountLinkMachine } from './accountLink.machine.js';
import type { AccountLinkEvent, AccountLinkField } from './accountLink.types.js';

/** A snapshot of the accountLink machine. */
export type AccountLinkSnapshot = SnapshotFrom<AccountLinkMachine>;

/**
 * Where the prompt is: `prompt` (the ID form and Skip), `working` (signing in, then linking),
 * `cannotLink` (cannotLinkAccount with Logout and Continue), and the ends `linked`, `skipped`,
 * `loggedOut`, `continued`.
 */
export type AccountLinkPhase = 'prompt' | 'working' | 'cannotLink' | 'linked' | 'skipped' | 'loggedOut' | 'continued';

/** What a view needs for the account-link prompt. */
export interface AccountLinkApi {
  phase: AccountLinkPhase;
  /** True while signing in or linking (the submit button shows progress, fields are read-only). */
  isSubmitting: boolean;
  values: Record<AccountLinkField, string>;
  /** Form-level message key, else null. */
  error: string | null;
  fieldErrors: Partial<Record<AccountLinkField, string>>;
  change(field: AccountLinkField, value: string): void;
  submit(): void;
  skip(): void;
  logout(): void;
  continue(): void;
}

/** Turns an accountLink snapshot and its `send` into what the view renders. */
export function connectAccountLink(snapshot: AccountLinkSnapshot, send: (event: AccountLinkEvent) => void): AccountLinkApi {
  const value = snapshot.value;
  const phase: AccountLinkPhase = value === 'signingIn' || value === 'linking' ? 'working' : value;
  return {
    phase,
    isSubmitting: phase === 'working',
    values: snapshot.context.values,
    error: snapshot.context.error,
    fieldErrors: snapshot.context.fieldErrors,
    change: (field, text) => send({ type: 'form.change', field, value: text }),
    submit: () => send({ type: 'form.submit' }),
    skip: () => send({ type: 'skip' }),
    logout: () => send({ type: 'logout' }),
    continue: () => send({ type: 'continue' }),
  };
}
