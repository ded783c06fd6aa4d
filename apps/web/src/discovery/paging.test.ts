import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE, nextPage, pageQuery } from './paging';

describe('nextPage', () => {
  it('adds the page after the last one, once', () => {
    const two = nextPage(FIRST_PAGE, 10);
    expect(two).toEqual([0, 10]);
    expect(nextPage(two, 10)).toBe(two);
    expect(nextPage(two, 5)).toBe(two);
    expect(nextPage(two, 20)).toEqual([0, 10, 20]);
    expect(nextPage(two, Number.NaN)).toBe(two);
  });

  it('keeps the offsets strictly increasing from 0 whatever is asked (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double())), (asks) => {
        const offsets = asks.reduce<readonly number[]>(nextPage, FIRST_PAGE);
        expect(offsets[0]).toBe(0);
        for (let i = 1; i < offsets.length; i++) expect(offsets[i]!).toBeGreaterThan(offsets[i - 1]!);
        expect(offsets.every(Number.isInteger)).toBe(true);
      }),
    );
  });
});

describe('pageQuery', () => {
  it('asks the first page without lastSeen and the next ones with it', () => {
    expect(pageQuery(20, 0)).toEqual({ rpp: 20 });
    expect(pageQuery(20, 40)).toEqual({ rpp: 20, lastSeen: 40 });
  });
});
