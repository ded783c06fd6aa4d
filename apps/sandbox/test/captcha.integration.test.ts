/**
 * The realm captcha (issue 18 "Captcha"; commerce §3 app-state captcha flags, §8
 * `CAPTCHA_FAIL_ERROR`; docs/api.md "Captcha"): the stand-in widget script and its solve call,
 * and the platform refusing sign-up and payment on the captcha realm without a valid token
 * (missing, forged, used, expired by the sandbox clock), while other realms need none.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { CAPTCHA_TOKEN_HEADER, calls, realmSettingsSchema } from '@stream/core/contracts';
import { CAPTCHA_SCRIPT_PATH, CAPTCHA_SITE_KEY, CAPTCHA_TOKEN_TTL_MS } from '../src/providers/captcha.js';
import { CAPTCHA_REALM } from '../src/seed/realms.js';
import { cardBody, payBody } from './buyers.js';
import { call, expectError, inProcessAppForFile } from './helpers.js';

const opened = inProcessAppForFile();
const CAPTCHA_HEADERS = { realm: CAPTCHA_REALM.name, 'x-api-key': CAPTCHA_REALM.apiKey };
/** A call on the captcha realm. */
const onCaptchaRealm = (method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) =>
  call(opened.app, method, path, { ...options, noRealm: true, headers: { ...CAPTCHA_HEADERS, ...options.headers } });

async function setClock(at: number | null) {
  const res = await call(opened.app, 'POST', '/_sandbox/clock', { body: { now: at === null ? null : new Date(at).toISOString() } });
  expect(res.status).toBe(200);
}
afterEach(() => setClock(null));

/** A solved challenge's token from the stand-in service. */
async function solve(): Promise<string> {
  const res = await call(opened.app, 'POST', '/_captcha/solve', { body: { siteKey: CAPTCHA_SITE_KEY }, noRealm: true });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json).toMatchObject({ success: true, expiresInSeconds: CAPTCHA_TOKEN_TTL_MS / 1000 });
  return res.json.token as string;
}

const signUpBody = () => ({ id: `captcha-${randomUUID()}@stream.test`, secret: 'captcha-password', name: 'Captcha Viewer' });
const withToken = (token: string) => ({ [CAPTCHA_TOKEN_HEADER]: token });

describe('the stand-in captcha service', () => {
  it('serves the widget script the realm setting names', async () => {
    const settings = await onCaptchaRealm('GET', '/api/v2/realm/settings');
    expect(settings.status).toBe(200);
    expect(realmSettingsSchema.parse(settings.json).captcha).toEqual({ signUp: true, payment: true, scriptUrl: CAPTCHA_SCRIPT_PATH, siteKey: CAPTCHA_SITE_KEY });
    const res = await opened.app.request(CAPTCHA_SCRIPT_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await res.text()).toContain('window.streamCaptcha');
  });

  it('refuses a site key it does not know, and a body that is not JSON', async () => {
    const wrong = await call(opened.app, 'POST', '/_captcha/solve', { body: { siteKey: 'other' }, noRealm: true });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ success: false, error: 'invalid-site-key' });
    const raw = await call(opened.app, 'POST', '/_captcha/solve', { rawBody: 'nope', noRealm: true });
    expect(raw.status).toBe(400);
  });

  it('the web app may send X-Captcha-Token cross-origin, and the widget may call solve', async () => {
    for (const [path, headers] of [['/api/v2/user', 'content-type,x-api-key,realm,x-captcha-token'], ['/_captcha/solve', 'content-type']] as const) {
      const res = await opened.app.request(path, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-headers') ?? '').toContain(headers.split(',').at(-1));
    }
  });

  it('the full realm has no captcha: sign-up needs no token', async () => {
    const settings = await call(opened.app, 'GET', '/api/v2/realm/settings');
    expect(settings.json.captcha).toBeUndefined();
    const res = await call(opened.app, 'POST', '/api/v2/user', { body: signUpBody() });
    expect(res.status).toBe(201);
  });
});

