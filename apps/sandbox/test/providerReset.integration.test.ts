/**
 * Password reset of PBR, GIGYA and FIREBASE accounts (identity-and-routes.md §6, §7; docs/api.md
 * "Email flows"): the request emails a link carrying `providerName` to a known provider account
 * only (the same `{}` for an unknown one), the new password replaces that provider account's
 * secret (the stand-ins' store, or the Firebase emulator's user), the old one stops signing in
 * at that provider, the token is single-use, expires after 15 minutes on the sandbox clock, and
 * the platform account's sessions end. Firebase runs against the real emulator.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createSandboxDeps, startSandbox, type SandboxDeps } from '../src/index.js';
import { providerAccounts, users } from '../src/db/schema.js';
import { FIREBASE_API_KEY, FIREBASE_PROJECT_ID } from '../src/firebase/config.js';
import { attachFirebase } from '../src/firebase/runtime.js';
import { GIGYA_API_KEY } from '../src/providers/config.js';
import { call } from './helpers.js';

const STARTUP_MS = 200_000;
const PBR_PATH = '/api/v2/login/auth-provider/pbr';
const GIGYA_PATH = '/api/v2/login/auth-provider/gigya';
const OLD = 'old-password-1';
const NEW = 'new-password-2';

let running: Awaited<ReturnType<typeof startSandbox>>;
let emulatorUrl: string;
let sandbox: SandboxDeps;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  running = await startSandbox({ port: 0, dataDir: ':memory:', firebaseEmulator: true });
  if (!running.firebase) throw new Error('firebase-tools is not installed (a devDependency of @stream/sandbox)');
  sandbox = await createSandboxDeps({ dataDir: ':memory:' });
  attachFirebase(sandbox.deps.db, running.firebase.url, FIREBASE_PROJECT_ID, running.firebase.ready);
  emulatorUrl = running.firebase.url;
  app = createApp({ ...sandbox.deps, webUrl: 'https://web.example.test' });
  await running.firebase.ready;
}, STARTUP_MS);

afterAll(async () => {
  await running?.close();
  await sandbox?.close();
});

afterEach(async () => {
  await call(app, 'POST', '/_sandbox/clock', { body: { now: null } });
});

const uniqueEmail = (tag: string) => `reset-${tag}-${randomUUID()}@example.test`;

async function addAccount(provider: 'PBR' | 'GIGYA', id: string, secret = OLD) {
  const res = await call(app, 'POST', '/_sandbox/provider-accounts', { body: { provider, id, secret, name: `${provider} Viewer` } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
}

async function requestReset(email: string, provider: string, headers?: Record<string, string>) {
  const res = await call(app, 'POST', '/api/v2/reset-password/create', { body: { id: email, provider }, ...(headers ? { headers } : {}) });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json).toEqual({});
}

/** The reset messages sent to `email`, newest first. */
async function resets(email: string) {
  const res = await call(app, 'GET', `/_sandbox/outbox?to=${encodeURIComponent(email)}`);
  return (res.json.messages as { kind: string; link: string }[]).filter((m) => m.kind === 'reset');
}

/** The token of the newest reset email to `email`, checking its link names `provider`. */
async function emailedToken(email: string, provider: string): Promise<string> {
  const [message] = await resets(email);
  expect(message, `a reset email to ${email}`).toBeDefined();
  const link = new URL(message!.link);
  expect(link.origin + link.pathname).toBe('https://web.example.test/login/resetpwd');
  expect(link.searchParams.get('providerName')).toBe(provider);
  return link.searchParams.get('token')!;
}

const putReset = (token: string, secret = NEW) => call(app, 'PUT', '/api/v2/reset-password', { body: { token, secret } });

const pbrSignIn = (id: string, secret: string) => call(app, 'POST', PBR_PATH, { body: { id, secret } });

async function gigyaSignIn(id: string, secret: string): Promise<number> {
  const res = await app.request('/_gigya/accounts.login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiKey: GIGYA_API_KEY, loginID: id, password: secret }),
  });
  const answer = (await res.json()) as { errorCode: number; id_token?: string };
  if (answer.errorCode !== 0) return answer.errorCode;
  return (await call(app, 'POST', GIGYA_PATH, { body: { idToken: answer.id_token } })).status;
}

