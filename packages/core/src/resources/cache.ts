/**
 * The resource layer's cache: reads outside a flow (a rail, a title, the account's cards) are
 * loaded once, shared by every view that shows them, and reloaded when a mutation that changes
 * them succeeds. In the spirit of TanStack Query's core (query keys, in-flight de-duplication,
 * invalidation by key prefix, a stale-while-revalidate reload when a view comes back, retries of
 * reads that got no answer), and much smaller: no garbage collection (a page's reads are few), no
 * window-focus refetch. Framework-agnostic: `@stream/react`'s `useResource` subscribes to it.
 */
import { isNetworkError } from '../api/errors.js';
import { systemClock } from '../platform/clock.js';
import type { Clock } from '../platform/types.js';

/** One part of a resource key: `['licences', 'mine']`, `['content', 'get', 'VOD', '42']`. */
export type ResourceKeyPart = string | number | boolean | null;
/** A resource key: the area first, then the call, then its arguments. Never a token or an email. */
export type ResourceKey = readonly ResourceKeyPart[];

/**
 * Whose data a read is. `viewer` (the default): the signed-in account's or the guest's (licences,
 * cards, a profile, and anything read with a bearer), forgotten by {@link ResourceCache.reset}
 * when the viewer changes. `realm`: the same for every viewer of the realm (its sign-in settings,
 * the countries: calls sent without a bearer), kept across viewers.
 */
export type ResourceScope = 'viewer' | 'realm';

/** A read: its key and how to load it. Two reads with equal keys are the same resource. */
export interface ResourceQuery<T> {
  readonly key: ResourceKey;
  /** Loads the data; called at most once at a time per key. */
  load(): Promise<T>;
  /** Whose data it is. @default 'viewer' */
  readonly scope?: ResourceScope;
  /**
   * How long, in milliseconds, loaded data counts as fresh: a view that starts watching a key
   * nobody watched, after that long, shows the data it has and reloads it in the background.
   * `Infinity` for data that does not change during a page load. @default 0 (every view that
   * comes back reloads)
   */
  readonly staleMs?: number;
}

/** What a view shows of a resource. A new object whenever something changes, the same one otherwise. */
export interface ResourceState<T> {
  /** `loading` until the first answer; `ready` keeps the last data while it reloads; `failed` when no data ever came. */
  readonly status: 'loading' | 'ready' | 'failed';
  /** The last data loaded, or undefined before the first success. */
  readonly data: T | undefined;
  /** The failure of the last load (for the console; views show a label). */
  readonly error: unknown;
  /** True while a reload runs after a first success. */
  readonly reloading: boolean;
}

/** How a read that failed is tried again (mutations never are). */
export interface ResourceRetry {
  /** Which failures are worth another try. @default a `NetworkError` (no answer came) */
  retryable(error: unknown): boolean;
  /**
   * The wait, in milliseconds, before each new try: `delaysMs[0]` before the second try, and so
   * on; its length is the number of retries. @default [1000, 2000]
   */
  delaysMs: readonly number[];
}

/** The default {@link ResourceRetry}: a read that got no answer is tried twice more, 1 s then 2 s later. */
export const DEFAULT_RESOURCE_RETRY: ResourceRetry = Object.freeze({ retryable: isNetworkError, delaysMs: Object.freeze([1000, 2000]) });

/** Options of {@link createResourceCache}. */
export interface ResourceCacheOptions {
  /**
   * Called with a failed load's error, once its retries are spent (the cache keeps it in the
   * state too). @default console.error
   */
  onError?: (error: unknown, key: ResourceKey) => void;
  /** How failed reads are tried again; `false` never. @default {@link DEFAULT_RESOURCE_RETRY} */
  retry?: ResourceRetry | false;
  /** Waits `ms` milliseconds (between retries). @default setTimeout */
  sleep?: (ms: number) => Promise<void>;
  /** The clock that dates loaded data (for `staleMs`). @default systemClock */
  clock?: Clock;
}

