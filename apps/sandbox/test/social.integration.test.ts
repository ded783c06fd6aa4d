/**
 * Apple, Google and Facebook sign-in through their stand-ins at the sandbox OpenID provider, over
 * HTTP (docs/sandbox.md "Social sign-in"): Google's implicit ID token verified with the JWKS,
 * Apple's code exchange with its nonce, Facebook's code exchange, the 409 of an email an ID
 * account has, linking with that account's bearer, cannot-link, linked accounts and unlink.
 */
import { describe, expect, it } from 'vitest';
import { JSON_CONTROL_HEADERS, JSON_REALM_HEADERS, sandboxForFile } from './helpers.js';

const WEB = 'http://127.0.0.1:5998';
const HEADERS = JSON_REALM_HEADERS;

const sandbox = sandboxForFile(WEB);

type Json = Record<string, any>;
async function api(method: string, path: string, body?: unknown, bearer?: string): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { ...(path.startsWith('/_sandbox/') ? JSON_CONTROL_HEADERS : HEADERS), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Json) : {} };
}

const subjectOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).sub as string;

/**
 * Follows the provider's pages like a browser (cookies, redirects by hand, the login form, Allow)
 * from an authorisation address to the web app; answers where it came back.
 */
async function authorise(params: Record<string, string>, user: { email: string; password: string }): Promise<URL> {
  const cookies = new Map<string, string>();
  const request = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(new URL(url, sandbox.url), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      cookies.set(pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1));
    }
    return response;
  };
  let response = await request(`/_oidc/auth?${new URLSearchParams({ scope: 'openid email profile', ...params })}`);
  for (let hop = 0; hop < 12; hop += 1) {
    const location = response.headers.get('location');
    if (location?.startsWith(WEB)) return new URL(location);
    if (location) {
      response = await request(location);
      continue;
    }
    const html = await response.text();
    const login = /action="([^"]+\/login)"/.exec(html)?.[1];
    const confirm = /action="([^"]+\/confirm)"/.exec(html)?.[1];
    if (login) response = await request(login, { email: user.email, password: user.password });
    else if (confirm) response = await request(confirm, {});
    else throw new Error(`stuck at the provider: ${html.slice(0, 200)}`);
  }
  throw new Error('never came back to the web app');
}

let userCount = 0;
/** A fresh user of the provider (and, with `idAccount`, an ID account with the same email). */
async function freshUser(idAccount = false) {
  userCount += 1;
  const email = `social-${userCount}-${Date.now()}@stream.test`;
  const password = 'idp-password';
  expect((await api('POST', '/_sandbox/social/idp-users', { email, password, name: `Social ${userCount}` })).status).toBe(201);
  const id = idAccount ? await api('POST', '/api/v2/user', { id: email, secret: 'correct horse battery', name: 'ID Account' }) : null;
  if (id) expect(id.status).toBe(201);
  return { email, password, idTokens: id?.json as { authorisationToken: string } | undefined };
}

async function googleIdToken(user: { email: string; password: string }): Promise<string> {
  const back = await authorise(
    { client_id: 'google-standin', response_type: 'id_token', redirect_uri: `${WEB}/login/google`, state: 'st-g', nonce: 'no-g' },
    user,
  );
  expect(back.pathname).toBe('/login/google');
  const fragment = new URLSearchParams(back.hash.slice(1));
  expect(fragment.get('state')).toBe('st-g');
  return fragment.get('id_token')!;
}

