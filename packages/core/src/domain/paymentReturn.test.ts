import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { externalUrl, paidItemOf, paymentIdOf, providerApproved, providerReturnOf, withReturnUrl } from './index.js';

describe('externalUrl', () => {
  it('accepts absolute http(s) addresses only', () => {
    expect(externalUrl('https://pay.example/3ds?x=1')).toBe('https://pay.example/3ds?x=1');
    expect(externalUrl('http://127.0.0.1:8787/_processor/v1/challenge/a')).toBe('http://127.0.0.1:8787/_processor/v1/challenge/a');
    for (const refused of ['javascript:alert(1)', 'data:text/html,x', '/relative', '//host/x', 'ftp://x', '', null, 42, undefined]) {
      expect(externalUrl(refused)).toBeNull();
    }
  });

  it('never throws and answers only http: or https: addresses (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.anything()), (value) => {
        const url = externalUrl(value);
        if (url !== null) expect(new URL(url).protocol).toMatch(/^https?:$/);
      }),
    );
  });
});

describe('withReturnUrl', () => {
  it('sets returnUrl in the challenge address and keeps its other parameters', () => {
    const url = withReturnUrl('https://pay.example/3ds?session=a&returnUrl=old', 'https://app.example/payment-authorization');
    expect(url).not.toBeNull();
    const parsed = new URL(url ?? '');
    expect(parsed.searchParams.get('session')).toBe('a');
    expect(parsed.searchParams.getAll('returnUrl')).toEqual(['https://app.example/payment-authorization']);
  });

  it('refuses what is not an external address', () => {
    expect(withReturnUrl('javascript:alert(1)', 'https://app.example/')).toBeNull();
  });

  it('always gives an external address whose returnUrl reads back (property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true }), fc.string(), (url, back) => {
        const result = withReturnUrl(url, back);
        expect(result).not.toBeNull();
        expect(externalUrl(result)).toBe(result);
        expect(new URL(result ?? '').searchParams.get('returnUrl')).toBe(back);
      }),
    );
  });
});

describe('providerReturnOf / providerApproved', () => {
  const full = 'targetPaymentProvider=PAYPAL&paymentProviderId=PAYPAL&paymentMethodType=PAYPAL&paymentDetailsExid=pd_1&redirect_status=succeeded';

  it('reads the five parameters a provider sends back', () => {
    const back = providerReturnOf(new URLSearchParams(full));
    expect(back).toEqual({
      targetPaymentProvider: 'PAYPAL',
      paymentProviderId: 'PAYPAL',
      paymentMethodType: 'PAYPAL',
      paymentDetailsExid: 'pd_1',
      redirectStatus: 'succeeded',
    });
    expect(providerApproved(back)).toBe(true);
    expect(providerApproved({ redirectStatus: 'failed' })).toBe(false);
    expect(providerApproved(null)).toBe(false);
  });

  it('is null when a parameter is missing or blank', () => {
    for (const name of ['targetPaymentProvider', 'paymentProviderId', 'paymentMethodType', 'paymentDetailsExid', 'redirect_status']) {
      const query = new URLSearchParams(full);
      query.delete(name);
      expect(providerReturnOf(query)).toBeNull();
      query.set(name, '  ');
      expect(providerReturnOf(query)).toBeNull();
    }
    expect(providerReturnOf(null)).toBeNull();
    expect(providerReturnOf({ get: () => { throw new Error('x'); } })).toBeNull();
  });
});

describe('paymentIdOf / paidItemOf', () => {
  it('reads the payment id of a pay answer', () => {
    expect(paymentIdOf({ status: 'SUCCEEDED', paymentId: 'pay_1' })).toBe('pay_1');
    for (const none of [{ paymentId: '' }, { paymentId: 3 }, null, 'pay_1', undefined]) expect(paymentIdOf(none)).toBeNull();
  });

  it('turns a history item into what the confirmation shows', () => {
    const price = { amount: 1299, scale: 2, currency: 'GBP' };
    expect(paidItemOf({ status: 'SUCCEEDED', skuLicence: { licenceName: 'Sports Premium', price } })).toEqual({
      licenceName: 'Sports Premium',
      paid: price,
      status: 'succeeded',
    });
    expect(paidItemOf({ status: 'failed' })).toEqual({ licenceName: null, paid: null, status: 'failed' });
  });

  it("names the gift of a gift's payment (itemType GIFT), and only then", () => {
    const giftId = 'a0a0a0a0-0000-4000-8000-000000000001';
    expect(paidItemOf({ status: 'SUCCEEDED', itemType: 'GIFT', gift: { giftId } })).toEqual({ licenceName: null, paid: null, status: 'succeeded', giftId });
    expect(paidItemOf({ status: 'SUCCEEDED', itemType: 'LICENCE', gift: { giftId } })).not.toHaveProperty('giftId');
    expect(paidItemOf({ status: 'SUCCEEDED', itemType: 'GIFT', gift: { giftId: '' } })).not.toHaveProperty('giftId');
    expect(paidItemOf({ status: 'SUCCEEDED', itemType: 'GIFT' })).not.toHaveProperty('giftId');
  });
});
