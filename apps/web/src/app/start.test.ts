import { describe, expect, it } from 'vitest';
import type { ResourceQuery } from '@stream/core/resources';
import { prefetchFirstPage, type FirstPageServices } from './start';

const ITEMS = [
  { id: 'a', type: 'VOD', thumbnailUrl: '/thumbnails/a.svg' },
  { id: 'b', type: 'VOD' },
  { id: 'c', type: 'LIVE', thumbnailUrl: 'https://cdn.test/c.svg' },
  { id: 'd', type: 'VOD', thumbnailUrl: '/thumbnails/d.svg' },
];

/** A session whose viewer the test sets, the queries the cache was asked for, the client's calls. */
function fakeServices(user: unknown = null) {
  let snapshot = { context: { user } };
  const listeners = new Set<(s: typeof snapshot) => void>();
  const fetched: ResourceQuery<unknown>[] = [];
  let listCalls = 0;
  const services = {
    session: {
      getSnapshot: () => snapshot,
      subscribe(listener: (s: typeof snapshot) => void) {
        listeners.add(listener);
        return { unsubscribe: () => listeners.delete(listener) };
      },
    },
    resources: {
      fetch: (query: ResourceQuery<unknown>) => {
        fetched.push(query);
        return query.load();
      },
    },
    queries: {
      content: {
        list: () => ({ key: ['content', 'list'], load: () => { listCalls += 1; return Promise.resolve({ items: ITEMS }); } }),
      },
    },
    config: { apiBaseUrl: 'http://api.test' },
  } as unknown as FirstPageServices;
  return {
    services,
    fetched,
    listCalls: () => listCalls,
    listeners,
    setUser(next: unknown) {
      snapshot = { context: { user: next } };
      for (const listener of [...listeners]) listener(snapshot);
    },
  };
}

describe('prefetchFirstPage', () => {
  it("reads the home page's catalogue through the cache once the session knows its viewer, then preloads the first row's thumbnails", async () => {
    const fake = fakeServices();
    const preloaded: string[] = [];
    prefetchFirstPage(fake.services, '/home', (url) => preloaded.push(url));
    expect(fake.fetched).toEqual([]);
    fake.setUser({ id: 'guest-1', guest: true });
    expect(fake.fetched.map((query) => query.key)).toEqual([['content', 'list']]);
    expect(fake.listCalls()).toBe(1);
    // Then the first row's thumbnails, resolved against the platform like the cards' (the third card's is absolute).
    await expect.poll(() => preloaded).toEqual(['http://api.test/thumbnails/a.svg', 'https://cdn.test/c.svg']);
    // Later changes of the viewer are the cache's business (it forgets and reloads what is shown).
    fake.setUser({ id: 'u-1', guest: false });
    expect(fake.fetched).toHaveLength(1);
    expect(fake.listeners.size).toBe(0);
  });

  it('reads at once when the viewer is known (a stored session), on the root and in other route sets', () => {
    for (const path of ['/', '/home', '/inicio', '/~home']) {
      const fake = fakeServices({ id: 'u-1', guest: false });
      prefetchFirstPage(fake.services, path, () => undefined);
      expect(fake.fetched.map((query) => query.key), path).toEqual([['content', 'list']]);
    }
  });

  it('reads nothing for another page', () => {
    for (const path of ['/login', '/account', '/no-such-page']) {
      const fake = fakeServices({ id: 'guest-1', guest: true });
      prefetchFirstPage(fake.services, path, () => undefined);
      expect(fake.fetched, path).toEqual([]);
      expect(fake.listeners.size, path).toBe(0);
    }
  });
});
