import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basketSchema,
  calls,
  licencesResponseSchema,
  paymentDetailsSchema,
  payResponseSchema,
  platformErrorSchema,
  playbackSchema,
} from '@stream/core/contracts';
import type { AppDeps } from '../src/index.js';
import { inProcessBuyers, payBody } from './buyers.js';
import { type App, call, expectError, inProcessAppForFile } from './helpers.js';

const file = inProcessAppForFile();
let deps: AppDeps;
let app: App;
beforeAll(() => {
  ({ app, deps } = file);
  ({ newBuyer, putBasket, tokenize, initCard, addCard, pay } = inProcessBuyers(app));
});

type Buyers = ReturnType<typeof inProcessBuyers>;
let newBuyer: Buyers['newBuyer'];
let putBasket: Buyers['putBasket'];
let tokenize: Buyers['tokenize'];
let initCard: Buyers['initCard'];
let addCard: Buyers['addCard'];
let pay: Buyers['pay'];

async function addVoucher(token: string, code: string) {
  const res = await call(app, 'PUT', `/api/v2/baskets/vouchers/${encodeURIComponent(code)}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return basketSchema.parse(res.json);
}

async function paymentCount(token: string) {
  const res = await call(app, 'GET', calls.payments.history.path, { token });
  expect(res.status).toBe(200);
  return calls.payments.history.response.parse(res.json).items;
}

describe('baskets and vouchers', () => {
  it('answers an empty basket, then the licence with its local price and 20 % tax included', async () => {
    const { token } = await newBuyer();
    const empty = await call(app, 'GET', '/api/v2/customer/basket', { token });
    expect(empty.status).toBe(200);
    expect(basketSchema.parse(empty.json).basketItems).toEqual([]);
    const basket = await putBasket(token, '102');
    expect(basket.id).toBe(empty.json.id);
    expect(basket.basketItems[0]).toMatchObject({ sku: '102-gbp', licenceId: '102', subscriptionSetting: { subscriptionPeriod: 'P1M' } });
    expect(basket.amounts).toMatchObject({
      subTotal: 1299, total: 1299, discountedTotal: 1299, currency: 'GBP', scale: 2, tax: 217, discountedTax: 217, isTaxInclusive: true,
    });
    const again = basketSchema.parse((await call(app, 'GET', '/api/v2/customer/basket', { token })).json);
    expect(again).toEqual(basket);
  });

  it('falls back to the default price (302: EUR only)', async () => {
    const { token } = await newBuyer();
    expect((await putBasket(token, '302')).amounts).toMatchObject({ subTotal: 1999, currency: 'EUR', total: 1999 });
  });

  it('applies HALF, FIVEOFF and FREE100, and removes them', async () => {
    const { token } = await newBuyer();
    await putBasket(token, '102');
    let b = await addVoucher(token, 'half'); // case-insensitive
    expect(b.amounts).toMatchObject({ subTotal: 1299, discountedTotal: 649, total: 649, tax: 217, discountedTax: 108 });
    expect(b.amounts.vouchers).toEqual([{ name: 'HALF', discount: { type: 'PERCENTAGE', percentage: 50, state: 'ACTIVE' } }]);
    b = await addVoucher(token, 'FIVEOFF');
    expect(b.amounts.total).toBe(149);
    b = await addVoucher(token, 'FIVEOFF'); // applied once
    expect(b.amounts.vouchers).toHaveLength(2);
    const removed = await call(app, 'DELETE', '/api/v2/baskets/vouchers/HALF', { token });
    expect(basketSchema.parse(removed.json).amounts.total).toBe(799);
    await call(app, 'DELETE', '/api/v2/baskets/vouchers/FIVEOFF', { token });
    b = await addVoucher(token, 'FREE100');
    expect(b.amounts).toMatchObject({ total: 0, discountedTotal: 0, discountedTax: 0, subTotal: 1299 });
  });

  it('404s an unknown voucher or licence, and a voucher not in the basket', async () => {
    const { token } = await newBuyer();
    expect(expectError(await call(app, 'PUT', '/api/v2/baskets/vouchers/NOPE', { token }), 404, 'NOT_FOUND').messages).toEqual([
      'Voucher code NOPE is not valid.',
    ]);
    expectError(await call(app, 'DELETE', '/api/v2/baskets/vouchers/HALF', { token }), 404, 'NOT_FOUND');
    expectError(await call(app, 'PUT', '/api/v2/baskets/999', { token }), 404, 'NOT_FOUND');
    expectError(await call(app, 'GET', '/api/v2/customer/basket'), 401, 'UNAUTHORIZED');
  });

  it('redeems a voucher (with a licence id)', async () => {
    const { token } = await newBuyer();
    const res = await call(app, 'POST', calls.vouchers.redeem.path, { token, body: { voucherCode: 'HALF', licenceId: 201 } });
    expect(calls.vouchers.redeem.response.parse(res.json)).toEqual({ redeemed: true });
    const b = basketSchema.parse((await call(app, 'GET', '/api/v2/customer/basket', { token })).json);
    expect(b.amounts).toMatchObject({ subTotal: 599, total: 299 });
    expectError(await call(app, 'POST', calls.vouchers.redeem.path, { token, body: { voucherCode: 'X' } }), 404, 'NOT_FOUND');
    expectError(await call(app, 'POST', calls.vouchers.redeem.path, { token, body: { voucherCode: '' } }), 400, 'BAD_REQUEST');
  });

  it('lists the payment providers', async () => {
    const res = await call(app, 'GET', calls.payments.providers.path);
    const { providers } = calls.payments.providers.response.parse(res.json);
    expect(providers.map((p) => p.paymentProviderId)).toEqual(['CARDS', 'PAYPAL', 'IDEAL', 'BANCONTACT', 'PIX', 'ALIPAY', 'WEPAY', 'ZERO_BALANCE']);
    expect(providers[0]).toMatchObject({ paymentProviderGroupType: 'CREDIT_CARD' });
  });
});

describe('card processor', () => {
  it('tokenizes a card: brand, last 4 and expiry, never the number', async () => {
    const res = await tokenize('4242 4242 4242 4242');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12 });
    expect(res.json.token).toMatch(/^tok_/);
    expect(JSON.stringify(res.json)).not.toContain('4242424242424242');
  });

  it('refuses a number that fails Luhn (incorrect_number) and malformed bodies', async () => {
    const res = await tokenize('4242424242424241');
    expect(expectError(res, 402, 'incorrect_number').messages).toEqual(['Your card number is incorrect.']);
    expectError(await call(app, 'POST', '/_processor/v1/tokens', { body: { number: '4242' }, noRealm: true }), 400, 'BAD_REQUEST');
  });
});

describe('pay', () => {
  it('pays with a card: SUCCEEDED, the licence is granted and its content plays', async () => {
    const { token } = await newBuyer();
    const blocked = await call(app, 'GET', '/api/v2/playback/VOD/the-long-night', { token });
    expectError(blocked, 403, 'LICENCE_REQUIRED');
    const basket = await putBasket(token, '201');
    const exid = await addCard(token);
    const res = await pay(token, basket.id, payBody(exid));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const answer = payResponseSchema.parse(res.json);
    expect(answer).toMatchObject({ status: 'SUCCEEDED', licenceId: '201' });

    const mine = licencesResponseSchema.parse((await call(app, 'GET', '/api/v2/user/licence', { token })).json).licences;
    const licence = mine.find((l) => l.id === '201');
    expect(licence).toMatchObject({ status: 'ACTIVE', autoRenewingStatus: 'AUTO_RENEWING' });
    const expiry = Date.parse(licence!.licenceStatus!.expiryTimestamp!);
    expect(expiry - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(expiry - Date.now()).toBeLessThan(32 * 86_400_000);

    const play = await call(app, 'GET', '/api/v2/playback/VOD/the-long-night', { token });
    expect(play.status).toBe(200);
    playbackSchema.parse(play.json);

    const items = await paymentCount(token);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: answer.paymentId, status: 'succeeded', sku: '201-gbp', skuLicence: { licenceName: 'Cinema', price: { amount: 599 } } });
    const cards = calls.cards.list.response.parse((await call(app, 'GET', calls.cards.list.path, { token })).json).cards;
    expect(cards).toEqual([expect.objectContaining({ cardId: exid, last4Digits: '4242', cardType: 'VISA', default: true, licences: ['201'] })]);
    // The basket is closed: the next one is new and empty.
    const next = basketSchema.parse((await call(app, 'GET', '/api/v2/customer/basket', { token })).json);
    expect(next.id).not.toBe(basket.id);
    expect(next.basketItems).toEqual([]);
  });

  it('the same Idempotency-Key never charges twice, even concurrently', async () => {
    const { token } = await newBuyer();
    const basket = await putBasket(token, '101');
    const exid = await addCard(token);
    const key = randomUUID();
    const [a, b] = await Promise.all([pay(token, basket.id, payBody(exid), key), pay(token, basket.id, payBody(exid), key)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.json).toEqual(b.json);
    const again = await pay(token, basket.id, payBody(exid), key);
    expect(again.json).toEqual(a.json);
    const viaCurrent = await pay(token, null, payBody(exid), key);
    expect(viaCurrent.json).toEqual(a.json);
    expect(await paymentCount(token)).toHaveLength(1);
    // Another key for the paid basket: 409.
    expectError(await pay(token, basket.id, payBody(exid)), 409, 'CONFLICT');
  });

  it('a licence with a free trial starts TRIAL_ACTIVE until the trial ends; NOTRIAL buys it ACTIVE', async () => {
    const heldLicence = async (token: string) => {
      const res = await call(app, 'GET', '/api/v2/user/licence', { token });
      return (res.json as { licences: { id: string; licenceStatus?: { status?: string; expiryTimestamp?: string }; trialDetails?: { trialEndTimestamp?: string } }[] }).licences.find((l) => l.id === '202');
    };
    const trial = await newBuyer();
    await putBasket(trial.token, '202');
    expect((await pay(trial.token, null, payBody(await addCard(trial.token)))).status).toBe(200);
    const withTrial = await heldLicence(trial.token);
    expect(withTrial?.licenceStatus?.status).toBe('TRIAL_ACTIVE');
    const trialEnd = Date.parse(withTrial?.trialDetails?.trialEndTimestamp ?? '');
    const expiry = Date.parse(withTrial?.licenceStatus?.expiryTimestamp ?? '');
    expect(trialEnd - Date.now()).toBeGreaterThan(6 * 86_400_000);
    expect(trialEnd - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    // The first month starts when the trial ends.
    expect(expiry - trialEnd).toBeGreaterThanOrEqual(28 * 86_400_000);

    const noTrial = await newBuyer();
    await putBasket(noTrial.token, '202');
    await addVoucher(noTrial.token, 'NOTRIAL');
    const res = await call(app, 'POST', '/api/v2/customer/baskets/pay/?acknowledgeNoFreeTrial=true', {
      token: noTrial.token,
      body: payBody(await addCard(noTrial.token)),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(200);
    expect((await heldLicence(noTrial.token))?.licenceStatus?.status).toBe('ACTIVE');
  });

  it('pays a zero balance basket with ZERO_BALANCE and no card', async () => {
    const { token } = await newBuyer();
    await putBasket(token, '202');
    await addVoucher(token, 'FREE100');
    const res = await pay(token, null, payBody(undefined, 'ZERO_BALANCE', 'ZERO_BALANCE'));
    expect(payResponseSchema.parse(res.json)).toMatchObject({ status: 'SUCCEEDED', licenceId: '202' });
    expect((await paymentCount(token))[0]).toMatchObject({ status: 'succeeded', skuLicence: { price: { amount: 0 } } });
  });

  it('refuses ZERO_BALANCE for a non-zero basket and a card payment without details', async () => {
    const { token } = await newBuyer();
    await putBasket(token, '202');
    expectError(await pay(token, null, payBody(undefined, 'ZERO_BALANCE', 'ZERO_BALANCE')), 400, 'BAD_REQUEST');
    expectError(await pay(token, null, payBody(undefined)), 400, 'BAD_REQUEST');
    expectError(await pay(token, null, payBody('pd_nope')), 404, 'NOT_FOUND');
  });

  it.each([
    ['4000000000000002', 'card_declined', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', 'expired_card', 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4000000000000119', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'],
  ])('card %s answers 402 %s and grants nothing', async (number, code, message) => {
    const { token } = await newBuyer();
    const basket = await putBasket(token, '101');
    const exid = await initCard(token, number);
    const key = randomUUID();
    const res = await pay(token, basket.id, payBody(exid), key);
    expect(expectError(res, 402, code).messages).toEqual([message]);
    // The same key replays the decline; nothing is charged again.
    expectError(await pay(token, basket.id, payBody(exid), key), 402, code);
    const items = await paymentCount(token);
    expect(items.map((i) => i.status)).toEqual(['failed']);
    const mine = licencesResponseSchema.parse((await call(app, 'GET', '/api/v2/user/licence', { token })).json).licences;
    expect(mine).toEqual([]);
    // A good card and a new key pay the same basket.
    const ok = await pay(token, basket.id, payBody(await addCard(token)));
    expect(ok.json.status).toBe('SUCCEEDED');
  });

  it('3-D Secure card: REQUIRES_ACTION, then the challenge completes the payment', async () => {
    const { token } = await newBuyer();
    const basket = await putBasket(token, '101');
    const exid = await initCard(token, '4000002500003155');
    const key = randomUUID();
    const res = await pay(token, basket.id, payBody(exid), key);
    const answer = payResponseSchema.parse(res.json);
    expect(answer.status).toBe('REQUIRES_ACTION');
    const { pathname: path, search } = new URL(answer.redirectUrl!);
    expect((await app.request(`${path}${search}`)).status).toBe(200);
    const done = await app.request(`${path}/complete${search}`, { method: 'POST' });
    expect(await done.json()).toMatchObject({ status: 'SUCCEEDED' });
    expect((await pay(token, basket.id, payBody(exid), key)).json).toMatchObject({ status: 'SUCCEEDED', paymentId: answer.paymentId });
    expect((await paymentCount(token)).map((i) => i.status)).toEqual(['succeeded']);
  });

  it('409 freeTrialDenied for a NOTRIAL basket until acknowledged', async () => {
    const { token } = await newBuyer();
    const basket = await putBasket(token, '202');
    const withVoucher = await addVoucher(token, 'NOTRIAL');
    expect(withVoucher.basketItems[0]!.subscriptionSetting?.trialPeriodDuration).toBeUndefined();
    const exid = await addCard(token);
    const key = randomUUID();
    expect(expectError(await pay(token, basket.id, payBody(exid), key), 409, 'CONFLICT').messages).toEqual(['freeTrialDenied']);
    const res = await pay(token, basket.id, payBody(exid), key, '?acknowledgeNoFreeTrial=true');
    expect(res.json.status).toBe('SUCCEEDED');
  });

  it('424 BASKET_REQUIREMENTS_FAILED with the missing fields of the caller country', async () => {
    const { email, token } = await newBuyer();
    const caller = await call(app, 'POST', '/_sandbox/caller', { body: { email, country: 'BR' } });
    expect(caller.json).toMatchObject({ country: 'BR', vpn: false, child: false });
    const basket = await putBasket(token, '101');
    const exid = await addCard(token);
    const key = randomUUID();
    const err = expectError(await pay(token, basket.id, payBody(exid), key), 424, 'BASKET_REQUIREMENTS_FAILED');
    expect(err.details).toEqual({ missingFields: ['line1', 'city', 'administrativeLevel1', 'postalCode', 'taxNumber', 'birthDate'] });
    const address = { line1: 'Avenida Paulista 1000', city: 'São Paulo', administrativeLevel1: 'SP', postalCode: '01310-100', taxNumber: '12345678909' };
    await call(app, 'POST', '/_sandbox/caller', { body: { email, address } });
    const stillMissing = expectError(await pay(token, basket.id, payBody(exid), key), 424, 'BASKET_REQUIREMENTS_FAILED');
    expect(stillMissing.details).toEqual({ missingFields: ['birthDate'] });
    const saved = await call(app, 'PUT', '/api/v2/customer/billing-details', { token, body: { birthDate: '1990-05-17' } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect((await pay(token, basket.id, payBody(exid), key)).json.status).toBe('SUCCEEDED');
  });

  it('403 kidPurchasePermissionDenied for a child profile', async () => {
    const { email, token } = await newBuyer();
    await call(app, 'POST', '/_sandbox/caller', { body: { email, child: true } });
    await putBasket(token, '101');
    expect(expectError(await pay(token, null, payBody(await addCard(token))), 403, 'FORBIDDEN').messages).toEqual(['kidPurchasePermissionDenied']);
  });

  it('400 without Idempotency-Key, for malformed bodies; 409 for an empty basket', async () => {
    const { token } = await newBuyer();
    const basket = await putBasket(token, '101');
    const exid = await addCard(token);
    expect(expectError(await pay(token, basket.id, payBody(exid), null), 400, 'BAD_REQUEST').messages).toEqual([
      'Idempotency-Key: header is required',
    ]);
    expectError(await pay(token, basket.id, { paymentArrangement: {} }), 400, 'BAD_REQUEST');
    const raw = await call(app, 'POST', `/api/v2/customer/baskets/pay/${basket.id}`, { token, rawBody: '{', headers: { 'Idempotency-Key': 'k' } });
    expect(expectError(raw, 400, 'BAD_REQUEST').messages).toEqual(['Malformed JSON body']);
    expectError(
      await call(app, 'POST', calls.paymentMethods.init.path, { token, body: { primaryPaymentDetails: { targetPaymentProvider: 'CARDS' } } }),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await call(app, 'POST', calls.paymentMethods.init.path, {
        token,
        body: { primaryPaymentDetails: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token: 'tok_nope' } },
      }),
      400,
      'BAD_REQUEST',
    );
    expectError(await pay(token, randomUUID(), payBody(exid)), 404, 'NOT_FOUND');
    const other = await newBuyer();
    expectError(await pay(other.token, null, payBody(undefined, 'ZERO_BALANCE', 'ZERO_BALANCE')), 409, 'CONFLICT');
  });

  it('redirecting provider: approval page, validate, then pay', async () => {
    const { token } = await newBuyer();
    const basket = await putBasket(token, '201');
    const init = await call(app, 'POST', calls.paymentMethods.init.path, {
      token,
      body: { primaryPaymentDetails: { targetPaymentProvider: 'PAYPAL', paymentMethodType: 'PAYPAL', returnUrl: 'http://localhost:5173/pay' } },
    });
    const details = paymentDetailsSchema.parse(init.json);
    expect(details.redirectUrl).toContain('/_provider/approve/');
    expectError(
      await call(app, 'POST', calls.paymentMethods.validate.path, { token, body: { paymentDetailsExid: details.paymentDetailsExid } }),
      409,
      'CONFLICT',
    );
    expectError(await pay(token, basket.id, payBody(details.paymentDetailsExid, 'PAYPAL', 'PAYPAL')), 409, 'CONFLICT');
    const { pathname: path, search } = new URL(details.redirectUrl!);
    const approved = await app.request(`${path}/approve${search}`, { method: 'POST' });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location')!);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect(back.searchParams.get('targetPaymentProvider')).toBe('PAYPAL');
    const valid = await call(app, 'POST', calls.paymentMethods.validate.path, { token, body: { paymentDetailsExid: details.paymentDetailsExid } });
    expect(paymentDetailsSchema.parse(valid.json).paymentDetailsExid).toBe(details.paymentDetailsExid);
    expect((await pay(token, basket.id, payBody(details.paymentDetailsExid, 'PAYPAL', 'PAYPAL'))).json.status).toBe('SUCCEEDED');
  });

  it('attaches a card to a held licence', async () => {
    const { token } = await newBuyer();
    await putBasket(token, '101');
    const first = await addCard(token);
    await pay(token, null, payBody(first));
    const second = await addCard(token, '5555555555554444');
    const res = await call(app, 'POST', `/api/v2/licences/101/card/${second}`, { token });
    expect(res.status).toBe(200);
    const cards = calls.cards.list.response.parse((await call(app, 'GET', calls.cards.list.path, { token })).json).cards;
    expect(cards.find((c) => c.cardId === second)).toMatchObject({ licences: ['101'], cardType: 'MASTERCARD', default: false });
    expect(cards.find((c) => c.cardId === first)).toMatchObject({ licences: [], default: true });
    expectError(await call(app, 'POST', `/api/v2/licences/202/card/${second}`, { token }), 404, 'NOT_FOUND');
    expectError(await call(app, 'POST', '/api/v2/licences/101/card/pd_nope', { token }), 404, 'NOT_FOUND');
  });
});

describe('receipts', () => {
  async function receipt(token: string, paymentId: string) {
    const res = await app.request(`/api/v2/customer/payments/${paymentId}/receipt.pdf`, {
      headers: { 'x-api-key': 'sandbox-api-key', realm: 'stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  }
  const json = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString('utf8')) as Record<string, any>;

  it('answers a PDF for a succeeded payment, linked from the history', async () => {
    const { email, token } = await newBuyer();
    await putBasket(token, '102');
    const paid = await pay(token, null, payBody(await addCard(token)));
    const paymentId = payResponseSchema.parse(paid.json).paymentId;
    const [item] = await paymentCount(token);
    expect(item).toMatchObject({ id: paymentId, status: 'succeeded' });
    const receiptUrl = (item as Record<string, unknown>).receiptUrl as string;
    expect(receiptUrl).toMatch(new RegExp(`/api/v2/customer/payments/${paymentId}/receipt\\.pdf$`));

    const res = await receipt(token, paymentId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(res.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(res.bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Receipt ${paymentId}`);
    // The same path as the history's receiptUrl.
    expect((await receipt(token, new URL(receiptUrl).pathname.split('/')[5]!)).status).toBe(200);
    expect(email).toContain('@');
  });

  it('404s another account\'s payment or an unknown id, 401s without a bearer', async () => {
    const { token } = await newBuyer();
    await putBasket(token, '101');
    const paymentId = (await pay(token, null, payBody(await addCard(token)))).json.paymentId as string;
    const other = await newBuyer();
    const res = await receipt(other.token, paymentId);
    expect(res.status).toBe(404);
    expect(platformErrorSchema.parse(json(res.bytes)).code).toBe('NOT_FOUND');
    expect((await receipt(token, randomUUID())).status).toBe(404);
    expect((await receipt(token, 'nope')).status).toBe(404);
    expect((await receipt('', paymentId)).status).toBe(401);
  });

  it('409 for a payment that did not succeed, which has no receiptUrl', async () => {
    const { token } = await newBuyer();
    await putBasket(token, '101');
    const declined = await pay(token, null, payBody(await initCard(token, '4000000000000002')));
    expect(declined.status).toBe(402);
    const [item] = await paymentCount(token);
    expect(item!.status).toBe('failed');
    expect(item).not.toHaveProperty('receiptUrl');
    const res = await receipt(token, item!.id);
    expect(res.status).toBe(409);
    const body = platformErrorSchema.parse(json(res.bytes));
    expect(body.code).toBe('CONFLICT');
    expect(body.messages[0]).toMatch(/did not succeed/);
  });
});

