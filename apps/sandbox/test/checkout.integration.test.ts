/**
 * The @stream/core pieces of the checkout (the built package) against the real sandbox over
 * HTTP: `api.checkout.context` for a guest and for signed-in child, VPN and out-of-territory
 * callers; `api.checkout.saveBillingDetails` (success, 400, 401); a Brazilian buyer's 424 whose
 * `missingFields` include `taxNumber`, then `paymentApiFromClient(api).pay` saving the billing
 * details and paying; `api.cards.remove` and `setDefault`; `createCardProcessor` (a token, 402
 * `incorrect_number`, a card that breaks the contract is never sent); a key reused with another
 * basket (409 `IDEMPOTENCY_KEY_REUSED`); the geo and VPN blocks (403 with the message key).
 * (Two concurrent pays with one key making one charge: payments.integration.test.ts; here the
 * same through the payment machine's api.)
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, ContractError, createApiClient, createCardProcessor } from '@stream/core/api';
import type { PayRequest } from '@stream/core/contracts';
import { purchaseBlockReason } from '@stream/core/domain';
import { paymentApiFromClient } from '@stream/core/machines';
import { memoryStorage, STORAGE_KEYS } from '@stream/core/platform';
import { LICENCE_IDS, startSandbox } from '../src/index.js';
import { clientBuyers, rejection } from './buyers.js';
import { BRAZILIAN_BILLING_DETAILS } from './fixtures/brazilianBuyer.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

const BASIC = LICENCE_IDS.sportsBasic;
const CARDS = { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' } as const;
const nextYear = new Date().getUTCFullYear() + 1;

let sandbox: Sandbox;
let buyers: ReturnType<typeof clientBuyers>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, dataDir: ':memory:' });
  buyers = clientBuyers(sandbox);
});

afterAll(async () => {
  await sandbox?.close();
});

const payWith = (paymentDetailsExternalId: string): PayRequest => ({
  paymentArrangement: { primaryPaymentDetailsAttributes: { ...CARDS, paymentDetailsExternalId } },
});

/** A client with no session at all (nothing stored). */
const anonymous = () => createApiClient({ baseUrl: sandbox.url, realm: sandbox.realm, apiKey: sandbox.apiKey, storage: memoryStorage() });

/** One pay attempt of the payment machine, with a card and no extras unless told. */
const attempt = (exid: string, overrides: Partial<Parameters<ReturnType<typeof paymentApiFromClient>['pay']>[0]> = {}) => ({
  item: BASIC,
  details: { paymentDetailsExid: exid, ...CARDS },
  idempotencyKey: randomUUID(),
  consent: [],
  zeroBalance: false,
  acknowledgeNoFreeTrial: false,
  billingDetails: {},
  ...overrides,
});

describe('checkout.context', () => {
  it('a visitor and a guest: GB, allowed, nothing blocks, with the consent terms and the provider fields', async () => {
    const visitor = anonymous();
    const storage = memoryStorage();
    const guest = createApiClient({ baseUrl: sandbox.url, realm: sandbox.realm, apiKey: sandbox.apiKey, storage });
    const tokens = await guest.auth.guestCheckin();
    storage.setItem(STORAGE_KEYS.authToken, tokens.authorisationToken);
    for (const context of [await visitor.checkout.context(), await guest.checkout.context()]) {
      expect(context).toMatchObject({ country: 'GB', isChildProfile: false, inAllowedTerritory: true, onVpn: false, realmAllowsVpn: false, purpose: 'PURCHASE' });
      expect(purchaseBlockReason(context)).toBeNull();
      expect(context.consentTerms.find((t) => t.fieldName === 'termsOfUse')).toMatchObject({ fieldType: 'BINARY_CHOICE', required: true });
      expect(context.fields.map((f) => f.id)).toEqual(['birthDate', 'taxNumber', 'phoneNumber']);
    }
  });

  it('signed in: a child, a VPN and a CU caller each block with their reason', async () => {
    const { api, email } = await buyers.newBuyer();
    await expect(api.checkout.context()).resolves.toMatchObject({ country: 'GB', inAllowedTerritory: true });
    await buyers.control('/_sandbox/caller', { email, vpn: true });
    expect(purchaseBlockReason(await api.checkout.context())).toBe('vpnErrorMessage');
    await buyers.control('/_sandbox/caller', { email, vpn: false, country: 'CU' });
    const cuba = await api.checkout.context();
    expect(cuba).toMatchObject({ country: 'CU', inAllowedTerritory: false });
    expect(purchaseBlockReason(cuba)).toBe('signupGeoRestriction');
    await buyers.control('/_sandbox/caller', { email, country: 'GB', child: true });
    const child = await api.checkout.context();
    expect(child).toMatchObject({ isChildProfile: true, inAllowedTerritory: true });
    expect(purchaseBlockReason(child)).toBe('kidPurchasePermissionDenied');
  });
});

