import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  broadcastChannel,
  browserNavigation,
  createTokenStore,
  fixedClock,
  manualClock,
  memoryBroadcastHub,
  memoryNavigation,
  memoryStorage,
  STORAGE_KEYS,
  systemClock,
  webStorage,
} from './index.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('memoryStorage', () => {
  it('stores, reads and removes strings, seeded from a copy of initial', () => {
    const initial = { [STORAGE_KEYS.authToken]: 'a' };
    const storage = memoryStorage(initial);
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe('a');
    expect(storage.getItem('missing')).toBeNull();
    storage.setItem('k', 'v');
    storage.removeItem(STORAGE_KEYS.authToken);
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(storage.snapshot()).toEqual({ k: 'v' });
    expect(initial).toEqual({ [STORAGE_KEYS.authToken]: 'a' });
    storage.clear();
    expect(storage.snapshot()).toEqual({});
  });
});

describe('createTokenStore', () => {
  it('reads, writes and clears the pair under the storage keys of §3, leaving every other key alone', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.deviceId]: 'd1', [STORAGE_KEYS.selectedLanguage]: 'es' });
    const tokens = createTokenStore(storage);
    expect(tokens.read()).toEqual({ authorisationToken: null, refreshToken: null });
    tokens.write({ authorisationToken: 'a1', refreshToken: 'r1' });
    expect(tokens.read()).toEqual({ authorisationToken: 'a1', refreshToken: 'r1' });
    expect(storage.snapshot()).toEqual({
      [STORAGE_KEYS.authToken]: 'a1',
      [STORAGE_KEYS.refreshToken]: 'r1',
      [STORAGE_KEYS.deviceId]: 'd1',
      [STORAGE_KEYS.selectedLanguage]: 'es',
    });
    tokens.clear();
    expect(tokens.read()).toEqual({ authorisationToken: null, refreshToken: null });
    expect(storage.snapshot()).toEqual({ [STORAGE_KEYS.deviceId]: 'd1', [STORAGE_KEYS.selectedLanguage]: 'es' });
  });

  it('is one store for everyone over the same storage: a pair written through one is read through another (another tab)', () => {
    const storage = memoryStorage();
    createTokenStore(storage).write({ authorisationToken: 'a2', refreshToken: 'r2' });
    expect(createTokenStore(storage).read()).toEqual({ authorisationToken: 'a2', refreshToken: 'r2' });
    storage.removeItem(STORAGE_KEYS.refreshToken);
    expect(createTokenStore(storage).read()).toEqual({ authorisationToken: 'a2', refreshToken: null });
  });
});

describe('webStorage', () => {
  it('falls back to memory when Web Storage is missing', () => {
    vi.stubGlobal('localStorage', undefined);
    const storage = webStorage();
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
  });

  it('falls back to memory when Web Storage throws (Safari private mode)', () => {
    const throwing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('QuotaExceededError', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    vi.stubGlobal('sessionStorage', throwing);
    const storage = webStorage('session');
    expect(() => storage.setItem('k', 'v')).not.toThrow();
    expect(storage.getItem('k')).toBe('v');
    storage.removeItem('k');
    expect(storage.getItem('k')).toBeNull();
  });

  it('falls back to memory when reading the property throws (storage blocked)', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      const storage = webStorage('local');
      storage.setItem('k', 'v');
      expect(storage.getItem('k')).toBe('v');
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });

  it('uses Web Storage when it works, and keeps working when a later write fails', () => {
    const map = new Map<string, string>();
    let full = false;
    const web = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => {
        if (full) throw new DOMException('full', 'QuotaExceededError');
        map.set(k, v);
      },
      removeItem: (k: string) => void map.delete(k),
    };
    vi.stubGlobal('localStorage', web);
    const storage = webStorage();
    storage.setItem('a', '1');
    expect(map.get('a')).toBe('1');
    expect(map.has('__stream_storage_probe__')).toBe(false);
    full = true;
    storage.setItem('b', '2');
    expect(storage.getItem('b')).toBe('2');
    storage.removeItem('a');
    expect(storage.getItem('a')).toBeNull();
  });
});

describe('clocks', () => {
  it('systemClock reads Date.now; fixed and manual clocks are controlled', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1234);
    expect(systemClock.now()).toBe(1234);
    vi.restoreAllMocks();
    expect(fixedClock(5).now()).toBe(5);
    const clock = manualClock(100);
    clock.advance(50);
    expect(clock.now()).toBe(150);
    clock.set(7);
    expect(clock.now()).toBe(7);
  });
});

