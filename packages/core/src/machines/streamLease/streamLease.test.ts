import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { STREAM_HEARTBEAT_INTERVAL_MS, type StreamLeaseStatus } from '../../domain/streamLeases.js';
import { connectStreamLease } from './streamLease.connect.js';
import { streamLeaseMachine } from './streamLease.machine.js';
import type { StreamHeartbeatFunction } from './streamLease.types.js';

const INTERVAL = STREAM_HEARTBEAT_INTERVAL_MS;

/** A platform: each lease's status (ACTIVE unless set), the heartbeats and stops it received. */
function fakePlatform() {
  const statuses = new Map<string, StreamLeaseStatus>();
  const beats: string[][] = [];
  const stops: string[] = [];
  let failNext = 0;
  const heartbeat: StreamHeartbeatFunction = async ({ leaseIds }) => {
    beats.push([...leaseIds]);
    if (failNext > 0) {
      failNext -= 1;
      throw new Error('network');
    }
    return { leases: leaseIds.map((leaseId) => ({ leaseId, status: statuses.get(leaseId) ?? 'ACTIVE' })), heartbeatIntervalMs: INTERVAL };
  };
  const stop = async ({ leaseId }: { leaseId: string }) => {
    stops.push(leaseId);
    statuses.set(leaseId, 'STOPPED');
  };
  return { statuses, beats, stops, heartbeat, stop, failing: (n: number) => (failNext = n) };
}

function run(leaseIds: string[], platform = fakePlatform()) {
  const clock = new SimulatedClock();
  const actor = createActor(streamLeaseMachine, { input: { leaseIds, heartbeat: platform.heartbeat, stop: platform.stop }, clock }).start();
  /** Moves the clock one interval and waits for the heartbeat's answer. */
  const tick = async () => {
    const sent = platform.beats.length;
    clock.increment(INTERVAL);
    await waitFor(actor, (s) => s.status === 'done' || (s.matches('waiting') && platform.beats.length > sent));
  };
  return { actor, clock, platform, tick };
}

describe('streamLease machine (issue 17: the heartbeat)', () => {
  it('sends nothing before the interval, then one heartbeat of every lease each interval', async () => {
    const { actor, clock, platform, tick } = run(['a', 'b']);
    clock.increment(INTERVAL - 1);
    expect(platform.beats).toEqual([]);
    clock.increment(1);
    await waitFor(actor, (s) => s.context.beats === 1);
    expect(platform.beats).toEqual([['a', 'b']]);
    await tick();
    await tick();
    expect(platform.beats.length).toBe(3);
    expect(actor.getSnapshot().value).toBe('waiting');
  });

  it('a lease stopped elsewhere is lost at the next heartbeat; with none left the player is stopped', async () => {
    const { actor, platform, tick } = run(['single']);
    await tick();
    platform.statuses.set('single', 'STOPPED');
    await tick();
    const api = connectStreamLease(actor.getSnapshot(), actor.send);
    expect(api.stopped).toBe(true);
    expect(api.lost).toEqual([{ leaseId: 'single', status: 'STOPPED' }]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a multi-view loses only the tile whose lease is gone and renews the others', async () => {
    const { actor, platform, tick } = run(['t1', 't2', 't3']);
    platform.statuses.set('t2', 'EXPIRED');
    await tick();
    expect(actor.getSnapshot().context.leaseIds).toEqual(['t1', 't3']);
    expect(actor.getSnapshot().context.lost).toEqual([{ leaseId: 't2', status: 'EXPIRED' }]);
    await tick();
    expect(platform.beats.at(-1)).toEqual(['t1', 't3']);
    actor.send({ type: 'lease.add', leaseId: 't4' });
    await tick();
    expect(platform.beats.at(-1)).toEqual(['t1', 't3', 't4']);
  });

  it('a failed heartbeat is retried at the next interval; the leases are kept', async () => {
    const { actor, platform, tick } = run(['a']);
    platform.failing(2);
    await tick();
    await tick();
    expect(actor.getSnapshot().context.failures).toBe(2);
    await tick();
    expect(actor.getSnapshot().context).toMatchObject({ failures: 0, beats: 1, leaseIds: ['a'] });
  });

  it('release stops one lease on the platform; end stops them all and ends without a stop message', async () => {
    const { actor, platform, tick } = run(['a', 'b']);
    actor.send({ type: 'lease.release', leaseId: 'a' });
    await tick();
    expect(platform.stops).toEqual(['a']);
    expect(platform.beats.at(-1)).toEqual(['b']);
    actor.send({ type: 'lease.end' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(platform.stops).toEqual(['a', 'b']);
    expect(actor.getSnapshot().value).toBe('ended');
    expect(connectStreamLease(actor.getSnapshot(), actor.send).stopped).toBe(false);
  });

  it('releasing the last lease ends the machine (not stopped)', async () => {
    const { actor } = run(['a']);
    actor.send({ type: 'lease.release', leaseId: 'a' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('ended');
  });
});
