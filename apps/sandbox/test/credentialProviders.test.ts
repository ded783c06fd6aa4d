/**
 * PBR, SPTV, OPIN and GIGYA sign-in in process (`app.request`): the realm entries, the id/secret
 * stores (the same answer for an unknown id and a wrong secret), the OPIN portal's pages and its
 * single-use tokens, the GIGYA script, its accounts API and the platform's id-token check.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '@stream/core/contracts';
import { createApp, type AppDeps } from '../src/index.js';
import { GIGYA_API_KEY, GIGYA_ISSUER, PROVIDER_IDENTITY_SEEDS } from '../src/providers/config.js';
import { call, decodeClaims, expectError, fakeClock, memoryDeps, REALM_HEADERS } from './helpers.js';

let deps: AppDeps;
let closeDb: () => Promise<void>;
const clock = fakeClock();
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  const opened = await memoryDeps();
  deps = opened.deps;
  closeDb = opened.close;
  app = createApp({ ...deps, now: clock.now });
});
afterAll(async () => {
  await closeDb?.();
});

const seed = (provider: string) => PROVIDER_IDENTITY_SEEDS.find((s) => s.provider === provider)!;
const PBR_PATH = '/api/v2/login/auth-provider/pbr';
const SPTV_PATH = '/api/v2/login/sptv';
const OPIN_PATH = '/api/v1/opin-auth';
const GIGYA_PATH = '/api/v2/login/auth-provider/gigya';
const RETURN = 'http://127.0.0.1:5173/login/opin?from=%2Faccount';

async function addAccount(provider: string, id = `${provider.toLowerCase()}-${randomUUID()}`, secret = 'a good secret') {
  const res = await call(app, 'POST', '/_sandbox/provider-accounts', { body: { provider, id, secret, name: `${provider} Viewer` } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { id, secret };
}

describe('realm entries', () => {
  it('the full realm lists PBR, SPTV, OPIN with its portal and GIGYA with its script URL and api key', async () => {
    const res = await call(app, 'GET', '/api/v2/realm/settings');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries((res.json.authProviders as { name: string }[]).map((p) => [p.name, p]));
    expect(byName.PBR).toMatchObject({ name: 'PBR' });
    expect(byName.SPTV).toMatchObject({ name: 'SPTV' });
    expect(byName.OPIN).toMatchObject({ baseUri: '/_opin' });
    expect(byName.GIGYA).toMatchObject({ scriptUrl: '/_gigya/gigya.js', apiKey: GIGYA_API_KEY });
  });
});

describe('PBR and SPTV id/secret', () => {
  it('the seeded PBR identity signs in, always to the same platform account', async () => {
    const { id, secret } = seed('PBR');
    const first = await call(app, 'POST', PBR_PATH, { body: { id, secret } });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(loginResponseSchema.safeParse(first.json).success).toBe(true);
    const second = await call(app, 'POST', PBR_PATH, { body: { id: ` ${id.toUpperCase()} `, secret } });
    expect(second.status).toBe(200);
    expect(decodeClaims(second.json.authorisationToken).sub).toBe(decodeClaims(first.json.authorisationToken).sub);
    const profile = await call(app, 'GET', '/api/v2/user/profile', { token: first.json.authorisationToken });
    expect(profile.json.name).toBe(seed('PBR').name);
  });

  it('a wrong secret and an unknown id get the same 404 answer', async () => {
    const { id } = seed('PBR');
    const wrong = expectError(await call(app, 'POST', PBR_PATH, { body: { id, secret: 'not the secret' } }), 404, 'NOT_FOUND');
    const unknown = expectError(await call(app, 'POST', PBR_PATH, { body: { id: `nobody-${randomUUID()}`, secret: 'x' } }), 404, 'NOT_FOUND');
    expect(wrong.messages).toEqual(['providerCredentialsInvalid', 'Invalid id or secret']);
    expect(unknown.messages).toEqual(wrong.messages);
  });

  it('SPTV has its own store: its account signs in at SPTV, not at PBR; a new identity gets a new platform account', async () => {
    const account = await addAccount('SPTV');
    const sptv = await call(app, 'POST', SPTV_PATH, { body: account });
    expect(sptv.status).toBe(200);
    expectError(await call(app, 'POST', PBR_PATH, { body: account }), 404, 'NOT_FOUND');
    const pbr = await call(app, 'POST', PBR_PATH, { body: seed('PBR') });
    expect(decodeClaims(sptv.json.authorisationToken).sub).not.toBe(decodeClaims(pbr.json.authorisationToken).sub);
    // The identity's platform account cannot be signed in with the ID provider.
    const profile = await call(app, 'GET', '/api/v2/user/profile', { token: sptv.json.authorisationToken });
    expectError(await call(app, 'POST', '/api/v2/login', { body: { id: profile.json.contactEmail, secret: '!provider-account' } }), 404, 'NOT_FOUND');
  });

  it('bad input is a 400 in the platform shape; a taken id is a 409', async () => {
    expectError(await call(app, 'POST', PBR_PATH, { body: { id: '', secret: 'x' } }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', SPTV_PATH, { rawBody: '{not json' }), 400, 'BAD_REQUEST');
    expectError(await call(app, 'POST', '/_sandbox/provider-accounts', { body: { provider: 'ID', id: 'x', secret: 'long enough' } }), 400, 'BAD_REQUEST');
    const account = await addAccount('PBR');
    expectError(await call(app, 'POST', '/_sandbox/provider-accounts', { body: { provider: 'PBR', ...account } }), 409, 'CONFLICT');
  });

  it('a realm without the provider answers 404 providerNotAvailable', async () => {
    const res = await call(app, 'POST', PBR_PATH, {
      body: seed('PBR'),
      headers: { realm: 'stream-closed', 'x-api-key': 'sandbox-api-key-closed' },
    });
    expect(expectError(res, 404, 'NOT_FOUND').messages[0]).toBe('providerNotAvailable');
  });
});

/** Submits the OPIN portal's form; the raw response. */
async function portalSignIn(email: string, password: string, redirectUri = RETURN, state = 'state-0123456789') {
  return app.request('/_opin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password, redirect_uri: redirectUri, state }).toString(),
  });
}

