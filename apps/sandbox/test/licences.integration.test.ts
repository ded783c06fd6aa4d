/**
 * The @stream/core API client (the built package) against the real
 * sandbox over HTTP: every licence, cancellation-promo, price-migration, content and playback
 * call of commerce-and-account-data.md §7 "Licences" and docs/api.md, including their error
 * answers (401, 404, 409, 400, 403 LICENCE_REQUIRED) and the client's own request checks.
 * Sandbox-only controls (`/_sandbox/clock`, `/_sandbox/licences/grant`, `/_sandbox/reset-licences`)
 * put accounts in the states each case needs.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, ContractError, createApiClient, type ApiClient } from '@stream/core/api';
import type { Licence } from '@stream/core/contracts';
import { licenceFamiliesQuery } from '@stream/core/domain';
import { isLicenceRequired, joinedServerMessages } from '@stream/core/machines';
import { memoryStorage, STORAGE_KEYS, type MemoryStorage } from '@stream/core/platform';
import { CONTENT_IDS, LICENCE_IDS, NO_LICENCE_ACCOUNT, startSandbox } from '../src/index.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

const DAY = 86_400_000;
const PREMIUM = LICENCE_IDS.sportsPremium; // demo: monthly, auto-renewing, pausable, with a cancellation offer
const CINEMA = LICENCE_IDS.cinema; // demo: monthly, with price migration `pm-201`
const MIGRATION = `pm-${LICENCE_IDS.cinema}`;

let sandbox: Sandbox;

function client(storage: MemoryStorage = memoryStorage()): { api: ApiClient; storage: MemoryStorage } {
  const api = createApiClient({ baseUrl: sandbox.url, realm: sandbox.realm, apiKey: sandbox.apiKey, storage, locale: 'en' });
  return { api, storage };
}

/** A client signed in as `email` (tokens stored as the session machine stores them). */
async function signedIn(email: string, password: string): Promise<ApiClient> {
  const { api, storage } = client();
  const tokens = await api.auth.login({ body: { id: email, secret: password } });
  storage.setItem(STORAGE_KEYS.authToken, tokens.authorisationToken);
  storage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  return api;
}

/** Calls a sandbox-only control (admin key, realm and API key, no bearer); throws on a non-2xx answer. */
async function control<T = unknown>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey, Realm: sandbox.realm, 'x-sandbox-admin-key': sandbox.adminKey },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The rejection of `promise` (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

const find = (licences: Licence[], id: string): Licence => {
  const found = licences.find((l) => l.id === id);
  if (!found) throw new Error(`licence ${id} not in ${licences.map((l) => l.id).join(', ')}`);
  return found;
};

let demo: ApiClient;
let viewer: ApiClient; // the seeded account without licences
let guest: ApiClient; // no session at all

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, dataDir: ':memory:' });
  demo = await signedIn(sandbox.demoAccount.email, sandbox.demoAccount.password);
  viewer = await signedIn(NO_LICENCE_ACCOUNT.email, NO_LICENCE_ACCOUNT.password);
  guest = client().api;
});

afterAll(async () => {
  await sandbox?.close();
});

beforeEach(async () => {
  await control('/_sandbox/clock', { now: null });
  await control('/_sandbox/reset-licences', { email: sandbox.demoAccount.email });
  await control('/_sandbox/reset-licences', { email: NO_LICENCE_ACCOUNT.email });
});

afterEach(async () => {
  await control('/_sandbox/clock', { now: null });
});

