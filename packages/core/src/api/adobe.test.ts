/**
 * The Adobe Pass, device PIN and external licence calls against a fake fetch, and the Adobe
 * host client (identity-and-routes.md §7; docs/api.md "Adobe Pass and TV"): method, path, body,
 * bearer, and the answers' validation.
 */
import { describe, expect, it, vi } from 'vitest';
import { fakePlatformClient, json, type Seen } from './test-helpers.js';
import { ApiError, ContractError, createAdobeHost, NetworkError } from './index.js';

const TOKENS = { authorisationToken: 'a', refreshToken: 'r' };
const ERROR_400 = { status: 400, code: 'BAD_REQUEST', messages: ['regcodeRefused'], requestId: 'req-400' };

describe('adobe calls', () => {
  it('regcode: POST /api/v2/adobe/{requestorId}/regcode with no body and the stored bearer', async () => {
    const { client, last } = fakePlatformClient(() => json(200, { code: 'ABC123' }));
    await expect(client.adobe.regcode({ params: { requestorId: 'stream tv' } })).resolves.toEqual({ code: 'ABC123' });
    expect([last().method, last().rawPath, last().rawBody]).toEqual(['POST', '/api/v2/adobe/stream%20tv/regcode', undefined]);
    expect(last().headers.get('authorization')).toBe('Bearer tok');
  });

  it('regcode: a 400 is an ApiError with status, messages and requestId', async () => {
    const { client } = fakePlatformClient(() => json(400, ERROR_400));
    const error = await client.adobe.regcode({ params: { requestorId: 'stream' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST', messages: ['regcodeRefused'], requestId: 'req-400' });
  });

  it('regcodeV3: POST /api/v3/adobe/regcode; an answer without accessToken breaks the contract', async () => {
    let answer: unknown = { accessToken: 'at', code: 'C0DE' };
    const { client, last } = fakePlatformClient(() => json(200, answer));
    const body = { requestorId: 'stream', clientId: 'cid', clientSecret: 'secret' };
    await expect(client.adobe.regcodeV3({ body })).resolves.toEqual({ accessToken: 'at', code: 'C0DE' });
    expect([last().method, last().url.pathname, last().body]).toEqual(['POST', '/api/v3/adobe/regcode', body]);
    answer = { code: 'C0DE' };
    await expect(client.adobe.regcodeV3({ body })).rejects.toBeInstanceOf(ContractError);
  });

  it('user and token: the two sign-in exchanges answer the login tokens', async () => {
    const { client, seen } = fakePlatformClient(() => json(200, TOKENS));
    await expect(client.adobe.user({ body: { requestorId: 'stream', resourceId: 'stream-res' } })).resolves.toMatchObject(TOKENS);
    await client.adobe.token({ body: { requestorId: 'stream', clientId: 'cid', clientSecret: 's', accessToken: 'at' } });
    expect(seen.map((req: Seen) => [req.method, req.url.pathname, req.body])).toEqual([
      ['POST', '/api/v2/user/adobe', { requestorId: 'stream', resourceId: 'stream-res' }],
      ['POST', '/api/v3/adobe/token', { requestorId: 'stream', clientId: 'cid', clientSecret: 's', accessToken: 'at' }],
    ]);
  });

  it('token: an empty access token sends nothing', async () => {
    const { client, fetch } = fakePlatformClient(() => json(200, TOKENS));
    await expect(client.adobe.token({ body: { requestorId: 'stream', clientId: 'cid', clientSecret: 's', accessToken: '' } })).rejects.toBeInstanceOf(ContractError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('entitlementSync: POST /api/v1/entitlement-sync { refreshToken } with the bearer', async () => {
    const { client, last } = fakePlatformClient(() => json(200, { licenceIds: ['101'] }));
    await expect(client.adobe.entitlementSync({ body: { refreshToken: 'refresh-1' } })).resolves.toEqual({ licenceIds: ['101'] });
    expect([last().method, last().url.pathname, last().body]).toEqual(['POST', '/api/v1/entitlement-sync', { refreshToken: 'refresh-1' }]);
    expect(last().headers.get('authorization')).toBe('Bearer tok');
  });
});

describe('tvDevice calls', () => {
  it('createPin: POST {} without a bearer', async () => {
    const pin = { pin: 'ABCD2345', anchor: 'anchor-0123456789abcdef', expiresAt: '2026-01-01T00:10:00.000Z', pollIntervalSeconds: 2 };
    const { client, last } = fakePlatformClient(() => json(200, pin));
    await expect(client.tvDevice.createPin()).resolves.toEqual(pin);
    expect([last().method, last().url.pathname, last().body]).toEqual(['POST', '/api/v2/device/pin', {}]);
    expect(last().headers.get('authorization')).toBeNull();
  });

  it('pollPin: the three statuses; a confirmed answer must carry the tokens', async () => {
    let answer: unknown = { status: 'pending' };
    const { client, last } = fakePlatformClient(() => json(200, answer));
    await expect(client.tvDevice.pollPin({ body: { anchor: 'anchor-1-secret-to-the-tv' } })).resolves.toEqual({ status: 'pending' });
    expect([last().method, last().url.pathname, last().body]).toEqual(['POST', '/api/v2/device/pin/poll', { anchor: 'anchor-1-secret-to-the-tv' }]);
    answer = { status: 'confirmed', ...TOKENS };
    await expect(client.tvDevice.pollPin({ body: { anchor: 'anchor-1-secret-to-the-tv' } })).resolves.toEqual({ status: 'confirmed', ...TOKENS });
    answer = { status: 'expired' };
    await expect(client.tvDevice.pollPin({ body: { anchor: 'anchor-1-secret-to-the-tv' } })).resolves.toEqual({ status: 'expired' });
    answer = { status: 'confirmed' };
    await expect(client.tvDevice.pollPin({ body: { anchor: 'anchor-1-secret-to-the-tv' } })).rejects.toBeInstanceOf(ContractError);
    answer = { status: 'other' };
    await expect(client.tvDevice.pollPin({ body: { anchor: 'anchor-1-secret-to-the-tv' } })).rejects.toBeInstanceOf(ContractError);
    // A malformed anchor is not sent.
    const sent = last();
    await expect(client.tvDevice.pollPin({ body: { anchor: 'short' } })).rejects.toBeInstanceOf(ContractError);
    expect(last()).toBe(sent);
  });

  it('confirmPin: POST { pin } with the bearer; a malformed PIN sends nothing', async () => {
    const { client, last, fetch } = fakePlatformClient(() => json(200, {}));
    await expect(client.tvDevice.confirmPin({ body: { pin: 'ABCD2345' } })).resolves.toEqual({});
    expect([last().method, last().url.pathname, last().body]).toEqual(['POST', '/api/v2/device/pin/confirm', { pin: 'ABCD2345' }]);
    expect(last().headers.get('authorization')).toBe('Bearer tok');
    fetch.mockClear();
    await expect(client.tvDevice.confirmPin({ body: { pin: 'ab cd' } })).rejects.toBeInstanceOf(ContractError);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('externalLicence call', () => {
  it('token: POST { authorisationCode } without a bearer', async () => {
    const { client, last } = fakePlatformClient(() => json(200, { licenceIds: ['7'], redirectTo: '/account' }));
    await expect(client.externalLicence.token({ body: { authorisationCode: 'code-1' } })).resolves.toEqual({ licenceIds: ['7'], redirectTo: '/account' });
    expect([last().method, last().url.pathname, last().body]).toEqual(['POST', '/api/v2/external-licence/token', { authorisationCode: 'code-1' }]);
    expect(last().headers.get('authorization')).toBeNull();
  });
});

/** An Adobe host over a fake fetch that records requests. */
function fakeHost(answer: (url: URL, init: RequestInit | undefined) => Response) {
  const seen: { url: URL; init: RequestInit | undefined }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    seen.push({ url, init });
    return answer(url, init);
  });
  const host = createAdobeHost({ baseUrl: 'http://adobe.test/_adobe', fetch: fetch as unknown as typeof globalThis.fetch });
  return { host, seen, fetch };
}

describe('createAdobeHost', () => {
  const CONFIG = {
    requestor: {
      id: 'stream',
      mvpds: [{ id: 'acme', displayName: 'Acme TV', featured: true }],
      channels: { channel: [{ id: 'c1' }] },
    },
  };

  it('register: POST {baseUri}/o/client/register { software_statement }, no platform headers', async () => {
    const { host, seen } = fakeHost(() => json(201, { client_id: 'cid', client_secret: 'secret' }));
    await expect(host.register('statement.jwt')).resolves.toEqual({ client_id: 'cid', client_secret: 'secret' });
    const req = seen[0]!;
    expect([req.init?.method, req.url.href]).toEqual(['POST', 'http://adobe.test/_adobe/o/client/register']);
    expect(JSON.parse(String(req.init?.body))).toEqual({ software_statement: 'statement.jwt' });
    const headers = new Headers(req.init?.headers);
    expect([headers.get('x-api-key'), headers.get('realm'), headers.get('authorization')]).toEqual([null, null, null]);
  });

  it('register: an empty statement sends nothing; a 400 is an ApiError', async () => {
    const { host, fetch } = fakeHost(() => json(400, ERROR_400));
    await expect(host.register('')).rejects.toBeInstanceOf(ContractError);
    expect(fetch).not.toHaveBeenCalled();
    await expect(host.register('statement')).rejects.toMatchObject({ name: 'ApiError', status: 400, requestId: 'req-400' });
  });

  it('config: GET {baseUri}/api/v1/config/{requestorId}; both list shapes pass, others break the contract', async () => {
    let answer: unknown = CONFIG;
    const { host, seen } = fakeHost(() => json(200, answer));
    await expect(host.config('stream')).resolves.toEqual(CONFIG);
    expect([seen[0]!.init?.method, seen[0]!.url.href]).toEqual(['GET', 'http://adobe.test/_adobe/api/v1/config/stream']);
    answer = { requestor: { id: 'stream', mvpds: { mvpd: [{ id: 'acme', displayName: 'Acme' }] } } };
    await expect(host.config('stream')).resolves.toEqual(answer);
    answer = { requestor: { id: 'stream', mvpds: 'none' } };
    await expect(host.config('stream')).rejects.toBeInstanceOf(ContractError);
  });

  it('no answer is a NetworkError; so is a base that is not http(s)', async () => {
    const { host } = fakeHost(() => {
      throw new TypeError('fetch failed');
    });
    await expect(host.config('stream')).rejects.toBeInstanceOf(NetworkError);
    await expect(createAdobeHost({ baseUrl: 'javascript:alert(1)' }).config('stream')).rejects.toBeInstanceOf(NetworkError);
  });
});
