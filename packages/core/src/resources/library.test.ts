import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/types.js';
import { calls } from '../contracts/index.js';
import { createResourceCache } from './cache.js';
import { createResources } from './definitions.js';
import { RESOURCE_KEYS } from './keys.js';

function fakeApi() {
  const called: Array<[string, unknown]> = [];
  const options: Array<[string, unknown]> = [];
  const method = (name: string) =>
    vi.fn(async (input?: unknown, callOptions?: unknown) => {
      called.push([name, input]);
      if (callOptions !== undefined) options.push([name, callOptions]);
      return { name };
    });
  const api = {
    favourites: { list: method('favourites.list'), get: method('favourites.get'), status: method('favourites.status') },
    history: { list: method('history.list'), get: method('history.get'), continueWatching: method('history.continueWatching'), remove: method('history.remove'), report: method('history.report') },
    watchlists: { list: method('watchlists.list'), remove: method('watchlists.remove') },
  };
  return { client: api as unknown as ApiClient, called, options };
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
      { query: resources.watchlists.list(), call: calls.watchlists.list, key: ['watchlists', 'list', 'default', 0], input: { query: {} } },
      { query: resources.watchlists.list({ rpp: 100 }), call: calls.watchlists.list, key: ['watchlists', 'list', 100, 0], input: { query: { rpp: 100 } } },
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

/** The resources over a fake client, with the library's first page watched and loaded. */
async function watchedLibrary() {
  const { client, called } = fakeApi();
  const cache = createResourceCache({ onError: () => undefined, retry: false });
  const resources = createResources(client, cache);
  const library = resources.watchlists.list();
  const unsubscribe = cache.subscribe(library, () => undefined);
  await cache.settled(library);
  called.length = 0;
  return { client, called, resources, settled: () => cache.settled(library), unsubscribe };
}

describe('watchlists.remove', () => {
  it('deletes the list by its owner and id, then reloads the watched library', async () => {
    const { called, resources, settled, unsubscribe } = await watchedLibrary();
    await resources.watchlists.remove('owner-1', 'list-1');
    await settled();
    expect(called).toEqual([
      ['watchlists.remove', { params: { ownerId: 'owner-1', id: 'list-1' } }],
      ['watchlists.list', { query: {} }],
    ]);
    unsubscribe();
  });

  it("rejects with the call's error (a shared list: 403), the library reloaded all the same", async () => {
    const { client, called, resources, settled, unsubscribe } = await watchedLibrary();
    const refused = Object.assign(new Error('NOT_OWNER'), { status: 403 });
    (client.watchlists.remove as unknown as ReturnType<typeof vi.fn>).mockRejectedValueOnce(refused);
    await expect(resources.watchlists.remove('owner-2', 'list-2')).rejects.toBe(refused);
    await settled();
    expect(called).toEqual([['watchlists.list', { query: {} }]]);
    unsubscribe();
  });
});

describe('history.remove', () => {
  it('removes the title, then reloads the watched continue-watching row; a refusal rejects, the row reloaded all the same', async () => {
    const { client, called } = fakeApi();
    const cache = createResourceCache({ onError: () => undefined, retry: false });
    const resources = createResources(client, cache);
    const row = resources.history.continueWatching();
    const unsubscribe = cache.subscribe(row, () => undefined);
    await cache.settled(row);
    called.length = 0;
    await resources.history.remove('vod-1');
    await cache.settled(row);
    expect(called).toEqual([
      ['history.remove', { params: { id: 'vod-1' } }],
      ['history.continueWatching', { query: {} }],
    ]);

    called.length = 0;
    const refused = Object.assign(new Error('NOT_FOUND'), { status: 404 });
    (client.history.remove as unknown as ReturnType<typeof vi.fn>).mockRejectedValueOnce(refused);
    await expect(resources.history.remove('vod-2')).rejects.toBe(refused);
    await cache.settled(row);
    expect(called).toEqual([['history.continueWatching', { query: {} }]]);
    unsubscribe();
  });
});

describe('history.report', () => {
  it('sends the report kept alive (it outlives the page), then reloads the history reads', async () => {
    const { client, called, options } = fakeApi();
    const cache = createResourceCache({ onError: () => undefined, retry: false });
    const resources = createResources(client, cache);
    const mutate = vi.spyOn(cache, 'mutate');
    await resources.history.report({ id: 'vod-1', positionSeconds: 30, durationSeconds: 600, updatedAt: '2026-11-26T12:00:00.000Z', ended: false });
    expect(called).toEqual([['history.report', { params: { id: 'vod-1' }, body: { positionSeconds: 30, durationSeconds: 600, updatedAt: '2026-11-26T12:00:00.000Z', ended: false } }]]);
    expect(options).toEqual([['history.report', { keepalive: true }]]);
    expect(mutate.mock.calls.map(([, invalidates]) => invalidates)).toEqual([[RESOURCE_KEYS.history]]);
  });
});
