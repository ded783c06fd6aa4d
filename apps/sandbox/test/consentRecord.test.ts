/**
 * Issue 12 "Terms for every buyer": the checkout context tells a signed-in buyer which consents
 * the account has accepted (at sign-up or with a payment); the sandbox records the answers a
 * payment carries.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, checkoutContextSchema } from '@stream/core/contracts';
import { buyersForFile, type inProcessBuyers, payBody } from './buyers.js';
import { type App, call } from './helpers.js';

const file = buyersForFile();
let app: App;
let buyers: ReturnType<typeof inProcessBuyers>;
beforeAll(() => ({ app, buyers } = file));

const context = async (token?: string) =>
  checkoutContextSchema.parse((await call(app, 'GET', calls.checkout.context.path, token ? { token } : {})).json);

describe('recorded consents', () => {
  it('a buyer who never answered has none recorded; a payment records its answers; a later one updates them', async () => {
    const { token } = await buyers.newBuyer();
    const before = await context(token);
    expect(before.recordedConsents).toEqual([]);
    const required = before.consentTerms.filter((t) => t.required === true && t.fieldType !== 'INFORMATION_TEXT').map((t) => t.fieldName);
    expect(required.length).toBeGreaterThan(0);
    const basket = await buyers.putBasket(token, '101');
    const consent = before.consentTerms
      .filter((t) => t.fieldType === 'BINARY_CHOICE')
      .map((t) => ({ fieldName: t.fieldName, answer: t.required === true }));
    const paid = await buyers.pay(token, basket.id, { ...payBody(await buyers.initCard(token)), consent });
    expect(paid.json.status).toBe('SUCCEEDED');
    expect((await context(token)).recordedConsents).toEqual(required);
  });

  it('the answers given at sign-up are recorded; a guest gets no recordedConsents', async () => {
    const email = `consent-${randomUUID()}@stream.test`;
    const terms = (await context()).consentTerms;
    const consentAnswers = terms.filter((t) => t.fieldType === 'BINARY_CHOICE').map((t) => ({ fieldName: t.fieldName, answer: true }));
    const res = await call(app, 'POST', '/api/v2/user', { body: { id: email, secret: 'buyer-password', name: 'Buyer', consentAnswers } });
    expect(res.status).toBe(201);
    expect((await context(res.json.authorisationToken as string)).recordedConsents).toEqual(consentAnswers.map((a) => a.fieldName));
    expect((await context()).recordedConsents).toBeUndefined();
  });
});
