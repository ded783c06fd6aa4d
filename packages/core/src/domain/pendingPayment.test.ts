import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePendingPayment, encodePendingPayment, PENDING_PAYMENT_MAX_AGE_MS } from './index.js';

const NOW = Date.UTC(2026, 0, 15, 12);
const pending = {
  licenceId: '102',
  consent: [{ fieldName: 'termsOfUse', answer: true }],
  idempotencyKey: 'key-1',
  from: '/video/a/b',
  kind: 'provider' as const,
};

describe('pending payment (encode / decode)', () => {
  it('round-trips what the return pages need', () => {
    expect(decodePendingPayment(encodePendingPayment(pending, NOW), NOW + 1000)).toEqual({ pending: { ...pending, savedAt: NOW }, expired: false });
  });

  it('stores only its own fields, whatever it is given (never card data or tokens)', () => {
    const withExtras = { ...pending, number: '4242424242424242', cvc: '123', token: 'tok_secret' } as typeof pending;
    const stored = encodePendingPayment(withExtras, NOW);
    expect(stored).not.toMatch(/4242|123"|tok_/);
    expect(Object.keys(JSON.parse(stored) as object).sort()).toEqual(['consent', 'from', 'idempotencyKey', 'kind', 'licenceId', 'savedAt']);
  });

  it("keeps a gift checkout's gift id (issue 18), and drops a malformed one", () => {
    const giftId = 'a0a0a0a0-0000-4000-8000-000000000001';
    expect(decodePendingPayment(encodePendingPayment({ ...pending, giftId }, NOW), NOW).pending).toEqual({ ...pending, giftId, savedAt: NOW });
    for (const bad of ['', 'x/../y', 42, null, 'a'.repeat(65)]) {
      expect(decodePendingPayment(JSON.stringify({ ...pending, giftId: bad, savedAt: NOW }), NOW).pending, String(bad)).toEqual({ ...pending, savedAt: NOW });
      expect(JSON.parse(encodePendingPayment({ ...pending, giftId: bad as string }, NOW))).not.toHaveProperty('giftId');
    }
  });

  it('drops a return path that is not a safe in-app path', () => {
    expect(decodePendingPayment(encodePendingPayment({ ...pending, from: 'https://evil.example/' }, NOW), NOW).pending?.from).toBeNull();
    expect(decodePendingPayment(JSON.stringify({ ...pending, from: '//evil.example', savedAt: NOW }), NOW).pending?.from).toBeNull();
  });

  it('ignores malformed entries and reports expired ones', () => {
    for (const value of [null, 'not json', 'null', '[]', JSON.stringify({ ...pending, idempotencyKey: '', savedAt: NOW }), JSON.stringify({ ...pending })]) {
      expect(decodePendingPayment(value, NOW), String(value)).toEqual({ pending: null, expired: false });
    }
    const stored = encodePendingPayment(pending, NOW);
    expect(decodePendingPayment(stored, NOW + PENDING_PAYMENT_MAX_AGE_MS)).toMatchObject({ expired: false });
    expect(decodePendingPayment(stored, NOW + PENDING_PAYMENT_MAX_AGE_MS + 1)).toEqual({ pending: null, expired: true });
    expect(decodePendingPayment(stored, NOW - PENDING_PAYMENT_MAX_AGE_MS - 1)).toEqual({ pending: null, expired: true });
  });

  it('never throws and never gives back more than it was given (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(null)), fc.integer(), (text, now) => {
        const { pending: read } = decodePendingPayment(text, now);
        if (read !== null) {
          expect(Object.keys(read).filter((key) => key !== 'giftId').sort()).toEqual(['consent', 'from', 'idempotencyKey', 'kind', 'licenceId', 'savedAt']);
          expect(read.giftId === undefined || /^[A-Za-z0-9-]{1,64}$/.test(read.giftId ?? '')).toBe(true);
          expect(Math.abs(now - read.savedAt)).toBeLessThanOrEqual(PENDING_PAYMENT_MAX_AGE_MS);
        }
      }),
    );
  });
});
