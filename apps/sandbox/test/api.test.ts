import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginResponseSchema,
  platformErrorSchema,
  tokenRefreshResponseSchema,
  userProfileSchema,
  countriesResponseSchema,
} from '@stream/core/contracts';
import type { AppDeps } from '../src/index.js';
import { REFRESH_REUSE_GRACE_MS } from '../src/auth/sessions.js';
import { type App, appWith, call, decodeClaims, fakeClock, inProcessAppForFile } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DEMO = { id: 'demo@stream.test', secret: 'demo-password' };

const file = inProcessAppForFile();
let deps: AppDeps;
let app: App;
beforeAll(() => {
  ({ app, deps } = file);
});

/** Asserts the platform error shape, the status and the code, and that requestId matches the header. */
function expectPlatformError(res: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = platformErrorSchema.parse(res.json);
  expect(body.status).toBe(status);
  expect(body.code).toBe(code);
  expect(body.messages.length).toBeGreaterThan(0);
  expect(body.requestId).toMatch(UUID);
  expect(res.headers.get('x-request-id')).toBe(body.requestId);
  return body;
}

describe('login', () => {
  it('signs the demo account in with CUSTOMER claims (email case-insensitive)', async () => {
    const res = await call(app, 'POST', '/api/v2/login', { body: { id: 'Demo@Stream.TEST', secret: 'demo-password' } });
    expect(res.status).toBe(200);
    const tokens = loginResponseSchema.parse(res.json);
    expect(tokens.missingInformationStatus).toBeUndefined();
    const claims = decodeClaims(tokens.authorisationToken);
    expect(claims).toMatchObject({ gue: false, rol: 'CUSTOMER', loc: 'GB', par: 'NON_RESTRICTED' });
    expect(claims.sub).toMatch(UUID);
    expect((claims.exp as number) - (claims.iat as number)).toBe(deps.accessTokenTtlS);
    expect(tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers wrong password and unknown email identically (404)', async () => {
    const wrong = await call(app, 'POST', '/api/v2/login', { body: { id: DEMO.id, secret: 'not-the-password' } });
    const unknown = await call(app, 'POST', '/api/v2/login', { body: { id: 'nobody@stream.test', secret: 'whatever' } });
    const a = expectPlatformError(wrong, 404, 'NOT_FOUND');
    const b = expectPlatformError(unknown, 404, 'NOT_FOUND');
    expect(a.messages).toEqual(['Invalid email or password']);
    expect({ ...a, requestId: '' }).toEqual({ ...b, requestId: '' });
  });

  it('answers 400 BAD_REQUEST for malformed JSON', async () => {
    const res = await call(app, 'POST', '/api/v2/login', { rawBody: '{"id": "demo@stream.test", ' });
    expect(expectPlatformError(res, 400, 'BAD_REQUEST').messages).toEqual(['Malformed JSON body']);
  });

  it('answers 400 BAD_REQUEST with field paths for a contract violation', async () => {
    const res = await call(app, 'POST', '/api/v2/login', { body: { id: 42 } });
    const body = expectPlatformError(res, 400, 'BAD_REQUEST');
    expect(body.messages.some((m) => m.startsWith('id: '))).toBe(true);
    expect(body.messages.some((m) => m.startsWith('secret: '))).toBe(true);
  });

  it('answers 400 for an empty body, a JSON array and a JSON string', async () => {
    for (const rawBody of ['', '[]', '"x"', 'null']) {
      const res = await call(app, 'POST', '/api/v2/login', { rawBody });
      expectPlatformError(res, 400, 'BAD_REQUEST');
    }
  });
});

describe('realm and API key', () => {
  it('answers 401 without x-api-key', async () => {
    const res = await call(app, 'POST', '/api/v2/login', { body: DEMO, noRealm: true, headers: { realm: 'stream' } });
    expectPlatformError(res, 401, 'UNAUTHORIZED');
  });

  it('answers 401 without a Realm header', async () => {
    const res = await call(app, 'POST', '/api/v2/login', { body: DEMO, noRealm: true, headers: { 'x-api-key': 'sandbox-api-key' } });
    expectPlatformError(res, 401, 'UNAUTHORIZED');
  });

  it('answers 403 for a wrong key or an unknown realm', async () => {
    const wrongKey = await call(app, 'POST', '/api/v2/login', { body: DEMO, headers: { 'x-api-key': 'nope' } });
    expectPlatformError(wrongKey, 403, 'FORBIDDEN');
    const otherRealm = await call(app, 'POST', '/api/v2/login', { body: DEMO, headers: { realm: 'other' } });
    expectPlatformError(otherRealm, 403, 'FORBIDDEN');
  });
});

describe('sign-up', () => {
  it('creates an account, signs it in, and the account can log in', async () => {
    const email = `New.Viewer+${Date.now()}@Stream.test`;
    const res = await call(app, 'POST', '/api/v2/user', {
      body: { id: email, secret: 'correct horse', name: '  Ada  ', consentAnswers: [{ fieldName: 'terms', answer: true }] },
    });
    expect(res.status).toBe(201);
    const tokens = loginResponseSchema.parse(res.json);
    const login = await call(app, 'POST', '/api/v2/login', { body: { id: email.toLowerCase(), secret: 'correct horse' } });
    expect(login.status).toBe(200);
    const claims = decodeClaims(loginResponseSchema.parse(login.json).authorisationToken);
    expect(claims.sub).toBe(decodeClaims(tokens.authorisationToken).sub);

    const profile = await call(app, 'GET', '/api/v2/user/profile', { token: tokens.authorisationToken });
    expect(profile.status).toBe(200);
    expect(userProfileSchema.parse(profile.json)).toEqual({ id: claims.sub, contactEmail: email.toLowerCase(), name: 'Ada' });
  });

  it('answers 409 CONFLICT emailAlreadyInUse for an existing email (any case)', async () => {
    const res = await call(app, 'POST', '/api/v2/user', { body: { id: 'DEMO@stream.test', secret: 'another-password', name: 'X' } });
    expect(expectPlatformError(res, 409, 'CONFLICT').messages).toEqual(['emailAlreadyInUse']);
  });

  it('answers 400 for an invalid email, a short password or a missing name', async () => {
    const res = await call(app, 'POST', '/api/v2/user', { body: { id: 'not-an-email', secret: 'short' } });
    const body = expectPlatformError(res, 400, 'BAD_REQUEST');
    expect(body.messages.map((m) => m.split(':')[0])).toEqual(['id', 'secret', 'name']);
  });
});

describe('profile', () => {
  it('answers the demo profile with a token, omitting nulls', async () => {
    const login = await call(app, 'POST', '/api/v2/login', { body: DEMO });
    const res = await call(app, 'GET', '/api/v2/user/profile', { token: login.json.authorisationToken });
    expect(res.status).toBe(200);
    const profile = userProfileSchema.parse(res.json);
    expect(profile).toMatchObject({ contactEmail: 'demo@stream.test', name: 'Demo Viewer', birthDate: '1990-01-15' });
    expect('phoneNumber' in profile).toBe(false);
  });

  it('answers 401 without a token, with a bad token, with a malformed header, and for a guest', async () => {
    expectPlatformError(await call(app, 'GET', '/api/v2/user/profile'), 401, 'UNAUTHORIZED');
    expectPlatformError(await call(app, 'GET', '/api/v2/user/profile', { token: 'abc.def.ghi' }), 401, 'UNAUTHORIZED');
    expectPlatformError(
      await call(app, 'GET', '/api/v2/user/profile', { headers: { authorization: 'Basic Zm9vOmJhcg==' } }),
      401,
      'UNAUTHORIZED',
    );
    const guest = await call(app, 'POST', '/api/v2/login/guest/checkin');
    expectPlatformError(await call(app, 'GET', '/api/v2/user/profile', { token: guest.json.authorisationToken }), 401, 'UNAUTHORIZED');
  });

  it('rejects a token signed with another secret', async () => {
    const { createTokenSigner } = await import('../src/auth/jwt.js');
    const forged = await createTokenSigner(new Uint8Array(32)).sign('5e006eee-6edf-4108-9c52-61ed9203ba2d', {
      guest: false,
      nowMs: Date.now(),
      ttlS: 600,
    });
    expectPlatformError(await call(app, 'GET', '/api/v2/user/profile', { token: forged }), 401, 'UNAUTHORIZED');
  });
});

describe('tokens', () => {
  it('answers 401 TOKEN_EXPIRED for an expired access token, then refresh works and rotates', async () => {
    const clock = fakeClock();
    const shortApp = appWith(deps, { accessTokenTtlS: 1, now: clock.now });
    const login = loginResponseSchema.parse((await call(shortApp, 'POST', '/api/v2/login', { body: DEMO })).json);
    expect((await call(shortApp, 'GET', '/api/v2/user/profile', { token: login.authorisationToken })).status).toBe(200);

    clock.advance(2);
    const expired = await call(shortApp, 'GET', '/api/v2/user/profile', { token: login.authorisationToken });
    expectPlatformError(expired, 401, 'TOKEN_EXPIRED');

    // Refresh with the expired bearer (accepted: signature checked, expiry ignored).
    const refreshed = await call(shortApp, 'POST', '/api/v2/token/refresh', {
      token: login.authorisationToken,
      body: { refreshToken: login.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const next = tokenRefreshResponseSchema.parse(refreshed.json);
    expect(next.refreshToken).toBeDefined();
    expect(next.refreshToken).not.toBe(login.refreshToken);
    expect(decodeClaims(next.authorisationToken).sub).toBe(decodeClaims(login.authorisationToken).sub);
    expect((await call(shortApp, 'GET', '/api/v2/user/profile', { token: next.authorisationToken })).status).toBe(200);

    // Presented again a moment later (a second tab refreshing at the same time, or a page that
    // reloaded and lost the first answer): the same pair again (single flight); nothing is revoked.
    const again = await call(shortApp, 'POST', '/api/v2/token/refresh', { body: { refreshToken: login.refreshToken } });
    expect(again.status).toBe(200);
    expect(tokenRefreshResponseSchema.parse(again.json)).toEqual(next);
    const fromNext = await call(shortApp, 'POST', '/api/v2/token/refresh', { body: { refreshToken: next.refreshToken! } });
    expect(fromNext.status).toBe(200);
    const fourth = tokenRefreshResponseSchema.parse(fromNext.json);
    const fromNextAgain = await call(shortApp, 'POST', '/api/v2/token/refresh', { body: { refreshToken: next.refreshToken! } });
    expect(fromNextAgain.status).toBe(200);
    expect(tokenRefreshResponseSchema.parse(fromNextAgain.json)).toEqual(fourth);

    // Presented again after the grace window, an old token is taken for theft and revokes the family.
    clock.advance(REFRESH_REUSE_GRACE_MS / 1000 + 1);
    const reused = await call(shortApp, 'POST', '/api/v2/token/refresh', { body: { refreshToken: login.refreshToken } });
    expectPlatformError(reused, 401, 'UNAUTHORIZED');
    const afterReuse = await call(shortApp, 'POST', '/api/v2/token/refresh', { body: { refreshToken: fourth.refreshToken! } });
    expectPlatformError(afterReuse, 401, 'UNAUTHORIZED');
  });

  it('a rotated token presented within the grace window gets nothing once the session has ended', async () => {
    const login = loginResponseSchema.parse((await call(app, 'POST', '/api/v2/login', { body: DEMO })).json);
    const rotated = await call(app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: login.refreshToken } });
    expect(rotated.status).toBe(200);
    const next = tokenRefreshResponseSchema.parse(rotated.json);
    // The session ends (the OAuth logout route revokes the token's whole family).
    const ended = await call(app, 'POST', '/api/v2/oauth/partner/logout', { body: { refreshToken: next.refreshToken } });
    expect(ended.status).toBe(200);
    // Within the grace window, neither the rotated token nor its successor brings the session back.
    expectPlatformError(await call(app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: login.refreshToken } }), 401, 'UNAUTHORIZED');
    expectPlatformError(await call(app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: next.refreshToken! } }), 401, 'UNAUTHORIZED');
  });

  it('refreshes without a bearer, and rejects a bearer of another subject', async () => {
    const a = loginResponseSchema.parse((await call(app, 'POST', '/api/v2/login', { body: DEMO })).json);
    const guest = loginResponseSchema.parse((await call(app, 'POST', '/api/v2/login/guest/checkin')).json);
    const mismatch = await call(app, 'POST', '/api/v2/token/refresh', {
      token: guest.authorisationToken,
      body: { refreshToken: a.refreshToken },
    });
    expectPlatformError(mismatch, 401, 'UNAUTHORIZED');
    const ok = await call(app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: a.refreshToken } });
    expect(ok.status).toBe(200);
  });

  it('rejects unknown and expired refresh tokens, and a malformed body', async () => {
    expectPlatformError(await call(app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: 'nope' } }), 401, 'UNAUTHORIZED');
    expectPlatformError(await call(app, 'POST', '/api/v2/token/refresh', { body: {} }), 400, 'BAD_REQUEST');
    const clock = fakeClock();
    const shortApp = appWith(deps, { refreshTokenTtlS: 5, now: clock.now });
    const login = loginResponseSchema.parse((await call(shortApp, 'POST', '/api/v2/login', { body: DEMO })).json);
    clock.advance(6);
    expectPlatformError(
      await call(shortApp, 'POST', '/api/v2/token/refresh', { body: { refreshToken: login.refreshToken } }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('checks a guest in with gue true and a guest subject; guests can refresh', async () => {
    const res = await call(app, 'POST', '/api/v2/login/guest/checkin');
    expect(res.status).toBe(200);
    const tokens = loginResponseSchema.parse(res.json);
    const claims = decodeClaims(tokens.authorisationToken);
    expect(claims).toMatchObject({ gue: true, rol: 'GUEST', loc: 'GB', par: 'NON_RESTRICTED' });
    expect(claims.sub).toMatch(/^guest:[0-9a-f-]{36}$/);
    const refreshed = await call(app, 'POST', '/api/v2/token/refresh', {
      token: tokens.authorisationToken,
      body: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect(decodeClaims(refreshed.json.authorisationToken)).toMatchObject({ sub: claims.sub, gue: true });
  });
});

describe('http', () => {
  it('answers 404 NOT_FOUND in the platform shape for an unknown route', async () => {
    expectPlatformError(await call(app, 'GET', '/api/v2/nothing-here'), 404, 'NOT_FOUND');
    expectPlatformError(await call(app, 'GET', '/nothing'), 404, 'NOT_FOUND');
  });

  it('answers /health without realm headers', async () => {
    const res = await call(app, 'GET', '/health', { noRealm: true });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
  });

  it('assigns a device id when none is sent, and echoes a sent one', async () => {
    const fresh = await call(app, 'GET', '/health');
    expect(fresh.headers.get('x-device-id')).toMatch(UUID);
    const echoed = await call(app, 'GET', '/api/v2/nothing', { headers: { 'x-device-id': 'device-123' } });
    expect(echoed.headers.get('x-device-id')).toBe('device-123');
  });

  it('answers CORS preflights for any origin with the allowed and exposed headers', async () => {
    const res = await app.request('/api/v2/login', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key,realm,authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = res.headers.get('access-control-allow-headers') ?? '';
    for (const h of ['content-type', 'x-api-key', 'realm', 'authorization', 'accept-language', 'x-device-id']) {
      expect(allowed).toContain(h);
    }
    const error = await call(app, 'POST', '/api/v2/login', { body: {}, headers: { origin: 'http://localhost:5173' } });
    expect(error.headers.get('access-control-allow-origin')).toBe('*');
    expect(error.headers.get('access-control-expose-headers')).toContain('x-request-id');
  });

  it('answers countries with callerCountryCode GB', async () => {
    const res = await call(app, 'GET', '/api/v2/i18n/countries');
    expect(res.status).toBe(200);
    const body = countriesResponseSchema.parse(res.json);
    expect(body.callerCountryCode).toBe('GB');
    expect(body.countries.map((c) => c.iso3166alpha2)).toEqual(
      expect.arrayContaining(['GB', 'US', 'ES', 'PT', 'BR', 'FR', 'DE', 'IT', 'IE', 'NL', 'AE', 'EG', 'SA', 'CA', 'AU']),
    );
    const us = body.countries.find((c) => c.iso3166alpha2 === 'US');
    expect(us?.addressRequiredFields?.[0]?.acceptableValues?.length).toBeGreaterThan(0);
  });

  it('never logs tokens or passwords', async () => {
    const lines: string[] = [];
    const logged = appWith(deps, { log: (line) => lines.push(line) });
    const login = await call(logged, 'POST', '/api/v2/login', { body: DEMO });
    await call(logged, 'GET', '/api/v2/user/profile', { token: login.json.authorisationToken });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[sandbox\] POST \/api\/v2\/login 200 \d+(\.\d+)?ms$/);
    const all = lines.join('\n');
    expect(all).not.toContain(DEMO.secret);
    expect(all).not.toContain(login.json.authorisationToken);
    expect(all).not.toContain(login.json.refreshToken);
  });
});