/** The cache; see {@link createResourceCache}. */
export interface ResourceCache {
  /**
   * The current state of `query`'s key: the same object until it changes (what React's
   * `useSyncExternalStore` needs). A key never loaded answers a shared `loading` state.
   */
  peek<T>(query: ResourceQuery<T>): ResourceState<T>;
  /**
   * Watches `query`'s key: `listener` runs after every change of its state. The first watcher of a
   * key never loaded, or invalidated since, starts a load; the first watcher of a key nobody
   * watched, whose data is older than its `staleMs`, starts a reload (the data stays meanwhile).
   * Returns the function that stops watching.
   */
  subscribe<T>(query: ResourceQuery<T>, listener: () => void): () => void;
  /** Loads `query` (or joins the load in flight) and resolves with its data; rejects with the load's error. */
  fetch<T>(query: ResourceQuery<T>): Promise<T>;
  /**
   * Resolves, never rejects, with the state of `query`'s key once no load of it is in flight (at
   * once when none is): what a mutation awaits so that the view reflects it before it says so.
   */
  settled<T>(query: ResourceQuery<T>): Promise<ResourceState<T>>;
  /**
   * Marks stale every entry whose key starts with `prefix` (`['cards']` covers `['cards', 'list']`);
   * watched ones reload at once, keeping their data on screen; a load in flight for them is superseded.
   */
  invalidate(prefix: ResourceKey): void;
  /**
   * Changes the data of `query`'s key without asking the platform (`change` gets the current
   * data): after a mutation whose reload failed, so that the view still shows what the platform
   * did. Nothing happens when the key has no data.
   */
  update<T>(query: ResourceQuery<T>, change: (data: T) => T): void;
  /**
   * Runs a mutation, then invalidates each key prefix of `invalidates`, whether it succeeded or not
   * (a failed mutation may still have changed something on the platform). Resolves or rejects as
   * `run` does; never retried.
   */
  mutate<T>(run: () => Promise<T>, invalidates: readonly ResourceKey[]): Promise<T>;
  /**
   * Forgets every entry of scope `viewer` (another viewer signed in, or out); watched ones load
   * again from nothing. Entries of scope `realm` are kept.
   */
  reset(): void;
}

interface Entry {
  state: ResourceState<unknown>;
  /** The load in flight, if any. */
  loading: Promise<unknown> | undefined;
  /** Bumped by invalidation and reset: a load of an older generation is dropped. */
  generation: number;
  /** True when the data must be loaded again before it is trusted. */
  stale: boolean;
  /** When the data last came (clock milliseconds); 0 before. */
  loadedAtMs: number;
  listeners: Set<() => void>;
  /** The last query seen for this key (its `load` is used to reload on invalidation). */
  query: ResourceQuery<unknown>;
}

const LOADING: ResourceState<never> = Object.freeze({ status: 'loading', data: undefined, error: undefined, reloading: false });

/** The key's identity: its parts as JSON (keys hold only strings, numbers, booleans and null). */
function hashOf(key: ResourceKey): string {
  return JSON.stringify(key);
}

