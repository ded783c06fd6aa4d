/**
 * The multi-view machine (issue 17 "Multi-view"): tiles start streams (one lease each), ONE
 * stream-lease machine renews them all with `{ leaseIds }`, a lost lease stops its tile, past the
 * limit a tile offers to stop a device, and a tile that stops playing lets its lease go.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { HeartbeatAnswer, LiveStream, StreamStart } from '../../contracts/index.js';
import { MULTI_VIEW_LAYOUTS, MULTI_VIEW_VIDEO_COUNTS, multiViewStreamingKeys } from '../../domain/multiView.js';
import { STREAM_HEARTBEAT_INTERVAL_MS } from '../../domain/streamLeases.js';
import { connectMultiView, multiViewMachine, type MultiViewEvent } from '../index.js';
import { fakeApi } from '../test-helpers.js';

const holder: LiveStream = { leaseId: '22222222-2222-4222-8222-222222222222', deviceName: 'Living-room TV', titleId: 't1', startedAt: '2026-11-26T10:00:00.000Z' };
const limitError = () =>
  new ApiError({ call: 'streamLeases.start', status: 429, code: 'CONCURRENCY_LIMIT', messages: ['concurrencyLimitReached'], requestId: 'r', details: { limit: 4, streams: [holder] } });

/** A platform with a limit of `limit` leases; `statusOf` says what a heartbeat answers of a lease. */
function platform(options: { limit?: number; statusOf?: (leaseId: string) => 'ACTIVE' | 'STOPPED' } = {}) {
  const live = new Set<string>();
  const heartbeats: string[][] = [];
  const stops: string[] = [];
  let n = 0;
  const api = fakeApi({
    streamLeases: {
      start: async (input: { params: { id: string } }): Promise<StreamStart> => {
        if (live.size >= (options.limit ?? 4)) throw limitError();
        const leaseId = `lease-${++n}-${input.params.id}`;
        live.add(leaseId);
        return { url: `http://sandbox.test/${input.params.id}.m3u8`, mimeType: 'application/vnd.apple.mpegurl', leaseId, heartbeatIntervalMs: STREAM_HEARTBEAT_INTERVAL_MS };
      },
      heartbeat: async (input: { body: { leaseIds?: string[] } }): Promise<HeartbeatAnswer> => {
        heartbeats.push([...(input.body.leaseIds ?? [])]);
        return { leases: (input.body.leaseIds ?? []).map((leaseId) => ({ leaseId, status: options.statusOf?.(leaseId) ?? 'ACTIVE' })), heartbeatIntervalMs: STREAM_HEARTBEAT_INTERVAL_MS };
      },
      stop: async (input: { params: { leaseId: string } }) => {
        stops.push(input.params.leaseId);
        live.delete(input.params.leaseId);
        return { leaseId: input.params.leaseId, status: 'STOPPED' as const };
      },
    } as never,
  });
  return { api, live, heartbeats, stops };
}

function open(p: ReturnType<typeof platform>, widthPx = 1280) {
  const clock = new SimulatedClock();
  const actor = createActor(multiViewMachine, { input: { api: p.api, eventId: 'a', widthPx }, clock }).start();
  return { actor, clock, view: () => connectMultiView(actor.getSnapshot(), actor.send) };
}

