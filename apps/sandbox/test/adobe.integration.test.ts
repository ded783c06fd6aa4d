/**
 * The Adobe Pass emulation and the TV calls, in process (docs/sandbox.md "Adobe Pass and TV"):
 * DCR → config → regcode → operator login → token → entitlement sync grants the package; the
 * one-shot controls (regcode 400, sign-in 412) and the second attempt with the same regcode;
 * Primetime by device id; device PIN create → confirm → poll once; wrong, expired and guessed
 * PINs; the external licence code; malformed bodies; the TV page; device-scoped controls; the
 * state kept in the database across a restart, with its secrets hashed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@stream/core/contracts';
import { adobeAuthenticateUrl, tvProviderReturnUrl } from '@stream/core/domain';
import { ADOBE_SOFTWARE_STATEMENT, issueSoftwareStatement } from '../src/adobe/config.js';
import type { SandboxDb } from '../src/db/open.js';
import { adobeClients, adobeDevicePins, adobeLicenceCodes, adobeRegcodes } from '../src/db/schema.js';
import { createApp, createSandboxDeps } from '../src/index.js';
import { ADMIN_HEADERS, call, expectError, fakeClock, memoryDeps, REALM_HEADERS, type Clock } from './helpers.js';

const WEB = 'http://127.0.0.1:5173';
const HOST = 'http://sandbox.test';

type App = ReturnType<typeof createApp>;
let app: App;
let db: SandboxDb;
let clock: Clock;
let close: () => Promise<void>;

beforeAll(async () => {
  const opened = await memoryDeps();
  clock = fakeClock();
  app = createApp({ ...opened.deps, now: clock.now, publicUrl: HOST });
  db = opened.deps.db;
  close = opened.close;
});
afterAll(async () => {
  await close();
});

let emailCounter = 0;
/** A fresh ID account; its tokens. */
async function signUp(on: App = app): Promise<{ authorisationToken: string; refreshToken: string; email: string }> {
  emailCounter += 1;
  const email = `adobe.${emailCounter}.${Date.now()}@example.test`;
  const res = await call(on, 'POST', '/api/v2/user', { body: { id: email, secret: 'long-password', name: 'Adobe Tester' } });
  expect(res.status).toBe(201);
  return { ...(res.json as { authorisationToken: string; refreshToken: string }), email };
}

