import { safeParse } from 'zod/v4/core';
import type * as zc from 'zod/v4/core';
import { authCalls, type TokenRefreshResponse } from '../contracts/auth.js';
import type { AnyCallContract, CallArea, CallOptions } from '../contracts/define.js';
import { platformErrorSchema } from '../contracts/error.js';
import { createTokenStore } from '../platform/tokens.js';
import { STORAGE_KEYS } from '../platform/types.js';
import { adsHeaders } from '../domain/adsConsent.js';
import { AREA_SOURCES } from './areas.js';
import {
  ApiError,
  ContractError,
  SessionExpiredError,
  isRefreshRefusal,
  parseRetryAfter,
  type ContractIssue,
} from './errors.js';
import { sendRequest, type TextAnswer } from './http.js';
import { areaMethods, lazyArea } from './lazy.js';
import type { ApiClient, ApiClientEvent, ApiClientOptions, RefreshedTokens } from './types.js';
import type { DownloadDeps, DownloadOptions } from './download.js';

/**
 * Calls whose 401 never triggers a token refresh: a 401 there means bad credentials (or a bad
 * refresh token), not an expired session. Names of `auth.login`, `auth.signUp`,
 * `auth.tokenRefresh` (`'auth.refresh'`) and `auth.guestCheckin`.
 */
export const NO_REFRESH_CALLS: ReadonlySet<string> = new Set(
  [authCalls.login, authCalls.signUp, authCalls.tokenRefresh, authCalls.guestCheckin].map((call) => call.name),
);

/** What one call takes at run time (the typed shape is the contract's `CallInput`). */
interface CallInputValues {
  params?: Readonly<Record<string, unknown>>;
  body?: unknown;
  query?: unknown;
  headers?: Readonly<Record<string, string>>;
}

const NOT_JSON = Symbol('not-json');

