import type { ApiFromCalls, AnyCallContract, CallArgs, CallOutput } from '../contracts/define.js';
import type { Calls } from '../contracts/index.js';
import type { TokenRefreshResponse } from '../contracts/auth.js';
import type { KeyValueStorage } from '../platform/types.js';
import type { ApiDownload, ApiEventStream } from './download.js';
import type { TokenStore } from '../platform/tokens.js';

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /** Platform base URL, for example `http://127.0.0.1:8787`. Paths start with `/api/...`. */
  baseUrl: string;
  /** Realm sent in the `Realm` header (the labels call takes it in its query from the caller). */
  realm: string;
  /** API key sent in the `x-api-key` header. */
  apiKey: string;
  /** Where the device id is kept (`STORAGE_KEYS.deviceId`), and the tokens unless `tokens` is given. */
  storage: KeyValueStorage;
  /**
   * The session's token store, shared with the session machine: the bearer is read from it and a
   * refresh writes its tokens there. @default createTokenStore(storage)
   */
  tokens?: TokenStore;
  /** Fetch implementation. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** Locale sent in `Accept-Language`; can be a getter so that a language change applies at once. @default 'en' */
  locale?: string | (() => string);
}

/** Events the client emits to whoever holds the session (the session machine). */
export type ApiClientEvent =
  | { type: 'session.refreshed'; authorisationToken: string; refreshToken: string }
  | { type: 'session.expired' };

/** Tokens after a successful refresh; `refreshToken` is the new one, or the old one kept. */
export type RefreshedTokens = TokenRefreshResponse & { refreshToken: string };

/**
 * Areas of `calls` served by another host than the platform: the card processor and the Adobe
 * host (`createCardProcessor`, `createAdobeHost`). The platform client has no such area, so
 * card numbers can never be sent to the platform by mistake.
 */
export type OtherHostAreas = 'processor' | 'adobeHost';

/** The areas of `calls` that the platform serves: what {@link ApiClient} is derived from. */
export type PlatformCalls = Omit<Calls, OtherHostAreas>;

/**
 * The platform API client, derived from the contracts (`calls` in `@stream/core/contracts`): one
 * method per call, `api.<area>.<call>(input)`, whose `input` holds `params` (the path's `:name`
 * values), `body`, `query` and `headers`, each present and required only when the contract needs
 * it, and which resolves with the answer parsed by the contract's `response` schema. For example
 * `api.licences.pause({ params: { id }, body: { config: { resumeAfter } } })`,
 * `api.baskets.pay({ params: { id }, body, headers: { 'Idempotency-Key': key } })`,
 * `api.licences.mine()`. Hovering a method shows its contract's docs (path, shapes, errors).
 *
 * Errors: `ContractError` (direction `'request'`: bad input, nothing sent; `'response'`: the
 * answer broke the contract), `ApiError` (non-2xx), `NetworkError` (no answer).
 */
export type ApiClient = ApiFromCalls<PlatformCalls> & {
  /**
   * Sends one call of `contract` (any contract, including one that no area lists) and returns its
   * answer parsed with `contract.response`. Errors as every method.
   */
  request<C extends AnyCallContract>(contract: C, ...input: CallArgs<C>): Promise<CallOutput<C>>;
  /**
   * Refreshes the session with the stored refresh token, single flight (every caller during one
   * refresh shares it); stores and returns the new tokens (the old refresh token is kept when none
   * comes back) and emits `session.refreshed`. See {@link createApiClient} for when it ends the
   * session. Errors: `SessionExpiredError` (no refresh token stored), `ApiError`, `ContractError`,
   * `NetworkError`. The raw call is `api.auth.tokenRefresh`, which stores nothing.
   */
  refresh(): Promise<RefreshedTokens>;
  /** Fetches a file of the platform that is not JSON (a PDF receipt) with the session's bearer; see {@link ApiDownload}. */
  download: ApiDownload;
  /** Opens a stream of server-sent events of the platform with the session's bearer (a watch-together room's relay); see {@link ApiEventStream}. */
  eventStream: ApiEventStream;
  /** Subscribes to session events; returns the unsubscribe function. */
  subscribe(listener: (event: ApiClientEvent) => void): () => void;
};

