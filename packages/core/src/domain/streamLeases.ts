/**
 * Concurrent streams (issue 17 "Concurrent streams and the heartbeat"; docs/api.md "Concurrent
 * streams"): a fair limit on how many streams one account plays at once. Each playback of a
 * signed-in viewer holds a lease; the player renews it with a heartbeat
 * (commerce-and-account-data.md §7 "Multi-view heartbeat path /v1/multiviewHeartbeat", used for
 * single playback too); a lease not renewed for {@link STREAM_LEASE_TTL_MS} (§9's timing constant
 * 60000 ms) expires, and a lease stopped from another device is gone at the next heartbeat.
 *
 * The rules here decide, on a clock given as a parameter (epoch milliseconds), which leases are
 * live, whether a new stream may start (never more than the limit live at once) and what a
 * heartbeat answers. Pure and total: malformed numbers give a defined answer, never a throw.
 */

/** How long a lease lives after its last renewal, in ms (§9 "Timing constants … 60000 ms"): a lease not renewed for 60 s is expired. */
export const STREAM_LEASE_TTL_MS = 60_000;

/**
 * How often the player renews its leases, in ms: 20 s, a third of {@link STREAM_LEASE_TTL_MS}, so
 * two heartbeats may be lost before a playing lease expires, and a lease stopped on another device
 * stops this player within 20 s.
 */
export const STREAM_HEARTBEAT_INTERVAL_MS = 20_000;

/** How many streams an account plays at once when the realm sets no other limit (issue 17: "a realm setting, default 4"; a multi-view tile counts as one). */
export const DEFAULT_CONCURRENT_STREAM_LIMIT = 4;

/** The largest limit a realm may set. */
export const MAX_CONCURRENT_STREAM_LIMIT = 100;

/**
 * What the platform says of a lease: `ACTIVE` (live; a heartbeat renewed it), `STOPPED` (stopped
 * by `DELETE`, from any device of the account), `EXPIRED` (not renewed for
 * {@link STREAM_LEASE_TTL_MS}), `UNKNOWN` (no lease of the caller's account by that id). Only
 * `ACTIVE` lets the player go on; an expired or stopped lease never comes back to life (its place
 * may have gone to another stream): the player starts a new one.
 */
export const STREAM_LEASE_STATUSES = ['ACTIVE', 'STOPPED', 'EXPIRED', 'UNKNOWN'] as const;
export type StreamLeaseStatus = (typeof STREAM_LEASE_STATUSES)[number];

/** A lease as the rules see it: times in epoch ms; `stoppedAtMs` set (not null) once it was stopped. */
export interface StreamLease {
  readonly leaseId: string;
  readonly startedAtMs: number;
  readonly renewedAtMs: number;
  readonly stoppedAtMs?: number | null;
}

/** The limit a realm setting gives: an integer from 1 to {@link MAX_CONCURRENT_STREAM_LIMIT}; anything else (absent, NaN, 0, fractional) is {@link DEFAULT_CONCURRENT_STREAM_LIMIT}. */
export function concurrentStreamLimit(setting: unknown): number {
  return typeof setting === 'number' && Number.isInteger(setting) && setting >= 1 && setting <= MAX_CONCURRENT_STREAM_LIMIT
    ? setting
    : DEFAULT_CONCURRENT_STREAM_LIMIT;
}

/** When the lease expires unless renewed (epoch ms): its last renewal plus {@link STREAM_LEASE_TTL_MS}. */
export function leaseExpiresAtMs(lease: Pick<StreamLease, 'renewedAtMs'>): number {
  return lease.renewedAtMs + STREAM_LEASE_TTL_MS;
}

/**
 * The status of `lease` at `nowMs` (epoch ms): `UNKNOWN` without a lease, `STOPPED` once stopped,
 * `ACTIVE` while `nowMs` is before {@link leaseExpiresAtMs}, `EXPIRED` from then on (and for a
 * lease or a clock that is not a finite number).
 */
export function leaseStatus(lease: StreamLease | undefined, nowMs: number): StreamLeaseStatus {
  if (!lease) return 'UNKNOWN';
  if (lease.stoppedAtMs !== undefined && lease.stoppedAtMs !== null) return 'STOPPED';
  if (!Number.isFinite(nowMs) || !Number.isFinite(lease.renewedAtMs)) return 'EXPIRED';
  return nowMs < leaseExpiresAtMs(lease) ? 'ACTIVE' : 'EXPIRED';
}

/** Whether `lease` is live (holds a place of the limit) at `nowMs`. */
export const isLeaseLive = (lease: StreamLease, nowMs: number): boolean => leaseStatus(lease, nowMs) === 'ACTIVE';

/** The leases live at `nowMs`, oldest start first (ties by id), as a new array. */
export function liveLeases<L extends StreamLease>(leases: readonly L[], nowMs: number): L[] {
  return leases
    .filter((lease) => isLeaseLive(lease, nowMs))
    .sort((a, b) => a.startedAtMs - b.startedAtMs || (a.leaseId < b.leaseId ? -1 : a.leaseId > b.leaseId ? 1 : 0));
}

/** Whether a new stream may start: `allowed`, or refused with the live leases that hold every place (`holders`, oldest first). */
export type StreamStartDecision<L extends StreamLease = StreamLease> =
  | { readonly allowed: true; readonly live: number; readonly limit: number }
  | { readonly allowed: false; readonly holders: readonly L[]; readonly limit: number };

/**
 * Whether the account whose leases are `leases` may start one more stream at `nowMs` under
 * `limitSetting` (see {@link concurrentStreamLimit}): allowed while fewer than the limit are live,
 * otherwise refused naming the live leases (the platform answers 429 `CONCURRENCY_LIMIT` with
 * them). Granting whenever this allows keeps at most the limit live at once.
 */
export function streamStartDecision<L extends StreamLease>(leases: readonly L[], nowMs: number, limitSetting?: unknown): StreamStartDecision<L> {
  const limit = concurrentStreamLimit(limitSetting);
  const live = liveLeases(leases, nowMs);
  return live.length < limit ? { allowed: true, live: live.length, limit } : { allowed: false, holders: live, limit };
}

/**
 * A heartbeat of `lease` at `nowMs`: an `ACTIVE` lease is renewed (`renewedAtMs` becomes `nowMs`,
 * never earlier than it was); any other is left as it is and its status answered, so a stopped or
 * expired lease never revives. `lease` is the renewed lease (undefined when there was none).
 */
export function heartbeatLease<L extends StreamLease>(lease: L | undefined, nowMs: number): { status: StreamLeaseStatus; lease: L | undefined } {
  const status = leaseStatus(lease, nowMs);
  if (status !== 'ACTIVE' || !lease) return { status, lease };
  return { status, lease: { ...lease, renewedAtMs: Math.max(lease.renewedAtMs, nowMs) } };
}
