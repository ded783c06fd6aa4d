import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { calls, defineCall } from '../contracts/index.js';
import { createTokenStore, memoryStorage, STORAGE_KEYS } from '../platform/index.js';
import {
  ApiError,
  ContractError,
  createApiClient,
  isApiError,
  isContractError,
  isNetworkError,
  isStreamError,
  NetworkError,
  SessionExpiredError,
  parseRetryAfter,
  type ApiClientEvent,
} from './index.js';
import { AREA_SOURCES } from './areas.js';

/** One request the fake platform received. */
interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Handler = (req: Seen) => Response | Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const platformError = (status: number, code: string, messages: string[] = [], requestId = 'req-1') =>
  json(status, { status, code, messages, requestId });

const profile = { id: 'u1', contactEmail: 'a@b.c', name: 'Ada' };

/** A fake `fetch` routing `METHOD /path` to handlers and recording every request. */
function fakePlatform(routes: Record<string, Handler>) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const req: Seen = { method, url, headers: new Headers(init?.headers), body };
    seen.push(req);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return platformError(404, 'NOT_FOUND');
    return handler(req);
  });
  const count = (method: string, path: string) =>
    seen.filter((r) => r.method === method && r.url.pathname === path).length;
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen, count };
}

function setup(routes: Record<string, Handler>, stored: Record<string, string> = {}, locale?: string | (() => string)) {
  const platform = fakePlatform(routes);
  const storage = memoryStorage(stored);
  const client = createApiClient({
    baseUrl: 'http://platform.test',
    realm: 'demo',
    apiKey: 'key-123',
    storage,
    fetch: platform.fetch,
    locale,
  });
  const events: ApiClientEvent[] = [];
  client.subscribe((event) => events.push(event));
  return { ...platform, storage, client, events };
}

/** A contract with two path parameters, for the client's generic `request`. */
const cardOfLicence = defineCall({
  name: 'test.cardOfLicence',
  method: 'GET',
  path: '/api/v2/licences/:licenceId/card/:cardId',
  response: z.object({ ok: z.boolean() }),
  auth: 'none',
});

const bearer = (req: Seen) => req.headers.get('authorization')?.replace(/^Bearer /, '') ?? null;