describe('sign-up on the captcha realm', () => {
  it('without a token: 403 CAPTCHA_FAIL_ERROR captchaFailed, no account made', async () => {
    const body = signUpBody();
    const res = await onCaptchaRealm('POST', '/api/v2/user', { body });
    expectError(res, 403, 'CAPTCHA_FAIL_ERROR');
    expect(res.json.messages).toEqual(['captchaFailed']);
    // The account was not created: the same email signs up once a challenge is solved.
    const again = await onCaptchaRealm('POST', '/api/v2/user', { body, headers: withToken(await solve()) });
    expect(again.status, JSON.stringify(again.json)).toBe(201);
  });

  it('a forged token is refused', async () => {
    const res = await onCaptchaRealm('POST', '/api/v2/user', { body: signUpBody(), headers: withToken('forged-token') });
    expectError(res, 403, 'CAPTCHA_FAIL_ERROR');
  });

  it('a token is single-use', async () => {
    const token = await solve();
    expect((await onCaptchaRealm('POST', '/api/v2/user', { body: signUpBody(), headers: withToken(token) })).status).toBe(201);
    const second = await onCaptchaRealm('POST', '/api/v2/user', { body: signUpBody(), headers: withToken(token) });
    expectError(second, 403, 'CAPTCHA_FAIL_ERROR');
  });

  it('a token expires after its time by the sandbox clock, and not before', async () => {
    const start = Date.now();
    await setClock(start);
    const fresh = await solve();
    const stale = await solve();
    await setClock(start + CAPTCHA_TOKEN_TTL_MS - 1000);
    expect((await onCaptchaRealm('POST', '/api/v2/user', { body: signUpBody(), headers: withToken(fresh) })).status).toBe(201);
    await setClock(start + CAPTCHA_TOKEN_TTL_MS + 1000);
    expectError(await onCaptchaRealm('POST', '/api/v2/user', { body: signUpBody(), headers: withToken(stale) }), 403, 'CAPTCHA_FAIL_ERROR');
  });
});

