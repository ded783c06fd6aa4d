import type { StreamLeaseStatus } from '../../domain/streamLeases.js';

/** What one heartbeat answers (`heartbeatAnswerSchema` of `POST /api/v1/multiviewHeartbeat`): each lease's status, and the next interval (ms). */
export interface StreamHeartbeatAnswer {
  leases: readonly { leaseId: string; status: StreamLeaseStatus }[];
  heartbeatIntervalMs?: number | undefined;
}

/**
 * Sends one heartbeat for `leaseIds` (aborted by `signal` when the machine stops). For example
 * `({ leaseIds, signal }) => api.streamLeases.heartbeat({ body: { leaseIds } }, { signal })`.
 */
export type StreamHeartbeatFunction = (request: { leaseIds: string[]; signal: AbortSignal }) => Promise<StreamHeartbeatAnswer>;

/** Stops one lease (`api.streamLeases.stop({ params: { leaseId } }, { keepalive: true })`); its answer is ignored. */
export type StreamStopFunction = (request: { leaseId: string }) => Promise<unknown>;

/** Input of the stream-lease machine: the leases of one player (one, or one per multi-view tile). */
export interface StreamLeaseInput {
  /** The leases held (the `leaseId`s of the starts); more come with `lease.add`. */
  leaseIds: readonly string[];
  /** The interval of the start's answer (`heartbeatIntervalMs`). @default STREAM_HEARTBEAT_INTERVAL_MS */
  intervalMs?: number | undefined;
  heartbeat: StreamHeartbeatFunction;
  /** Stops a lease on `lease.release` and `lease.end`. Absent: nothing is sent (the lease expires by itself). */
  stop?: StreamStopFunction | undefined;
}

/** A lease the platform no longer holds for this player, and why (`STOPPED`, `EXPIRED`, `UNKNOWN`). */
export interface LostLease {
  leaseId: string;
  status: Exclude<StreamLeaseStatus, 'ACTIVE'>;
}

/** Context of the stream-lease machine. */
export interface StreamLeaseContext {
  /** The leases held and renewed. */
  leaseIds: string[];
  /** Leases the platform said are gone (the player stops their videos), newest last. */
  lost: LostLease[];
  /** The heartbeat interval in ms (the platform may change it in an answer). */
  intervalMs: number;
  /** Heartbeats the platform answered. */
  beats: number;
  /** Heartbeats in a row that failed (no answer); the leases may still be live (60 s). */
  failures: number;
  /** Internal: the input's functions. */
  env: { heartbeat: StreamHeartbeatFunction; stop: StreamStopFunction | undefined };
}

/** Events of the stream-lease machine. */
export type StreamLeaseEvent =
  /** A lease to renew as well (a multi-view tile started). */
  | { type: 'lease.add'; leaseId: string }
  /** The player let one lease go (a tile closed): it is stopped on the platform and no longer renewed. */
  | { type: 'lease.release'; leaseId: string }
  /** The player ends (the viewer leaves): every lease is stopped on the platform. */
  | { type: 'lease.end' };

/** What the machine ends with: `stopped` (the platform holds none of the leases: the player stops) and the `lost` leases. */
export interface StreamLeaseOutput {
  stopped: boolean;
  lost: LostLease[];
}