describe('memoryNavigation', () => {
  it('records calls and tracks the current path and search', () => {
    const nav = memoryNavigation('/login?from=%2Faccount');
    expect(nav.current()).toEqual({ pathname: '/login', search: '?from=%2Faccount' });
    nav.navigate('/home#top');
    nav.navigate('/account?tab=1', { replace: true });
    nav.assign('https://idp.example/authorize');
    nav.reload();
    expect(nav.current()).toEqual({ pathname: '/account', search: '?tab=1' });
    expect(nav.calls).toEqual([
      { type: 'navigate', path: '/home#top', replace: false },
      { type: 'navigate', path: '/account?tab=1', replace: true },
      { type: 'assign', url: 'https://idp.example/authorize' },
      { type: 'reload' },
    ]);
  });
});

describe('browserNavigation', () => {
  it('falls back to memory without a window', () => {
    const nav = browserNavigation();
    nav.navigate('/x?y=1');
    expect(nav.current()).toEqual({ pathname: '/x', search: '?y=1' });
  });

  it('pushes history and dispatches popstate; assign and reload use location', () => {
    const target = new EventTarget();
    const location = { pathname: '/', search: '', assign: vi.fn(), reload: vi.fn() };
    const history = {
      state: null,
      pushState: vi.fn((_s: unknown, _t: string, url: string) => {
        const [p, q] = url.split('?');
        location.pathname = p ?? '/';
        location.search = q ? `?${q}` : '';
      }),
      replaceState: vi.fn(),
    };
    const win = Object.assign(target, { history, location });
    vi.stubGlobal('window', win);
    const popstate = vi.fn();
    target.addEventListener('popstate', popstate);

    const nav = browserNavigation();
    nav.navigate('/account?tab=2');
    expect(history.pushState).toHaveBeenCalledWith(null, '', '/account?tab=2');
    expect(popstate).toHaveBeenCalledTimes(1);
    expect(nav.current()).toEqual({ pathname: '/account', search: '?tab=2' });
    nav.navigate('/home', { replace: true });
    expect(history.replaceState).toHaveBeenCalledTimes(1);
    expect(popstate).toHaveBeenCalledTimes(2);
    nav.assign('https://idp.example/');
    nav.reload();
    expect(location.assign).toHaveBeenCalledWith('https://idp.example/');
    expect(location.reload).toHaveBeenCalledTimes(1);
  });
});

describe('memoryBroadcastHub', () => {
  it('delivers to other tabs on the same channel, not to the sender nor other channels', async () => {
    const hub = memoryBroadcastHub();
    const tabA = hub.channel<{ type: string }>('session');
    const tabB = hub.channel<{ type: string }>('session');
    const other = hub.channel<{ type: string }>('other');
    const seenA = vi.fn();
    const seenB = vi.fn();
    const seenOther = vi.fn();
    tabA.subscribe(seenA);
    const unsubscribeB = tabB.subscribe(seenB);
    other.subscribe(seenOther);

    const message = { type: 'session.logout' };
    tabA.post(message);
    expect(seenB).not.toHaveBeenCalled(); // asynchronous, like BroadcastChannel
    await hub.flush();
    expect(seenB).toHaveBeenCalledWith({ type: 'session.logout' });
    expect(seenB.mock.calls[0]?.[0]).not.toBe(message); // a structured clone
    expect(seenA).not.toHaveBeenCalled();
    expect(seenOther).not.toHaveBeenCalled();

    unsubscribeB();
    tabA.post({ type: 'again' });
    await hub.flush();
    expect(seenB).toHaveBeenCalledTimes(1);
  });

  it('a closed tab neither sends nor receives', async () => {
    const hub = memoryBroadcastHub();
    const tabA = hub.channel<string>('s');
    const tabB = hub.channel<string>('s');
    const seenA = vi.fn();
    const seenB = vi.fn();
    tabA.subscribe(seenA);
    tabB.subscribe(seenB);
    tabB.close();
    tabA.post('to b');
    tabB.post('from b');
    await hub.flush();
    expect(seenA).not.toHaveBeenCalled();
    expect(seenB).not.toHaveBeenCalled();
  });
});

describe('broadcastChannel', () => {
  it('is a no-op without BroadcastChannel', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const channel = broadcastChannel<string>('x');
    const listener = vi.fn();
    channel.subscribe(listener);
    channel.post('hi');
    channel.close();
    expect(listener).not.toHaveBeenCalled();
  });

  it('links two channels of the same name when BroadcastChannel exists', async () => {
    const a = broadcastChannel<{ n: number }>('stream-test');
    const b = broadcastChannel<{ n: number }>('stream-test');
    try {
      const received = new Promise((resolve) => b.subscribe(resolve));
      a.post({ n: 1 });
      await expect(received).resolves.toEqual({ n: 1 });
    } finally {
      a.close();
      b.close();
    }
  });
});
