/**
 * Watch together (issue 17; docs/api.md "Watch together"; `calls.watchTogether`): rooms for a
 * live event, their members and the host's playback, kept in the database (`watch_rooms`,
 * `watch_room_members`) so that a restart loses no room, and the relay of a room's changes as
 * server-sent events (`GET /api/v1/watch-together/rooms/{roomId}/events`, not a JSON call).
 *
 * The relay is in process: every change of a room (a member joins or leaves, the host plays,
 * pauses or seeks, the room closes) notifies the room's open streams, which read the room again
 * and send it whole (event `room`), so a member who missed events is right after the next one.
 * Times are the sandbox clock (`ctx.sandboxNow()`).
 */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { calls, NOT_ROOM_HOST_CODE, NOT_ROOM_MEMBER_CODE, ROOM_EVENT, roomIdSchema, type Room } from '@stream/core/contracts';
import { ROOM_MAX_MEMBERS } from '@stream/core/domain';
import { ageLimitOf } from '../catalogue/rating.js';
import { findPlayableTitle } from '../catalogue/playable.js';
import { users, watchRoomMembers, watchRooms } from '../db/schema.js';
import { ApiHttpError, badRequest } from '../errors.js';
import type { SandboxEnv } from '../http/env.js';
import { requireLicence } from './content.js';
import type { RouteContext } from './context.js';

const W = calls.watchTogether;
type RoomRow = typeof watchRooms.$inferSelect;

/** The path of a room's relay (server-sent events). */
export const ROOM_EVENTS_PATH = '/api/v1/watch-together/rooms/:roomId/events';
/** How often the relay sends a comment line, so that proxies and browsers keep the connection (ms). */
export const ROOM_KEEP_ALIVE_MS = 15_000;

const notFound = (roomId: string) => new ApiHttpError(404, 'NOT_FOUND', [`No room ${roomId}`]);

