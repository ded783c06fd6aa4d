import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyProgressReport,
  isTrackedTitleType,
  mergeProgress,
  progressPercent,
  progressState,
  reportUpdatedAtMs,
  resumePositionSeconds,
  type ProgressRecord,
} from './history.js';

const recordArb: fc.Arbitrary<ProgressRecord> = fc.record({
  positionSeconds: fc.integer({ min: 0, max: 7200 }),
  durationSeconds: fc.integer({ min: 1, max: 7200 }),
  // A small range, so that equal times (ties) are frequent.
  updatedAtMs: fc.integer({ min: 0, max: 20 }),
  ended: fc.boolean(),
  removed: fc.boolean(),
});
/** Any number, edge values included. */
const anyNumber = fc.oneof(fc.double(), fc.integer({ min: -10, max: 10_000 }), fc.constantFrom(Number.NaN, Infinity, -Infinity, 0));

describe('progress thresholds', () => {
  it('under 5 % not started, 5 % up to 90 % in progress, 90 % or the end watched', () => {
    expect(progressState({ positionSeconds: 4, durationSeconds: 100 })).toBe('NOT_STARTED');
    expect(progressState({ positionSeconds: 5, durationSeconds: 100 })).toBe('IN_PROGRESS');
    expect(progressState({ positionSeconds: 89.9, durationSeconds: 100 })).toBe('IN_PROGRESS');
    expect(progressState({ positionSeconds: 90, durationSeconds: 100 })).toBe('WATCHED');
    expect(progressState({ positionSeconds: 1, durationSeconds: 100, ended: true })).toBe('WATCHED');
    expect(progressState({ positionSeconds: 150, durationSeconds: 100 })).toBe('WATCHED');
  });

  it('the state follows the share played, monotonically', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (duration, p, q) => {
        const [lo, hi] = p <= q ? [p, q] : [q, p];
        const rank = (position: number) => ['NOT_STARTED', 'IN_PROGRESS', 'WATCHED'].indexOf(progressState({ positionSeconds: position, durationSeconds: duration }));
        expect(rank(lo)).toBeLessThanOrEqual(rank(hi));
        const ratio = lo / duration;
        expect(progressState({ positionSeconds: lo, durationSeconds: duration })).toBe(ratio >= 0.9 ? 'WATCHED' : ratio >= 0.05 ? 'IN_PROGRESS' : 'NOT_STARTED');
      }),
    );
  });

  it('resumes only an in-progress title, within its duration; the percentage is 0 to 100', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, fc.boolean(), (position, duration, ended) => {
        const progress = { positionSeconds: position, durationSeconds: duration, ended };
        const resume = resumePositionSeconds(progress);
        expect(resume).toBeGreaterThanOrEqual(0);
        if (progressState(progress) !== 'IN_PROGRESS') expect(resume).toBe(0);
        else expect(resume).toBe(position);
        const percent = progressPercent(progress);
        expect(Number.isInteger(percent) && percent >= 0 && percent <= 100).toBe(true);
      }),
    );
  });

  it('tracks on-demand titles, not live streams', () => {
    expect(['VOD', 'episode'].map(isTrackedTitleType)).toEqual([true, true]);
    expect(['LIVE', 'CHANNEL', 'SERIES', 'PLAYLIST', ''].map(isTrackedTitleType)).toEqual([false, false, false, false, false]);
  });
});

describe('two-device merge', () => {
  it('is commutative, associative and idempotent', () => {
    fc.assert(
      fc.property(recordArb, recordArb, recordArb, (a, b, c) => {
        expect(mergeProgress(a, b)).toEqual(mergeProgress(b, a));
        expect(mergeProgress(mergeProgress(a, b), c)).toEqual(mergeProgress(a, mergeProgress(b, c)));
        expect(mergeProgress(a, a)).toEqual(a);
      }),
    );
  });

  it('never puts an older record over a newer one', () => {
    fc.assert(
      fc.property(recordArb, recordArb, (a, b) => {
        const merged = mergeProgress(a, b);
        expect(merged.updatedAtMs).toBe(Math.max(a.updatedAtMs, b.updatedAtMs));
        expect([a, b]).toContainEqual(merged);
      }),
    );
  });

  it('reports arriving in any order end in the same record, the newest', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { minLength: 1, maxLength: 8 }).chain((reports) => fc.tuple(fc.constant(reports), fc.shuffledSubarray(reports, { minLength: reports.length }))), ([reports, shuffled]) => {
        const fold = (list: ProgressRecord[]) => list.reduce<ProgressRecord | undefined>((stored, report) => applyProgressReport(stored, report).record, undefined)!;
        expect(fold(shuffled)).toEqual(fold(reports));
        expect(fold(reports).updatedAtMs).toBe(Math.max(...reports.map((r) => r.updatedAtMs)));
      }),
    );
  });

  it('a report older than the record held is not applied', () => {
    const held: ProgressRecord = { positionSeconds: 600, durationSeconds: 1200, updatedAtMs: 2000, ended: false, removed: false };
    expect(applyProgressReport(held, { ...held, positionSeconds: 100, updatedAtMs: 1000 })).toEqual({ record: held, applied: false });
    const newer = { ...held, positionSeconds: 100, updatedAtMs: 3000 };
    expect(applyProgressReport(held, newer)).toEqual({ record: newer, applied: true });
    expect(applyProgressReport(undefined, newer)).toEqual({ record: newer, applied: true });
    // A removal at 2500 is not undone by a late report made at 2400.
    const removal = { ...held, updatedAtMs: 2500, removed: true };
    expect(applyProgressReport(removal, { ...held, updatedAtMs: 2400 }).applied).toBe(false);
  });

  it("a report's time is the device's, never after the platform's clock", () => {
    fc.assert(
      fc.property(anyNumber, fc.integer(), (reported, received) => {
        const at = reportUpdatedAtMs(reported, received);
        expect(at).toBeLessThanOrEqual(received);
        if (Number.isFinite(reported) && reported <= received) expect(at).toBe(reported);
      }),
    );
  });
});
