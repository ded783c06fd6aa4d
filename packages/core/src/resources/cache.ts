/**
 * The resource layer's cache: reads outside a flow (a rail, a title, the account's cards) are
 * loaded once, shared by every view that shows them, and reloaded when a mutation that changes
 * them succeeds. In the spirit of TanStack Query's core (query keys, in-flight de-duplication,
 * invalidation by key prefix), and much smaller: no garbage collection (a page's reads are few),
 * no window-focus refetch. Framework-agnostic: `@stream/react`'s `useResource` subscribes to it.
 */

/** One part of a resource key: `['licences', 'mine']`, `['content', 'VOD', '42']`. */
export type ResourceKeyPart = string | number | boolean | null;
/** A resource key: the area first, then the call, then its arguments. */
export type ResourceKey = readonly ResourceKeyPart[];

/** A read: its key and how to load it. Two reads with equal keys are the same resource. */
export interface ResourceQuery<T> {
  readonly key: ResourceKey;
  /** Loads the data; called at most once at a time per key. */
  load(): Promise<T>;
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

/** Options of {@link createResourceCache}. */
export interface ResourceCacheOptions {
  /**
   * Called with a failed load's error (the cache keeps it in the state too). @default console.error
   */
  onError?: (error: unknown, key: ResourceKey) => void;
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
   * key never loaded, or invalidated since, starts a load. Returns the function that stops watching.
   */
  subscribe<T>(query: ResourceQuery<T>, listener: () => void): () => void;
  /** Loads `query` (or joins the load in flight) and resolves with its data; rejects with the load's error. */
  fetch<T>(query: ResourceQuery<T>): Promise<T>;
  /**
   * Marks stale every entry whose key starts with `prefix` (`['cards']` covers `['cards', 'list']`);
   * watched ones reload at once, keeping their data on screen; a load in flight for them is superseded.
   */
  invalidate(prefix: ResourceKey): void;
  /**
   * Runs a mutation, then invalidates each key prefix of `invalidates`, whether it succeeded or not
   * (a failed mutation may still have changed something on the platform). Resolves or rejects as
   * `run` does; never retried.
   */
  mutate<T>(run: () => Promise<T>, invalidates: readonly ResourceKey[]): Promise<T>;
  /** Forgets every entry (another viewer signed in, or out); watched keys load again. */
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

/**
 * Creates an empty resource cache. Loads are de-duplicated per key; a late answer of a load that
 * an invalidation or a reset superseded is dropped; a failed reload keeps the data on screen.
 */
export function createResourceCache(options: ResourceCacheOptions = {}): ResourceCache {
  const onError = options.onError ?? ((error: unknown) => console.error(error));
  const entries = new Map<string, Entry>();

  function entryOf(query: ResourceQuery<unknown>): Entry {
    const hash = hashOf(query.key);
    let entry = entries.get(hash);
    if (!entry) {
      entry = { state: LOADING, loading: undefined, generation: 0, stale: true, listeners: new Set(), query };
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

  function load(entry: Entry): Promise<unknown> {
    if (entry.loading) return entry.loading;
    const generation = entry.generation;
    const previous = entry.state;
    if (previous.status === 'ready') {
      if (!previous.reloading) setState(entry, { ...previous, reloading: true });
    } else if (previous.status === 'failed') {
      setState(entry, LOADING);
    }
    const loading = entry.query.load().then(
      (data) => {
        if (entry.generation !== generation) return data;
        entry.loading = undefined;
        entry.stale = false;
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

  return {
    peek<T>(query: ResourceQuery<T>): ResourceState<T> {
      return (entries.get(hashOf(query.key))?.state ?? LOADING) as ResourceState<T>;
    },
    subscribe<T>(query: ResourceQuery<T>, listener: () => void): () => void {
      const entry = entryOf(query as ResourceQuery<unknown>);
      entry.listeners.add(listener);
      if (entry.stale && !entry.loading) void load(entry).catch(() => undefined);
      return () => {
        entry.listeners.delete(listener);
      };
    },
    fetch<T>(query: ResourceQuery<T>): Promise<T> {
      const entry = entryOf(query as ResourceQuery<unknown>);
      if (!entry.stale && entry.state.status === 'ready') return Promise.resolve(entry.state.data as T);
      return load(entry) as Promise<T>;
    },
    invalidate,
    async mutate<T>(run: () => Promise<T>, invalidates: readonly ResourceKey[]): Promise<T> {
      try {
        return await run();
      } finally {
        for (const prefix of invalidates) invalidate(prefix);
      }
    },
    reset(): void {
      for (const [hash, entry] of entries) {
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
