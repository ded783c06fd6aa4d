import { describe, expect, it } from 'vitest';
import type { ResourceQuery } from '@stream/core/resources';
import { prefetchFirstPage, type FirstPageServices } from './start';

const HERO = { id: 'a', type: 'VOD', images: { hero: 'https://cdn.test/hero/a/{width}', thumbnail: 'https://cdn.test/thumbnail/a/{width}' } };
const SECTION = {
  rails: [
    { id: 'films', layout: 'POSTER', items: [{ id: 'z', type: 'VOD', images: { hero: 'https://cdn.test/hero/z/{width}' } }] },
    { id: 'hero', layout: 'HERO', items: [HERO] },
  ],
};
const HOME_KEY = ['catalogue', 'section', JSON.stringify({ params: { id: 'home' } })];

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
      catalogue: {
        read: (call: string, request: unknown) => ({ key: ['catalogue', call, JSON.stringify(request)], load: () => { listCalls += 1; return Promise.resolve(SECTION); } }),
      },
    },
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
  it("reads the home page's section through the cache once the session knows its viewer, then preloads its hero's artwork", async () => {
    const fake = fakeServices();
    const preloaded: string[] = [];
    prefetchFirstPage(fake.services, '/home', (url) => preloaded.push(url));
    expect(fake.fetched).toEqual([]);
    fake.setUser({ id: 'guest-1', guest: true });
    expect(fake.fetched.map((query) => query.key)).toEqual([HOME_KEY]);
    expect(fake.listCalls()).toBe(1);
    // Then the hero's artwork: the first item of the HERO rail (its URL template).
    await expect.poll(() => preloaded).toEqual(['https://cdn.test/hero/a/{width}']);
    // Later changes of the viewer are the cache's business (it forgets and reloads what is shown).
    fake.setUser({ id: 'u-1', guest: false });
    expect(fake.fetched).toHaveLength(1);
    expect(fake.listeners.size).toBe(0);
  });

  it('reads at once when the viewer is known (a stored session), on the root and in other route sets', () => {
    for (const path of ['/', '/home', '/inicio', '/~home']) {
      const fake = fakeServices({ id: 'u-1', guest: false });
      prefetchFirstPage(fake.services, path, () => undefined);
      expect(fake.fetched.map((query) => query.key), path).toEqual([HOME_KEY]);
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
