import type { SnapshotFrom } from 'xstate';
import type { TvDeviceLoginMachine, TvDevicePinMachine } from './tvDeviceLogin.machine.js';
import type { TvDeviceLoginEvent, TvDevicePinEvent } from './tvDeviceLogin.types.js';
import { matchedState } from '../matchedState.js';

/** A snapshot of the tvDeviceLogin machine. */
export type TvDeviceLoginSnapshot = SnapshotFrom<TvDeviceLoginMachine>;

/** What the TV_LOGIN page renders. */
export interface TvDeviceLoginApi {
  phase: 'editing' | 'confirming' | 'confirmed';
  /** True while confirming (the submit button's progress). */
  busy: boolean;
  /** The code as typed. */
  pin: string;
  /** Message key of the error (`role="alert"`), else null. */
  error: string | null;
  /** The route's `tvAuthType`, when given. */
  tvAuthType: string | null;
  change(value: string): void;
  submit(): void;
  /** After a confirmation: enter another TV's code. */
  again(): void;
}

/** Turns a tvDeviceLogin snapshot and its `send` into what the TV_LOGIN page renders. Pure. */
export function connectTvDeviceLogin(snapshot: TvDeviceLoginSnapshot, send: (event: TvDeviceLoginEvent) => void): TvDeviceLoginApi {
  const phase = matchedState(snapshot, ['confirming', 'confirmed'], 'editing');
  return {
    phase,
    busy: phase === 'confirming',
    pin: snapshot.context.pin,
    error: snapshot.context.error,
    tvAuthType: snapshot.context.env.tvAuthType ?? null,
    change: (value) => send({ type: 'pin.change', value }),
    submit: () => send({ type: 'pin.submit' }),
    again: () => send({ type: 'again' }),
  };
}

/** A snapshot of the tvDevicePin machine. */
export type TvDevicePinSnapshot = SnapshotFrom<TvDevicePinMachine>;

/** What the TV page renders. */
export interface TvDevicePinApi {
  phase: 'requesting' | 'showing' | 'expired' | 'failed' | 'signedIn';
  /** The code to show while `showing`, else null. */
  pin: string | null;
  /** When the code expires (ms since the epoch), else null. */
  expiresAt: number | null;
  /** Message key once failed, else null. */
  error: string | null;
  /** A new code (expired or failed). */
  renew(): void;
}

/** Turns a tvDevicePin snapshot and its `send` into what the TV page renders. Pure. */
export function connectTvDevicePin(snapshot: TvDevicePinSnapshot, send: (event: TvDevicePinEvent) => void): TvDevicePinApi {
  const phase: TvDevicePinApi['phase'] = matchedState(snapshot, ['requesting', 'expired', 'failed', 'signedIn'], 'showing');
  return {
    phase,
    pin: phase === 'showing' ? snapshot.context.pin : null,
    expiresAt: phase === 'showing' ? snapshot.context.expiresAt : null,
    error: phase === 'failed' ? snapshot.context.error : null,
    renew: () => send({ type: 'renew' }),
  };
}
