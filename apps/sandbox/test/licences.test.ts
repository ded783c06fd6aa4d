import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cancellationPromoSchema,
  contentItemSchema,
  contentListResponseSchema,
  licenceFamiliesResponseSchema,
  licencesResponseSchema,
  licenceUpdateResponseSchema,
  platformErrorSchema,
  playbackSchema,
  type Licence,
} from '@stream/core/contracts';
import type { AppDeps } from '../src/index.js';
import { CONTENT_IDS, LICENCE_IDS } from '../src/seed/catalogue.js';
import { signMediaToken } from '../src/media/token.js';
import { type App, appWith, call, expectError, inProcessAppForFile } from './helpers.js';

const DAY = 86_400_000;
const DEMO = 'demo@stream.test';
const NOLICENCE = 'nolicence@stream.test';

const file = inProcessAppForFile();
let deps: AppDeps;
let app: App;
let demo: string;
let nolicence: string;
let guest: string;
beforeAll(async () => {
  ({ app, deps } = file);
  const login = async (id: string) =>
    (await call(app, 'POST', '/api/v2/login', { body: { id, secret: 'demo-password' } })).json.authorisationToken as string;
  [demo, nolicence] = await Promise.all([login(DEMO), login(NOLICENCE)]);
  guest = (await call(app, 'POST', '/api/v2/login/guest/checkin')).json.authorisationToken as string;
});
afterEach(async () => {
  await setClock(null);
});

async function setClock(now: Date | null) {
  const res = await call(app, 'POST', '/_sandbox/clock', { body: { now: now ? now.toISOString() : null } });
  expect(res.status).toBe(200);
}

async function reset(email = DEMO) {
  const res = await call(app, 'POST', '/_sandbox/reset-licences', { body: { email } });
  expect(res.status).toBe(200);
  return licencesResponseSchema.parse(res.json).licences;
}

async function mine(token = demo): Promise<Licence[]> {
  const res = await call(app, 'GET', '/api/v2/user/licence', { token });
  expect(res.status).toBe(200);
  return licencesResponseSchema.parse(res.json).licences;
}

async function held(id: string, token = demo): Promise<Licence> {
  const found = (await mine(token)).find((l) => l.id === id);
  if (!found) throw new Error(`licence ${id} not held`);
  return found;
}

/** Calls a lifecycle route and parses `{ licence }`. */
async function lifecycle(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const res = await call(app, method, path, { token: demo, ...options });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return licenceUpdateResponseSchema.parse(res.json).licence;
}

const expiry = (l: Licence) => Date.parse(l.licenceStatus?.expiryTimestamp ?? '');

