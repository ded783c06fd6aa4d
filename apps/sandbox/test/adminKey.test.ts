/**
 * The sandbox's own controls and pages are locked by the admin key (docs/sandbox.md "Admin key",
 * `src/http/adminKey.ts`): without it 401, with a wrong one 403, never a wildcard CORS header;
 * the pages ask for it once with a form that sets an HttpOnly, SameSite=Strict cookie.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_HEADERS, ADMIN_KEY, call, expectError, inProcessAppForFile, REALM_HEADERS } from './helpers.js';
import { createApp } from '../src/index.js';

const sandbox = inProcessAppForFile();

/** Every `/_sandbox` control, with a body it accepts. */
const CONTROLS: [method: string, path: string, body?: unknown][] = [
  ['GET', '/_sandbox/clock'],
  ['POST', '/_sandbox/clock', { now: null }],
  ['POST', '/_sandbox/licences/grant', { email: 'demo@stream.test', licenceId: '101' }],
  ['POST', '/_sandbox/reset-licences', { email: 'demo@stream.test' }],
  ['GET', '/_sandbox/outbox'],
  ['POST', '/_sandbox/impersonation', { email: 'demo@stream.test' }],
  ['POST', '/_sandbox/caller', { email: 'demo@stream.test', country: 'GB' }],
  ['POST', '/_sandbox/provider-accounts', { provider: 'PBR', id: 'admin-key-test', secret: 'long enough secret' }],
  ['POST', '/_sandbox/social/idp-users', { email: 'admin-key@idp.test', password: 'idp-password', name: 'Admin Key' }],
  ['POST', '/_sandbox/adobe/next-regcode', { status: 400 }],
  ['POST', '/_sandbox/adobe/next-tv-sign-in', { status: 412 }],
  ['POST', '/_sandbox/adobe/licence-code', { email: 'demo@stream.test', licenceId: '201' }],
];
const PAGES = ['/_sandbox/outbox/page', '/_sandbox/tv'];

describe('the admin key', () => {
  it.each(CONTROLS)('%s %s: 401 without the key, 403 with a wrong one (the public API key is not enough)', async (method, path, body) => {
    const missing = expectError(await call(sandbox.app, method, path, { body, noAdminKey: true }), 401, 'UNAUTHORIZED');
    expect(missing.messages).toContain('sandboxAdminKeyRequired');
    const wrong = expectError(await call(sandbox.app, method, path, { body, headers: { 'x-sandbox-admin-key': `${ADMIN_KEY}x` } }), 403, 'FORBIDDEN');
    expect(wrong.messages).toContain('sandboxAdminKeyInvalid');
  });

  it.each(CONTROLS)('%s %s: works with the key', async (method, path, body) => {
    const res = await call(sandbox.app, method, path, { body });
    expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
  });

  it('impersonation mints nothing with the public API key alone', async () => {
    const res = await call(sandbox.app, 'POST', '/_sandbox/impersonation', { body: { email: 'demo@stream.test' }, noAdminKey: true });
    expect(res.status).toBe(401);
    expect(res.json).not.toHaveProperty('token');
  });

  it('an app without a configured key makes a random one: no guessed key opens it', async () => {
    const { sandboxAdminKey: _configured, ...rest } = sandbox.deps;
    const app = createApp(rest);
    for (const key of [ADMIN_KEY, '', 'sandbox-admin-key', 'undefined']) {
      const res = await app.request('/_sandbox/clock', { headers: { ...REALM_HEADERS, 'x-sandbox-admin-key': key } });
      expect([401, 403]).toContain(res.status);
    }
  });
});

describe('no /_sandbox answer carries a wildcard CORS header', () => {
  const origin = { origin: 'https://evil.example' };

  it.each(PAGES)('%s, with or without the key, and its preflight', async (path) => {
    for (const headers of [origin, { ...origin, ...ADMIN_HEADERS }]) {
      const res = await sandbox.app.request(path, { headers });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    const preflight = await sandbox.app.request(path, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-sandbox-admin-key' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });

  it.each(CONTROLS)('%s %s', async (method, path, body) => {
    const res = await call(sandbox.app, method, path, { body, headers: origin });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the /api calls keep their CORS for the web app', async () => {
    const res = await call(sandbox.app, 'GET', '/api/v2/i18n/countries', { headers: origin });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the pages ask for the key once', () => {
  const html = { accept: 'text/html,application/xhtml+xml' };
  const form = (fields: Record<string, string>) =>
    sandbox.app.request('/_sandbox/admin-key', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  it.each(PAGES)('%s without the key: a 401 form that posts the key and comes back here', async (path) => {
    const res = await sandbox.app.request(`${path}?to=a%40b.test`, { headers: html });
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    expect(page).toContain('<form method="post" action="/_sandbox/admin-key">');
    expect(page).toContain(`name="next" value="${path}?to=a%40b.test"`);
    expect(page).toContain('type="password" name="key"');
    expect(page).not.toContain('Email outbox</h1>');
  });

  it('a wrong key: 403, the form again with the refusal, no cookie', async () => {
    const res = await form({ key: 'not the key', next: '/_sandbox/outbox/page' });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toContain('role="alert"');
  });

  it('the right key: an HttpOnly, SameSite=Strict cookie for /_sandbox and back to the page, which then opens', async () => {
    const res = await form({ key: ADMIN_KEY, next: '/_sandbox/outbox/page?to=demo%40stream.test' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/_sandbox/outbox/page?to=demo%40stream.test');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sandbox_admin_key=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/_sandbox/);
    const pair = cookie.split(';')[0]!;
    const page = await sandbox.app.request('/_sandbox/outbox/page', { headers: { ...html, cookie: pair } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Email outbox</h1>');
    const tv = await sandbox.app.request('/_sandbox/tv', { headers: { ...html, cookie: pair } });
    expect(tv.status).toBe(200);
    const wrongCookie = await sandbox.app.request('/_sandbox/outbox/page', { headers: { ...html, cookie: 'sandbox_admin_key=guess' } });
    expect(wrongCookie.status).toBe(403);
  });

  it.each(['https://evil.example/', '//evil.example/_sandbox/', '/api/v2/user/profile', 'javascript:alert(1)', '/_sandbox/\\evil'])(
    'the form goes back only to a /_sandbox path (next %s → the outbox page)',
    async (next) => {
      const res = await form({ key: ADMIN_KEY, next });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/_sandbox/outbox/page');
    },
  );
});