const settled = (actor: ReturnType<typeof open>['actor']) => waitFor(actor, (s) => Object.values(s.context.players).every((p) => p.status !== 'loading'));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('multi-view machine', () => {
  it('quad: four tiles play, one heartbeat renews their four leases, the focused tile alone has the audio', async () => {
    const p = platform();
    const { actor, clock, view } = open(p);
    actor.send({ type: 'multiView.layout', layout: 'quad' });
    for (const id of ['b', 'c', 'd']) actor.send({ type: 'multiView.add', eventId: id });
    await settled(actor);
    expect(view().tiles.map((t) => t.status)).toEqual(['playing', 'playing', 'playing', 'playing']);
    expect(view().tiles.filter((t) => t.focused).map((t) => t.eventId)).toEqual(['a']);
    clock.increment(STREAM_HEARTBEAT_INTERVAL_MS);
    await flush();
    expect(p.heartbeats).toHaveLength(1);
    expect(p.heartbeats[0]!.sort()).toEqual([...p.live].sort());
    expect(p.heartbeats[0]).toHaveLength(4);
    expect(Object.keys(actor.getSnapshot().children).filter((id) => id.startsWith('leases-'))).toHaveLength(1);
  });

  it('a tile whose lease the platform no longer holds stops; the others go on', async () => {
    let stopped = '';
    const p = platform({ statusOf: (id) => (id === stopped ? 'STOPPED' : 'ACTIVE') });
    const { actor, clock, view } = open(p);
    actor.send({ type: 'multiView.add', eventId: 'b' });
    await settled(actor);
    stopped = view().tiles[1]!.leaseId!;
    clock.increment(STREAM_HEARTBEAT_INTERVAL_MS);
    await waitFor(actor, (s) => s.context.players.t2!.status === 'stopped');
    expect(view().tiles.map((t) => t.status)).toEqual(['playing', 'stopped']);
    await flush();
    clock.increment(STREAM_HEARTBEAT_INTERVAL_MS);
    await flush();
    expect(p.heartbeats.at(-1)).toEqual([view().tiles[0]!.leaseId]);
    actor.send({ type: 'multiView.retry', key: 't2' });
    await settled(actor);
    expect(view().tiles[1]!.status).toBe('playing');
  });

  it('past the limit a tile is limited with the streams; stopping one starts the tile', async () => {
    const p = platform({ limit: 1 });
    const { actor, view } = open(p);
    actor.send({ type: 'multiView.add', eventId: 'b' });
    await settled(actor);
    expect(view().tiles[1]).toMatchObject({ status: 'limited', streams: [holder] });
    const first = view().tiles[0]!.leaseId!;
    actor.send({ type: 'multiView.stopStream', key: 't2', leaseId: first });
    await waitFor(actor, (s) => s.context.players.t2!.status === 'playing');
    expect(p.stops).toEqual([first]);
  });

  it('removing and stacking let leases go, enlarging keeps them; end stops the rest', async () => {
    const p = platform();
    const { actor, view } = open(p);
    actor.send({ type: 'multiView.add', eventId: 'b' });
    actor.send({ type: 'multiView.add', eventId: 'c' });
    await settled(actor);
    expect(p.live.size).toBe(3);
    actor.send({ type: 'multiView.remove', key: 't3' });
    await waitFor(actor, () => p.live.size === 2);
    actor.send({ type: 'multiView.enlarge', key: 't2' });
    await settled(actor);
    expect(p.live.size).toBe(2);
    expect(view().tiles.map((t) => [t.status, t.playing])).toEqual([['playing', false], ['playing', true]]);
    actor.send({ type: 'multiView.restore' });
    expect(view().tiles.map((t) => t.playing)).toEqual([true, true]);
    actor.send({ type: 'multiView.viewport', widthPx: 390 });
    await waitFor(actor, () => p.live.size === 1);
    expect(view().tiles.filter((t) => t.playing).map((t) => t.key)).toEqual(['t2']);
    actor.send({ type: 'multiView.end' });
    await waitFor(actor, () => p.live.size === 0);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('an upcoming event waits with its countdown and starts by itself when live', async () => {
    const p = platform();
    const { actor, view } = open(p);
    actor.send({ type: 'multiView.add', eventId: 'later', upcoming: true });
    await settled(actor);
    expect(view().tiles[1]!.status).toBe('waiting');
    actor.send({ type: 'multiView.live', eventId: 'later' });
    await settled(actor);
    expect(view().tiles[1]!.status).toBe('playing');
  });

  it('a start answered for a tile gone meanwhile lets its lease go', async () => {
    const p = platform();
    const { actor } = open(p);
    actor.send({ type: 'multiView.add', eventId: 'b' });
    actor.send({ type: 'multiView.remove', key: 't2' });
    await settled(actor);
    await waitFor(actor, () => p.live.size === 1);
    expect(p.stops).toHaveLength(1);
  });
});

const EVENTS = ['a', 'b', 'c', 'd', 'e', 'f'];
const keyArb = fc.constantFrom('t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8');
const eventArb: fc.Arbitrary<MultiViewEvent> = fc.oneof(
  fc.record({ type: fc.constant('multiView.add' as const), eventId: fc.constantFrom(...EVENTS), upcoming: fc.boolean() }),
  fc.record({ type: fc.constant('multiView.remove' as const), key: keyArb }),
  fc.record({ type: fc.constant('multiView.swap' as const), key: keyArb, eventId: fc.constantFrom(...EVENTS) }),
  fc.record({ type: fc.constant('multiView.layout' as const), layout: fc.constantFrom(...MULTI_VIEW_LAYOUTS) }),
  fc.record({ type: fc.constant('multiView.focus' as const), key: keyArb }),
  fc.record({ type: fc.constant('multiView.move' as const), direction: fc.constantFrom('left', 'right', 'up', 'down' as const) }),
  fc.record({ type: fc.constant('multiView.enlarge' as const), key: keyArb }),
  fc.constant({ type: 'multiView.restore' as const }),
  fc.record({ type: fc.constant('multiView.viewport' as const), widthPx: fc.constantFrom(390, 800, 1024, 1600) }),
  fc.record({ type: fc.constant('multiView.live' as const), eventId: fc.constantFrom(...EVENTS) }),
  fc.record({ type: fc.constant('multiView.retry' as const), key: keyArb }),
);

describe('multi-view machine, property tests over random event sequences', () => {
  it('tiles never exceed the layout, the focus is on an existing tile, switching layouts keeps the focused tile, leases never exceed the tiles playing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(eventArb, fc.boolean()), { maxLength: 30 }), async (steps) => {
        const p = platform({ limit: 4 });
        const { actor } = open(p);
        for (const [event, wait] of steps) {
          const before = actor.getSnapshot().context.view;
          actor.send(event);
          const { view, players } = actor.getSnapshot().context;
          expect(view.tiles.length).toBeLessThanOrEqual(MULTI_VIEW_VIDEO_COUNTS[view.layout]);
          expect(view.tiles.map((t) => t.key)).toContain(view.focus);
          expect(Object.keys(players).sort()).toEqual(view.tiles.map((t) => t.key).sort());
          if (event.type === 'multiView.layout') expect(view.tiles.find((t) => t.key === view.focus)).toEqual(before.tiles.find((t) => t.key === before.focus));
          if (wait) await flush();
        }
        await settled(actor);
        await flush();
        const { view, players } = actor.getSnapshot().context;
        const playing = new Set(multiViewStreamingKeys(view));
        for (const tile of view.tiles) {
          const player = players[tile.key]!;
          if (!playing.has(tile.key)) expect(player.status).toBe('idle');
          else expect(player.status).toBe(player.upcoming ? 'waiting' : 'playing');
        }
        // Every lease the platform holds belongs to a playing tile: nothing leaks.
        expect([...p.live].sort()).toEqual(Object.values(players).flatMap((x) => (x.leaseId ? [x.leaseId] : [])).sort());
        actor.send({ type: 'multiView.end' });
        await waitFor(actor, () => p.live.size === 0);
      }),
      { numRuns: 60 },
    );
  });
});
