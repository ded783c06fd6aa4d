import type { KeyValueStorage } from './types.js';

/** In-memory {@link KeyValueStorage} with helpers for tests. */
export interface MemoryStorage extends KeyValueStorage {
  /** Removes every key. */
  clear(): void;
  /** A copy of every key and value. */
  snapshot(): Record<string, string>;
}

/**
 * A {@link KeyValueStorage} kept in memory (tests, server rendering, fallback of
 * {@link webStorage}). `initial` seeds it; it is copied, not kept.
 */
export function memoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const map = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
    clear: () => map.clear(),
    snapshot: () => Object.fromEntries(map),
  };
}

const PROBE_KEY = '__stream_storage_probe__';

function resolveWebStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    // Reading the property itself can throw (SecurityError when storage is blocked).
    const storage = (globalThis as { localStorage?: Storage; sessionStorage?: Storage })[
      kind === 'local' ? 'localStorage' : 'sessionStorage'
    ];
    if (!storage) return undefined;
    // Safari private mode (old) and full quotas throw on write.
    storage.setItem(PROBE_KEY, PROBE_KEY);
    storage.removeItem(PROBE_KEY);
    return storage;
  } catch {
    return undefined;
  }
}

/**
 * The browser's `localStorage` (`kind: 'local'`) or `sessionStorage`, guarded: when Web Storage is
 * missing, blocked or throws on write (Safari private mode, full quota), values are kept in memory
 * instead, so callers never see an exception. Touches `globalThis` only when called.
 */
export function webStorage(kind: 'local' | 'session' = 'local'): KeyValueStorage {
  const web = resolveWebStorage(kind);
  const fallback = memoryStorage();
  if (!web) return fallback;
  return {
    getItem(key) {
      try {
        const value = web.getItem(key);
        if (value !== null) return value;
      } catch {
        // fall through to the memory copy
      }
      return fallback.getItem(key);
    },
    setItem(key, value) {
      try {
        web.setItem(key, value);
        fallback.removeItem(key);
      } catch {
        fallback.setItem(key, value);
      }
    },
    removeItem(key) {
      fallback.removeItem(key);
      try {
        web.removeItem(key);
      } catch {
        // nothing else to do
      }
    },
  };
}