/** A person at the operator: follows authenticate to the login page (of app `on`), signs in (or cancels); the address it is sent back to. */
async function operatorLogin(code: string, mvpdId: string, email: string, password = 'tv-password', action = 'signin', on: App = app): Promise<{ status: number; location: string | null; html: string }> {
  const back = tvProviderReturnUrl(WEB, { provider: 'ADOBE_DCR' })!;
  const url = adobeAuthenticateUrl({ baseUri: `${HOST}/_adobe`, requestorId: 'stream', regcode: code, mvpdId, redirectUrl: back })!;
  const start = await on.request(url.replace(HOST, ''));
  expect(start.status).toBe(302);
  const loginPath = start.headers.get('location')!;
  expect(loginPath).toMatch(new RegExp(`^/_adobe/login/${mvpdId}\\?`));
  const page = await on.request(loginPath);
  const html = await page.text();
  expect(html).toContain('<label for="email">Email</label>');
  expect(html).toContain('<label for="password">Password</label>');
  const form = new URLSearchParams({ reg_code: code, redirect_url: back, email, password, action });
  const res = await on.request(`/_adobe/login/${mvpdId}`, { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** Registers a DCR client (at app `on`). */
async function registerClient(on: App = app): Promise<{ clientId: string; clientSecret: string }> {
  const res = await on.request('/_adobe/o/client/register', { method: 'POST', body: JSON.stringify({ software_statement: ADOBE_SOFTWARE_STATEMENT }), headers: { 'content-type': 'application/json' } });
  expect(res.status).toBe(201);
  const body = calls.adobeHost.register.response.parse(await res.json());
  return { clientId: body.client_id, clientSecret: body.client_secret };
}

async function regcodeV3(client: { clientId: string; clientSecret: string }, headers: Record<string, string> = {}, on: App = app) {
  return call(on, 'POST', '/api/v3/adobe/regcode', { headers, body: { requestorId: 'stream', ...client } });
}

/** The DCR token exchange of `client` with `accessToken` (from device `headers`, at app `on`). */
async function tokenV3(client: { clientId: string; clientSecret: string }, accessToken: string, headers: Record<string, string> = {}, on: App = app) {
  return call(on, 'POST', '/api/v3/adobe/token', { headers, body: { requestorId: 'stream', ...client, accessToken } });
}

describe('Adobe DCR sign-in', () => {
  it('refuses a software statement the sandbox did not issue', async () => {
    const forged = issueSoftwareStatement('stream-web').replace(/\.[^.]+$/, '.AAAA');
    const res = await app.request('/_adobe/o/client/register', { method: 'POST', body: JSON.stringify({ software_statement: forged }), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_software_statement');
  });

  it('serves the requestor configuration with a dozen operators and their logos', async () => {
    const res = await app.request('/_adobe/api/v1/config/stream');
    expect(res.status).toBe(200);
    const config = (await res.json()) as { requestor: { mvpds: { id: string; featured: boolean; logoUrl: string }[] } };
    calls.adobeHost.config.response.parse(config);
    expect(config.requestor.mvpds).toHaveLength(12);
    expect(config.requestor.mvpds.filter((m) => m.featured).length).toBeGreaterThan(0);
    expect(config.requestor.mvpds.filter((m) => !m.featured).length).toBeGreaterThan(0);
    const logo = await app.request(config.requestor.mvpds[0]!.logoUrl.replace(HOST, ''));
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    expect(await logo.text()).toContain('<svg');
    expect((await app.request('/_adobe/api/v1/config/other')).status).toBe(404);
  });

  it('signs in through an operator and entitlement sync grants its package', async () => {
    const client = await registerClient();
    const regcode = await regcodeV3(client);
    expect(regcode.status).toBe(200);
    const { accessToken, code } = regcode.json as { accessToken: string; code: string };
    const exchange = () => call(app, 'POST', '/api/v3/adobe/token', { body: { requestorId: 'stream', ...client, accessToken } });

    expectError(await exchange(), 412, 'PRECONDITION_FAILED');
    const wrong = await operatorLogin(code, 'northwind', 'tv.viewer@northwind.test', 'nope');
    expect(wrong.status).toBe(200);
    expect(wrong.html).toContain('role="alert"');
    const otherOperator = await operatorLogin(code, 'northwind', 'tv.viewer@bluewave.test');
    expect(otherOperator.html).toContain('role="alert"');
    const done = await operatorLogin(code, 'northwind', 'tv.viewer@northwind.test');
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${WEB}/providers/success?provider=ADOBE_DCR`);
    const status = await app.request(`/_adobe/api/v1/checkauthn/${code}`);
    expect(((await status.json()) as { status: string }).status).toBe('authenticated');

    const tokens = await exchange();
    expect(tokens.status).toBe(200);
    calls.adobe.token.response.parse(tokens.json);
    expect(tokens.json.linkedAccounts).toEqual([{ provider: 'ADOBE_DCR', linkedAt: expect.any(String) }]);
    const sync = await call(app, 'POST', '/api/v1/entitlement-sync', { token: tokens.json.authorisationToken, body: { refreshToken: tokens.json.refreshToken } });
    expect(sync.status).toBe(200);
    calls.adobe.entitlementSync.response.parse(sync.json);
    expect(sync.json.licenceIds).toEqual(['102', '201']);
    const mine = await call(app, 'GET', '/api/v2/user/licence', { token: tokens.json.authorisationToken });
    const held = (mine.json.licences as { licenceId?: string; id?: string; status: string }[]).map((l) => [l.licenceId ?? l.id, l.status]);
    expect(held).toEqual(expect.arrayContaining([['102', 'ACTIVE'], ['201', 'ACTIVE']]));
    // Included with the operator (docs/api.md "Plan changes"): no pause, cancel or reactivate.
    const premium = (mine.json.licences as { id: string; purchaseStrategy?: { externalAuthProviderDetails?: unknown } }[]).find((l) => l.id === '102');
    expect(premium?.purchaseStrategy?.externalAuthProviderDetails).toEqual({ provider: 'ADOBE', operatorName: 'Northwind Cable' });
    expectError(await call(app, 'DELETE', '/api/v2/active-licences/102', { token: tokens.json.authorisationToken }), 409, 'LICENCE_MANAGED_EXTERNALLY');
    expectError(await call(app, 'PUT', '/api/v2/reactivate-licence/102', { token: tokens.json.authorisationToken }), 409, 'LICENCE_MANAGED_EXTERNALLY');

    // The same operator account signs in to the same platform account again.
    const again = await exchange();
    expect(decodeSub(again.json.authorisationToken)).toBe(decodeSub(tokens.json.authorisationToken));
  });

  it('entitlement sync needs a bearer and the caller\'s own refresh token', async () => {
    const viewer = await signUp();
    const other = await signUp();
    expectError(await call(app, 'POST', '/api/v1/entitlement-sync', { body: { refreshToken: viewer.refreshToken } }), 401, 'UNAUTHORIZED');
    expectError(await call(app, 'POST', '/api/v1/entitlement-sync', { token: viewer.authorisationToken, body: { refreshToken: other.refreshToken } }), 400, 'BAD_REQUEST');
    const none = await call(app, 'POST', '/api/v1/entitlement-sync', { token: viewer.authorisationToken, body: { refreshToken: viewer.refreshToken } });
    expect(none.json.licenceIds).toEqual([]);
  });

  it('the forced regcode 400 answers once, then regcodes work', async () => {
    const client = await registerClient();
    expect((await call(app, 'POST', '/_sandbox/adobe/next-regcode', { body: { status: 400 } })).status).toBe(200);
    expectError(await regcodeV3(client), 400, 'BAD_REQUEST');
    expect((await regcodeV3(client)).status).toBe(200);
    expectError(await regcodeV3({ clientId: 'unknown', clientSecret: 'x' }), 400, 'BAD_REQUEST');
  });

  it('the forced 412 answers once; a second operator login with the same regcode then signs in', async () => {
    const client = await registerClient();
    const { accessToken, code } = (await regcodeV3(client)).json as { accessToken: string; code: string };
    await operatorLogin(code, 'skyline', 'tv.viewer@skyline.test');
    expect((await call(app, 'POST', '/_sandbox/adobe/next-tv-sign-in', { body: { status: 412 } })).status).toBe(200);
    const exchange = () => call(app, 'POST', '/api/v3/adobe/token', { body: { requestorId: 'stream', ...client, accessToken } });
    expectError(await exchange(), 412, 'PRECONDITION_FAILED');
    clock.advance(20 * 60); // still within the regcode's 30 minutes
    expect((await operatorLogin(code, 'skyline', 'tv.viewer@skyline.test')).status).toBe(303);
    expect((await exchange()).status).toBe(200);
    clock.advance(11 * 60); // past 30 minutes
    expectError(await exchange(), 400, 'BAD_REQUEST');
  });

  it('cancel at the operator returns without authenticating; an empty package is refused', async () => {
    const client = await registerClient();
    const { accessToken, code } = (await regcodeV3(client)).json as { accessToken: string; code: string };
    const cancelled = await operatorLogin(code, 'prairie', '', '', 'cancel');
    expect(cancelled.status).toBe(303);
    const exchange = () => call(app, 'POST', '/api/v3/adobe/token', { body: { requestorId: 'stream', ...client, accessToken } });
    expectError(await exchange(), 412, 'PRECONDITION_FAILED');
    await operatorLogin(code, 'prairie', 'tv.viewer@prairie.test');
    expectError(await exchange(), 403, 'FORBIDDEN');
  });

  it('the authenticate address refuses a return address outside the web app', async () => {
    const client = await registerClient();
    const { code } = (await regcodeV3(client)).json as { code: string };
    const url = adobeAuthenticateUrl({ baseUri: `${HOST}/_adobe`, requestorId: 'stream', regcode: code, mvpdId: 'northwind', redirectUrl: 'https://evil.example/providers/success' })!;
    const res = await app.request(url.replace(HOST, ''));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('role="alert"');
  });
});

describe('Adobe Primetime sign-in', () => {
  it('signs the device in with its latest regcode; a bearer links the signed-in account', async () => {
    const viewer = await signUp();
    const device = { 'x-device-id': `tv-test-${Date.now()}` };
    expectError(await call(app, 'POST', '/api/v2/user/adobe', { headers: device, body: { requestorId: 'stream', resourceId: 'stream' } }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/api/v2/adobe/unknown/regcode', { headers: device }), 404, 'NOT_FOUND');
    const regcode = await call(app, 'POST', '/api/v2/adobe/stream/regcode', { headers: device, token: viewer.authorisationToken });
    expect(regcode.status).toBe(200);
    calls.adobe.regcode.response.parse(regcode.json);
    await operatorLogin(regcode.json.code as string, 'harbor', 'tv.viewer@harbor.test');
    expectError(await call(app, 'POST', '/api/v2/user/adobe', { headers: device, body: { requestorId: 'stream', resourceId: 'other' } }), 403, 'FORBIDDEN');
    const tokens = await call(app, 'POST', '/api/v2/user/adobe', { headers: device, token: viewer.authorisationToken, body: { requestorId: 'stream', resourceId: 'stream' } });
    expect(tokens.status).toBe(200);
    expect(decodeSub(tokens.json.authorisationToken)).toBe(decodeSub(viewer.authorisationToken));
    // The operator account is now linked to `viewer`: another account cannot link it.
    const other = await signUp();
    expectError(await call(app, 'POST', '/api/v2/user/adobe', { headers: device, token: other.authorisationToken, body: { requestorId: 'stream', resourceId: 'stream' } }), 409, 'CONFLICT');
  });

  it('answers 400 for malformed bodies', async () => {
    expectError(await call(app, 'POST', '/api/v2/user/adobe', { body: {} }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/api/v3/adobe/token', { body: { requestorId: 'stream' } }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/api/v3/adobe/regcode', { rawBody: '{' }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/_sandbox/adobe/next-tv-sign-in', { body: { status: 500 } }), 400, 'BAD_REQUEST');
  });
});

describe('device PIN login', () => {
  it('create → pending → confirm with a user bearer → confirmed once → expired', async () => {
    const viewer = await signUp();
    const created = await call(app, 'POST', '/api/v2/device/pin', { body: {} });
    expect(created.status).toBe(200);
    const { pin, anchor } = created.json as { pin: string; anchor: string };
    calls.tvDevice.createPin.response.parse(created.json);
    expect(pin).toMatch(/^[A-Z0-9]{8}$/);
    expect((await call(app, 'POST', '/api/v2/device/pin/poll', { body: { anchor } })).json.status).toBe('pending');

    expectError(await call(app, 'POST', '/api/v2/device/pin/confirm', { body: { pin } }), 401, 'UNAUTHORIZED');
    const guest = await call(app, 'POST', '/api/v2/login/guest/checkin');
    expectError(await call(app, 'POST', '/api/v2/device/pin/confirm', { token: guest.json.authorisationToken, body: { pin } }), 403, 'FORBIDDEN');
    expect((await call(app, 'POST', '/api/v2/device/pin/confirm', { token: viewer.authorisationToken, body: { pin } })).status).toBe(200);
    expectError(await call(app, 'POST', '/api/v2/device/pin/confirm', { token: viewer.authorisationToken, body: { pin } }), 404, 'NOT_FOUND');

    const confirmed = await call(app, 'POST', '/api/v2/device/pin/poll', { body: { anchor } });
    calls.tvDevice.pollPin.response.parse(confirmed.json);
    expect(confirmed.json.status).toBe('confirmed');
    expect(decodeSub(confirmed.json.authorisationToken)).toBe(decodeSub(viewer.authorisationToken));
    expect((await call(app, 'POST', '/api/v2/device/pin/poll', { body: { anchor } })).json.status).toBe('expired');
    expectError(await call(app, 'POST', '/api/v2/device/pin/poll', { body: { anchor: 'unknown-anchor-0000000' } }), 404, 'NOT_FOUND');
    // A malformed anchor is a 400; the old path shape (the anchor in the path) does not exist.
    expectError(await call(app, 'POST', '/api/v2/device/pin/poll', { body: { anchor: 'short' } }), 400, 'BAD_REQUEST');
    expect((await call(app, 'GET', `/api/v2/device/pin/${anchor}`)).status).toBe(404);
  });

  it('an expired PIN cannot be confirmed and polls as expired; malformed PINs are 400', async () => {
    const { pin, anchor } = (await call(app, 'POST', '/api/v2/device/pin', { body: {} })).json as { pin: string; anchor: string };
    clock.advance(11 * 60);
    const viewer = await signUp();
    expectError(await call(app, 'POST', '/api/v2/device/pin/confirm', { token: viewer.authorisationToken, body: { pin } }), 404, 'NOT_FOUND');
    expect((await call(app, 'POST', '/api/v2/device/pin/poll', { body: { anchor } })).json.status).toBe('expired');
    expectError(await call(app, 'POST', '/api/v2/device/pin/confirm', { token: viewer.authorisationToken, body: { pin: 'ab' } }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/api/v2/device/pin', { rawBody: 'nope' }), 400, 'BAD_REQUEST');
  });

  it('limits wrong guesses per account', async () => {
    const viewer = await signUp();
    const { pin } = (await call(app, 'POST', '/api/v2/device/pin', { body: {} })).json as { pin: string };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectError(await call(app, 'POST', '/api/v2/device/pin/confirm', { token: viewer.authorisationToken, body: { pin: 'ZZZZ9999' } }), 404, 'NOT_FOUND');
    }
    const blocked = await call(app, 'POST', '/api/v2/device/pin/confirm', { token: viewer.authorisationToken, body: { pin } });
    expect(blocked.status).toBe(429);
  });
});

describe('external licence code and the TV page', () => {
  it('redeems a licence code once', async () => {
    const viewer = await signUp();
    const made = await call(app, 'POST', '/_sandbox/adobe/licence-code', { body: { email: viewer.email, licenceId: '201', redirectTo: '/account' } });
    expect(made.status).toBe(200);
    const redeemed = await call(app, 'POST', '/api/v2/external-licence/token', { body: { authorisationCode: made.json.code } });
    calls.externalLicence.token.response.parse(redeemed.json);
    expect(redeemed.json).toEqual({ licenceIds: ['201'], redirectTo: '/account' });
    expectError(await call(app, 'POST', '/api/v2/external-licence/token', { body: { authorisationCode: made.json.code } }), 404, 'NOT_FOUND');
    expectError(await call(app, 'POST', '/api/v2/external-licence/token', { body: { authorisationCode: '' } }), 400, 'BAD_REQUEST');
  });

  it('serves the TV page without realm headers (with the admin key)', async () => {
    const res = await app.request('/_sandbox/tv', { headers: ADMIN_HEADERS });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('role="status"');
    expect(html).toContain('/api/v2/device/pin');
    expect(REALM_HEADERS.realm).toBe('stream');
  });
});

describe('device-scoped one-shot controls', () => {
  const tvA = { 'x-device-id': `tv-a-${Date.now()}` };
  const tvB = { 'x-device-id': `tv-b-${Date.now()}` };
  const arm = (path: string, body: Record<string, unknown>) => call(app, 'POST', `/_sandbox/adobe/${path}`, { body });

  it('a device-scoped regcode 400 fires only for its device; a realm-wide one for any device', async () => {
    const client = await registerClient();
    expect((await arm('next-regcode', { status: 400, deviceId: tvA['x-device-id'] })).status).toBe(200);
    expect((await regcodeV3(client, tvB)).status).toBe(200);
    expectError(await regcodeV3(client, tvA), 400, 'BAD_REQUEST');
    expect((await regcodeV3(client, tvA)).status).toBe(200);
    expect((await arm('next-regcode', { status: 400 })).status).toBe(200);
    expectError(await regcodeV3(client, tvB), 400, 'BAD_REQUEST');
    expect((await regcodeV3(client, tvA)).status).toBe(200);
  });

  it('a device-scoped sign-in control fires only for its device and takes precedence over the realm-wide one', async () => {
    const client = await registerClient();
    const { accessToken, code } = (await regcodeV3(client, tvA)).json as { accessToken: string; code: string };
    expect((await operatorLogin(code, 'bluewave', 'tv.viewer@bluewave.test')).status).toBe(303);

    await arm('next-tv-sign-in', { status: 412, deviceId: tvA['x-device-id'] });
    expect((await tokenV3(client, accessToken, tvB)).status).toBe(200);
    expectError(await tokenV3(client, accessToken, tvA), 412, 'PRECONDITION_FAILED');
    expect((await tokenV3(client, accessToken, tvA)).status).toBe(200);

    await arm('next-tv-sign-in', { status: 400 });
    await arm('next-tv-sign-in', { status: 412, deviceId: tvA['x-device-id'] });
    expectError(await tokenV3(client, accessToken, tvA), 412, 'PRECONDITION_FAILED');
    expectError(await tokenV3(client, accessToken, tvA), 400, 'BAD_REQUEST');
    expect((await tokenV3(client, accessToken, tvB)).status).toBe(200);

    await arm('next-tv-sign-in', { status: 412 });
    expectError(await tokenV3(client, accessToken, tvB), 412, 'PRECONDITION_FAILED');
    expect((await tokenV3(client, accessToken, tvA)).status).toBe(200);
  });

  it('answers 400 for a malformed deviceId', async () => {
    expectError(await arm('next-regcode', { status: 400, deviceId: '' }), 400, 'BAD_REQUEST');
    expectError(await arm('next-regcode', { status: 400, deviceId: 'x'.repeat(129) }), 400, 'BAD_REQUEST');
    expectError(await arm('next-tv-sign-in', { status: 412, deviceId: 7 }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/_sandbox/adobe/next-tv-sign-in', { rawBody: '{' }), 400, 'BAD_REQUEST');
    // Nothing was armed by the refused calls.
    expect((await regcodeV3(await registerClient())).status).toBe(200);
  });
});

describe('Adobe state in the database', () => {
  it('keeps only hashes of the DCR client secret, access token, PIN anchor and licence code', async () => {
    const viewer = await signUp();
    const client = await registerClient();
    const { accessToken, code } = (await regcodeV3(client)).json as { accessToken: string; code: string };
    const { anchor } = (await call(app, 'POST', '/api/v2/device/pin', { body: {} })).json as { anchor: string };
    const licenceCode = (await call(app, 'POST', '/_sandbox/adobe/licence-code', { body: { email: viewer.email, licenceId: '201' } })).json.code as string;

    const dump = JSON.stringify([
      await db.select().from(adobeClients),
      await db.select().from(adobeRegcodes),
      await db.select().from(adobeDevicePins),
      await db.select().from(adobeLicenceCodes),
    ]);
    expect(dump).toContain(client.clientId);
    expect(dump).toContain(code);
    for (const secret of [client.clientSecret, accessToken, anchor, licenceCode]) expect(dump).not.toContain(secret);
    // The hashed values still work.
    expect((await tokenV3(client, accessToken)).status).toBe(412);
    expect((await call(app, 'POST', '/api/v2/device/pin/poll', { body: { anchor } })).json.status).toBe('pending');
    expect((await call(app, 'POST', '/api/v2/external-licence/token', { body: { authorisationCode: licenceCode } })).status).toBe(200);
    expectError(await tokenV3({ ...client, clientSecret: `${client.clientSecret}x` }, accessToken), 400, 'BAD_REQUEST');
  });

  it('of two concurrent redemptions of a licence code, one wins', async () => {
    const viewer = await signUp();
    const licenceCode = (await call(app, 'POST', '/_sandbox/adobe/licence-code', { body: { email: viewer.email, licenceId: '101' } })).json.code as string;
    const redeem = () => call(app, 'POST', '/api/v2/external-licence/token', { body: { authorisationCode: licenceCode } });
    const statuses = (await Promise.all([redeem(), redeem(), redeem()])).map((res) => res.status).sort();
    expect(statuses).toEqual([200, 404, 404]);
  });

  it(
    'keeps DCR clients, authenticated regcodes, open logins, device PINs and licence codes across a restart',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'stream-sandbox-adobe-'));
      const restartClock = fakeClock();
      const open = async () => {
        const opened = await createSandboxDeps({ dataDir, databaseUrl: '', log: false });
        return { app: createApp({ ...opened.deps, now: restartClock.now, publicUrl: HOST }), close: opened.close };
      };
      const tv = { 'x-device-id': `tv-restart-${Date.now()}` };
      try {
        const first = await open();
        let before;
        try {
          const viewer = await signUp(first.app);
          const client = await registerClient(first.app);
          const authenticated = (await regcodeV3(client, {}, first.app)).json as { accessToken: string; code: string };
          expect((await operatorLogin(authenticated.code, 'northwind', 'tv.viewer@northwind.test', 'tv-password', 'signin', first.app)).status).toBe(303);
          // A second viewer is at the operator's login page when the sandbox restarts.
          const pending = (await regcodeV3(client, {}, first.app)).json as { accessToken: string; code: string };
          const url = adobeAuthenticateUrl({ baseUri: `${HOST}/_adobe`, requestorId: 'stream', regcode: pending.code, mvpdId: 'skyline', redirectUrl: tvProviderReturnUrl(WEB, { provider: 'ADOBE_DCR' })! })!;
          const loginPage = await first.app.request((await first.app.request(url.replace(HOST, ''))).headers.get('location')!);
          expect(loginPage.status).toBe(200);
          // Primetime: the device's regcode, authenticated.
          const primetime = (await call(first.app, 'POST', '/api/v2/adobe/stream/regcode', { headers: tv })).json as { code: string };
          await operatorLogin(primetime.code, 'harbor', 'tv.viewer@harbor.test', 'tv-password', 'signin', first.app);
          const pin = (await call(first.app, 'POST', '/api/v2/device/pin', { body: {} })).json as { pin: string; anchor: string };
          const licenceCode = (await call(first.app, 'POST', '/_sandbox/adobe/licence-code', { body: { email: viewer.email, licenceId: '202' } })).json.code as string;
          before = { viewer, client, authenticated, pending, pin, licenceCode };
        } finally {
          await first.close();
        }

        restartClock.advance(60);
        const second = await open();
        try {
          const { viewer, client, authenticated, pending, pin, licenceCode } = before;
          const tokens = await tokenV3(client, authenticated.accessToken, {}, second.app);
          expect(tokens.status, JSON.stringify(tokens.json)).toBe(200);
          calls.adobe.token.response.parse(tokens.json);
          expectError(await tokenV3({ ...client, clientSecret: 'not-the-secret' }, authenticated.accessToken, {}, second.app), 400, 'BAD_REQUEST');

          expectError(await tokenV3(client, pending.accessToken, {}, second.app), 412, 'PRECONDITION_FAILED');
          expect((await operatorLogin(pending.code, 'skyline', 'tv.viewer@skyline.test', 'tv-password', 'signin', second.app)).status).toBe(303);
          expect((await tokenV3(client, pending.accessToken, {}, second.app)).status).toBe(200);

          expect((await call(second.app, 'POST', '/api/v2/user/adobe', { headers: tv, body: { requestorId: 'stream', resourceId: 'stream' } })).status).toBe(200);

          expect((await call(second.app, 'POST', '/api/v2/device/pin/poll', { body: { anchor: pin.anchor } })).json.status).toBe('pending');
          expect((await call(second.app, 'POST', '/api/v2/device/pin/confirm', { token: viewer.authorisationToken, body: { pin: pin.pin } })).status).toBe(200);
          const polled = await call(second.app, 'POST', '/api/v2/device/pin/poll', { body: { anchor: pin.anchor } });
          expect(polled.json.status).toBe('confirmed');
          expect(decodeSub(polled.json.authorisationToken)).toBe(decodeSub(viewer.authorisationToken));
          expect((await call(second.app, 'POST', '/api/v2/device/pin/poll', { body: { anchor: pin.anchor } })).json.status).toBe('expired');

          const redeemed = await call(second.app, 'POST', '/api/v2/external-licence/token', { body: { authorisationCode: licenceCode } });
          expect(redeemed.json).toEqual({ licenceIds: ['202'] });
        } finally {
          await second.close();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});

function decodeSub(jwt: string): string {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')).sub as string;
}
