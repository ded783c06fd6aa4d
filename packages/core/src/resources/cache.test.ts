import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api/errors.js';
import { manualClock } from '../platform/clock.js';
import { createResourceCache, type ResourceQuery, type ResourceState } from './cache.js';

/** A load that resolves or rejects when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A query whose loads are recorded and settled by hand. */
function manualQuery<T>(key: readonly (string | number)[]) {
  const loads: ReturnType<typeof deferred<T>>[] = [];
  const query: ResourceQuery<T> = {
    key,
    load: () => {
      const d = deferred<T>();
      loads.push(d);
      return d.promise;
    },
  };
  return { query, loads };
}

const quiet = { onError: () => undefined };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createResourceCache', () => {
  it('starts one load for any number of watchers and fetches of a key, and shares its answer', async () => {
    const cache = createResourceCache(quiet);
    const { query, loads } = manualQuery<string>(['cards', 'list']);
    const a = vi.fn();
    const b = vi.fn();
    cache.subscribe(query, a);
    cache.subscribe({ ...query }, b);
    const fetched = cache.fetch(query);
    expect(loads).toHaveLength(1);
    expect(cache.peek(query).status).toBe('loading');
    loads[0]!.resolve('visa');
    await expect(fetched).resolves.toBe('visa');
    expect(cache.peek(query)).toMatchObject({ status: 'ready', data: 'visa', reloading: false });
    expect(a).toHaveBeenCalled();
    expect(b).toHaveBeenCalled();
    // Fresh data is answered without loading again.
    await expect(cache.fetch(query)).resolves.toBe('visa');
    expect(loads).toHaveLength(1);
  });

  it('answers the same state object until something changes (what useSyncExternalStore needs)', async () => {
    const cache = createResourceCache(quiet);
    const { query, loads } = manualQuery<number>(['x']);
    const first = cache.peek(query);
    expect(cache.peek(query)).toBe(first);
    cache.subscribe(query, () => undefined);
    loads[0]!.resolve(1);
    await flush();
    const ready = cache.peek(query);
    expect(ready).not.toBe(first);
    expect(cache.peek(query)).toBe(ready);
  });

  it('reloads watched keys under an invalidated prefix, keeping the data on screen meanwhile', async () => {
    const cache = createResourceCache(quiet);
    const cards = manualQuery<string>(['cards', 'list']);
    const licences = manualQuery<string>(['licences', 'mine']);
    cache.subscribe(cards.query, () => undefined);
    cache.subscribe(licences.query, () => undefined);
    cards.loads[0]!.resolve('old');
    licences.loads[0]!.resolve('held');
    await flush();
    cache.invalidate(['cards']);
    expect(cards.loads).toHaveLength(2);
    expect(licences.loads).toHaveLength(1);
    expect(cache.peek(cards.query)).toMatchObject({ status: 'ready', data: 'old', reloading: true });
    cards.loads[1]!.resolve('new');
    await flush();
    expect(cache.peek(cards.query)).toMatchObject({ status: 'ready', data: 'new', reloading: false });
  });

  it('drops the late answer of a load that an invalidation superseded', async () => {
    const cache = createResourceCache(quiet);
    const { query, loads } = manualQuery<string>(['profile']);
    cache.subscribe(query, () => undefined);
    cache.invalidate(['profile']);
    expect(loads).toHaveLength(2);
    loads[1]!.resolve('after the change');
    await flush();
    loads[0]!.resolve('before the change');
    await flush();
    expect(cache.peek(query).data).toBe('after the change');
  });

  it('loads an unwatched invalidated key on its next watcher, not before', async () => {
    const cache = createResourceCache(quiet);
    const { query, loads } = manualQuery<string>(['history']);
    await Promise.all([cache.fetch(query), (loads[0]!.resolve('v1'), flush())]);
    cache.invalidate(['history']);
    expect(loads).toHaveLength(1);
    cache.subscribe(query, () => undefined);
    expect(loads).toHaveLength(2);
  });

  it('keeps the data when a reload fails, and reports failed when no data ever came', async () => {
    const errors: unknown[] = [];
    const cache = createResourceCache({ onError: (error) => errors.push(error) });
    const ok = manualQuery<string>(['a']);
    cache.subscribe(ok.query, () => undefined);
    ok.loads[0]!.resolve('kept');
    await flush();
    cache.invalidate(['a']);
    ok.loads[1]!.reject(new Error('offline'));
    await flush();
    expect(cache.peek(ok.query)).toMatchObject({ status: 'ready', data: 'kept', reloading: false });
    expect((cache.peek(ok.query).error as Error).message).toBe('offline');

    const never = manualQuery<string>(['b']);
    const fetched = cache.fetch(never.query);
    never.loads[0]!.reject(new Error('down'));
    await expect(fetched).rejects.toThrow('down');
    expect(cache.peek(never.query)).toMatchObject({ status: 'failed', data: undefined });
    expect(errors).toHaveLength(2);
    // A new watcher of a failed key tries again.
    cache.subscribe(never.query, () => undefined);
    expect(never.loads).toHaveLength(2);
    expect(cache.peek(never.query).status).toBe('loading');
  });

  it('invalidates after a mutation, whether it succeeded or failed, and never retries it', async () => {
    const cache = createResourceCache(quiet);
    const cards = manualQuery<string>(['cards', 'list']);
    cache.subscribe(cards.query, () => undefined);
    cards.loads[0]!.resolve('two cards');
    await flush();
    const run = vi.fn().mockResolvedValueOnce('removed').mockRejectedValueOnce(new Error('declined'));
    await expect(cache.mutate(run, [['cards']])).resolves.toBe('removed');
    expect(cards.loads).toHaveLength(2);
    await expect(cache.mutate(run, [['cards']])).rejects.toThrow('declined');
    expect(cards.loads).toHaveLength(3);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('forgets everything on reset: watched keys load again from nothing', async () => {
    const cache = createResourceCache(quiet);
    const { query, loads } = manualQuery<string>(['licences', 'mine']);
    const listener = vi.fn();
    cache.subscribe(query, listener);
    loads[0]!.resolve("the first viewer's");
    await flush();
    cache.reset();
    expect(cache.peek(query)).toMatchObject({ status: 'loading', data: undefined });
    expect(listener).toHaveBeenCalledTimes(2);
    loads[0]!.resolve('late');
    loads[1]!.resolve("the second viewer's");
    await flush();
    expect(cache.peek(query).data).toBe("the second viewer's");
  });

  it('stops telling a watcher once it unsubscribes', async () => {
    const cache = createResourceCache(quiet);
    const { query, loads } = manualQuery<string>(['x']);
    const listener = vi.fn();
    const stop = cache.subscribe(query, listener);
    stop();
    loads[0]!.resolve('v');
    await flush();
    expect(listener).not.toHaveBeenCalled();
  });

  it('property: after any sequence of operations settles, a watched key shows the answer of its latest load', async () => {
    type Op = { kind: 'invalidate'; prefix: number } | { kind: 'settle'; index: number; ok: boolean } | { kind: 'reset' };
    const op = fc.oneof(
      fc.record({ kind: fc.constant('invalidate' as const), prefix: fc.integer({ min: 0, max: 2 }) }),
      fc.record({ kind: fc.constant('settle' as const), index: fc.nat(), ok: fc.boolean() }),
      fc.record({ kind: fc.constant('reset' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops: Op[]) => {
        const cache = createResourceCache(quiet);
        const keys = [['a', 1], ['a', 2], ['b', 1]] as const;
        const queries = keys.map((key) => manualQuery<string>([...key]));
        for (const { query } of queries) cache.subscribe(query, () => undefined);
        const pending = queries.flatMap(({ loads }, q) => loads.map((d, i) => ({ q, i, d, done: false, ok: true })));
        const track = () => {
          for (const [q, { loads }] of queries.entries()) {
            for (const [i, d] of loads.entries()) if (!pending.some((p) => p.q === q && p.i === i)) pending.push({ q, i, d, done: false, ok: true });
          }
        };
        for (const o of ops) {
          if (o.kind === 'invalidate') cache.invalidate(o.prefix === 2 ? ['b'] : o.prefix === 1 ? ['a', 2] : ['a']);
          else if (o.kind === 'reset') cache.reset();
          else {
            const open = pending.filter((p) => !p.done);
            const chosen = open[o.index % Math.max(open.length, 1)];
            if (chosen) {
              chosen.done = true;
              chosen.ok = o.ok;
              if (o.ok) chosen.d.resolve(`${chosen.q}:${chosen.i}`);
              else chosen.d.reject(new Error(`${chosen.q}:${chosen.i}`));
            }
          }
          track();
          await flush();
        }
        // Settle the rest successfully, oldest first; then the latest load of each key must win.
        for (const p of pending.filter((x) => !x.done)) {
          p.done = true;
          p.d.resolve(`${p.q}:${p.i}`);
          await flush();
        }
        for (const [q, { query, loads }] of queries.entries()) {
          const state = cache.peek(query);
          const latest = loads.length - 1;
          const outcome = pending.find((p) => p.q === q && p.i === latest)!;
          expect(state.reloading).toBe(false);
          if (outcome.ok) expect(state).toMatchObject({ status: 'ready', data: `${q}:${latest}`, error: undefined });
          else expect((state.error as Error).message).toBe(`${q}:${latest}`);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('createResourceCache: retries, staleness, scope', () => {
  const offline = (call = 'cards.list') => new NetworkError(call, new TypeError('Failed to fetch'));

  it('tries a read that got no answer twice more, 1 s then 2 s later, staying loading meanwhile', async () => {
    vi.useFakeTimers();
    try {
      const errors: unknown[] = [];
      const cache = createResourceCache({ onError: (error) => errors.push(error) });
      const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(offline()).mockRejectedValueOnce(offline()).mockResolvedValueOnce('cards');
      const query: ResourceQuery<string> = { key: ['cards', 'list'], load };
      cache.subscribe(query, () => undefined);
      await vi.advanceTimersByTimeAsync(0);
      expect(load).toHaveBeenCalledTimes(1);
      expect(cache.peek(query).status).toBe('loading');
      await vi.advanceTimersByTimeAsync(999);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(2);
      expect(cache.peek(query).status).toBe('loading');
      await vi.advanceTimersByTimeAsync(1999);
      expect(load).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(3);
      expect(cache.peek(query)).toMatchObject({ status: 'ready', data: 'cards' });
      expect(errors).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports failed once the retries are spent, and retries neither an error answer nor a mutation', async () => {
    vi.useFakeTimers();
    try {
      const errors: unknown[] = [];
      const cache = createResourceCache({ onError: (error) => errors.push(error) });
      const down = vi.fn(() => Promise.reject(offline()));
      const query: ResourceQuery<string> = { key: ['history'], load: down };
      cache.subscribe(query, () => undefined);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(down).toHaveBeenCalledTimes(3);
      expect(cache.peek(query).status).toBe('failed');
      expect(errors).toHaveLength(1);

      const missing = new ApiError({ call: 'content.get', status: 404, code: 'NOT_FOUND', messages: [], requestId: 'r' });
      const notFound = vi.fn(() => Promise.reject(missing));
      cache.subscribe({ key: ['content', 'get', 'VOD', '9'], load: notFound }, () => undefined);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(notFound).toHaveBeenCalledTimes(1);

      const run = vi.fn(() => Promise.reject(offline('cards.remove')));
      await expect(cache.mutate(run, [['cards']])).rejects.toBeInstanceOf(NetworkError);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(run).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops retrying a load that an invalidation superseded', async () => {
    vi.useFakeTimers();
    try {
      const cache = createResourceCache(quiet);
      let calls = 0;
      const load = vi.fn(() => (++calls === 1 ? Promise.reject(offline()) : Promise.resolve(`answer ${calls}`)));
      const query: ResourceQuery<string> = { key: ['cards', 'list'], load };
      cache.subscribe(query, () => undefined);
      await vi.advanceTimersByTimeAsync(0);
      cache.invalidate(['cards']);
      await vi.advanceTimersByTimeAsync(0);
      expect(cache.peek(query)).toMatchObject({ status: 'ready', data: 'answer 2' });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(load).toHaveBeenCalledTimes(2);
      expect(cache.peek(query).data).toBe('answer 2');
    } finally {
      vi.useRealTimers();
    }
  });

  it('never retries when told so', async () => {
    const cache = createResourceCache({ ...quiet, retry: false });
    const load = vi.fn(() => Promise.reject(offline()));
    await expect(cache.fetch({ key: ['x'], load })).rejects.toBeInstanceOf(NetworkError);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads in the background for a view that comes back after staleMs, showing the data meanwhile', async () => {
    const clock = manualClock(0);
    const cache = createResourceCache({ ...quiet, clock });
    const fresh = manualQuery<string>(['licences', 'mine']);
    const stop = cache.subscribe(fresh.query, () => undefined);
    fresh.loads[0]!.resolve('v1');
    await flush();
    stop();
    // staleMs 0 (the default): a view that comes back reloads, with v1 on screen meanwhile.
    cache.subscribe(fresh.query, () => undefined);
    expect(fresh.loads).toHaveLength(2);
    expect(cache.peek(fresh.query)).toMatchObject({ status: 'ready', data: 'v1', reloading: true });
    // A second view joining a watched key does not reload.
    cache.subscribe(fresh.query, () => undefined);
    expect(fresh.loads).toHaveLength(2);

    const settings = manualQuery<string>(['realm', 'settings']);
    const kept = { ...settings.query, staleMs: 60_000 };
    const stopSettings = cache.subscribe(kept, () => undefined);
    settings.loads[0]!.resolve('s1');
    await flush();
    stopSettings();
    clock.advance(59_999);
    cache.subscribe(kept, () => undefined)();
    expect(settings.loads).toHaveLength(1);
    clock.advance(1);
    cache.subscribe(kept, () => undefined);
    expect(settings.loads).toHaveLength(2);
  });

  it('keeps realm-scoped entries on reset and forgets the viewer-scoped ones', async () => {
    const cache = createResourceCache(quiet);
    const realm = manualQuery<string>(['realm', 'settings']);
    const viewer = manualQuery<string>(['cards', 'list']);
    const realmQuery = { ...realm.query, scope: 'realm' as const, staleMs: Infinity };
    cache.subscribe(realmQuery, () => undefined);
    cache.subscribe(viewer.query, () => undefined);
    realm.loads[0]!.resolve('settings');
    viewer.loads[0]!.resolve("the first viewer's cards");
    await flush();
    cache.reset();
    expect(cache.peek(realmQuery)).toMatchObject({ status: 'ready', data: 'settings', reloading: false });
    expect(realm.loads).toHaveLength(1);
    expect(cache.peek(viewer.query)).toMatchObject({ status: 'loading', data: undefined });
  });

  it('settled waits for the load in flight (and the one that superseded it), and update changes the data in place', async () => {
    const cache = createResourceCache(quiet);
    const { query, loads } = manualQuery<string[]>(['cards', 'list']);
    expect(await cache.settled(query)).toMatchObject({ status: 'loading', data: undefined });
    cache.update(query, (cards) => [...cards, 'never']);
    cache.subscribe(query, () => undefined);
    let settled: ResourceState<string[]> | undefined;
    void cache.settled(query).then((state) => (settled = state));
    cache.invalidate(['cards']);
    loads[0]!.resolve(['old']);
    await flush();
    expect(settled).toBeUndefined();
    loads[1]!.resolve(['a', 'b']);
    await flush();
    expect(settled).toMatchObject({ status: 'ready', data: ['a', 'b'] });
    const listener = vi.fn();
    cache.subscribe(query, listener);
    cache.update(query, (cards) => cards.filter((card) => card !== 'a'));
    expect(cache.peek(query).data).toEqual(['b']);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
