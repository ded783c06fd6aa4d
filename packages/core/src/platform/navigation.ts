import type { Navigation } from './types.js';

/** A navigation recorded by {@link memoryNavigation}. */
export type NavigationCall =
  | { type: 'navigate'; path: string; replace: boolean }
  | { type: 'assign'; url: string }
  | { type: 'reload' };

/** A {@link Navigation} in memory that records every call, for tests. */
export interface MemoryNavigation extends Navigation {
  /** Every call, oldest first. */
  readonly calls: NavigationCall[];
}

function splitPath(path: string): { pathname: string; search: string } {
  const withoutHash = path.split('#', 1)[0] ?? '';
  const q = withoutHash.indexOf('?');
  if (q === -1) return { pathname: withoutHash || '/', search: '' };
  const search = withoutHash.slice(q);
  return { pathname: withoutHash.slice(0, q) || '/', search: search === '?' ? '' : search };
}

/**
 * A {@link Navigation} that lives in memory: `navigate` changes `current()`, `assign` and
 * `reload` are only recorded. `initialPath` is a path plus search, for example `/login?from=%2F`.
 */
export function memoryNavigation(initialPath = '/'): MemoryNavigation {
  let location = splitPath(initialPath);
  const calls: NavigationCall[] = [];
  return {
    calls,
    current: () => ({ ...location }),
    navigate(path, options) {
      calls.push({ type: 'navigate', path, replace: options?.replace ?? false });
      location = splitPath(path);
    },
    assign(url) {
      calls.push({ type: 'assign', url });
    },
    reload() {
      calls.push({ type: 'reload' });
    },
  };
}

/**
 * The browser's navigation: `navigate` uses `history.pushState` (or `replaceState`) and then
 * dispatches `popstate` so that routers listening to it (wouter) re-render; `assign` is
 * `location.assign`, `reload` is `location.reload`. Without a `window` (server, tests) it falls
 * back to {@link memoryNavigation} at `/`. Reads `window` only when called.
 */
export function browserNavigation(): Navigation {
  const win = (globalThis as { window?: Window }).window;
  if (!win?.history || !win.location) return memoryNavigation('/');
  return {
    current: () => ({ pathname: win.location.pathname, search: win.location.search }),
    navigate(path, options) {
      if (options?.replace) win.history.replaceState(win.history.state, '', path);
      else win.history.pushState(null, '', path);
      const event =
        typeof PopStateEvent === 'function' ? new PopStateEvent('popstate', { state: win.history.state }) : new Event('popstate');
      win.dispatchEvent(event);
    },
    assign: (url) => win.location.assign(url),
    reload: () => win.location.reload(),
  };
}
