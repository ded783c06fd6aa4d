import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  REDIRECTING_PAYMENT_PROVIDERS,
  isRedirectingProvider,
  isZeroBalance,
  paymentPreconditions,
} from './index.js';

const complete = { paymentDetailsExid: 'pd_123', targetPaymentProvider: 'STRIPE', paymentMethodType: 'CARD' };
const failed = { ok: false, error: 'failedPayment' };

describe('paymentPreconditions', () => {
  it('needs the details id, the provider and the method type', () => {
    expect(paymentPreconditions(complete, {})).toEqual({ ok: true });
    expect(paymentPreconditions({ ...complete, paymentDetailsExid: 42 }, {})).toEqual({ ok: true });
    expect(
      paymentPreconditions(
        { paymentDetailsExid: 'pd_1', targetPaymentProvider: 'IDEAL', paymentMethodDetails: { paymentMethodType: 'IDEAL' } },
        {},
      ),
    ).toEqual({ ok: true });
    expect(paymentPreconditions({ ...complete, paymentDetailsExid: undefined }, {})).toEqual(failed);
    expect(paymentPreconditions({ ...complete, paymentDetailsExid: '  ' }, {})).toEqual(failed);
    expect(paymentPreconditions({ ...complete, paymentDetailsExid: Number.NaN }, {})).toEqual(failed);
    expect(paymentPreconditions({ ...complete, targetPaymentProvider: '' }, {})).toEqual(failed);
    expect(paymentPreconditions({ ...complete, paymentMethodType: null }, {})).toEqual(failed);
    expect(paymentPreconditions(null, {})).toEqual(failed);
    expect(paymentPreconditions(undefined, { zeroBalance: false })).toEqual(failed);
    expect(paymentPreconditions('junk' as never, {})).toEqual(failed);
    expect(paymentPreconditions(complete, null as never)).toEqual({ ok: true });
  });

  it('a zero-balance payment needs no card details', () => {
    expect(paymentPreconditions(null, { zeroBalance: true })).toEqual({ ok: true });
    expect(paymentPreconditions({}, { zeroBalance: true })).toEqual({ ok: true });
  });

  it('never throws on hostile details', () => {
    const hostile = Object.defineProperty({}, 'paymentDetailsExid', {
      get() {
        throw new Error('getter');
      },
    });
    expect(paymentPreconditions(hostile, {})).toEqual(failed);
  });

  it('fails with failedPayment whenever one of the three is missing (property)', () => {
    const field = fc.oneof(fc.constant(undefined), fc.constant(null), fc.constant(''), fc.string({ minLength: 1 }));
    fc.assert(
      fc.property(field, field, field, fc.boolean(), (id, provider, method, zero) => {
        const result = paymentPreconditions(
          { paymentDetailsExid: id, targetPaymentProvider: provider, paymentMethodType: method },
          { zeroBalance: zero },
        );
        const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
        const expected = zero || (filled(id) && filled(provider) && filled(method));
        expect(result).toEqual(expected ? { ok: true } : failed);
      }),
    );
  });
});

describe('isRedirectingProvider', () => {
  it('knows the redirecting providers of §4, in any case', () => {
    for (const name of ['wepay', 'WePay', 'BANCONTACT', 'ideal', 'iDEAL', 'pix', 'Alipay', 'zero_balance', 'ZERO_BALANCE', 'zero balance', 'ZeroBalance', 'zero-balance']) {
      expect(isRedirectingProvider(name), name).toBe(true);
    }
    for (const name of ['stripe', 'CREDIT_CARD', 'paypal', 'zero', 'idealx', '', undefined as unknown as string]) {
      expect(isRedirectingProvider(name), String(name)).toBe(false);
    }
    expect(REDIRECTING_PAYMENT_PROVIDERS).toEqual(['wepay', 'bancontact', 'ideal', 'pix', 'alipay', 'zero_balance']);
  });
});

describe('isZeroBalance', () => {
  it('is true for a total of zero (or below)', () => {
    expect(isZeroBalance({ amount: 0 })).toBe(true);
    expect(isZeroBalance({ amount: -0 })).toBe(true);
    expect(isZeroBalance({ amount: -100 })).toBe(true);
    expect(isZeroBalance({ amount: 1 })).toBe(false);
    expect(isZeroBalance({ amount: Number.NaN })).toBe(false);
    expect(isZeroBalance({} as never)).toBe(false);
    expect(isZeroBalance(null as never)).toBe(false);
  });
});
