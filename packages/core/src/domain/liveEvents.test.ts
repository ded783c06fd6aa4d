import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LIVE_EVENT_STATES,
  calendarDay,
  countdownMs,
  countdownParts,
  groupByDay,
  isReplayAvailable,
  liveEventNextChangeMs,
  liveEventState,
  type LiveEventTimes,
} from './index.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 26, 20, 0, 0);
/** Instants from 1990 to 2100. */
const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) });
const maybeEnd = fc.oneof(instant, fc.constantFrom(null, undefined, Number.NaN, Number.POSITIVE_INFINITY));
const event: fc.Arbitrary<LiveEventTimes> = fc.record({
  startMs: fc.oneof({ weight: 5, arbitrary: instant }, { weight: 1, arbitrary: fc.constant(Number.NaN) }),
  endMs: maybeEnd,
  hasReplay: fc.boolean(),
});
const order = (state: string) => LIVE_EVENT_STATES.indexOf(state as (typeof LIVE_EVENT_STATES)[number]);
const ZONES = ['UTC', 'Europe/Madrid', 'America/Sao_Paulo', 'Asia/Riyadh', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Not/AZone'];

describe('liveEventState', () => {
  it('is upcoming before the start, live until the end, ended from the end; a replay after the end', () => {
    const fight = { startMs: T0, endMs: T0 + 3 * HOUR, hasReplay: true };
    expect(liveEventState(fight, T0 - 1)).toBe('upcoming');
    expect(liveEventState(fight, T0)).toBe('live');
    expect(liveEventState(fight, T0 + 3 * HOUR - 1)).toBe('live');
    expect(liveEventState(fight, T0 + 3 * HOUR)).toBe('ended');
    expect(isReplayAvailable(fight, T0 + 3 * HOUR)).toBe(true);
    expect(isReplayAvailable(fight, T0)).toBe(false);
    expect(isReplayAvailable({ ...fight, hasReplay: false }, T0 + 4 * HOUR)).toBe(false);
    expect(liveEventState({ startMs: T0 }, T0 + 1000 * HOUR)).toBe('live');
    expect(liveEventState({ startMs: Number.NaN, endMs: T0 }, T0 - 1)).toBe('upcoming');
    expect(liveEventState(null as unknown as LiveEventTimes, T0)).toBe('upcoming');
  });

  it('never goes back as the clock advances, and is live exactly in [start, end) (property)', () => {
    fc.assert(
      fc.property(event, instant, fc.nat(10 * 24 * HOUR), (e, now, later) => {
        const state = liveEventState(e, now);
        expect(order(liveEventState(e, now + later))).toBeGreaterThanOrEqual(order(state));
        const started = Number.isFinite(e.startMs) && now >= e.startMs;
        const ended = typeof e.endMs === 'number' && Number.isFinite(e.endMs) && now >= e.endMs;
        expect(state === 'live').toBe(started && !ended);
        expect(isReplayAvailable(e, now)).toBe(e.hasReplay === true && ended);
      }),
    );
  });

  it('changes state at the instant it announces, and not before (property)', () => {
    fc.assert(
      fc.property(event, instant, (e, now) => {
        const next = liveEventNextChangeMs(e, now);
        const state = liveEventState(e, now);
        if (next === null) {
          expect(liveEventState(e, now + 365 * 24 * HOUR)).toBe(state);
          return;
        }
        expect(next).toBeGreaterThan(now);
        expect(liveEventState(e, next - 1)).toBe(state);
        expect(liveEventState(e, next)).not.toBe(state);
      }),
    );
  });
});

describe('countdown', () => {
  it('counts down to the start and splits for display', () => {
    expect(countdownMs(T0, T0 - 90_000)).toBe(90_000);
    expect(countdownMs(T0, T0 + 1)).toBe(0);
    expect(countdownMs(Number.NaN, T0)).toBe(0);
    expect(countdownParts(26 * HOUR + 61_500)).toEqual({ days: 1, hours: 2, minutes: 1, seconds: 2 });
    expect(countdownParts(1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(countdownParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('is never negative, is 0 exactly when the event is no longer upcoming by its start (property)', () => {
    fc.assert(
      fc.property(instant, instant, (start, now) => {
        const ms = countdownMs(start, now);
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(ms === 0).toBe(liveEventState({ startMs: start }, now) !== 'upcoming');
        const { days, hours, minutes, seconds } = countdownParts(ms);
        expect(((days * 24 + hours) * 60 + minutes) * 60 + seconds).toBe(Math.ceil(ms / 1000));
        expect(hours).toBeLessThan(24);
        expect(minutes).toBeLessThan(60);
        expect(seconds).toBeLessThan(60);
      }),
    );
  });
});

describe('calendarDay and groupByDay (SCHEDULE)', () => {
  it('gives the day in the time zone', () => {
    const lateUtc = Date.UTC(2026, 10, 26, 23, 30);
    expect(calendarDay(lateUtc, 'UTC')).toBe('2026-11-26');
    expect(calendarDay(lateUtc, 'Europe/Madrid')).toBe('2026-11-27');
    expect(calendarDay(lateUtc, 'America/Sao_Paulo')).toBe('2026-11-26');
    expect(calendarDay(lateUtc, 'Not/AZone')).toBe('2026-11-26');
    expect(calendarDay(Date.parse('0001-01-01T00:00:00Z'), 'UTC')).toBe('0001-01-01');
    expect(calendarDay(Date.parse('0001-01-01T00:00:00Z') - 1, 'UTC')).toBeNull();
    expect(calendarDay(Number.NaN, 'UTC')).toBeNull();
    expect(calendarDay(Date.UTC(2026, 0, 1), 'UTC')).toBe('2026-01-01');
  });

  it('groups events by day in order, the same event list by Madrid and by São Paulo', () => {
    const events = [
      { id: 'c', start: Date.UTC(2026, 10, 27, 1, 0) },
      { id: 'a', start: Date.UTC(2026, 10, 26, 18, 0) },
      { id: 'b', start: Date.UTC(2026, 10, 26, 23, 30) },
      { id: 'x', start: Number.NaN },
    ];
    const ids = (zone: string) => groupByDay(events, (e) => e.start, zone).map((g) => [g.day, g.items.map((e) => e.id).join('')]);
    expect(ids('Europe/Madrid')).toEqual([
      ['2026-11-26', 'a'],
      ['2026-11-27', 'bc'],
    ]);
    expect(ids('America/Sao_Paulo')).toEqual([
      ['2026-11-26', 'abc'],
    ]);
  });

  it('puts every dated item in exactly one day, days ascending, items by start (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 9, arbitrary: instant }, { weight: 1, arbitrary: fc.constant(Number.NaN) })), fc.constantFrom(...ZONES), (starts, zone) => {
        const items = starts.map((start, index) => ({ start, index }));
        const groups = groupByDay(items, (item) => item.start, zone);
        const days = groups.map((g) => g.day);
        expect(days).toEqual([...new Set(days)].sort());
        const placed = groups.flatMap((g) => g.items.map((item) => item.index));
        expect(placed.sort((a, b) => a - b)).toEqual(items.filter((item) => Number.isFinite(item.start)).map((item) => item.index));
        for (const group of groups) {
          for (const item of group.items) expect(calendarDay(item.start, zone)).toBe(group.day);
          for (let i = 1; i < group.items.length; i += 1) expect(group.items[i - 1]!.start).toBeLessThanOrEqual(group.items[i]!.start);
        }
      }),
    );
  });
});
