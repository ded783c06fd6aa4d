import type * as zc from 'zod/v4/core';
import type {
  CallContract,
  CountriesResponse,
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
