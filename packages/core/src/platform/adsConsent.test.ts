import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.js';
import { readAdsConsent, writeAdsConsent } from './adsConsent.js';
import { memoryStorage } from './storage.js';
import { STORAGE_KEYS } from './types.js';

const ID = '2f1c8a4e-6b0d-4c53-9a7e-1d2b3c4d5e6f';

describe('ads consent on the device', () => {
  it('keeps an id only while consent is granted, and the client sends the headers accordingly', async () => {
    const storage = memoryStorage();
    const seen: Headers[] = [];
    const fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return new Response(JSON.stringify({ default_locale: 'en', selected_locale: 'en', translations: {} }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const api = createApiClient({ baseUrl: 'http://platform', realm: 'stream', apiKey: 'k', storage, fetch });
    const call = () => api.labels.get({ query: { realm: 'stream' } });

    expect(readAdsConsent(storage)).toBe('unknown');
    await call();
    writeAdsConsent(storage, 'granted', () => ID);
    await call();
    writeAdsConsent(storage, 'granted', () => 'another');
    expect(storage.getItem(STORAGE_KEYS.advertisingId)).toBe(ID);
    writeAdsConsent(storage, 'denied');
    await call();

    expect(seen.map((h) => [h.get('x-ads-consent'), h.get('x-ads-id')])).toEqual([
      ['unknown', null],
      ['granted', ID],
      ['denied', null],
    ]);
    expect(storage.getItem(STORAGE_KEYS.advertisingId)).toBeNull();
    expect(readAdsConsent(storage)).toBe('denied');
  });
});
