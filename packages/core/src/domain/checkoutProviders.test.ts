import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkoutPath,
  defaultProvider,
  journeyMethodFor,
  offeredProviders,
  paymentMethodId,
  PROVIDER_LABEL_KEYS,
  providerLabelKey,
  savedCardDetails,
} from './index.js';

const provider = (paymentProviderId: string) => ({ paymentProviderId, providerType: paymentProviderId.toLowerCase(), paymentMethodType: 'X' });

describe('providerLabelKey / offeredProviders', () => {
  it('names the providers the checkout offers and nothing else', () => {
    expect(providerLabelKey('CARDS')).toBe('paymentMethodCard');
    expect(providerLabelKey('PAYPAL')).toBe('paymentMethodPaypal');
    expect(providerLabelKey('IDEAL')).toBe('paymentMethodIdeal');
    expect(providerLabelKey('WEPAY')).toBe('paymentMethodWepay');
    for (const unknown of ['cards', 'KLARNA', '', 'toString', '__proto__', 42 as unknown as string]) expect(providerLabelKey(unknown)).toBeNull();
  });

  it('keeps the offered providers in the platform order and skips the others', () => {
    const list = [provider('KLARNA'), provider('PAYPAL'), provider('CARDS'), null as unknown as ReturnType<typeof provider>, provider('IDEAL')];
    expect(offeredProviders(list).map((p) => p.paymentProviderId)).toEqual(['PAYPAL', 'CARDS', 'IDEAL']);
    expect(offeredProviders(null)).toEqual([]);
  });

  it('offers exactly the providers that have a label (property)', () => {
    const id = fc.oneof(fc.constantFrom(...Object.keys(PROVIDER_LABEL_KEYS)), fc.string());
    fc.assert(
      fc.property(fc.array(id.map(provider)), (list) => {
        const offered = offeredProviders(list);
        expect(offered).toEqual(list.filter((p) => providerLabelKey(p.paymentProviderId) !== null));
      }),
    );
  });
});

describe('defaultProvider', () => {
  it('chooses the card provider first, else the first offered one', () => {
    expect(defaultProvider([provider('PAYPAL'), provider('CARDS')])?.paymentProviderId).toBe('CARDS');
    expect(defaultProvider([provider('IDEAL'), provider('PAYPAL')])?.paymentProviderId).toBe('IDEAL');
    expect(defaultProvider([])).toBeUndefined();
  });
});

describe('journeyMethodFor', () => {
  it('maps the card provider, PayPal and every other provider to their journey step', () => {
    expect(journeyMethodFor('CARDS')).toBe('card');
    expect(journeyMethodFor('PAYPAL')).toBe('paypal');
    for (const other of ['IDEAL', 'BANCONTACT', 'PIX', 'ALIPAY', 'WEPAY', '', 'paypal']) expect(journeyMethodFor(other)).toBe('new');
  });
});

describe('savedCardDetails / paymentMethodId', () => {
  it('pays a stored card with its id on the card provider, CARD unless it names its type', () => {
    expect(savedCardDetails({ cardId: 'pd_1' })).toEqual({ paymentDetailsExid: 'pd_1', targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' });
    expect(savedCardDetails({ cardId: 'pd_2', paymentMethodType: 'MOBILE' }).paymentMethodType).toBe('MOBILE');
  });

  it('identifies a method by its details id, or ZERO_BALANCE', () => {
    expect(paymentMethodId({ paymentDetailsExid: 'pd_1' })).toBe('pd_1');
    expect(paymentMethodId({ paymentDetailsExid: 42 })).toBe('42');
    expect(paymentMethodId({})).toBe('');
    expect(paymentMethodId(null)).toBe('');
    expect(paymentMethodId({ paymentDetailsExid: 'pd_1' }, true)).toBe('ZERO_BALANCE');
  });
});

describe('checkoutPath', () => {
  it('reopens the checkout of the licence, keeping only a safe from', () => {
    expect(checkoutPath('en', '102', '/video/a')).toBe('/purchase?licenceId=102&from=%2Fvideo%2Fa');
    expect(checkoutPath('en', '102', 'https://evil.example/')).toBe('/purchase?licenceId=102');
    expect(checkoutPath('en', '102', null)).toBe('/purchase?licenceId=102');
    expect(checkoutPath('es', 'a b', null)).toMatch(/\?licenceId=a\+b$/);
  });
});