describe('OPIN portal and POST /api/v1/opin-auth', () => {
  it('the portal shows a labelled form for the web app\'s OPIN page and refuses any other return address', async () => {
    const ok = await app.request(`/_opin/login?${new URLSearchParams({ redirect_uri: RETURN, state: 'state-0123456789' })}`);
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toContain('<h1>Sign in to OPIN</h1>');
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    for (const bad of ['https://evil.test/login/opin', 'http://127.0.0.1:5173/account', 'javascript:alert(1)', '']) {
      const res = await app.request(`/_opin/login?${new URLSearchParams({ redirect_uri: bad, state: 'state-0123456789' })}`);
      expect(res.status).toBe(400);
    }
    expect((await portalSignIn(seed('OPIN').id, seed('OPIN').secret, 'https://evil.test/login/opin')).status).toBe(400);
  });

  it('a wrong password shows the form again with an alert; the right one goes back with a token spent exactly once', async () => {
    const wrong = await portalSignIn(seed('OPIN').id, 'wrong');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('role="alert"');
    const unknown = await portalSignIn(`nobody-${randomUUID()}@opin.test`, 'wrong');
    expect(unknown.status).toBe(401);

    const res = await portalSignIn(seed('OPIN').id, seed('OPIN').secret);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:5173/login/opin');
    expect(location.searchParams.get('from')).toBe('/account');
    expect(location.searchParams.get('state')).toBe('state-0123456789');
    const token = location.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const first = await call(app, 'POST', OPIN_PATH, { body: { opinAuthToken: token } });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(loginResponseSchema.safeParse(first.json).success).toBe(true);
    const again = expectError(await call(app, 'POST', OPIN_PATH, { body: { opinAuthToken: token } }), 401, 'UNAUTHORIZED');
    expect(again.messages[0]).toBe('opinTokenInvalid');
    expectError(await call(app, 'POST', OPIN_PATH, { body: { opinAuthToken: 'made-up-token-123' } }), 401, 'UNAUTHORIZED');
  });

  it('a token expires after two minutes', async () => {
    const res = await portalSignIn(seed('OPIN').id, seed('OPIN').secret);
    const token = new URL(res.headers.get('location')!).searchParams.get('token')!;
    clock.advance(121);
    expectError(await call(app, 'POST', OPIN_PATH, { body: { opinAuthToken: token } }), 401, 'UNAUTHORIZED');
  });
});

