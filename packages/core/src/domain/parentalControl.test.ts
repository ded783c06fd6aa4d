import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { appendPinDigit, filterByRating, isValidPin, pinError, pinFailure, PIN_LENGTH, ratingAllowed } from './index.js';

const digit = fc.constantFrom(...'0123456789');

describe('pinError', () => {
  it('accepts exactly four ASCII digits, a leading zero included', () => {
    expect(pinError('0042')).toBeNull();
    expect(pinError('9999')).toBeNull();
    fc.assert(fc.property(fc.array(digit, { minLength: 4, maxLength: 4 }), (ds) => {
      expect(isValidPin(ds.join(''))).toBe(true);
    }));
  });

  it('names why a candidate is refused', () => {
    expect(pinError(42)).toBe('pinRequired');
    expect(pinError('')).toBe('pinRequired');
    expect(pinError(undefined)).toBe('pinRequired');
    expect(pinError('123')).toBe('pinLength');
    expect(pinError('12345')).toBe('pinLength');
    expect(pinError('12a4')).toBe('pinDigits');
    expect(pinError(' 1234')).toBe('pinDigits');
    expect(pinError('١٢٣٤')).toBe('pinDigits');
  });

  it('refuses anything that is not four ASCII digits, and never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const valid = typeof value === 'string' && /^[0-9]{4}$/.test(value);
        expect(pinError(value) === null).toBe(valid);
      }),
    );
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (value) => {
      expect(isValidPin(value)).toBe(/^[0-9]{4}$/.test(value));
    }));
  });
});

describe('appendPinDigit', () => {
  it('keeps at most four digits and ignores keys that are not one digit', () => {
    expect(appendPinDigit('', '0')).toBe('0');
    expect(appendPinDigit('123', '4')).toBe('1234');
    expect(appendPinDigit('1234', '5')).toBe('1234');
    expect(appendPinDigit('12', 'a')).toBe('12');
    expect(appendPinDigit('12', '34')).toBe('12');
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (entered, key) => {
        const next = appendPinDigit(entered, key);
        expect(next).toMatch(/^[0-9]{0,4}$/);
        expect(next.length).toBeLessThanOrEqual(PIN_LENGTH);
      }),
    );
  });
});

describe('ratingAllowed', () => {
  it('lets an unrestricted session receive every title', () => {
    fc.assert(fc.property(fc.anything(), (rating) => {
      expect(ratingAllowed(rating, undefined)).toBe(true);
    }));
  });

  it('lets a restricted session receive titles at or below its limit only', () => {
    expect(ratingAllowed(0, 0)).toBe(true);
    expect(ratingAllowed(12, 12)).toBe(true);
    expect(ratingAllowed(16, 12)).toBe(false);
    expect(ratingAllowed(Number.NaN, 18)).toBe(false);
    expect(ratingAllowed(7, 'x')).toBe(false);
    fc.assert(
      fc.property(fc.nat(25), fc.nat(25), (rating, limit) => {
        expect(ratingAllowed(rating, limit)).toBe(rating <= limit);
      }),
    );
  });

  it('is monotone in the limit', () => {
    fc.assert(
      fc.property(fc.anything(), fc.nat(25), fc.nat(25), (rating, limit, more) => {
        if (ratingAllowed(rating, limit)) expect(ratingAllowed(rating, limit + more)).toBe(true);
      }),
    );
  });
});

describe('filterByRating', () => {
  it('keeps, for any catalogue, only titles at or below the limit, in their order', () => {
    const catalogue = fc.array(fc.record({ id: fc.uuid(), ageRating: fc.oneof(fc.nat(21), fc.anything()) }));
    fc.assert(
      fc.property(catalogue, fc.nat(21), (titles, limit) => {
        const kept = filterByRating(titles, limit);
        for (const title of kept) expect(typeof title.ageRating === 'number' && title.ageRating <= limit).toBe(true);
        expect(kept).toEqual(titles.filter((title) => typeof title.ageRating === 'number' && Number.isFinite(title.ageRating) && title.ageRating >= 0 && title.ageRating <= limit));
      }),
    );
  });
});

describe('pinFailure', () => {
  it('reads a wrong PIN, a throttled profile with its wait, and other failures', () => {
    expect(pinFailure({ status: 403, code: 'INVALID_PIN', messages: ['wrongPin'] })).toEqual({ kind: 'wrong', key: 'wrongPin' });
    expect(pinFailure({ status: 429, code: 'TOO_MANY_ATTEMPTS', messages: [], retryAfterSeconds: 900 })).toEqual({ kind: 'throttled', key: 'tooManyAttempts', seconds: 900 });
    expect(pinFailure({ status: 409, code: 'CONFLICT', messages: ['pinNotSet'] })).toEqual({ kind: 'other', key: 'pinNotSet' });
    expect(pinFailure({ status: 403, code: 'FORBIDDEN', messages: ['kidProfileManagementDenied'] })).toEqual({ kind: 'other', key: 'kidProfileManagementDenied' });
    expect(pinFailure(new Error('offline'))).toEqual({ kind: 'other', key: 'anErrorOccured' });
  });

  it('reads a reset code that is unknown, used or expired (404 invalidPinResetCode); another 404 is a plain failure', () => {
    expect(pinFailure({ status: 404, code: 'NOT_FOUND', messages: ['invalidPinResetCode'] })).toEqual({ kind: 'other', key: 'invalidPinResetCode' });
    expect(pinFailure({ status: 404, code: 'NOT_FOUND', messages: ['notFound'] })).toEqual({ kind: 'other', key: 'anErrorOccured' });
  });

  it('never throws, and a throttled wait is 1 to 900 seconds', () => {
    fc.assert(
      fc.property(fc.anything(), (error) => {
        const failure = pinFailure(error);
        if (failure.kind === 'throttled') {
          expect(failure.seconds).toBeGreaterThanOrEqual(1);
          expect(failure.seconds).toBeLessThanOrEqual(900);
        }
      }),
    );
  });
});
