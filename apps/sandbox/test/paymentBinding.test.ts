/**
 * Issue 12: a declined card is never kept, one card is stored once, a processor token attaches
 * once, and the 3-D Secure challenge and the provider approval are bound to their payer (a
 * single-use token in the URL the platform answered; `returnUrl` only to the realm's web origins).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, paymentDetailsSchema, payResponseSchema } from '@stream/core/contracts';
import { buyersForFile, type inProcessBuyers, payBody } from './buyers.js';
import { type App, call, expectError } from './helpers.js';

const file = buyersForFile();
let app: App;
let buyers: ReturnType<typeof inProcessBuyers>;
beforeAll(() => ({ app, buyers } = file));

const DECLINED = '4000000000000002';
const THREE_D_SECURE = '4000002500003155';

const listCards = async (token: string) => calls.cards.list.response.parse((await call(app, 'GET', calls.cards.list.path, { token })).json).cards;
const history = async (token: string) => ((await call(app, 'GET', calls.payments.history.path, { token })).json.items ?? []) as { status: string }[];

async function initWithToken(token: string, cardToken: string) {
  return call(app, 'POST', calls.paymentMethods.init.path, {
    token,
    body: { primaryPaymentDetails: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token: cardToken } },
  });
}

/** A 3-D Secure payment of licence 101 left waiting for the challenge: its answer and key. */
async function pendingChallenge(token: string) {
  const basket = await buyers.putBasket(token, '101');
  const key = randomUUID();
  const exid = await buyers.initCard(token, THREE_D_SECURE);
  const res = await buyers.pay(token, basket.id, payBody(exid), key);
  const answer = payResponseSchema.parse(res.json);
  expect(answer.status).toBe('REQUIRES_ACTION');
  return { answer, key, basket, exid, url: new URL(answer.redirectUrl!) };
}

describe('a card is stored only when a payment or a set-up succeeds', () => {
  it('a declined card is never listed, and a later good card is the only (default) one', async () => {
    const { token } = await buyers.newBuyer();
    const basket = await buyers.putBasket(token, '101');
    const declined = await buyers.initCard(token, DECLINED);
    expectError(await buyers.pay(token, basket.id, payBody(declined)), 402, 'card_declined');
    // The retry of this checkout with the same card reuses its payment details and is declined again.
    expect(await buyers.initCard(token, DECLINED)).toBe(declined);
    expectError(await buyers.pay(token, basket.id, payBody(declined)), 402, 'card_declined');
    expect(await listCards(token)).toEqual([]);
    const good = await buyers.initCard(token);
    expect((await buyers.pay(token, basket.id, payBody(good))).json.status).toBe('SUCCEEDED');
    expect(await listCards(token)).toEqual([expect.objectContaining({ cardId: good, last4Digits: '4242', default: true, licences: ['101'] })]);
  });

  it('a declined explicit set-up is 402 and stores nothing; an accepted one stores the card', async () => {
    const { token } = await buyers.newBuyer();
    const declined = await buyers.initCard(token, DECLINED);
    const setUp = await call(app, 'POST', calls.paymentMethods.validate.path, { token, body: { paymentDetailsExid: declined } });
    expectError(setUp, 402, 'card_declined');
    expect(await listCards(token)).toEqual([]);
    const good = await buyers.addCard(token, '5555555555554444');
    expect(await listCards(token)).toEqual([expect.objectContaining({ cardId: good, last4Digits: '4444', default: true })]);
  });

  it('every 3-D Secure attempt of one checkout reuses one payment method; it is stored once the challenge completes', async () => {
    const { token } = await buyers.newBuyer();
    const first = await pendingChallenge(token);
    // The payer abandons the challenge and tries again with the same card (a new token each time).
    const again = await pendingChallenge(token);
    const third = await pendingChallenge(token);
    expect(await listCards(token)).toEqual([]);
    const done = await app.request(`${third.url.pathname}/complete${third.url.search}`, { method: 'POST' });
    expect(await done.json()).toMatchObject({ status: 'SUCCEEDED' });
    const cards = await listCards(token);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ last4Digits: '3155', default: true, licences: ['101'] });
    expect(first.answer.paymentId).not.toBe(again.answer.paymentId);
    // Far from the limit: more cards can be set up after one purchase.
    await buyers.addCard(token, '5555555555554444');
    await buyers.addCard(token, '4012888888881881');
    expect(await listCards(token)).toHaveLength(3);
  });

  it('the same card (processor fingerprint) is never stored twice', async () => {
    const { token } = await buyers.newBuyer();
    const first = await buyers.addCard(token);
    const second = await buyers.addCard(token);
    expect(second).toBe(first);
    const basket = await buyers.putBasket(token, '102');
    expect((await buyers.pay(token, basket.id, payBody(await buyers.initCard(token)))).json.status).toBe('SUCCEEDED');
    expect(await listCards(token)).toEqual([expect.objectContaining({ cardId: first, licences: ['102'] })]);
    // Another account stores its own copy.
    const other = await buyers.newBuyer();
    expect(await buyers.addCard(other.token)).not.toBe(first);
  });
});

