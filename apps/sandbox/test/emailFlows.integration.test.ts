/**
 * The email flows against the real sandbox over HTTP with the @stream/core client (the built
 * package) and machines: password reset, magic link and email confirmation, each read from the
 * outbox (`GET /_sandbox/outbox`) as a person reads their mail. Tokens are single-use (also under
 * two concurrent uses), expire after 15 minutes on the sandbox clock, and an unknown address
 * answers the same as a known one and gets nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError, createApiClient, type ApiClient } from '@stream/core/api';
import { emailConfirmationMachine, magicLinkMachine, passwordResetMachine, type SessionEvent } from '@stream/core/machines';
import { memoryStorage, STORAGE_KEYS } from '@stream/core/platform';
import { startSandbox } from '../src/index.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/** The web app's base URL the sandbox is told to put in its links. */
const WEB_URL = 'http://127.0.0.1:5999';
const PASSWORD = 'first-password';

interface Message {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: 'reset' | 'magic' | 'confirm';
  link: string;
  sentAt: string;
}

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, dataDir: ':memory:', webUrl: `${WEB_URL}/` });
});

afterAll(async () => {
  await sandbox?.close();
});

afterEach(async () => {
  await control('POST', '/_sandbox/clock', { now: null });
});

/** A client with its own storage (no session). */
function client(): ApiClient & { storage: ReturnType<typeof memoryStorage> } {
  const storage = memoryStorage();
  return Object.assign(createApiClient({ baseUrl: sandbox.url, realm: sandbox.realm, apiKey: sandbox.apiKey, storage }), { storage });
}

