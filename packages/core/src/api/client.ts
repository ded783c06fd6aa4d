import { createFetch } from 'ofetch';
import { safeParse } from 'zod/v4/core';
import type * as zc from 'zod/v4/core';
import type { CallContract } from '../contracts/define.js';
import { platformErrorSchema } from '../contracts/error.js';
import { tokenRefresh, type TokenRefreshResponse } from '../contracts/auth.js';
import { STORAGE_KEYS } from '../platform/types.js';
import { authEndpoints } from './auth.js';
import { countriesEndpoints } from './countries.js';
import { ApiError, ContractError, NetworkError, SessionExpiredError, isRefreshRefusal, parseRetryAfter, type ContractIssue } from './errors.js';
import { labelsEndpoints } from './labels.js';
import { lazyArea } from './lazy.js';
import type { ApiClientEvent, ApiClientOptions, HttpApiClient, RequestOptions } from './types.js';
import { userEndpoints } from './user.js';

/**
 * Calls whose 401 never triggers a token refresh: a 401 there means bad credentials (or a bad
 * refresh token), not an expired session.
 */
export const NO_REFRESH_CALLS: ReadonlySet<string> = new Set([
  'auth.login',
  'auth.signUp',
  'auth.refresh',
  'auth.guestCheckin',
]);

/** Tokens after a successful refresh; `refreshToken` is the new one, or the old one kept. */
export type RefreshedTokens = TokenRefreshResponse & { refreshToken: string };

interface RawAnswer {
  status: number;
  headers: Headers;
  text: string | undefined;
}

const NOT_JSON = Symbol('not-json');

/**
 * Creates the platform API client.
 *
 * Every call carries `x-api-key`, `Realm`, `Accept-Language` (from `locale`), `x-device-id` once
 * the platform has sent one (any response's `x-device-id` header is stored at
 * `STORAGE_KEYS.deviceId`), `Authorization: Bearer <token>` from `STORAGE_KEYS.authToken` for
 * calls whose contract `auth` is `'required'` or `'optional'`, and `content-type:
 * application/json` with a body. Bodies and queries are validated with the contract before
 * sending, answers after.
 *
 * Session (identity-and-routes.md §4 "Session"): a 401 on a call that sent a bearer (other than
 * {@link NO_REFRESH_CALLS}) triggers one `POST /api/v2/token/refresh` shared by every concurrent
 * 401 (single flight). On success the new tokens are stored (the old refresh token is kept when
 * none comes back), `session.refreshed` is emitted and each failed request is replayed once.
 * When the platform refuses the refresh (a 4xx, or an answer that breaks the contract) or no
 * refresh token is stored, the auth and refresh tokens are removed, `session.expired` is emitted
 * once and the waiting requests reject with their original 401 `ApiError`. When the refresh gets
 * no answer (`NetworkError`) or a 5xx, the session is kept and the requests reject the same way.
 * Nothing else is retried.
 *
 * Errors: `ContractError` (direction `'request'` for bad input, `'response'` for a bad answer),
 * `ApiError` (non-2xx), `NetworkError` (no answer), all `StreamError`s. Never logs tokens.
 */