/**
 * Creates the platform API client, {@link ApiClient}: one method per call of `calls` (the
 * platform's areas), derived from the contracts, plus `request`, `refresh` and `subscribe`.
 * `api.licences.pause({ params: { id }, body: {} })` sends `calls.licences.pause`.
 *
 * Input: `params` fill the path's `:name` segments (validated with the contract's `params`
 * schema when it has one; each value must be a non-empty string or a number and not `.` or `..`;
 * URL-encoded with `encodeURIComponent`, a lone surrogate becoming U+FFFD); `query`, `headers`
 * and `body` are validated with the contract's schemas (an omitted body is validated, and sent,
 * as `{}`, unless the schema refuses `{}` but takes no body, as `parentalControl.pin()`: then
 * nothing is sent). Any bad input raises `ContractError` (direction `'request'`) and nothing is sent.
 * A success is any 2xx (the contract's `status` is what the sandbox answers).
 *
 * Every call carries `x-api-key`, `Realm`, `Accept-Language` (from `locale`), the ads headers
 * (the domain's `adsHeaders` over `STORAGE_KEYS.adsConsent` and `STORAGE_KEYS.advertisingId`:
 * `x-ads-consent` always, `x-ads-id` only with granted consent; docs/api.md "Language and ads
 * headers"), `x-device-id` once
 * the platform has sent one (any response's `x-device-id` header is stored at
 * `STORAGE_KEYS.deviceId`), `Authorization: Bearer <token>` with the access token of the token
 * store (`options.tokens`, default `createTokenStore(storage)`) for calls whose contract `auth`
 * is `'required'` or `'optional'`, and `content-type:
 * application/json` with a body. The caller's `headers` are sent too, but the client's own
 * headers win (names compared case-insensitively); a call with `auth: 'none'` sends no bearer of
 * its own, so a caller's `Authorization` (a social sign-in's link bearer) is sent as given.
 * Answers are validated with the contract's `response` schema. `query` values are sent as URL
 * query parameters: `undefined` ones are left out, an array repeats its key, `null` and `''` send
 * the key with no value, objects are sent as JSON. Requests go through `options.fetch` (default
 * `globalThis.fetch`, read at call time) with no retry and no timeout of their own.
 *
 * Areas: `auth`, `labels` and `realm` are at hand; every other area's contracts are loaded on its
 * first call (`areas.ts`; a failed load rejects that call and is retried on the next).
 *
 * Session (identity-and-routes.md §4 "Session"): a 401 on a call that sent a bearer (other than
 * {@link NO_REFRESH_CALLS}) triggers one `POST /api/v2/token/refresh` shared by every concurrent
 * 401 (single flight). On success the new tokens are written to the token store (the old refresh
 * token is kept when none comes back; the client is the only writer of what a refresh brings),
 * `session.refreshed` is emitted and each failed request is replayed once.
 * When the platform refuses the refresh (a 4xx, or an answer that breaks the contract) or no
 * refresh token is stored, the token store is cleared, `session.expired` is emitted
 * once and the waiting requests reject with their original 401 `ApiError`. When the refresh gets
 * no answer (`NetworkError`) or a 5xx, the session is kept and the requests reject the same way.
 * Nothing else is retried. `api.refresh()` runs the same single-flight refresh on demand.
 *
 * Errors: `ContractError` (direction `'request'` for bad input, `'response'` for a bad answer),
 * `ApiError` (non-2xx), `NetworkError` (no answer), all `StreamError`s. Never logs tokens.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { storage, realm, apiKey } = options;
  const tokens = options.tokens ?? createTokenStore(storage);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const listeners = new Set<(event: ApiClientEvent) => void>();
  let refreshing: Promise<RefreshedTokens> | undefined;

  function emit(event: ApiClientEvent): void {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        // A faulty listener must not break the request that emitted it; report and go on.
        console.error('[@stream/core] session event listener failed', error);
      }
    }
  }

  function locale(): string {
    const value = typeof options.locale === 'function' ? options.locale() : options.locale;
    return value || 'en';
  }

  function headersFor(bearer: string | null, hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-api-key': apiKey,
      Realm: realm,
      'Accept-Language': locale(),
      ...adsHeaders(storage.getItem(STORAGE_KEYS.adsConsent), storage.getItem(STORAGE_KEYS.advertisingId)),
    };
    const deviceId = storage.getItem(STORAGE_KEYS.deviceId);
    if (deviceId) headers['x-device-id'] = deviceId;
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    if (hasBody) headers['content-type'] = 'application/json';
    return headers;
  }

  async function send(
    contract: AnyCallContract,
    path: string,
    query: Record<string, unknown> | undefined,
    body: string | undefined,
    bearer: string | null,
    extraHeaders: Readonly<Record<string, string>> | undefined,
    callOptions: CallOptions,
  ): Promise<TextAnswer> {
    const { signal, keepalive } = callOptions;
    const answer = await sendRequest(contract.name, `${baseUrl}${path}${queryString(query)}`, {
      method: contract.method,
      headers: withOwnHeaders(extraHeaders, headersFor(bearer, body !== undefined)),
      ...(body !== undefined ? { body } : {}),
      ...(signal ? { signal } : {}),
      ...(keepalive ? { keepalive: true } : {}),
    }, options);
    const deviceId = answer.headers.get('x-device-id');
    if (deviceId && deviceId !== storage.getItem(STORAGE_KEYS.deviceId)) {
      storage.setItem(STORAGE_KEYS.deviceId, deviceId);
    }
    return answer;
  }

  /** Clears the token store unless a new session was stored meanwhile; emits `session.expired` if so. */
  function endSession(usedRefreshToken: string | null): void {
    const stored = tokens.read().refreshToken;
    if (usedRefreshToken !== null && stored !== null && stored !== usedRefreshToken) return;
    tokens.clear();
    emit({ type: 'session.expired' });
  }

  async function doRefresh(): Promise<RefreshedTokens> {
    const { refreshToken } = tokens.read();
    if (!refreshToken) {
      endSession(null);
      throw new SessionExpiredError(authCalls.tokenRefresh.name);
    }
    let answer: TokenRefreshResponse;
    try {
      answer = (await request(authCalls.tokenRefresh, { body: { refreshToken } })) as TokenRefreshResponse;
    } catch (error) {
      // Only the platform refusing the refresh token ends the session; no answer (offline) or a
      // failing platform (5xx) keeps it, so that a later call can refresh again.
      if (isRefreshRefusal(error)) endSession(refreshToken);
      throw error;
    }
    // A sign-in, a logout or another tab stored another session while this refresh ran: that
    // session wins. Storing these tokens would turn a viewer who just signed in back into the
    // guest whose token was being refreshed. Waiting requests replay with the stored token.
    const current = tokens.read();
    if (current.refreshToken !== refreshToken) {
      if (current.authorisationToken && current.refreshToken) return current as RefreshedTokens;
      throw new SessionExpiredError(authCalls.tokenRefresh.name);
    }
    const renewed: RefreshedTokens = { ...answer, refreshToken: answer.refreshToken ?? refreshToken };
    tokens.write(renewed);
    emit({
      type: 'session.refreshed',
      authorisationToken: renewed.authorisationToken,
      refreshToken: renewed.refreshToken,
    });
    return renewed;
  }

  /** Single flight: every caller during one refresh shares its promise. */
  function refresh(): Promise<RefreshedTokens> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  /**
   * After a 401 for `sentBearer`: the token to replay with, or null when the session cannot be
   * renewed. A token stored since the request was sent (another request already refreshed) is
   * used as is, without a second refresh.
   */
  async function renewAfter401(sentBearer: string): Promise<string | null> {
    const current = tokens.read().authorisationToken;
    if (current === null) return null;
    if (current !== sentBearer && !refreshing) return current;
    try {
      return (await refresh()).authorisationToken;
    } catch {
      return null;
    }
  }

  /** Sends one call: validates the input, sends (aborted by `callOptions.signal`; `keepalive` outlives the page), refreshes once on a 401, validates the answer. */
  async function request(contract: AnyCallContract, input: CallInputValues = {}, callOptions: CallOptions = {}): Promise<unknown> {
    const params = contract.params
      ? (validate(contract, 'request', contract.params, input.params ?? {}, 'params') as Record<string, unknown>)
      : input.params;
    const path = fillPath(contract, params);
    const query = contract.query
      ? (validate(contract, 'request', contract.query, input.query ?? {}) as Record<string, unknown>)
      : (input.query as Record<string, unknown> | undefined);
    const headers = contract.headers
      ? { ...input.headers, ...(validate(contract, 'request', contract.headers, input.headers ?? {}, 'headers') as Record<string, string>) }
      : input.headers;
    const body = contract.body ? encodeBody(contract, contract.body, input.body) : undefined;

    const bearer = contract.auth === 'none' ? null : tokens.read().authorisationToken;
    let answer = await send(contract, path, query, body, bearer, headers, callOptions);

    if (answer.status === 401 && bearer && !NO_REFRESH_CALLS.has(contract.name)) {
      const original = toApiError(contract, answer);
      const renewed = await renewAfter401(bearer);
      if (renewed === null) throw original;
      answer = await send(contract, path, query, body, renewed, headers, callOptions);
    }

    if (answer.status < 200 || answer.status >= 300) throw toApiError(contract, answer);
    const json = parseJson(answer.text);
    if (json === NOT_JSON) {
      throw new ContractError({
        call: contract.name,
        direction: 'response',
        issues: [{ path: '', message: 'Body is not JSON' }],
      });
    }
    return validate(contract, 'response', contract.response, json);
  }

  /** What the calls outside the JSON contracts (`download`, `eventStream`) take from the client: its headers, bearer and renewal. */
  const rawDeps = (): DownloadDeps => ({
    baseUrl: options.baseUrl,
    fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
    headers: (bearer) => headersFor(bearer, false),
    bearer: () => tokens.read().authorisationToken,
    renew: renewAfter401,
  });
  const call = (contract: AnyCallContract, input?: object, callOptions?: CallOptions) =>
    request(contract, input as CallInputValues | undefined, callOptions);
  const areas = Object.fromEntries(
    Object.entries(AREA_SOURCES).map(([name, source]) => [
      name,
      typeof source === 'function'
        ? lazyArea(name, source as () => Promise<CallArea>, call)
        : areaMethods(source as CallArea, call),
    ]),
  );
  return {
    ...areas,
    request: call,
    refresh,
    // Loaded on first use (the account page's receipts), like the lazy areas.
    download: (url: string, downloadOptions?: DownloadOptions) =>
      import('./download.js').then(({ createDownload }) => createDownload(rawDeps())(url, downloadOptions)),
    eventStream: (url: string, streamOptions?: { signal?: AbortSignal }) =>
      import('./download.js').then(({ createEventStream }) => createEventStream(rawDeps())(url, streamOptions)),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  } as ApiClient;
}