describe('payment on the captcha realm', () => {
  it('pay without a token: 403 CAPTCHA_FAIL_ERROR, nothing charged; with a solved one it is paid; a replay of the key needs none', async () => {
    const signUp = await onCaptchaRealm('POST', '/api/v2/user', { body: signUpBody(), headers: withToken(await solve()) });
    expect(signUp.status).toBe(201);
    const token = signUp.json.authorisationToken as string;
    const basket = await onCaptchaRealm('PUT', '/api/v2/baskets/101', { token });
    expect(basket.status, JSON.stringify(basket.json)).toBe(200);
    const card = await call(opened.app, 'POST', '/_processor/v1/tokens', { body: cardBody('4242424242424242'), noRealm: true });
    expect(card.status).toBe(200);
    const init = await onCaptchaRealm('POST', calls.paymentMethods.init.path, {
      token,
      body: { primaryPaymentDetails: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token: card.json.token } },
    });
    expect(init.status, JSON.stringify(init.json)).toBe(200);
    const body = payBody(init.json.paymentDetailsExid as string);
    const key = randomUUID();

    const refused = await onCaptchaRealm('POST', '/api/v2/customer/baskets/pay/', { token, body, headers: { 'Idempotency-Key': key } });
    expectError(refused, 403, 'CAPTCHA_FAIL_ERROR');
    const history = await onCaptchaRealm('GET', calls.payments.history.path, { token });
    expect(history.status).toBe(200);
    expect(history.json.items).toEqual([]);

    // The same key again with a solved challenge: nothing was stored for it, so it pays now.
    const paid = await onCaptchaRealm('POST', '/api/v2/customer/baskets/pay/', { token, body, headers: { 'Idempotency-Key': key, ...withToken(await solve()) } });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json.status).toBe('SUCCEEDED');
    const replay = await onCaptchaRealm('POST', '/api/v2/customer/baskets/pay/', { token, body, headers: { 'Idempotency-Key': key } });
    expect(replay.status).toBe(200);
    expect(replay.json.paymentId).toBe(paid.json.paymentId);
  });

  /** A signed-in buyer on the captcha realm (signed up with a solved challenge): its email and bearer. */
  async function captchaBuyer() {
    const body = signUpBody();
    const res = await onCaptchaRealm('POST', '/api/v2/user', { body, headers: withToken(await solve()) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return { email: body.id, token: res.json.authorisationToken as string };
  }
  /** A card's payment details on the captcha realm (the init of a card needs no challenge). */
  async function captchaCard(token: string, number: string) {
    const card = await call(opened.app, 'POST', '/_processor/v1/tokens', { body: cardBody(number), noRealm: true });
    expect(card.status).toBe(200);
    const init = await onCaptchaRealm('POST', calls.paymentMethods.init.path, {
      token,
      body: { primaryPaymentDetails: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token: card.json.token } },
    });
    expect(init.status, JSON.stringify(init.json)).toBe(200);
    return init.json.paymentDetailsExid as string;
  }
  const payOnCaptchaRealm = (token: string, body: unknown, key: string, captchaToken?: string, query = '') =>
    onCaptchaRealm('POST', `/api/v2/customer/baskets/pay/${query}`, {
      token,
      body,
      headers: { 'Idempotency-Key': key, ...(captchaToken ? withToken(captchaToken) : {}) },
    });

  it('a token spent by a failed pay is refused when sent again: after a 424 (same key) and after a declined card (another card)', async () => {
    const { email, token } = await captchaBuyer();
    expect((await call(opened.app, 'POST', '/_sandbox/caller', { body: { email, country: 'BR' } })).status).toBe(200);
    expect((await onCaptchaRealm('PUT', '/api/v2/baskets/101', { token })).status).toBe(200);
    const good = payBody(await captchaCard(token, '4242424242424242'));
    const key = randomUUID();
    const spent = await solve();
    expectError(await payOnCaptchaRealm(token, good, key, spent), 424, 'BASKET_REQUIREMENTS_FAILED');
    // The billing form's second pay (same key) with the spent token: refused, before anything else.
    const reused = await payOnCaptchaRealm(token, good, key, spent);
    expectError(reused, 403, 'CAPTCHA_FAIL_ERROR');
    expect(reused.json.messages).toEqual(['captchaFailed']);
    const address = { line1: 'Avenida Paulista 1000', city: 'São Paulo', administrativeLevel1: 'SP', postalCode: '01310-100', taxNumber: '12345678909' };
    expect((await call(opened.app, 'POST', '/_sandbox/caller', { body: { email, address } })).status).toBe(200);
    expect((await onCaptchaRealm('PUT', '/api/v2/customer/billing-details', { token, body: { birthDate: '1990-05-17' } })).status).toBe(200);

    // A declined card, then another card with the same token: refused; with a fresh one: paid.
    const declinedToken = await solve();
    expectError(await payOnCaptchaRealm(token, payBody(await captchaCard(token, '4000000000000002')), randomUUID(), declinedToken), 402, 'card_declined');
    expectError(await payOnCaptchaRealm(token, good, randomUUID(), declinedToken), 403, 'CAPTCHA_FAIL_ERROR');
    const paid = await payOnCaptchaRealm(token, good, randomUUID(), await solve());
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json.status).toBe('SUCCEEDED');
  });

  it('3-D Secure: the pay that asks for the challenge spends the token; the challenge, the history read and the replay need none', async () => {
    const { token } = await captchaBuyer();
    expect((await onCaptchaRealm('PUT', '/api/v2/baskets/101', { token })).status).toBe(200);
    const body = payBody(await captchaCard(token, '4000002500003155'));
    const key = randomUUID();
    const asked = await payOnCaptchaRealm(token, body, key, await solve());
    expect(asked.json.status, JSON.stringify(asked.json)).toBe('REQUIRES_ACTION');
    const { pathname, search } = new URL(asked.json.redirectUrl as string);
    const done = await opened.app.request(`${pathname}/complete${search}`, { method: 'POST' });
    expect(await done.json()).toMatchObject({ status: 'SUCCEEDED' });
    // PAYMENT_AUTHORIZATION reads the history: no captcha there.
    const history = await onCaptchaRealm('GET', calls.payments.history.path, { token });
    expect(history.json.items.map((item: { id: string; status: string }) => [item.id, item.status])).toEqual([[asked.json.paymentId, 'succeeded']]);
    expect((await payOnCaptchaRealm(token, body, key)).json).toMatchObject({ status: 'SUCCEEDED', paymentId: asked.json.paymentId });
  });

  it("a redirecting provider: its init spends the challenge before the payer leaves; the pay back from the approval needs none, a later pay with those details does", async () => {
    const { token } = await captchaBuyer();
    expect((await onCaptchaRealm('PUT', '/api/v2/baskets/201', { token })).status).toBe(200);
    const initBody = { primaryPaymentDetails: { targetPaymentProvider: 'PAYPAL', paymentMethodType: 'PAYPAL', returnUrl: 'http://localhost:5173/pay/PAYPAL' } };
    expectError(await onCaptchaRealm('POST', calls.paymentMethods.init.path, { token, body: initBody }), 403, 'CAPTCHA_FAIL_ERROR');
    const init = await onCaptchaRealm('POST', calls.paymentMethods.init.path, { token, body: initBody, headers: withToken(await solve()) });
    expect(init.status, JSON.stringify(init.json)).toBe(200);
    const exid = init.json.paymentDetailsExid as string;
    const body = payBody(exid, 'PAYPAL', 'PAYPAL');
    // Not approved yet: the exemption does not apply.
    expectError(await payOnCaptchaRealm(token, body, randomUUID()), 403, 'CAPTCHA_FAIL_ERROR');
    const { pathname, search } = new URL(init.json.redirectUrl as string);
    expect((await opened.app.request(`${pathname}/approve${search}`, { method: 'POST' })).status).toBe(303);
    expect((await onCaptchaRealm('POST', calls.paymentMethods.validate.path, { token, body: { paymentDetailsExid: exid } })).status).toBe(200);

    // PAY: the payment machine pays without a captcha header (the web shows no widget there).
    const paid = await payOnCaptchaRealm(token, body, randomUUID());
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json.status).toBe('SUCCEEDED');
    // Those details once used, a new payment with them needs its own challenge.
    expect((await onCaptchaRealm('PUT', '/api/v2/baskets/202', { token })).status).toBe(200);
    expectError(await payOnCaptchaRealm(token, body, randomUUID()), 403, 'CAPTCHA_FAIL_ERROR');
  });
});
