/**
 * The @stream/core API client (the built package) against the real sandbox over HTTP:
 * sign-in, profile, the single-flight token refresh of identity-and-routes.md §4 "Session",
 * session end on a failed refresh, contract violations and platform errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  ContractError,
  createApiClient,
  isApiError,
  type ApiClientEvent,
  type ApiClient,
} from '@stream/core/api';
import { memoryStorage, STORAGE_KEYS, type MemoryStorage } from '@stream/core/platform';
import { startSandbox } from '../src/index.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/**
 * A `fetch` that counts calls and answers per path, may hold a call back (`before`) and may
 * rewrite answers.
 */
function wrappingFetch(rewrite?: (path: string, response: Response) => Promise<Response> | Response) {
  const calls = new Map<string, number>();
  const answers = new Map<string, number>();
  const before = new Map<string, () => Promise<void>>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    bump(calls, url.pathname);
    await before.get(url.pathname)?.();
    const response = await globalThis.fetch(input, init);
    bump(answers, url.pathname);
    return rewrite ? rewrite(url.pathname, response) : response;
  };
  return {
    fetch,
    before,
    count: (path: string) => calls.get(path) ?? 0,
    answered: (path: string) => answers.get(path) ?? 0,
  };
}

function clientFor(sandbox: Sandbox, fetch: typeof globalThis.fetch, storage: MemoryStorage = memoryStorage()) {
  const client = createApiClient({
    baseUrl: sandbox.url,
    realm: sandbox.realm,
    apiKey: sandbox.apiKey,
    storage,
    fetch,
    locale: 'en',
  });
  const events: ApiClientEvent[] = [];
  client.subscribe((event) => events.push(event));
  return { client, storage, events };
}

/** Signs in with the demo account and stores the tokens, as the session machine does. */
async function signIn(sandbox: Sandbox, client: ApiClient, storage: MemoryStorage) {
  const tokens = await client.auth.login({ body: { id: sandbox.demoAccount.email, secret: sandbox.demoAccount.password } });
  storage.setItem(STORAGE_KEYS.authToken, tokens.authorisationToken);
  storage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  return tokens;
}

/** `exp` of a JWT, in seconds since the epoch (not verified: test only). */
function expiresAtS(jwt: string): number {
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number };
  return payload.exp;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const REFRESH_PATH = '/api/v2/token/refresh';
const PROFILE_PATH = '/api/v2/user/profile';

