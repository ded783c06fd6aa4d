/**
 * OpenID Connect sign-in against the sandbox's own OpenID provider, over HTTP: the platform's
 * auth-uri (state, nonce, PKCE), the provider's login and consent pages, the single code
 * exchange, the account mapping, logout-uri and the realm settings (docs/sandbox.md "OpenID Connect").
 */
import { describe, expect, it } from 'vitest';
import { JSON_REALM_HEADERS, sandboxForFile } from './helpers.js';

const WEB = 'http://127.0.0.1:5999';
const CLIENT = 'stream-idp';
const HEADERS = JSON_REALM_HEADERS;

const sandbox = sandboxForFile(WEB);

const api = (path: string, init: RequestInit = {}) => fetch(`${sandbox.url}${path}`, { ...init, headers: { ...HEADERS, ...init.headers } });

/** A browser's cookie jar and redirect-by-hand fetch against the provider. */
function browser() {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    return response;
  };
  const form = (url: string, fields: Record<string, string>) =>
    go(url, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  return { go, form };
}

const absolute = (location: string | null) => new URL(location ?? '', sandbox.url).href;

/** Walks the provider: login page, sign in, consent, back to the web callback. Answers the callback URL. */
async function signInAtProvider(authorisationUri: string, email = 'oidc.user@idp.test', password = 'idp-password'): Promise<URL> {
  const b = browser();
  let response = await b.go(authorisationUri);
  expect(response.status).toBe(303);
  let location = absolute(response.headers.get('location'));
  const loginPage = await (await b.go(location)).text();
  expect(loginPage).toContain('<label for="email">Email</label>');
  const action = /action="([^"]+\/login)"/.exec(loginPage)![1]!;
  const wrong = await (await b.form(absolute(action), { email, password: 'nope' })).text();
  expect(wrong).toContain('role="alert"');
  response = await b.form(absolute(action), { email, password });
  // Resume → consent page → Allow → resume → the callback.
  for (let hops = 0; hops < 8; hops += 1) {
    location = absolute(response.headers.get('location'));
    if (location.startsWith(WEB)) return new URL(location);
    response = await b.go(location);
    if (response.status === 200) {
      const html = await response.text();
      const confirm = /action="([^"]+\/confirm)"/.exec(html)?.[1];
      expect(confirm, html).toBeDefined();
      response = await b.form(absolute(confirm!), {});
    }
  }
  throw new Error('never came back to the web app');
}

