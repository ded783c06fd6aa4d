/**
 * Buyers for the tests: in process (`app.request`, {@link inProcessBuyers}) and over HTTP with
 * the @stream/core API client ({@link clientBuyers}). Each helper signs up a fresh account, so
 * tests never share state. Card numbers go to the sandbox's card processor only.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createApiClient, type ApiClient } from '@stream/core/api';
import { basketSchema, calls, paymentDetailsSchema, type PayRequest } from '@stream/core/contracts';
import { memoryStorage, STORAGE_KEYS } from '@stream/core/platform';
import { ADMIN_HEADERS, type App, call, inProcessAppForFile } from './helpers.js';


/** The card processor's body for a test card number, expiring in two years. */
export const cardBody = (number: string) => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' });

/** A pay body for `exid` (CARDS/CARD unless told). */
export function payBody(exid: string | undefined, provider = 'CARDS', method = 'CARD'): PayRequest {
  return {
    paymentArrangement: {
      primaryPaymentDetailsAttributes: { ...(exid ? { paymentDetailsExternalId: exid } : {}), targetPaymentProvider: provider, paymentMethodType: method },
    },
  };
}

/** Helpers over the in-process app. */
export function inProcessBuyers(app: App) {
  /** A new account, signed in: `{ email, token }`. */
  async function newBuyer() {
    const email = `buyer-${randomUUID()}@stream.test`;
    const res = await call(app, 'POST', '/api/v2/user', { body: { id: email, secret: 'buyer-password', name: 'Buyer' } });
    expect(res.status).toBe(201);
    return { email, token: res.json.authorisationToken as string };
  }

  /** The open basket, now holding `licenceId`. */
  async function putBasket(token: string, licenceId: string, query = '') {
    const res = await call(app, 'PUT', `/api/v2/baskets/${licenceId}${query}`, { token });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return basketSchema.parse(res.json);
  }

  /** `POST /_processor/v1/tokens` for a test card (the raw answer). */
  async function tokenize(number: string) {
    return call(app, 'POST', '/_processor/v1/tokens', { body: cardBody(number), noRealm: true });
  }

  /** A card's payment details for `number`, initialised but not stored (no payment or set-up yet); its exid. */
  async function initCard(token: string, number = '4242424242424242') {
    const t = await tokenize(number);
    expect(t.status, JSON.stringify(t.json)).toBe(200);
    const res = await call(app, 'POST', calls.paymentMethods.init.path, {
      token,
      body: { primaryPaymentDetails: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token: t.json.token } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return paymentDetailsSchema.parse(res.json).paymentDetailsExid;
  }

  /** A stored card for `number` (initialised, then set up with `POST /payment-method/validate`); its exid. */
  async function addCard(token: string, number = '4242424242424242') {
    const exid = await initCard(token, number);
    const res = await call(app, 'POST', calls.paymentMethods.validate.path, { token, body: { paymentDetailsExid: exid } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return exid;
  }

  /** Pays basket `basketId` (null: the open basket) with `key` (null: no header). */
  async function pay(token: string, basketId: string | null, body: unknown, key: string | null = randomUUID(), query = '') {
    const path = basketId ? `/api/v2/customer/baskets/pay/${basketId}${query}` : `/api/v2/customer/baskets/pay/${query}`;
    return call(app, 'POST', path, { token, body, headers: key === null ? {} : { 'Idempotency-Key': key } });
  }

  /** `POST /_sandbox/caller`; expects 200. */
  async function setCaller(body: Record<string, unknown>) {
    const res = await call(app, 'POST', '/_sandbox/caller', { body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  }

  return { newBuyer, putBasket, tokenize, initCard, addCard, pay, setCaller };
}

/** Helpers over a running sandbox with the @stream/core client (the built package). */
export function clientBuyers(sandbox: { url: string; realm: string; apiKey: string }) {
  /** A fresh account, signed up and signed in (tokens stored as the session machine stores them). */
  async function newBuyer(): Promise<{ api: ApiClient; email: string }> {
    const storage = memoryStorage();
    const api = createApiClient({ baseUrl: sandbox.url, realm: sandbox.realm, apiKey: sandbox.apiKey, storage, locale: 'en' });
    const email = `buyer-${randomUUID()}@stream.test`;
    const tokens = await api.auth.signUp({ body: { id: email, secret: 'buyer-password', name: 'Buyer' } });
    storage.setItem(STORAGE_KEYS.authToken, tokens.authorisationToken);
    storage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
    return { api, email };
  }

  /** The card processor's token for a test card number (card details never reach the platform). */
  async function cardToken(number: string): Promise<string> {
    const response = await fetch(`${sandbox.url}/_processor/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(cardBody(number)),
    });
    const body = (await response.json()) as { token?: string };
    if (!response.ok || !body.token) throw new Error(`tokens answered ${response.status}: ${JSON.stringify(body)}`);
    return body.token;
  }

  /** A card's payment details for `number`, initialised, not stored until a payment or a set-up succeeds: its id. */
  async function initCard(api: ApiClient, number = '4242424242424242'): Promise<string> {
    const details = await api.paymentMethods.init({ body: { primaryPaymentDetails: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token: await cardToken(number) } } });
    expect(details).toMatchObject({ targetPaymentProvider: 'CARDS', paymentMethodDetails: { paymentMethodType: 'CARD' } });
    return details.paymentDetailsExid;
  }

  /** A stored card for `number` on the buyer's account (initialised, then set up): its payment details id. */
  async function addCard(api: ApiClient, number = '4242424242424242'): Promise<string> {
    const exid = await initCard(api, number);
    await api.paymentMethods.validate({ body: { paymentDetailsExid: exid } });
    return exid;
  }

  /** Calls a sandbox-only control (admin key, realm and API key, no bearer); throws on a non-2xx answer. */
  async function control(path: string, body: unknown): Promise<void> {
    const response = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey, Realm: sandbox.realm, ...ADMIN_HEADERS },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  }

  return { newBuyer, cardToken, initCard, addCard, control };
}

/** The rejection of `promise` (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

/**
 * The test file's in-process app (see `inProcessAppForFile`) with its buyer helpers
 * ({@link inProcessBuyers}); both readable once the app is opened, before the file's tests.
 */
export function buyersForFile(): { readonly app: App; readonly buyers: ReturnType<typeof inProcessBuyers> } {
  const file = inProcessAppForFile();
  let buyers: ReturnType<typeof inProcessBuyers> | undefined;
  return {
    get app() {
      return file.app;
    },
    get buyers() {
      buyers ??= inProcessBuyers(file.app);
      return buyers;
    },
  };
}