async function gigyaLogin(body: Record<string, unknown>) {
  const res = await app.request('/_gigya/accounts.login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, any>;
}

describe('GIGYA script, accounts API and POST /api/v2/login/auth-provider/gigya', () => {
  it('serves the script, which defines window.gigya.accounts', async () => {
    const res = await app.request('/_gigya/gigya.js?apikey=x');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const text = await res.text();
    expect(text).toContain('window.gigya = {');
    expect(text).not.toMatch(/console\./);
  });

  it('accounts.login answers GIGYA error codes; a good login gives an id token the platform trades for tokens', async () => {
    const { id, secret } = seed('GIGYA');
    expect((await gigyaLogin({ apiKey: 'other', loginID: id, password: secret })).errorCode).toBe(400093);
    const wrong = await gigyaLogin({ apiKey: GIGYA_API_KEY, loginID: id, password: 'wrong' });
    const unknown = await gigyaLogin({ apiKey: GIGYA_API_KEY, loginID: `nobody-${randomUUID()}@gigya.test`, password: 'wrong' });
    expect(wrong).toEqual({ errorCode: 403042, errorMessage: 'Invalid LoginID', statusCode: 403 });
    expect(unknown).toEqual(wrong);

    const ok = await gigyaLogin({ apiKey: GIGYA_API_KEY, loginID: id, password: secret });
    expect(ok.errorCode).toBe(0);
    expect(decodeClaims(ok.id_token)).toMatchObject({ iss: GIGYA_ISSUER, aud: GIGYA_API_KEY, sub: ok.UID });
    const tokens = await call(app, 'POST', GIGYA_PATH, { body: { idToken: ok.id_token } });
    expect(tokens.status, JSON.stringify(tokens.json)).toBe(200);
    const again = await call(app, 'POST', GIGYA_PATH, { body: { idToken: ok.id_token } });
    expect(decodeClaims(again.json.authorisationToken).sub).toBe(decodeClaims(tokens.json.authorisationToken).sub);
  });

  it('refuses a token signed with another key, a tampered or unsigned one, and an expired one', async () => {
    const { id, secret } = seed('GIGYA');
    const ok = await gigyaLogin({ apiKey: GIGYA_API_KEY, loginID: id, password: secret });
    const [header, payload, signature] = (ok.id_token as string).split('.');
    const claims = decodeClaims(ok.id_token);
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url')}.${signature}`;
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'RS256' }).setIssuer(GIGYA_ISSUER).setAudience(GIGYA_API_KEY)
      .setSubject(String(claims.sub)).setIssuedAt().setExpirationTime('5m').sign(privateKey);
    for (const idToken of [tampered, forged, `${header}.${payload}.`, 'not-a-jwt']) {
      const res = expectError(await call(app, 'POST', GIGYA_PATH, { body: { idToken } }), 401, 'UNAUTHORIZED');
      expect(res.messages[0]).toBe('gigyaTokenInvalid');
    }
    clock.advance(301);
    expectError(await call(app, 'POST', GIGYA_PATH, { body: { idToken: ok.id_token } }), 401, 'UNAUTHORIZED');
  });

  it('a new GIGYA account from the control route signs in through the accounts API', async () => {
    const email = `gigya-${randomUUID()}@gigya.test`;
    await addAccount('GIGYA', email, 'gigya secret 1');
    const ok = await gigyaLogin({ apiKey: GIGYA_API_KEY, loginID: email.toUpperCase(), password: 'gigya secret 1' });
    expect(ok.errorCode).toBe(0);
    expect((await call(app, 'POST', GIGYA_PATH, { body: { idToken: ok.id_token } })).status).toBe(200);
  });
});

it('the control route needs the realm and API key', async () => {
  const res = await call(app, 'POST', '/_sandbox/provider-accounts', { noRealm: true, body: { provider: 'PBR', id: 'x', secret: 'long enough' } });
  expect(res.status).toBe(401);
  expect(REALM_HEADERS.realm).toBe('stream');
});
