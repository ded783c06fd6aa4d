import type { SnapshotFrom } from 'xstate';
import { connectCredentialsForm, type CredentialsFormApi } from '../credentialsForm/credentialsForm.connect.js';
import type { ProviderSignInMachine } from './providerSignIn.machine.js';
import type { ProviderSignInEvent, ProviderSignInField } from './providerSignIn.types.js';

/** A snapshot of the provider sign-in machine. */
export type ProviderSignInSnapshot = SnapshotFrom<ProviderSignInMachine>;

/** What the PBR/SPTV form needs; `isDone` once signed in. */
export type ProviderSignInApi = CredentialsFormApi<ProviderSignInField>;

/** Turns a provider sign-in snapshot and its `send` into what the form needs (see `connectCredentialsForm`). */
export function connectProviderSignIn(snapshot: ProviderSignInSnapshot, send: (event: ProviderSignInEvent) => void): ProviderSignInApi {
  return connectCredentialsForm(snapshot, send);
}