/** Registers every call of `calls.watchTogether` and the relay. */
export function registerWatchTogetherRoutes(app: Hono<SandboxEnv>, ctx: RouteContext): void {
  const { db, route } = ctx;
  const changes = new EventEmitter();
  changes.setMaxListeners(0);
  const changed = (roomId: string) => changes.emit(roomId);

  /** The open room `roomId`, or 404. */
  async function openRoom(roomId: string): Promise<RoomRow> {
    const [row] = await db
      .select()
      .from(watchRooms)
      .where(and(eq(watchRooms.id, roomId), isNull(watchRooms.closedAt)))
      .limit(1);
    if (!row) throw notFound(roomId);
    return row;
  }

  /** The room in the wire shape: its members (by joining, the host first) and the host's playback. */
  async function roomAnswer(row: RoomRow): Promise<Room> {
    const members = await db
      .select({ userId: watchRoomMembers.userId, joinedAt: watchRoomMembers.joinedAt, name: users.name })
      .from(watchRoomMembers)
      .innerJoin(users, eq(users.id, watchRoomMembers.userId))
      .where(eq(watchRoomMembers.roomId, row.id))
      .orderBy(asc(watchRoomMembers.joinedAt), asc(watchRoomMembers.userId));
    const host = row.hostId;
    const ordered = [...members.filter((m) => m.userId === host), ...members.filter((m) => m.userId !== host)];
    return {
      roomId: row.id,
      type: 'LIVE',
      titleId: row.titleId,
      hostId: host,
      members: ordered.map((m) => ({ userId: m.userId, name: m.name, host: m.userId === host, joinedAt: m.joinedAt.toISOString() })),
      playback:
        row.state && row.positionMs !== null && row.playbackUpdatedAt
          ? { state: row.state, positionMs: row.positionMs, updatedAt: row.playbackUpdatedAt.toISOString() }
          : null,
      version: row.version,
      now: (await ctx.sandboxNow()).toISOString(),
    };
  }

  /** The event's licences (403 `LICENCE_REQUIRED` unless `userId` holds one); 404 for no such live event. */
  async function requireEventLicence(c: Context, userId: string, titleId: string, now: Date) {
    const claims = await ctx.requireUser(c);
    const title = await findPlayableTitle(db, 'LIVE', titleId, now, ageLimitOf(claims));
    await requireLicence(db, userId, title.licenceIds, now);
    return title;
  }

  /** Adds `userId` to the room (idempotent); 409 `ROOM_FULL` past {@link ROOM_MAX_MEMBERS}. */
  async function addMember(room: RoomRow, userId: string, now: Date): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.select({ id: watchRooms.id }).from(watchRooms).where(eq(watchRooms.id, room.id)).for('update');
      const members = await tx.select({ userId: watchRoomMembers.userId }).from(watchRoomMembers).where(eq(watchRoomMembers.roomId, room.id));
      if (members.some((m) => m.userId === userId)) return;
      if (members.length >= ROOM_MAX_MEMBERS) throw new ApiHttpError(409, 'ROOM_FULL', ['roomFull']);
      await tx.insert(watchRoomMembers).values({ roomId: room.id, userId, joinedAt: now });
      await tx.update(watchRooms).set({ version: sql`${watchRooms.version} + 1` }).where(eq(watchRooms.id, room.id));
    });
  }

  // POST /api/v1/watch-together/rooms { titleId }: opens a room for a live event on now; the caller hosts it.
  route(W.create, async ({ body }, c) => {
    const claims = await ctx.requireUser(c);
    const now = await ctx.sandboxNow();
    const title = await requireEventLicence(c, claims.sub, body.titleId, now);
    if (!title.live) throw new ApiHttpError(409, 'NOT_LIVE', ['eventNotLive']);
    const id = randomUUID();
    const [row] = await db.transaction(async (tx) => {
      const created = await tx.insert(watchRooms).values({ id, hostId: claims.sub, titleId: body.titleId, createdAt: now }).returning();
      await tx.insert(watchRoomMembers).values({ roomId: id, userId: claims.sub, joinedAt: now });
      return created;
    });
    ctx.autoAnalyze.changed('watch_rooms');
    return roomAnswer(row!);
  });

  // GET /api/v1/watch-together/rooms/:roomId: the open room.
  route(W.get, async ({ params }, c) => {
    await ctx.requireUser(c);
    return roomAnswer(await openRoom(params.roomId));
  });

  // POST /api/v1/watch-together/rooms/:roomId/members: joins (a licence for the event needed).
  route(W.join, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    const room = await openRoom(params.roomId);
    const now = await ctx.sandboxNow();
    await requireEventLicence(c, claims.sub, room.titleId, now);
    await addMember(room, claims.sub, now);
    changed(room.id);
    return roomAnswer(await openRoom(room.id));
  });

  // DELETE /api/v1/watch-together/rooms/:roomId/members: leaves; the host's leaving closes the room.
  route(W.leave, async ({ params }, c) => {
    const claims = await ctx.requireUser(c);
    const room = await openRoom(params.roomId);
    const now = await ctx.sandboxNow();
    const closing = room.hostId === claims.sub;
    const [row] = await db.transaction(async (tx) => {
      const removed = await tx
        .delete(watchRoomMembers)
        .where(and(eq(watchRoomMembers.roomId, room.id), eq(watchRoomMembers.userId, claims.sub)))
        .returning();
      if (removed.length === 0 && !closing) return [room];
      return tx
        .update(watchRooms)
        .set({ version: sql`${watchRooms.version} + 1`, ...(closing ? { closedAt: now } : {}) })
        .where(eq(watchRooms.id, room.id))
        .returning();
    });
    changed(room.id);
    return roomAnswer(row!);
  });

  // PUT /api/v1/watch-together/rooms/:roomId/playback { state, positionMs }: the host's update.
  route(W.playback, async ({ params, body }, c) => {
    const claims = await ctx.requireUser(c);
    const room = await openRoom(params.roomId);
    if (room.hostId !== claims.sub) throw new ApiHttpError(403, NOT_ROOM_HOST_CODE, ['notRoomHost']);
    const [row] = await db
      .update(watchRooms)
      .set({ state: body.state, positionMs: body.positionMs, playbackUpdatedAt: await ctx.sandboxNow(), version: sql`${watchRooms.version} + 1` })
      .where(and(eq(watchRooms.id, room.id), isNull(watchRooms.closedAt)))
      .returning();
    if (!row) throw notFound(room.id);
    changed(room.id);
    return roomAnswer(row);
  });

  // GET /api/v1/watch-together/rooms/:roomId/events: the relay (server-sent events), members only.
  app.get(ROOM_EVENTS_PATH, async (c) => {
    const claims = await ctx.requireUser(c);
    const parsed = roomIdSchema.safeParse(c.req.param('roomId'));
    if (!parsed.success) throw badRequest('roomId: Invalid UUID');
    const room = await openRoom(parsed.data);
    const [member] = await db
      .select()
      .from(watchRoomMembers)
      .where(and(eq(watchRoomMembers.roomId, room.id), eq(watchRoomMembers.userId, claims.sub)))
      .limit(1);
    if (!member) throw new ApiHttpError(403, NOT_ROOM_MEMBER_CODE, ['notRoomMember']);
    c.header('cache-control', 'no-store');
    return streamSSE(c, async (stream) => {
      let wake: (() => void) | undefined;
      let pending = true; // the room is sent at once
      const notify = () => {
        pending = true;
        wake?.();
      };
      changes.on(room.id, notify);
      stream.onAbort(() => wake?.());
      const keepAlive = setInterval(() => void stream.write(': keep-alive\n\n').catch(() => undefined), ROOM_KEEP_ALIVE_MS);
      try {
        while (!stream.aborted && !stream.closed) {
          if (!pending) await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          if (stream.aborted || stream.closed) break;
          pending = false;
          const [row] = await db.select().from(watchRooms).where(eq(watchRooms.id, room.id)).limit(1);
          if (!row || row.closedAt) {
            await stream.writeSSE({ event: 'closed', data: JSON.stringify({ roomId: room.id }) });
            break;
          }
          await stream.writeSSE({ event: ROOM_EVENT, data: JSON.stringify(await roomAnswer(row)), id: String(row.version) });
        }
      } finally {
        clearInterval(keepAlive);
        changes.off(room.id, notify);
      }
    });
  });
}
