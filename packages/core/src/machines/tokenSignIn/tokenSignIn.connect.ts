import type { SnapshotFrom } from 'xstate';
import { connectCredentialsForm, type CredentialsFormApi } from '../credentialsForm/credentialsForm.connect.js';
import type { CredentialsFormEvent } from '../credentialsForm/credentialsForm.types.js';
import type { GigyaSignInMachine, OpinSignInMachine } from './tokenSignIn.machine.js';
import type { GigyaSignInField, OpinSignInEvent } from './tokenSignIn.types.js';

/** A snapshot of the OPIN sign-in machine. */
export type OpinSignInSnapshot = SnapshotFrom<OpinSignInMachine>;

/** Where the OPIN page stands. */
export type OpinSignInPhase = 'idle' | 'leaving' | 'exchanging' | 'signedIn' | 'failed';

/** What the OPIN page needs. */
export interface OpinSignInApi {
  phase: OpinSignInPhase;
  /** Message key of the error to show, or null. */
  error: string | null;
  /** The address without `token` and `state`: put it in the address bar (replace) at once; null when nothing to clean. */
  cleanUrl: string | null;
  /** Goes to the OPIN portal of the realm entry (`baseUri`; a path is resolved against `base`). */
  start(baseUri: unknown, base?: string | null): void;
}

/** Turns an OPIN sign-in snapshot and its `send` into what the page needs. Pure. */
export function connectOpinSignIn(snapshot: OpinSignInSnapshot, send: (event: OpinSignInEvent) => void): OpinSignInApi {
  const value = snapshot.value;
  const phase: OpinSignInPhase = value === 'choosing' ? 'idle' : value;
  return {
    phase,
    error: snapshot.context.error,
    cleanUrl: snapshot.context.cleanUrl,
    start: (baseUri, base) => send({ type: 'opin.start', baseUri, base: base ?? null }),
  };
}

/** A snapshot of the GIGYA sign-in machine. */
export type GigyaSignInSnapshot = SnapshotFrom<GigyaSignInMachine>;

/** What the GIGYA form needs; `isDone` once signed in. */
export type GigyaSignInApi = CredentialsFormApi<GigyaSignInField>;

/** Turns a GIGYA sign-in snapshot and its `send` into what the form needs (see `connectCredentialsForm`). */
export function connectGigyaSignIn(snapshot: GigyaSignInSnapshot, send: (event: CredentialsFormEvent<GigyaSignInField>) => void): GigyaSignInApi {
  return connectCredentialsForm(snapshot, send);
}
