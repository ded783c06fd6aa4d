import type { SnapshotFrom } from 'xstate';
import type { IdSignInMachine } from './idSignIn.machine.js';
import type { IdSignInEvent, IdSignInField } from './idSignIn.types.js';

/** A snapshot of the ID sign-in machine. */
export type IdSignInSnapshot = SnapshotFrom<IdSignInMachine>;

/** What the ID sign-in form needs. */
export interface IdSignInApi {
  values: Record<IdSignInField, string>;
  /** Message key of the form-level error (`role="alert"`), or null. */
  error: string | null;
  /** Message key per field. */
  fieldErrors: Record<string, string>;
  /** True while the credentials are being checked (disable the form, show loading). */
  isSubmitting: boolean;
  /** True once signed in; navigate to `target`. */
  isDone: boolean;
  /** In-app path to go to once done (§2 "After sign-in completion"), else null. */
  target: string | null;
  change(field: IdSignInField, value: string): void;
  submit(): void;
}

/** Turns an ID sign-in snapshot and its `send` into what the form needs. */
export function connectIdSignIn(snapshot: IdSignInSnapshot, send: (event: IdSignInEvent) => void): IdSignInApi {
  const { values, error, fieldErrors, target } = snapshot.context;
  return {
    values,
    error,
    fieldErrors,
    isSubmitting: snapshot.matches('submitting'),
    isDone: snapshot.status === 'done',
    target,
    change: (field, value) => send({ type: 'form.change', field, value }),
    submit: () => send({ type: 'form.submit' }),
  };
}