function startsWith(key: ResourceKey, prefix: ResourceKey): boolean {
  return prefix.length <= key.length && prefix.every((part, index) => key[index] === part);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Creates an empty resource cache. Loads are de-duplicated per key; a read that got no answer is
 * tried again (`options.retry`) before it counts as failed; a late answer of a load that an
 * invalidation or a reset superseded is dropped (and a superseded load stops retrying); a failed
 * reload keeps the data on screen.
 */
export function createResourceCache(options: ResourceCacheOptions = {}): ResourceCache {
  const onError = options.onError ?? ((error: unknown) => console.error(error));
  const retry = options.retry === undefined ? DEFAULT_RESOURCE_RETRY : options.retry;
  const sleep = options.sleep ?? wait;
  const clock = options.clock ?? systemClock;
  const entries = new Map<string, Entry>();

  function entryOf(query: ResourceQuery<unknown>): Entry {
    const hash = hashOf(query.key);
    let entry = entries.get(hash);
    if (!entry) {
      entry = { state: LOADING, loading: undefined, generation: 0, stale: true, loadedAtMs: 0, listeners: new Set(), query };
      entries.set(hash, entry);
    } else {
      entry.query = query;
    }
    return entry;
  }

  function setState(entry: Entry, state: ResourceState<unknown>): void {
    entry.state = state;
    for (const listener of [...entry.listeners]) listener();
  }

  /** Runs the entry's load, trying again after a retryable failure while `generation` is current. */
  async function loadWithRetries(entry: Entry, generation: number): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await entry.query.load();
      } catch (error) {
        const delay = retry ? retry.delaysMs[attempt] : undefined;
        if (delay === undefined || !retry || !retry.retryable(error) || entry.generation !== generation) throw error;
        await sleep(delay);
        if (entry.generation !== generation) throw error;
      }
    }
  }

  function load(entry: Entry): Promise<unknown> {
    if (entry.loading) return entry.loading;
    const generation = entry.generation;
    const previous = entry.state;
    if (previous.status === 'ready') {
      if (!previous.reloading) setState(entry, { ...previous, reloading: true });
    } else if (previous.status === 'failed') {
      setState(entry, LOADING);
    }
    const loading = loadWithRetries(entry, generation).then(
      (data) => {
        if (entry.generation !== generation) return data;
        entry.loading = undefined;
        entry.stale = false;
        entry.loadedAtMs = clock.now();
        setState(entry, { status: 'ready', data, error: undefined, reloading: false });
        return data;
      },
      (error: unknown) => {
        if (entry.generation !== generation) throw error;
        entry.loading = undefined;
        onError(error, entry.query.key);
        const current = entry.state;
        setState(
          entry,
          current.data !== undefined
            ? { status: 'ready', data: current.data, error, reloading: false }
            : { status: 'failed', data: undefined, error, reloading: false },
        );
        throw error;
      },
    );
    entry.loading = loading;
    // A load nobody awaits (started by a watcher) must not report an unhandled rejection.
    loading.catch(() => undefined);
    return loading;
  }

  /** Supersedes the entry's load in flight; reloads it when watched. */
  function refresh(entry: Entry): void {
    entry.generation += 1;
    entry.loading = undefined;
    entry.stale = true;
    if (entry.listeners.size > 0) void load(entry).catch(() => undefined);
  }

  function invalidate(prefix: ResourceKey): void {
    for (const entry of entries.values()) if (startsWith(entry.query.key, prefix)) refresh(entry);
  }

  /** True when a view coming back to the entry should reload it: its data is older than its `staleMs`. */
  function outdated(entry: Entry): boolean {
    return entry.state.status === 'ready' && clock.now() - entry.loadedAtMs >= (entry.query.staleMs ?? 0);
  }

  function peek<T>(query: ResourceQuery<T>): ResourceState<T> {
    return (entries.get(hashOf(query.key))?.state ?? LOADING) as ResourceState<T>;
  }

  return {
    peek,
    subscribe<T>(query: ResourceQuery<T>, listener: () => void): () => void {
      const entry = entryOf(query as ResourceQuery<unknown>);
      const first = entry.listeners.size === 0;
      entry.listeners.add(listener);
      if (!entry.loading && (entry.stale || (first && outdated(entry)))) void load(entry).catch(() => undefined);
      return () => {
        entry.listeners.delete(listener);
      };
    },
    fetch<T>(query: ResourceQuery<T>): Promise<T> {
      const entry = entryOf(query as ResourceQuery<unknown>);
      if (!entry.stale && !entry.loading && entry.state.status === 'ready') return Promise.resolve(entry.state.data as T);
      return load(entry) as Promise<T>;
    },
    async settled<T>(query: ResourceQuery<T>): Promise<ResourceState<T>> {
      const entry = entries.get(hashOf(query.key));
      // A load superseded meanwhile hands over to the next one: wait until none is left.
      while (entry?.loading) await entry.loading.catch(() => undefined);
      return peek(query);
    },
    invalidate,
    update<T>(query: ResourceQuery<T>, change: (data: T) => T): void {
      const entry = entries.get(hashOf(query.key));
      if (!entry || entry.state.data === undefined) return;
      setState(entry, { ...entry.state, data: change(entry.state.data as T) });
    },
    async mutate<T>(run: () => Promise<T>, invalidates: readonly ResourceKey[]): Promise<T> {
      try {
        return await run();
      } finally {
        for (const prefix of invalidates) invalidate(prefix);
      }
    },
    reset(): void {
      for (const [hash, entry] of entries) {
        if ((entry.query.scope ?? 'viewer') === 'realm') continue;
        if (entry.listeners.size === 0) {
          entries.delete(hash);
          continue;
        }
        entry.state = LOADING;
        refresh(entry);
        for (const listener of [...entry.listeners]) listener();
      }
    },
  };
}
