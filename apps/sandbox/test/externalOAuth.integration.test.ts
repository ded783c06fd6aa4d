/**
 * Generic external OAuth sign-in over HTTP against the sandbox OAuth server (its OpenID provider
 * with the `partner` client): auth-uri (state, PKCE, extraParams passed on), the server's login
 * and consent pages, the single code exchange, the account mapping and logout; and impersonation
 * (the control's single-use token, the exchange marked `impersonated`). docs/sandbox.md
 * "Generic external OAuth", "Impersonation".
 */
import { describe, expect, it } from 'vitest';
import { JSON_CONTROL_HEADERS, JSON_REALM_HEADERS, sandboxForFile } from './helpers.js';

const WEB = 'http://127.0.0.1:5998';
const PROVIDER = 'partner';
const HEADERS = JSON_REALM_HEADERS;

const sandbox = sandboxForFile(WEB);

const api = (path: string, init: RequestInit & { realm?: [string, string] } = {}) => {
  const realm = init.realm ? { Realm: init.realm[0], 'x-api-key': init.realm[1] } : {};
  const base = path.startsWith('/_sandbox/') ? JSON_CONTROL_HEADERS : HEADERS;
  return fetch(`${sandbox.url}${path}`, { ...init, headers: { ...base, ...realm, ...init.headers } });
};
const post = (path: string, body: unknown) => api(path, { method: 'POST', body: JSON.stringify(body) });
const subjectOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).sub as string;

/**
 * A person at the OAuth server: follows its redirects with a cookie jar, signs in on its login
 * page and allows on its consent page, until the server sends the browser back to the web app.
 * Answers that callback address.
 */
async function authoriseAtServer(authorisationUri: string, email = 'oidc.user@idp.test'): Promise<URL> {
  const cookies = new Map<string, string>();
  const open = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(new URL(url, sandbox.url), {
      redirect: 'manual',
      method: form ? 'POST' : 'GET',
      body: form ? new URLSearchParams(form).toString() : undefined,
      headers: { cookie: [...cookies].map((pair) => pair.join('=')).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [name, value] = line.split(';')[0]!.split(/=(.*)/s);
      cookies.set(name!.trim(), value ?? '');
    }
    return response;
  };
  let response = await open(authorisationUri);
  for (let step = 0; step < 12; step += 1) {
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, sandbox.url);
      if (next.href.startsWith(WEB)) return next;
      response = await open(next.href);
      continue;
    }
    const html = await response.text();
    const login = /action="([^"]+\/login)"/.exec(html)?.[1];
    const confirm = /action="([^"]+\/confirm)"/.exec(html)?.[1];
    if (login) response = await open(login, { email, password: 'idp-password' });
    else if (confirm) response = await open(confirm, {});
    else throw new Error(`unexpected page at the OAuth server: ${html.slice(0, 200)}`);
  }
  throw new Error('never came back to the web app');
}

