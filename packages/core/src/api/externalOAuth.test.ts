/**
 * The generic external OAuth and impersonation calls against a fake fetch: method, path,
 * query and body of each call, no bearer, and the answers' validation (identity-and-routes.md §7
 * "{ext-oauth-route}", §6 impersonation; docs/api.md).
 */
import { describe, expect, it } from 'vitest';
import { fakePlatformClient, json, query } from './test-helpers.js';
import { ApiError, ContractError } from './index.js';

const TOKENS = { authorisationToken: 'a', refreshToken: 'r' };

describe('externalOAuth calls', () => {
  it('authUri: GET with extraParams and redirectUri only when given, no bearer', async () => {
    const { client, last } = fakePlatformClient(() => json(200, { authorisationUri: 'https://idp.test/auth?state=s' }));
    await expect(client.externalOAuth.authUri({ params: { provider: 'partner' } })).resolves.toEqual({ authorisationUri: 'https://idp.test/auth?state=s' });
    expect([last().method, last().url.pathname]).toEqual(['GET', '/api/v2/oauth/partner/auth-uri']);
    expect(query(last())).toEqual({});
    expect(last().headers.get('authorization')).toBeNull();
    await client.externalOAuth.authUri({ params: { provider: 'a b' }, query: { extraParams: 'ui_locales=es&x=1', redirectUri: 'http://web.test/oauth/a%20b' } });
    expect(last().url.pathname).toBe('/api/v2/oauth/a%20b/auth-uri');
    expect(query(last())).toEqual({ extraParams: 'ui_locales=es&x=1', redirectUri: 'http://web.test/oauth/a%20b' });
  });

  it('authUri: an answer without an http(s) address breaks the contract', async () => {
    const { client } = fakePlatformClient(() => json(200, { authorisationUri: 'javascript:alert(1)' }));
    await expect(client.externalOAuth.authUri({ params: { provider: 'partner' } })).rejects.toBeInstanceOf(ContractError);
  });

  it('token: POST { authorisationCode, state }; a 409 is an ApiError with the server message', async () => {
    let status = 200;
    const { client, last } = fakePlatformClient(() =>
      status === 200 ? json(200, TOKENS) : json(409, { status: 409, code: 'CONFLICT', messages: ['ssoStateMismatch'], requestId: 'req-1' }),
    );
    await expect(client.externalOAuth.token({ params: { provider: 'partner' }, body: { authorisationCode: 'c', state: 's' } })).resolves.toMatchObject(TOKENS);
    expect([last().method, last().url.pathname, last().body]).toEqual(['POST', '/api/v2/oauth/partner/token', { authorisationCode: 'c', state: 's' }]);
    expect(last().headers.get('authorization')).toBeNull();
    status = 409;
    const error = await client.externalOAuth.token({ params: { provider: 'partner' }, body: { authorisationCode: 'c', state: 's' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).messages).toEqual(['ssoStateMismatch']);
  });

  it('token: an empty code sends nothing', async () => {
    const { client, fetch } = fakePlatformClient(() => json(200, TOKENS));
    await expect(client.externalOAuth.token({ params: { provider: 'partner' }, body: { authorisationCode: '', state: 's' } })).rejects.toBeInstanceOf(ContractError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('logout: POST { refreshToken }', async () => {
    const { client, last } = fakePlatformClient(() => json(200, {}));
    await expect(client.externalOAuth.logout({ params: { provider: 'partner' }, body: { refreshToken: 'refresh-1' } })).resolves.toEqual({});
    expect([last().method, last().url.pathname, last().body]).toEqual(['POST', '/api/v2/oauth/partner/logout', { refreshToken: 'refresh-1' }]);
  });
});

describe('impersonation call', () => {
  it('exchange: POST { impersonationToken } without a bearer; the answer must say impersonated', async () => {
    let answer: unknown = { ...TOKENS, impersonated: true };
    const { client, last } = fakePlatformClient(() => json(200, answer));
    await expect(client.impersonation.token({ body: { impersonationToken: 'tok-1' } })).resolves.toEqual({ ...TOKENS, impersonated: true });
    expect([last().method, last().url.pathname, last().body]).toEqual(['POST', '/api/v2/impersonation/token', { impersonationToken: 'tok-1' }]);
    expect(last().headers.get('authorization')).toBeNull();
    answer = TOKENS;
    await expect(client.impersonation.token({ body: { impersonationToken: 'tok-1' } })).rejects.toBeInstanceOf(ContractError);
  });
});