export function createApiClient(options: ApiClientOptions): HttpApiClient {
  const { storage, realm, apiKey } = options;
  const $fetch = createFetch({
    // Resolved per call so that a test may replace globalThis.fetch after creation.
    fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
  });
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
    };
    const deviceId = storage.getItem(STORAGE_KEYS.deviceId);
    if (deviceId) headers['x-device-id'] = deviceId;
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    if (hasBody) headers['content-type'] = 'application/json';
    return headers;
  }

  async function send(
    contract: CallContract,
    path: string,
    query: Record<string, unknown> | undefined,
    body: string | undefined,
    bearer: string | null,
    extraHeaders: Readonly<Record<string, string>> | undefined,
  ): Promise<RawAnswer> {
    let response;
    try {
      response = await $fetch.raw<string, 'text'>(path, {
        baseURL: options.baseUrl,
        method: contract.method,
        query,
        body,
        headers: { ...extraHeaders, ...headersFor(bearer, body !== undefined) },
        responseType: 'text',
        ignoreResponseError: true,
        retry: false,
      });
    } catch (error) {
      throw new NetworkError(contract.name, error);
    }
    const deviceId = response.headers.get('x-device-id');
    if (deviceId && deviceId !== storage.getItem(STORAGE_KEYS.deviceId)) {
      storage.setItem(STORAGE_KEYS.deviceId, deviceId);
    }
    return { status: response.status, headers: response.headers, text: response._data };
  }

  /** Removes the tokens unless a new session was stored meanwhile; emits `session.expired` if so. */
  function endSession(usedRefreshToken: string | null): void {
    const stored = storage.getItem(STORAGE_KEYS.refreshToken);
    if (usedRefreshToken !== null && stored !== null && stored !== usedRefreshToken) return;
    storage.removeItem(STORAGE_KEYS.authToken);
    storage.removeItem(STORAGE_KEYS.refreshToken);
    emit({ type: 'session.expired' });
  }

  async function doRefresh(): Promise<RefreshedTokens> {
    const refreshToken = storage.getItem(STORAGE_KEYS.refreshToken);
    if (!refreshToken) {
      endSession(null);
      throw new SessionExpiredError(tokenRefresh.name);
    }
    let answer: TokenRefreshResponse;
    try {
      answer = await request(tokenRefresh, { body: { refreshToken } });
    } catch (error) {
      // Only the platform refusing the refresh token ends the session; no answer (offline) or a
      // failing platform (5xx) keeps it, so that a later call can refresh again.
      if (isRefreshRefusal(error)) endSession(refreshToken);
      throw error;
    }
    // A sign-in, a logout or another tab stored another session while this refresh ran: that
    // session wins. Storing these tokens would turn a viewer who just signed in back into the
    // guest whose token was being refreshed. Waiting requests replay with the stored token.
    if (storage.getItem(STORAGE_KEYS.refreshToken) !== refreshToken) {
      const current = {
        authorisationToken: storage.getItem(STORAGE_KEYS.authToken),
        refreshToken: storage.getItem(STORAGE_KEYS.refreshToken),
      };
      if (current.authorisationToken && current.refreshToken) return current as RefreshedTokens;
      throw new SessionExpiredError(tokenRefresh.name);
    }
    const tokens: RefreshedTokens = { ...answer, refreshToken: answer.refreshToken ?? refreshToken };
    storage.setItem(STORAGE_KEYS.authToken, tokens.authorisationToken);
    storage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
    emit({
      type: 'session.refreshed',
      authorisationToken: tokens.authorisationToken,
      refreshToken: tokens.refreshToken,
    });
    return tokens;
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
    const current = storage.getItem(STORAGE_KEYS.authToken);
    if (current === null) return null;
    if (current !== sentBearer && !refreshing) return current;
    try {
      return (await refresh()).authorisationToken;
    } catch {
      return null;
    }
  }

  async function request<C extends CallContract>(
    contract: C,
    input: RequestOptions<C> = {},
  ): Promise<zc.output<C['response']>> {
    const path = fillPath(contract, input.params);
    const query = contract.query
      ? (validate(contract, 'request', contract.query, input.query ?? {}) as Record<string, unknown>)
      : (input.query as Record<string, unknown> | undefined);
    const body = contract.body
      ? JSON.stringify(validate(contract, 'request', contract.body, input.body))
      : undefined;

    const bearer = contract.auth === 'none' ? null : storage.getItem(STORAGE_KEYS.authToken);
    let answer = await send(contract, path, query, body, bearer, input.headers);

    if (answer.status === 401 && bearer && !NO_REFRESH_CALLS.has(contract.name)) {
      const original = toApiError(contract, answer);
      const renewed = await renewAfter401(bearer);
      if (renewed === null) throw original;
      answer = await send(contract, path, query, body, renewed, input.headers);
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
    return validate(contract, 'response', contract.response, json) as zc.output<C['response']>;
  }

  const client: HttpApiClient = {
    request,
    auth: authEndpoints(request, refresh),
    user: userEndpoints(request),
    labels: labelsEndpoints(request, realm),
    countries: countriesEndpoints(request),
    // Loaded on first use: pages that never touch licences, content or the checkout (the login
    // page) do not download their contracts.
    licences: lazyArea(() => import('./licences.js').then((m) => m.licencesEndpoints(request)), [
      'list', 'families', 'mine', 'pause', 'resume', 'cancel', 'reactivate', 'priceMigrationConsent', 'scheduleDowngrade', 'cancelDowngrade',
    ]),
    promos: lazyArea(() => import('./promos.js').then((m) => m.promosEndpoints(request)), ['verify', 'redeem', 'refuse']),
    content: lazyArea(() => import('./content.js').then((m) => m.contentEndpoints(request)), ['list', 'get', 'playback']),
    // The checkout's calls: baskets.js and payments.js each load once, on their first call.
    baskets: lazyArea(() => import('./baskets.js').then((m) => m.basketsEndpoints(request)), ['get', 'put', 'pay']),
    vouchers: lazyArea(() => import('./baskets.js').then((m) => m.vouchersEndpoints(request)), ['add', 'remove', 'redeem']),
    paymentMethods: lazyArea(() => import('./payments.js').then((m) => m.paymentMethodsEndpoints(request)), [
      'init', 'validate',
    ]),
    payments: lazyArea(() => import('./payments.js').then((m) => m.paymentsEndpoints(request)), [
      'providers', 'history', 'attachDetails',
    ]),
    cards: lazyArea(() => import('./payments.js').then((m) => m.cardsEndpoints(request)), [
      'list', 'attachToLicence', 'remove', 'setDefault',
    ]),
    checkout: lazyArea(() => import('./payments.js').then((m) => m.checkoutEndpoints(request)), ['context', 'saveBillingDetails']),
    // The email flows (password reset, magic link, email confirmation): one chunk, loaded on first use.
    passwordReset: lazyArea(() => import('./emailFlows.js').then((m) => m.passwordResetEndpoints(request)), ['request', 'reset']),
    magicLink: lazyArea(() => import('./emailFlows.js').then((m) => m.magicLinkEndpoints(request)), ['request', 'exchange']),
    emailConfirmation: lazyArea(() => import('./emailFlows.js').then((m) => m.emailConfirmationEndpoints(request)), ['confirm']),
    // OpenID Connect sign-in and the realm's sign-in settings: one chunk, loaded on first use.
    openid: lazyArea(() => import('./openid.js').then((m) => m.openidEndpoints(request)), ['authUri', 'token', 'logoutUri']),
    realm: lazyArea(() => import('./openid.js').then((m) => m.realmEndpoints(request)), ['settings']),
    // Generic external OAuth sign-in and impersonation: one chunk, loaded on first use.
    externalOAuth: lazyArea(() => import('./externalOAuth.js').then((m) => m.externalOAuthEndpoints(request)), ['authUri', 'token', 'logout']),
    impersonation: lazyArea(() => import('./externalOAuth.js').then((m) => m.impersonationEndpoints(request)), ['exchange']),
    // Apple, Google and Facebook sign-in and linked accounts: one chunk, loaded on first use.
    social: lazyArea(() => import('./social.js').then((m) => m.socialEndpoints(request)), ['apple', 'facebook', 'google', 'linkedAccounts', 'unlink']),
    // PBR, SPTV, OPIN and GIGYA sign-in: one small chunk, loaded on first use.
    credentialProviders: lazyArea(() => import('./credentialProviders.js').then((m) => m.credentialProvidersEndpoints(request)), [
      'pbr', 'sptv', 'opin', 'gigya',
    ]),
    // Firebase sign-in (the platform side): one small chunk, loaded on first use.
    firebase: lazyArea(() => import('./firebase.js').then((m) => m.firebaseEndpoints(request)), ['signUp', 'signIn']),
    // Adobe Pass, the device PIN login and the external licence provider: one small chunk, loaded on first use.
    adobe: lazyArea(() => import('./adobe.js').then((m) => m.adobeEndpoints(request)), ['user', 'token', 'regcode', 'regcodeV3', 'entitlementSync']),
    tvDevice: lazyArea(() => import('./adobe.js').then((m) => m.tvDeviceEndpoints(request)), ['createPin', 'pollPin', 'confirmPin']),
    externalLicence: lazyArea(() => import('./adobe.js').then((m) => m.externalLicenceEndpoints(request)), ['token']),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return client;
}

function fillPath(contract: CallContract, params: Record<string, string | number> | undefined): string {
  const missing: ContractIssue[] = [];
  const path = contract.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') {
      missing.push({ path: `params.${name}`, message: 'Missing path parameter' });
      return '';
    }
    return encodeURIComponent(String(value));
  });
  if (missing.length > 0) throw new ContractError({ call: contract.name, direction: 'request', issues: missing });
  return path;
}

function validate(
  contract: CallContract,
  direction: 'request' | 'response',
  schema: zc.$ZodType,
  value: unknown,
): unknown {
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  throw new ContractError({
    call: contract.name,
    direction,
    issues: result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  });
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toApiError(contract: CallContract, answer: RawAnswer): ApiError {
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