/** Distinct test cards that succeed (one card is stored once per account). */
const FIVE_CARDS = ['4242424242424242', '5555555555554444', '4012888888881881', '4111111111111111', '5105105105105100'];
const EIGHT_CARDS = [...FIVE_CARDS, '378282246310005', '4000056655665556', '5200828282828210'];

describe('card management', () => {
  const listCards = async (token: string) =>
    calls.cards.list.response.parse((await call(app, 'GET', calls.cards.list.path, { token })).json).cards;

  it('allows 5 stored payment details, then 409 MAX_CHARGEABLE_PAYMENT_DETAILS_REACHED until one is deleted', async () => {
    const { token } = await newBuyer();
    const ids: string[] = [];
    for (const number of FIVE_CARDS) ids.push(await addCard(token, number));
    const t = await tokenize('6011111111111117');
    const init = () =>
      call(app, 'POST', calls.paymentMethods.init.path, {
        token,
        body: { primaryPaymentDetails: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token: t.json.token } },
      });
    const err = expectError(await init(), 409, 'MAX_CHARGEABLE_PAYMENT_DETAILS_REACHED');
    expect(err.messages[0]).toMatch(/most allowed \(5\)/);
    expectError(
      await call(app, 'POST', calls.paymentMethods.init.path, {
        token,
        body: { primaryPaymentDetails: { targetPaymentProvider: 'PAYPAL', paymentMethodType: 'PAYPAL' } },
      }),
      409,
      'MAX_CHARGEABLE_PAYMENT_DETAILS_REACHED',
    );
    expect(await listCards(token)).toHaveLength(5);
    expect((await call(app, 'DELETE', `/api/v2/customer/cards/${ids[2]}`, { token })).status).toBe(200);
    const sixth = await init();
    expect(sixth.status).toBe(200);
    // Initialised, not stored: the set-up stores it.
    expect(await listCards(token)).toHaveLength(4);
    const setUp = await call(app, 'POST', calls.paymentMethods.validate.path, { token, body: { paymentDetailsExid: sixth.json.paymentDetailsExid } });
    expect(setUp.status).toBe(200);
    expect(await listCards(token)).toHaveLength(5);
    // Another account is not affected.
    await addCard((await newBuyer()).token);
  });

  it('concurrent set-ups never pass the limit', async () => {
    const { token } = await newBuyer();
    const results = await Promise.all(
      EIGHT_CARDS.map(async (number) => {
        const t = await tokenize(number);
        const init = await call(app, 'POST', calls.paymentMethods.init.path, {
          token,
          body: { primaryPaymentDetails: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token: t.json.token } },
        });
        if (init.status !== 200) return init;
        return call(app, 'POST', calls.paymentMethods.validate.path, { token, body: { paymentDetailsExid: init.json.paymentDetailsExid } });
      }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    const cards = await listCards(token);
    expect(cards).toHaveLength(5);
    expect(cards.filter((c) => c.default)).toHaveLength(1);
  });

  it('deletes a card; the default moves to the most recent remaining card', async () => {
    const { token } = await newBuyer();
    const first = await addCard(token);
    const second = await addCard(token, '5555555555554444');
    const third = await addCard(token, '4012888888881881');
    expect((await listCards(token)).find((c) => c.default)?.cardId).toBe(first);
    const del = await call(app, 'DELETE', `/api/v2/customer/cards/${first}`, { token });
    expect(del.status).toBe(200);
    let cards = await listCards(token);
    expect(cards.map((c) => c.cardId)).toEqual([third, second]);
    expect(cards.filter((c) => c.default).map((c) => c.cardId)).toEqual([third]);
    // Deleting a card that is not the default leaves the default alone.
    await call(app, 'DELETE', `/api/v2/customer/cards/${second}`, { token });
    cards = await listCards(token);
    expect(cards).toMatchObject([{ cardId: third, default: true }]);
    await call(app, 'DELETE', `/api/v2/customer/cards/${third}`, { token });
    expect(await listCards(token)).toEqual([]);
    // The next card is the default again.
    const fourth = await addCard(token);
    expect(await listCards(token)).toMatchObject([{ cardId: fourth, default: true }]);
  });

  it('404s deleting or defaulting another account\'s card, an unknown one or non-card details', async () => {
    const { token } = await newBuyer();
    const mine = await addCard(token);
    const other = await newBuyer();
    expectError(await call(app, 'DELETE', `/api/v2/customer/cards/${mine}`, { token: other.token }), 404, 'NOT_FOUND');
    expectError(await call(app, 'PUT', `/api/v2/customer/cards/${mine}/default`, { token: other.token }), 404, 'NOT_FOUND');
    expectError(await call(app, 'DELETE', '/api/v2/customer/cards/pd_nope', { token }), 404, 'NOT_FOUND');
    expectError(await call(app, 'PUT', '/api/v2/customer/cards/pd_nope/default', { token }), 404, 'NOT_FOUND');
    const paypal = await call(app, 'POST', calls.paymentMethods.init.path, {
      token,
      body: { primaryPaymentDetails: { targetPaymentProvider: 'PAYPAL', paymentMethodType: 'PAYPAL' } },
    });
    expectError(await call(app, 'DELETE', `/api/v2/customer/cards/${paypal.json.paymentDetailsExid}`, { token }), 404, 'NOT_FOUND');
    expectError(await call(app, 'DELETE', `/api/v2/customer/cards/${mine}`), 401, 'UNAUTHORIZED');
    expect(await listCards(token)).toMatchObject([{ cardId: mine, default: true }]);
  });

  it('makes a card the only default', async () => {
    const { token } = await newBuyer();
    const first = await addCard(token);
    const second = await addCard(token, '5555555555554444');
    const res = await call(app, 'PUT', `/api/v2/customer/cards/${second}/default`, { token });
    expect(res.status).toBe(200);
    expect(calls.cards.list.response.parse({ cards: [res.json] }).cards[0]).toMatchObject({ cardId: second, default: true });
    let cards = await listCards(token);
    expect(cards.filter((c) => c.default).map((c) => c.cardId)).toEqual([second]);
    expect(cards[0]!.cardId).toBe(second);
    // Again on the same card: still exactly one default.
    await call(app, 'PUT', `/api/v2/customer/cards/${second}/default`, { token });
    await call(app, 'PUT', `/api/v2/customer/cards/${first}/default`, { token });
    cards = await listCards(token);
    expect(cards.filter((c) => c.default).map((c) => c.cardId)).toEqual([first]);
  });
});