describe('catalogue', () => {
  it('licences.list: the catalogue, for guests too, every licence with a name and prices', async () => {
    const { licences } = await guest.licences.list();
    const ids = licences.map((l) => l.id);
    for (const id of Object.values(LICENCE_IDS)) expect(ids).toContain(id);
    expect(find(licences, PREMIUM)).toMatchObject({ name: 'Sports Premium', purchaseStrategy: { type: 'SUBSCRIPTION' } });
    expect(find(licences, PREMIUM).amounts?.length).toBeGreaterThan(0);
  });

  it('licences.families: the families; licenceIds narrows them; a signed-in viewer gets their entitlements', async () => {
    const all = await guest.licences.families({ query: licenceFamiliesQuery() });
    expect(all.licenceFamilies.map((f) => f.id)).toEqual(expect.arrayContaining(['sports', 'cinema']));

    const some = await guest.licences.families({ query: licenceFamiliesQuery([PREMIUM, LICENCE_IDS.sportsPremiumYearly]) });
    expect(some.licenceFamilies.map((f) => f.id)).toEqual(['sports']);
    expect(some.licenceFamilies[0]?.licences.map((l) => l.id).sort()).toEqual([PREMIUM, LICENCE_IDS.sportsPremiumYearly].sort());
    expect(find(some.licenceFamilies[0]!.licences, PREMIUM).licenceStatus).toBeUndefined();

    const mine = await demo.licences.families({ query: licenceFamiliesQuery([PREMIUM]) });
    expect(find(mine.licenceFamilies[0]!.licences, PREMIUM).licenceStatus).toMatchObject({ status: 'ACTIVE' });
  });

  it('licences.mine: the account licences with status and payment; 401 without a session', async () => {
    const { licences } = await demo.licences.mine();
    expect(licences.map((l) => l.id).sort()).toEqual([PREMIUM, CINEMA].sort());
    expect(find(licences, PREMIUM)).toMatchObject({
      licenceStatus: { status: 'ACTIVE', autoRenewingStatus: 'AUTO_RENEWING', pauseState: 'ALLOWED' },
      licencePayment: { paymentEventType: 'CONFIRMED' },
    });
    await expect(viewer.licences.mine()).resolves.toEqual({ licences: [] });
    const error = await rejection(guest.licences.mine());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, call: 'licences.mine' });
  });
});

