import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  THROTTLE_BASE_DELAY_MS,
  THROTTLE_MAX_DELAY_MS,
  errorMessageVars,
  retryAfterSeconds,
  throttleDelayMs,
  tooManyAttemptsMessage,
} from './index.js';

describe('throttleDelayMs', () => {
  it('is free for 4 failures, 30 s after the 5th, doubling to 15 minutes', () => {
    expect([0, 1, 4].map(throttleDelayMs)).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 1000].map(throttleDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000]);
    expect(throttleDelayMs(Number.NaN)).toBe(0);
    expect(throttleDelayMs('9')).toBe(0);
  });

  it('is never negative, never above 15 minutes, and never decreases with more failures', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 10_000 }), fc.integer({ min: 0, max: 100 }), (failures, more) => {
        const delay = throttleDelayMs(failures);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(THROTTLE_MAX_DELAY_MS);
        expect(throttleDelayMs(failures + more)).toBeGreaterThanOrEqual(delay);
      }),
    );
  });

  it('doubles per further failure until the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 200 }), (failures) => {
        expect(throttleDelayMs(failures + 1)).toBe(Math.min(2 * throttleDelayMs(failures), THROTTLE_MAX_DELAY_MS));
      }),
    );
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up, is at least 1 and at most 900', () => {
    expect(retryAfterSeconds(29_001)).toBe(30);
    expect(retryAfterSeconds(30_000)).toBe(30);
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(-5)).toBe(1);
    expect(retryAfterSeconds(10 ** 12)).toBe(900);
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.anything()), (ms) => {
        const s = retryAfterSeconds(ms);
        expect(Number.isInteger(s)).toBe(true);
        expect(s).toBeGreaterThanOrEqual(1);
        expect(s).toBeLessThanOrEqual(900);
        if (typeof ms === 'number' && ms > 0 && ms <= 900_000) expect(s * 1000).toBeGreaterThanOrEqual(ms);
      }),
    );
  });
});

describe('tooManyAttemptsMessage', () => {
  const refusal = (retryAfterSeconds?: unknown) => ({ status: 429, code: 'TOO_MANY_ATTEMPTS', messages: ['tooManyAttempts'], retryAfterSeconds });

  it('turns a 429 TOO_MANY_ATTEMPTS into tooManyAttempts with the wait', () => {
    expect(tooManyAttemptsMessage(refusal(30))).toEqual({ key: 'tooManyAttempts', vars: { seconds: '30' }, seconds: 30 });
    expect(tooManyAttemptsMessage({ data: { status: 429, code: 'TOO_MANY_ATTEMPTS' }, retryAfterSeconds: 61 })?.seconds).toBe(61);
    expect(tooManyAttemptsMessage({ status: 429, messages: [] })?.seconds).toBe(THROTTLE_BASE_DELAY_MS / 1000);
    expect(errorMessageVars(refusal(2.2))).toEqual({ seconds: '3' });
    expect([Infinity, -Infinity, Number.NaN, -1, 0].map((given) => tooManyAttemptsMessage(refusal(given))?.seconds)).toEqual([900, 30, 30, 30, 1]);
  });

  it('is null for other errors', () => {
    expect(tooManyAttemptsMessage({ status: 404, code: 'NOT_FOUND', retryAfterSeconds: 3 })).toBeNull();
    expect(tooManyAttemptsMessage(null)).toBeNull();
    expect(tooManyAttemptsMessage('429')).toBeNull();
    expect(errorMessageVars(new Error('boom'))).toEqual({});
  });

  it('never gives a negative or unbounded wait, and rounds up (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer({ min: -1000, max: 10 ** 9 }), fc.anything()), (given) => {
        const message = tooManyAttemptsMessage(refusal(given));
        expect(message).not.toBeNull();
        const seconds = message!.seconds;
        expect(Number.isInteger(seconds)).toBe(true);
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(900);
        expect(message!.vars.seconds).toBe(String(seconds));
        if (typeof given === 'number' && given > 0 && given <= 900) expect(seconds).toBe(Math.ceil(given));
        if (typeof given === 'number' && given > 900) expect(seconds).toBe(900);
      }),
    );
  });
});
