/**
 * Watch together (`calls.watchTogether` and the relay; issue 17; docs/api.md "Watch together")
 * against a seeded in-memory sandbox, in process: a host with the licence opens a room for a live
 * event, a member with the licence joins and sees the members, a viewer without it is refused 403
 * `LICENCE_REQUIRED`, only the host updates the playback, the relay sends the room at once and
 * after each change, guests and non-members are refused, a host's leaving closes the room, and
 * malformed input is 400 in the platform's shape.
 */
import { describe, expect, it } from 'vitest';
import { roomSchema, type Room } from '@stream/core/contracts';
import { serverSentEventParser, type ServerSentEvent } from '@stream/core/api';
import { LICENCE_IDS } from '../src/seed/catalogue.js';
import { TITLE_IDS } from '../src/seed/titles.js';
import { inProcessBuyers } from './buyers.js';
import { call, expectError, inProcessAppForFile, REALM_HEADERS } from './helpers.js';

const opened = inProcessAppForFile();
const ROOMS = '/api/v1/watch-together/rooms';
const EVENT: string = TITLE_IDS.rallyStage; // live now, SPORTS licences

/** A fresh account; with the sports licence unless `licensed` is false. */
async function viewer(licensed = true) {
  const buyer = await inProcessBuyers(opened.app).newBuyer();
  if (licensed) {
    const res = await call(opened.app, 'POST', '/_sandbox/licences/grant', { body: { email: buyer.email, licenceId: LICENCE_IDS.sportsBasic } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }
  return buyer.token;
}

async function ok(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<Room> {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  return roomSchema.parse(res.json);
}

const create = (token: string | undefined, titleId = EVENT) => call(opened.app, 'POST', ROOMS, { token, body: { titleId } });
const join = (token: string, roomId: string) => call(opened.app, 'POST', `${ROOMS}/${roomId}/members`, { token });
const leave = (token: string, roomId: string) => call(opened.app, 'DELETE', `${ROOMS}/${roomId}/members`, { token });
const update = (token: string, roomId: string, body: unknown) => call(opened.app, 'PUT', `${ROOMS}/${roomId}/playback`, { token, body });

/** Opens the relay of `roomId`: its events as they come (`next()`), and `close()`. */
async function relay(token: string, roomId: string) {
  const controller = new AbortController();
  const res = await opened.app.request(`${ROOMS}/${roomId}/events`, { headers: { ...REALM_HEADERS, authorization: `Bearer ${token}` }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parser = serverSentEventParser();
  const queue: ServerSentEvent[] = [];
  return {
    async next(): Promise<ServerSentEvent> {
      while (queue.length === 0) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error('The relay ended');
        queue.push(...parser.push(chunk.value));
      }
      return queue.shift()!;
    },
    async nextRoom(): Promise<Room> {
      const event = await this.next();
      expect(event.event).toBe('room');
      return roomSchema.parse(JSON.parse(event.data));
    },
    close() {
      controller.abort();
      void reader.cancel().catch(() => undefined);
    },
  };
}

describe('rooms', () => {
  it('a host with the licence opens a room; a member with the licence joins; both are listed, the host first', async () => {
    const host = await viewer();
    const member = await viewer();
    const room = await ok(await create(host), 201);
    expect(room).toMatchObject({ type: 'LIVE', titleId: EVENT, playback: null, version: 1 });
    expect(room.members).toHaveLength(1);
    expect(room.members[0]).toMatchObject({ userId: room.hostId, host: true, name: 'Buyer' });

    const joined = await ok(await join(member, room.roomId));
    expect(joined.members.map((m) => m.host)).toEqual([true, false]);
    // Idempotent.
    expect((await ok(await join(member, room.roomId))).members).toHaveLength(2);
    const read = await ok(await call(opened.app, 'GET', `${ROOMS}/${room.roomId}`, { token: member }));
    expect(read.members).toEqual(joined.members);
  });

  it('a viewer without the licence is refused 403 LICENCE_REQUIRED, to open and to join', async () => {
    const host = await viewer();
    const unlicensed = await viewer(false);
    const room = await ok(await create(host), 201);
    expect(expectError(await join(unlicensed, room.roomId), 403, 'LICENCE_REQUIRED').messages).toEqual(['licenceRequired']);
    expectError(await create(unlicensed), 403, 'LICENCE_REQUIRED');
    expect((await ok(await call(opened.app, 'GET', `${ROOMS}/${room.roomId}`, { token: host }))).members).toHaveLength(1);
  });

  it('guests, unknown rooms and titles, events not live and malformed input are refused in the platform shape', async () => {
    const host = await viewer();
    expectError(await create(undefined), 401, 'UNAUTHORIZED');
    expectError(await create(host, 'no-such-event'), 404, 'NOT_FOUND');
    expectError(await create(host, TITLE_IDS.cityDerby), 409, 'CONFLICT'); // upcoming: not started
    expectError(await call(opened.app, 'GET', `${ROOMS}/not-a-uuid`, { token: host }), 400, 'BAD_REQUEST');
    expectError(await call(opened.app, 'GET', `${ROOMS}/00000000-0000-4000-8000-000000000000`, { token: host }), 404, 'NOT_FOUND');
    const room = await ok(await create(host), 201);
    expectError(await update(host, room.roomId, { state: 'STOPPED', positionMs: 1 }), 400, 'BAD_REQUEST');
    expectError(await update(host, room.roomId, { state: 'PLAYING', positionMs: -1 }), 400, 'BAD_REQUEST');
    expectError(await call(opened.app, 'POST', ROOMS, { token: host, rawBody: '{' }), 400, 'BAD_REQUEST');
  });
});

describe("the host's playback", () => {
  it('only the host updates it; the room keeps the state, the position and the sandbox time of the update', async () => {
    const host = await viewer();
    const member = await viewer();
    const room = await ok(await create(host), 201);
    await ok(await join(member, room.roomId));
    expectError(await update(member, room.roomId, { state: 'PAUSED', positionMs: 5 }), 403, 'NOT_ROOM_HOST');

    const at = Date.parse('2031-01-01T12:00:00Z');
    await call(opened.app, 'POST', '/_sandbox/clock', { body: { now: new Date(at).toISOString() } });
    try {
      const paused = await ok(await update(host, room.roomId, { state: 'PAUSED', positionMs: 1_700_000_000_123.5 }));
      expect(paused.playback).toMatchObject({ state: 'PAUSED', positionMs: 1_700_000_000_123.5 });
      expect(Date.parse(paused.playback!.updatedAt)).toBeGreaterThanOrEqual(at);
      expect(Date.parse(paused.playback!.updatedAt)).toBeLessThan(at + 60_000);
      expect(Date.parse(paused.now)).toBeGreaterThanOrEqual(at);
      expect(paused.version).toBe(3);
    } finally {
      await call(opened.app, 'POST', '/_sandbox/clock', { body: { now: null } });
    }
  });
});

describe('the relay (server-sent events)', () => {
  it('sends the room at once and after each change; a host leaving closes the room', async () => {
    const host = await viewer();
    const member = await viewer();
    const room = await ok(await create(host), 201);
    await ok(await join(member, room.roomId));

    const stream = await relay(member, room.roomId);
    try {
      expect((await stream.nextRoom()).members).toHaveLength(2);
      await ok(await update(host, room.roomId, { state: 'PLAYING', positionMs: 42_000 }));
      const playing = await stream.nextRoom();
      expect(playing.playback).toMatchObject({ state: 'PLAYING', positionMs: 42_000 });
      await ok(await update(host, room.roomId, { state: 'PAUSED', positionMs: 50_000 }));
      expect((await stream.nextRoom()).playback).toMatchObject({ state: 'PAUSED', positionMs: 50_000 });

      await ok(await leave(host, room.roomId));
      expect((await stream.next()).event).toBe('closed');
    } finally {
      stream.close();
    }
    expectError(await call(opened.app, 'GET', `${ROOMS}/${room.roomId}`, { token: member }), 404, 'NOT_FOUND');
  });

  it('refuses guests and viewers who have not joined; a member who leaves is no longer listed', async () => {
    const host = await viewer();
    const member = await viewer();
    const room = await ok(await create(host), 201);
    const guest = await opened.app.request(`${ROOMS}/${room.roomId}/events`, { headers: REALM_HEADERS });
    expect(guest.status).toBe(401);
    const outsider = await opened.app.request(`${ROOMS}/${room.roomId}/events`, { headers: { ...REALM_HEADERS, authorization: `Bearer ${member}` } });
    expect(outsider.status).toBe(403);
    expect(((await outsider.json()) as { code: string }).code).toBe('NOT_ROOM_MEMBER');

    await ok(await join(member, room.roomId));
    const left = await ok(await leave(member, room.roomId));
    expect(left.members.map((m) => m.host)).toEqual([true]);
  });
});
