import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedPositionMs, FOLLOW_TOLERANCE_MS, followHost, reconnectDelayMs, ROOM_PLAYBACK_STATES, type HostPlayback } from './watchTogether.js';

const timeArb = fc.integer({ min: 0, max: 4_000_000_000_000 });
const hostArb: fc.Arbitrary<HostPlayback> = fc.record({
  state: fc.constantFrom(...ROOM_PLAYBACK_STATES),
  positionMs: timeArb,
  updatedAtMs: timeArb,
});

describe('where a member should be (issue 17 "Watch together")', () => {
  it('playing: the host position plus the time since the update; paused: the position', () => {
    fc.assert(
      fc.property(hostArb, fc.integer({ min: 0, max: 3_600_000 }), (host, elapsed) => {
        const expected = expectedPositionMs(host, host.updatedAtMs + elapsed);
        expect(expected).toBe(host.state === 'PLAYING' ? host.positionMs + elapsed : host.positionMs);
      }),
    );
  });

  it('a clock before the update counts as no time; non-finite numbers give finite answers', () => {
    fc.assert(
      fc.property(hostArb, fc.integer({ min: 1, max: 3_600_000 }), (host, early) => {
        expect(expectedPositionMs(host, host.updatedAtMs - early)).toBe(host.positionMs);
      }),
    );
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(Number.isFinite(expectedPositionMs({ state: 'PLAYING', positionMs: bad, updatedAtMs: bad }, bad))).toBe(true);
      expect(Number.isFinite(expectedPositionMs({ state: 'PLAYING', positionMs: 5, updatedAtMs: 0 }, bad))).toBe(true);
    }
  });

  it('the expected position never goes back as the clock moves on', () => {
    fc.assert(
      fc.property(hostArb, timeArb, timeArb, (host, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(expectedPositionMs(host, late)).toBeGreaterThanOrEqual(expectedPositionMs(host, early));
      }),
    );
  });
});

describe('following the host', () => {
  it('a drift beyond the tolerance seeks to the host; within it, no seek; play follows the host state', () => {
    fc.assert(
      fc.property(hostArb, timeArb, fc.integer({ min: -10_000, max: 10_000 }), fc.integer({ min: 0, max: 5_000 }), (host, now, drift, tolerance) => {
        const target = expectedPositionMs(host, now);
        const action = followHost(host, target + drift, now, tolerance);
        expect(action.play).toBe(host.state === 'PLAYING');
        expect(action.driftMs).toBe(drift);
        expect(action.seekToMs).toBe(Math.abs(drift) > tolerance ? target : null);
      }),
    );
  });

  it('after following, the member is within the tolerance of the host (the issue bound is 2 s)', () => {
    fc.assert(
      fc.property(hostArb, timeArb, timeArb, (host, now, member) => {
        const action = followHost(host, member, now);
        const after = action.seekToMs ?? member;
        expect(Math.abs(after - expectedPositionMs(host, now))).toBeLessThanOrEqual(FOLLOW_TOLERANCE_MS);
      }),
    );
    expect(FOLLOW_TOLERANCE_MS).toBeLessThan(2_000);
  });

  it('a member position that is not a number seeks; a bad tolerance counts as 0', () => {
    const host: HostPlayback = { state: 'PAUSED', positionMs: 10_000, updatedAtMs: 0 };
    expect(followHost(host, Number.NaN, 0).seekToMs).toBe(10_000);
    expect(followHost(host, 10_001, 0, Number.NaN).seekToMs).toBe(10_000);
    expect(followHost(host, 10_000, 0, -5).seekToMs).toBeNull();
  });
});

describe('reconnection backoff', () => {
  it('doubles from 500 ms, never above 15 s, never below 500 ms, for any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -5, max: 100 }), fc.double()), (attempt) => {
        const delay = reconnectDelayMs(attempt);
        expect(delay).toBeGreaterThanOrEqual(500);
        expect(delay).toBeLessThanOrEqual(15_000);
      }),
    );
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000]);
  });
});
