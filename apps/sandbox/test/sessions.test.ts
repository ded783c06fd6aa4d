/**
 * Sessions end when they should (docs/api.md "Sessions", `src/auth/sessions.ts`): a password
 * reset and a logout everywhere refuse every earlier access token at once (the session version
 * in the token, checked on every authenticated call); fifty concurrent refreshes with one refresh
 * token answer one and the same new pair; an account keeps at most 20 live sessions.
 * (An unlink of the signing provider: social.integration.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_LIVE_FAMILIES, REFRESH_REUSE_GRACE_MS } from '../src/auth/sessions.js';
import { refreshTokens } from '../src/db/schema.js';
import { appWith, call, decodeClaims, expectError, fakeClock, inProcessAppForFile } from './helpers.js';

const sandbox = inProcessAppForFile();
const PASSWORD = 'first-password';

type Pair = { authorisationToken: string; refreshToken: string };

async function signUp(): Promise<{ email: string; tokens: Pair }> {
  const email = `sessions-${randomUUID()}@stream.test`;
  const res = await call(sandbox.app, 'POST', '/api/v2/user', { body: { id: email, secret: PASSWORD, name: 'Session Viewer' } });
  expect(res.status).toBe(201);
  return { email, tokens: res.json as Pair };
}

async function login(email: string, secret = PASSWORD): Promise<Pair> {
  const res = await call(sandbox.app, 'POST', '/api/v2/login', { body: { id: email, secret } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as Pair;
}

const profile = (token: string) => call(sandbox.app, 'GET', '/api/v2/user/profile', { token });
const refresh = (refreshToken: string) => call(sandbox.app, 'POST', '/api/v2/token/refresh', { body: { refreshToken } });

/** The reset link's token of the newest reset email to `email`, once the outbox holds one. */
async function resetToken(email: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const res = await call(sandbox.app, 'GET', `/_sandbox/outbox?to=${encodeURIComponent(email)}`);
    const reset = (res.json.messages as { kind: string; link: string }[]).find((m) => m.kind === 'reset');
    if (reset) return new URL(reset.link).searchParams.get('token')!;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`no reset email to ${email}`);
}

describe('revocation at once', () => {
  it('access tokens carry the account session version (sv); a guest token none', async () => {
    const { tokens } = await signUp();
    expect(decodeClaims(tokens.authorisationToken).sv).toBe(0);
    const guest = await call(sandbox.app, 'POST', '/api/v2/login/guest/checkin');
    expect(decodeClaims(guest.json.authorisationToken).sv).toBeUndefined();
  });

  it('a password reset refuses every earlier access token on its next call, and their refresh tokens', async () => {
    const { email, tokens } = await signUp();
    const other = await login(email);
    expect((await profile(tokens.authorisationToken)).status).toBe(200);

    expect((await call(sandbox.app, 'POST', '/api/v2/reset-password/create', { body: { id: email, provider: 'ID' } })).status).toBe(200);
    const token = await resetToken(email);
    expect((await call(sandbox.app, 'PUT', '/api/v2/reset-password', { body: { token, secret: 'second-password' } })).status).toBe(200);

    for (const pair of [tokens, other]) {
      const refused = expectError(await profile(pair.authorisationToken), 401, 'UNAUTHORIZED');
      expect(refused.messages).toContain('sessionRevoked');
      expectError(await refresh(pair.refreshToken), 401, 'UNAUTHORIZED');
    }
    // Every call that needs a user refuses it, not only the profile.
    expectError(await call(sandbox.app, 'GET', '/api/v2/user/linked-accounts', { token: tokens.authorisationToken }), 401, 'UNAUTHORIZED');
    // A new sign-in gets a token of the new version that works.
    const fresh = await login(email, 'second-password');
    expect(decodeClaims(fresh.authorisationToken).sv).toBe(1);
    expect((await profile(fresh.authorisationToken)).status).toBe(200);
  });

  it('a logout everywhere ends every session of the account at once, and only that account', async () => {
    const { email, tokens } = await signUp();
    const other = await login(email);
    const stranger = await signUp();
    expect((await call(sandbox.app, 'POST', '/api/v2/logout', { token: tokens.authorisationToken, body: { everywhere: true } })).status).toBe(200);
    for (const pair of [tokens, other]) {
      expectError(await profile(pair.authorisationToken), 401, 'UNAUTHORIZED');
      expectError(await refresh(pair.refreshToken), 401, 'UNAUTHORIZED');
    }
    expect((await profile(stranger.tokens.authorisationToken)).status).toBe(200);
    expect((await refresh(stranger.tokens.refreshToken)).status).toBe(200);
  });

  it('a logout of one session revokes that refresh family only; the call needs a signed-in user and a body', async () => {
    const { email, tokens } = await signUp();
    const other = await login(email);
    expect((await call(sandbox.app, 'POST', '/api/v2/logout', { token: tokens.authorisationToken, body: { refreshToken: tokens.refreshToken } })).status).toBe(200);
    expectError(await refresh(tokens.refreshToken), 401, 'UNAUTHORIZED');
    expect((await refresh(other.refreshToken)).status).toBe(200);
    // Another account's refresh token is not touched.
    const stranger = await signUp();
    expect((await call(sandbox.app, 'POST', '/api/v2/logout', { token: other.authorisationToken, body: { refreshToken: stranger.tokens.refreshToken } })).status).toBe(200);
    expect((await refresh(stranger.tokens.refreshToken)).status).toBe(200);

    expectError(await call(sandbox.app, 'POST', '/api/v2/logout', { body: { everywhere: true } }), 401, 'UNAUTHORIZED');
    const guest = await call(sandbox.app, 'POST', '/api/v2/login/guest/checkin');
    expectError(await call(sandbox.app, 'POST', '/api/v2/logout', { token: guest.json.authorisationToken, body: { everywhere: true } }), 401, 'UNAUTHORIZED');
    const session = await login(email);
    expectError(await call(sandbox.app, 'POST', '/api/v2/logout', { token: session.authorisationToken, body: {} }), 400, 'BAD_REQUEST');
  });
});

