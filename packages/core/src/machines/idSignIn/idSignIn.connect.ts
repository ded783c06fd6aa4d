import type { SnapshotFrom } from 'xstate';
import { connectCredentialsForm, type CredentialsFormApi } from '../credentialsForm/credentialsForm.connect.js';
import type { IdSignInMachine } from './idSignIn.machine.js';
import type { IdSignInEvent, IdSignInField } from './idSignIn.types.js';

/** A snapshot of the ID sign-in machine. */
export type IdSignInSnapshot = SnapshotFrom<IdSignInMachine>;

/** What the ID sign-in form needs; `isDone` once signed in. */
export type IdSignInApi = CredentialsFormApi<IdSignInField>;

/** Turns an ID sign-in snapshot and its `send` into what the form needs. */
export function connectIdSignIn(snapshot: IdSignInSnapshot, send: (event: IdSignInEvent) => void): IdSignInApi {
  return connectCredentialsForm(snapshot, send);
}