describe('PBR', () => {
  it('a PBR account whose id is the email gets the link; the new secret replaces the old one; the token works once', async () => {
    const email = uniqueEmail('pbr');
    await addAccount('PBR', email);
    const session = await pbrSignIn(email, OLD);
    expect(session.status).toBe(200);

    await requestReset(email.toUpperCase(), 'PBR');
    const token = await emailedToken(email, 'PBR');
    const done = await putReset(token);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toEqual({});

    expect((await pbrSignIn(email, OLD)).status).toBe(404);
    expect((await pbrSignIn(email, NEW)).status).toBe(200);
    expect((await putReset(token, 'another-password')).json).toMatchObject({ status: 404, messages: ['invalidResetToken'] });
    // The platform account's sessions ended with the reset.
    const refreshed = await call(app, 'POST', '/api/v2/token/refresh', { body: { refreshToken: session.json.refreshToken } });
    expect(refreshed.status).toBe(401);
  });

  it('an unknown email, an ID-only email and a realm without PBR get the same {} and no email', async () => {
    const unknown = uniqueEmail('nobody');
    await requestReset(unknown, 'PBR');
    expect(await resets(unknown)).toEqual([]);

    const idOnly = uniqueEmail('id-only');
    expect((await call(app, 'POST', '/api/v2/user', { body: { id: idOnly, secret: OLD, name: 'ID Viewer' } })).status).toBe(201);
    await requestReset(idOnly, 'PBR');
    expect(await resets(idOnly)).toEqual([]);

    const pbr = uniqueEmail('closed');
    await addAccount('PBR', pbr);
    await requestReset(pbr, 'PBR', { realm: 'stream-closed', 'x-api-key': 'sandbox-api-key-closed' });
    expect(await resets(pbr)).toEqual([]);
  });

  it('a PBR account whose id is no email is found by the email of the platform account it maps to', async () => {
    const id = `pbr-${randomUUID()}`;
    await addAccount('PBR', id);
    expect((await pbrSignIn(id, OLD)).status).toBe(200);
    const [account] = await sandbox.deps.db.select().from(providerAccounts).where(eq(providerAccounts.loginId, id));
    const email = uniqueEmail('mapped');
    await sandbox.deps.db.update(users).set({ email }).where(eq(users.id, account!.userId!));

    await requestReset(email, 'PBR');
    expect((await putReset(await emailedToken(email, 'PBR'))).status).toBe(200);
    expect((await pbrSignIn(id, OLD)).status).toBe(404);
    expect((await pbrSignIn(id, NEW)).status).toBe(200);
  });

  it('a token expires after 15 minutes on the sandbox clock; using one link voids the earlier ones', async () => {
    const email = uniqueEmail('expiry');
    await addAccount('PBR', email);
    await requestReset(email, 'PBR');
    const expired = await emailedToken(email, 'PBR');
    await call(app, 'POST', '/_sandbox/clock', { body: { now: new Date(Date.now() + 15 * 60_000 + 1000).toISOString() } });
    expect((await putReset(expired)).status).toBe(404);
    expect((await pbrSignIn(email, NEW)).status).toBe(404);

    await requestReset(email, 'PBR');
    const first = await emailedToken(email, 'PBR');
    await requestReset(email, 'PBR');
    const second = await emailedToken(email, 'PBR');
    expect(second).not.toBe(first);
    expect((await putReset(second)).status).toBe(200);
    expect((await putReset(first, 'third-password')).status).toBe(404);
    expect((await pbrSignIn(email, NEW)).status).toBe(200);
  });

  it('a refused password (sign-up rule) does not spend the token', async () => {
    const email = uniqueEmail('rule');
    await addAccount('PBR', email);
    await requestReset(email, 'PBR');
    const token = await emailedToken(email, 'PBR');
    expect((await putReset(token, 'short')).json).toMatchObject({ status: 400, messages: ['passwordTooShort'] });
    expect((await putReset(token)).status).toBe(200);
  });
});

describe('GIGYA', () => {
  it('the link resets the GIGYA account: the old password is refused by accounts.login, the new one signs in', async () => {
    const email = uniqueEmail('gigya');
    await addAccount('GIGYA', email);
    expect(await gigyaSignIn(email, OLD)).toBe(200);
    await requestReset(email, 'gigya');
    expect((await putReset(await emailedToken(email, 'GIGYA'))).status).toBe(200);
    expect(await gigyaSignIn(email, OLD)).not.toBe(200);
    expect(await gigyaSignIn(email, NEW)).toBe(200);
  });

  it('a PBR account with the same email is not the GIGYA account', async () => {
    const email = uniqueEmail('only-pbr');
    await addAccount('PBR', email);
    await requestReset(email, 'GIGYA');
    expect(await resets(email)).toEqual([]);
  });
});

describe('FIREBASE', () => {
  async function firebaseSignIn(email: string, password: string): Promise<number> {
    const response = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${FIREBASE_API_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    });
    return response.status;
  }

  it("the link sets the emulator user's password: the old one is refused, the new one signs in", async () => {
    const email = uniqueEmail('firebase');
    const signUp = await call(app, 'POST', '/api/v1/firebase-auth/signup', { body: { username: email, password: OLD, consentAnswers: [] } });
    expect(signUp.status, JSON.stringify(signUp.json)).toBe(201);
    expect(await firebaseSignIn(email, OLD)).toBe(200);

    await requestReset(email, 'FIREBASE');
    const token = await emailedToken(email, 'FIREBASE');
    expect((await putReset(token)).status).toBe(200);
    expect(await firebaseSignIn(email, OLD)).toBe(400);
    expect(await firebaseSignIn(email, NEW)).toBe(200);
    expect((await putReset(token, 'third-password')).status).toBe(404);
  });

  it('no email for an unknown address or a federated-only user', async () => {
    const unknown = uniqueEmail('fb-nobody');
    await requestReset(unknown, 'FIREBASE');
    expect(await resets(unknown)).toEqual([]);

    const federated = uniqueEmail('fb-google');
    const idToken = JSON.stringify({ sub: `g-${randomUUID()}`, email: federated, email_verified: true });
    const popup = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${FIREBASE_API_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestUri: 'http://localhost', postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`, returnSecureToken: true }),
    });
    expect(popup.status).toBe(200);
    await requestReset(federated, 'FIREBASE');
    expect(await resets(federated)).toEqual([]);
  });
});
