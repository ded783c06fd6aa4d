import type { SnapshotFrom } from 'xstate';
import type { StreamLeaseMachine } from './streamLease.machine.js';
import type { LostLease, StreamLeaseEvent } from './streamLease.types.js';

/** A snapshot of the stream-lease machine. */
export type StreamLeaseSnapshot = SnapshotFrom<StreamLeaseMachine>;

/** What a player needs from the stream-lease machine. */
export interface StreamLeaseApi {
  /** The platform holds none of the player's leases any more: stop playing and say why (`lost`). */
  stopped: boolean;
  /** Leases the platform said are gone, and why (a multi-view stops those tiles). */
  lost: readonly LostLease[];
  /** Leases still held. */
  leaseIds: readonly string[];
  add(leaseId: string): void;
  release(leaseId: string): void;
  /** The player ends: every lease is stopped on the platform. */
  end(): void;
}

/** Turns a stream-lease snapshot and its `send` into what the player needs. */
export function connectStreamLease(snapshot: StreamLeaseSnapshot, send: (event: StreamLeaseEvent) => void): StreamLeaseApi {
  return {
    stopped: snapshot.matches('stopped'),
    lost: snapshot.context.lost,
    leaseIds: snapshot.context.leaseIds,
    add: (leaseId) => send({ type: 'lease.add', leaseId }),
    release: (leaseId) => send({ type: 'lease.release', leaseId }),
    end: () => send({ type: 'lease.end' }),
  };
}