/** `extra` headers with the client's `own` ones added, an `extra` header of the same name (any case) dropped. */
function withOwnHeaders(
  extra: Readonly<Record<string, string>> | undefined,
  own: Record<string, string>,
): Record<string, string> {
  if (!extra) return own;
  const ownNames = new Set(Object.keys(own).map((name) => name.toLowerCase()));
  const kept = Object.entries(extra).filter(([name]) => !ownNames.has(name.toLowerCase()));
  return { ...Object.fromEntries(kept), ...own };
}

/**
 * `?name=value&…` of `query`, or `''` when nothing is sent: `undefined` values are left out, an
 * array sends its key once per item, `null` and `''` send the key alone (`?name`), numbers and
 * booleans their text, objects their JSON. Keys and values are URL-encoded.
 */
function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const item = (name: string, value: unknown): string | null => {
    if (value === undefined) return null;
    const key = encodeText(name);
    if (value === null || value === '') return key;
    return `${key}=${encodeText(typeof value === 'object' ? JSON.stringify(value) : String(value))}`;
  };
  const parts = Object.entries(query).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((each) => item(name, each)) : [item(name, value)],
  );
  const text = parts.filter((part): part is string => part !== null).join('&');
  return text ? `?${text}` : '';
}

/** Lone UTF-16 surrogates: they have no UTF-8 form, so `encodeURIComponent` throws on them. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` URL-encoded with `encodeURIComponent`, a lone surrogate becoming U+FFFD. */
const encodeText = (text: string): string => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));