async function authUri(query = ''): Promise<URL> {
  const response = await api(`/api/v2/oauth/${PROVIDER}/auth-uri${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return new URL(((await response.json()) as { authorisationUri: string }).authorisationUri);
}

async function exchange(callback: URL) {
  return post(`/api/v2/oauth/${PROVIDER}/token`, { authorisationCode: callback.searchParams.get('code'), state: callback.searchParams.get('state') });
}

describe('generic external OAuth through the sandbox OAuth server', () => {
  it('auth-uri: state and PKCE for the web app OAUTH page; extraParams passed on, reserved names not', async () => {
    const uri = await authUri(`?extraParams=${encodeURIComponent('ui_locales=es&login_hint=someone&state=evil&client_id=evil')}`);
    expect(uri.origin + uri.pathname).toBe(`${sandbox.url}/_oidc/auth`);
    expect(uri.searchParams.get('client_id')).toBe('partner');
    expect(uri.searchParams.get('redirect_uri')).toBe(`${WEB}/oauth/${PROVIDER}`);
    expect(uri.searchParams.get('code_challenge_method')).toBe('S256');
    expect(uri.searchParams.get('ui_locales')).toBe('es');
    expect(uri.searchParams.get('login_hint')).toBe('someone');
    expect(uri.searchParams.getAll('state')).toHaveLength(1);
    expect(uri.searchParams.get('state')).not.toBe('evil');
    expect(uri.searchParams.getAll('client_id')).toEqual(['partner']);
  });

  it('signs in once through the login and consent pages; the same code and state again → 409; logout revokes the session', async () => {
    const callback = await authoriseAtServer((await authUri()).href);
    expect(callback.pathname).toBe(`/oauth/${PROVIDER}`);
    const first = await exchange(callback);
    expect(first.status, await first.clone().text()).toBe(200);
    const tokens = (await first.json()) as { authorisationToken: string; refreshToken: string };
    const profile = await api('/api/v2/user/profile', { headers: { authorization: `Bearer ${tokens.authorisationToken}` } });
    expect(await profile.json()).toMatchObject({ contactEmail: 'oidc.user@idp.test' });

    const again = await exchange(callback);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'CONFLICT', messages: expect.arrayContaining(['ssoStateMismatch']) });

    const logout = await post(`/api/v2/oauth/${PROVIDER}/logout`, { refreshToken: tokens.refreshToken });
    expect(logout.status).toBe(200);
    expect(await logout.json()).toEqual({});
    const refresh = await post('/api/v2/token/refresh', { refreshToken: tokens.refreshToken });
    expect(refresh.status).toBe(401);
    // An unknown token logs out quietly too (§7: failures are only logged by the caller).
    expect((await post(`/api/v2/oauth/${PROVIDER}/logout`, { refreshToken: 'unknown' })).status).toBe(200);
  });

  it('a verified server email links to the ID account with that email; the next sign-in finds the same account', async () => {
    const signUp = await post('/api/v2/user', { id: 'oidc.second@idp.test', secret: 'correct horse battery', name: 'ID Account' });
    expect(signUp.status).toBe(201);
    const idSub = subjectOf(((await signUp.json()) as { authorisationToken: string }).authorisationToken);
    const sub = async () => {
      const answer = await exchange(await authoriseAtServer((await authUri()).href, 'oidc.second@idp.test'));
      return subjectOf(((await answer.json()) as { authorisationToken: string }).authorisationToken);
    };
    expect(await sub()).toBe(idSub);
    expect(await sub()).toBe(idSub);
  });

  it('forged state, bad code, unknown provider, a realm without the provider and a foreign redirect are refused in the platform shape', async () => {
    expect((await post(`/api/v2/oauth/${PROVIDER}/token`, { authorisationCode: 'x', state: 'forged' })).status).toBe(409);
    const uri = await authUri();
    const badCode = await post(`/api/v2/oauth/${PROVIDER}/token`, { authorisationCode: 'not-a-code', state: uri.searchParams.get('state') });
    expect(badCode.status).toBe(400);
    expect(await badCode.json()).toMatchObject({ code: 'BAD_REQUEST', messages: expect.arrayContaining(['ssoSignInFailed']) });
    expect((await api('/api/v2/oauth/nobody/auth-uri')).status).toBe(404);
    expect((await api(`/api/v2/oauth/${PROVIDER}/auth-uri`, { realm: ['stream-closed', 'sandbox-api-key-closed'] })).status).toBe(404);
    const foreign = encodeURIComponent(`https://evil.test/oauth/${PROVIDER}`);
    expect((await api(`/api/v2/oauth/${PROVIDER}/auth-uri?redirectUri=${foreign}`)).status).toBe(400);
    expect((await post(`/api/v2/oauth/${PROVIDER}/token`, {})).status).toBe(400);
  });

  it('the realm settings list the provider; a loopback web app on another port may name its own OAUTH page', async () => {
    const settings = (await (await api('/api/v2/realm/settings')).json()) as { authProviders: unknown[] };
    expect(settings.authProviders).toContainEqual({ name: 'GENERIC_OAUTH', clientName: PROVIDER, displayName: 'Partner account' });
    const other = `http://127.0.0.1:6112/oauth/${PROVIDER}`;
    expect((await authUri(`?redirectUri=${encodeURIComponent(other)}`)).searchParams.get('redirect_uri')).toBe(other);
  });
});

describe('impersonation', () => {
  const createToken = async (email: string) => {
    const response = await post('/_sandbox/impersonation', { email });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { token: string; url: string; expiresAt: string };
  };

  it('the control gives a single-use token and the web address; the exchange signs in as the user, marked impersonated', async () => {
    const signUp = await post('/api/v2/user', { id: 'impersonated@stream.test', secret: 'correct horse battery', name: 'Acted Upon' });
    const userSub = subjectOf(((await signUp.json()) as { authorisationToken: string }).authorisationToken);
    const { token, url, expiresAt } = await createToken('Impersonated@Stream.test');
    expect(url).toBe(`${WEB}/impersonate/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());

    const first = await post('/api/v2/impersonation/token', { impersonationToken: token });
    expect(first.status, await first.clone().text()).toBe(200);
    const tokens = (await first.json()) as { authorisationToken: string; refreshToken: string; impersonated: boolean };
    expect(tokens.impersonated).toBe(true);
    expect(subjectOf(tokens.authorisationToken)).toBe(userSub);

    const second = await post('/api/v2/impersonation/token', { impersonationToken: token });
    expect(second.status).toBe(404);
    expect(await second.json()).toMatchObject({ code: 'NOT_FOUND', messages: expect.arrayContaining(['impersonationTokenInvalid']) });
  });

  it('two uses at once: exactly one session', async () => {
    await post('/api/v2/user', { id: 'raced@stream.test', secret: 'correct horse battery', name: 'Raced' });
    const { token } = await createToken('raced@stream.test');
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/v2/impersonation/token', { impersonationToken: token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404]);
  });

  it('an unknown email, an unknown token and an empty token are refused', async () => {
    expect((await post('/_sandbox/impersonation', { email: 'nobody@stream.test' })).status).toBe(404);
    expect((await post('/api/v2/impersonation/token', { impersonationToken: 'x'.repeat(43) })).status).toBe(404);
    expect((await post('/api/v2/impersonation/token', { impersonationToken: '' })).status).toBe(400);
  });
});
