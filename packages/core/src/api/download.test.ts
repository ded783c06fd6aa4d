import { describe, expect, it, vi } from 'vitest';
import { memoryStorage, STORAGE_KEYS } from '../platform/index.js';
import { createApiClient } from './client.js';
import { ApiError, ContractError, NetworkError, SessionExpiredError } from './errors.js';
import { isSignedOutError } from './download.js';
import { fakePlatformClient, json } from './test-helpers.js';

const RECEIPT = 'http://platform.test/api/v2/customer/payments/p-1/receipt.pdf';
const pdf = () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 });

describe('api.download', () => {
  it("sends the bearer in the Authorization header, never in the URL, with the client's headers", async () => {
    const { client, seen } = fakePlatformClient(() => pdf());
    const blob = await client.download(RECEIPT, { accept: 'application/pdf' });
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url.href).toBe(RECEIPT);
    expect(seen[0]!.url.href).not.toContain('tok');
    expect(Object.fromEntries(seen[0]!.headers)).toMatchObject({
      authorization: 'Bearer tok',
      realm: 'demo',
      'x-api-key': 'key',
      accept: 'application/pdf',
    });
    // A path is resolved against the platform's base URL.
    await client.download('/api/v2/customer/payments/p-1/receipt.pdf');
    expect(seen[1]!.url.href).toBe(RECEIPT);
  });

  it('renews the session once after a 401 (the single-flight refresh) and sends again with the new token', async () => {
    const storage = memoryStorage({ [STORAGE_KEYS.authToken]: 'old', [STORAGE_KEYS.refreshToken]: 'r1' });
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const href = String(input);
      if (href.endsWith('/api/v2/token/refresh')) return json(200, { authorisationToken: 'new', refreshToken: 'r2' });
      const auth = new Headers(init?.headers).get('authorization');
      return auth === 'Bearer new' ? pdf() : json(401, { status: 401, code: 'UNAUTHORIZED', messages: [], requestId: 'x' });
    });
    const client = createApiClient({ baseUrl: 'http://platform.test', realm: 'demo', apiKey: 'key', storage, fetch: fetch as unknown as typeof globalThis.fetch });
    const blob = await client.download(RECEIPT);
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(fetch.mock.calls.map(([input]) => new URL(String(input)).pathname)).toEqual([
      '/api/v2/customer/payments/p-1/receipt.pdf',
      '/api/v2/token/refresh',
      '/api/v2/customer/payments/p-1/receipt.pdf',
    ]);
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe('new');
  });

  it('sends nothing to another origin or scheme', async () => {
    const { client, fetch } = fakePlatformClient(() => pdf());
    for (const url of ['https://evil.example/receipt.pdf', '//evil.example/x.pdf', 'http://platform.test:9999/x.pdf', 'javascript:alert(1)']) {
      const error = await client.download(url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContractError);
      expect(error).toMatchObject({ direction: 'request', fields: ['url'] });
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fails signed out without a token or when the session cannot be renewed; ApiError and NetworkError otherwise', async () => {
    const signedOut = createApiClient({
      baseUrl: 'http://platform.test',
      realm: 'demo',
      apiKey: 'key',
      storage: memoryStorage(),
      fetch: (async () => pdf()) as typeof globalThis.fetch,
    });
    const none = await signedOut.download(RECEIPT).catch((e: unknown) => e);
    expect(none).toBeInstanceOf(SessionExpiredError);
    expect(isSignedOutError(none)).toBe(true);

    // A 401 with no refresh token stored: the session ends, the download fails with the 401.
    const refused = fakePlatformClient(() => json(401, { status: 401, code: 'UNAUTHORIZED', messages: [], requestId: 'x' }));
    const expired = await refused.client.download(RECEIPT).catch((e: unknown) => e);
    expect(expired).toMatchObject({ status: 401 });
    expect(isSignedOutError(expired)).toBe(true);

    const conflict = await fakePlatformClient(() => new Response('{}', { status: 409 })).client.download(RECEIPT).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict).toMatchObject({ status: 409, call: 'download' });
    expect(isSignedOutError(conflict)).toBe(false);

    const offline = await fakePlatformClient(() => Promise.reject(new TypeError('Failed to fetch'))).client.download(RECEIPT).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(NetworkError);
    expect(isSignedOutError(offline)).toBe(false);
  });
});