async function authUri(query = 'authoriseUriFlow=SIGNIN'): Promise<string> {
  const response = await api(`/api/v2/openid/${CLIENT}/auth-uri?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { authorisationUri: string }).authorisationUri;
}

describe('OpenID Connect sign-in through the sandbox provider', () => {
  it('auth-uri carries state, nonce and a PKCE S256 challenge for the web callback', async () => {
    const uri = new URL(await authUri());
    expect(uri.origin + uri.pathname).toBe(`${sandbox.url}/_oidc/auth`);
    for (const name of ['state', 'nonce', 'code_challenge']) expect(uri.searchParams.get(name)).toBeTruthy();
    expect(uri.searchParams.get('code_challenge_method')).toBe('S256');
    expect(uri.searchParams.get('redirect_uri')).toBe(`${WEB}/login/openid/${CLIENT}`);
    expect(uri.searchParams.get('client_id')).toBe(CLIENT);
  });

  it('signs in once: the code is exchanged for platform tokens; the same code and state again → 409', async () => {
    const callback = await signInAtProvider(await authUri());
    const code = callback.searchParams.get('code')!;
    const state = callback.searchParams.get('state')!;
    expect(callback.pathname).toBe(`/login/openid/${CLIENT}`);
    const first = await api(`/api/v2/openid/${CLIENT}/token`, { method: 'POST', body: JSON.stringify({ authorisationCode: code, state }) });
    expect(first.status, await first.clone().text()).toBe(200);
    const tokens = (await first.json()) as { authorisationToken: string; refreshToken: string };
    const profile = await api('/api/v2/user/profile', { headers: { authorization: `Bearer ${tokens.authorisationToken}` } });
    expect(await profile.json()).toMatchObject({ contactEmail: 'oidc.user@idp.test', name: 'OIDC User' });

    const again = await api(`/api/v2/openid/${CLIENT}/token`, { method: 'POST', body: JSON.stringify({ authorisationCode: code, state }) });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'CONFLICT', messages: expect.arrayContaining(['ssoStateMismatch']) });
  });

  it('the same provider user maps to the same account on the next sign-in', async () => {
    const sub = async () => {
      const callback = await signInAtProvider(await authUri());
      const response = await api(`/api/v2/openid/${CLIENT}/token`, {
        method: 'POST',
        body: JSON.stringify({ authorisationCode: callback.searchParams.get('code'), state: callback.searchParams.get('state') }),
      });
      const { authorisationToken } = (await response.json()) as { authorisationToken: string };
      return JSON.parse(Buffer.from(authorisationToken.split('.')[1]!, 'base64url').toString()).sub as string;
    };
    expect(await sub()).toBe(await sub());
  });

  it('a verified provider email links to the existing ID account with that email', async () => {
    const signUp = await api('/api/v2/user', { method: 'POST', body: JSON.stringify({ id: 'oidc.second@idp.test', secret: 'correct horse battery', name: 'ID Account' }) });
    expect(signUp.status).toBe(201);
    const idTokens = (await signUp.json()) as { authorisationToken: string };
    const idSub = JSON.parse(Buffer.from(idTokens.authorisationToken.split('.')[1]!, 'base64url').toString()).sub;
    const callback = await signInAtProvider(await authUri(), 'oidc.second@idp.test');
    const response = await api(`/api/v2/openid/${CLIENT}/token`, {
      method: 'POST',
      body: JSON.stringify({ authorisationCode: callback.searchParams.get('code'), state: callback.searchParams.get('state') }),
    });
    const { authorisationToken } = (await response.json()) as { authorisationToken: string };
    expect(JSON.parse(Buffer.from(authorisationToken.split('.')[1]!, 'base64url').toString()).sub).toBe(idSub);
  });

  it('a state that was never issued, a bad code and a wrong client are refused in the platform shape', async () => {
    const unknownState = await api(`/api/v2/openid/${CLIENT}/token`, { method: 'POST', body: JSON.stringify({ authorisationCode: 'x', state: 'forged' }) });
    expect(unknownState.status).toBe(409);
    const uri = new URL(await authUri());
    const badCode = await api(`/api/v2/openid/${CLIENT}/token`, {
      method: 'POST',
      body: JSON.stringify({ authorisationCode: 'not-a-code', state: uri.searchParams.get('state') }),
    });
    expect(badCode.status).toBe(400);
    expect(await badCode.json()).toMatchObject({ code: 'BAD_REQUEST', messages: expect.arrayContaining(['ssoSignInFailed']) });
    expect((await api('/api/v2/openid/nobody/auth-uri?authoriseUriFlow=SIGNIN')).status).toBe(404);
    expect((await api(`/api/v2/openid/${CLIENT}/auth-uri?authoriseUriFlow=MAYBE`)).status).toBe(400);
    expect((await api(`/api/v2/openid/${CLIENT}/auth-uri?authoriseUriFlow=SIGNIN&redirectUri=${encodeURIComponent('https://evil.test/login/openid/stream-idp')}`)).status).toBe(400);
    expect((await api(`/api/v2/openid/${CLIENT}/token`, { method: 'POST', body: '{}' })).status).toBe(400);
  });

  it('a loopback web app on another port may name its own callback', async () => {
    const other = `http://127.0.0.1:6111/login/openid/${CLIENT}`;
    const uri = new URL(await authUri(`authoriseUriFlow=SIGNUP&redirectUri=${encodeURIComponent(other)}`));
    expect(uri.searchParams.get('redirect_uri')).toBe(other);
    expect(uri.searchParams.get('prompt')).toBe('login');
  });

  it('logout-uri answers the provider end-session address; realm settings list the OpenID client', async () => {
    const logout = (await (await api(`/api/v2/openid/${CLIENT}/logout-uri`)).json()) as { logoutUri: string };
    expect(logout.logoutUri).toMatch(new RegExp(`^${sandbox.url}/_oidc/session/end\\?`));
    const settings = await (await api('/api/v2/realm/settings')).json();
    expect(settings).toMatchObject({ selfRegistration: true, magicLink: true });
    expect(settings.authProviders[0]).toEqual({ name: 'ID' });
    expect(settings.authProviders).toContainEqual({ name: 'OPENID_CONNECT', clientName: CLIENT, displayName: 'Stream ID (OpenID)' });
  });
});
