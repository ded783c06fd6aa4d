/**
 * The @stream/core API client (the built package) against the real sandbox over HTTP: the
 * basket, voucher, payment-method, payment, card and history calls of
 * commerce-and-account-data.md §7 "Baskets and payments" and their §8 errors (404 voucher,
 * 409 freeTrialDenied, 424 BASKET_REQUIREMENTS_FAILED with `ApiError.details.missingFields`,
 * 402 card codes). **Two concurrent pay requests with one idempotency key make one charge.**
 * Each test signs up a fresh buyer; cards come from the sandbox's card processor
 * (`POST /_processor/v1/tokens`, which the platform never sees the number of).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, ContractError, createApiClient } from '@stream/core/api';
import type { PayRequest } from '@stream/core/contracts';
import { voucherRedeemBody } from '@stream/core/domain';
import { memoryStorage } from '@stream/core/platform';
import { LICENCE_IDS, startSandbox } from '../src/index.js';
import { clientBuyers, rejection } from './buyers.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

const BASIC = LICENCE_IDS.sportsBasic;
const CARDS = { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' } as const;
const TEST_CARD = { ok: '4242424242424242', declined: '4000000000000002', expired: '4000000000000069' } as const;

let sandbox: Sandbox;
let newBuyer: ReturnType<typeof clientBuyers>['newBuyer'];
let initCard: ReturnType<typeof clientBuyers>['initCard'];
let addCard: ReturnType<typeof clientBuyers>['addCard'];
let control: ReturnType<typeof clientBuyers>['control'];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, dataDir: ':memory:' });
  ({ newBuyer, initCard, addCard, control } = clientBuyers(sandbox));
});

afterAll(async () => {
  await sandbox?.close();
});

const payWith = (paymentDetailsExternalId: string): PayRequest => ({
  paymentArrangement: { primaryPaymentDetailsAttributes: { ...CARDS, paymentDetailsExternalId } },
});

describe('baskets and vouchers', () => {
  it('put and get: the basket holds the licence with its amounts', async () => {
    const { api } = await newBuyer();
    const put = await api.baskets.put({ params: { id: BASIC } });
    expect(put.basketItems).toEqual([expect.objectContaining({ licenceId: BASIC })]);
    expect(put.amounts.total).toBeGreaterThan(0);
    expect(put.amounts.subTotal).toBe(put.amounts.total);
    await expect(api.baskets.get()).resolves.toEqual(put);
  });

  it('vouchers.add and remove: a percentage and an amount change the total; get sees them', async () => {
    const { api } = await newBuyer();
    const { amounts } = await api.baskets.put({ params: { id: BASIC } });
    const half = await api.vouchers.add({ params: { code: 'half' } }); // codes match without case
    expect(half.amounts.total).toBe(amounts.total - Math.round(amounts.total / 2));
    expect(half.amounts.vouchers).toEqual([expect.objectContaining({ name: 'HALF', discount: expect.objectContaining({ type: 'PERCENTAGE', percentage: 50 }) })]);
    const both = await api.vouchers.add({ params: { code: 'FIVEOFF' } });
    expect(both.amounts.total).toBe(Math.max(0, half.amounts.total - 500));
    await expect(api.baskets.get()).resolves.toMatchObject({ amounts: { total: both.amounts.total } });
    const removed = await api.vouchers.remove({ params: { code: 'HALF' } });
    expect(removed.amounts.total).toBe(Math.max(0, amounts.total - 500));
    expect(removed.amounts.vouchers?.map((v) => v.name)).toEqual(['FIVEOFF']);
  });

  it('vouchers: an encoded code reaches the route as one segment; unknown → 404; "." and ".." are never sent', async () => {
    const { api } = await newBuyer();
    await api.baskets.put({ params: { id: BASIC } });
    const error = (await rejection(api.vouchers.add({ params: { code: 'a/b?c' } }))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', call: 'vouchers.add' });
    expect(error.messages.join(' ')).toContain('a/b?c'); // the voucher route saw the whole code
    await expect(api.vouchers.remove({ params: { code: 'HALF' } })).rejects.toMatchObject({ status: 404, call: 'vouchers.remove' });
    await expect(api.vouchers.add({ params: { code: '..' } })).rejects.toBeInstanceOf(ContractError);
  });

  it('vouchers.redeem: with an integer licence id puts the licence and applies the voucher', async () => {
    const { api } = await newBuyer();
    await expect(api.vouchers.redeem({ body: voucherRedeemBody('HALF', BASIC) })).resolves.toEqual({ redeemed: true });
    const basket = await api.baskets.get();
    expect(basket.basketItems[0]?.licenceId).toBe(BASIC);
    expect(basket.amounts.vouchers?.map((v) => v.name)).toEqual(['HALF']);
    await expect(api.vouchers.redeem({ body: voucherRedeemBody('NOPE', BASIC) })).rejects.toMatchObject({ status: 404, call: 'vouchers.redeem' });
  });

  it('401 without a session', async () => {
    const api = createApiClient({ baseUrl: sandbox.url, realm: sandbox.realm, apiKey: sandbox.apiKey, storage: memoryStorage() });
    await expect(api.baskets.get()).rejects.toMatchObject({ status: 401, call: 'baskets.get' });
  });
});

describe('pay', () => {
  it('a test card pays: SUCCEEDED, the licence is granted, the card and the history show it', async () => {
    const { api } = await newBuyer();
    await expect(api.payments.providers()).resolves.toMatchObject({
      providers: expect.arrayContaining([expect.objectContaining({ paymentProviderId: 'CARDS', paymentMethodType: 'CARD' })]),
    });
    const basket = await api.baskets.put({ params: { id: BASIC } });
    const exid = await addCard(api);
    const paid = await api.baskets.pay({ params: { id: basket.id }, body: payWith(exid), headers: { 'Idempotency-Key': randomUUID() } });
    expect(paid).toMatchObject({ status: 'SUCCEEDED', licenceId: BASIC });

    const { licences } = await api.licences.mine();
    expect(licences.find((l) => l.id === BASIC)?.licenceStatus).toMatchObject({ status: 'ACTIVE' });
    const { cards } = await api.cards.list();
    expect(cards).toEqual([expect.objectContaining({ cardId: exid, last4Digits: '4242', default: true })]);
    expect(cards[0]?.licences).toContain(BASIC);
    const { items } = await api.payments.history();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: paid.paymentId });
    // A paid basket is closed: the next get opens a new one.
    expect((await api.baskets.get()).id).not.toBe(basket.id);
  });

  it('payCurrent (null basket id) pays the open basket', async () => {
    const { api } = await newBuyer();
    await api.baskets.put({ params: { id: BASIC } });
    const exid = await addCard(api);
    await expect(api.baskets.payCurrent({ body: payWith(exid), headers: { 'Idempotency-Key': randomUUID() } })).resolves.toMatchObject({
      status: 'SUCCEEDED',
    });
  });

  it('two concurrent pay requests with one idempotency key make one charge', async () => {
    const { api } = await newBuyer();
    const basket = await api.baskets.put({ params: { id: BASIC } });
    const exid = await addCard(api);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      api.baskets.pay({ params: { id: basket.id }, body: payWith(exid), headers: { 'Idempotency-Key': key } }),
      api.baskets.pay({ params: { id: basket.id }, body: payWith(exid), headers: { 'Idempotency-Key': key } }),
    ]);
    expect(first.status).toBe('SUCCEEDED');
    expect(second).toEqual(first); // the same payment, answered twice
    // A later retry with the same key is the same payment again, even though the basket is paid.
    await expect(api.baskets.pay({ params: { id: basket.id }, body: payWith(exid), headers: { 'Idempotency-Key': key } })).resolves.toEqual(first);
    const { items } = await api.payments.history();
    expect(items.map((i) => i.id)).toEqual([first.paymentId]);
  });

  it('a declined card: 402 card_declined with the server message; nothing charged; a new key may retry', async () => {
    const { api } = await newBuyer();
    const basket = await api.baskets.put({ params: { id: BASIC } });
    const declined = await initCard(api, TEST_CARD.declined);
    const key = randomUUID();
    const error = (await rejection(api.baskets.pay({ params: { id: basket.id }, body: payWith(declined), headers: { 'Idempotency-Key': key } }))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, code: 'card_declined', messages: ['Your card was declined.'], call: 'baskets.pay' });
    // The same key replays the same failure; it does not charge another card.
    await expect(api.baskets.pay({ params: { id: basket.id }, body: payWith(declined), headers: { 'Idempotency-Key': key } })).rejects.toMatchObject({
      status: 402,
      code: 'card_declined',
    });
    const { licences } = await api.licences.mine();
    expect(licences.find((l) => l.id === BASIC)).toBeUndefined();

    const good = await addCard(api);
    await expect(api.baskets.pay({ params: { id: basket.id }, body: payWith(good), headers: { 'Idempotency-Key': randomUUID() } })).resolves.toMatchObject({
      status: 'SUCCEEDED',
    });
  });

  it('an expired test card: 402 expired_card', async () => {
    const { api } = await newBuyer();
    const basket = await api.baskets.put({ params: { id: BASIC } });
    const expired = await initCard(api, TEST_CARD.expired);
    await expect(api.baskets.pay({ params: { id: basket.id }, body: payWith(expired), headers: { 'Idempotency-Key': randomUUID() } })).rejects.toMatchObject({
      status: 402,
      code: 'expired_card',
    });
  });

  it('424 BASKET_REQUIREMENTS_FAILED: the missing fields reach ApiError.details; adding them lets the same key pay', async () => {
    const { api, email } = await newBuyer();
    await control('/_sandbox/caller', { email, country: 'GB', address: {} });
    const basket = await api.baskets.put({ params: { id: BASIC } });
    const exid = await addCard(api);
    const key = randomUUID();
    const error = (await rejection(api.baskets.pay({ params: { id: basket.id }, body: payWith(exid), headers: { 'Idempotency-Key': key } }))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 424, code: 'BASKET_REQUIREMENTS_FAILED', call: 'baskets.pay' });
    expect(error.details).toEqual({ missingFields: ['postalCode'] });

    await control('/_sandbox/caller', { email, address: { postalCode: 'SW1A 1AA' } });
    await expect(api.baskets.pay({ params: { id: basket.id }, body: payWith(exid), headers: { 'Idempotency-Key': key } })).resolves.toMatchObject({
      status: 'SUCCEEDED',
    });
  });

  it('409 freeTrialDenied until acknowledgeNoFreeTrial', async () => {
    const { api } = await newBuyer();
    const basket = await api.baskets.put({ params: { id: BASIC } });
    await api.vouchers.add({ params: { code: 'NOTRIAL' } });
    const exid = await addCard(api);
    await expect(api.baskets.pay({ params: { id: basket.id }, body: payWith(exid), headers: { 'Idempotency-Key': randomUUID() } })).rejects.toMatchObject({
      status: 409,
      messages: ['freeTrialDenied'],
    });
    await expect(
      api.baskets.pay({ params: { id: basket.id }, body: payWith(exid), headers: { 'Idempotency-Key': randomUUID() }, query: { acknowledgeNoFreeTrial: 'true' } }),
    ).resolves.toMatchObject({ status: 'SUCCEEDED' });
  });

  it('an unknown basket id answers 404', async () => {
    const { api } = await newBuyer();
    const exid = await addCard(api);
    await expect(api.baskets.pay({ params: { id: randomUUID() }, body: payWith(exid), headers: { 'Idempotency-Key': randomUUID() } })).rejects.toMatchObject({
      status: 404,
      call: 'baskets.pay',
    });
  });
});

describe('cards', () => {
  it('attachToLicence: the licence moves to another card; 404 for a licence the account does not hold', async () => {
    const { api } = await newBuyer();
    const basket = await api.baskets.put({ params: { id: BASIC } });
    const first = await addCard(api);
    await api.baskets.pay({ params: { id: basket.id }, body: payWith(first), headers: { 'Idempotency-Key': randomUUID() } });
    const second = await addCard(api, '5555555555554444');
    await expect(api.cards.attachToLicence({ params: { licenceId: BASIC, cardId: second }, query: { checkBillingDetails: 'false' } })).resolves.toEqual({});
    const { cards } = await api.cards.list();
    expect(cards.find((c) => c.cardId === second)?.licences).toEqual([BASIC]);
    expect(cards.find((c) => c.cardId === first)?.licences ?? []).not.toContain(BASIC);
    await expect(api.cards.attachToLicence({ params: { licenceId: LICENCE_IDS.cinema, cardId: second } })).rejects.toMatchObject({
      status: 404,
      call: 'cards.attachToLicence',
    });
  });

  it('attachToLicence with checkBillingDetails: 424 with the missing fields, nothing moved; without the check it attaches', async () => {
    const { api, email } = await newBuyer();
    const basket = await api.baskets.put({ params: { id: BASIC } });
    const first = await addCard(api);
    await api.baskets.pay({ params: { id: basket.id }, body: payWith(first), headers: { 'Idempotency-Key': randomUUID() } });
    const second = await addCard(api, '5555555555554444');
    await control('/_sandbox/caller', { email, country: 'GB', address: {} });
    const error = (await rejection(api.cards.attachToLicence({ params: { licenceId: BASIC, cardId: second }, query: { checkBillingDetails: 'true' } }))) as ApiError;
    expect(error).toMatchObject({ status: 424, code: 'BASKET_REQUIREMENTS_FAILED', details: { missingFields: ['postalCode'] } });
    expect((await api.cards.list()).cards.find((c) => c.cardId === first)?.licences).toEqual([BASIC]);
    await api.checkout.saveBillingDetails({ body: { address: { postalCode: 'SW1A 1AA' } } });
    await expect(api.cards.attachToLicence({ params: { licenceId: BASIC, cardId: second }, query: { checkBillingDetails: 'true' } })).resolves.toEqual({});
    expect((await api.cards.list()).cards.find((c) => c.cardId === second)?.licences).toEqual([BASIC]);
  });

  it('payments.attachDetails: details pay for the licence; the billing-details suffix answers 424 first; 404 and pending 409', async () => {
    const { api, email } = await newBuyer();
    const basket = await api.baskets.put({ params: { id: BASIC } });
    const first = await addCard(api);
    await api.baskets.pay({ params: { id: basket.id }, body: payWith(first), headers: { 'Idempotency-Key': randomUUID() } });
    const second = await addCard(api, '5555555555554444');
    await expect(api.payments.attachDetails({ params: { id: BASIC, paymentDetailsId: second } })).resolves.toEqual({});
    expect((await api.cards.list()).cards.find((c) => c.cardId === second)?.licences).toEqual([BASIC]);

    await control('/_sandbox/caller', { email, country: 'GB', address: {} });
    await expect(api.payments.attachDetailsWithBilling({ params: { id: BASIC, paymentDetailsId: first } })).rejects.toMatchObject({
      status: 424,
      code: 'BASKET_REQUIREMENTS_FAILED',
      details: { missingFields: ['postalCode'] },
    });
    expect((await api.cards.list()).cards.find((c) => c.cardId === second)?.licences).toEqual([BASIC]);

    await expect(api.payments.attachDetails({ params: { id: BASIC, paymentDetailsId: 'pd_unknown' } })).rejects.toMatchObject({ status: 404 });
    await expect(api.payments.attachDetails({ params: { id: LICENCE_IDS.cinema, paymentDetailsId: first } })).rejects.toMatchObject({ status: 404 });
    const paypal = await api.paymentMethods.init({ body: { primaryPaymentDetails: { targetPaymentProvider: 'PAYPAL', paymentMethodType: 'PAYPAL', returnUrl: 'http://127.0.0.1:5173/pay/PAYPAL' } } });
    await expect(api.payments.attachDetails({ params: { id: BASIC, paymentDetailsId: paypal.paymentDetailsExid } })).rejects.toMatchObject({ status: 409 });
  });
});
