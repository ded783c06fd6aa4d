import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type KeyValueStorage } from '@stream/core/platform';
import { fetchReceipt, receiptFileName, ReceiptError, type ReceiptDeps } from './receipt';

const BASE = 'http://127.0.0.1:8787';
const URL_OK = `${BASE}/api/v2/customer/payments/p-1/receipt.pdf`;

function memoryStorage(token: string | null): KeyValueStorage {
  const map = new Map<string, string>();
  if (token) map.set(STORAGE_KEYS.authToken, token);
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function deps(fetchImpl: typeof fetch, overrides: Partial<ReceiptDeps> = {}): ReceiptDeps {
  return {
    apiBaseUrl: BASE,
    realm: 'stream',
    apiKey: 'key',
    storage: memoryStorage('old-token'),
    refresh: vi.fn(async () => ({ authorisationToken: 'new-token' })),
    fetch: fetchImpl,
    ...overrides,
  };
}

const pdf = () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 });
const headersOf = (call: unknown[]) => (call[1] as RequestInit).headers as Record<string, string>;

describe('fetchReceipt', () => {
  it('sends the bearer in the Authorization header, never in the URL, with the realm headers', async () => {
    const fetchImpl = vi.fn(async () => pdf());
    const blob = await fetchReceipt(URL_OK, deps(fetchImpl));
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const call = fetchImpl.mock.calls[0] as unknown[];
    expect(call[0]).toBe(URL_OK);
    expect(String(call[0])).not.toContain('token');
    expect(headersOf(call)).toMatchObject({ Authorization: 'Bearer old-token', Realm: 'stream', 'x-api-key': 'key' });
  });

  it('renews the session once after a 401 and sends again with the new token', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response('{}', { status: 401 }))
      .mockResolvedValueOnce(pdf());
    const d = deps(fetchImpl);
    await fetchReceipt(URL_OK, d);
    expect(d.refresh).toHaveBeenCalledTimes(1);
    expect(headersOf(fetchImpl.mock.calls[1] as unknown[]).Authorization).toBe('Bearer new-token');
  });

  it('sends nothing to another origin', async () => {
    const fetchImpl = vi.fn(async () => pdf());
    for (const url of ['https://evil.example/receipt.pdf', '//evil.example/x.pdf', 'http://127.0.0.1:9999/x.pdf', 'javascript:alert(1)']) {
      await expect(fetchReceipt(url, deps(fetchImpl))).rejects.toMatchObject({ reason: 'foreign' });
    }
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('fails as signedOut without a token or when the refresh is refused, and as http on other errors', async () => {
    const fetchImpl = vi.fn(async () => new Response('{}', { status: 401 }));
    await expect(fetchReceipt(URL_OK, deps(fetchImpl, { storage: memoryStorage(null) }))).rejects.toMatchObject({ reason: 'signedOut' });
    const refused = deps(fetchImpl, { refresh: async () => Promise.reject(new Error('refused')) });
    await expect(fetchReceipt(URL_OK, refused)).rejects.toMatchObject({ reason: 'signedOut' });
    const conflict = vi.fn(async () => new Response('{}', { status: 409 }));
    const error = await fetchReceipt(URL_OK, deps(conflict)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReceiptError);
    expect(error).toMatchObject({ reason: 'http', status: 409 });
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchReceipt(URL_OK, deps(offline))).rejects.toMatchObject({ reason: 'network' });
  });
});

describe('receiptFileName', () => {
  it('names the file after the payment id, with unsafe characters replaced', () => {
    expect(receiptFileName('0b7a-11')).toBe('receipt-0b7a-11.pdf');
    expect(receiptFileName('../x y')).toBe('receipt-.._x_y.pdf');
    expect(receiptFileName('')).toBe('receipt-payment.pdf');
  });
});
