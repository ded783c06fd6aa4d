import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/types.js';
import { calls } from '../contracts/index.js';
import { createResourceCache } from './cache.js';
import { createResources } from './definitions.js';
import { RESOURCE_KEYS } from './keys.js';

function fakeApi() {
  const called: Array<[string, unknown]> = [];
  const method = (name: string) =>
    vi.fn(async (input?: unknown) => {
      called.push([name, input]);
      return { name };
    });
  const api = {
    favourites: { list: method('favourites.list'), get: method('favourites.get'), status: method('favourites.status') },
    history: { list: method('history.list'), get: method('history.get'), continueWatching: method('history.continueWatching') },
  };
  return { client: api as unknown as ApiClient, called };
}

describe('library resources (favourites, history, continue watching)', () => {
  it('keys each read after its call and its page or id, loads with that call alone, scope viewer', async () => {
    const { client, called } = fakeApi();
    const resources = createResources(client, createResourceCache({ onError: () => undefined, retry: false }));
    const reads = [
      { query: resources.favourites.list(), call: calls.favourites.list, key: ['favourites', 'list', 'default', 0], input: { query: {} } },
      { query: resources.favourites.list({ rpp: 9, lastSeen: 9 }), call: calls.favourites.list, key: ['favourites', 'list', 9, 9], input: { query: { rpp: 9, lastSeen: 9 } } },
      { query: resources.favourites.get('vod-1'), call: calls.favourites.get, key: ['favourites', 'get', 'vod-1'], input: { params: { id: 'vod-1' } } },
      { query: resources.favourites.status(['a', 'b']), call: calls.favourites.status, key: ['favourites', 'status', 'a', 'b'], input: { query: { ids: 'a,b' } } },
      { query: resources.history.list({ lastSeen: 20 }), call: calls.history.list, key: ['history', 'list', 'default', 20], input: { query: { lastSeen: 20 } } },
      { query: resources.history.get('ep-1'), call: calls.history.get, key: ['history', 'get', 'ep-1'], input: { params: { id: 'ep-1' } } },
      { query: resources.history.continueWatching(), call: calls.history.continueWatching, key: ['history', 'continueWatching', 'default', 0], input: { query: {} } },
    ];
    for (const { query, call, key, input } of reads) {
      called.length = 0;
      expect(query.key).toEqual(key);
      expect(query.key.slice(0, 2).join('.')).toBe(call.name);
      expect(query.scope ?? 'viewer').toBe('viewer');
      await query.load();
      expect(called).toEqual([[call.name, input]]);
    }
    // A change invalidates every read of its area by prefix.
    expect(reads.filter((r) => r.key[0] === 'favourites').every((r) => r.key[0] === RESOURCE_KEYS.favourites[0])).toBe(true);
    expect(RESOURCE_KEYS.history).toEqual(['history']);
  });
});
