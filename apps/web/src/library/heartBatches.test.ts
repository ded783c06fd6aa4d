import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FAVOURITE_STATUS_MAX_IDS } from '@stream/core/contracts';
import { batchRanges, nextBatchStarts, STATUS_MAX_IDS } from './heartBatches';

describe('heart batches', () => {
  it('agrees with the contract on the most ids a status read asks about', () => {
    expect(STATUS_MAX_IDS).toBe(FAVOURITE_STATUS_MAX_IDS);
  });

  it('starts a batch where each new page starts; the cards shown keep theirs', () => {
    let starts = nextBatchStarts([0], 0, 11); // the first page (a home rail without its hero)
    expect(starts).toEqual([0]);
    starts = nextBatchStarts(starts, 11, 23); // the next page of 12
    expect(starts).toEqual([0, 11]);
    expect(nextBatchStarts(starts, 23, 23)).toBe(starts); // nothing new: the same batches
    starts = nextBatchStarts(starts, 23, 35);
    expect(batchRanges(starts, 35)).toEqual([[0, 11], [11, 23], [23, 35]]);
    // A list that shrank (read again) starts over.
    expect(nextBatchStarts(starts, 35, 12)).toEqual([0]);
  });

  it('splits a batch longer than the status read allows', () => {
    expect(batchRanges([0], 250, 100)).toEqual([[0, 100], [100, 200], [200, 250]]);
    expect(batchRanges([0], 0)).toEqual([]);
  });

  it('covers every card exactly once, in order, in batches of at most max', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 150 }), { maxLength: 8 }), fc.integer({ min: 1, max: 120 }), (lengths, max) => {
        let starts: readonly number[] = [0];
        let seen = 0;
        for (const length of lengths) {
          starts = nextBatchStarts(starts, seen, length);
          seen = length;
        }
        const ranges = batchRanges(starts, seen, max);
        const covered = ranges.flatMap(([from, to]) => Array.from({ length: to - from }, (_, i) => from + i));
        expect(covered).toEqual(Array.from({ length: seen }, (_, i) => i));
        for (const [from, to] of ranges) expect(to - from).toBeLessThanOrEqual(max);
      }),
    );
  });
});