describe('catalogue', () => {
  it('lists every case for guests: families, ranks, strategies, trial, IAP, free, two currencies, discounts', async () => {
    const res = await call(app, 'GET', '/api/v2/licence');
    expect(res.status).toBe(200);
    const { licences } = licencesResponseSchema.parse(res.json);
    const byId = new Map(licences.map((l) => [l.id, l]));
    expect([...byId.keys()]).toEqual(Object.values(LICENCE_IDS));
    expect(byId.get('101')).toMatchObject({ family: 'sports', rank: 1, purchaseStrategy: { type: 'SUBSCRIPTION', subscriptionPeriod: 'P1M' } });
    expect(byId.get('103')).toMatchObject({ family: 'sports', rank: 2, purchaseStrategy: { subscriptionPeriod: 'P1Y' } });
    expect(byId.get('202')?.trialDetails).toEqual({ trialPeriodDuration: 'P7D' });
    expect(byId.get('301')?.purchaseStrategy?.type).toBe('FIXED_DATE');
    expect(byId.get('302')?.purchaseStrategy?.type).toBe('PPV');
    expect(byId.get('401')).toMatchObject({ type: 'FREE', amounts: [] });
    expect(byId.has('104_IAP')).toBe(true);
    const [gbp, eur] = byId.get('102')!.amounts!;
    expect(gbp).toMatchObject({ currency: 'GBP', amount: 1299, scale: 2, local: true, default: false, periodAmounts: [{ period: 'P1M', amount: 1299 }] });
    expect(eur).toMatchObject({ currency: 'EUR', local: false, default: true });
    expect(byId.get('101')?.discounts?.[0]).toMatchObject({ type: 'PERCENTAGE', percentage: 20, state: 'ACTIVE' });
    expect(byId.get('103')?.discounts?.[0]).toMatchObject({ percentage: 25, state: 'UPCOMING' });
  });

  it('lists families; merges the viewer’s active licences with includeEntitlements; filters by licenceId', async () => {
    const guestRes = await call(app, 'GET', '/api/v2/licence-family?includeEntitlements=ALL_ACTIVE_USER_ENTITLEMENTS');
    const guestView = licenceFamiliesResponseSchema.parse(guestRes.json).licenceFamilies;
    expect(guestView.map((f) => f.id)).toEqual(['sports', 'cinema', 'events', 'free']);
    expect(guestView.flatMap((f) => f.licences).every((l) => l.licenceStatus === undefined)).toBe(true);

    const res = await call(app, 'GET', '/api/v2/licence-family?includeEntitlements=ALL_ACTIVE_USER_ENTITLEMENTS', { token: demo });
    const families = licenceFamiliesResponseSchema.parse(res.json).licenceFamilies;
    const sports = families.find((f) => f.id === 'sports')!;
    expect(sports.licences.find((l) => l.id === '102')?.licenceStatus?.status).toBe('ACTIVE');
    expect(sports.licences.find((l) => l.id === '101')?.licenceStatus).toBeUndefined();

    const without = await call(app, 'GET', '/api/v2/licence-family', { token: demo });
    expect(licenceFamiliesResponseSchema.parse(without.json).licenceFamilies[0]!.licences.every((l) => !l.licenceStatus)).toBe(true);

    const filtered = await call(app, 'GET', '/api/v2/licence-family?licenceId=101,%20201', { token: demo });
    const f = licenceFamiliesResponseSchema.parse(filtered.json).licenceFamilies;
    expect(f.map((x) => [x.id, x.licences.map((l) => l.id)])).toEqual([['sports', ['101']], ['cinema', ['201']]]);

    expectError(await call(app, 'GET', '/api/v2/licence-family?includeEntitlements=SOME'), 400, 'BAD_REQUEST');
  });
});

describe('account licences', () => {
  it('answers the demo account’s seeded licences with computed status', async () => {
    const licences = await reset();
    expect(licences.map((l) => l.id)).toEqual(['102', '201']);
    const sports = licences[0]!;
    expect(sports.licenceStatus).toMatchObject({ status: 'ACTIVE', autoRenewingStatus: 'AUTO_RENEWING', pauseState: 'ALLOWED' });
    expect(sports).toMatchObject({ status: 'ACTIVE', pauseState: 'ALLOWED', autoRenewingStatus: 'AUTO_RENEWING', subscriptionPendingActions: [], discounts: [], priceMigration: null });
    expect(Math.round((expiry(sports) - Date.now()) / DAY)).toBe(20);
    expect(sports.licencePayment).toMatchObject({ paymentEventType: 'CONFIRMED', paymentProviderInfo: { managed: true } });
    const cinema = licences[1]!;
    expect(cinema.pauseState).toBe('NOT_ALLOWED');
    expect(cinema.priceMigration).toMatchObject({ id: 'pm-201', newAmount: { amount: 699, currency: 'GBP', scale: 2 }, consent: null });
    expect(Date.parse(cinema.priceMigration!.effectiveFrom)).toBe(expiry(cinema));
    expect(await mine(nolicence)).toEqual([]);
  });

  it('answers 401 for guests and without a token', async () => {
    expectError(await call(app, 'GET', '/api/v2/user/licence'), 401, 'UNAUTHORIZED');
    expectError(await call(app, 'GET', '/api/v2/user/licence', { token: guest }), 401, 'UNAUTHORIZED');
    expectError(await call(app, 'POST', '/api/v2/active-licences/102/pause', { token: guest, body: {} }), 401, 'UNAUTHORIZED');
    expectError(await call(app, 'GET', '/api/v2/user/licence', { token: 'not.a.jwt' }), 401, 'UNAUTHORIZED');
  });
});