describe('headers', () => {
  it('sends api key, realm, language and, for auth calls, the stored bearer', async () => {
    let lang = 'es';
    const { client, seen } = setup(
      {
        'GET /api/v2/user/profile': () => json(200, profile),
        'GET /api/v2/label': () =>
          json(200, { default_locale: 'en', selected_locale: 'es', translations: { hello: 'hola' } }),
      },
      { [STORAGE_KEYS.authToken]: 'tok-A' },
      () => lang,
    );
    await client.user.profile();
    lang = 'pt';
    await client.labels.get({ query: { realm: 'demo' } });

    const [first, second] = seen;
    expect(first?.headers.get('x-api-key')).toBe('key-123');
    expect(first?.headers.get('realm')).toBe('demo');
    expect(first?.headers.get('accept-language')).toBe('es');
    expect(first?.headers.get('authorization')).toBe('Bearer tok-A');
    expect(first?.headers.get('content-type')).toBeNull();
    expect(first?.url.href).toBe('http://platform.test/api/v2/user/profile');
    // labels: no bearer (auth 'none'), realm query, language read at call time.
    expect(second?.headers.get('authorization')).toBeNull();
    expect(second?.headers.get('accept-language')).toBe('pt');
    expect(second?.url.searchParams.get('realm')).toBe('demo');
  });

  it('serialises the query as before: undefined left out, arrays repeated, empty values as a bare key, text encoded', async () => {
    const { client, last } = (() => {
      const platform = fakePlatform({ 'GET /api/v2/search': () => json(200, { ok: true }) });
      const api = createApiClient({ baseUrl: 'http://platform.test/', realm: 'r', apiKey: 'k', storage: memoryStorage(), fetch: platform.fetch });
      return { client: api, last: () => platform.seen.at(-1)! };
    })();
    const search = defineCall({
      name: 'test.search',
      method: 'GET',
      path: '/api/v2/search',
      query: z.object({ q: z.string(), ids: z.array(z.string()), page: z.number(), all: z.boolean(), empty: z.string(), none: z.string().optional() }),
      response: z.object({ ok: z.boolean() }),
      auth: 'none',
    });
    await client.request(search, { query: { q: 'a b&c=d/é', ids: ['1', '2'], page: 0, all: false, empty: '', none: undefined } });
    const url = last().url;
    expect(`${url.origin}${url.pathname}`).toBe('http://platform.test/api/v2/search');
    expect(url.search).toBe('?q=a%20b%26c%3Dd%2F%C3%A9&ids=1&ids=2&page=0&all=false&empty');
    expect(url.searchParams.get('q')).toBe('a b&c=d/é');
    expect(url.searchParams.getAll('ids')).toEqual(['1', '2']);
    expect(url.searchParams.has('none')).toBe(false);
  });

  it('sends content-type json with a body, validated and serialised', async () => {
    const { client, seen } = setup({
      'POST /api/v2/login': () => json(200, { authorisationToken: 'a', refreshToken: 'r' }),
    });
    await expect(client.auth.login({ body: { id: 'a@b.c', secret: 'pw' } })).resolves.toMatchObject({
      authorisationToken: 'a',
    });
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(seen[0]?.body).toEqual({ id: 'a@b.c', secret: 'pw' });
    expect(seen[0]?.headers.get('authorization')).toBeNull();
  });

  it('defaults the language to en', async () => {
    const { client, seen } = setup({ 'GET /api/v2/i18n/countries': () => json(200, { countries: [] }) });
    await client.countries.list();
    expect(seen[0]?.headers.get('accept-language')).toBe('en');
  });

  it('captures the device id from any response and sends it back', async () => {
    const { client, seen, storage } = setup({
      'POST /api/v2/login/guest/checkin': () =>
        json(200, { authorisationToken: 'g', refreshToken: 'r' }, { 'x-device-id': 'dev-42' }),
      'GET /api/v2/i18n/countries': () => platformError(500, 'INTERNAL_ERROR'),
    });
    await client.auth.guestCheckin();
    expect(seen[0]?.headers.get('x-device-id')).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.deviceId)).toBe('dev-42');
    await expect(client.countries.list()).rejects.toBeInstanceOf(ApiError);
    expect(seen[1]?.headers.get('x-device-id')).toBe('dev-42');
  });
});