describe('social sign-in through the stand-ins', () => {
  it('the realm settings list Apple, Google and Facebook with their adapters’ run-time configuration', async () => {
    const { json } = await api('GET', '/api/v2/realm/settings');
    const social = (json.authProviders as Json[]).filter((p) => ['APPLE_ID', 'GOOGLE', 'FACEBOOK'].includes(p.name));
    expect(social).toEqual([
      { name: 'APPLE_ID', displayName: 'Apple', sdk: 'standin', clientId: 'apple-standin', issuer: '/_oidc', scope: 'openid email profile' },
      { name: 'GOOGLE', displayName: 'Google', sdk: 'standin', clientId: 'google-standin', issuer: '/_oidc', scope: 'openid email profile' },
      { name: 'FACEBOOK', displayName: 'Facebook', sdk: 'standin', clientId: 'facebook-standin', issuer: '/_oidc', scope: 'openid email profile' },
    ]);
  });

  it('Google: a new email signs up; the same provider account signs in to the same account', async () => {
    const user = await freshUser();
    const idToken = await googleIdToken(user);
    const first = await api('POST', '/api/v2/login/social/google', { idToken });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.linkedAccounts).toEqual([{ provider: 'GOOGLE', email: user.email, linkedAt: expect.any(String) }]);
    const again = await api('POST', '/api/v2/login/social/google', { idToken: await googleIdToken(user) });
    expect(subjectOf(again.json.authorisationToken)).toBe(subjectOf(first.json.authorisationToken));
    const profile = await api('GET', '/api/v2/user/profile', undefined, first.json.authorisationToken);
    expect(profile.json.contactEmail).toBe(user.email);
  });

  it('Google: a token that does not verify is refused (tampered, not a JWT)', async () => {
    const idToken = await googleIdToken(await freshUser());
    const [head, payload, signature] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, email: 'someone.else@stream.test' })).toString('base64url')}.${signature}`;
    const refused = await api('POST', '/api/v2/login/social/google', { idToken: tampered });
    expect(refused.status).toBe(400);
    expect(refused.json.messages).toContain('socialSignInFailed');
    expect((await api('POST', '/api/v2/login/social/google', { idToken: 'not-a-jwt' })).status).toBe(400);
  });

  it('Google with the email of an ID account: 409 with the email; with the ID bearer it links and signs in to the ID account', async () => {
    const user = await freshUser(true);
    const idToken = await googleIdToken(user);
    const conflict = await api('POST', '/api/v2/login/social/google', { idToken });
    expect(conflict.status).toBe(409);
    expect(conflict.json).toMatchObject({ code: 'CONFLICT', messages: ['socialAccountLinkPrompt'], details: { provider: 'GOOGLE', email: user.email } });

    const login = await api('POST', '/api/v2/login', { id: user.email, secret: 'correct horse battery' });
    const linked = await api('POST', '/api/v2/login/social/google', { idToken }, login.json.authorisationToken);
    expect(linked.status, JSON.stringify(linked.json)).toBe(200);
    expect(subjectOf(linked.json.authorisationToken)).toBe(subjectOf(login.json.authorisationToken));
    expect(linked.json.linkedAccounts.map((a: Json) => a.provider)).toEqual(['GOOGLE']);
    // From now on Google signs in to the ID account without a bearer.
    const later = await api('POST', '/api/v2/login/social/google', { idToken: await googleIdToken(user) });
    expect(subjectOf(later.json.authorisationToken)).toBe(subjectOf(login.json.authorisationToken));

    // Another ID account cannot take this Google account: cannotLinkAccount.
    const other = await freshUser(true);
    const refused = await api('POST', '/api/v2/login/social/google', { idToken }, other.idTokens!.authorisationToken);
    expect(refused.status).toBe(409);
    expect(refused.json.messages[0]).toBe('cannotLinkAccount');
  });

  it('Apple: the code is exchanged once with the nonce; a wrong nonce is refused; 409 then link reuses the identity of the spent code', async () => {
    const user = await freshUser(true);
    const authoriseApple = (nonce: string) =>
      authorise({ client_id: 'apple-standin', response_type: 'code', redirect_uri: `${WEB}/login/apple`, state: 's', nonce }, user);
    const wrong = (await authoriseApple('nonce-1')).searchParams.get('code')!;
    const refused = await api('POST', '/api/v2/login/apple-id', { code: wrong, nonce: 'nonce-2', callbackUri: `${WEB}/login/apple` });
    expect(refused.status).toBe(400);

    const code = (await authoriseApple('nonce-3')).searchParams.get('code')!;
    const body = { code, nonce: 'nonce-3', callbackUri: `${WEB}/login/apple` };
    const conflict = await api('POST', '/api/v2/login/apple-id', body);
    expect(conflict.status, JSON.stringify(conflict.json)).toBe(409);
    expect(conflict.json.details).toEqual({ provider: 'APPLE_ID', email: user.email });
    const linked = await api('POST', '/api/v2/login/apple-id', body, user.idTokens!.authorisationToken);
    expect(linked.status, JSON.stringify(linked.json)).toBe(200);
    expect(linked.json.linkedAccounts.map((a: Json) => a.provider)).toEqual(['APPLE_ID']);
    // The code was exchanged once: used again after the link, the provider refuses it.
    expect((await api('POST', '/api/v2/login/apple-id', body)).status).toBe(400);
    // A callback that is not the web app's Apple page is refused.
    expect((await api('POST', '/api/v2/login/apple-id', { ...body, callbackUri: 'https://evil.test/login/apple' })).status).toBe(400);
  });

  it('Facebook: code sign-up, linked accounts and unlink; the unlinking session continues after a refresh; unlinking twice is 404; without a session 401', async () => {
    const user = await freshUser();
    const back = await authorise({ client_id: 'facebook-standin', response_type: 'code', redirect_uri: `${WEB}/login/facebook`, state: 's' }, user);
    const signedIn = await api('POST', '/api/v2/login/social/facebook', { code: back.searchParams.get('code'), redirectUri: `${WEB}/login/facebook` });
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    const bearer = signedIn.json.authorisationToken as string;
    expect((await api('GET', '/api/v2/user/linked-accounts', undefined, bearer)).json.linkedAccounts.map((a: Json) => a.provider)).toEqual(['FACEBOOK']);
    const unlinked = await api('DELETE', '/api/v2/user/linked-accounts/FACEBOOK', undefined, bearer);
    expect(unlinked).toEqual({ status: 200, json: { linkedAccounts: [] } });
    // Its access token is refused at once (a session version later); the person who unlinked keeps
    // the session: its refresh token gives a working pair.
    expect((await api('DELETE', '/api/v2/user/linked-accounts/FACEBOOK', undefined, bearer)).status).toBe(401);
    const renewed = await api('POST', '/api/v2/token/refresh', { refreshToken: signedIn.json.refreshToken });
    expect(renewed.status, JSON.stringify(renewed.json)).toBe(200);
    const current = renewed.json.authorisationToken as string;
    expect((await api('DELETE', '/api/v2/user/linked-accounts/FACEBOOK', undefined, current)).status).toBe(404);
    expect((await api('DELETE', '/api/v2/user/linked-accounts/NOPE', undefined, current)).status).toBe(404);
    expect((await api('GET', '/api/v2/user/linked-accounts')).status).toBe(401);
  });

  it('an unlink ends the other sessions signed in through that provider at once; the others continue after a refresh', async () => {
    const user = await freshUser(true);
    const idToken = await googleIdToken(user);
    const login = await api('POST', '/api/v2/login', { id: user.email, secret: 'correct horse battery' });
    expect((await api('POST', '/api/v2/login/social/google', { idToken }, login.json.authorisationToken)).status).toBe(200);
    const google = await api('POST', '/api/v2/login/social/google', { idToken: await googleIdToken(user) });
    expect(google.status, JSON.stringify(google.json)).toBe(200);
    expect((await api('GET', '/api/v2/user/profile', undefined, google.json.authorisationToken)).status).toBe(200);

    // The ID session unlinks Google: the Google session's access token is refused at once.
    expect((await api('DELETE', '/api/v2/user/linked-accounts/GOOGLE', undefined, login.json.authorisationToken)).status).toBe(200);
    const refused = await api('GET', '/api/v2/user/profile', undefined, google.json.authorisationToken);
    expect(refused.status).toBe(401);
    expect(refused.json.messages).toContain('sessionRevoked');
    expect((await api('POST', '/api/v2/token/refresh', { refreshToken: google.json.refreshToken })).status).toBe(401);

    // The ID session's access token is refused too, but its refresh token gives a working pair.
    expect((await api('GET', '/api/v2/user/profile', undefined, login.json.authorisationToken)).status).toBe(401);
    const renewed = await api('POST', '/api/v2/token/refresh', { refreshToken: login.json.refreshToken });
    expect(renewed.status, JSON.stringify(renewed.json)).toBe(200);
    const bearer = renewed.json.authorisationToken as string;
    expect((await api('GET', '/api/v2/user/profile', undefined, bearer)).status).toBe(200);
    expect((await api('DELETE', '/api/v2/user/linked-accounts/GOOGLE', undefined, bearer)).status).toBe(404);
  });

  it('a realm without the provider answers 404; bad bodies 400', async () => {
    const closed = await fetch(`${sandbox.url}/api/v2/login/social/google`, {
      method: 'POST',
      headers: { ...HEADERS, Realm: 'stream-closed', 'x-api-key': 'sandbox-api-key-closed' },
      body: JSON.stringify({ idToken: 'x' }),
    });
    expect(closed.status).toBe(404);
    expect((await api('POST', '/api/v2/login/social/google', {})).status).toBe(400);
    expect((await api('POST', '/api/v2/login/apple-id', { code: 'c' })).status).toBe(400);
  });
});
