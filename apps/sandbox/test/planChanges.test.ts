/**
 * Plan changes as the sandbox enforces them (docs/api.md "Plan changes"; commerce §4
 * "Selectable", "Downgrade"): a licence held active is refused by `PUT /baskets/{id}` and pay
 * (409 `LICENCE_ALREADY_ACTIVE`); an upgrade credits the unused part of the period in the basket
 * and replaces the lower licence when paid; a downgrade is refused as a purchase, scheduled for
 * the period end instead (cancellable), and applied when the sandbox clock passes it; a licence a
 * TV operator grants offers no pause, cancel or reactivate (409 `LICENCE_MANAGED_EXTERNALLY`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { licenceUpdateResponseSchema, licencesResponseSchema, type Licence } from '@stream/core/contracts';
import { upgradeCredit } from '@stream/core/domain';
import { LICENCE_IDS, type AppDeps } from '../src/index.js';
import { inProcessBuyers, payBody } from './buyers.js';
import { type App, call, expectError, inProcessAppForFile } from './helpers.js';

const DAY = 86_400_000;
const BASIC = LICENCE_IDS.sportsBasic; // rank 1, £7.99 a month
const PREMIUM = LICENCE_IDS.sportsPremium; // rank 2, £12.99 a month

const file = inProcessAppForFile();
let deps: AppDeps;
let app: App;
type Buyers = ReturnType<typeof inProcessBuyers>;
let newBuyer: Buyers['newBuyer'];
let putBasket: Buyers['putBasket'];
let addCard: Buyers['addCard'];
let pay: Buyers['pay'];
beforeAll(() => {
  ({ app, deps } = file);
  ({ newBuyer, putBasket, addCard, pay } = inProcessBuyers(app));
});
afterEach(async () => {
  await call(app, 'POST', '/_sandbox/clock', { body: { now: null } });
});

/** Sets the sandbox clock `days` after the real one. */
async function clockIn(days: number) {
  const res = await call(app, 'POST', '/_sandbox/clock', { body: { now: new Date(Date.now() + days * DAY).toISOString() } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

async function mine(token: string): Promise<Licence[]> {
  const res = await call(app, 'GET', '/api/v2/user/licence', { token });
  expect(res.status).toBe(200);
  return licencesResponseSchema.parse(res.json).licences;
}
const byId = (licences: Licence[], id: string) => licences.find((l) => l.id === id);

/** A buyer who bought `licenceId` with a card: `{ token, email, card }`. */
async function buyerHolding(licenceId: string) {
  const { token, email } = await newBuyer();
  const card = await addCard(token);
  const basket = await putBasket(token, licenceId);
  const res = await pay(token, basket.id, payBody(card));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json.status).toBe('SUCCEEDED');
  return { token, email, card };
}

async function grant(email: string, licenceId: string, extra: Record<string, unknown> = {}) {
  const res = await call(app, 'POST', '/_sandbox/licences/grant', { body: { email, licenceId, ...extra } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

describe('a licence held active is not purchasable', () => {
  it('PUT /baskets/{id} answers 409 LICENCE_ALREADY_ACTIVE after buying it, and nothing is charged twice', async () => {
    const { token } = await buyerHolding(BASIC);
    const res = await call(app, 'PUT', `/api/v2/baskets/${BASIC}`, { token });
    expectError(res, 409, 'LICENCE_ALREADY_ACTIVE');
    expect(res.json.messages).toEqual(['licenceAlreadyActive']);
    const history = await call(app, 'GET', '/api/v2/customer/payments', { token });
    expect(history.json.items.filter((i: { status: string }) => i.status === 'succeeded')).toHaveLength(1);
  });

  it('pay answers 409 LICENCE_ALREADY_ACTIVE for a basket whose licence became active since it was filled', async () => {
    const { token, email } = await newBuyer();
    const card = await addCard(token);
    const basket = await putBasket(token, PREMIUM);
    await grant(email, PREMIUM);
    const res = await pay(token, basket.id, payBody(card));
    expectError(res, 409, 'LICENCE_ALREADY_ACTIVE');
    expect(res.json.messages).toEqual(['licenceAlreadyActive']);
    const history = await call(app, 'GET', '/api/v2/customer/payments', { token });
    expect(history.json.items).toEqual([]);
  });

  it('the demo account cannot put Sports Premium, which it holds, in a basket; an expired licence can be bought again', async () => {
    const { token, email } = await newBuyer();
    await grant(email, PREMIUM, { status: 'TRIAL_ACTIVE' });
    expectError(await call(app, 'PUT', `/api/v2/baskets/${PREMIUM}`, { token }), 409, 'LICENCE_ALREADY_ACTIVE');
    await grant(email, PREMIUM, { status: 'EXPIRED' });
    await putBasket(token, PREMIUM);
  });
});

describe('nobody is charged twice for one licence', () => {
  it('of concurrent pay calls with different keys for the same licence, one charges and the others get 409', async () => {
    const { token } = await newBuyer();
    const card = await addCard(token);
    const basket = await putBasket(token, BASIC);
    const answers = await Promise.all(Array.from({ length: 4 }, () => pay(token, basket.id, payBody(card))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200), JSON.stringify(answers.map((a) => a.json))).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const history = await call(app, 'GET', '/api/v2/customer/payments', { token });
    expect(history.json.items.filter((i: { status: string }) => i.status === 'succeeded')).toHaveLength(1);
  });

  it('a payment waiting for 3-D Secure is superseded by a newer one: its challenge can no longer charge', async () => {
    const { token } = await newBuyer();
    const threeDs = await addCard(token, '4000002500003155');
    const basket = await putBasket(token, BASIC);
    const first = await pay(token, basket.id, payBody(threeDs));
    expect(first.json.status, JSON.stringify(first.json)).toBe('REQUIRES_ACTION');
    const challenge = new URL(first.json.redirectUrl as string);

    const good = await addCard(token);
    const second = await pay(token, basket.id, payBody(good));
    expect(second.json.status, JSON.stringify(second.json)).toBe('SUCCEEDED');

    const complete = await app.request(`${challenge.pathname}/complete${challenge.search}`, { method: 'POST' });
    expect(complete.status).toBe(404);
    expect(await complete.text()).toBe('No authentication pending');
    const history = await call(app, 'GET', '/api/v2/customer/payments', { token });
    expect(history.json.items.filter((i: { status: string }) => i.status === 'succeeded')).toHaveLength(1);
  });
});

describe('upgrade: the lower licence is replaced at once, with a credit for its unused days', () => {
  it('the basket shows the credit line; paying charges the total less the credit and ends the lower licence', async () => {
    const { token, card } = await buyerHolding(BASIC);
    const basic = byId(await mine(token), BASIC)!;
    await clockIn(10);
    const nowMs = Date.now() + 10 * DAY;
    const basket = await putBasket(token, PREMIUM);
    const credits = basket.amounts.upgradeCredits as { licenceId: string; amount: number }[];
    expect(credits).toHaveLength(1);
    expect(credits[0]!.licenceId).toBe(BASIC);
    const periodStartMs = Date.parse(basic.licencePayment!.purchaseTimestamp!);
    const periodEndMs = Date.parse(basic.licenceStatus!.expiryTimestamp!);
    // Sports Basic was paid £7.99 (baskets apply vouchers only); the credit is core's rule.
    const expected = upgradeCredit({ paid: 799, periodStartMs, periodEndMs, nowMs });
    expect(credits[0]!.amount).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(799);
    expect(basket.amounts.upgradeCredit).toBe(expected);
    expect(basket.amounts.total).toBe(1299 - expected);
    expect(basket.basketItems[0]).toMatchObject({ licenceId: PREMIUM, upgradeFrom: { licenceId: BASIC } });

    const res = await pay(token, basket.id, payBody(card));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const history = await call(app, 'GET', '/api/v2/customer/payments', { token });
    expect(history.json.items[0].skuLicence.price.amount).toBe(1299 - expected);
    const licences = await mine(token);
    expect(byId(licences, BASIC)).toMatchObject({ status: 'EXPIRED', autoRenewingStatus: 'NOT_AUTO_RENEWING' });
    expect(byId(licences, PREMIUM)).toMatchObject({ status: 'ACTIVE', autoRenewingStatus: 'AUTO_RENEWING' });
  });

  it('credits nothing for a licence with no payment (granted), and nothing on its last day', async () => {
    const { token, email } = await newBuyer();
    await grant(email, BASIC);
    const granted = await putBasket(token, PREMIUM);
    expect(granted.amounts.upgradeCredits).toBeUndefined();
    expect(granted.basketItems[0]).toMatchObject({ upgradeFrom: { licenceId: BASIC, licenceName: 'Sports Basic' } });
    expect(granted.amounts.total).toBe(1299);

    const buyer = await buyerHolding(BASIC);
    const expiry = Date.parse(byId(await mine(buyer.token), BASIC)!.licenceStatus!.expiryTimestamp!);
    const res = await call(app, 'POST', '/_sandbox/clock', { body: { now: new Date(expiry - DAY / 2).toISOString() } });
    expect(res.status).toBe(200);
    const lastDay = await putBasket(buyer.token, PREMIUM);
    expect(lastDay.amounts.upgradeCredit).toBe(0);
    expect(lastDay.amounts.total).toBe(1299);
  });
});

describe('downgrade: scheduled for the end of the period, cancellable, applied by the sandbox clock', () => {
  it('buying the lower plan is refused; scheduling, withdrawing and applying it', async () => {
    const { token, card } = await buyerHolding(PREMIUM);
    const refused = await call(app, 'PUT', `/api/v2/baskets/${BASIC}`, { token });
    expectError(refused, 409, 'INVALID_TIER_CHANGE');
    expect(refused.json.messages[0]).toBe('invalidTierChange');

    // Not a downgrade of it: 409; unknown licence: 404.
    expectError(await call(app, 'POST', `/api/v2/active-licences/${PREMIUM}/downgrade`, { token, body: { licenceId: LICENCE_IDS.cinema } }), 409, 'INVALID_TIER_CHANGE');
    expectError(await call(app, 'POST', `/api/v2/active-licences/${PREMIUM}/downgrade`, { token, body: { licenceId: 'nope' } }), 404, 'NOT_FOUND');

    const scheduled = await call(app, 'POST', `/api/v2/active-licences/${PREMIUM}/downgrade`, { token, body: { licenceId: BASIC } });
    expect(scheduled.status, JSON.stringify(scheduled.json)).toBe(200);
    const premium = licenceUpdateResponseSchema.parse(scheduled.json).licence;
    const expiry = premium.licenceStatus!.expiryTimestamp!;
    expect(premium.subscriptionPendingActions).toContainEqual(expect.objectContaining({ action: 'DOWNGRADE', actionDueBy: expiry, licenceId: BASIC, licenceName: 'Sports Basic' }));
    expect(premium.autoRenewingStatus).toBe('AUTO_RENEWING');

    const withdrawn = await call(app, 'DELETE', `/api/v2/active-licences/${PREMIUM}/downgrade`, { token });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json.licence.subscriptionPendingActions).toEqual([]);
    expectError(await call(app, 'DELETE', `/api/v2/active-licences/${PREMIUM}/downgrade`, { token }), 404, 'NOT_FOUND');

    await call(app, 'POST', `/api/v2/active-licences/${PREMIUM}/downgrade`, { token, body: { licenceId: BASIC } });
    // Before the period end nothing changes.
    expect(byId(await mine(token), BASIC)).toBeUndefined();
    // Past it: Premium ended at the period end, Basic started there, renewing, paid by the same card.
    const after = Date.parse(expiry) + DAY;
    await call(app, 'POST', '/_sandbox/clock', { body: { now: new Date(after).toISOString() } });
    const licences = await mine(token);
    expect(byId(licences, PREMIUM)).toMatchObject({ status: 'EXPIRED', autoRenewingStatus: 'NOT_AUTO_RENEWING' });
    const basic = byId(licences, BASIC)!;
    expect(basic).toMatchObject({ status: 'ACTIVE', autoRenewingStatus: 'AUTO_RENEWING' });
    expect(basic.licencePayment?.purchaseTimestamp).toBe(expiry);
    expect(basic.licencePayment?.paymentProviderInfo?.cardId).toBe(card);
    const renewing = licences.filter((l) => l.family === 'sports' && l.autoRenewingStatus === 'AUTO_RENEWING');
    expect(renewing.map((l) => l.id)).toEqual([BASIC]);
  });
});

describe('licences a TV operator grants', () => {
  it('carry the operator in externalAuthProviderDetails and refuse pause, cancel, reactivate and plan changes with 409', async () => {
    const { token, email } = await newBuyer();
    await grant(email, PREMIUM, { grantedBy: 'Northwind Cable', autoRenewing: false });
    const licence = byId(await mine(token), PREMIUM)!;
    expect(licence.purchaseStrategy?.externalAuthProviderDetails).toEqual({ provider: 'ADOBE', operatorName: 'Northwind Cable' });
    for (const [method, path, body] of [
      ['POST', `/api/v2/active-licences/${PREMIUM}/pause`, {}],
      ['DELETE', `/api/v2/active-licences/${PREMIUM}`, undefined],
      ['PUT', `/api/v2/reactivate-licence/${PREMIUM}`, undefined],
      ['POST', `/api/v2/active-licences/${PREMIUM}/downgrade`, { licenceId: BASIC }],
    ] as const) {
      const res = await call(app, method, path, { token, ...(body ? { body } : {}) });
      expectError(res, 409, 'LICENCE_MANAGED_EXTERNALLY');
      expect(res.json.messages[0]).toContain('Northwind Cable');
    }
    const promo = await call(app, 'GET', `/api/v2/cancellation-promo/${PREMIUM}/verify`, { token });
    expect(promo.json).toEqual({ available: false });
    // Buying a plan of the family it includes is a plain purchase, not a downgrade of the operator's.
    await putBasket(token, BASIC);
  });
});
