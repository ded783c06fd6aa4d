/**
 * The playback machine with a lease (issue 17; docs/api.md "Concurrent streams"): the start by
 * `POST`, the heartbeat while ready (simulated clock), `stopped` when the platform no longer holds
 * the lease, `limited` with the streams of a 429 `CONCURRENCY_LIMIT`, and stopping one of them.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { HeartbeatAnswer, LiveStream, StreamStart } from '../../contracts/index.js';
import { STREAM_HEARTBEAT_INTERVAL_MS } from '../../domain/streamLeases.js';
import { connectPlayback, playbackMachine } from '../index.js';
import { fakeApi } from '../test-helpers.js';

const LEASE = '11111111-1111-4111-8111-111111111111';
const started: StreamStart = { url: 'http://sandbox.test/hls/master.m3u8', mimeType: 'application/vnd.apple.mpegurl', leaseId: LEASE, heartbeatIntervalMs: STREAM_HEARTBEAT_INTERVAL_MS };
const holder: LiveStream = { leaseId: '22222222-2222-4222-8222-222222222222', deviceName: 'Living-room TV', titleId: 't1', startedAt: '2026-11-26T10:00:00.000Z' };
const limitError = () =>
  new ApiError({ call: 'streamLeases.start', status: 429, code: 'CONCURRENCY_LIMIT', messages: ['concurrencyLimitReached'], requestId: 'r', details: { limit: 1, streams: [holder] } });

function leased(options: { starts: Array<() => Promise<StreamStart>>; status?: () => 'ACTIVE' | 'STOPPED' | 'EXPIRED' }) {
  const heartbeats: unknown[] = [];
  const stops: string[] = [];
  let start = 0;
  const api = fakeApi({
    streamLeases: {
      start: () => options.starts[Math.min(start++, options.starts.length - 1)]!(),
      heartbeat: async (input: { body: { leaseIds?: string[] } }): Promise<HeartbeatAnswer> => {
        heartbeats.push(input.body);
        return { leases: (input.body.leaseIds ?? []).map((leaseId) => ({ leaseId, status: options.status?.() ?? 'ACTIVE' })), heartbeatIntervalMs: STREAM_HEARTBEAT_INTERVAL_MS };
      },
      stop: async (input: { params: { leaseId: string } }, _options?: unknown) => {
        stops.push(input.params.leaseId);
        return { leaseId: input.params.leaseId, status: 'STOPPED' as const };
      },
    } as never,
  });
  const clock = new SimulatedClock();
  const actor = createActor(playbackMachine, { input: { api, type: 'VOD', id: 'v1', lease: true }, clock }).start();
  return { actor, clock, heartbeats, stops, view: () => connectPlayback(actor.getSnapshot(), actor.send), starts: () => start };
}

describe('playback with a lease', () => {
  it('starts with POST, renews the lease every interval while ready, and stops when the platform says it is gone', async () => {
    let status: 'ACTIVE' | 'STOPPED' = 'ACTIVE';
    const { actor, clock, heartbeats, view } = leased({ starts: [async () => started], status: () => status });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view()).toMatchObject({ status: 'ready', source: { url: started.url } });
    expect(actor.getSnapshot().context.leaseId).toBe(LEASE);
    clock.increment(STREAM_HEARTBEAT_INTERVAL_MS - 1);
    expect(heartbeats).toEqual([]);
    clock.increment(1);
    await waitFor(actor, () => heartbeats.length === 1);
    expect(heartbeats).toEqual([{ leaseIds: [LEASE] }]);
    status = 'STOPPED';
    clock.increment(STREAM_HEARTBEAT_INTERVAL_MS);
    await waitFor(actor, (s) => s.matches('stopped'));
    expect(view()).toMatchObject({ status: 'stopped', lost: [{ leaseId: LEASE, status: 'STOPPED' }] });
    // Play again: a new start.
    view().retry();
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('past the limit it is limited with the streams named; stopping one stops it and starts again', async () => {
    const { actor, stops, view, starts } = leased({ starts: [async () => Promise.reject(limitError()), async () => started] });
    await waitFor(actor, (s) => s.matches('limited'));
    expect(view()).toMatchObject({ status: 'limited', streams: [holder] });
    view().stopStream(holder.leaseId);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(stops).toEqual([holder.leaseId]);
    expect(starts()).toBe(2);
    expect(view().streams).toEqual([]);
  });

  it('end stops the lease on the platform and the heartbeat with it', async () => {
    const { actor, clock, heartbeats, stops, view } = leased({ starts: [async () => started] });
    await waitFor(actor, (s) => s.matches('ready'));
    view().end();
    await waitFor(actor, () => stops.length === 1);
    expect(stops).toEqual([LEASE]);
    clock.increment(3 * STREAM_HEARTBEAT_INTERVAL_MS);
    expect(heartbeats).toEqual([]);
  });

  it('a start without a lease (a guest) plays without heartbeats', async () => {
    const { actor, clock, heartbeats } = leased({ starts: [async () => ({ url: started.url, mimeType: started.mimeType })] });
    await waitFor(actor, (s) => s.matches({ ready: 'free' }));
    clock.increment(3 * STREAM_HEARTBEAT_INTERVAL_MS);
    expect(heartbeats).toEqual([]);
  });
});
