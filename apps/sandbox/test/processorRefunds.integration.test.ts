/**
 * The card processor's refund (issue 18: a cancelled gift is refunded): a refund of a captured
 * charge in exact minor units, never more than what is left, made once per idempotency key (the
 * same key again answers the first refund), concurrent refunds of one charge never over-refund.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { captureCharge, chargeBalance, recordCharge, refundCharge } from '../src/payments/processor.js';
import { inProcessAppForFile } from './helpers.js';

const opened = inProcessAppForFile();
const AT = new Date('2026-11-26T12:00:00Z');
const GBP = { currency: 'GBP', scale: 2 };
const newCharge = async (amount: number, captured = true) => {
  const id = `ch_${randomBytes(6).toString('hex')}`;
  await recordCharge(opened.deps.db, id, { amount, ...GBP, at: AT }, captured);
  return id;
};
const refund = (chargeId: string, amount: number, idempotencyKey: string, money = GBP) =>
  refundCharge(opened.deps.db, chargeId, { amount, ...money, idempotencyKey, at: AT });

describe('processor refunds', () => {
  it('refunds exact minor units once per key: the same key again refunds nothing more', async () => {
    const charge = await newCharge(3897);
    const first = await refund(charge, 3897, `k-${charge}`);
    expect(first).toMatchObject({ ok: true, refund: { chargeId: charge, amount: 3897, replayed: false, refundId: expect.stringMatching(/^re_/) } });
    const again = await refund(charge, 3897, `k-${charge}`);
    expect(again).toMatchObject({ ok: true, refund: { replayed: true } });
    expect(again.ok && first.ok && again.refund.refundId === first.refund.refundId).toBe(true);
    expect(await chargeBalance(opened.deps.db, charge)).toEqual({ captured: 3897, refunded: 3897, balance: 0, refunds: 1 });
    // Another key: nothing left to refund.
    expect(await refund(charge, 1, `other-${charge}`)).toEqual({ ok: false, reason: 'amount_exceeds_balance' });
  });

  it('partial refunds add up to the charge and no further', async () => {
    const charge = await newCharge(1000);
    expect((await refund(charge, 400, `a-${charge}`)).ok).toBe(true);
    expect(await refund(charge, 601, `b-${charge}`)).toEqual({ ok: false, reason: 'amount_exceeds_balance' });
    expect((await refund(charge, 600, `c-${charge}`)).ok).toBe(true);
    expect(await chargeBalance(opened.deps.db, charge)).toEqual({ captured: 1000, refunded: 1000, balance: 0, refunds: 2 });
  });

  it('refuses an unknown or uncaptured charge, another currency, and an amount that is not a positive whole number', async () => {
    expect(await refund('ch_nope', 1, 'nope')).toEqual({ ok: false, reason: 'no_such_charge' });
    const pending = await newCharge(500, false);
    expect(await refund(pending, 500, `p-${pending}`)).toEqual({ ok: false, reason: 'charge_not_captured' });
    await captureCharge(opened.deps.db, pending, AT);
    expect(await refund(pending, 500, `e-${pending}`, { currency: 'EUR', scale: 2 })).toEqual({ ok: false, reason: 'currency_mismatch' });
    for (const amount of [0, -1, 1.5]) expect(await refund(pending, amount, `x-${amount}-${pending}`)).toEqual({ ok: false, reason: 'invalid_amount' });
    expect((await refund(pending, 500, `ok-${pending}`)).ok).toBe(true);
  });

  it('ten concurrent refunds of the whole charge under different keys refund it once', async () => {
    const charge = await newCharge(1299);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => refund(charge, 1299, `race-${i}-${charge}`)));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(await chargeBalance(opened.deps.db, charge)).toEqual({ captured: 1299, refunded: 1299, balance: 0, refunds: 1 });
  });
});
