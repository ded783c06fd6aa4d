import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { Room } from '../../contracts/watchTogether.js';
import { reconnectDelayMs } from '../../domain/watchTogether.js';
import { connectWatchTogether } from './watchTogether.connect.js';
import { watchTogetherMachine } from './watchTogether.machine.js';
import type { RoomStreamEvent, WatchTogetherCalls } from './watchTogether.types.js';

const ROOM_ID = '6f1f7f38-2d7a-4c43-9d7e-3f4d2b8a8d10';
const HOST = 'host-id';
const MEMBER = 'member-id';
const T0 = Date.parse('2030-01-01T00:00:00Z');

function room(overrides: Partial<Room> = {}): Room {
  return {
    roomId: ROOM_ID,
    type: 'LIVE',
    titleId: 'live-event',
    hostId: HOST,
    members: [{ userId: HOST, name: 'Host', host: true, joinedAt: new Date(T0).toISOString() }],
    playback: null,
    version: 1,
    now: new Date(T0).toISOString(),
    ...overrides,
  };
}

const apiError = (status: number, code: string) => new ApiError({ call: 'watchTogether.join', status, code, messages: [code], requestId: undefined });

/** A relay the test drives: `emit` an event, `fail` or `end` the connection; `connections` counts subscriptions. */
function fakeRelay() {
  let push: ((result: IteratorResult<RoomStreamEvent>) => void) | null = null;
  let reject: ((error: unknown) => void) | null = null;
  const queue: (IteratorResult<RoomStreamEvent> | { error: unknown })[] = [];
  let connections = 0;
  const deliver = (item: IteratorResult<RoomStreamEvent> | { error: unknown }) => {
    if (push && reject) {
      const [p, r] = [push, reject];
      push = reject = null;
      if ('error' in item) r(item.error);
      else p(item);
    } else queue.push(item);
  };
  const subscribe: WatchTogetherCalls['subscribe'] = ({ signal }) => {
    connections += 1;
    queue.length = 0;
    return {
      [Symbol.asyncIterator]: () => ({
        next: () =>
          new Promise<IteratorResult<RoomStreamEvent>>((resolve, rej) => {
            const item = queue.shift();
            if (item) return 'error' in item ? rej(item.error) : resolve(item);
            push = resolve;
            reject = rej;
            signal.addEventListener('abort', () => resolve({ done: true, value: undefined }));
          }),
      }),
    };
  };
  return {
    subscribe,
    emit: (event: RoomStreamEvent) => deliver({ done: false, value: event }),
    fail: (error: unknown = new Error('network')) => deliver({ error }),
    get connections() {
      return connections;
    },
  };
}

function platform(overrides: Partial<WatchTogetherCalls> = {}) {
  const relay = fakeRelay();
  const published: { state: string; positionMs: number }[] = [];
  let release: (() => void) | null = null;
  let holdPublish = false;
  const calls: WatchTogetherCalls = {
    open: async () => room(),
    join: async () => room({ members: [...room().members, { userId: MEMBER, name: 'Member', host: false, joinedAt: new Date(T0).toISOString() }], version: 2 }),
    leave: async () => room(),
    publish: async ({ state, positionMs }) => {
      published.push({ state, positionMs });
      if (holdPublish) await new Promise<void>((r) => (release = r));
      return room({ playback: { state, positionMs, updatedAt: new Date(T0).toISOString() }, version: 10 + published.length });
    },
    subscribe: relay.subscribe,
    ...overrides,
  };
  return {
    calls,
    relay,
    published,
    hold: () => (holdPublish = true),
    release: () => {
      holdPublish = false;
      release?.();
    },
  };
}

function start(options: { roomId?: string; userId?: string; now?: () => number } = {}, p = platform()) {
  const clock = new SimulatedClock();
  const actor = createActor(watchTogetherMachine, {
    input: { titleId: 'live-event', userId: options.userId ?? HOST, roomId: options.roomId, now: options.now ?? (() => T0), ...p.calls },
    clock,
  }).start();
  const api = () => connectWatchTogether(actor.getSnapshot(), actor.send);
  return { actor, clock, p, api };
}

