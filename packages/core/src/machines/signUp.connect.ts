import type { SnapshotFrom } from 'xstate';
import type { SignUpMachine } from './signUp.machine.js';
import type { SignUpEvent, SignUpField } from './signUp.types.js';

/** A snapshot of the sign-up machine. */
export type SignUpSnapshot = SnapshotFrom<SignUpMachine>;

/** What the sign-up form needs. */
export interface SignUpApi {
  values: Record<SignUpField, string>;
  /** Message key of the form-level error (`role="alert"`), or null. */
  error: string | null;
  /** Message key per field. */
  fieldErrors: Record<string, string>;
  /** True while the account is being created. */
  isSubmitting: boolean;
  /** True once signed up (and signed in); navigate to `target`. */
  isDone: boolean;
  /** In-app path to go to once done, else null. */
  target: string | null;
  change(field: SignUpField, value: string): void;
  submit(): void;
}

/** Turns a sign-up snapshot and its `send` into what the form needs. */
export function connectSignUp(snapshot: SignUpSnapshot, send: (event: SignUpEvent) => void): SignUpApi {
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
