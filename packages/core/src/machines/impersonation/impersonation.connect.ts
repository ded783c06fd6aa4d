import type { SnapshotFrom } from 'xstate';
import type { ImpersonationMachine } from './impersonation.machine.js';
import type { ImpersonationEvent } from './impersonation.types.js';
import { matchedState } from '../matchedState.js';

/** A snapshot of the impersonation machine. */
export type ImpersonationSnapshot = SnapshotFrom<ImpersonationMachine>;

/** What a view needs for the IMPERSONATE page. */
export interface ImpersonationApi {
  /** `exchanging` (show progress), `signedIn` (the session is taking the viewer HOME), `failed` (show `error`). */
  phase: 'exchanging' | 'signedIn' | 'failed';
  busy: boolean;
  /** Message key to show (`t(error)`), else null. */
  error: string | null;
  /** Whether the Try again button applies. */
  canRetry: boolean;
  /** Sends the same token again (only after a failure that may be retried). */
  retry(): void;
}

/** Turns an impersonation snapshot and its `send` into what the view renders. */
export function connectImpersonation(snapshot: ImpersonationSnapshot, send: (event: ImpersonationEvent) => void): ImpersonationApi {
  const phase = matchedState(snapshot, ['signedIn', 'failed'], 'exchanging');
  return {
    phase,
    busy: phase === 'exchanging',
    error: snapshot.context.error,
    canRetry: phase === 'failed' && snapshot.context.canRetry,
    retry: () => send({ type: 'retry' }),
  };
}
