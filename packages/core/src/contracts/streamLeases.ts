import * as z from 'zod/mini';
import { STREAM_LEASE_STATUSES } from '../domain/streamLeases.js';
import { contentParamsSchema, playbackSchema } from './content.js';
import { defineCall } from './define.js';

/**
 * Concurrent streams (issue 17 "Concurrent streams and the heartbeat"; docs/api.md "Concurrent
 * streams"; the rules are `@stream/core/domain`'s `streamLeases.ts`). An account plays at most
 * the realm's limit of streams at once (default 4, `DEFAULT_CONCURRENT_STREAM_LIMIT`; all profiles
 * of a household share it; a multi-view tile is one stream). A signed-in viewer's playback is a
 * lease:
 *
 * - `POST /api/v2/playback/{type}/{id}` starts it: the playback answer of `GET` (which is
 *   unchanged and takes no lease, so existing callers keep working) with `leaseId`,
 *   `heartbeatIntervalMs` and `leaseExpiresAt`. Past the limit: 429 `CONCURRENCY_LIMIT`
 *   (`concurrencyLimitReached`) with `details { limit, streams }`, the live streams and their
 *   devices ({@link concurrencyLimitDetailsSchema}). A guest playing a free title takes no lease
 *   (the answer has no `leaseId`).
 * - `POST /api/v1/multiviewHeartbeat` (commerce-and-account-data.md §7 "Multi-view heartbeat path
 *   /v1/multiviewHeartbeat"; the method is this project's) renews leases, one (`{ leaseId }`:
 *   single playback) or several (`{ leaseIds }`: the tiles of a multi-view), and answers each one's
 *   status: a player whose lease is not `ACTIVE` stops (a stop from another device reaches it
 *   within one heartbeat interval). A lease not renewed for 60 s expires (`STREAM_LEASE_TTL_MS`).
 * - `GET /api/v2/streams` lists the account's live streams with their device names;
 *   `DELETE /api/v2/streams/{leaseId}` stops one (any device of the account may stop any of them).
 *
 * The device name: `deviceName` of the start body when the client sends one (1 to 60 characters,
 * "Living-room TV"), otherwise read from the request's `User-Agent` ("Chrome on Linux"). Every call
 * but the start needs a signed-in account (401 `UNAUTHORIZED`); a lease of another account is as
 * unknown as one that never was (404, or `UNKNOWN` in a heartbeat). Errors in the platform's shape
 * `{ status, code, messages, requestId, details? }`; 400 `BAD_REQUEST` for a malformed body or id.
 */

/** The code of the 429 answer of a start past the limit. */
export const CONCURRENCY_LIMIT_CODE = 'CONCURRENCY_LIMIT';
/** The message key of the 429 answer (labels `streams/*.json`). */
export const CONCURRENCY_LIMIT_MESSAGE = 'concurrencyLimitReached';

/** Most leases one heartbeat renews. */
export const HEARTBEAT_MAX_LEASES = 16;
/** Longest `deviceName` a client may send, in characters (after trimming). */
export const DEVICE_NAME_MAX_LENGTH = 60;

/** An ISO 8601 date-time with its offset. */
const dateTime = () => z.iso.datetime({ offset: true });
/** A lease id: a UUID the platform gave. */
export const leaseIdSchema = z.uuid();

/** Body of `POST /api/v2/playback/{type}/{id}` (optional): `deviceName`, the name the account's other devices see (1 to 60 characters after trimming). */
export const streamStartRequestSchema = z.optional(
  z.object({
    deviceName: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(DEVICE_NAME_MAX_LENGTH))),
  }),
);
export type StreamStartRequest = z.input<typeof streamStartRequestSchema>;

/**
 * The answer of a start: the playback answer (`url`, `mimeType`, `expiresAt` of the URL) and, for
 * a signed-in viewer, the lease: `leaseId`, `heartbeatIntervalMs` (how often to send the
 * heartbeat, ms; 20000) and `leaseExpiresAt` (ISO 8601: when it expires unless renewed).
 */
export const streamStartSchema = z.extend(playbackSchema, {
  leaseId: z.optional(leaseIdSchema),
  heartbeatIntervalMs: z.optional(z.int().check(z.gt(0))),
  leaseExpiresAt: z.optional(dateTime()),
});
export type StreamStart = z.infer<typeof streamStartSchema>;

/**
 * A live stream of the account: `leaseId`, `deviceName`, what it plays (`type`, `titleId`, as in
 * the playback path), `startedAt`, `expiresAt` (ISO 8601; unless renewed) and `thisDevice` (the
 * lease was started by the device that asks, by its `x-device-id`).
 */
export const liveStreamSchema = z.looseObject({
  leaseId: leaseIdSchema,
  deviceName: z.string(),
  type: z.optional(z.string()),
  titleId: z.optional(z.string()),
  startedAt: dateTime(),
  expiresAt: z.optional(dateTime()),
  thisDevice: z.optional(z.boolean()),
});
export type LiveStream = z.infer<typeof liveStreamSchema>;