describe('client against the sandbox (600 s access tokens)', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, dataDir: ':memory:', log: false });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('signs in with the demo account, then reads the profile', async () => {
    const { fetch } = wrappingFetch();
    const { client, storage } = clientFor(sandbox, fetch);
    const tokens = await signIn(sandbox, client, storage);
    expect(tokens.authorisationToken.split('.')).toHaveLength(3);
    expect(tokens.refreshToken.length).toBeGreaterThan(0);
    // The sandbox hands out a device id; the client stores it.
    expect(storage.getItem(STORAGE_KEYS.deviceId)).toBeTruthy();

    const profile = await client.user.profile();
    expect(profile.contactEmail).toBe(sandbox.demoAccount.email);
    expect(profile.id).toBeTruthy();
  });

  it('answers a wrong password with ApiError 404 NOT_FOUND in the platform shape', async () => {
    const { fetch, count } = wrappingFetch();
    const { client, storage } = clientFor(sandbox, fetch);
    const error = await client.auth
      .login({ body: { id: sandbox.demoAccount.email, secret: 'definitely-wrong' } })
      .catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(404);
    expect(apiError.code).toBe('NOT_FOUND');
    expect(apiError.call).toBe('auth.login');
    expect(apiError.messages.length).toBeGreaterThan(0);
    expect(apiError.requestId).toBeTruthy();
    expect(count(REFRESH_PATH)).toBe(0);
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('checks a guest in; the guest has no profile (401, no session to refresh)', async () => {
    const { fetch, count } = wrappingFetch();
    const { client, storage, events } = clientFor(sandbox, fetch);
    const guest = await client.auth.guestCheckin();
    const claims = JSON.parse(
      Buffer.from(guest.authorisationToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { gue?: boolean };
    expect(claims.gue).toBe(true);
    expect(guest.refreshToken.length).toBeGreaterThan(0);

    storage.setItem(STORAGE_KEYS.authToken, guest.authorisationToken);
    storage.setItem(STORAGE_KEYS.refreshToken, guest.refreshToken);
    // The guest's 401 triggers one refresh (the client cannot tell it from an expiry); the
    // refreshed guest token is still refused, and the replayed 401 is the answer.
    await expect(client.user.profile()).rejects.toMatchObject({ status: 401 });
    expect(count(PROFILE_PATH)).toBe(2);
    expect(count(REFRESH_PATH)).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['session.refreshed']);
  });

  it('gives a ContractError naming the call and field when the profile answer breaks the contract', async () => {
    const { fetch } = wrappingFetch(async (path, response) => {
      if (path !== PROFILE_PATH || !response.ok) return response;
      const body = (await response.json()) as Record<string, unknown>;
      const { contactEmail: _dropped, ...rest } = body;
      return new Response(JSON.stringify({ ...rest, id: 42 }), {
        status: response.status,
        headers: response.headers,
      });
    });
    const { client, storage } = clientFor(sandbox, fetch);
    await signIn(sandbox, client, storage);
    const error = await client.user.profile().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    const contractError = error as ContractError;
    expect(contractError.call).toBe('user.profile');
    expect(contractError.direction).toBe('response');
    expect([...contractError.fields].sort()).toEqual(['contactEmail', 'id']);
  });

  it('reads labels and countries with the realm', async () => {
    const { fetch } = wrappingFetch();
    const { client } = clientFor(sandbox, fetch);
    const labels = await client.labels.get({ query: { realm: sandbox.realm } });
    expect(labels.selected_locale).toBeTruthy();
    expect(Object.keys(labels.translations).length).toBeGreaterThan(0);
    const countries = await client.countries.list();
    expect(countries.countries.length).toBeGreaterThan(0);
  });
});

/**
 * Access tokens live ACCESS_TTL_S seconds, so tests wait for a real expiry. Not 1 s: the sandbox
 * signs `exp = floor(now in s) + ttl`, so a refreshed 1 s token lives under a second, and 50
 * replays (each a realm lookup in PGlite) took 0.7 s on an idle machine and more than a second
 * under load, so the replays themselves met expired tokens. 3 s leaves a wide margin.
 */
const ACCESS_TTL_S = 3;

describe(`client against the sandbox (${ACCESS_TTL_S} s access tokens)`, () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, dataDir: ':memory:', accessTokenTtlS: ACCESS_TTL_S, log: false });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  /** Waits until the access token in storage has expired on the server. */
  async function waitForExpiry(storage: MemoryStorage) {
    const token = storage.getItem(STORAGE_KEYS.authToken) ?? '';
    const wait = expiresAtS(token) * 1000 + 100 - Date.now();
    if (wait > 0) await sleep(wait);
  }

  it('refreshes exactly once for 50 concurrent requests with an expired token, and all succeed', async () => {
    const N = 50;
    const wrapped = wrappingFetch();
    // Hold the refresh until all N first answers (401) are in, so that every request joins the
    // one refresh in flight; late 401s are covered by the unit tests. Then send it just after a
    // second boundary, so the new token gets the whole of its lifetime (see ACCESS_TTL_S).
    wrapped.before.set(REFRESH_PATH, async () => {
      while (wrapped.answered(PROFILE_PATH) < N) await sleep(5);
      await sleep(1000 - (Date.now() % 1000) + 5);
    });
    const { client, storage, events } = clientFor(sandbox, wrapped.fetch);
    const first = await signIn(sandbox, client, storage);
    await waitForExpiry(storage);

    const results = await Promise.allSettled(Array.from({ length: N }, () => client.user.profile()));
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected).toEqual([]);
    for (const result of results) {
      expect(result.status === 'fulfilled' && result.value.contactEmail).toBe(sandbox.demoAccount.email);
    }
    expect(wrapped.count(REFRESH_PATH)).toBe(1);
    expect(wrapped.count(PROFILE_PATH)).toBe(2 * N);

    const newToken = storage.getItem(STORAGE_KEYS.authToken);
    const newRefresh = storage.getItem(STORAGE_KEYS.refreshToken);
    expect(newToken).not.toBe(first.authorisationToken);
    expect(newRefresh).toBeTruthy();
    expect(events).toEqual([
      { type: 'session.refreshed', authorisationToken: newToken, refreshToken: newRefresh },
    ]);
  });

  it('ends the session when the refresh fails (corrupt refresh token): storage cleared, expired once', async () => {
    const wrapped = wrappingFetch();
    const { client, storage, events } = clientFor(sandbox, wrapped.fetch);
    await signIn(sandbox, client, storage);
    storage.setItem(STORAGE_KEYS.refreshToken, 'corrupt-refresh-token');
    await waitForExpiry(storage);

    const results = await Promise.allSettled(Array.from({ length: 5 }, () => client.user.profile()));
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as unknown;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason).toMatchObject({ status: 401, call: 'user.profile' });
    }
    expect(wrapped.count(REFRESH_PATH)).toBe(1);
    expect(wrapped.count(PROFILE_PATH)).toBe(5);
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.deviceId)).toBeTruthy();
    expect(events).toEqual([{ type: 'session.expired' }]);
  });
});
