import type { SnapshotFrom } from 'xstate';
import { connectCredentialsForm, type CredentialsFormApi } from '../credentialsForm/credentialsForm.connect.js';
import type { SignUpMachine } from './signUp.machine.js';
import type { SignUpEvent, SignUpField } from './signUp.types.js';

/** A snapshot of the sign-up machine. */
export type SignUpSnapshot = SnapshotFrom<SignUpMachine>;

/** What the sign-up form needs; `isDone` once signed up (and signed in). */
export type SignUpApi = CredentialsFormApi<SignUpField>;

/** Turns a sign-up snapshot and its `send` into what the form needs. */
export function connectSignUp(snapshot: SignUpSnapshot, send: (event: SignUpEvent) => void): SignUpApi {
  return connectCredentialsForm(snapshot, send);
}
