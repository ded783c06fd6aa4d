import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Discount, Licence, Money } from '../contracts/licences.js';
import { currentDiscount, discountLabel, discountedAmount } from './index.js';
import { arbitraryDiscount, arbitraryLicence } from './licences.arbitrary.js';

const licence = (overrides: Partial<Licence> = {}): Licence => ({ id: 'l', name: 'L', ...overrides });
const discount = (overrides: Partial<Discount> = {}): Discount => ({ type: 'PERCENTAGE', percentage: 10, state: 'ACTIVE', ...overrides });
const gbp = (amount: number): Money => ({ amount, scale: 2, currency: 'GBP' });

describe('discountLabel (§4 "Discount states")', () => {
  it('labels active, upcoming and expired discounts', () => {
    expect(discountLabel(discount({ state: 'ACTIVE' }), licence())).toEqual({ key: 'discountActive', state: 'ACTIVE' });
    expect(discountLabel(discount({ state: 'UPCOMING' }), licence())).toEqual({ key: 'discountUpcoming', state: 'UPCOMING' });
    expect(discountLabel(discount({ state: 'EXPIRED' }), licence())).toEqual({ key: 'discountExpired', state: 'EXPIRED' });
  });

  it('shows the paused label for an upcoming discount on a paused licence only', () => {
    const paused = licence({ licenceStatus: { status: 'ACTIVE', pauseState: 'PAUSED' } });
    expect(discountLabel(discount({ state: 'UPCOMING' }), paused)).toEqual({ key: 'discountPaused', state: 'UPCOMING' });
    expect(discountLabel(discount({ state: 'UPCOMING' }), licence({ pauseState: 'PAUSED' })).key).toBe('discountPaused');
    expect(discountLabel(discount({ state: 'ACTIVE' }), paused).key).toBe('discountActive');
    expect(discountLabel(discount({ state: 'EXPIRED' }), paused).key).toBe('discountExpired');
  });

  it('treats an unknown state as expired', () => {
    expect(discountLabel(discount({ state: 'LATER' as 'ACTIVE' }), licence())).toEqual({ key: 'discountExpired', state: 'EXPIRED' });
    expect(discountLabel(null as never, licence()).key).toBe('discountExpired');
  });

  it('is paused exactly for upcoming discounts on paused licences (property)', () => {
    fc.assert(
      fc.property(arbitraryDiscount(), arbitraryLicence(), (d, l) => {
        const paused = l.pauseState === 'PAUSED' || l.licenceStatus?.pauseState === 'PAUSED';
        const label = discountLabel(d, l);
        expect(label.key === 'discountPaused').toBe(d.state === 'UPCOMING' && paused);
        expect(label.state).toBe(d.state);
      }),
    );
  });
});

describe('currentDiscount', () => {
  it('prefers ACTIVE, then UPCOMING, else none', () => {
    const upcoming = discount({ state: 'UPCOMING' });
    const activeOne = discount({ state: 'ACTIVE', percentage: 20 });
    const expired = discount({ state: 'EXPIRED' });
    expect(currentDiscount(licence({ discounts: [expired, upcoming, activeOne] }))).toBe(activeOne);
    expect(currentDiscount(licence({ discounts: [expired, upcoming] }))).toBe(upcoming);
    expect(currentDiscount(licence({ discounts: [expired] }))).toBeNull();
    expect(currentDiscount(licence())).toBeNull();
    expect(currentDiscount(licence({ discounts: 'x' as never }))).toBeNull();
  });

  it('is the first ACTIVE discount, else the first UPCOMING one, skipping entries that are not objects (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 4, arbitrary: arbitraryDiscount() }, fc.constantFrom(null, 1, 'x')), { maxLength: 6 }), (discounts) => {
        const records = discounts.filter((d): d is Discount => typeof d === 'object' && d !== null);
        const expected = records.find((d) => d.state === 'ACTIVE') ?? records.find((d) => d.state === 'UPCOMING') ?? null;
        expect(currentDiscount(licence({ discounts: discounts as Discount[] }))).toBe(expected);
      }),
    );
  });
});

describe('discountedAmount', () => {
  it('takes a percentage off, rounding half up in minor units', () => {
    expect(discountedAmount(gbp(1000), discount({ percentage: 10 }))).toEqual(gbp(900));
    expect(discountedAmount(gbp(999), discount({ percentage: 50 }))).toEqual(gbp(500));
    expect(discountedAmount(gbp(1001), discount({ percentage: 50 }))).toEqual(gbp(501));
    expect(discountedAmount(gbp(999), discount({ percentage: 33.3 }))).toEqual(gbp(666));
    expect(discountedAmount(gbp(1000), discount({ percentage: 100 }))).toEqual(gbp(0));
    // 1500 × 33.3 % and 500 × 0.1 % are exactly x.5, which floating point computes as x.4999…
    expect(discountedAmount(gbp(1500), discount({ percentage: 66.7 }))).toEqual(gbp(500));
    expect(discountedAmount(gbp(500), discount({ percentage: 99.9 }))).toEqual(gbp(1));
    expect(discountedAmount(gbp(1000), discount({ percentage: undefined }))).toEqual(gbp(1000));
    expect(discountedAmount(gbp(1000), discount({ percentage: 150 }))).toEqual(gbp(0));
  });

  it('takes an amount off, never below zero', () => {
    expect(discountedAmount(gbp(999), discount({ type: 'AMOUNT', amount: 200 }))).toEqual(gbp(799));
    expect(discountedAmount(gbp(999), discount({ type: 'AMOUNT', amount: 5000 }))).toEqual(gbp(0));
    expect(discountedAmount(gbp(999), discount({ type: 'AMOUNT', amount: -50 }))).toEqual(gbp(999));
    expect(discountedAmount(gbp(999), discount({ type: 'AMOUNT' }))).toEqual(gbp(999));
  });

  it('keeps the currency and scale, stays within 0..amount and integral (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 4 }), arbitraryDiscount(), (minor, scale, d) => {
        const result = discountedAmount({ amount: minor, scale, currency: 'EUR' }, d);
        expect(result.currency).toBe('EUR');
        expect(result.scale).toBe(scale);
        expect(Number.isInteger(result.amount)).toBe(true);
        expect(result.amount).toBeGreaterThanOrEqual(0);
        expect(result.amount).toBeLessThanOrEqual(minor);
      }),
    );
  });

  it('rounds a percentage half up: within half a minor unit of the exact price (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 100 }), (minor, percentage) => {
        const result = discountedAmount(gbp(minor), discount({ percentage })).amount;
        const exactTimes100 = minor * (100 - percentage);
        expect(result * 100 - exactTimes100).toBeGreaterThan(-50);
        expect(result * 100 - exactTimes100).toBeLessThanOrEqual(50);
      }),
    );
  });
});
