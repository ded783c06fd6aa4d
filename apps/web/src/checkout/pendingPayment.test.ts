import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@stream/core/platform';
import {
  clearPendingPayment,
  PENDING_PAYMENT_KEY,
  PENDING_PAYMENT_MAX_AGE_MS,
  readPendingPayment,
  savePendingPayment,
} from './pendingPayment';

const NOW = Date.UTC(2026, 0, 15, 12);
const pending = {
  licenceId: '102',
  consent: [{ fieldName: 'termsOfUse', answer: true }],
  idempotencyKey: 'key-1',
  from: '/video/a/b',
  kind: 'provider' as const,
};

describe('pending payment', () => {
  it('round-trips what the return pages need', () => {
    const storage = memoryStorage();
    savePendingPayment(pending, storage, NOW);
    expect(readPendingPayment(storage, NOW + 1000)).toEqual({ ...pending, savedAt: NOW });
    clearPendingPayment(storage);
    expect(readPendingPayment(storage, NOW)).toBeNull();
  });

  it('stores only its own fields, whatever it is given (never card data or tokens)', () => {
    const storage = memoryStorage();
    const withExtras = { ...pending, number: '4242424242424242', cvc: '123', token: 'tok_secret' } as typeof pending;
    savePendingPayment(withExtras, storage, NOW);
    const stored = storage.getItem(PENDING_PAYMENT_KEY) ?? '';
    expect(stored).not.toMatch(/4242|123"|tok_/);
    expect(Object.keys(JSON.parse(stored) as object).sort()).toEqual(['consent', 'from', 'idempotencyKey', 'kind', 'licenceId', 'savedAt']);
  });

  it('drops a return path that is not a safe in-app path', () => {
    const storage = memoryStorage();
    savePendingPayment({ ...pending, from: 'https://evil.example/' }, storage, NOW);
    expect(readPendingPayment(storage, NOW)?.from).toBeNull();
    storage.setItem(PENDING_PAYMENT_KEY, JSON.stringify({ ...pending, from: '//evil.example', savedAt: NOW }));
    expect(readPendingPayment(storage, NOW)?.from).toBeNull();
  });

  it('ignores malformed or expired entries', () => {
    const storage = memoryStorage();
    for (const value of ['not json', 'null', '[]', JSON.stringify({ ...pending, idempotencyKey: '' , savedAt: NOW }), JSON.stringify({ ...pending })]) {
      storage.setItem(PENDING_PAYMENT_KEY, value);
      expect(readPendingPayment(storage, NOW), value).toBeNull();
    }
    savePendingPayment(pending, storage, NOW);
    expect(readPendingPayment(storage, NOW + PENDING_PAYMENT_MAX_AGE_MS + 1)).toBeNull();
    // An expired entry is removed.
    expect(storage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });
});