describe('pause and resume', () => {
  it('pauses with resumeAfter, refuses a second pause (409), resumes, refuses a second resume (409)', async () => {
    const resumeAfter = new Date(Date.now() + 10 * DAY).toISOString();
    const paused = await demo.licences.pause({ params: { id: PREMIUM }, body: { config: { resumeAfter } } });
    expect(paused.licence).toMatchObject({ id: PREMIUM, licenceStatus: { pauseState: 'PAUSED' } });
    expect(find((await demo.licences.mine()).licences, PREMIUM).licenceStatus?.pauseState).toBe('PAUSED');

    const again = await rejection(demo.licences.pause({ params: { id: PREMIUM } }));
    expect(again).toMatchObject({ name: 'ApiError', status: 409, code: 'CONFLICT' });
    expect((again as ApiError).messages.length).toBeGreaterThan(0);

    const resumed = await demo.licences.resume({ params: { id: PREMIUM } });
    expect(resumed.licence.licenceStatus?.pauseState).not.toBe('PAUSED');
    await expect(demo.licences.resume({ params: { id: PREMIUM } })).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('pause without a date pauses for one period', async () => {
    const { licence } = await demo.licences.pause({ params: { id: PREMIUM } });
    expect(licence.licenceStatus?.pauseState).toBe('PAUSED');
  });

  it('pausing a licence the account does not hold is 404 NOT_FOUND', async () => {
    const error = await rejection(demo.licences.pause({ params: { id: LICENCE_IDS.seasonPass } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', call: 'licences.pause' });
    await expect(viewer.licences.pause({ params: { id: PREMIUM } })).rejects.toMatchObject({ status: 404 });
    await expect(viewer.licences.resume({ params: { id: PREMIUM } })).rejects.toMatchObject({ status: 404 });
  });

  it('a malformed pause body: the client refuses it before sending (ContractError, request); the sandbox answers 400', async () => {
    const local = await rejection(demo.licences.pause({ params: { id: PREMIUM }, body: { config: { resumeAfter: '' } } }));
    expect(local).toBeInstanceOf(ContractError);
    expect(local).toMatchObject({ direction: 'request', call: 'licences.pause' });
    expect((local as ContractError).fields).toEqual(['config.resumeAfter']);

    // Within the contract (a non-empty string) but not a date-time, or in the past: the sandbox's 400.
    await expect(demo.licences.pause({ params: { id: PREMIUM }, body: { config: { resumeAfter: 'next tuesday' } } })).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
    await expect(
      demo.licences.pause({ params: { id: PREMIUM }, body: { config: { resumeAfter: new Date(Date.now() - DAY).toISOString() } } }),
    ).rejects.toMatchObject({ status: 400 });
    // Nothing was paused.
    expect(find((await demo.licences.mine()).licences, PREMIUM).licenceStatus?.pauseState).toBe('ALLOWED');
  });

  it('a licence that is not pausable is refused with 409', async () => {
    await expect(demo.licences.pause({ params: { id: CINEMA } })).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
  });
});

describe('cancel, cancellation promo and reactivate', () => {
  it('verify offers the promo; refuse; then cancel; cancelling twice is 409; reactivate renews again', async () => {
    const promo = await demo.promos.verify({ params: { id: PREMIUM } });
    expect(promo).toMatchObject({ available: true, discount: { type: 'PERCENTAGE', percentage: 50 } });

    await expect(demo.promos.refuse({ params: { id: PREMIUM } })).resolves.toEqual({});
    await expect(demo.promos.verify({ params: { id: PREMIUM } })).resolves.toMatchObject({ available: false });
    await expect(demo.promos.refuse({ params: { id: PREMIUM } })).rejects.toMatchObject({ status: 409 });

    const cancelled = await demo.licences.cancel({ params: { id: PREMIUM } });
    expect(cancelled.licence.licenceStatus).toMatchObject({ status: 'ACTIVE', autoRenewingStatus: 'NOT_AUTO_RENEWING' });

    const twice = await rejection(demo.licences.cancel({ params: { id: PREMIUM } }));
    expect(twice).toMatchObject({ name: 'ApiError', status: 409, code: 'CONFLICT', call: 'licences.cancel' });
    expect((twice as ApiError).messages.length).toBeGreaterThan(0);

    const reactivated = await demo.licences.reactivate({ params: { id: PREMIUM } });
    expect(reactivated.licence.licenceStatus?.autoRenewingStatus).toBe('AUTO_RENEWING');
    await expect(demo.licences.reactivate({ params: { id: PREMIUM } })).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('redeem applies the discount and keeps the licence; the promo is then gone', async () => {
    const { licence } = await demo.promos.redeem({ params: { id: PREMIUM } });
    expect(licence.licenceStatus?.autoRenewingStatus).toBe('AUTO_RENEWING');
    expect(licence.discounts).toEqual([expect.objectContaining({ type: 'PERCENTAGE', percentage: 50, state: 'ACTIVE' })]);
    await expect(demo.promos.verify({ params: { id: PREMIUM } })).resolves.toMatchObject({ available: false });
    await expect(demo.promos.redeem({ params: { id: PREMIUM } })).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('cancel with ignoreDiscount sends cancellationDiscount=IGNORE: the offer is not made afterwards', async () => {
    await demo.licences.cancel({ params: { id: PREMIUM }, query: { cancellationDiscount: 'IGNORE' } });
    await demo.licences.reactivate({ params: { id: PREMIUM } });
    await expect(demo.promos.verify({ params: { id: PREMIUM } })).resolves.toMatchObject({ available: false });
  });

  it('promo calls and cancel for a licence the account does not hold are 404', async () => {
    await expect(viewer.promos.verify({ params: { id: PREMIUM } })).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    await expect(viewer.promos.redeem({ params: { id: PREMIUM } })).rejects.toMatchObject({ status: 404 });
    await expect(viewer.licences.cancel({ params: { id: PREMIUM } })).rejects.toMatchObject({ status: 404 });
    await expect(viewer.licences.reactivate({ params: { id: PREMIUM } })).rejects.toMatchObject({ status: 404 });
  });

  it('an expired licence cannot be reactivated (sandbox clock moved past its expiry)', async () => {
    await demo.licences.cancel({ params: { id: PREMIUM }, query: { cancellationDiscount: 'IGNORE' } });
    await control('/_sandbox/clock', { now: new Date(Date.now() + 60 * DAY).toISOString() });
    const { licences } = await demo.licences.mine();
    expect(find(licences, PREMIUM).licenceStatus?.status).toBe('EXPIRED');
    await expect(demo.licences.reactivate({ params: { id: PREMIUM } })).rejects.toMatchObject({ status: 409 });
  });
});

describe('price migration consent', () => {
  it('CONTINUE is recorded; a second answer is 409; an unknown migration is 404', async () => {
    const { licence } = await demo.licences.priceMigrationConsent({ params: { id: MIGRATION }, body: { status: 'CONTINUE' } });
    expect(licence).toMatchObject({ id: CINEMA, priceMigration: { id: MIGRATION, consent: 'CONTINUE' } });
    await expect(demo.licences.priceMigrationConsent({ params: { id: MIGRATION }, body: { status: 'LEAVE' } })).rejects.toMatchObject({ status: 409 });
    await expect(demo.licences.priceMigrationConsent({ params: { id: 'pm-nope' }, body: { status: 'LEAVE' } })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('LEAVE stops the renewal', async () => {
    const { licence } = await demo.licences.priceMigrationConsent({ params: { id: MIGRATION }, body: { status: 'LEAVE' } });
    expect(licence).toMatchObject({
      priceMigration: { consent: 'LEAVE' },
      licenceStatus: { autoRenewingStatus: 'NOT_AUTO_RENEWING' },
    });
  });
});

describe('content and playback', () => {
  it('content.list and content.get; an unknown item is 404', async () => {
    const { items } = await guest.content.list();
    expect(items.map((i) => i.id)).toEqual(expect.arrayContaining(Object.values(CONTENT_IDS)));
    await expect(guest.content.get({ params: { type: 'VOD', id: CONTENT_IDS.sportsVod } })).resolves.toMatchObject({
      id: CONTENT_IDS.sportsVod,
      type: 'VOD',
      licenceIds: expect.arrayContaining([PREMIUM]),
    });
    await expect(guest.content.get({ params: { type: 'VOD', id: 'no-such-video' } })).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    await expect(guest.content.get({ params: { type: 'LIVE', id: CONTENT_IDS.sportsVod } })).rejects.toMatchObject({ status: 404 });
  });

  it('free content plays for a guest; the source URL serves the video', async () => {
    const source = await guest.content.playback({ params: { type: 'VOD', id: CONTENT_IDS.freeVod1 } });
    expect(source.mimeType).toBe('application/vnd.apple.mpegurl');
    const master = await fetch(source.url);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe(source.mimeType);
    expect(await master.text()).toMatch(/^#EXTM3U/);
  });

  it('premium content: 403 LICENCE_REQUIRED for a guest and an unlicensed viewer; 200 after a grant; 403 again once expired', async () => {
    for (const who of [guest, viewer]) {
      const error = await rejection(who.content.playback({ params: { type: 'VOD', id: CONTENT_IDS.sportsVod } }));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 403, code: 'LICENCE_REQUIRED', messages: ['licenceRequired'] });
    }
    const expiresAt = new Date(Date.now() + 3 * DAY).toISOString();
    await control('/_sandbox/licences/grant', { email: NO_LICENCE_ACCOUNT.email, licenceId: LICENCE_IDS.sportsBasic, expiresAt, autoRenewing: false });
    await expect(viewer.content.playback({ params: { type: 'VOD', id: CONTENT_IDS.sportsVod } })).resolves.toMatchObject({ mimeType: 'application/vnd.apple.mpegurl' });
    // A Sports licence does not open Cinema.
    await expect(viewer.content.playback({ params: { type: 'VOD', id: CONTENT_IDS.cinemaVod } })).rejects.toMatchObject({ status: 403 });
    // Past the expiry, the paywall again.
    await control('/_sandbox/clock', { now: new Date(Date.now() + 4 * DAY).toISOString() });
    await expect(viewer.content.playback({ params: { type: 'VOD', id: CONTENT_IDS.sportsVod } })).rejects.toMatchObject({
      status: 403,
      code: 'LICENCE_REQUIRED',
    });
  });
});

describe('what the machines make of the real answers', () => {
  it('a second cancel: the subscription machine shows the two server messages joined (§8 "Cancel licence")', async () => {
    await demo.licences.cancel({ params: { id: PREMIUM }, query: { cancellationDiscount: 'IGNORE' } });
    const error = await rejection(demo.licences.cancel({ params: { id: PREMIUM } }));
    expect(joinedServerMessages(error)).toMatch(/^Licence 102 is already cancelled\. Access continues until \d{4}-\d{2}-\d{2}\.$/);
  });

  it('the playback machine tells the paywall (403 LICENCE_REQUIRED) from other failures (404)', async () => {
    expect(isLicenceRequired(await rejection(viewer.content.playback({ params: { type: 'VOD', id: CONTENT_IDS.sportsVod } })))).toBe(true);
    expect(isLicenceRequired(await rejection(viewer.content.playback({ params: { type: 'VOD', id: 'no-such-video' } })))).toBe(false);
  });
});
