/**
 * Issue 18's small systems against the real sandbox over HTTP with the @stream/core client: the
 * administrator's role claim (the admin previews), the ads headers, the realms' campaign tags and
 * member-area word, and the labels by keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '@stream/core/api';
import { createTokenStore, memoryStorage, writeAdsConsent } from '@stream/core/platform';
import { startSandbox } from '../src/index.js';
import { ADMIN_ACCOUNT, NO_LICENCE_ACCOUNT } from '../src/seed/accounts.js';
import { CLOSED_REALM, SINGLE_PROVIDER_REALM } from '../src/seed/realms.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, dataDir: ':memory:' });
});

afterAll(async () => {
  await sandbox?.close();
});

function client(realm = sandbox.realm, apiKey = sandbox.apiKey, locale = 'en') {
  const storage = memoryStorage();
  return { storage, api: createApiClient({ baseUrl: sandbox.url, realm, apiKey, storage, locale }) };
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('the administrator role', () => {
  it('signs rol ADMIN for the seeded admin account, CUSTOMER for others, also after a refresh', async () => {
    const { api, storage } = client();
    const admin = await api.auth.login({ body: { id: ADMIN_ACCOUNT.email, secret: ADMIN_ACCOUNT.password } });
    createTokenStore(storage).write(admin);
    expect(claimsOf(admin.authorisationToken)).toMatchObject({ rol: 'ADMIN', gue: false });
    const refreshed = await api.refresh();
    expect(claimsOf(refreshed.authorisationToken).rol).toBe('ADMIN');
    const customer = await client().api.auth.login({ body: { id: NO_LICENCE_ACCOUNT.email, secret: NO_LICENCE_ACCOUNT.password } });
    expect(claimsOf(customer.authorisationToken).rol).toBe('CUSTOMER');
    // The admin's token works for the calls a viewer makes.
    await expect(api.user.profile()).resolves.toMatchObject({ contactEmail: ADMIN_ACCOUNT.email });
  });
});

describe('the ads headers', () => {
  const headers = (extra: Record<string, string>) => ({ realm: sandbox.realm, 'x-api-key': sandbox.apiKey, ...extra });
  const id = '2f1c8a4e-6b0d-4c53-9a7e-1d2b3c4d5e6f';

  it('refuses an advertising id sent without granted consent', async () => {
    for (const consent of [undefined, 'denied', 'unknown']) {
      const res = await fetch(`${sandbox.url}/api/v2/realm/settings`, { headers: headers({ 'x-ads-id': id, ...(consent ? { 'x-ads-consent': consent } : {}) }) });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', messages: expect.arrayContaining(['adsIdWithoutConsent']) });
    }
    const granted = await fetch(`${sandbox.url}/api/v2/realm/settings`, { headers: headers({ 'x-ads-id': id, 'x-ads-consent': 'granted' }) });
    expect(granted.status).toBe(200);
  });

  it('lets the web app send them cross-origin', async () => {
    const res = await fetch(`${sandbox.url}/api/v2/realm/settings`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5999', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-ads-consent,x-ads-id' },
    });
    expect(res.headers.get('access-control-allow-headers')).toMatch(/x-ads-consent/);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/x-ads-id/);
  });

  it('are what the client sends for each choice, and the platform takes them', async () => {
    const { api, storage } = client();
    await expect(api.realm.settings()).resolves.toBeTruthy();
    writeAdsConsent(storage, 'granted');
    await expect(api.realm.settings()).resolves.toBeTruthy();
    writeAdsConsent(storage, 'denied');
    await expect(api.realm.settings()).resolves.toBeTruthy();
  });
});

describe('realm settings of issue 18', () => {
  it('campaign tags are the stream realm’s only; the member-area word is the realm’s', async () => {
    const full = await client().api.realm.settings();
    expect(full.campaignTags).toMatchObject({ login: { utm_campaign: 'login' }, signin_to_watch: { utm_campaign: 'signin-to-watch' } });
    expect(full.memberAreaWord).toBeUndefined();
    const single = await client(SINGLE_PROVIDER_REALM.name, SINGLE_PROVIDER_REALM.apiKey).api.realm.settings();
    expect(single.campaignTags).toBeUndefined();
    const closed = await client(CLOSED_REALM.name, CLOSED_REALM.apiKey).api.realm.settings();
    expect(closed.memberAreaWord).toBe('Inner Circle');
    expect(closed.campaignTags).toBeUndefined();
  });
});

describe('labels by keys', () => {
  it('answers only the asked keys, by locale (the selected one and the default one)', async () => {
    const es = await client(sandbox.realm, sandbox.apiKey, 'es-MX').api.labels.byKeys({ body: { keys: ['signIn', 'memberAreaPlans', 'no-such-key'] } });
    expect(es.selected_locale).toBe('es');
    expect(es.default_locale).toBe('en');
    expect(Object.keys(es.translations).sort()).toEqual(['en', 'es']);
    expect(Object.keys(es.translations.es!).sort()).toEqual(['memberAreaPlans', 'signIn']);
    expect(es.translations.es!.memberAreaPlans).toBe('Tus planes');
    expect(es.translations.en!.memberAreaPlans).toBe('Your plans');
    // The realm's locales, for the language picker of an app that loads labels by keys.
    expect(es.locales).toEqual(expect.arrayContaining(['en', 'es', 'pt', 'ar']));
    // The authoring locale en-us reads as en (§9).
    const en = await client(sandbox.realm, sandbox.apiKey, 'en-US').api.labels.byKeys({ body: { keys: ['signIn'] } });
    expect(en).toMatchObject({ selected_locale: 'en', translations: { en: { signIn: expect.any(String) } } });
    expect(Object.keys(en.translations)).toEqual(['en']);
  });

  it('needs no session and refuses a malformed body with 400', async () => {
    const post = (body: unknown) =>
      fetch(`${sandbox.url}/api/v2/labels`, { method: 'POST', headers: { realm: sandbox.realm, 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    for (const body of [{}, { keys: [] }, { keys: [''] }, { keys: 'signIn' }, { keys: Array.from({ length: 2001 }, (_, i) => `k${i}`) }]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(await res.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    }
    expect((await post({ keys: ['signIn'] })).status).toBe(200);
    // The client refuses it before sending.
    await expect(client().api.labels.byKeys({ body: { keys: [] } })).rejects.not.toBeInstanceOf(ApiError);
  });
});