describe('a processor token attaches once', () => {
  it('a second attach of one token is 409 TOKEN_ALREADY_USED, for the same account or another', async () => {
    const { token } = await buyers.newBuyer();
    const tokenised = await buyers.tokenize('4242424242424242');
    const cardToken = tokenised.json.token as string;
    expect((await initWithToken(token, cardToken)).status).toBe(200);
    const again = expectError(await initWithToken(token, cardToken), 409, 'TOKEN_ALREADY_USED');
    expect(again.messages[0]).toMatch(/already used/);
    const thief = await buyers.newBuyer();
    expectError(await initWithToken(thief.token, cardToken), 409, 'TOKEN_ALREADY_USED');
    expect(await listCards(thief.token)).toEqual([]);
    expectError(await initWithToken(token, 'tok_unknown'), 400, 'BAD_REQUEST');
  });

  it('of concurrent attaches with one token, exactly one succeeds', async () => {
    const { token } = await buyers.newBuyer();
    const cardToken = (await buyers.tokenize('4242424242424242')).json.token as string;
    const results = await Promise.all(Array.from({ length: 5 }, () => initWithToken(token, cardToken)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });
});

describe('the 3-D Secure challenge is bound to its payer', () => {
  it('the payment id alone, or a wrong token, neither shows nor completes the challenge', async () => {
    const { token } = await buyers.newBuyer();
    const { answer, key, basket, exid, url } = await pendingChallenge(token);
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{32,}$/);
    const bare = `/_processor/v1/challenge/${answer.paymentId}`;
    expect((await app.request(bare)).status).toBe(404);
    expect((await app.request(`${bare}/complete`, { method: 'POST' })).status).toBe(404);
    expect((await app.request(`${bare}/complete?token=${'x'.repeat(32)}`, { method: 'POST' })).status).toBe(404);
    // Nothing happened: the same key still answers REQUIRES_ACTION, nothing is granted.
    expect((await buyers.pay(token, basket.id, payBody(exid), key)).json).toMatchObject({ status: 'REQUIRES_ACTION' });
    expect(await history(token)).toEqual([expect.objectContaining({ status: 'requires_action' })]);
    // The payer's own URL works once.
    expect((await app.request(`${url.pathname}${url.search}`)).status).toBe(200);
    const done = await app.request(`${url.pathname}/fail${url.search}`, { method: 'POST' });
    expect(await done.json()).toMatchObject({ status: 'FAILED' });
    expect((await app.request(`${url.pathname}/complete${url.search}`, { method: 'POST' })).status).toBe(404);
    expect(await history(token)).toEqual([expect.objectContaining({ status: 'failed' })]);
  });

  it('returnUrl must be an https or loopback address of the realm web origins, else 400 and nothing happens', async () => {
    const { token } = await buyers.newBuyer();
    const { url } = await pendingChallenge(token);
    for (const bad of ['https://evil.example/steal', 'javascript:alert(1)', 'http://127.0.0.1:9/x', '//evil.example/', 'http://localhost.evil.example:5173/']) {
      const query = `${url.search}&returnUrl=${encodeURIComponent(bad)}`;
      expectError(await call(app, 'GET', `${url.pathname}${query}`, { noRealm: true }), 400, 'BAD_REQUEST');
      expectError(await call(app, 'POST', `${url.pathname}/complete${query}`, { noRealm: true }), 400, 'BAD_REQUEST');
    }
    const good = 'http://localhost:5173/payment-authorization?x=1';
    const done = await app.request(`${url.pathname}/complete${url.search}&returnUrl=${encodeURIComponent(good)}`, { method: 'POST' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(/^http:\/\/localhost:5173\/payment-authorization\?x=1&paymentId=.+&redirect_status=succeeded$/);
  });
});

describe('the provider approval is bound to its payer', () => {
  async function paypal(token: string, returnUrl = 'http://127.0.0.1:5173/pay/PAYPAL') {
    const res = await call(app, 'POST', calls.paymentMethods.init.path, {
      token,
      body: { primaryPaymentDetails: { targetPaymentProvider: 'PAYPAL', paymentMethodType: 'PAYPAL', returnUrl } },
    });
    return res;
  }

  it('needs the single-use token of the approval URL', async () => {
    const { token } = await buyers.newBuyer();
    const details = paymentDetailsSchema.parse((await paypal(token)).json);
    const url = new URL(details.redirectUrl!);
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{32,}$/);
    expect((await app.request(url.pathname)).status).toBe(404);
    expect((await app.request(`${url.pathname}/approve`, { method: 'POST' })).status).toBe(404);
    expect((await app.request(`${url.pathname}/approve?token=nope`, { method: 'POST' })).status).toBe(404);
    const validate = () => call(app, 'POST', calls.paymentMethods.validate.path, { token, body: { paymentDetailsExid: details.paymentDetailsExid } });
    expectError(await validate(), 409, 'CONFLICT');
    expect((await app.request(`${url.pathname}${url.search}`)).status).toBe(200);
    const approved = await app.request(`${url.pathname}/approve${url.search}`, { method: 'POST' });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:5173\/pay\/PAYPAL\?/);
    expect((await validate()).status).toBe(200);
    // Spent: the decline with the same URL does nothing.
    expect((await app.request(`${url.pathname}/decline${url.search}`, { method: 'POST' })).status).toBe(404);
    expect((await validate()).status).toBe(200);
  });

  it('refuses a returnUrl off the realm web origins with 400, storing nothing', async () => {
    const { token } = await buyers.newBuyer();
    for (const bad of ['https://evil.example/pay', 'javascript:alert(document.cookie)', 'http://10.0.0.1:5173/pay', 'ftp://127.0.0.1:5173/']) {
      const error = expectError(await paypal(token, bad), 400, 'BAD_REQUEST');
      expect(error.messages[0]).toMatch(/returnUrl/);
    }
    expect((await paypal(token, 'http://localhost:5173/pay/PAYPAL')).status).toBe(200);
  });
});
