import type * as zc from 'zod/v4/core';
import type {
  CallContract,
  CancellationPromo,
  ContentItem,
  ContentType,
  CountriesResponse,
  Licence,
  LicenceFamily,
  Playback,
  PriceMigrationConsent,
  LabelsResponse,
  LoginRequest,
  LoginResponse,
  SignUpRequest,
  TokenRefreshResponse,
  UserProfile,
} from '../contracts/index.js';
import type { KeyValueStorage } from '../platform/types.js';

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /** Platform base URL, for example `http://127.0.0.1:8787`. Paths start with `/api/...`. */
  baseUrl: string;
  /** Realm sent in the `Realm` header and the labels query. */
  realm: string;
  /** API key sent in the `x-api-key` header. */
  apiKey: string;
  /** Where tokens and the device id are kept (STORAGE_KEYS). */
  storage: KeyValueStorage;
  /** Fetch implementation. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** Locale sent in `Accept-Language`; can be a getter so that a language change applies at once. @default 'en' */
  locale?: string | (() => string);
}

/** Events the client emits to whoever holds the session (the session machine). */
export type ApiClientEvent =
  | { type: 'session.refreshed'; authorisationToken: string; refreshToken: string }
  | { type: 'session.expired' };

/**
 * The platform API client. Every method validates the answer against its contract and raises
 * `ApiError` (the platform answered an error) or `ContractError` (the answer broke the
 * contract); network failures raise `NetworkError`.
 */
export interface ApiClient {
  auth: {
    login(body: LoginRequest): Promise<LoginResponse>;
    signUp(body: SignUpRequest): Promise<LoginResponse>;
    /** Refreshes with the stored refresh token (single flight); stores and returns the new tokens. */
    refresh(): Promise<TokenRefreshResponse & { refreshToken: string }>;
    guestCheckin(): Promise<LoginResponse>;
  };
  user: {
    profile(): Promise<UserProfile>;
  };
  labels: {
    get(): Promise<LabelsResponse>;
  };
  countries: {
    list(): Promise<CountriesResponse>;
  };
  /**
   * Licences (commerce-and-account-data.md §3 "Licence", §4, §7 "Licences"). Lifecycle calls
   * answer the account's licence as it now stands. Errors: `ApiError` (401 without a session,
   * 404 `NOT_FOUND` for a licence the account does not hold, 409 `CONFLICT` for an action its
   * state does not allow), `ContractError`, `NetworkError`.
   */
  licences: {
    /** `GET /api/v2/licence`: the realm's catalogue. */
    list(): Promise<{ licences: Licence[] }>;
    /**
     * `GET /api/v2/licence-family?includeEntitlements=ALL_ACTIVE_USER_ENTITLEMENTS`, with
     * `licenceId=<ids comma-joined>` when `licenceIds` is given and not empty.
     */
    families(options?: { licenceIds?: readonly string[] }): Promise<{ licenceFamilies: LicenceFamily[] }>;
    /** `GET /api/v2/user/licence` (bearer required): the account's licences with status and payment. */
    mine(): Promise<{ licences: Licence[] }>;
    /**
     * `POST /api/v2/active-licences/{id}/pause`; `resumeAfter` (ISO 8601 date-time) is sent as
     * `config.resumeAfter`, no body config otherwise.
     */
    pause(id: string, options?: { resumeAfter?: string }): Promise<{ licence: Licence }>;
    /** `POST /api/v2/active-licences/{id}/resume`, empty body. */
    resume(id: string): Promise<{ licence: Licence }>;
    /**
     * `DELETE /api/v2/active-licences/{id}`; `ignoreDiscount: true` adds
     * `cancellationDiscount=IGNORE` (cancel without the cancellation promo).
     */
    cancel(id: string, options?: { ignoreDiscount?: boolean }): Promise<{ licence: Licence }>;
    /** `PUT /api/v2/reactivate-licence/{id}`: a cancelled licence renews again. */
    reactivate(id: string): Promise<{ licence: Licence }>;
    /** `PUT /api/v2/price-migration/{migrationId}/consent`, body `{ status }` (§4 "Price migration consent"). */
    priceMigrationConsent(migrationId: string, status: PriceMigrationConsent): Promise<{ licence: Licence }>;
  };
  /** The cancellation promo of an account's licence (§7 "Licences"): verify, redeem, refuse. */
  promos: {
    /** `GET /api/v2/cancellation-promo/{licenceId}/verify`: whether a discount to stay is offered. */
    verify(licenceId: string): Promise<CancellationPromo>;
    /** `POST /api/v2/cancellation-promo/{licenceId}/redeem`: the discount applies, the licence stays. */
    redeem(licenceId: string): Promise<{ licence: Licence }>;
    /** `POST /api/v2/cancellation-promo/{licenceId}/refuse`: the offer is declined; cancel separately. */
    refuse(licenceId: string): Promise<Record<string, unknown>>;
  };
  /**
   * Content and playback (this project's calls, docs/api.md). Errors: `ApiError` 404
   * `NOT_FOUND` for an unknown item, 403 `LICENCE_REQUIRED` from `playback` when no licence of
   * the viewer grants the item.
   */
  content: {
    /** `GET /api/v2/content`: the catalogue of videos and live events. */
    list(): Promise<{ items: ContentItem[] }>;
    /** `GET /api/v2/content/{type}/{id}`: one item. */
    get(type: ContentType, id: string): Promise<ContentItem>;
    /** `GET /api/v2/playback/{type}/{id}`: a short-lived playable source `{ url, mimeType, expiresAt? }`. */
    playback(type: ContentType, id: string): Promise<Playback>;
  };
  /** Subscribes to session events; returns the unsubscribe function. */
  subscribe(listener: (event: ApiClientEvent) => void): () => void;
}

/** Input of a contract's optional schema: the schema's input type, or `never` when the call has none. */
type SchemaInput<T> = T extends zc.$ZodType ? zc.input<T> : never;

/** Options of {@link HttpApiClient.request}: JSON body, query and `:param` path values. */
export interface RequestOptions<C extends CallContract = CallContract> {
  /** JSON body, validated with `contract.body` before sending. */
  body?: SchemaInput<C['body']>;
  /** Query parameters, validated with `contract.query` when the contract has one. */
  query?: SchemaInput<C['query']>;
  /** Values of the `:name` segments of `contract.path`; URL-encoded. */
  params?: Record<string, string | number>;
  /**
   * Extra headers of this call, for example `Idempotency-Key` on a payment. The client's own
   * headers (API key, realm, language, device id, bearer) take precedence.
   */
  headers?: Readonly<Record<string, string>>;
}

/**
 * The client {@link createApiClient} returns: {@link ApiClient} plus the generic `request` that
 * every endpoint module uses, for calls that have no endpoint method yet.
 */
export interface HttpApiClient extends ApiClient {
  /**
   * Sends one call of the contract and returns its answer parsed with `contract.response`.
   * Throws `ContractError` (bad request input or answer), `ApiError` (non-2xx) or `NetworkError`.
   */
  request<C extends CallContract>(contract: C, options?: RequestOptions<C>): Promise<zc.output<C['response']>>;
}
