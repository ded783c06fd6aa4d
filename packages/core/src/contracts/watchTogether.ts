import * as z from 'zod/mini';
import { ROOM_PLAYBACK_STATES } from '../domain/watchTogether.js';
import { defineCall } from './define.js';

/**
 * Watch together (issue 17 "Watch together"; docs/api.md "Watch together"; the rules are
 * `@stream/core/domain`'s `watchTogether.ts`). A signed-in viewer who holds a licence for a live
 * event opens a room for it (the host) and shares its link (WATCH_TOGETHER
 * `/live/:eventId/watch-together?room=<roomId>`); signed-in viewers who hold a licence for the
 * event join; the host's play, pause and seek reach every member, whose players follow within 2 s.
 *
 * - `POST /api/v1/watch-together/rooms` `{ titleId }`: opens a room (201), the caller its host and first member.
 * - `GET /api/v1/watch-together/rooms/{roomId}`: the room (any signed-in viewer with its id).
 * - `POST /api/v1/watch-together/rooms/{roomId}/members`: joins (idempotent).
 * - `DELETE /api/v1/watch-together/rooms/{roomId}/members`: leaves (idempotent; a host who leaves closes the room).
 * - `PUT /api/v1/watch-together/rooms/{roomId}/playback` `{ state, positionMs }`: the host's update.
 * - `GET /api/v1/watch-together/rooms/{roomId}/events`: the relay, server-sent events (not a JSON
 *   call, so not in `calls`; read with `fetch` and the session's bearer in `Authorization`, never
 *   a token in the URL; `ApiClient.eventStream`): an event `room` with the room ({@link roomSchema})
 *   at once and after every change, and a comment line every 15 s to keep the connection open.
 *
 * Rooms are kept in the platform's database: a restart loses none. Errors in the platform's shape:
 * 401 `UNAUTHORIZED` for a guest; 403 `LICENCE_REQUIRED` (`licenceRequired`) for a viewer without a
 * licence for the event (open, join, events); 403 `NOT_ROOM_HOST` for a playback update by a
 * member; 403 `NOT_ROOM_MEMBER` for the events of a room one has not joined; 404 `NOT_FOUND` for
 * an unknown or closed room or title; 409 `ROOM_FULL` past 20 members; 409 `NOT_LIVE` for a title
 * that is not a live event on now; 400 `BAD_REQUEST` for a malformed body or id.
 */

/** The code of a playback update by a member who is not the host. */
export const NOT_ROOM_HOST_CODE = 'NOT_ROOM_HOST';
/** The code of the relay of a room the caller has not joined. */
export const NOT_ROOM_MEMBER_CODE = 'NOT_ROOM_MEMBER';
/** The name of the relay's events that carry the room. */
export const ROOM_EVENT = 'room';

/** An ISO 8601 date-time with its offset. */
const dateTime = () => z.iso.datetime({ offset: true });
/** A room id: a UUID the platform gave. */
export const roomIdSchema = z.uuid();
/** Path parameters of the calls on one room. */
export const roomParamsSchema = z.object({ roomId: roomIdSchema });

/** Body of `POST /api/v1/watch-together/rooms`: the live event's id. */
export const roomCreateRequestSchema = z.object({ titleId: z.string().check(z.minLength(1), z.maxLength(200)) });
export type RoomCreateRequest = z.infer<typeof roomCreateRequestSchema>;

/**
 * Body of `PUT …/playback`: the host's `state` (`PLAYING`, `PAUSED`) and `positionMs`, the
 * position on the stream's timeline in ms (a live stream's program date-time, epoch ms; 0 or more).
 */
export const roomPlaybackRequestSchema = z.object({
  state: z.enum(ROOM_PLAYBACK_STATES),
  positionMs: z.number().check(z.gte(0), z.lte(8.64e15)),
});
export type RoomPlaybackRequest = z.infer<typeof roomPlaybackRequestSchema>;

