import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FAVOURITE_STATUS_MAX_IDS } from '@stream/core/contracts';
import { batchRanges, nextBatchStarts, STATUS_MAX_IDS } from './heartBatches';

/** Ids `prefix0` … `prefix<n-1>`. */
const ids = (n: number, prefix = 't') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('heart batches', () => {
  it('agrees with the contract on the most ids a status read asks about', () => {
    expect(STATUS_MAX_IDS).toBe(FAVOURITE_STATUS_MAX_IDS);
  });

  it('starts a batch where each new page starts; the cards shown keep theirs', () => {
    let starts = nextBatchStarts([0], [], ids(11)); // the first page (a home rail without its hero)
    expect(starts).toEqual([0]);
    starts = nextBatchStarts(starts, ids(11), ids(23)); // the next page of 12
    expect(starts).toEqual([0, 11]);
    expect(nextBatchStarts(starts, ids(23), ids(23))).toBe(starts); // the same list: the same batches
    starts = nextBatchStarts(starts, ids(23), ids(35));
    expect(batchRanges(starts, 35)).toEqual([[0, 11], [11, 23], [23, 35]]);
  });

  it('starts over for a list that is not the one before with a page more', () => {
    const starts = [0, 11];
    expect(nextBatchStarts(starts, ids(23), ids(12))).toEqual([0]); // shrank
    expect(nextBatchStarts(starts, ids(23), ids(30, 'other'))).toEqual([0]); // another search's results, longer
    expect(nextBatchStarts(starts, ids(23), ids(23, 'other'))).toEqual([0]); // as long, other cards
    expect(nextBatchStarts(starts, ids(23), [])).toEqual([0]);
  });

  it('splits a batch longer than the status read allows', () => {
    expect(batchRanges([0], 250, 100)).toEqual([[0, 100], [100, 200], [200, 250]]);
    expect(batchRanges([0], 0)).toEqual([]);
  });

  it('covers every card exactly once, in order, in batches of at most max', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 150 }), { maxLength: 8 }), fc.integer({ min: 1, max: 120 }), fc.boolean(), (lengths, max, grow) => {
        let starts: readonly number[] = [0];
        let seen: string[] = [];
        for (const [step, length] of lengths.entries()) {
          const next = grow ? ids(length) : ids(length, `s${step}-`);
          starts = nextBatchStarts(starts, seen, next);
          seen = next;
        }
        const ranges = batchRanges(starts, seen.length, max);
        const covered = ranges.flatMap(([from, to]) => Array.from({ length: to - from }, (_, i) => from + i));
        expect(covered).toEqual(Array.from({ length: seen.length }, (_, i) => i));
        for (const [from, to] of ranges) expect(to - from).toBeLessThanOrEqual(max);
      }),
    );
  });
});