describe('lifecycle', () => {
  beforeAll(async () => {
    await reset();
  });

  it('pauses with a resume date, refuses a second pause, resumes with the time left kept', async () => {
    const before = await held('102');
    const resumeAfter = new Date(Date.now() + 10 * DAY).toISOString();
    const paused = await lifecycle('POST', '/api/v2/active-licences/102/pause', { body: { config: { resumeAfter } } });
    expect(paused.licenceStatus).toMatchObject({ status: 'ACTIVE', pauseState: 'PAUSED' });
    expect(paused.pauseState).toBe('PAUSED');
    expect(paused).toMatchObject({ resumeAfter: new Date(resumeAfter).toISOString() });
    // While paused, the expiry shown is the one after the scheduled resume (about 20 + 10 days).
    expect(Math.round((expiry(paused) - Date.now()) / DAY)).toBe(30);
    expect((await held('102')).licenceStatus?.pauseState).toBe('PAUSED');

    const again = expectError(await call(app, 'POST', '/api/v2/active-licences/102/pause', { token: demo, body: {} }), 409, 'CONFLICT');
    expect(again.messages).toEqual(['Licence 102 is already paused.']);

    const resumed = await lifecycle('POST', '/api/v2/active-licences/102/resume');
    expect(resumed.licenceStatus).toMatchObject({ status: 'ACTIVE', pauseState: 'ALLOWED', autoRenewingStatus: 'AUTO_RENEWING' });
    expect(Math.abs(expiry(resumed) - expiry(before))).toBeLessThan(60_000);
    expectError(await call(app, 'POST', '/api/v2/active-licences/102/resume', { token: demo }), 409, 'CONFLICT');
  });

  it('pauses for one period without a body, and resumes on its own when the sandbox clock passes resumeAfter', async () => {
    await reset();
    const before = await held('102');
    const res = await call(app, 'POST', '/api/v2/active-licences/102/pause', { token: demo });
    const paused = licenceUpdateResponseSchema.parse(res.json).licence as Licence & { resumeAfter: string };
    const days = (Date.parse(paused.resumeAfter) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    await setClock(new Date(Date.parse(paused.resumeAfter) + DAY));
    const after = await held('102');
    expect(after.licenceStatus).toMatchObject({ status: 'ACTIVE', pauseState: 'ALLOWED' });
    expect(Math.abs(expiry(after) - (expiry(before) + Date.parse(paused.resumeAfter) - Date.now()))).toBeLessThan(60_000);
  });

  it('refuses pauses the licence does not allow, with 400 for a bad resumeAfter and 404 for a licence not held', async () => {
    await reset();
    expectError(await call(app, 'POST', '/api/v2/active-licences/201/pause', { token: demo, body: {} }), 409, 'CONFLICT');
    const bad = expectError(
      await call(app, 'POST', '/api/v2/active-licences/102/pause', { token: demo, body: { config: { resumeAfter: 'next tuesday' } } }),
      400,
      'BAD_REQUEST',
    );
    expect(bad.messages[0]).toMatch(/^config\.resumeAfter: /);
    const past = new Date(Date.now() - DAY).toISOString();
    expectError(await call(app, 'POST', '/api/v2/active-licences/102/pause', { token: demo, body: { config: { resumeAfter: past } } }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/api/v2/active-licences/102/pause', { token: demo, body: { config: { resumeAfter: 5 } } }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/api/v2/active-licences/102/pause', { token: demo, rawBody: '{"config":' }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/api/v2/active-licences/999/pause', { token: demo, body: {} }), 404, 'NOT_FOUND');
    expectError(await call(app, 'POST', '/api/v2/active-licences/102/pause', { token: nolicence, body: {} }), 404, 'NOT_FOUND');
  });

  it('cancels (auto-renew off, still ACTIVE, expiry unchanged), refuses a second cancel with messages, reactivates', async () => {
    await reset();
    const before = await held('102');
    const cancelled = await lifecycle('DELETE', '/api/v2/active-licences/102');
    expect(cancelled.licenceStatus).toMatchObject({ status: 'ACTIVE', autoRenewingStatus: 'NOT_AUTO_RENEWING', pauseState: 'NOT_ALLOWED' });
    expect(expiry(cancelled)).toBe(expiry(before));
    const again = expectError(await call(app, 'DELETE', '/api/v2/active-licences/102', { token: demo }), 409, 'CONFLICT');
    expect(again.messages).toEqual(['Licence 102 is already cancelled.', `Access continues until ${new Date(expiry(before)).toISOString().slice(0, 10)}.`]);
    expectError(await call(app, 'POST', '/api/v2/active-licences/102/pause', { token: demo, body: {} }), 409, 'CONFLICT');

    const reactivated = await lifecycle('PUT', '/api/v2/reactivate-licence/102');
    expect(reactivated.licenceStatus).toMatchObject({ status: 'ACTIVE', autoRenewingStatus: 'AUTO_RENEWING', pauseState: 'ALLOWED' });
    expect(expiry(reactivated)).toBe(expiry(before));
    expectError(await call(app, 'PUT', '/api/v2/reactivate-licence/102', { token: demo }), 409, 'CONFLICT');
    expectError(await call(app, 'DELETE', '/api/v2/active-licences/102?cancellationDiscount=NO', { token: demo }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'DELETE', '/api/v2/active-licences/nope', { token: demo }), 404, 'NOT_FOUND');
  });

  it('renews when the sandbox clock passes the expiry; a cancelled licence past its expiry is EXPIRED', async () => {
    await reset();
    const before = await held('102');
    await setClock(new Date(expiry(before) + DAY));
    const renewed = await held('102');
    expect(renewed.licenceStatus?.status).toBe('ACTIVE');
    const next = new Date(expiry(before));
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(expiry(renewed)).toBe(next.getTime());

    await setClock(null);
    await lifecycle('DELETE', '/api/v2/active-licences/102?cancellationDiscount=IGNORE');
    await setClock(new Date(expiry(before) + DAY));
    const expired = await held('102');
    expect(expired.licenceStatus).toMatchObject({ status: 'EXPIRED', autoRenewingStatus: 'NOT_AUTO_RENEWING', pauseState: 'NOT_ALLOWED' });
    expect(expiry(expired)).toBe(expiry(before));
    const refused = expectError(await call(app, 'PUT', '/api/v2/reactivate-licence/102', { token: demo }), 409, 'CONFLICT');
    expect(refused.messages[0]).toMatch(/expired/);
    expectError(await call(app, 'DELETE', '/api/v2/active-licences/102', { token: demo }), 409, 'CONFLICT');
    const play = await call(app, 'GET', `/api/v2/playback/VOD/${CONTENT_IDS.sportsVod}`, { token: demo });
    expectError(play, 403, 'LICENCE_REQUIRED');
  });
});

describe('cancellation promo', () => {
  it('verify → redeem puts an ACTIVE discount on the licence; then the offer is gone', async () => {
    await reset();
    const res = await call(app, 'GET', '/api/v2/cancellation-promo/102/verify', { token: demo });
    expect(res.status).toBe(200);
    const promo = cancellationPromoSchema.parse(res.json);
    expect(promo).toMatchObject({ available: true, discount: { type: 'PERCENTAGE', percentage: 50, lifeTimeRepeat: 3 } });
    expect(promo.description).toBeTruthy();

    const redeemed = await lifecycle('POST', '/api/v2/cancellation-promo/102/redeem');
    expect(redeemed.discounts).toHaveLength(1);
    expect(redeemed.discounts![0]).toMatchObject({ type: 'PERCENTAGE', percentage: 50, state: 'ACTIVE', lifeTimeRepeat: 3 });
    expect(redeemed.licenceStatus?.autoRenewingStatus).toBe('AUTO_RENEWING');
    expect(cancellationPromoSchema.parse((await call(app, 'GET', '/api/v2/cancellation-promo/102/verify', { token: demo })).json)).toEqual({ available: false });
    expectError(await call(app, 'POST', '/api/v2/cancellation-promo/102/redeem', { token: demo }), 409, 'CONFLICT');

    // Three months later the discount has run out.
    await setClock(new Date(Date.now() + 100 * DAY));
    expect((await held('102')).discounts![0]!.state).toBe('EXPIRED');
  });

  it('refuse answers {} and the offer is gone; a licence without an offer verifies unavailable', async () => {
    await reset();
    const res = await call(app, 'POST', '/api/v2/cancellation-promo/102/refuse', { token: demo });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    expect((await call(app, 'GET', '/api/v2/cancellation-promo/102/verify', { token: demo })).json).toEqual({ available: false });
    expectError(await call(app, 'POST', '/api/v2/cancellation-promo/102/refuse', { token: demo }), 409, 'CONFLICT');
    expect((await call(app, 'GET', '/api/v2/cancellation-promo/201/verify', { token: demo })).json).toEqual({ available: false });
    expectError(await call(app, 'GET', '/api/v2/cancellation-promo/202/verify', { token: demo }), 404, 'NOT_FOUND');
  });

  it('cancel with cancellationDiscount=IGNORE withdraws the offer', async () => {
    await reset();
    await lifecycle('DELETE', '/api/v2/active-licences/102?cancellationDiscount=IGNORE');
    await lifecycle('PUT', '/api/v2/reactivate-licence/102');
    expect((await call(app, 'GET', '/api/v2/cancellation-promo/102/verify', { token: demo })).json).toEqual({ available: false });
  });
});

describe('price migration', () => {
  it('CONTINUE: the new price applies from effectiveFrom', async () => {
    await reset();
    const continued = await lifecycle('PUT', '/api/v2/price-migration/pm-201/consent', { body: { status: 'CONTINUE' } });
    expect(continued.priceMigration?.consent).toBe('CONTINUE');
    expect(continued.licenceStatus?.autoRenewingStatus).toBe('AUTO_RENEWING');
    expectError(await call(app, 'PUT', '/api/v2/price-migration/pm-201/consent', { token: demo, body: { status: 'LEAVE' } }), 409, 'CONFLICT');
    await setClock(new Date(Date.parse(continued.priceMigration!.effectiveFrom) + DAY));
    const after = await held('201');
    expect(after.licenceStatus?.status).toBe('ACTIVE');
    expect(after.priceMigration).toBeNull();
    expect(after.amounts?.find((a) => a.currency === 'GBP')).toMatchObject({ amount: 699, periodAmounts: [{ period: 'P1M', amount: 699 }] });
  });

  it('LEAVE: auto-renew stops and the licence expires at its renewal date', async () => {
    await reset();
    const left = await lifecycle('PUT', '/api/v2/price-migration/pm-201/consent', { body: { status: 'LEAVE' } });
    expect(left.priceMigration?.consent).toBe('LEAVE');
    expect(left.licenceStatus).toMatchObject({ status: 'ACTIVE', autoRenewingStatus: 'NOT_AUTO_RENEWING' });
    await setClock(new Date(expiry(left) + 1000));
    expect((await held('201')).licenceStatus?.status).toBe('EXPIRED');
  });

  it('answers 400 for a bad body and 404 for an unknown migration', async () => {
    expectError(await call(app, 'PUT', '/api/v2/price-migration/pm-201/consent', { token: demo, body: { status: 'MAYBE' } }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'PUT', '/api/v2/price-migration/pm-201/consent', { token: demo }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'PUT', '/api/v2/price-migration/pm-999/consent', { token: demo, body: { status: 'LEAVE' } }), 404, 'NOT_FOUND');
  });
});

describe('trial and grants', () => {
  it('a granted trial is TRIAL_ACTIVE until its end, then renews as ACTIVE', async () => {
    const res = await call(app, 'POST', '/_sandbox/licences/grant', { body: { email: NOLICENCE, licenceId: '202', status: 'TRIAL_ACTIVE' } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const trial = licenceUpdateResponseSchema.parse(res.json).licence;
    expect(trial.licenceStatus).toMatchObject({ status: 'TRIAL_ACTIVE', autoRenewingStatus: 'AUTO_RENEWING', pauseState: 'NOT_ALLOWED' });
    const end = Date.parse(trial.trialDetails!.trialEndTimestamp!);
    expect(Math.round((end - Date.now()) / DAY)).toBe(7);
    expect(trial.trialDetails?.trialPeriodDuration).toBe('P7D');
    expect((await call(app, 'GET', `/api/v2/playback/VOD/${CONTENT_IDS.cinemaVod}`, { token: nolicence })).status).toBe(200);

    await setClock(new Date(end + DAY));
    const after = await held('202', nolicence);
    expect(after.licenceStatus?.status).toBe('ACTIVE');
    const next = new Date(end);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(expiry(after)).toBe(next.getTime());
    await reset(NOLICENCE);
  });

  it('a trial cancelled before its end expires at the end', async () => {
    await call(app, 'POST', '/_sandbox/licences/grant', { body: { email: NOLICENCE, licenceId: '202', status: 'TRIAL_ACTIVE' } });
    const cancelled = await lifecycle('DELETE', '/api/v2/active-licences/202', { token: nolicence });
    expect(cancelled.licenceStatus).toMatchObject({ status: 'TRIAL_ACTIVE', autoRenewingStatus: 'NOT_AUTO_RENEWING' });
    await setClock(new Date(expiry(cancelled) + 1000));
    expect((await held('202', nolicence)).licenceStatus?.status).toBe('EXPIRED');
    await reset(NOLICENCE);
  });

  it('grants every state: expired, renews tomorrow, paused, awaiting payment, fixed date, free', async () => {
    const grant = async (body: Record<string, unknown>) => {
      const res = await call(app, 'POST', '/_sandbox/licences/grant', { body: { email: NOLICENCE, ...body } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return licenceUpdateResponseSchema.parse(res.json).licence;
    };
    expect((await grant({ licenceId: '101', status: 'EXPIRED' })).licenceStatus?.status).toBe('EXPIRED');
    const tomorrow = new Date(Date.now() + DAY).toISOString();
    expect(await grant({ licenceId: '101', expiresAt: tomorrow })).toMatchObject({ licenceStatus: { status: 'ACTIVE', expiryTimestamp: tomorrow } });
    expect((await grant({ licenceId: '101', pauseState: 'PAUSED' })).licenceStatus?.pauseState).toBe('PAUSED');
    const inactive = await grant({ licenceId: '103', status: 'INACTIVE' });
    expect(inactive).toMatchObject({
      licenceStatus: { status: 'INACTIVE' },
      licencePayment: { paymentEventType: 'UNCONFIRMED' },
      subscriptionPendingActions: [{ action: 'CONFIRMED_PAYMENT_REQUIRED' }],
    });
    expect(await grant({ licenceId: '301' })).toMatchObject({ licenceStatus: { status: 'ACTIVE', autoRenewingStatus: 'NOT_AUTO_RENEWING', expiryTimestamp: '2027-06-30T23:59:59.000Z' } });
    expect(await grant({ licenceId: '401' })).toMatchObject({ type: 'FREE', licenceStatus: { status: 'ACTIVE', expiryTimestamp: null } });
    expect(await grant({ licenceId: '104_IAP' })).toMatchObject({ licencePayment: { paymentProviderInfo: { managed: false } } });
    expect((await mine(nolicence)).map((l) => l.id)).toEqual(['101', '103', '104_IAP', '301', '401']);
    expect(await reset(NOLICENCE)).toEqual([]);
  });

  it('validates the controls: API key, bodies, unknown email or licence', async () => {
    expectError(await call(app, 'POST', '/_sandbox/clock', { body: { now: null }, noRealm: true }), 401, 'UNAUTHORIZED');
    expectError(await call(app, 'POST', '/_sandbox/clock', { body: { now: 'soon' } }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/_sandbox/clock', { body: {} }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/_sandbox/licences/grant', { body: { email: 'x@y.z', licenceId: '101' } }), 404, 'NOT_FOUND');
    expectError(await call(app, 'POST', '/_sandbox/licences/grant', { body: { email: NOLICENCE, licenceId: '999' } }), 404, 'NOT_FOUND');
    expectError(await call(app, 'POST', '/_sandbox/licences/grant', { body: { email: NOLICENCE, licenceId: '101', status: 'WHATEVER' } }), 400, 'BAD_REQUEST');
    const future = new Date(Date.now() + DAY).toISOString();
    expectError(await call(app, 'POST', '/_sandbox/licences/grant', { body: { email: NOLICENCE, licenceId: '101', status: 'EXPIRED', expiresAt: future } }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/_sandbox/reset-licences', { rawBody: '[' }), 400, 'BAD_REQUEST');

    const at = new Date(Date.now() + 40 * DAY);
    const set = await call(app, 'POST', '/_sandbox/clock', { body: { now: at.toISOString() } });
    expect(Math.abs(Date.parse(set.json.now as string) - at.getTime())).toBeLessThan(5000);
    const got = await call(app, 'GET', '/_sandbox/clock');
    expect(got.json.offsetMs).toBeGreaterThan(39 * DAY);
    // Sessions keep working: tokens stay on the real clock.
    expect((await call(app, 'GET', '/api/v2/user/profile', { token: demo })).status).toBe(200);
  });
});

describe('content and playback', () => {
  it('lists and gets content; 404 for unknown ids and types', async () => {
    const res = await call(app, 'GET', '/api/v2/content');
    const { items } = contentListResponseSchema.parse(res.json);
    expect(items.map((i) => i.id)).toEqual(Object.values(CONTENT_IDS));
    expect(items.filter((i) => i.licenceIds.length === 0).map((i) => i.type)).toEqual(['VOD', 'VOD', 'LIVE']);
    const one = await call(app, 'GET', `/api/v2/content/VOD/${CONTENT_IDS.sportsVod}`);
    expect(contentItemSchema.parse(one.json)).toMatchObject({ id: CONTENT_IDS.sportsVod, licenceIds: expect.arrayContaining(['102']) });
    expect(one.json.thumbnailUrl).toBe(`http://localhost/thumbnails/${CONTENT_IDS.sportsVod}.svg`);
    expectError(await call(app, 'GET', '/api/v2/content/VOD/nope'), 404, 'NOT_FOUND');
    expectError(await call(app, 'GET', `/api/v2/content/LIVE/${CONTENT_IDS.sportsVod}`), 404, 'NOT_FOUND');
    expectError(await call(app, 'GET', `/api/v2/content/PODCAST/${CONTENT_IDS.sportsVod}`), 404, 'NOT_FOUND');
    const svg = await app.request(one.json.thumbnailUrl as string);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toContain('Derby Day');
  });

  it('plays free items for anyone and premium ones only with an active, unpaused licence', async () => {
    await reset();
    const free = await call(app, 'GET', `/api/v2/playback/VOD/${CONTENT_IDS.freeVod1}`);
    expect(playbackSchema.parse(free.json)).toMatchObject({ mimeType: 'application/vnd.apple.mpegurl' });
    expect(playbackSchema.parse(free.json).url).toMatch(/^http:\/\/localhost\/hls\/\d+\.[A-Za-z0-9_-]{43}\/vod\/[a-z]+\/master\.m3u8$/);
    const live = await call(app, 'GET', `/api/v2/playback/LIVE/${CONTENT_IDS.freeLive}`, { token: guest });
    expect(playbackSchema.parse(live.json).url).toContain(`/live/`);
    expect(playbackSchema.parse(live.json).url).toContain(`/${CONTENT_IDS.freeLive}/master.m3u8`);
    expect((await call(app, 'GET', `/api/v2/playback/LIVE/${CONTENT_IDS.freeLive}`, { token: guest })).status).toBe(200);

    for (const token of [undefined, guest, nolicence]) {
      const denied = expectError(await call(app, 'GET', `/api/v2/playback/VOD/${CONTENT_IDS.sportsVod}`, { token }), 403, 'LICENCE_REQUIRED');
      expect(denied.messages).toEqual(['licenceRequired']);
    }
    for (const [type, id] of [['VOD', CONTENT_IDS.sportsVod], ['VOD', CONTENT_IDS.cinemaVod], ['LIVE', CONTENT_IDS.premiumLive]] as const) {
      const ok = await call(app, 'GET', `/api/v2/playback/${type}/${id}`, { token: demo });
      expect(ok.status, id).toBe(200);
      const playback = playbackSchema.parse(ok.json);
      expect(playback.url).toMatch(/^http:\/\/localhost\/hls\/\d+\.[A-Za-z0-9_-]{43}\/(vod|live)\/[a-z]+\/(.+\/)?master\.m3u8$/);
      expect(Date.parse(playback.expiresAt!)).toBeGreaterThan(Date.now());
    }
    await lifecycle('POST', '/api/v2/active-licences/102/pause', { body: {} });
    expectError(await call(app, 'GET', `/api/v2/playback/VOD/${CONTENT_IDS.sportsVod}`, { token: demo }), 403, 'LICENCE_REQUIRED');
    expectError(await call(app, 'GET', '/api/v2/playback/VOD/nope', { token: demo }), 404, 'NOT_FOUND');
    await reset();
  });

  it('serves a plain media file only with a valid token, with Range support', async () => {
    const { token } = signMediaToken(deps.mediaSecret!, 'sample.webm', Date.now());
    const url = `http://localhost/media/sample.webm?token=${token}`;
    const full = await app.request(url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('video/webm');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    const bytes = new Uint8Array(await full.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(bytes.length).toBeLessThan(500_000);
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML (WebM) magic

    const part = await app.request(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const tail = await app.request(url, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));
    const open = await app.request(url, { headers: { range: `bytes=${bytes.length - 5}-` } });
    expect(open.headers.get('content-range')).toBe(`bytes ${bytes.length - 5}-${bytes.length - 1}/${bytes.length}`);
    const beyond = await app.request(url, { headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);

    const path = new URL(url).pathname;
    expectError(await call(app, 'GET', path, { noRealm: true }), 403, 'FORBIDDEN');
    expectError(await call(app, 'GET', `${path}?token=123.${'A'.repeat(43)}`, { noRealm: true }), 403, 'FORBIDDEN');
    expectError(await call(app, 'GET', `/media/other.webm${new URL(url).search}`, { noRealm: true }), 404, 'NOT_FOUND');
    const later = appWith(deps, { now: () => Date.now() + 3_600_000 });
    const expired = await later.request(url);
    expect(expired.status).toBe(403);
  });
});
