/**
 * The checkout's calls of the derived client (baskets, vouchers, payment methods, payments,
 * cards) against a fake fetch: method, path (voucher codes as one encoded segment), query, body and the
 * `Idempotency-Key` header each call sends; 424 details reaching `ApiError.details`; the lazy
 * areas load on first use, once. commerce-and-account-data.md §5, §7 "Baskets and payments", §8.
 */
import { describe, expect, it, vi } from 'vitest';
import { voucherRedeemBody } from '../domain/index.js';
import { AREA_SOURCES } from './areas.js';
import { fakePlatformClient, json, query, type Seen } from './test-helpers.js';
import { ApiError, ContractError } from './errors.js';

const basket = {
  id: 'b-1',
  basketItems: [{ sku: 'sku-monthly', subscriptionSetting: { subscriptionPeriod: 'P1M' } }],
  amounts: { total: 999, currency: 'GBP', scale: 2, subTotal: 999, tax: 167 },
};
const details = { paymentDetailsExid: 'pd-1', targetPaymentProvider: 'CARD_SANDBOX' };
const payBody = {
  paymentArrangement: {
    primaryPaymentDetailsAttributes: {
      paymentDetailsExternalId: 'pd-1',
      targetPaymentProvider: 'CARD_SANDBOX',
      paymentMethodType: 'CARD',
    },
  },
};
const paid = { status: 'SUCCEEDED', paymentId: 'pay-1', licenceId: '101' };

function setup(answer: (req: Seen) => Response | Promise<Response> = () => json(200, basket)) {
  return fakePlatformClient(answer);
}

const rejection = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );

