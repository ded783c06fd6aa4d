/**
 * The email flows in process (`app.request`): the web base URL option, request validation, the
 * tokens as stored (only a hash), the outbox page's public access, and the answers being the
 * same for known and unknown addresses. The full flows over HTTP: emailFlows.integration.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, resolveOptions, type AppDeps } from '../src/index.js';
import { emailTokens } from '../src/db/schema.js';
import { EMAIL_TOKEN_TTL_MS, hashEmailToken } from '../src/email/tokens.js';
import { ADMIN_HEADERS, call, memoryDeps } from './helpers.js';

let deps: AppDeps;
let closeDb: () => Promise<void>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  const opened = await memoryDeps();
  deps = opened.deps;
  closeDb = opened.close;
  app = createApp({ ...deps, webUrl: 'https://web.example.test' });
});
afterAll(async () => {
  await closeDb?.();
});

async function signUp(): Promise<string> {
  const email = `inproc-${randomUUID()}@stream.test`;
  const res = await call(app, 'POST', '/api/v2/user', { body: { id: email, secret: 'first-password', name: 'In Process' } });
  expect(res.status).toBe(201);
  return email;
}

async function messages(to: string) {
  const res = await call(app, 'GET', `/_sandbox/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.json.messages as { kind: string; link: string; sentAt: string }[];
}

describe('web base URL (SANDBOX_WEB_URL)', () => {
  it('defaults to http://127.0.0.1:5173, reads the env, drops trailing slashes and refuses a non-http URL', () => {
    expect(resolveOptions({}, {}).webUrl).toBe('http://127.0.0.1:5173');
    expect(resolveOptions({}, { SANDBOX_WEB_URL: 'http://127.0.0.1:5231/' }).webUrl).toBe('http://127.0.0.1:5231');
    expect(resolveOptions({ webUrl: 'https://stream.example' }, { SANDBOX_WEB_URL: 'http://x.test' }).webUrl).toBe('https://stream.example');
    expect(() => resolveOptions({}, { SANDBOX_WEB_URL: 'javascript:alert(1)' })).toThrow(/SANDBOX_WEB_URL must be an http\(s\) URL/);
    expect(() => resolveOptions({}, { SANDBOX_WEB_URL: 'not a url' })).toThrow(/SANDBOX_WEB_URL/);
  });

  it("the app's links point at its webUrl", async () => {
    const email = await signUp();
    const [confirm] = await messages(email);
    expect(confirm!.link).toMatch(/^https:\/\/web\.example\.test\/email-confirmation\?token=[A-Za-z0-9_-]{43}$/);
  });
});

describe('tokens as stored', () => {
  it('only the SHA-256 of a token is stored, with its kind, account and a 15-minute expiry', async () => {
    const email = await signUp();
    const [confirm] = await messages(email);
    const token = new URL(confirm!.link).searchParams.get('token')!;
    const rows = await deps.db.select().from(emailTokens).where(eq(emailTokens.email, email));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.hash).toBe(hashEmailToken(token));
    expect(row!.hash).not.toContain(token);
    expect(row).toMatchObject({ kind: 'confirm', email, usedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(EMAIL_TOKEN_TTL_MS);
    expect(EMAIL_TOKEN_TTL_MS).toBe(15 * 60 * 1000);
  });
});

describe('requests', () => {
  it('known and unknown addresses get the same status and body', async () => {
    const email = await signUp();
    const unknown = `nobody-${randomUUID()}@stream.test`;
    for (const [method, path, body] of [
      ['POST', '/api/v2/reset-password/create', (id: string) => ({ id, provider: 'ID' })],
      ['GET', '/api/v2/token/alt/magic-email', undefined],
    ] as const) {
      const answers = [];
      for (const address of [email, unknown]) {
        const res =
          method === 'GET'
            ? await call(app, 'GET', `${path}?email=${encodeURIComponent(address)}`)
            : await call(app, 'POST', path, { body: body!(address) });
        answers.push({ status: res.status, json: res.json });
      }
      expect(answers[0]).toEqual({ status: 200, json: {} });
      expect(answers[1]).toEqual(answers[0]);
    }
    expect(await messages(unknown)).toEqual([]);
    expect((await messages(email)).map((m) => m.kind)).toEqual(['magic', 'reset', 'confirm']);
  });

  it('malformed requests are 400s; the calls need the realm and API key', async () => {
    expect((await call(app, 'GET', '/api/v2/token/alt/magic-email')).status).toBe(400);
    expect((await call(app, 'POST', '/api/v2/token/alt/magic-email', { body: {} })).status).toBe(400);
    expect((await call(app, 'PUT', '/api/v2/reset-password', { body: { token: 'x' } })).status).toBe(400);
    expect((await call(app, 'POST', '/api/v2/reset-password/create', { body: { id: 'a@b.test' } })).status).toBe(400);
    expect((await call(app, 'POST', '/api/v2/user/email-confirmation', { body: { token: '' } })).status).toBe(400);
    expect((await call(app, 'POST', '/api/v2/user/email-confirmation', { body: { token: 'x' }, noRealm: true })).status).toBe(401);
    expect((await call(app, 'GET', '/_sandbox/outbox', { noRealm: true })).status).toBe(401);
  });

  it('the outbox page needs no realm or API key (the admin key only) and lists every message without a filter', async () => {
    const email = await signUp();
    const res = await app.request('/_sandbox/outbox/page', { headers: ADMIN_HEADERS });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<main>');
    expect(html).toContain(email);
  });
});