/** A member: `userId`, the display `name`, `host` (the room's host) and `joinedAt` (ISO 8601). */
export const roomMemberSchema = z.looseObject({
  userId: z.string(),
  name: z.string(),
  host: z.boolean(),
  joinedAt: dateTime(),
});
export type RoomMember = z.infer<typeof roomMemberSchema>;

/** The host's last update: `state`, `positionMs` (ms on the stream's timeline) and `updatedAt` (ISO 8601, the platform's clock). */
export const roomPlaybackSchema = z.looseObject({
  state: z.enum(ROOM_PLAYBACK_STATES),
  positionMs: z.number(),
  updatedAt: dateTime(),
});
export type RoomPlayback = z.infer<typeof roomPlaybackSchema>;

/**
 * A room: `roomId`, the event (`type` `LIVE`, `titleId`), `hostId`, the `members` in the order
 * they joined (the host first), the host's `playback` (null until the host's first update),
 * `version` (1 on opening, one more per change), and `now`: the platform's clock when the answer
 * was made (ISO 8601), so that a client can tell the platform's time from its own.
 */
export const roomSchema = z.looseObject({
  roomId: roomIdSchema,
  type: z.literal('LIVE'),
  titleId: z.string(),
  hostId: z.string(),
  members: z.array(roomMemberSchema),
  playback: z.nullable(roomPlaybackSchema),
  version: z.int().check(z.gte(1)),
  now: dateTime(),
});
export type Room = z.infer<typeof roomSchema>;

/** The `watchTogether` area (`calls.watchTogether`). */
export const watchTogetherCalls = {
  /**
   * `POST /api/v1/watch-together/rooms` `{ titleId }`: opens a room for a live event on now; the
   * caller is its host. 201 with the room. Errors: 401; 403 `LICENCE_REQUIRED`; 404 `NOT_FOUND`
   * (no such live event); 409 `NOT_LIVE` (not on now); 400.
   */
  create: defineCall({
    name: 'watchTogether.create',
    method: 'POST',
    path: '/api/v1/watch-together/rooms',
    body: roomCreateRequestSchema,
    response: roomSchema,
    auth: 'required',
    status: 201,
  }),
  /** `GET /api/v1/watch-together/rooms/{roomId}`: the room. Errors: 401; 404 `NOT_FOUND` (unknown or closed); 400. */
  get: defineCall({
    name: 'watchTogether.get',
    method: 'GET',
    path: '/api/v1/watch-together/rooms/:roomId',
    params: roomParamsSchema,
    response: roomSchema,
    auth: 'required',
  }),
  /** `POST /api/v1/watch-together/rooms/{roomId}/members`: joins the room (idempotent); the room. Errors: 401; 403 `LICENCE_REQUIRED`; 404; 409 `ROOM_FULL`. */
  join: defineCall({
    name: 'watchTogether.join',
    method: 'POST',
    path: '/api/v1/watch-together/rooms/:roomId/members',
    params: roomParamsSchema,
    response: roomSchema,
    auth: 'required',
  }),
  /** `DELETE /api/v1/watch-together/rooms/{roomId}/members`: leaves the room (idempotent; the host's leaving closes it); the room. Errors: 401; 404. */
  leave: defineCall({
    name: 'watchTogether.leave',
    method: 'DELETE',
    path: '/api/v1/watch-together/rooms/:roomId/members',
    params: roomParamsSchema,
    response: roomSchema,
    auth: 'required',
  }),
  /** `PUT /api/v1/watch-together/rooms/{roomId}/playback` `{ state, positionMs }`: the host plays, pauses or seeks; the room. Errors: 401; 403 `NOT_ROOM_HOST`; 404; 400. */
  playback: defineCall({
    name: 'watchTogether.playback',
    method: 'PUT',
    path: '/api/v1/watch-together/rooms/:roomId/playback',
    params: roomParamsSchema,
    body: roomPlaybackRequestSchema,
    response: roomSchema,
    auth: 'required',
  }),
};
