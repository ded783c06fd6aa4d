/**
 * The checkout's sandbox side, in process over an in-memory database: the checkout context
 * (guests and every caller situation), the billing-details call and its 400s, the pay blocks
 * (child, territory, VPN), a reused Idempotency-Key, the consent stored with a payment, card
 * removal and the default card as seen by the licences, CORS and the 402 shape of the card
 * processor, and the pages the payer visits (3-D Secure challenge, provider approval).
 * Every answer is parsed with its contract schema.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, checkoutContextSchema, licencesResponseSchema } from '@stream/core/contracts';
import { purchaseBlockReason, restrictedFieldRule } from '@stream/core/domain';
import { payments } from '../src/db/schema.js';
import { ALLOWED_TERRITORIES, OUTSIDE_TERRITORY, type AppDeps } from '../src/index.js';
import { inProcessBuyers, payBody } from './buyers.js';
import { type App, call, expectError, inProcessAppForFile } from './helpers.js';

const file = inProcessAppForFile();
let deps: AppDeps;
let app: App;
type Buyers = ReturnType<typeof inProcessBuyers>;
let buyers: Buyers;
beforeAll(() => {
  ({ app, deps } = file);
  buyers = inProcessBuyers(app);
});


const context = async (token?: string) => {
  const res = await call(app, 'GET', calls.checkout.context.path, token ? { token } : {});
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return checkoutContextSchema.parse(res.json);
};

const saveBilling = (token: string | undefined, body: unknown) =>
  call(app, 'PUT', calls.checkout.saveBillingDetails.path, token ? { token, body } : { body });

const profileOf = async (token: string) => calls.user.profile.response.parse((await call(app, 'GET', calls.user.profile.path, { token })).json);

const historyOf = async (token: string) =>
  calls.payments.history.response.parse((await call(app, 'GET', calls.payments.history.path, { token })).json).items;

describe('GET /api/v2/checkout/context', () => {
  it('a visitor without a bearer and a guest: GB, allowed, no block; the realm consent terms and provider fields', async () => {
    const guest = await call(app, 'POST', calls.auth.guestCheckin.path);
    for (const answer of [await context(), await context(guest.json.authorisationToken as string)]) {
      const gb = { country: 'GB', isChildProfile: false, inAllowedTerritory: true, onVpn: false, realmAllowsVpn: false, purpose: 'PURCHASE' };
      expect(answer).toMatchObject(gb);
      expect(purchaseBlockReason(answer)).toBeNull();
      expect(answer.consentTerms.map((t) => [t.fieldName, t.fieldType, t.required])).toEqual([
        ['termsOfUse', 'BINARY_CHOICE', true],
        ['marketingEmails', 'BINARY_CHOICE', false],
        ['privacyNotice', 'INFORMATION_TEXT', false],
      ]);
      expect(answer.consentTerms[0]!.label).toMatch(/terms of use/i);
      expect(answer.fields).toEqual([
        {
          id: 'birthDate',
          type: 'birthDate',
          required: false,
          functionalPurpose: ['PURCHASE'],
          addressCountryRestriction: { restrictionType: 'whitelist', elements: ['BR', 'DE'] },
        },
        {
          id: 'taxNumber',
          type: 'taxNumber',
          required: false,
          functionalPurpose: ['PURCHASE'],
          addressCountryRestriction: { restrictionType: 'whitelist', elements: ['BR'] },
        },
        { id: 'phoneNumber', type: 'phoneNumber', required: false },
      ]);
    }
  });

  it('a signed-in account: the caller state decides the country and the block, as the domain rule reads it', async () => {
    const { email, token } = await buyers.newBuyer();
    expect(await context(token)).toMatchObject({ country: 'GB', inAllowedTerritory: true });

    await buyers.setCaller({ email, country: 'br' });
    const br = await context(token);
    expect(br).toMatchObject({ country: 'BR', inAllowedTerritory: true });
    // The provider fields the domain rule shows for a BR purchase: birth date and tax number, both required.
    expect(br.fields.map((f) => [f.id, restrictedFieldRule(f, { purpose: br.purpose, country: br.country })])).toEqual([
      ['birthDate', { visible: true, required: true }],
      ['taxNumber', { visible: true, required: true }],
      ['phoneNumber', { visible: true, required: false }],
    ]);

    await buyers.setCaller({ email, vpn: true });
    expect(purchaseBlockReason(await context(token))).toBe('vpnErrorMessage');
    await buyers.setCaller({ email, country: OUTSIDE_TERRITORY });
    const outside = await context(token);
    expect(outside).toMatchObject({ country: 'CU', inAllowedTerritory: false, onVpn: true });
    expect(purchaseBlockReason(outside)).toBe('signupGeoRestriction');
    await buyers.setCaller({ email, child: true });
    const child = await context(token);
    expect(child.isChildProfile).toBe(true);
    expect(purchaseBlockReason(child)).toBe('kidPurchasePermissionDenied');
  });

  it('a guest set by the control (`guest: <sub>`): its country decides the block; other guests stay GB', async () => {
    const guest = await call(app, 'POST', calls.auth.guestCheckin.path);
    const other = await call(app, 'POST', calls.auth.guestCheckin.path);
    const token = guest.json.authorisationToken as string;
    const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub as string;
    const set = await call(app, 'POST', '/_sandbox/caller', { body: { guest: sub, country: OUTSIDE_TERRITORY } });
    expect(set.status).toBe(200);
    expect(purchaseBlockReason(await context(token))).toBe('signupGeoRestriction');
    expect(purchaseBlockReason(await context(other.json.authorisationToken as string))).toBeNull();
    // Exactly one of email and guest; a guest subject must look like one.
    expectError(await call(app, 'POST', '/_sandbox/caller', { body: { country: 'GB' } }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/_sandbox/caller', { body: { guest: sub, email: 'a@b.test' } }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/_sandbox/caller', { body: { guest: 'guest:nope' } }), 400, 'BAD_REQUEST');
  });

  it('every seeded country but CU is an allowed territory', async () => {
    const countries = calls.countries.list.response.parse((await call(app, 'GET', calls.countries.list.path)).json).countries;
    const codes = countries.map((c) => c.iso3166alpha2);
    expect(codes).toContain('CU');
    expect([...ALLOWED_TERRITORIES].sort()).toEqual(codes.filter((code) => code !== 'CU').sort());
  });

  it('401 for a bearer that is sent and invalid (so the client refreshes)', async () => {
    expectError(await call(app, 'GET', calls.checkout.context.path, { token: 'not-a-jwt' }), 401, 'UNAUTHORIZED');
  });
});

describe('PUT /api/v2/customer/billing-details', () => {
  it('stores the country and address on the caller and the tax number, birth date and phone on the profile', async () => {
    const { email, token } = await buyers.newBuyer();
    await buyers.setCaller({ email, country: 'BR' });
    const first = await saveBilling(token, { address: { line1: ' Avenida Paulista 1000 ', postalCode: '01310-100' }, taxNumber: '123.456.789-09' });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(calls.checkout.saveBillingDetails.response.parse(first.json)).toEqual({
      address: { line1: 'Avenida Paulista 1000', postalCode: '01310-100' },
      country: 'BR',
    });
    // The address merges; a blank value removes a field.
    const second = await saveBilling(token, { address: { city: 'São Paulo', postalCode: '' }, birthDate: '1990-05-17', phoneNumber: '+5511912345678' });
    expect(second.json).toEqual({ address: { line1: 'Avenida Paulista 1000', city: 'São Paulo' }, country: 'BR' });
    expect(await profileOf(token)).toMatchObject({ taxNumber: '123.456.789-09', birthDate: '1990-05-17', phoneNumber: '+5511912345678' });
    // The country moves the caller (the checkout context follows).
    const moved = await saveBilling(token, { country: 'de' });
    expect(moved.json).toMatchObject({ country: 'DE' });
    expect((await context(token)).country).toBe('DE');
  });

  it('saving details on an account whose caller was never set keeps it complete (no 424)', async () => {
    const { token } = await buyers.newBuyer();
    expect((await saveBilling(token, { phoneNumber: '+447700900123' })).json).toEqual({ address: {}, country: 'GB' });
    expect((await saveBilling(token, { address: { line1: '10 Downing Street' } })).json).toEqual({
      address: { postalCode: 'SW1A 1AA', line1: '10 Downing Street' },
      country: 'GB',
    });
    const basket = await buyers.putBasket(token, '101');
    const res = await buyers.pay(token, basket.id, payBody(await buyers.addCard(token)));
    expect(res.json.status, JSON.stringify(res.json)).toBe('SUCCEEDED');
  });

  it('401 without a bearer or with a guest token', async () => {
    expectError(await saveBilling(undefined, { country: 'GB' }), 401, 'UNAUTHORIZED');
    const guest = await call(app, 'POST', calls.auth.guestCheckin.path);
    expectError(await saveBilling(guest.json.authorisationToken as string, { country: 'GB' }), 401, 'UNAUTHORIZED');
  });

  it('400 in the platform shape for malformed input, never a 500; nothing is stored', async () => {
    const { email, token } = await buyers.newBuyer();
    await buyers.setCaller({ email, country: 'BR' });
    const raw = await call(app, 'PUT', calls.checkout.saveBillingDetails.path, { token, rawBody: '{"country":' });
    expect(expectError(raw, 400, 'BAD_REQUEST').messages).toEqual(['Malformed JSON body']);
    const bad: [unknown, RegExp][] = [
      [[], /body/],
      [{ country: 'GBR' }, /^country/],
      [{ country: 'ZZ' }, /country: unknown country ZZ/],
      [{ birthDate: '2023-02-30' }, /birthDate: not a calendar date/],
      [{ birthDate: '17/05/1990' }, /^birthDate/],
      [{ birthDate: '2999-01-01' }, /birthDate: must be between/],
      [{ birthDate: '1850-01-01' }, /birthDate: must be between/],
      [{ phoneNumber: '07700 900123' }, /^phoneNumber/],
      [{ taxNumber: '' }, /^taxNumber/],
      [{ taxNumber: '1234' }, /^taxNumberFieldIsInvalid$/],
      // Eleven digits with wrong check digits, and a repeated digit (commerce §5).
      [{ taxNumber: '123.456.789-01' }, /^taxNumberFieldIsInvalid$/],
      [{ taxNumber: '12345678900' }, /^taxNumberFieldIsInvalid$/],
      [{ taxNumber: '111.111.111-11' }, /^taxNumberFieldIsInvalid$/],
      [{ taxNumber: '<script>' }, /^taxNumber/],
      [{ address: { postalCode: 7 } }, /^address\.postalCode/],
      [{ address: { 'post code': '1' } }, /invalid field name/],
      [{ address: { __proto__x: '1' } }, /invalid field name/],
      [{ address: { line1: 'x'.repeat(201) } }, /address\.line1: at most 200/],
      [{ address: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, 'x'])) }, /at most 20 fields/],
    ];
    for (const [body, message] of bad) {
      const res = await saveBilling(token, body);
      const error = expectError(res, 400, 'BAD_REQUEST');
      expect(error.messages.join(' | '), JSON.stringify(body)).toMatch(message);
    }
    expect(await profileOf(token)).not.toHaveProperty('taxNumber');
    expect((await context(token)).country).toBe('BR');
  });
});

describe('pay', () => {
  it('403 signupGeoRestriction outside the territories, 403 vpnErrorMessage on a VPN, the child first; nothing charged', async () => {
    const { email, token } = await buyers.newBuyer();
    const basket = await buyers.putBasket(token, '101');
    const exid = await buyers.addCard(token);
    const key = randomUUID();
    await buyers.setCaller({ email, country: 'CU' });
    expect(expectError(await buyers.pay(token, basket.id, payBody(exid), key), 403, 'FORBIDDEN').messages).toEqual(['signupGeoRestriction']);
    await buyers.setCaller({ email, country: 'GB', address: { postalCode: 'SW1A 1AA' }, vpn: true });
    expect(expectError(await buyers.pay(token, basket.id, payBody(exid), key), 403, 'FORBIDDEN').messages).toEqual(['vpnErrorMessage']);
    await buyers.setCaller({ email, country: 'CU', child: true });
    expect(expectError(await buyers.pay(token, basket.id, payBody(exid), key), 403, 'FORBIDDEN').messages).toEqual([
      'kidPurchasePermissionDenied',
    ]);
    expect(await historyOf(token)).toEqual([]);
    // The blocks stored nothing: once lifted, the same key pays.
    await buyers.setCaller({ email, country: 'GB', vpn: false, child: false });
    expect((await buyers.pay(token, basket.id, payBody(exid), key)).json.status).toBe('SUCCEEDED');
  });

  it('a 424 asks for what billing-details then saves: a BR buyer pays after saving them', async () => {
    const { email, token } = await buyers.newBuyer();
    await buyers.setCaller({ email, country: 'BR' });
    const basket = await buyers.putBasket(token, '101');
    const exid = await buyers.addCard(token);
    const key = randomUUID();
    const missing = expectError(await buyers.pay(token, basket.id, payBody(exid), key), 424, 'BASKET_REQUIREMENTS_FAILED');
    expect(missing.details).toEqual({ missingFields: ['line1', 'city', 'administrativeLevel1', 'postalCode', 'taxNumber', 'birthDate'] });
    const saved = await saveBilling(token, {
      address: { line1: 'Avenida Paulista 1000', city: 'São Paulo', administrativeLevel1: 'SP' },
      taxNumber: '12345678909',
    });
    expect(saved.status).toBe(200);
    expect(expectError(await buyers.pay(token, basket.id, payBody(exid), key), 424, 'BASKET_REQUIREMENTS_FAILED').details).toEqual({
      missingFields: ['postalCode', 'birthDate'],
    });
    await saveBilling(token, { address: { postalCode: '01310-100' }, birthDate: '1990-05-17' });
    expect((await buyers.pay(token, basket.id, payBody(exid), key)).json.status).toBe('SUCCEEDED');
  });

  it('409 IDEMPOTENCY_KEY_REUSED for a key sent again with another basket or other payment details; nothing charged', async () => {
    const { token } = await buyers.newBuyer();
    const basket = await buyers.putBasket(token, '101');
    const card = await buyers.addCard(token);
    const other = await buyers.addCard(token, '5555555555554444');
    const key = randomUUID();
    const first = await buyers.pay(token, basket.id, payBody(card), key);
    expect(first.json.status).toBe('SUCCEEDED');

    const otherDetails = expectError(await buyers.pay(token, basket.id, payBody(other), key), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(otherDetails.messages[0]).toMatch(/new key/);
    const next = await buyers.putBasket(token, '201');
    expectError(await buyers.pay(token, next.id, payBody(card), key), 409, 'IDEMPOTENCY_KEY_REUSED');
    // The same request again (by its basket id, or on the open-basket path) is the first answer.
    expect((await buyers.pay(token, basket.id, payBody(card), key)).json).toEqual(first.json);
    expect((await buyers.pay(token, null, payBody(card), key)).json).toEqual(first.json);
    // Provider names match without case: not another request.
    expect((await buyers.pay(token, basket.id, payBody(card, 'cards', 'card'), key)).json).toEqual(first.json);
    expect((await historyOf(token)).map((i) => i.id)).toEqual([first.json.paymentId]);
    // A new key pays the new basket.
    expect((await buyers.pay(token, next.id, payBody(card))).json.status).toBe('SUCCEEDED');
  });

  it('two concurrent pays with one key and different cards: one charge, the other 409', async () => {
    const { token } = await buyers.newBuyer();
    const basket = await buyers.putBasket(token, '101');
    const [a, b] = [await buyers.addCard(token), await buyers.addCard(token, '5555555555554444')];
    const key = randomUUID();
    const results = await Promise.all([buyers.pay(token, basket.id, payBody(a), key), buyers.pay(token, basket.id, payBody(b), key)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.json.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await historyOf(token)).toHaveLength(1);
  });

  it('stores the consent answers with the payment, and shows them in no answer', async () => {
    const { token } = await buyers.newBuyer();
    const basket = await buyers.putBasket(token, '101');
    const consent = [
      { fieldName: 'termsOfUse', answer: true },
      { fieldName: 'marketingEmails', answer: false },
    ];
    const res = await buyers.pay(token, basket.id, { ...payBody(await buyers.addCard(token)), consent });
    expect(res.json.status).toBe('SUCCEEDED');
    const [row] = await deps.db.select().from(payments).where(eq(payments.id, res.json.paymentId as string));
    expect(row?.consent).toEqual(consent);
    const answers = [
      res.json,
      (await call(app, 'GET', calls.payments.history.path, { token })).json,
      (await call(app, 'GET', calls.licences.mine.path, { token })).json,
      (await call(app, 'GET', calls.user.profile.path, { token })).json,
    ];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toMatch(/marketingEmails|termsOfUse/);
    // Too many answers: 400.
    const many = Array.from({ length: 51 }, (_, i) => ({ fieldName: `t${i}`, answer: true }));
    expectError(await buyers.pay(token, null, { ...payBody(undefined, 'ZERO_BALANCE', 'ZERO_BALANCE'), consent: many }), 400, 'BAD_REQUEST');
  });
});

describe('cards and the licences they pay for', () => {
  const licenceOf = async (token: string, id: string) =>
    licencesResponseSchema.parse((await call(app, 'GET', calls.licences.mine.path, { token })).json).licences.find((l) => l.id === id);

  it('the licence shows the card paying for it; removing that card moves its licences to the default card', async () => {
    const { token } = await buyers.newBuyer();
    const first = await buyers.addCard(token);
    const second = await buyers.addCard(token, '5555555555554444');
    const basket = await buyers.putBasket(token, '101');
    expect((await buyers.pay(token, basket.id, payBody(second))).json.status).toBe('SUCCEEDED');
    expect((await licenceOf(token, '101'))?.licencePayment?.paymentProviderInfo).toMatchObject({ managed: true, cardId: second });

    const setDefault = await call(app, 'PUT', `/api/v2/customer/cards/${second}/default`, { token });
    expect(calls.cards.setDefault.response.parse(setDefault.json)).toMatchObject({ cardId: second, default: true, licences: ['101'] });
    await call(app, 'PUT', `/api/v2/customer/cards/${first}/default`, { token });

    const removed = await call(app, 'DELETE', `/api/v2/customer/cards/${second}`, { token });
    expect(removed.status).toBe(200);
    expect(calls.cards.remove.response.parse(removed.json)).toEqual({});
    const cards = calls.cards.list.response.parse((await call(app, 'GET', calls.cards.list.path, { token })).json).cards;
    expect(cards).toEqual([expect.objectContaining({ cardId: first, default: true, licences: ['101'] })]);
    expect((await licenceOf(token, '101'))?.licencePayment?.paymentProviderInfo).toMatchObject({ cardId: first });

    // The last card removed: the licence keeps its access, with no card.
    await call(app, 'DELETE', `/api/v2/customer/cards/${first}`, { token });
    const licence = await licenceOf(token, '101');
    expect(licence?.status).toBe('ACTIVE');
    expect(licence?.licencePayment?.paymentProviderInfo).not.toHaveProperty('cardId');
  });
});

describe('the card processor and the payer pages', () => {
  const ORIGIN = 'http://127.0.0.1:5173';

  it('answers CORS for the browser: the preflight and the tokens call', async () => {
    const preflight = await app.request('/_processor/v1/tokens', {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    const res = await call(app, 'POST', '/_processor/v1/tokens', {
      noRealm: true,
      headers: { origin: ORIGIN },
      body: { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(calls.processor.tokens.response.parse(res.json)).toMatchObject({ brand: 'visa', last4: '4242' });
  });

  it('402s in the platform error shape, never echoing the card number', async () => {
    const number = '4242424242424241';
    const res = await call(app, 'POST', '/_processor/v1/tokens', {
      noRealm: true,
      headers: { origin: ORIGIN },
      body: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' },
    });
    const error = expectError(res, 402, 'incorrect_number');
    expect(error).toMatchObject({ status: 402, messages: ['Your card number is incorrect.'], requestId: res.headers.get('x-request-id') });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(JSON.stringify(res.json)).not.toContain(number);
    const expired = await call(app, 'POST', '/_processor/v1/tokens', {
      noRealm: true,
      body: { number: '4242424242424242', expMonth: 1, expYear: 2001, cvc: '123' },
    });
    expectError(expired, 402, 'invalid_expiry_year');
  });

  /** The page's HTML, with the accessibility basics checked. */
  async function accessiblePage(path: string, buttons: string[]) {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1">/);
    expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<main>');
    expect([...html.matchAll(/<button type="submit"[^>]*>([^<]+)<\/button>/g)].map((m) => m[1])).toEqual(buttons);
    return html;
  }

  it('the 3-D Secure challenge page: language, title, heading, the amount and two named buttons', async () => {
    const { token } = await buyers.newBuyer();
    const basket = await buyers.putBasket(token, '101');
    const started = await buyers.pay(token, basket.id, payBody(await buyers.initCard(token, '4000002500003155')));
    expect(started.json.status).toBe('REQUIRES_ACTION');
    const url = new URL(started.json.redirectUrl as string);
    const back = 'http://127.0.0.1:5173/checkout?a=1&b="x"';
    const html = await accessiblePage(`${url.pathname}${url.search}&returnUrl=${encodeURIComponent(back)}`, ['Complete authentication', 'Fail authentication']);
    expect(html).toContain('£7.99');
    expect(html).not.toContain('"x"');
    const completed = await app.request(`${url.pathname}/complete${url.search}&returnUrl=${encodeURIComponent(back)}`, { method: 'POST' });
    expect(completed.status).toBe(303);
    expect(completed.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:5173\/checkout\?a=1&b=.+&paymentId=.+&redirect_status=succeeded$/);
  });

  it('the provider approval page: language, title, heading and the Approve and Decline buttons', async () => {
    const { token } = await buyers.newBuyer();
    const init = await call(app, 'POST', calls.paymentMethods.init.path, {
      token,
      body: { primaryPaymentDetails: { targetPaymentProvider: 'PAYPAL', paymentMethodType: 'PAYPAL', returnUrl: 'http://127.0.0.1:5173/back' } },
    });
    const approval = new URL(init.json.redirectUrl as string);
    const html = await accessiblePage(`${approval.pathname}${approval.search}`, ['Approve', 'Decline']);
    expect(html).toContain('PayPal');
  });
});