/**
 * The contract's path with each `:name` replaced by `params[name]`, URL-encoded. A value that is
 * missing, empty, not a string or number, or a dot segment (`.`, `..`: URL parsers resolve them
 * away, so the call would reach another route) raises `ContractError` (`params.<name>`).
 */
function fillPath(contract: AnyCallContract, params: Readonly<Record<string, unknown>> | undefined): string {
  const issues: ContractIssue[] = [];
  const path = contract.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '') {
      issues.push({ path: `params.${name}`, message: 'Missing path parameter' });
      return '';
    }
    const text = String(value);
    if (text === '.' || text === '..') {
      issues.push({ path: `params.${name}`, message: 'A path parameter cannot be a dot segment' });
      return '';
    }
    return encodeText(text);
  });
  if (issues.length > 0) throw new ContractError({ call: contract.name, direction: 'request', issues });
  return path;
}

/** `value` parsed with `schema`, or `ContractError` whose issue paths start with `prefix.` when given. */
/**
 * The JSON of a call's body: `body` validated, an omitted one as `{}`; but an omitted body of a
 * call whose schema takes no body and not `{}` (`parentalControl.pin()`: none, or `{ resetCode }`)
 * is not sent at all (undefined).
 */
function encodeBody(contract: AnyCallContract, schema: zc.$ZodType, body: unknown): string | undefined {
  if (body === undefined && !safeParse(schema, {}).success && safeParse(schema, undefined).success) return undefined;
  return JSON.stringify(validate(contract, 'request', schema, body ?? {}));
}

function validate(
  contract: AnyCallContract,
  direction: 'request' | 'response',
  schema: zc.$ZodType,
  value: unknown,
  prefix?: 'params' | 'headers',
): unknown {
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  throw new ContractError({
    call: contract.name,
    direction,
    issues: result.error.issues.map((issue) => ({
      path: [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  });
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toApiError(contract: AnyCallContract, answer: TextAnswer): ApiError {
  const parsed = safeParse(platformErrorSchema, parseJson(answer.text));
  const retryAfter = parseRetryAfter(answer.headers.get('retry-after'));
  const retry = retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter };
  if (parsed.success) {
    return new ApiError({
      call: contract.name,
      status: answer.status,
      code: parsed.data.code,
      messages: parsed.data.messages,
      requestId: parsed.data.requestId,
      details: isPlainObject(parsed.data['details']) ? parsed.data['details'] : undefined,
      ...retry,
    });
  }
  return new ApiError({
    call: contract.name,
    status: answer.status,
    code: 'UNKNOWN',
    messages: [],
    requestId: answer.headers.get('x-request-id') ?? undefined,
    ...retry,
  });
}
