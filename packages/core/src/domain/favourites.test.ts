import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { debouncedFavouriteRequests, FAVOURITE_TOGGLE_DEBOUNCE_MS, favouriteConfirmed, favouriteRefused, favouriteRequest, initialFavouriteToggle, toggleFavourite } from './favourites.js';

const DEBOUNCE = FAVOURITE_TOGGLE_DEBOUNCE_MS;

/** Sorted toggle times: gaps from 0 to twice the debounce, so bursts both merge and split. */
const timesArb = fc
  .array(fc.integer({ min: 0, max: 2 * DEBOUNCE }), { maxLength: 30 })
  .map((gaps) => gaps.reduce<number[]>((times, gap) => [...times, (times.at(-1) ?? 0) + gap], []));

/** The bursts of sorted times: runs of toggles less than the debounce apart. */
function bursts(times: readonly number[]): number[][] {
  const out: number[][] = [];
  for (const t of times) {
    const current = out.at(-1);
    if (current && t - current.at(-1)! < DEBOUNCE) current.push(t);
    else out.push([t]);
  }
  return out;
}

describe('favourite toggle (commerce §9 "Toggle debounce 500 ms")', () => {
  it('a toggle flips what is shown, never what the platform holds', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (platform, chosen) => {
        const next = toggleFavourite({ platform, chosen });
        expect(next).toEqual({ platform, chosen: !chosen });
      }),
    );
  });

  it('asks PUT or DELETE only when the chosen state differs from the platform', () => {
    expect(favouriteRequest(initialFavouriteToggle(true))).toBeUndefined();
    expect(favouriteRequest({ platform: false, chosen: true })).toBe('PUT');
    expect(favouriteRequest({ platform: true, chosen: false })).toBe('DELETE');
    expect(favouriteRequest(favouriteConfirmed({ platform: false, chosen: true }, true))).toBeUndefined();
  });

  it('a refusal rolls the heart back to the platform state', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (platform, chosen) => {
        expect(favouriteRefused({ platform, chosen })).toEqual({ platform, chosen: platform });
      }),
    );
  });

  it('a burst of toggles sends at most one request and ends in the last state chosen', () => {
    fc.assert(
      fc.property(fc.boolean(), timesArb, (initial, times) => {
        const { requests, final } = debouncedFavouriteRequests(initial, times);
        const groups = bursts(times);
        // At most one request per burst, sent a debounce after the burst's last toggle.
        expect(requests.length).toBeLessThanOrEqual(groups.length);
        for (const request of requests) expect(groups.some((g) => g.at(-1)! + DEBOUNCE === request.atMs)).toBe(true);
        expect(new Set(requests.map((r) => r.atMs)).size).toBe(requests.length);
        // The last state chosen: the initial one flipped once per toggle; the platform agrees.
        const last = times.length % 2 === 0 ? initial : !initial;
        expect(final).toEqual({ platform: last, chosen: last });
        // Requests alternate (each changes what the platform holds) and never repeat the state held.
        let held = initial;
        for (const { request } of requests) {
          expect(request).toBe(held ? 'DELETE' : 'PUT');
          held = !held;
        }
      }),
    );
  });

  it('a burst of an even number of toggles sends nothing', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: DEBOUNCE - 1 }), (initial, pairs, gap) => {
        const times = Array.from({ length: pairs * 2 }, (_, i) => i * gap);
        expect(debouncedFavouriteRequests(initial, times).requests).toEqual([]);
      }),
    );
  });

  it('is total: unsorted and non-finite times, a bad debounce', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.double()), fc.double(), (initial, times, debounce) => {
        const { requests, final } = debouncedFavouriteRequests(initial, times, debounce);
        expect(final.platform).toBe(final.chosen);
        expect(requests.every((r) => Number.isFinite(r.atMs))).toBe(true);
      }),
    );
    // The far end of the number line: the request's time stays finite.
    expect(debouncedFavouriteRequests(false, [Number.MAX_VALUE], Number.MAX_VALUE).requests).toEqual([{ atMs: Number.MAX_VALUE, request: 'PUT' }]);
  });
});
