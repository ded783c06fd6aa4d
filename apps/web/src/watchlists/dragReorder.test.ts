import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { moveWatchlistItem } from '@stream/core/domain';
import { dropIndex } from './dragReorder';

/** Middles of `n` rows 100 px tall, from y = 0. */
const rows = (n: number) => Array.from({ length: n }, (_, i) => i * 100 + 50);

describe('dropIndex', () => {
  it('puts the item before the row whose middle the pointer is above', () => {
    const middles = rows(4); // 50, 150, 250, 350
    expect(dropIndex(3, middles, 10)).toBe(0); // the last one dragged to the top
    expect(dropIndex(0, middles, 390)).toBe(3); // the first one dragged to the bottom
    expect(dropIndex(0, middles, 160)).toBe(1); // just past the second's middle
    expect(dropIndex(0, middles, 140)).toBe(0); // not past it: stays
    expect(dropIndex(2, middles, 120)).toBe(1); // above the second's middle... past the first's
    expect(dropIndex(1, middles, -500)).toBe(0);
    expect(dropIndex(1, middles, 5000)).toBe(3);
  });

  it('leaves the item where it is for input it cannot place', () => {
    expect(dropIndex(0, [], 10)).toBe(0);
    expect(dropIndex(5, rows(3), 10)).toBe(5);
    expect(dropIndex(1, rows(3), Number.NaN)).toBe(1);
  });

  it('lands the item where the pointer is, whichever item it was', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.nat(), fc.integer({ min: -100, max: 3100 }), (n, seed, y) => {
        const from = seed % n;
        const to = dropIndex(from, rows(n), y);
        expect(to).toBeGreaterThanOrEqual(0);
        expect(to).toBeLessThan(n);
        // After the move, the items above the dragged one are exactly those whose middles were above the pointer.
        const ids = Array.from({ length: n }, (_, i) => i);
        const after = moveWatchlistItem(ids, from, to);
        const above = after.slice(0, after.indexOf(from));
        const expected = ids.filter((i) => i !== from && rows(n)[i]! < y);
        expect(above).toEqual(expected);
      }),
    );
  });
});
