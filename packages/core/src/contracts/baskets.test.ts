import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basketSchema,
  cardSchema,
  payRequestSchema,
  payResponseSchema,
  paymentHistoryItemSchema,
  redeemVoucherRequestSchema,
} from './baskets.js';

const basket = {
  id: 'b-1',
  basketItems: [{ sku: 'SPORTS-MONTHLY-GBP', subscriptionSetting: { subscriptionPeriod: 'P1M', trialPeriodDuration: 'P7D' } }],
  amounts: {
    total: 1299,
    currency: 'GBP',
    scale: 2,
    vouchers: [{ name: 'HALF', discount: { type: 'PERCENTAGE', percentage: 50, state: 'ACTIVE' } }],
    tax: 217,
    subTotal: 1299,
    discountedTotal: 650,
    isTaxInclusive: true,
  },
  futureField: { kept: true },
};

describe('basket and payment contracts (commerce §3, §7)', () => {
  it('parses a basket and keeps unknown fields', () => {
    expect(basketSchema.parse(basket)).toMatchObject({ id: 'b-1', futureField: { kept: true } });
  });

  it('refuses a basket whose amounts break the shape', () => {
    expect(basketSchema.safeParse({ ...basket, amounts: { ...basket.amounts, currency: 'POUNDS' } }).success).toBe(false);
    expect(basketSchema.safeParse({ ...basket, amounts: { ...basket.amounts, total: 12.5 } }).success).toBe(false);
  });

  it('a pay body needs the provider and the method type', () => {
    const ok = {
      paymentArrangement: {
        primaryPaymentDetailsAttributes: { paymentDetailsExternalId: 'pd-1', targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' },
      },
      consent: [{ fieldName: 'termsOfUse', answer: true }],
    };
    expect(payRequestSchema.safeParse(ok).success).toBe(true);
    const missing = { paymentArrangement: { primaryPaymentDetailsAttributes: { paymentMethodType: 'CARD' } } };
    expect(payRequestSchema.safeParse(missing).success).toBe(false);
    expect(payResponseSchema.safeParse({ status: 'CHARGED', paymentId: 'p' }).success).toBe(false);
  });

  it('a voucher redeem sends licenceId only as an integer', () => {
    expect(redeemVoucherRequestSchema.safeParse({ voucherCode: 'X', licenceId: 101 }).success).toBe(true);
    expect(redeemVoucherRequestSchema.safeParse({ voucherCode: 'X', licenceId: 1.5 }).success).toBe(false);
    expect(redeemVoucherRequestSchema.safeParse({ voucherCode: '' }).success).toBe(false);
  });

  it('cards and history items parse; a card never needs its number', () => {
    expect(cardSchema.parse({ cardId: 'c1', last4Digits: '4242', default: true })).toMatchObject({ cardId: 'c1' });
    expect(paymentHistoryItemSchema.parse({ id: 'p1', when: '2026-11-22T08:00:00Z', status: 'succeeded' })).toMatchObject({ id: 'p1' });
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const schema of [basketSchema, payRequestSchema, payResponseSchema, cardSchema, paymentHistoryItemSchema]) {
          expect(typeof schema.safeParse(value).success).toBe('boolean');
        }
      }),
    );
  });
});