describe('baskets calls', () => {
  it('get: GET the current basket with the bearer', async () => {
    const { client, last } = setup();
    await expect(client.baskets.get()).resolves.toEqual(basket);
    expect([last().method, last().url.pathname]).toEqual(['GET', '/api/v2/customer/basket']);
    expect(last().headers.get('authorization')).toBe('Bearer tok');
  });

  it('put: PUT the licence id (encoded), acknowledgeNoFreeTrial only when given', async () => {
    const { client, last } = setup();
    await client.baskets.put({ params: { id: '101' } });
    expect([last().method, last().url.pathname, last().rawBody]).toEqual(['PUT', '/api/v2/baskets/101', undefined]);
    expect(query(last())).toEqual({});
    await client.baskets.put({ params: { id: 'a/b' }, query: { acknowledgeNoFreeTrial: 'true' } });
    expect(last().rawPath).toBe('/api/v2/baskets/a%2Fb');
    expect(query(last())).toEqual({ acknowledgeNoFreeTrial: 'true' });
    await client.baskets.put({ params: { id: '101' }, query: { acknowledgeNoFreeTrial: 'false' } });
    expect(query(last())).toEqual({ acknowledgeNoFreeTrial: 'false' });
  });

  it('pay: POST to the basket id with the Idempotency-Key header, the body and the query', async () => {
    const { client, last } = setup(() => json(200, paid));
    await expect(client.baskets.pay({ params: { id: 'b-1' }, body: payBody, headers: { 'Idempotency-Key': 'key-1' } })).resolves.toEqual(paid);
    expect([last().method, last().url.pathname]).toEqual(['POST', '/api/v2/customer/baskets/pay/b-1']);
    expect(last().headers.get('idempotency-key')).toBe('key-1');
    expect(last().headers.get('content-type')).toBe('application/json');
    expect(last().body).toEqual(payBody);
    expect(query(last())).toEqual({});
    await client.baskets.pay({ params: { id: 'b-1' }, body: payBody, headers: { 'Idempotency-Key': 'key-1' }, query: { acknowledgeNoFreeTrial: 'true' } });
    expect(query(last())).toEqual({ acknowledgeNoFreeTrial: 'true' });
  });

  it('pay: a null basket id pays the current basket (…/pay/)', async () => {
    const { client, last } = setup(() => json(200, paid));
    await client.baskets.payCurrent({ body: { ...payBody, consent: [{ fieldName: 'terms', answer: true }] }, headers: { 'Idempotency-Key': 'k2' } });
    expect([last().method, last().url.pathname]).toEqual(['POST', '/api/v2/customer/baskets/pay/']);
    expect(last().headers.get('idempotency-key')).toBe('k2');
    expect(last().body).toMatchObject({ consent: [{ fieldName: 'terms', answer: true }] });
  });

  it('pay: the client headers win over a caller header of the same name; an empty key sends nothing', async () => {
    const { client, fetch } = setup(() => json(200, paid));
    const error = (await rejection(client.baskets.pay({ params: { id: 'b-1' }, body: payBody, headers: { 'Idempotency-Key': '' } }))) as ContractError;
    expect(error).toBeInstanceOf(ContractError);
    expect(error).toMatchObject({ call: 'baskets.pay', direction: 'request', fields: ['headers.Idempotency-Key'] });
    const broken = (await rejection(
      client.baskets.pay({ params: { id: 'b-1' }, body: { paymentArrangement: { primaryPaymentDetailsAttributes: {} } } as never, headers: { 'Idempotency-Key': 'k' } }),
    )) as ContractError;
    expect(broken).toBeInstanceOf(ContractError);
    expect(broken.fields).toEqual(
      expect.arrayContaining([
        'paymentArrangement.primaryPaymentDetailsAttributes.targetPaymentProvider',
        'paymentArrangement.primaryPaymentDetailsAttributes.paymentMethodType',
      ]),
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('pay: 424 BASKET_REQUIREMENTS_FAILED keeps details.missingFields; 409 freeTrialDenied and 402 card codes', async () => {
    const answers: Record<string, Response> = {
      a: json(424, {
        status: 424,
        code: 'BASKET_REQUIREMENTS_FAILED',
        messages: ['basketRequirementsFailed'],
        requestId: 'r1',
        details: { missingFields: ['postCode', 'birthDate'] },
      }),
      b: json(409, { status: 409, code: 'CONFLICT', messages: ['freeTrialDenied'], requestId: 'r2' }),
      c: json(402, { status: 402, code: 'card_declined', messages: ['Your card was declined.'], requestId: 'r3' }),
    };
    const { client } = setup((req) => answers[req.url.pathname.split('/').at(-1)!]!);
    const missing = (await rejection(client.baskets.pay({ params: { id: 'a' }, body: payBody, headers: { 'Idempotency-Key': 'k' } }))) as ApiError;
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 424, code: 'BASKET_REQUIREMENTS_FAILED', call: 'baskets.pay' });
    expect(missing.details).toEqual({ missingFields: ['postCode', 'birthDate'] });
    await expect(client.baskets.pay({ params: { id: 'b' }, body: payBody, headers: { 'Idempotency-Key': 'k' } })).rejects.toMatchObject({
      status: 409,
      messages: ['freeTrialDenied'],
    });
    await expect(client.baskets.pay({ params: { id: 'c' }, body: payBody, headers: { 'Idempotency-Key': 'k' } })).rejects.toMatchObject({
      status: 402,
      code: 'card_declined',
      messages: ['Your card was declined.'],
    });
  });

  it('pay: never retried, even on a 5xx', async () => {
    const { client, fetch } = setup(() => json(503, { status: 503, code: 'UNAVAILABLE', messages: [], requestId: 'r' }));
    await expect(client.baskets.pay({ params: { id: 'b-1' }, body: payBody, headers: { 'Idempotency-Key': 'k' } })).rejects.toMatchObject({ status: 503 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('vouchers calls', () => {
  it('add and remove: PUT and DELETE the code as one encoded path segment', async () => {
    const { client, last } = setup();
    await expect(client.vouchers.add({ params: { code: 'SUMMER10' } })).resolves.toEqual(basket);
    expect([last().method, last().rawPath]).toEqual(['PUT', '/api/v2/baskets/vouchers/SUMMER10']);
    await client.vouchers.add({ params: { code: 'a/b?c' } });
    expect(last().rawPath).toBe('/api/v2/baskets/vouchers/a%2Fb%3Fc');
    expect(last().url.search).toBe('');
    expect(decodeURIComponent(last().url.pathname.split('/').at(-1)!)).toBe('a/b?c');
    await client.vouchers.remove({ params: { code: 'SUMMER 10#%' } });
    expect([last().method, last().rawPath]).toEqual(['DELETE', '/api/v2/baskets/vouchers/SUMMER%2010%23%25']);
    await client.vouchers.add({ params: { code: 'ÉTÉ-€' } });
    expect(last().rawPath).toBe('/api/v2/baskets/vouchers/%C3%89T%C3%89-%E2%82%AC');
  });

  it('add: a lone surrogate becomes U+FFFD (as voucherPathSegment), never a URIError', async () => {
    const { client, last } = setup();
    await client.vouchers.add({ params: { code: 'A\uD800B' } });
    expect(last().rawPath).toBe('/api/v2/baskets/vouchers/A%EF%BF%BDB');
  });

  it('add and remove: an empty, "." or ".." code raises ContractError and sends nothing', async () => {
    const { client, fetch } = setup();
    for (const code of ['', '.', '..']) {
      const error = (await rejection(client.vouchers.add({ params: { code } }))) as ContractError;
      expect(error).toBeInstanceOf(ContractError);
      expect(error).toMatchObject({ call: 'vouchers.add', direction: 'request', fields: ['params.code'] });
    }
    await expect(client.vouchers.remove({ params: { code: '..' } })).rejects.toBeInstanceOf(ContractError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('redeem: POST { voucherCode, licenceId } with licenceId only when it is an integer', async () => {
    const { client, last, fetch } = setup(() => json(200, { redeemed: true }));
    await expect(client.vouchers.redeem({ body: voucherRedeemBody('WELCOME', '42') })).resolves.toEqual({ redeemed: true });
    expect([last().method, last().url.pathname]).toEqual(['POST', '/api/v2/promotions/voucher/redeem']);
    expect(last().body).toEqual({ voucherCode: 'WELCOME', licenceId: 42 });
    await client.vouchers.redeem({ body: voucherRedeemBody('WELCOME', 7) });
    expect(last().body).toEqual({ voucherCode: 'WELCOME', licenceId: 7 });
    for (const id of ['abc', '1.5', ' 12', null, undefined]) {
      await client.vouchers.redeem({ body: voucherRedeemBody('a/b?c', id) });
      expect(last().body).toEqual({ voucherCode: 'a/b?c' });
    }
    const calls = fetch.mock.calls.length;
    await expect(client.vouchers.redeem({ body: voucherRedeemBody('', '42') })).rejects.toBeInstanceOf(ContractError);
    expect(fetch).toHaveBeenCalledTimes(calls);
  });
});

describe('payment methods, payments and cards calls', () => {
  it('paymentMethods.init wraps the details in primaryPaymentDetails; validate posts its body', async () => {
    const { client, last } = setup(() => json(200, details));
    const card = { targetPaymentProvider: 'CARD_SANDBOX', paymentMethodType: 'CARD', token: 'tok_123' };
    await expect(client.paymentMethods.init({ body: { primaryPaymentDetails: card } })).resolves.toEqual(details);
    expect([last().method, last().url.pathname]).toEqual(['POST', '/api/v4/payment-method/init']);
    expect(last().body).toEqual({ primaryPaymentDetails: card });
    await client.paymentMethods.validate({ body: { paymentDetailsExid: 'pd-1', redirectStatus: 'succeeded' } });
    expect([last().method, last().url.pathname]).toEqual(['POST', '/api/v4/payment-method/validate']);
    expect(last().body).toEqual({ paymentDetailsExid: 'pd-1', redirectStatus: 'succeeded' });
  });

  it('paymentMethods.init: a 402 card code reaches ApiError; a missing provider sends nothing', async () => {
    const { client, fetch } = setup(() =>
      json(402, { status: 402, code: 'expired_card', messages: ['Your card has expired.'], requestId: 'r' }),
    );
    await expect(
      client.paymentMethods.init({ body: { primaryPaymentDetails: { targetPaymentProvider: 'CARD_SANDBOX', paymentMethodType: 'CARD', token: 't' } } }),
    ).rejects.toMatchObject({ name: 'ApiError', status: 402, code: 'expired_card', call: 'paymentMethods.init' });
    fetch.mockClear();
    await expect(client.paymentMethods.init({ body: { primaryPaymentDetails: { targetPaymentProvider: '', paymentMethodType: 'CARD' } } })).rejects.toBeInstanceOf(
      ContractError,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('payments.providers and history: GETs, answers validated', async () => {
    const provider = { providerType: 'CARD', paymentMethodType: 'CARD', paymentProviderId: 'CARD_SANDBOX', hasVouchers: true };
    const item = { id: 'p1', when: '2026-01-01T00:00:00Z', status: 'succeeded', sku: 'sku-monthly' };
    const { client, last } = setup((req) =>
      req.url.pathname.endsWith('/payment-providers') ? json(200, { providers: [provider] }) : json(200, { items: [item] }),
    );
    await expect(client.payments.providers()).resolves.toEqual({ providers: [provider] });
    expect([last().method, last().url.pathname]).toEqual(['GET', '/api/v2/payment-providers']);
    await expect(client.payments.history()).resolves.toEqual({ items: [item] });
    expect([last().method, last().url.pathname]).toEqual(['GET', '/api/v2/customer/payments']);
  });

  it('payments.history: an item without id breaks the contract', async () => {
    const { client } = setup(() => json(200, { items: [{ when: 'x', status: 'succeeded' }] }));
    const error = (await rejection(client.payments.history())) as ContractError;
    expect(error).toBeInstanceOf(ContractError);
    expect(error).toMatchObject({ direction: 'response', fields: ['items.0.id'] });
  });

  it('payments.attachDetails: POST with no body, the /billing-details suffix only when asked', async () => {
    const { client, last } = setup(() => json(200, {}));
    await expect(client.payments.attachDetails({ params: { id: '101', paymentDetailsId: 'pd 1' } })).resolves.toEqual({});
    expect([last().method, last().rawPath, last().rawBody]).toEqual([
      'POST',
      '/api/v2/licence/101/payment-details/pd%201',
      undefined,
    ]);
    await client.payments.attachDetails({ params: { id: '101', paymentDetailsId: 'pd-1' } });
    expect(last().rawPath).toBe('/api/v2/licence/101/payment-details/pd-1');
    await client.payments.attachDetailsWithBilling({ params: { id: '101', paymentDetailsId: 'pd-1' } });
    expect(last().rawPath).toBe('/api/v2/licence/101/payment-details/pd-1/billing-details');
  });

  it('cards.list and attachToLicence: paths, checkBillingDetails only when given, empty body', async () => {
    const card = { cardId: 'c1', cardType: 'visa', last4Digits: '4242', default: true, expiryMonth: 12, expiryYear: 2030 };
    const { client, last } = setup((req) => (req.method === 'GET' ? json(200, { cards: [card] }) : json(200, {})));
    await expect(client.cards.list()).resolves.toEqual({ cards: [card] });
    expect([last().method, last().url.pathname]).toEqual(['GET', '/api/v2/customer/cards']);
    await client.cards.attachToLicence({ params: { licenceId: '101', cardId: 'c/1' } });
    expect([last().method, last().rawPath, last().rawBody]).toEqual(['POST', '/api/v2/licences/101/card/c%2F1', undefined]);
    expect(query(last())).toEqual({});
    await client.cards.attachToLicence({ params: { licenceId: '101', cardId: 'c1' }, query: { checkBillingDetails: 'true' } });
    expect(query(last())).toEqual({ checkBillingDetails: 'true' });
    await client.cards.attachToLicence({ params: { licenceId: '101', cardId: 'c1' }, query: { checkBillingDetails: 'false' } });
    expect(query(last())).toEqual({ checkBillingDetails: 'false' });
  });
});

describe('lazy areas', () => {
  it('load on the first call, once per client, even for concurrent calls across areas of one module', async () => {
    const areas = ['baskets', 'vouchers', 'paymentMethods', 'payments', 'cards'] as const;
    const loaders = AREA_SOURCES as unknown as Record<(typeof areas)[number], () => Promise<unknown>>;
    const factories = areas.map((area) => vi.spyOn(loaders, area));
    const { client } = setup((req) => {
      if (req.url.pathname.endsWith('/payment-providers')) return json(200, { providers: [] });
      if (req.url.pathname.endsWith('/cards')) return json(200, { cards: [] });
      return json(200, basket);
    });
    for (const factory of factories) expect(factory).not.toHaveBeenCalled();

    await Promise.all([client.baskets.get(), client.baskets.get(), client.baskets.put({ params: { id: '101' } })]);
    await Promise.all([client.vouchers.add({ params: { code: 'X' } }), client.vouchers.remove({ params: { code: 'X' } })]);
    await Promise.all([client.payments.providers(), client.payments.providers(), client.cards.list()]);
    await client.baskets.get();
    expect(factories.map((f) => f.mock.calls.length)).toEqual([1, 1, 0, 1, 1]);
    for (const factory of factories) factory.mockRestore();
  });
});