/** A `/_sandbox` call with the admin key and the realm headers; the parsed answer. */
async function control(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      realm: sandbox.realm,
      'x-api-key': sandbox.apiKey,
      'x-sandbox-admin-key': sandbox.adminKey,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

/** The outbox for `to`, newest first. */
async function outbox(to: string): Promise<Message[]> {
  const res = await control('GET', `/_sandbox/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.json.messages as Message[];
}

/** The newest message of `kind` to `to`, and its link's token. */
async function newest(to: string, kind: Message['kind']): Promise<{ message: Message; token: string; url: URL }> {
  const message = (await outbox(to)).find((m) => m.kind === kind);
  expect(message, `a ${kind} email to ${to}`).toBeDefined();
  const url = new URL(message!.link);
  return { message: message!, token: url.searchParams.get('token') ?? '', url };
}

/** A fresh ID account (signed up with the client); its email. */
async function newAccount(): Promise<string> {
  const email = `email-flows-${randomUUID()}@stream.test`;
  await client().auth.signUp({ body: { id: email, secret: PASSWORD, name: 'Email Flows' } });
  return email;
}

/** The ApiError a promise rejects with. */
async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Moves the sandbox clock `minutes` ahead of the real one. */
async function clockAhead(minutes: number) {
  const res = await control('POST', '/_sandbox/clock', { now: new Date(Date.now() + minutes * 60_000).toISOString() });
  expect(res.status).toBe(200);
}

describe('password reset through the outbox', () => {
  it('emails a single-use link; the new password works, the old one and every old session do not', async () => {
    const email = await newAccount();
    const viewer = client();
    const tokens = await viewer.auth.login({ body: { id: email, secret: PASSWORD } });
    viewer.storage.setItem(STORAGE_KEYS.authToken, tokens.authorisationToken);
    viewer.storage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);

    const api = client();
    await expect(api.passwordReset.request({ body: { id: email.toUpperCase(), provider: 'ID' } })).resolves.toEqual({});
    const { message, token, url } = await newest(email, 'reset');
    expect(`${url.origin}${url.pathname}`).toBe(`${WEB_URL}/login/resetpwd`);
    expect(url.searchParams.get('providerName')).toBe('ID');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(message).toMatchObject({ to: email, subject: 'Reset your Stream password' });
    expect(message.text).toContain(message.link);
    expect(message.html).toContain(`href="${message.link.replace(/&/g, '&#38;')}"`);

    await expect(api.passwordReset.reset({ body: { token, secret: 'second-password' } })).resolves.toEqual({});
    await expect(api.auth.login({ body: { id: email, secret: 'second-password' } })).resolves.toMatchObject({ refreshToken: expect.any(String) });
    expect((await rejection(api.auth.login({ body: { id: email, secret: PASSWORD } }))).status).toBe(404);
    // Signed out everywhere: the refresh token of the earlier sign-in is refused.
    expect((await rejection(viewer.refresh())).status).toBe(401);
    // Single use.
    const again = await rejection(api.passwordReset.reset({ body: { token, secret: 'third-password' } }));
    expect(again).toMatchObject({ status: 404, code: 'NOT_FOUND', messages: ['invalidResetToken'] });
    await expect(api.auth.login({ body: { id: email, secret: 'second-password' } })).resolves.toBeDefined();
  });

  it("a password that breaks the sign-up rule is refused with the rule's key and does not spend the token", async () => {
    const email = await newAccount();
    const api = client();
    await api.passwordReset.request({ body: { id: email, provider: 'ID' } });
    const { token } = await newest(email, 'reset');
    expect(await rejection(api.passwordReset.reset({ body: { token, secret: 'short' } }))).toMatchObject({ status: 400, messages: ['passwordTooShort'] });
    expect(await rejection(api.passwordReset.reset({ body: { token, secret: 'x'.repeat(129) } }))).toMatchObject({ status: 400, messages: ['passwordTooLong'] });
    await expect(api.passwordReset.reset({ body: { token, secret: 'long-enough' } })).resolves.toEqual({});
  });

  it('a newer reset voids the older links once used; an unknown token is a 404', async () => {
    const email = await newAccount();
    const api = client();
    await api.passwordReset.request({ body: { id: email, provider: 'ID' } });
    const first = await newest(email, 'reset');
    await api.passwordReset.request({ body: { id: email, provider: 'ID' } });
    const second = await newest(email, 'reset');
    expect(second.token).not.toBe(first.token);
    await api.passwordReset.reset({ body: { token: second.token, secret: 'second-password' } });
    expect((await rejection(api.passwordReset.reset({ body: { token: first.token, secret: 'third-password' } }))).status).toBe(404);
    expect((await rejection(api.passwordReset.reset({ body: { token: 'not-a-token', secret: 'third-password' } }))).status).toBe(404);
  });

  it('expires after 15 minutes on the sandbox clock', async () => {
    const email = await newAccount();
    const api = client();
    await api.passwordReset.request({ body: { id: email, provider: 'ID' } });
    await api.passwordReset.request({ body: { id: email, provider: 'ID' } });
    const [newer, older] = (await outbox(email)).filter((m) => m.kind === 'reset');
    await clockAhead(14);
    await expect(api.passwordReset.reset({ body: { token: new URL(newer!.link).searchParams.get('token')!, secret: 'in-time-password' } })).resolves.toEqual({});
    await clockAhead(16);
    const late = await rejection(api.passwordReset.reset({ body: { token: new URL(older!.link).searchParams.get('token')!, secret: 'too-late-password' } }));
    expect(late.status).toBe(404);
  });

  it('an unknown address gets the same answer and no email', async () => {
    const unknown = `nobody-${randomUUID()}@stream.test`;
    await expect(client().passwordReset.request({ body: { id: unknown, provider: 'ID' } })).resolves.toEqual({});
    expect(await outbox(unknown)).toEqual([]);
  });

  it('a provider without password reset is refused; PBR is accepted and sends nothing to an email with no PBR account', async () => {
    const email = await newAccount();
    const api = client();
    expect(await rejection(api.passwordReset.request({ body: { id: email, provider: 'GOOGLE' } }))).toMatchObject({ status: 400, messages: ['passwordResetNotOffered'] });
    await expect(api.passwordReset.request({ body: { id: email, provider: 'PBR' } })).resolves.toEqual({});
    expect((await outbox(email)).filter((m) => m.kind === 'reset')).toEqual([]);
  });

  it('the passwordReset machine, with the real client, sends and resets', async () => {
    const email = await newAccount();
    const api = client();
    const request = createActor(passwordResetMachine, { input: { api } }).start();
    request.send({ type: 'reset.request', email });
    await waitFor(request, (s) => s.matches({ request: 'sent' }));
    const { token } = await newest(email, 'reset');
    const reset = createActor(passwordResetMachine, { input: { api, token, providerName: 'ID' } }).start();
    reset.send({ type: 'reset.submit', password: 'machine-password' });
    await waitFor(reset, (s) => s.matches({ reset: 'succeeded' }));
    reset.stop();
    const again = createActor(passwordResetMachine, { input: { api, token } }).start();
    again.send({ type: 'reset.submit', password: 'another-password' });
    await waitFor(again, (s) => s.matches({ reset: 'failed' }));
    expect(again.getSnapshot().context.error).toBe('invalidResetToken');
  });
});

describe('magic link through the outbox', () => {
  it('emails a link whose token signs in once, a session like /login gives', async () => {
    const email = await newAccount();
    const api = client();
    await expect(api.magicLink.request({ query: { email } })).resolves.toEqual({});
    const { token, url } = await newest(email, 'magic');
    expect(`${url.origin}${url.pathname}`).toBe(`${WEB_URL}/login/magic-link`);
    const tokens = await api.magicLink.exchange({ body: { token } });
    api.storage.setItem(STORAGE_KEYS.authToken, tokens.authorisationToken);
    api.storage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
    await expect(api.user.profile()).resolves.toMatchObject({ contactEmail: email });
    await expect(api.refresh()).resolves.toMatchObject({ authorisationToken: expect.any(String) });
    expect(await rejection(client().magicLink.exchange({ body: { token } }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('an unknown address gets the same answer and no email; a bad token is a 404', async () => {
    const unknown = `nobody-${randomUUID()}@stream.test`;
    await expect(client().magicLink.request({ query: { email: unknown } })).resolves.toEqual({});
    expect(await outbox(unknown)).toEqual([]);
    expect((await rejection(client().magicLink.exchange({ body: { token: 'nope' } }))).status).toBe(404);
  });

  it('expires after 15 minutes on the sandbox clock', async () => {
    const email = await newAccount();
    await client().magicLink.request({ query: { email } });
    const { token } = await newest(email, 'magic');
    await clockAhead(15);
    expect((await rejection(client().magicLink.exchange({ body: { token } }))).status).toBe(404);
  });

  it('two concurrent uses of one token: exactly one signs in', async () => {
    const email = await newAccount();
    await client().magicLink.request({ query: { email } });
    const { token } = await newest(email, 'magic');
    const results = await Promise.allSettled([client().magicLink.exchange({ body: { token } }), client().magicLink.exchange({ body: { token } }), client().magicLink.exchange({ body: { token } })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as ApiError).status)).toEqual([404, 404]);
  });

  it('the magicLink machine, with the real client: request, then the link signs in and reaches the session', async () => {
    const email = await newAccount();
    const api = client();
    const form = createActor(magicLinkMachine, { input: { api } }).start();
    form.send({ type: 'magic.request', email });
    await waitFor(form, (s) => s.matches('sent'));
    const { token } = await newest(email, 'magic');
    const sent: SessionEvent[] = [];
    const link = createActor(magicLinkMachine, { input: { api, token, session: { send: (e) => sent.push(e) } } }).start();
    await waitFor(link, (s) => s.status === 'done');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'session.signedIn', tokens: { authorisationToken: expect.any(String) } });
  });
});

describe('email confirmation through the outbox', () => {
  it('an ID sign-up emails a confirmation link: good once, then used; unknown is a 404', async () => {
    const email = await newAccount();
    const { message, token, url } = await newest(email, 'confirm');
    expect(`${url.origin}${url.pathname}`).toBe(`${WEB_URL}/email-confirmation`);
    expect(message.subject).toBe('Confirm your email address for Stream');
    await expect(client().emailConfirmation.confirm({ body: { token } })).resolves.toEqual({ email });
    expect(await rejection(client().emailConfirmation.confirm({ body: { token } }))).toMatchObject({ status: 404, messages: ['invalidConfirmationToken'] });
    expect((await rejection(client().emailConfirmation.confirm({ body: { token: 'unknown-token' } }))).status).toBe(404);
  });

  it('a confirmation token is no reset or magic-link token', async () => {
    const email = await newAccount();
    const { token } = await newest(email, 'confirm');
    expect((await rejection(client().magicLink.exchange({ body: { token } }))).status).toBe(404);
    expect((await rejection(client().passwordReset.reset({ body: { token, secret: 'some-password' } }))).status).toBe(404);
    await expect(client().emailConfirmation.confirm({ body: { token } })).resolves.toEqual({ email });
  });

  it('two concurrent confirmations of one token: one succeeds', async () => {
    const email = await newAccount();
    const { token } = await newest(email, 'confirm');
    const results = await Promise.allSettled([client().emailConfirmation.confirm({ body: { token } }), client().emailConfirmation.confirm({ body: { token } })]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('the emailConfirmation machine with the real client: confirmed, then invalidToken', async () => {
    const email = await newAccount();
    const { token } = await newest(email, 'confirm');
    const first = createActor(emailConfirmationMachine, { input: { api: client(), token } }).start();
    await waitFor(first, (s) => s.status === 'done');
    expect(first.getSnapshot()).toMatchObject({ value: 'confirmed', context: { email } });
    const second = createActor(emailConfirmationMachine, { input: { api: client(), token } }).start();
    await waitFor(second, (s) => s.status === 'done');
    expect(second.getSnapshot().value).toBe('invalidToken');
  });
});

describe('the outbox', () => {
  it('GET /_sandbox/outbox lists newest first and needs the realm and API key', async () => {
    const email = await newAccount();
    await client().magicLink.request({ query: { email } });
    await client().passwordReset.request({ body: { id: email, provider: 'ID' } });
    expect((await outbox(email)).map((m) => m.kind)).toEqual(['reset', 'magic', 'confirm']);
    const res = await fetch(`${sandbox.url}/_sandbox/outbox?to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(401);
  });

  it('GET /_sandbox/outbox/page is an HTML page with each message and its link', async () => {
    const email = await newAccount();
    const { message } = await newest(email, 'confirm');
    const admin = { 'x-sandbox-admin-key': sandbox.adminKey };
    const res = await fetch(`${sandbox.url}/_sandbox/outbox/page?to=${encodeURIComponent(email)}`, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<h1>Email outbox</h1>');
    expect(html).toContain('<label>Recipient');
    expect(html).toContain(`href="${message.link.replace(/&/g, '&#38;')}"`);
    expect(html).toContain('1 message, newest first.');
    const empty = await (await fetch(`${sandbox.url}/_sandbox/outbox/page?to=${encodeURIComponent('"><script>x</script>@stream.test')}`, { headers: admin })).text();
    expect(empty).not.toContain('<script>x</script>');
    expect(empty).toContain('No messages to');
  });
});