describe('checkout.saveBillingDetails', () => {
  it('stores the details: the profile shows them and the answer has the address and country', async () => {
    const { api, email } = await buyers.newBuyer();
    await buyers.control('/_sandbox/caller', { email, country: 'US' });
    await expect(api.checkout.saveBillingDetails({ body: { address: { administrativeLevel1: 'NY', postalCode: '10001' }, phoneNumber: '+12125550123' } })).resolves.toEqual({
      address: { administrativeLevel1: 'NY', postalCode: '10001' },
      country: 'US',
    });
    await expect(api.user.profile()).resolves.toMatchObject({ phoneNumber: '+12125550123' });
  });

  it('400 from the sandbox for a value the contract allows but the platform refuses; ContractError, nothing sent, for one it does not', async () => {
    const { api } = await buyers.newBuyer();
    const unknown = (await rejection(api.checkout.saveBillingDetails({ body: { country: 'ZZ' } }))) as ApiError;
    expect(unknown).toBeInstanceOf(ApiError);
    expect(unknown).toMatchObject({ status: 400, code: 'BAD_REQUEST', call: 'checkout.saveBillingDetails' });
    expect(unknown.messages).toEqual(['country: unknown country ZZ']);
    await expect(api.checkout.saveBillingDetails({ body: { birthDate: '2023-02-30' } })).rejects.toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    await expect(api.checkout.saveBillingDetails({ body: { birthDate: '30/02/2023' } })).rejects.toBeInstanceOf(ContractError);
    await expect(api.user.profile()).resolves.not.toHaveProperty('birthDate');
  });

  it('401 without a session', async () => {
    await expect(anonymous().checkout.saveBillingDetails({ body: { country: 'GB' } })).rejects.toMatchObject({
      status: 401,
      call: 'checkout.saveBillingDetails',
    });
  });
});

describe('paying as the payment machine does (paymentApiFromClient)', () => {
  it('a BR buyer: 424 names taxNumber and the address; the same attempt with billing details saves them and pays', async () => {
    const { api, email } = await buyers.newBuyer();
    await buyers.control('/_sandbox/caller', { email, country: 'BR' });
    await api.baskets.put({ params: { id: BASIC } });
    const exid = await buyers.addCard(api);
    const payment = paymentApiFromClient(api);
    const first = attempt(exid, { consent: [{ fieldName: 'termsOfUse', answer: true }] });
    const error = (await rejection(payment.pay(first))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 424, code: 'BASKET_REQUIREMENTS_FAILED', call: 'baskets.payCurrent' });
    const missing = (error.details?.missingFields ?? []) as string[];
    expect(missing).toEqual(expect.arrayContaining(['taxNumber', 'postalCode', 'line1', 'city', 'administrativeLevel1', 'birthDate']));

    const values: Record<string, string> = { ...BRAZILIAN_BILLING_DETAILS, phoneNumber: '   ' };
    await expect(payment.pay({ ...first, billingDetails: values })).resolves.toMatchObject({ status: 'SUCCEEDED', licenceId: BASIC });
    await expect(api.user.profile()).resolves.toMatchObject({ taxNumber: BRAZILIAN_BILLING_DETAILS.taxNumber, birthDate: BRAZILIAN_BILLING_DETAILS.birthDate });
    const { licences } = await api.licences.mine();
    expect(licences.find((l) => l.id === BASIC)?.licencePayment?.paymentProviderInfo).toMatchObject({ cardId: exid });
  });

  it('a failed save rejects without paying', async () => {
    const { api, email } = await buyers.newBuyer();
    await buyers.control('/_sandbox/caller', { email, country: 'BR' });
    await api.baskets.put({ params: { id: BASIC } });
    const exid = await buyers.addCard(api);
    await expect(paymentApiFromClient(api).pay(attempt(exid, { billingDetails: { taxNumber: '1234' } }))).rejects.toMatchObject({
      status: 400,
      call: 'checkout.saveBillingDetails',
    });
    await expect(api.payments.history()).resolves.toEqual({ items: [] });
  });

  it('a zero-balance basket pays with ZERO_BALANCE and no card', async () => {
    const { api } = await buyers.newBuyer();
    await api.baskets.put({ params: { id: BASIC } });
    await api.vouchers.add({ params: { code: 'FREE100' } });
    await expect(paymentApiFromClient(api).pay(attempt('', { details: {}, zeroBalance: true }))).resolves.toMatchObject({ status: 'SUCCEEDED' });
  });

  it('two concurrent attempts with one key make one charge', async () => {
    const { api } = await buyers.newBuyer();
    await api.baskets.put({ params: { id: BASIC } });
    const one = attempt(await buyers.addCard(api));
    const payment = paymentApiFromClient(api);
    const [a, b] = await Promise.all([payment.pay(one), payment.pay(one)]);
    expect(a).toEqual(b);
    expect((await api.payments.history()).items).toHaveLength(1);
  });
});

