/**
 * Test helpers for the client's call tests (not exported from the package): a client over a fake
 * fetch that records every request and answers with a function of it.
 */
import { vi } from 'vitest';
import { memoryStorage, STORAGE_KEYS } from '../platform/index.js';
import { createApiClient } from './client.js';

/** One request the fake platform saw. `rawPath` is the path as sent, before URL normalisation. */
export interface Seen {
  method: string;
  url: URL;
  rawPath: string;
  headers: Headers;
  body: unknown;
  rawBody: unknown;
}

/** A JSON answer. */
export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The query of a request as a plain object. */
export const query = (req: Seen): Record<string, string> => Object.fromEntries(req.url.searchParams);

/**
 * A signed-in client (bearer `tok`) over a fake fetch that answers `answer(req)` and records
 * requests; `last()` is the latest one.
 */
export function fakePlatformClient(answer: (req: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const rawBody = init?.body;
    const req: Seen = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url: new URL(href),
      rawPath: href.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, ''),
      headers: new Headers(init?.headers),
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : undefined,
      rawBody,
    };
    seen.push(req);
    return answer(req);
  });
  const client = createApiClient({
    baseUrl: 'http://platform.test',
    realm: 'demo',
    apiKey: 'key',
    storage: memoryStorage({ [STORAGE_KEYS.authToken]: 'tok' }),
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  const last = (): Seen => {
    const req = seen.at(-1);
    if (!req) throw new Error('no request sent');
    return req;
  };
  return { client, seen, last, fetch };
}
