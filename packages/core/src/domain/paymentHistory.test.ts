import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { paymentHistoryRow, paymentRefundRows, paymentSucceeded } from './index.js';

const item = {
  id: 'pay_1',
  when: '2026-11-22T08:00:00Z',
  status: 'succeeded',
  externalPaymentId: 'pi_123',
  skuLicence: { licenceName: 'Premium monthly', price: { amount: 1299, scale: 2, currency: 'GBP' } },
};

describe('paymentHistoryRow', () => {
  it('shows name, date, price, transaction, status in upper case and the pdf when succeeded', () => {
    expect(paymentHistoryRow(item, 'en-gb')).toEqual({
      id: 'pay_1',
      name: 'Premium monthly',
      date: '22nd Nov, 2026',
      description: '£12.99',
      transactionId: 'pi_123',
      status: 'SUCCEEDED',
      pdfAvailable: true,
    });
    expect(paymentHistoryRow({ ...item, when: Date.UTC(2026, 10, 22) }, 'en').date).toBe('Nov 22nd, 2026');
  });

  it('offers the pdf only for succeeded payments with an id', () => {
    expect(paymentHistoryRow({ ...item, status: ' Succeeded ' }, 'en')).toMatchObject({ status: 'SUCCEEDED', pdfAvailable: true });
    expect(paymentHistoryRow({ ...item, status: 'failed' }, 'en')).toMatchObject({ status: 'FAILED', pdfAvailable: false });
    expect(paymentHistoryRow({ ...item, status: 'refunded' }, 'en').pdfAvailable).toBe(false);
    expect(paymentHistoryRow({ ...item, status: undefined }, 'en')).toMatchObject({ status: '', pdfAvailable: false });
    expect(paymentHistoryRow({ ...item, id: undefined }, 'en').pdfAvailable).toBe(false);
  });

  it('leaves missing or unreadable fields empty', () => {
    const empty = { id: '', name: '', date: '', description: '', transactionId: '', status: '', pdfAvailable: false };
    expect(paymentHistoryRow(null as never, 'en')).toEqual(empty);
    expect(paymentHistoryRow({}, 'en')).toEqual(empty);
    expect(paymentHistoryRow({ when: '2026-11-22T08:00:00' }, 'en').date).toBe('');
    expect(paymentHistoryRow({ skuLicence: { price: { currency: 'GBP' } } }, 'en').description).toBe('');
    const hostile = Object.defineProperty({}, 'status', {
      get() {
        throw new Error('getter');
      },
    });
    expect(paymentHistoryRow(hostile, 'en')).toEqual(empty);
  });

  it('upper-cases the status and offers the pdf exactly for succeeded (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('succeeded', 'SUCCEEDED', 'Succeeded', 'failed')), (status) => {
        const row = paymentHistoryRow({ ...item, status }, 'en');
        expect(row.status).toBe(status.trim().toUpperCase());
        expect(row.pdfAvailable).toBe(status.trim().toLowerCase() === 'succeeded');
      }),
    );
    fc.assert(
      fc.property(fc.anything(), fc.string(), (junk, locale) => {
        const row = paymentHistoryRow(junk as never, locale);
        expect(typeof row.status).toBe('string');
        expect(typeof row.pdfAvailable).toBe('boolean');
      }),
    );
  });
});

describe('paymentSucceeded', () => {
  it('is true only for succeeded, in any case and padding; never throws', () => {
    expect(paymentSucceeded('succeeded')).toBe(true);
    expect(paymentSucceeded(' SUCCEEDED ')).toBe(true);
    expect(paymentSucceeded('failed')).toBe(false);
    fc.assert(fc.property(fc.anything(), (value) => paymentSucceeded(value) === (typeof value === 'string' && value.trim().toLowerCase() === 'succeeded')));
  });
});

describe('paymentRefundRows (a refunded payment, issue 18)', () => {
  it('formats each refund: the exact amount and its date', () => {
    const refunded = { ...item, status: 'refunded', refunds: [{ amount: 3897, scale: 2, currency: 'GBP', refundedAt: '2026-11-26T10:00:00Z', refundId: 're_1' }] };
    expect(paymentRefundRows(refunded, 'en-gb')).toEqual([{ amount: '£38.97', date: '26th Nov, 2026' }]);
    expect(paymentRefundRows(item, 'en-gb')).toEqual([]);
    expect(paymentRefundRows({ refunds: [null, 'x', {}, { amount: 100, scale: 2, currency: 'GBP' }] }, 'en-gb')).toEqual([{ amount: '£1.00', date: '' }]);
  });
  it('never throws, and gives at most one row per refund (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const rows = paymentRefundRows({ refunds: value }, 'en-gb');
        expect(rows.length).toBeLessThanOrEqual(Array.isArray(value) ? value.length : 0);
        expect(paymentRefundRows(value, 'en-gb')).toEqual(expect.any(Array));
      }),
    );
  });
});
