/**
 * Firebase sign-in against the real Firebase Auth emulator (docs/sandbox.md "Firebase"): the
 * platform's `firebase-auth/signup` creates the emulator user and the account with its consent
 * answers, `firebase-auth` verifies emulator ID tokens (altered, foreign-project, mismatched
 * refresh tokens refused), popup-style federated users get an account at their first sign-in,
 * and `startSandbox` starts and stops the emulator with the sandbox.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createSandboxDeps, startSandbox, type SandboxDeps } from '../src/index.js';
import { users } from '../src/db/schema.js';
import { FIREBASE_API_KEY, FIREBASE_PROJECT_ID } from '../src/firebase/config.js';
import { attachFirebase } from '../src/firebase/runtime.js';

const HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' };
const STARTUP_MS = 200_000;

/** A sandbox over HTTP with its emulator (started once: it takes 10–60 s). */
let running: Awaited<ReturnType<typeof startSandbox>>;
let emulator: { url: string; ready: Promise<void> };
/** An in-process app on the same emulator, whose database the tests read. */
let sandbox: SandboxDeps;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  running = await startSandbox({ port: 0, dataDir: ':memory:', firebaseEmulator: true });
  if (!running.firebase) throw new Error('firebase-tools is not installed (a devDependency of @stream/sandbox)');
  emulator = running.firebase;
  sandbox = await createSandboxDeps({ dataDir: ':memory:' });
  attachFirebase(sandbox.deps.db, emulator.url, FIREBASE_PROJECT_ID, emulator.ready);
  app = createApp(sandbox.deps);
  await emulator.ready;
}, STARTUP_MS);

afterAll(async () => {
  await running?.close();
  await sandbox?.close();
});

let counter = 0;
const uniqueEmail = (tag: string) => `fb-${tag}-${Date.now()}-${(counter += 1)}@example.test`;
const post = (path: string, body: unknown, headers: Record<string, string> = HEADERS) =>
  app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });

/** The emulator's REST sign-in, as the web SDK does it. */
async function firebaseSignIn(email: string, password: string): Promise<{ idToken: string; refreshToken: string; localId: string }> {
  const response = await fetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${FIREBASE_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { idToken: string; refreshToken: string; localId: string };
}

/** A federated (Google) user, as the emulator's popup creates one. */
async function federatedSignIn(email: string): Promise<{ idToken: string; refreshToken: string; localId: string }> {
  const idToken = `{"sub":"g-${Date.now()}-${counter}","email":"${email}","email_verified":true,"name":"Popup Viewer"}`;
  const response = await fetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${FIREBASE_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestUri: 'http://localhost', postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`, returnSecureToken: true }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { idToken: string; refreshToken: string; localId: string };
}

const profileOf = async (authorisationToken: string) =>
  (await (await app.request('/api/v2/user/profile', { headers: { ...HEADERS, authorization: `Bearer ${authorisationToken}` } })).json()) as { id: string; contactEmail: string; name: string };

describe('POST /api/v1/firebase-auth/signup', () => {
  it('creates the emulator user and the account with the consent answers; the Firebase sign-in then gets platform tokens', async () => {
    const email = uniqueEmail('signup');
    const consentAnswers = [
      { fieldName: 'termsOfUse', answer: true },
      { fieldName: 'marketingEmails', answer: false },
    ];
    const response = await post('/api/v1/firebase-auth/signup', { username: email.toUpperCase(), password: 'firebase-pass', consentAnswers });
    expect(response.status).toBe(201);
    const { uid } = (await response.json()) as { uid: string };
    const [account] = await sandbox.deps.db.select().from(users).where(eq(users.email, email));
    expect(account?.consentAnswers).toEqual(consentAnswers);

    const firebase = await firebaseSignIn(email, 'firebase-pass');
    expect(firebase.localId).toBe(uid);
    const signIn = await post('/api/v1/firebase-auth', { firebaseAuthToken: firebase.idToken, firebaseRefreshToken: firebase.refreshToken });
    expect(signIn.status).toBe(200);
    const tokens = (await signIn.json()) as { authorisationToken: string; refreshToken: string };
    expect(tokens.refreshToken).toBeTruthy();
    expect(await profileOf(tokens.authorisationToken)).toMatchObject({ id: account!.id, contactEmail: email });
  });

  it('a taken email (platform or Firebase) → 409 emailAlreadyInUse; a bad body → 400 in the platform shape', async () => {
    const email = uniqueEmail('taken');
    expect((await post('/api/v1/firebase-auth/signup', { username: email, password: 'firebase-pass', consentAnswers: [] })).status).toBe(201);
    const again = await post('/api/v1/firebase-auth/signup', { username: email, password: 'firebase-pass', consentAnswers: [] });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'CONFLICT', messages: ['emailAlreadyInUse'] });
    // The demo account is an ID account: no Firebase user is created for its email.
    expect((await post('/api/v1/firebase-auth/signup', { username: 'demo@stream.test', password: 'firebase-pass', consentAnswers: [] })).status).toBe(409);

    const bad = await post('/api/v1/firebase-auth/signup', { username: 'not-an-email', password: 'short' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });
});

describe('POST /api/v1/firebase-auth', () => {
  it('refuses an altered token, a token of another project and a refresh token of another user (401)', async () => {
    const a = uniqueEmail('a');
    const b = uniqueEmail('b');
    for (const email of [a, b]) await post('/api/v1/firebase-auth/signup', { username: email, password: 'firebase-pass', consentAnswers: [] });
    const first = await firebaseSignIn(a, 'firebase-pass');
    const second = await firebaseSignIn(b, 'firebase-pass');

    const [header, payload] = first.idToken.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forge = (changes: Record<string, unknown>) => `${header}.${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.`;

    const attempts = [
      { firebaseAuthToken: forge({ sub: second.localId, user_id: second.localId }), firebaseRefreshToken: first.refreshToken },
      { firebaseAuthToken: forge({ aud: 'demo-other', iss: 'https://securetoken.google.com/demo-other' }), firebaseRefreshToken: first.refreshToken },
      { firebaseAuthToken: forge({ exp: Math.floor(Date.now() / 1000) - 60 }), firebaseRefreshToken: first.refreshToken },
      { firebaseAuthToken: first.idToken, firebaseRefreshToken: second.refreshToken },
      { firebaseAuthToken: 'not-a-jwt', firebaseRefreshToken: first.refreshToken },
    ];
    for (const body of attempts) {
      const response = await post('/api/v1/firebase-auth', body);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'UNAUTHORIZED', messages: expect.arrayContaining(['firebaseTokenRejected']) });
    }
    expect((await post('/api/v1/firebase-auth', { firebaseAuthToken: first.idToken, firebaseRefreshToken: first.refreshToken })).status).toBe(200);
  });

  it('a federated (popup) user gets an account at the first sign-in and the same one after', async () => {
    const email = uniqueEmail('popup');
    const firebase = await federatedSignIn(email);
    const first = await post('/api/v1/firebase-auth', { firebaseAuthToken: firebase.idToken, firebaseRefreshToken: firebase.refreshToken });
    expect(first.status).toBe(200);
    const profile = await profileOf(((await first.json()) as { authorisationToken: string }).authorisationToken);
    expect(profile).toMatchObject({ contactEmail: email, name: 'Popup Viewer' });
    const again = await federatedSignIn(email);
    const second = await post('/api/v1/firebase-auth', { firebaseAuthToken: again.idToken, firebaseRefreshToken: again.refreshToken });
    expect((await profileOf(((await second.json()) as { authorisationToken: string }).authorisationToken)).id).toBe(profile.id);
  });

  it('the realm settings list the Firebase provider with its web config', async () => {
    const settings = (await (await app.request('/api/v2/realm/settings', { headers: HEADERS })).json()) as { authProviders: Record<string, unknown>[] };
    expect(settings.authProviders.find((p) => p.name === 'FIREBASE')).toMatchObject({
      projectId: FIREBASE_PROJECT_ID,
      apikey: FIREBASE_API_KEY,
      authDomain: expect.any(String),
      storageBucket: expect.any(String),
      messagingSenderId: expect.any(String),
      appId: expect.any(String),
    });
  });
});

describe('startSandbox and the emulator', () => {
  it('an app without an emulator answers 503 SERVICE_UNAVAILABLE firebaseUnavailable', async () => {
    const bare = await createSandboxDeps({ dataDir: ':memory:' });
    try {
      const response = await createApp(bare.deps).request('/api/v1/firebase-auth', {
        method: 'POST',
        headers: HEADERS,
        body: JSON.stringify({ firebaseAuthToken: 'x.y.z', firebaseRefreshToken: 'r' }),
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', messages: expect.arrayContaining(['firebaseUnavailable']) });
    } finally {
      await bare.close();
    }
    // It opens and seeds a database of its own, which the hooks are given 60 s for.
  }, 60_000);

  it('startSandbox started the emulator (its address in the realm settings) and stops it on close', async () => {
    const url = running.firebase?.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const settings = (await (await fetch(`${running.url}/api/v2/realm/settings`, { headers: HEADERS })).json()) as { authProviders: Record<string, unknown>[] };
    expect(settings.authProviders.find((p) => p.name === 'FIREBASE')?.emulatorUrl).toBe(url);
    expect((await fetch(`${url}/`)).status).toBe(200);
    await running.close();
    const after = await fetch(`${url}/`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(after).toBe('refused');
  }, 30_000);
});
