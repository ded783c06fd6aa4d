/**
 * Gifting (`calls.gifts`; issue 18; docs/api.md "Gifts") against a seeded in-memory sandbox, in
 * process: the realm's offers, a gift bought through the ordinary basket and pay call (a gift
 * basket; the payment history marks it), delivery by email on the sandbox clock, redemption (a
 * new licence; an extension of a held plan's renewal date; single-use, idempotent for the same
 * account, 20 concurrent redemptions grant once; expiry after a year; throttled), resend (a new
 * code) and cancel with a refund before delivery, a child profile refused, malformed input 400.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createdGiftSchema, giftListSchema, giftPlansSchema, giftRedemptionSchema, giftSchema, licencesResponseSchema } from '@stream/core/contracts';
import { addMonthsUtc, normaliseGiftCode } from '@stream/core/domain';
import { inProcessBuyers, payBody } from './buyers.js';
import { chargeBalance } from '../src/payments/processor.js';
import { call, expectError, inProcessAppForFile } from './helpers.js';

const opened = inProcessAppForFile();
const DAY = 86_400_000;
const buyers = () => inProcessBuyers(opened.app);
const today = (offsetDays = 0, from = Date.now()) => new Date(from + offsetDays * DAY).toISOString().slice(0, 10);

async function setClock(at: number | null) {
  const res = await call(opened.app, 'POST', '/_sandbox/clock', { body: { now: at === null ? null : new Date(at).toISOString() } });
  expect(res.status).toBe(200);
}
afterEach(() => setClock(null));

/** A gift of `months` of `licenceId` for a new recipient address, delivered on `deliveryDate`; paid by a new buyer with a card. */
async function buyGift(options: { licenceId?: string; months?: number; deliveryDate?: string; buyer?: { token: string } } = {}) {
  const { newBuyer, addCard, pay } = buyers();
  const buyer = options.buyer ?? (await newBuyer());
  const recipientEmail = `friend-${randomUUID()}@stream.test`;
  const created = await call(opened.app, 'POST', '/api/v2/gifts', {
    token: buyer.token,
    body: {
      licenceId: options.licenceId ?? '102',
      months: options.months ?? 3,
      recipientName: 'Sam',
      recipientEmail,
      message: 'Happy birthday <3',
      deliveryDate: options.deliveryDate ?? today(),
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const { gift, basket } = createdGiftSchema.parse(created.json);
  const paid = await pay(buyer.token, basket.id, payBody(await addCard(buyer.token)));
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  expect(paid.json).toMatchObject({ status: 'SUCCEEDED', giftId: gift.giftId });
  return { buyer, gift, basket, recipientEmail, paymentId: paid.json.paymentId as string };
}

/** The gift emails to `to`, newest first. */
async function giftEmails(to: string) {
  const res = await call(opened.app, 'GET', `/_sandbox/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return (res.json.messages as { kind: string; link: string; text: string; subject: string }[]).filter((m) => m.kind === 'gift');
}

/** The code of the newest gift email to `to` (from its link `/gift/redeem/{code}/login`). */
async function emailedCode(to: string): Promise<string> {
  const [email] = await giftEmails(to);
  expect(email, `no gift email to ${to}`).toBeDefined();
  const match = /\/gift\/redeem\/([^/]+)\/login$/.exec(new URL(email!.link).pathname);
  const code = normaliseGiftCode(match?.[1]);
  expect(code).not.toBeNull();
  return code!;
}

/** The processor's charge of payment `paymentId` (the history item's `externalPaymentId`). */
async function chargeOf(token: string, paymentId: string): Promise<string> {
  const history = await call(opened.app, 'GET', '/api/v2/customer/payments', { token });
  const item = (history.json.items as Record<string, any>[]).find((i) => i.id === paymentId);
  expect(item?.externalPaymentId).toEqual(expect.any(String));
  return item!.externalPaymentId as string;
}

const redeem = (token: string, code: string) => call(opened.app, 'POST', '/api/v2/gift-redemptions', { token, body: { code } });
const getGift = (token: string, giftId: string) => call(opened.app, 'GET', `/api/v2/gifts/${giftId}`, { token });

/** The account's licence `licenceId` (`GET /api/v2/user/licence`): its status and expiry, or undefined. */
async function heldLicence(token: string, licenceId: string) {
  const res = await call(opened.app, 'GET', '/api/v2/user/licence', { token });
  expect(res.status).toBe(200);
  const licence = licencesResponseSchema.parse(res.json).licences.find((l) => l.id === licenceId);
  return licence && { status: licence.licenceStatus?.status, expiresAt: licence.licenceStatus?.expiryTimestamp ?? undefined };
}

describe('gift offers', () => {
  it('lists the realm giftable plans with the monthly price times the months, for guests too', async () => {
    const res = await call(opened.app, 'GET', '/api/v2/gift-plans');
    expect(res.status).toBe(200);
    const { plans } = giftPlansSchema.parse(res.json);
    const premium = plans.filter((p) => p.licenceId === '102');
    expect(premium.map((p) => p.months)).toEqual([1, 3, 12]);
    expect(premium.map((p) => p.price.amount)).toEqual([1299, 3 * 1299, 12 * 1299]);
    expect(plans.some((p) => p.licenceId === '103' || p.licenceId === '301')).toBe(false);
  });
});

describe('buying a gift', () => {
  it('runs through the ordinary basket and pay call; the buyer gets no licence, and a receipt marked as a gift', async () => {
    const { buyer, gift, basket, paymentId } = await buyGift({ months: 3 });
    expect(basket.amounts.total).toBe(3 * 1299);
    expect(basket.basketItems[0]).toMatchObject({ licenceId: '102', gift: { giftId: gift.giftId, months: 3 } });
    expect(await heldLicence(buyer.token, '102')).toBeUndefined();
    const history = await call(opened.app, 'GET', '/api/v2/customer/payments', { token: buyer.token });
    const item = (history.json.items as Record<string, any>[]).find((i) => i.id === paymentId);
    expect(item).toMatchObject({ itemType: 'GIFT', status: 'succeeded', gift: { giftId: gift.giftId, months: 3, recipientName: 'Sam' } });
    const list = giftListSchema.parse((await call(opened.app, 'GET', '/api/v2/gifts', { token: buyer.token })).json);
    expect(list.items.map((g) => g.giftId)).toEqual([gift.giftId]);
    // The basket is closed: paying it again charges nothing.
    const again = await buyers().pay(buyer.token, basket.id, payBody(undefined));
    expectError(again, 409, 'CONFLICT');
  });

  it('a gift pays through 3-D Secure like a plan: the challenge completes the gift, which is then emailed', async () => {
    const { newBuyer, initCard, pay } = buyers();
    const buyer = await newBuyer();
    const recipientEmail = `friend-${randomUUID()}@stream.test`;
    const created = await call(opened.app, 'POST', '/api/v2/gifts', {
      token: buyer.token,
      body: { licenceId: '201', months: 1, recipientName: 'Jo', recipientEmail, deliveryDate: today() },
    });
    const { gift, basket } = createdGiftSchema.parse(created.json);
    const res = await pay(buyer.token, basket.id, payBody(await initCard(buyer.token, '4000002500003155')));
    // The answer names the gift (the return page ends on the gift's page, never a plan's confirmation).
    expect(res.json).toMatchObject({ status: 'REQUIRES_ACTION', giftId: gift.giftId });
    expect(await giftEmails(recipientEmail)).toEqual([]);
    const { pathname, search } = new URL(res.json.redirectUrl as string);
    const done = await opened.app.request(`${pathname}/complete${search}`, { method: 'POST' });
    expect(await done.json()).toMatchObject({ status: 'SUCCEEDED' });
    expect(await giftEmails(recipientEmail)).toHaveLength(1);
    expect(giftSchema.parse((await getGift(buyer.token, gift.giftId)).json)).toMatchObject({ status: 'DELIVERED', paymentId: res.json.paymentId });
    // The buyer is granted nothing, and the history item is the gift's.
    expect(await heldLicence(buyer.token, '201')).toBeUndefined();
    const history = await call(opened.app, 'GET', '/api/v2/customer/payments', { token: buyer.token });
    expect((history.json.items as Record<string, any>[]).find((i) => i.id === res.json.paymentId)).toMatchObject({
      itemType: 'GIFT',
      status: 'succeeded',
      gift: { giftId: gift.giftId },
    });
  });

  it('an unpaid gift reads as UNPAID (its checkout GIFT_PAY pays it), with no action and no payment', async () => {
    const { newBuyer } = buyers();
    const buyer = await newBuyer();
    const created = await call(opened.app, 'POST', '/api/v2/gifts', {
      token: buyer.token,
      body: { licenceId: '102', months: 1, recipientName: 'Jo', recipientEmail: 'jo@stream.test', deliveryDate: today(2) },
    });
    const { gift } = createdGiftSchema.parse(created.json);
    const read = await getGift(buyer.token, gift.giftId);
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    const answer = giftSchema.parse(read.json);
    expect(answer).toMatchObject({ status: 'UNPAID', canCancel: false, canResend: false, recipientName: 'Jo', deliveryDate: today(2) });
    expect(answer).not.toHaveProperty('paymentId');
    // Not in the list of paid gifts, not cancellable, out of another account's reach.
    expect(giftListSchema.parse((await call(opened.app, 'GET', '/api/v2/gifts', { token: buyer.token })).json).items).toEqual([]);
    expectError(await call(opened.app, 'POST', `/api/v2/gifts/${gift.giftId}/cancel`, { token: buyer.token }), 404, 'NOT_FOUND');
    expectError(await getGift((await newBuyer()).token, gift.giftId), 404, 'NOT_FOUND');
  });

  it('a licence put in the basket makes it an ordinary basket again', async () => {
    const { newBuyer, putBasket } = buyers();
    const buyer = await newBuyer();
    const created = await call(opened.app, 'POST', '/api/v2/gifts', {
      token: buyer.token,
      body: { licenceId: '101', months: 12, recipientName: 'Al', recipientEmail: 'al@stream.test', deliveryDate: today() },
    });
    expect(createdGiftSchema.parse(created.json).basket.amounts.total).toBe(12 * 799);
    const basket = await putBasket(buyer.token, '201');
    expect(basket.amounts.total).toBe(599);
    expect(basket.basketItems[0]).not.toHaveProperty('gift');
    // The gift's checkout puts it back (gifts.basket); once paid, it cannot be put back.
    const { giftId } = createdGiftSchema.parse(created.json).gift;
    const back = await call(opened.app, 'PUT', `/api/v2/gifts/${giftId}/basket`, { token: buyer.token });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(back.json).toMatchObject({ amounts: { total: 12 * 799 }, basketItems: [{ licenceId: '101', gift: { giftId, months: 12 } }] });
    const paid = await buyers().pay(buyer.token, null, payBody(await buyers().addCard(buyer.token)));
    expect(paid.json).toMatchObject({ status: 'SUCCEEDED', giftId });
    expectError(await call(opened.app, 'PUT', `/api/v2/gifts/${giftId}/basket`, { token: buyer.token }), 409, 'CONFLICT');
    const stranger = await newBuyer();
    expectError(await call(opened.app, 'PUT', `/api/v2/gifts/${giftId}/basket`, { token: stranger.token }), 404, 'NOT_FOUND');
  });

  it('refuses a child profile (403 kidPurchasePermissionDenied), an offer the realm does not make (404) and bad input (400)', async () => {
    const { newBuyer, setCaller } = buyers();
    const child = await newBuyer();
    await setCaller({ email: child.email, child: true });
    const body = { licenceId: '102', months: 1, recipientName: 'Kid', recipientEmail: 'kid@stream.test', deliveryDate: today() };
    expect(expectError(await call(opened.app, 'POST', '/api/v2/gifts', { token: child.token, body }), 403, 'FORBIDDEN').messages).toEqual(['kidPurchasePermissionDenied']);
    const adult = await newBuyer();
    const create = (changes: Record<string, unknown>) => call(opened.app, 'POST', '/api/v2/gifts', { token: adult.token, body: { ...body, ...changes } });
    expectError(await create({ licenceId: '103' }), 404, 'NOT_FOUND');
    expectError(await create({ months: 2 }), 400, 'BAD_REQUEST');
    expectError(await create({ deliveryDate: today(-1) }), 400, 'BAD_REQUEST');
    expectError(await create({ deliveryDate: today(400) }), 400, 'BAD_REQUEST');
    expectError(await create({ deliveryDate: '2026-02-30' }), 400, 'BAD_REQUEST');
    expectError(await create({ recipientEmail: 'not an address' }), 400, 'BAD_REQUEST');
    expectError(await call(opened.app, 'POST', '/api/v2/gifts', { body }), 401, 'UNAUTHORIZED');
    expectError(await getGift(adult.token, 'not-a-uuid'), 400, 'BAD_REQUEST');
  });
});

describe('delivery', () => {
  it('emails a gift for today once paid, with the code and the redemption link', async () => {
    const { buyer, gift, recipientEmail } = await buyGift();
    const [email] = await giftEmails(recipientEmail);
    expect(email!.subject).toContain('3 months of Sports Premium');
    expect(email!.text).toContain('Happy birthday <3');
    const link = new URL(email!.link);
    expect(link.pathname).toMatch(/^\/gift\/redeem\/[0-9A-Z]{24}\/login$/);
    expect(link.searchParams.get('from')).toBe(`/redeem?redeemCode=${link.pathname.split('/')[3]}`);
    expect(giftSchema.parse((await getGift(buyer.token, gift.giftId)).json)).toMatchObject({ status: 'DELIVERED', canResend: true, canCancel: false });
  });

  it('a later gift is emailed when the sandbox clock reaches its date, not before', async () => {
    const { buyer, gift, recipientEmail } = await buyGift({ deliveryDate: today(10) });
    expect(await giftEmails(recipientEmail)).toEqual([]);
    expect(giftSchema.parse((await getGift(buyer.token, gift.giftId)).json)).toMatchObject({ status: 'SCHEDULED', canCancel: true, canResend: false });
    await setClock(Date.now() + 9 * DAY);
    expect(await giftEmails(recipientEmail)).toEqual([]);
    await setClock(Date.parse(`${today(10)}T00:00:01Z`));
    expect(await giftEmails(recipientEmail)).toHaveLength(1);
    expect(await giftEmails(recipientEmail)).toHaveLength(1);
    expect(giftSchema.parse((await getGift(buyer.token, gift.giftId)).json).status).toBe('DELIVERED');
  });
});

describe('redemption', () => {
  it('grants a new licence for the gifted months; the same account again gets the same answer; another account 409', async () => {
    const { buyer, gift, recipientEmail } = await buyGift({ months: 3 });
    const code = await emailedCode(recipientEmail);
    const { newBuyer } = buyers();
    const recipient = await newBuyer();
    const first = await redeem(recipient.token, code.toLowerCase().replace(/(.{4})/g, '$1-'));
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const answer = giftRedemptionSchema.parse(first.json);
    expect(answer).toMatchObject({ licenceId: '102', months: 3, outcome: 'new' });
    expect(Date.parse(answer.expiresAt!)).toBe(addMonthsUtc(Date.parse(answer.redeemedAt), 3));
    const licence = await heldLicence(recipient.token, '102');
    expect(licence).toMatchObject({ status: 'ACTIVE' });
    expect(licence?.expiresAt).toBe(answer.expiresAt);
    const second = await redeem(recipient.token, code);
    expect(second.json).toEqual(first.json);
    const other = await newBuyer();
    expect(expectError(await redeem(other.token, code), 409, 'GIFT_CODE_USED').messages).toEqual(['giftCodeAlreadyUsed']);
    expect(await heldLicence(other.token, '102')).toBeUndefined();
    expect(giftSchema.parse((await getGift(buyer.token, gift.giftId)).json)).toMatchObject({ status: 'REDEEMED', canResend: false, canCancel: false });
  });

  it('extends a held plan: the renewal date moves by the gifted period, without a charge', async () => {
    const { newBuyer, putBasket, addCard, pay } = buyers();
    const holder = await newBuyer();
    await putBasket(holder.token, '102');
    expect((await pay(holder.token, null, payBody(await addCard(holder.token)))).json.status).toBe('SUCCEEDED');
    const before = await heldLicence(holder.token, '102');
    const paymentsBefore = (await call(opened.app, 'GET', '/api/v2/customer/payments', { token: holder.token })).json.items.length;
    const { recipientEmail } = await buyGift({ months: 1 });
    const res = await redeem(holder.token, await emailedCode(recipientEmail));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const answer = giftRedemptionSchema.parse(res.json);
    expect(answer).toMatchObject({ outcome: 'extend', previousExpiresAt: before!.expiresAt });
    expect(Date.parse(answer.expiresAt!)).toBe(addMonthsUtc(Date.parse(before!.expiresAt!), 1));
    expect((await heldLicence(holder.token, '102'))?.expiresAt).toBe(answer.expiresAt);
    expect((await call(opened.app, 'GET', '/api/v2/customer/payments', { token: holder.token })).json.items).toHaveLength(paymentsBefore);
  });

  it('20 concurrent redemptions of one code grant it once', async () => {
    const { recipientEmail } = await buyGift({ months: 1 });
    const code = await emailedCode(recipientEmail);
    const { newBuyer } = buyers();
    const accounts = await Promise.all(Array.from({ length: 20 }, () => newBuyer()));
    const answers = await Promise.all(accounts.map((a) => redeem(a.token, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.json.code === 'GIFT_CODE_USED')).toHaveLength(19);
    const holders = await Promise.all(accounts.map((a) => heldLicence(a.token, '102')));
    expect(holders.filter(Boolean)).toHaveLength(1);
  });

  it('a code expires a year after delivery', async () => {
    const { recipientEmail } = await buyGift({ months: 1 });
    const code = await emailedCode(recipientEmail);
    const recipient = await buyers().newBuyer();
    await setClock(addMonthsUtc(Date.now(), 12) + DAY);
    expect(expectError(await redeem(recipient.token, code), 409, 'GIFT_CODE_EXPIRED').messages).toEqual(['giftCodeExpired']);
  });

  it('unknown and malformed codes are 404 GIFT_CODE_INVALID, and 5 failed guesses in a row are throttled (429)', async () => {
    const guesser = await buyers().newBuyer();
    expect(expectError(await redeem(guesser.token, 'nope'), 404, 'GIFT_CODE_INVALID').messages).toEqual(['giftCodeInvalid']);
    for (let i = 0; i < 4; i++) expectError(await redeem(guesser.token, 'A'.repeat(24)), 404, 'GIFT_CODE_INVALID');
    const throttled = expectError(await redeem(guesser.token, 'B'.repeat(24)), 429, 'TOO_MANY_ATTEMPTS');
    expect(throttled).toBeDefined();
  });
});

describe("the buyer's gift", () => {
  it('resend emails a new code: the old one stops working, the new one works', async () => {
    const { buyer, gift, recipientEmail } = await buyGift({ months: 1 });
    const oldCode = await emailedCode(recipientEmail);
    const res = await call(opened.app, 'POST', `/api/v2/gifts/${gift.giftId}/resend`, { token: buyer.token });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await giftEmails(recipientEmail)).toHaveLength(2);
    const newCode = await emailedCode(recipientEmail);
    expect(newCode).not.toBe(oldCode);
    const recipient = await buyers().newBuyer();
    expectError(await redeem(recipient.token, oldCode), 404, 'GIFT_CODE_INVALID');
    expect((await redeem(recipient.token, newCode)).status).toBe(200);
    expectError(await call(opened.app, 'POST', `/api/v2/gifts/${gift.giftId}/resend`, { token: buyer.token }), 409, 'CONFLICT');
  });

  it('cancel before delivery refunds the payment and nothing is ever emailed; after delivery it is 409', async () => {
    const { buyer, gift, recipientEmail, paymentId } = await buyGift({ deliveryDate: today(5) });
    const res = await call(opened.app, 'POST', `/api/v2/gifts/${gift.giftId}/cancel`, { token: buyer.token });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(giftSchema.parse(res.json)).toMatchObject({ status: 'CANCELLED', refunded: true, canCancel: false });
    const history = await call(opened.app, 'GET', '/api/v2/customer/payments', { token: buyer.token });
    const item = (history.json.items as Record<string, any>[]).find((i) => i.id === paymentId);
    expect(item).toMatchObject({ status: 'refunded', refunds: [{ amount: gift.price.amount, currency: gift.price.currency, refundId: expect.stringMatching(/^re_/) }] });
    await setClock(Date.now() + 6 * DAY);
    expect(await giftEmails(recipientEmail)).toEqual([]);
    const delivered = await buyGift({ deliveryDate: today(6) });
    expectError(await call(opened.app, 'POST', `/api/v2/gifts/${delivered.gift.giftId}/cancel`, { token: delivered.buyer.token }), 409, 'CONFLICT');
  });

  it('two concurrent cancels refund once: one refund of the exact amount, the charge left at zero; a third cancel refunds nothing', async () => {
    const { buyer, gift, paymentId } = await buyGift({ deliveryDate: today(3), months: 12 });
    const chargeId = await chargeOf(buyer.token, paymentId);
    expect(await chargeBalance(opened.deps.db, chargeId)).toEqual({ captured: 12 * 1299, refunded: 0, balance: 12 * 1299, refunds: 0 });
    const cancel = () => call(opened.app, 'POST', `/api/v2/gifts/${gift.giftId}/cancel`, { token: buyer.token });
    const answers = await Promise.all([cancel(), cancel()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await chargeBalance(opened.deps.db, chargeId)).toEqual({ captured: 12 * 1299, refunded: 12 * 1299, balance: 0, refunds: 1 });
    expectError(await cancel(), 409, 'CONFLICT');
    expect((await chargeBalance(opened.deps.db, chargeId))?.refunds).toBe(1);
  });

  it("a gift paid with 3-D Secure is refunded by the processor too (the challenge's charge is captured first)", async () => {
    const { newBuyer, initCard, pay } = buyers();
    const buyer = await newBuyer();
    const created = await call(opened.app, 'POST', '/api/v2/gifts', {
      token: buyer.token,
      body: { licenceId: '201', months: 3, recipientName: 'Jo', recipientEmail: 'jo3ds@stream.test', deliveryDate: today(4) },
    });
    const { gift, basket } = createdGiftSchema.parse(created.json);
    const res = await pay(buyer.token, basket.id, payBody(await initCard(buyer.token, '4000002500003155')));
    const chargeId = await chargeOf(buyer.token, res.json.paymentId as string);
    // Waiting for the challenge: nothing captured, nothing to refund.
    expect(await chargeBalance(opened.deps.db, chargeId)).toMatchObject({ captured: 0, balance: 0 });
    const { pathname, search } = new URL(res.json.redirectUrl as string);
    await opened.app.request(`${pathname}/complete${search}`, { method: 'POST' });
    expect(await chargeBalance(opened.deps.db, chargeId)).toMatchObject({ captured: 3 * 599, balance: 3 * 599 });
    expect((await call(opened.app, 'POST', `/api/v2/gifts/${gift.giftId}/cancel`, { token: buyer.token })).status).toBe(200);
    expect(await chargeBalance(opened.deps.db, chargeId)).toEqual({ captured: 3 * 599, refunded: 3 * 599, balance: 0, refunds: 1 });
  });

  it("a gift paid with PayPal (a redirecting provider) is refunded by the processor too: the approved payment is its captured charge", async () => {
    const { newBuyer, pay } = buyers();
    const buyer = await newBuyer();
    const created = await call(opened.app, 'POST', '/api/v2/gifts', {
      token: buyer.token,
      body: { licenceId: '102', months: 1, recipientName: 'Pat', recipientEmail: 'pat-paypal@stream.test', deliveryDate: today(4) },
    });
    const { gift, basket } = createdGiftSchema.parse(created.json);
    const init = await call(opened.app, 'POST', '/api/v4/payment-method/init', {
      token: buyer.token,
      body: { primaryPaymentDetails: { targetPaymentProvider: 'PAYPAL', paymentMethodType: 'PAYPAL', returnUrl: 'http://localhost:5173/pay/PAYPAL' } },
    });
    const { paymentDetailsExid, redirectUrl } = init.json as { paymentDetailsExid: string; redirectUrl: string };
    const { pathname, search } = new URL(redirectUrl);
    expect((await opened.app.request(`${pathname}/approve${search}`, { method: 'POST' })).status).toBe(303);
    const paid = await pay(buyer.token, basket.id, payBody(paymentDetailsExid, 'PAYPAL', 'PAYPAL'));
    expect(paid.json).toMatchObject({ status: 'SUCCEEDED', giftId: gift.giftId });
    const chargeId = await chargeOf(buyer.token, paid.json.paymentId as string);
    expect(await chargeBalance(opened.deps.db, chargeId)).toEqual({ captured: 1299, refunded: 0, balance: 1299, refunds: 0 });
    expect((await call(opened.app, 'POST', `/api/v2/gifts/${gift.giftId}/cancel`, { token: buyer.token })).status).toBe(200);
    expect(await chargeBalance(opened.deps.db, chargeId)).toEqual({ captured: 1299, refunded: 1299, balance: 0, refunds: 1 });
  });

  it("one buyer's gift is out of another account's reach", async () => {
    const { gift } = await buyGift();
    const stranger = await buyers().newBuyer();
    expectError(await getGift(stranger.token, gift.giftId), 404, 'NOT_FOUND');
    expectError(await call(opened.app, 'POST', `/api/v2/gifts/${gift.giftId}/cancel`, { token: stranger.token }), 404, 'NOT_FOUND');
    expectError(await call(opened.app, 'POST', `/api/v2/gifts/${gift.giftId}/resend`, { token: stranger.token }), 404, 'NOT_FOUND');
  });
});