describe('watchTogether machine (issue 17 "Watch together")', () => {
  it('without a room id the viewer opens one and hosts it; with one, joins as a member', async () => {
    const host = start();
    await waitFor(host.actor, (s) => s.matches('inRoom'));
    expect(host.api()).toMatchObject({ status: 'room', isHost: true });
    expect(host.api().members).toHaveLength(1);

    const member = start({ roomId: ROOM_ID, userId: MEMBER });
    await waitFor(member.actor, (s) => s.matches('inRoom'));
    expect(member.api()).toMatchObject({ status: 'room', isHost: false });
    expect(member.api().members.map((m) => m.userId)).toEqual([HOST, MEMBER]);
  });

  it('a viewer without the licence is locked (the paywall); an unknown room is gone; other errors fail and retry', async () => {
    const locked = start({ roomId: ROOM_ID, userId: MEMBER }, platform({ join: () => Promise.reject(apiError(403, 'LICENCE_REQUIRED')) }));
    await waitFor(locked.actor, (s) => s.status === 'done');
    expect(locked.api()).toMatchObject({ status: 'locked', problem: 'licence' });

    const gone = start({ roomId: ROOM_ID, userId: MEMBER }, platform({ join: () => Promise.reject(apiError(404, 'NOT_FOUND')) }));
    await waitFor(gone.actor, (s) => s.status === 'done');
    expect(gone.api().status).toBe('gone');

    let fail = true;
    const flaky = start({}, platform({ open: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(room())) }));
    await waitFor(flaky.actor, (s) => s.matches('failed'));
    expect(flaky.api()).toMatchObject({ status: 'failed', problem: 'error' });
    fail = false;
    flaky.api().retry();
    await waitFor(flaky.actor, (s) => s.matches('inRoom'));
    expect(flaky.api().problem).toBeNull();
  });

  it("the relay's rooms are taken (older versions ignored) with the platform's clock offset; a member follows the host", async () => {
    const viewerNow = T0 - 5_000; // the viewer's clock is 5 s behind the platform's
    const { actor, p, api } = start({ roomId: ROOM_ID, userId: MEMBER, now: () => viewerNow });
    await waitFor(actor, (s) => s.matches('inRoom'));
    expect(api().follow(0, viewerNow)).toBeNull(); // no playback yet

    p.relay.emit({ type: 'room', room: room({ version: 5, now: new Date(T0).toISOString(), playback: { state: 'PLAYING', positionMs: 100_000, updatedAt: new Date(T0 - 1_000).toISOString() } }) });
    await waitFor(actor, (s) => s.context.room?.version === 5);
    expect(actor.getSnapshot().context.clockOffsetMs).toBe(5_000);
    // At the viewer's T0 - 5 s, the platform's T0: the host is at 100 s + 1 s.
    expect(api().follow(101_000, viewerNow)).toMatchObject({ play: true, seekToMs: null });
    expect(api().follow(95_000, viewerNow)).toMatchObject({ play: true, seekToMs: 101_000 });

    p.relay.emit({ type: 'room', room: room({ version: 4 }) });
    p.relay.emit({ type: 'room', room: room({ version: 6, playback: { state: 'PAUSED', positionMs: 50_000, updatedAt: new Date(T0).toISOString() } }) });
    await waitFor(actor, (s) => s.context.room?.version === 6);
    expect(api().follow(50_000, viewerNow + 60_000)).toMatchObject({ play: false, seekToMs: null });
  });

  it('a lost relay reconnects after the backoff; a closed room ends the machine', async () => {
    const { actor, clock, p, api } = start({ roomId: ROOM_ID, userId: MEMBER });
    await waitFor(actor, (s) => s.matches({ inRoom: { relay: 'connecting' } }));
    expect(p.relay.connections).toBe(1);
    p.relay.fail();
    await waitFor(actor, (s) => s.matches({ inRoom: { relay: 'waiting' } }));
    expect(api().reconnecting).toBe(true);
    clock.increment(reconnectDelayMs(1) - 1);
    expect(p.relay.connections).toBe(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches({ inRoom: { relay: 'connecting' } }));
    expect(p.relay.connections).toBe(2);
    p.relay.fail();
    await waitFor(actor, (s) => s.context.attempts === 2);
    clock.increment(reconnectDelayMs(2));
    await waitFor(actor, () => p.relay.connections === 3);
    p.relay.emit({ type: 'room', room: room({ version: 3 }) });
    await waitFor(actor, (s) => s.context.attempts === 0);

    p.relay.emit({ type: 'closed' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(api().status).toBe('closed');
  });

  it('a relay refused for the licence ends in gone, not in endless reconnection', async () => {
    const { actor, p } = start({ roomId: ROOM_ID, userId: MEMBER });
    await waitFor(actor, (s) => s.matches({ inRoom: { relay: 'connecting' } }));
    p.relay.fail(apiError(403, 'NOT_ROOM_MEMBER'));
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('gone');
  });

  it("the host's updates are sent one at a time, the latest waiting one winning; a member's are ignored", async () => {
    const p = platform();
    const { actor, api } = start({}, p);
    await waitFor(actor, (s) => s.matches('inRoom'));
    p.hold();
    api().publish('PLAYING', 1_000);
    await waitFor(actor, () => p.published.length === 1);
    api().publish('PAUSED', 2_000);
    api().publish('PLAYING', 3_000);
    p.release();
    await waitFor(actor, (s) => p.published.length === 2 && s.matches({ inRoom: { publisher: 'idle' } }));
    expect(p.published).toEqual([
      { state: 'PLAYING', positionMs: 1_000 },
      { state: 'PLAYING', positionMs: 3_000 },
    ]);
    expect(actor.getSnapshot().context.room?.playback).toMatchObject({ state: 'PLAYING', positionMs: 3_000 });

    const member = start({ roomId: ROOM_ID, userId: MEMBER });
    await waitFor(member.actor, (s) => s.matches('inRoom'));
    member.api().publish('PAUSED', 5);
    expect(member.p.published).toEqual([]);
  });

  it('leaving sends the leave and ends the machine', async () => {
    const left: string[] = [];
    const { actor, api } = start({ roomId: ROOM_ID, userId: MEMBER }, platform({ leave: async ({ roomId }) => left.push(roomId) }));
    await waitFor(actor, (s) => s.matches('inRoom'));
    api().leave();
    await waitFor(actor, (s) => s.status === 'done');
    expect(left).toEqual([ROOM_ID]);
    expect(api().status).toBe('left');
  });
});