/** `GET /api/v2/streams`: the account's live streams, oldest first, and the realm's `limit`. */
export const liveStreamsSchema = z.looseObject({ items: z.array(liveStreamSchema), limit: z.int().check(z.gte(1)) });
export type LiveStreams = z.infer<typeof liveStreamsSchema>;

/** `details` of the 429 `CONCURRENCY_LIMIT` answer: the realm's `limit` and the live `streams` that hold it (oldest first). */
export const concurrencyLimitDetailsSchema = z.looseObject({ limit: z.int(), streams: z.array(liveStreamSchema) });
export type ConcurrencyLimitDetails = z.infer<typeof concurrencyLimitDetailsSchema>;

/** Body of `POST /api/v1/multiviewHeartbeat`: one lease (`{ leaseId }`, single playback) or 1 to 16 (`{ leaseIds }`, multi-view), not both. */
export const heartbeatRequestSchema = z.union([
  z.strictObject({ leaseIds: z.array(leaseIdSchema).check(z.minLength(1), z.maxLength(HEARTBEAT_MAX_LEASES)) }),
  z.strictObject({ leaseId: leaseIdSchema }),
]);
export type HeartbeatRequest = z.input<typeof heartbeatRequestSchema>;

/** One lease's status after a heartbeat: `ACTIVE` (renewed, `expiresAt` moved on), `STOPPED`, `EXPIRED` or `UNKNOWN` (`StreamLeaseStatus`). */
export const leaseStateSchema = z.looseObject({
  leaseId: z.string(),
  status: z.enum(STREAM_LEASE_STATUSES),
  expiresAt: z.optional(dateTime()),
});
export type LeaseState = z.infer<typeof leaseStateSchema>;

/** The heartbeat's answer: each lease asked, in the order asked, and the interval of the next heartbeat (ms). */
export const heartbeatAnswerSchema = z.looseObject({ leases: z.array(leaseStateSchema), heartbeatIntervalMs: z.int().check(z.gt(0)) });
export type HeartbeatAnswer = z.infer<typeof heartbeatAnswerSchema>;

/** Path parameters of `DELETE /api/v2/streams/{leaseId}`. */
export const leaseParamsSchema = z.object({ leaseId: leaseIdSchema });

/** The `streamLeases` area (`calls.streamLeases`). */
export const streamLeasesCalls = {
  /**
   * `POST /api/v2/playback/{type}/{id}` (body optional: `{ deviceName? }`): starts a playback,
   * answering the playback answer of `GET` plus, for a signed-in viewer, the lease `{ leaseId,
   * heartbeatIntervalMs, leaseExpiresAt }`; a guest playing a free title gets no lease. Errors:
   * 429 `CONCURRENCY_LIMIT` `concurrencyLimitReached` with `details { limit, streams: [{ leaseId,
   * deviceName, titleId?, startedAt }] }` when the account already plays its limit; 403
   * `LICENCE_REQUIRED`, 404 `NOT_FOUND` as `GET`; 400 for a bad body.
   */
  start: defineCall({
    name: 'streamLeases.start',
    method: 'POST',
    path: '/api/v2/playback/:type/:id',
    params: contentParamsSchema,
    body: streamStartRequestSchema,
    response: streamStartSchema,
    auth: 'optional',
  }),
  /**
   * `POST /api/v1/multiviewHeartbeat` with `{ leaseIds: [...] }` (multi-view) or `{ leaseId }`
   * (single playback): renews each `ACTIVE` lease of the account for 60 s more and answers
   * `{ leases: [{ leaseId, status, expiresAt? }], heartbeatIntervalMs }` in the order asked. A
   * stopped or expired lease stays so (the player stops; to play again it starts anew). Errors:
   * 401; 400 for a malformed body (no ids, more than 16, an id that is not a UUID).
   */
  heartbeat: defineCall({
    name: 'streamLeases.heartbeat',
    method: 'POST',
    path: '/api/v1/multiviewHeartbeat',
    body: heartbeatRequestSchema,
    response: heartbeatAnswerSchema,
    auth: 'required',
  }),
  /** `GET /api/v2/streams`: the account's live streams `{ items: [{ leaseId, deviceName, type, titleId, startedAt, expiresAt, thisDevice }], limit }`, oldest first. Errors: 401. */
  list: defineCall({
    name: 'streamLeases.list',
    method: 'GET',
    path: '/api/v2/streams',
    response: liveStreamsSchema,
    auth: 'required',
  }),
  /**
   * `DELETE /api/v2/streams/{leaseId}`: stops a lease of the account (any of its devices may stop
   * any of its leases); idempotent; answers `{ leaseId, status }` (`STOPPED`, or `EXPIRED` for one
   * that had expired before). The player holding it learns at its next heartbeat. Errors: 401; 404
   * `NOT_FOUND` for a lease the account does not hold; 400 for an id that is not a UUID.
   */
  stop: defineCall({
    name: 'streamLeases.stop',
    method: 'DELETE',
    path: '/api/v2/streams/:leaseId',
    params: leaseParamsSchema,
    response: leaseStateSchema,
    auth: 'required',
  }),
};