describe('pay refusals', () => {
  it('a key reused for another basket: 409 IDEMPOTENCY_KEY_REUSED, nothing charged', async () => {
    const { api } = await buyers.newBuyer();
    const basket = await api.baskets.put({ params: { id: BASIC } });
    const exid = await buyers.addCard(api);
    const key = randomUUID();
    const paid = await api.baskets.pay({ params: { id: basket.id }, body: payWith(exid), headers: { 'Idempotency-Key': key } });
    const next = await api.baskets.put({ params: { id: LICENCE_IDS.cinema } });
    expect(next.id).not.toBe(basket.id);
    await expect(api.baskets.pay({ params: { id: next.id }, body: payWith(exid), headers: { 'Idempotency-Key': key } })).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
      call: 'baskets.pay',
    });
    expect((await api.payments.history()).items.map((i) => i.id)).toEqual([paid.paymentId]);
  });

  it('geo and VPN blocks: 403 with the message key', async () => {
    const { api, email } = await buyers.newBuyer();
    await api.baskets.put({ params: { id: BASIC } });
    const exid = await buyers.addCard(api);
    await buyers.control('/_sandbox/caller', { email, country: 'CU' });
    await expect(api.baskets.payCurrent({ body: payWith(exid), headers: { 'Idempotency-Key': randomUUID() } })).rejects.toMatchObject({
      status: 403,
      messages: ['signupGeoRestriction'],
    });
    await buyers.control('/_sandbox/caller', { email, country: 'GB', address: { postalCode: 'SW1A 1AA' }, vpn: true });
    await expect(api.baskets.payCurrent({ body: payWith(exid), headers: { 'Idempotency-Key': randomUUID() } })).rejects.toMatchObject({
      status: 403,
      messages: ['vpnErrorMessage'],
    });
  });
});

describe('cards.remove and cards.setDefault', () => {
  it('setDefault answers the card, now the only default; remove answers {} and the card is gone', async () => {
    const { api } = await buyers.newBuyer();
    const first = await buyers.addCard(api);
    const second = await buyers.addCard(api, '5555555555554444');
    await expect(api.cards.setDefault({ params: { cardId: second } })).resolves.toMatchObject({ cardId: second, default: true, last4Digits: '4444' });
    expect((await api.cards.list()).cards.filter((c) => c.default).map((c) => c.cardId)).toEqual([second]);
    await expect(api.cards.remove({ params: { cardId: second } })).resolves.toEqual({});
    expect((await api.cards.list()).cards).toEqual([expect.objectContaining({ cardId: first, default: true })]);
    await expect(api.cards.remove({ params: { cardId: second } })).rejects.toMatchObject({ status: 404, call: 'cards.remove' });
    await expect(api.cards.setDefault({ params: { cardId: 'pd_unknown' } })).rejects.toMatchObject({ status: 404, call: 'cards.setDefault' });
  });
});

describe('createCardProcessor', () => {
  const processor = () => createCardProcessor({ baseUrl: `${sandbox.url}/_processor` });

  it('tokenizes a card; the token pays', async () => {
    const token = await processor().tokenize({ number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' });
    expect(token).toMatchObject({ token: expect.stringMatching(/^tok_/), brand: 'visa', last4: '4242', expMonth: 12, expYear: nextYear });
    const { api } = await buyers.newBuyer();
    const basket = await api.baskets.put({ params: { id: BASIC } });
    const details = await api.paymentMethods.init({ body: { primaryPaymentDetails: { ...CARDS, token: token.token } } });
    await expect(api.baskets.pay({ params: { id: basket.id }, body: payWith(details.paymentDetailsExid), headers: { 'Idempotency-Key': randomUUID() } })).resolves.toMatchObject({
      status: 'SUCCEEDED',
    });
  });

  it('402 incorrect_number with the processor message; the number is in no error', async () => {
    const number = '4242424242424241';
    const error = (await rejection(processor().tokenize({ number, expMonth: 12, expYear: nextYear, cvc: '123' }))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, code: 'incorrect_number', messages: ['Your card number is incorrect.'], call: 'processor.tokens' });
    expect(error.requestId).toEqual(expect.any(String));
    expect(JSON.stringify({ message: error.message, messages: error.messages })).not.toContain(number);
  });

  it('a card that breaks the contract is refused before sending (ContractError naming the field only)', async () => {
    const error = (await rejection(processor().tokenize({ number: '4242 4242 4242 4242', expMonth: 13, expYear: nextYear, cvc: '12' }))) as ContractError;
    expect(error).toBeInstanceOf(ContractError);
    expect(error.fields.sort()).toEqual(['cvc', 'expMonth', 'number']);
    expect(JSON.stringify(error.issues)).not.toContain('4242');
  });
});