describe('contracts', () => {
  it('rejects an answer that breaks the contract with a ContractError naming call and field', async () => {
    const { client } = setup(
      { 'GET /api/v2/user/profile': () => json(200, { id: 'u1', name: 'Ada' }) },
      { [STORAGE_KEYS.authToken]: 't' },
    );
    const error = await client.user.profile().catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    const contractError = error as ContractError;
    expect(contractError.call).toBe('user.profile');
    expect(contractError.direction).toBe('response');
    expect(contractError.fields).toEqual(['contactEmail']);
    expect(contractError.message).toContain('contactEmail');
  });

  it('names nested field paths', async () => {
    const { client } = setup({
      'POST /api/v2/login': () =>
        json(200, { authorisationToken: 'a', refreshToken: 'r', linkedAccounts: [{ provider: 'GOOGLE' }, {}] }),
    });
    const error = (await client.auth.login({ body: { id: 'a', secret: 'b' } }).catch((e: unknown) => e)) as ContractError;
    expect(error).toBeInstanceOf(ContractError);
    expect(error.fields).toEqual(['linkedAccounts.1.provider']);
  });

  it('accepts unknown extra fields in answers', async () => {
    const { client } = setup(
      { 'GET /api/v2/user/profile': () => json(200, { ...profile, extra: 1 }) },
      { [STORAGE_KEYS.authToken]: 't' },
    );
    await expect(client.user.profile()).resolves.toMatchObject({ extra: 1 });
  });

  it('rejects a bad request body before sending', async () => {
    const { client, fetch } = setup({});
    const error = (await client.auth
      .signUp({ body: { id: 'not-an-email', secret: 'long enough', name: 'X' } })
      .catch((e: unknown) => e)) as ContractError;
    expect(error).toBeInstanceOf(ContractError);
    expect(error.direction).toBe('request');
    expect(error.fields).toEqual(['id']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('gives a ContractError for a success answer that is not JSON', async () => {
    const { client } = setup({ 'GET /api/v2/i18n/countries': () => new Response('<html>', { status: 200 }) });
    const error = (await client.countries.list().catch((e: unknown) => e)) as ContractError;
    expect(error).toBeInstanceOf(ContractError);
    expect(error.fields).toEqual(['']);
  });

  it('fills and encodes path parameters; a missing one is a request ContractError', async () => {
    const { client, seen } = setup({ 'GET /api/v2/licences/a%2Fb/card/c1': () => json(200, { ok: true }) });
    await expect(client.request(cardOfLicence, { params: { licenceId: 'a/b', cardId: 'c1' } })).resolves.toEqual({ ok: true });
    expect(seen[0]?.url.pathname).toBe('/api/v2/licences/a%2Fb/card/c1');
    // @ts-expect-error: the path has `:licenceId` and `:cardId`, so `params` is required
    const error = (await client.request(cardOfLicence).catch((e: unknown) => e)) as ContractError;
    expect(error.direction).toBe('request');
    expect(error.fields).toEqual(['params.licenceId', 'params.cardId']);
  });
});

describe('input from the contract: params, headers and body', () => {
  it('encodes every path parameter as one segment; numbers are sent as their digits', async () => {
    const { client, seen } = setup({ 'GET /api/v2/licences/7/card/c%201%3F%23': () => json(200, { ok: true }) });
    await expect(client.request(cardOfLicence, { params: { licenceId: 7, cardId: 'c 1?#' } })).resolves.toEqual({ ok: true });
    expect(seen[0]?.url.pathname).toBe('/api/v2/licences/7/card/c%201%3F%23');
  });

  it('refuses a missing, empty or dot-segment path parameter before sending, naming each', async () => {
    const { client, fetch } = setup({});
    for (const [params, fields] of [
      [{ licenceId: '', cardId: 'c1' }, ['params.licenceId']],
      [{ licenceId: '.', cardId: '..' }, ['params.licenceId', 'params.cardId']],
      [{ cardId: 'c1' }, ['params.licenceId']],
    ] as const) {
      const error = (await client.request(cardOfLicence, { params: params as never }).catch((e: unknown) => e)) as ContractError;
      expect(error).toBeInstanceOf(ContractError);
      expect(error).toMatchObject({ call: 'test.cardOfLicence', direction: 'request', fields });
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a params schema checks the values before anything is sent', async () => {
    const { client, fetch } = setup({}, { [STORAGE_KEYS.authToken]: 't' });
    const byKind = defineCall({
      name: 'test.byKind',
      method: 'GET',
      path: '/api/v2/test/:kind/:id',
      params: z.object({ kind: z.enum(['VOD', 'LIVE']), id: z.string().min(1) }),
      response: z.looseObject({}),
    });
    // @ts-expect-error: `kind` is VOD or LIVE (the contract's params schema)
    const error = (await client.request(byKind, { params: { kind: 'PODCAST', id: 'v1' } }).catch((e: unknown) => e)) as ContractError;
    expect(error).toMatchObject({ call: 'test.byKind', direction: 'request', fields: ['params.kind'] });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a headers schema checks the headers before anything is sent: pay without its Idempotency-Key', async () => {
    const { client, fetch } = setup({}, { [STORAGE_KEYS.authToken]: 't' });
    const body = { paymentArrangement: { primaryPaymentDetailsAttributes: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' } } };
    // @ts-expect-error: the contract's headers schema requires Idempotency-Key
    const error = (await client.baskets.payCurrent({ body }).catch((e: unknown) => e)) as ContractError;
    expect(error).toMatchObject({ call: 'baskets.payCurrent', direction: 'request', fields: ['headers.Idempotency-Key'] });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a call without a bearer of its own sends the caller's Authorization; a call with one sends the session's", async () => {
    const tokens = { authorisationToken: 'a', refreshToken: 'r' };
    const { client, seen } = setup(
      { 'POST /api/v2/login/social/google': () => json(200, tokens), 'GET /api/v2/user/profile': () => json(200, profile) },
      { [STORAGE_KEYS.authToken]: 'session-token' },
    );
    await client.social.google({ body: { idToken: 'jwt' }, headers: { Authorization: 'Bearer id-account' } });
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer id-account');
    await client.social.google({ body: { idToken: 'jwt' } });
    expect(seen[1]?.headers.get('authorization')).toBeNull();
    await client.user.profile({ headers: { authorization: 'Bearer spoof', 'X-Trace': 't-1' } });
    expect(seen[2]?.headers.get('authorization')).toBe('Bearer session-token');
    expect(seen[2]?.headers.get('x-trace')).toBe('t-1');
  });

  it('an omitted body of a call whose body may be empty is sent as {}', async () => {
    const { client, seen } = setup({ 'POST /api/v2/device/pin': () => json(200, { pin: 'ABCD2345', anchor: 'a'.repeat(20), expiresAt: '2030-01-01T00:00:00Z' }) });
    await client.tvDevice.createPin();
    expect(seen[0]?.body).toEqual({});
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('an omitted body of a call that takes none or a non-empty one (parentalControl.pin) is not sent', async () => {
    const { client, seen } = setup({ 'POST /api/v1/parental-control/pin': () => json(200, {}) });
    await client.parentalControl.pin();
    expect(seen[0]?.body).toBeUndefined();
    expect(seen[0]?.headers.get('content-type')).toBeNull();
    await client.parentalControl.pin({ body: { resetCode: 'c1' } });
    expect(seen[1]?.body).toEqual({ resetCode: 'c1' });
  });
});

describe('lazy areas of the client', () => {
  it('a failed load of an area rejects that call, sends nothing, and the next call loads it again', async () => {
    const loaders = AREA_SOURCES as unknown as Record<'licences', () => Promise<unknown>>;
    const load = vi.spyOn(loaders, 'licences').mockRejectedValueOnce(new Error('chunk failed to load'));
    try {
      const { client, fetch } = setup({ 'GET /api/v2/licence': () => json(200, { licences: [] }) });
      await expect(client.licences.list()).rejects.toThrow('chunk failed to load');
      expect(fetch).not.toHaveBeenCalled();
      await expect(client.licences.list()).resolves.toEqual({ licences: [] });
      await expect(client.licences.list()).resolves.toEqual({ licences: [] });
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      load.mockRestore();
    }
  });
});

describe('errors', () => {
  it('parses the platform error body into an ApiError', async () => {
    const { client } = setup({
      'POST /api/v2/login': () => platformError(404, 'NOT_FOUND', ['failedAuthentication'], 'req-9'),
    });
    const error = (await client.auth.login({ body: { id: 'a', secret: 'b' } }).catch((e: unknown) => e)) as ApiError;
    expect(isApiError(error)).toBe(true);
    expect(isStreamError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      messages: ['failedAuthentication'],
      requestId: 'req-9',
      call: 'auth.login',
    });
  });

  it('sends the extra headers of a call, such as Idempotency-Key, under the client headers', async () => {
    const { client, seen } = setup(
      { 'POST /api/v2/customer/baskets/pay/b1': () => json(200, { status: 'SUCCEEDED', paymentId: 'p1' }) },
      { [STORAGE_KEYS.authToken]: 't' },
    );
    const body = { paymentArrangement: { primaryPaymentDetailsAttributes: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' } } };
    await client.request(calls.baskets.pay, { params: { id: 'b1' }, body, headers: { 'Idempotency-Key': 'key-1', 'x-api-key': 'spoof' } });
    const sent = seen.at(-1)!;
    expect(sent.headers.get('idempotency-key')).toBe('key-1');
    expect(sent.headers.get('x-api-key')).not.toBe('spoof');
  });

  it('keeps the details of the error body, such as the missing fields of a 424', async () => {
    const body = {
      status: 424,
      code: 'BASKET_REQUIREMENTS_FAILED',
      messages: [],
      requestId: 'req-424',
      details: { missingFields: ['postalCode', 'taxNumber'] },
    };
    const { client } = setup({ 'GET /api/v2/user/profile': () => json(424, body) }, { [STORAGE_KEYS.authToken]: 't' });
    const error = (await client.user.profile().catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 424, code: 'BASKET_REQUIREMENTS_FAILED', details: { missingFields: ['postalCode', 'taxNumber'] } });
  });

  it('reads Retry-After into retryAfterSeconds (delta-seconds or an HTTP date)', async () => {
    const body = { status: 429, code: 'TOO_MANY_ATTEMPTS', messages: ['tooManyAttempts'], requestId: 'req-429' };
    const { client } = setup({
      'GET /api/v2/user/profile': () => json(429, body, { 'retry-after': '30' }),
      'GET /api/v2/i18n/countries': () => json(429, body),
    }, { [STORAGE_KEYS.authToken]: 't' });
    const error = (await client.user.profile().catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 30 });
    const without = (await client.countries.list().catch((e: unknown) => e)) as ApiError;
    expect(without.retryAfterSeconds).toBeUndefined();
    expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 1)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(60);
    expect(parseRetryAfter(new Date(Date.UTC(2020, 0, 1)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(0);
    expect(['-3', 'soon', '', undefined, null, '12abc'].map((v) => parseRetryAfter(v))).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it('turns a malformed error body into ApiError UNKNOWN with the status', async () => {
    const { client } = setup({
      'GET /api/v2/i18n/countries': () =>
        new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'x-request-id': 'edge-7' } }),
      'GET /api/v2/label': () => json(503, { error: 'down' }),
    });
    const bad = (await client.countries.list().catch((e: unknown) => e)) as ApiError;
    expect(bad).toBeInstanceOf(ApiError);
    expect(bad).toMatchObject({ status: 502, code: 'UNKNOWN', messages: [], requestId: 'edge-7' });
    const other = (await client.labels.get({ query: { realm: 'demo' } }).catch((e: unknown) => e)) as ApiError;
    expect(other).toMatchObject({ status: 503, code: 'UNKNOWN', requestId: undefined });
  });

  it('raises NetworkError when fetch fails, and never retries', async () => {
    const storage = memoryStorage();
    const fetch = vi.fn(() => Promise.reject(new TypeError('fetch failed')));
    const client = createApiClient({ baseUrl: 'http://x.test', realm: 'r', apiKey: 'k', storage, fetch });
    const error = await client.labels.get({ query: { realm: 'r' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(isNetworkError(error)).toBe(true);
    expect((error as NetworkError).call).toBe('labels.get');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not retry a failed GET or POST (500, 503, 409)', async () => {
    const { client, count } = setup(
      {
        'GET /api/v2/user/profile': () => platformError(503, 'UNAVAILABLE'),
        'POST /api/v2/user': () => platformError(409, 'CONFLICT'),
      },
      { [STORAGE_KEYS.authToken]: 't' },
    );
    await expect(client.user.profile()).rejects.toMatchObject({ status: 503 });
    await expect(client.auth.signUp({ body: { id: 'a@b.cd', secret: 'password1', name: 'A' } })).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
    });
    expect(count('GET', '/api/v2/user/profile')).toBe(1);
    expect(count('POST', '/api/v2/user')).toBe(1);
  });
});

describe('token refresh', () => {
  /** Profile answers 200 only for `valid`; refresh answers `answer` after `delayMs`. */
  function refreshSetup(opts: {
    valid: string;
    refreshAnswer?: () => Response | Promise<Response>;
    stored?: Record<string, string>;
    delayMs?: number;
  }) {
    return setup(
      {
        'GET /api/v2/user/profile': (req) =>
          bearer(req) === opts.valid ? json(200, profile) : platformError(401, 'UNAUTHORIZED', ['expired'], 'r401'),
        'POST /api/v2/token/refresh': async () => {
          await new Promise((resolve) => setTimeout(resolve, opts.delayMs ?? 10));
          return (opts.refreshAnswer ?? (() => json(200, { authorisationToken: 'new', refreshToken: 'r2' })))();
        },
      },
      opts.stored ?? { [STORAGE_KEYS.authToken]: 'old', [STORAGE_KEYS.refreshToken]: 'r1' },
    );
  }

  it('refreshes once for N concurrent 401s and replays each request once', async () => {
    const N = 25;
    const { client, count, seen, storage, events } = refreshSetup({ valid: 'new' });
    const results = await Promise.all(Array.from({ length: N }, () => client.user.profile()));

    expect(results).toHaveLength(N);
    expect(results.every((r) => r.id === 'u1')).toBe(true);
    expect(count('POST', '/api/v2/token/refresh')).toBe(1);
    expect(count('GET', '/api/v2/user/profile')).toBe(2 * N);
    const refreshReq = seen.find((r) => r.url.pathname === '/api/v2/token/refresh');
    expect(refreshReq?.body).toEqual({ refreshToken: 'r1' });
    expect(bearer(refreshReq!)).toBe('old');
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe('new');
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r2');
    expect(events).toEqual([{ type: 'session.refreshed', authorisationToken: 'new', refreshToken: 'r2' }]);
  });

  it('does not refresh again for a 401 that arrives after the refresh finished', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { client, count } = setup(
      {
        'GET /api/v2/user/profile': async (req) => {
          if (bearer(req) === 'new') return json(200, profile);
          if (req.url.searchParams.has('slow')) await gate;
          return platformError(401, 'UNAUTHORIZED');
        },
        'POST /api/v2/token/refresh': () => json(200, { authorisationToken: 'new', refreshToken: 'r2' }),
      },
      { [STORAGE_KEYS.authToken]: 'old', [STORAGE_KEYS.refreshToken]: 'r1' },
    );
    const call = defineCall({
      name: 'test.slowProfile',
      method: 'GET',
      path: '/api/v2/user/profile',
      query: z.object({ slow: z.string() }),
      response: z.looseObject({ id: z.string() }),
      auth: 'required',
    });
    const slow = client.request(call, { query: { slow: '1' } });
    await client.user.profile();
    release();
    await expect(slow).resolves.toMatchObject({ id: 'u1' });
    expect(count('POST', '/api/v2/token/refresh')).toBe(1);
  });

  it('reads the bearer from the token store it is given and writes what a refresh brings there, once', async () => {
    const platform = fakePlatform({
      'GET /api/v2/user/profile': (req) => (bearer(req) === 'new' ? json(200, profile) : platformError(401, 'UNAUTHORIZED')),
      'POST /api/v2/token/refresh': () => json(200, { authorisationToken: 'new', refreshToken: 'r2' }),
    });
    const store = createTokenStore(memoryStorage({ [STORAGE_KEYS.authToken]: 'old', [STORAGE_KEYS.refreshToken]: 'r1' }));
    const writes: unknown[] = [];
    const tokens = { ...store, write: (pair: { authorisationToken: string; refreshToken: string }) => (writes.push(pair), store.write(pair)) };
    // The storage given for the device id holds no token: the bearer can only come from the store.
    const client = createApiClient({ baseUrl: 'http://platform.test', realm: 'r', apiKey: 'k', storage: memoryStorage(), tokens, fetch: platform.fetch });
    await expect(client.user.profile()).resolves.toMatchObject({ id: 'u1' });
    expect(platform.seen.map(bearer)).toEqual(['old', 'old', 'new']);
    expect(platform.seen[1]?.body).toEqual({ refreshToken: 'r1' });
    expect(writes).toEqual([{ authorisationToken: 'new', refreshToken: 'r2' }]);
    expect(store.read()).toEqual({ authorisationToken: 'new', refreshToken: 'r2' });
  });

  it('keeps the old refresh token when the answer has none', async () => {
    const { client, storage, events } = refreshSetup({
      valid: 'new',
      refreshAnswer: () => json(200, { authorisationToken: 'new' }),
    });
    await client.user.profile();
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe('new');
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1');
    expect(events).toEqual([{ type: 'session.refreshed', authorisationToken: 'new', refreshToken: 'r1' }]);
  });

  it('ends the session when the refresh fails: tokens removed, expired once, original 401 raised', async () => {
    const N = 10;
    const { client, storage, events, count } = refreshSetup({
      valid: 'new',
      refreshAnswer: () => platformError(401, 'INVALID_TOKEN'),
      stored: { [STORAGE_KEYS.authToken]: 'old', [STORAGE_KEYS.refreshToken]: 'r1', [STORAGE_KEYS.deviceId]: 'd' },
    });
    const outcomes = await Promise.allSettled(Array.from({ length: N }, () => client.user.profile()));
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason).toMatchObject({ status: 401, code: 'UNAUTHORIZED', call: 'user.profile', requestId: 'r401' });
    }
    expect(count('POST', '/api/v2/token/refresh')).toBe(1);
    expect(count('GET', '/api/v2/user/profile')).toBe(N);
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.deviceId)).toBe('d');
    expect(events).toEqual([{ type: 'session.expired' }]);
  });

  it('a refresh that ends after a sign-in stored other tokens leaves them alone (regression)', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { client, storage, events } = setup(
      {
        'POST /api/v2/token/refresh': async () => {
          await gate;
          return json(200, { authorisationToken: 'guest-2', refreshToken: 'guest-r2' });
        },
      },
      { [STORAGE_KEYS.authToken]: 'guest-1', [STORAGE_KEYS.refreshToken]: 'guest-r1' },
    );
    const refreshing = client.refresh();
    // The viewer signs in while the guest refresh is on the wire; the session stores the user's tokens.
    storage.setItem(STORAGE_KEYS.authToken, 'user-1');
    storage.setItem(STORAGE_KEYS.refreshToken, 'user-r1');
    release();
    await expect(refreshing).resolves.toEqual({ authorisationToken: 'user-1', refreshToken: 'user-r1' });
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe('user-1');
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('user-r1');
    expect(events).toEqual([]);
  });

  it('keeps the session when the refresh gets no answer or a 5xx: tokens stay, no expiry', async () => {
    for (const refreshAnswer of [
      () => Promise.reject(new TypeError('fetch failed')),
      () => platformError(503, 'UNAVAILABLE'),
    ]) {
      const { client, storage, events } = refreshSetup({ valid: 'new', refreshAnswer });
      const outcome = await client.user.profile().catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(ApiError);
      expect(outcome).toMatchObject({ status: 401 });
      expect(storage.getItem(STORAGE_KEYS.authToken)).toBe('old');
      expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1');
      expect(events).toEqual([]);
    }
  });

  it('treats a refresh answer that breaks the contract as a failed refresh', async () => {
    const { client, storage, events } = refreshSetup({
      valid: 'new',
      refreshAnswer: () => json(200, { refreshToken: 'r2' }),
    });
    await expect(client.user.profile()).rejects.toMatchObject({ status: 401 });
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(events).toEqual([{ type: 'session.expired' }]);
  });

  it('ends the session without calling refresh when no refresh token is stored', async () => {
    const { client, storage, events, count } = refreshSetup({
      valid: 'new',
      stored: { [STORAGE_KEYS.authToken]: 'old' },
    });
    await expect(client.user.profile()).rejects.toMatchObject({ status: 401 });
    expect(count('POST', '/api/v2/token/refresh')).toBe(0);
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(events).toEqual([{ type: 'session.expired' }]);
  });

  it('replays only once: a second 401 is an ApiError', async () => {
    const { client, count } = refreshSetup({ valid: 'never' });
    await expect(client.user.profile()).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(count('POST', '/api/v2/token/refresh')).toBe(1);
    expect(count('GET', '/api/v2/user/profile')).toBe(2);
  });

  it('never refreshes for login, sign-up or a call without a bearer', async () => {
    const { client, count } = setup(
      {
        'POST /api/v2/login': () => platformError(401, 'UNAUTHORIZED'),
        'POST /api/v2/user': () => platformError(401, 'UNAUTHORIZED'),
        'GET /api/v2/user/profile': () => platformError(401, 'UNAUTHORIZED'),
      },
      { [STORAGE_KEYS.refreshToken]: 'r1', [STORAGE_KEYS.authToken]: 'guest' },
    );
    await expect(client.auth.login({ body: { id: 'a', secret: 'b' } })).rejects.toMatchObject({ status: 401 });
    await expect(client.auth.signUp({ body: { id: 'a@b.cd', secret: 'password1', name: 'A' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(count('POST', '/api/v2/token/refresh')).toBe(0);
    const bare = setup({ 'GET /api/v2/user/profile': () => platformError(401, 'UNAUTHORIZED') }, {
      [STORAGE_KEYS.refreshToken]: 'r1',
    });
    await expect(bare.client.user.profile()).rejects.toMatchObject({ status: 401 });
    expect(bare.count('POST', '/api/v2/token/refresh')).toBe(0);
    expect(bare.events).toEqual([]);
  });

  it('refresh() is single flight and returns the stored tokens', async () => {
    const { client, count, storage } = refreshSetup({ valid: 'new' });
    const [a, b] = await Promise.all([client.refresh(), client.refresh()]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ authorisationToken: 'new', refreshToken: 'r2' });
    expect(count('POST', '/api/v2/token/refresh')).toBe(1);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r2');
  });

  it('refresh() without a refresh token rejects with SessionExpiredError', async () => {
    const { client, events } = refreshSetup({ valid: 'new', stored: {} });
    await expect(client.refresh()).rejects.toBeInstanceOf(SessionExpiredError);
    expect(events).toEqual([{ type: 'session.expired' }]);
  });

  it('a throwing listener does not break the request; unsubscribe stops events', async () => {
    const { client, events } = refreshSetup({ valid: 'new' });
    const boom = vi.fn(() => {
      throw new Error('listener bug');
    });
    const unsubscribe = client.subscribe(boom);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(client.user.profile()).resolves.toMatchObject({ id: 'u1' });
      expect(consoleError).toHaveBeenCalledTimes(1);
    } finally {
      consoleError.mockRestore();
    }
    expect(boom).toHaveBeenCalledTimes(1);
    unsubscribe();
    await client.refresh();
    expect(boom).toHaveBeenCalledTimes(1);
    expect(events).toHaveLength(2);
  });
});

describe('abort signal', () => {
  it('passes the signal of a call to fetch (eager and lazy areas); aborting rejects with NetworkError', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const fetch = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      signals.push(init?.signal ?? undefined);
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    const client = createApiClient({
      baseUrl: 'http://platform.test',
      realm: 'demo',
      apiKey: 'key-123',
      storage: memoryStorage(),
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const controller = new AbortController();
    const searching = client.catalogue.search({ query: { q: 'derby', page: 1, rpp: 10 } }, { signal: controller.signal });
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]).toBe(controller.signal);
    controller.abort();
    await expect(searching).rejects.toBeInstanceOf(NetworkError);

    const other = new AbortController();
    const settingsRead = client.realm.settings(undefined, { signal: other.signal });
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[1]).toBe(other.signal);
    other.abort();
    await expect(settingsRead).rejects.toBeInstanceOf(NetworkError);
  });

  it('sends no signal when none is given', async () => {
    const { client, fetch } = setup({ 'GET /api/v2/news': () => json(200, { feeds: [] }) });
    await client.catalogue.newsFeeds();
    const init = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]![1] as RequestInit;
    expect(init.signal).toBeUndefined();
    expect(init.keepalive).toBeUndefined();
  });

  it('asks fetch to keep the request alive when the call says so (a report on page hide)', async () => {
    const { client, fetch } = setup({ 'GET /api/v2/news': () => json(200, { feeds: [] }) });
    await client.catalogue.newsFeeds(undefined, { keepalive: true });
    const init = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]![1] as RequestInit;
    expect(init.keepalive).toBe(true);
  });
});