describe('refresh: single flight per refresh token', () => {
  it('fifty concurrent refreshes with one token answer one and the same new pair; one live token in the family', async () => {
    const { tokens } = await signUp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => refresh(tokens.refreshToken)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.json.refreshToken)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json.authorisationToken)).size).toBe(1);
    const pair = answers[0]!.json as Pair;
    expect(pair.refreshToken).not.toBe(tokens.refreshToken);

    const { db } = sandbox.deps;
    const sub = decodeClaims(tokens.authorisationToken).sub as string;
    const live = await db.select().from(refreshTokens).where(and(eq(refreshTokens.userId, sub), isNull(refreshTokens.revokedAt)));
    expect(live).toHaveLength(1);
    // The pair works, and rotates on.
    expect((await profile(pair.authorisationToken)).status).toBe(200);
    expect((await refresh(pair.refreshToken)).status).toBe(200);
  });

  it('a retry within the grace window gets the same pair; after it, a reuse revokes the family', async () => {
    const clock = fakeClock();
    const app = appWith(sandbox.deps, { now: clock.now });
    const email = `grace-${randomUUID()}@stream.test`;
    const created = await call(app, 'POST', '/api/v2/user', { body: { id: email, secret: PASSWORD, name: 'Grace' } });
    const first = (await call(app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: created.json.refreshToken } })).json as Pair;
    clock.advance(REFRESH_REUSE_GRACE_MS / 2000);
    const retry = await call(app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: created.json.refreshToken } });
    expect(retry.json).toEqual(first);
    clock.advance(REFRESH_REUSE_GRACE_MS / 1000);
    expectError(await call(app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: created.json.refreshToken } }), 401, 'UNAUTHORIZED');
    // The reuse after the window was taken for theft: the family, its newest token too, is revoked.
    expectError(await call(app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: first.refreshToken } }), 401, 'UNAUTHORIZED');
  });

  it('the stored rotation answer does not open without the presented token', async () => {
    const { tokens } = await signUp();
    const pair = (await refresh(tokens.refreshToken)).json as Pair;
    const { db } = sandbox.deps;
    const sub = decodeClaims(tokens.authorisationToken).sub as string;
    const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, sub));
    const rotated = rows.find((row) => row.successorPair !== null)!;
    expect(rotated.successorPair).not.toContain(pair.refreshToken);
    expect(Buffer.from(rotated.successorPair!, 'base64url').toString('latin1')).not.toContain(pair.refreshToken);
  });
});

describe('at most 20 live sessions per account', () => {
  it(`the ${MAX_LIVE_FAMILIES + 1}st sign-in revokes the least recently used session; the newest ${MAX_LIVE_FAMILIES} live on`, async () => {
    const clock = fakeClock();
    const app = appWith(sandbox.deps, { now: clock.now });
    const email = `families-${randomUUID()}@stream.test`;
    const sessions: Pair[] = [(await call(app, 'POST', '/api/v2/user', { body: { id: email, secret: PASSWORD, name: 'Many' } })).json as Pair];
    for (let i = 1; i <= MAX_LIVE_FAMILIES; i += 1) {
      clock.advance(1);
      const res = await call(app, 'POST', '/api/v2/login', { body: { id: email, secret: PASSWORD } });
      expect(res.status).toBe(200);
      sessions.push(res.json as Pair);
    }
    const sub = decodeClaims(sessions[0]!.authorisationToken).sub as string;
    const live = await sandbox.deps.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, sub), isNull(refreshTokens.revokedAt)));
    expect(new Set(live.map((row) => row.familyId)).size).toBe(MAX_LIVE_FAMILIES);
    expectError(await call(app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: sessions[0]!.refreshToken } }), 401, 'UNAUTHORIZED');
    for (const session of sessions.slice(1)) {
      expect((await call(app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(200);
    }
  });
});
