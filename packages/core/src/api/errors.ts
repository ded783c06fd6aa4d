/**
 * Typed errors of the API client. Every error the client raises is a {@link StreamError}:
 * {@link ApiError} (the platform answered an error status), {@link ContractError} (a body did not
 * match the call contract), {@link NetworkError} (no answer) or {@link SessionExpiredError}
 * (a refresh was needed and not possible). Messages never contain tokens or request bodies.
 */

/** Base class of every error raised by @stream/core's API client. */
export class StreamError extends Error {
  /** Name of the call that failed, for example `user.profile`. */
  readonly call: string;

  constructor(message: string, call: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StreamError';
    this.call = call;
  }
}

/**
 * The platform answered a non-2xx status. Fields come from the platform's error body
 * `{ status, code, messages, requestId }` (contracts/error.ts); when the body is not that shape
 * `code` is `'UNKNOWN'`, `messages` is empty and `requestId` comes from the `x-request-id`
 * response header if any.
 */
export class ApiError extends StreamError {
  /** HTTP status of the answer, for example 404. */
  readonly status: number;
  /** Platform error code, for example `NOT_FOUND`, or `UNKNOWN` for a malformed error body. */
  readonly code: string;
  /** Message keys or texts from the server, first one most specific. */
  readonly messages: readonly string[];
  /** Request id in the platform's logs, when known. */
  readonly requestId: string | undefined;
  /**
   * The error body's `details`, when it has one, for example `{ missingFields: ['postalCode'] }`
   * with 424 `BASKET_REQUIREMENTS_FAILED` (commerce-and-account-data.md §8).
   */
  readonly details: Readonly<Record<string, unknown>> | undefined;
  /**
   * The answer's `Retry-After` header in whole seconds (its delta-seconds form, or an HTTP date
   * turned into the seconds from now, never negative), when it had a usable one: the wait of a
   * 429 `TOO_MANY_ATTEMPTS` (docs/api.md "Throttling").
   */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    call: string;
    status: number;
    code: string;
    messages: readonly string[];
    requestId: string | undefined;
    details?: Readonly<Record<string, unknown>> | undefined;
    retryAfterSeconds?: number | undefined;
  }) {
    super(`${init.call} failed: ${init.status} ${init.code}`, init.call);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.messages = init.messages;
    this.requestId = init.requestId;
    this.details = init.details;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/**
 * Reads a `Retry-After` header value: delta-seconds (`"30"`) → 30; an HTTP date → the whole
 * seconds from `nowMs` to it, rounded up, 0 when past; anything else (absent, negative, not a
 * number or date) → undefined. Never throws.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** One field that did not match a contract: dotted path (`''` for the whole body) and zod's message. */
export interface ContractIssue {
  /** Path of the field, for example `linkedAccounts.0.provider`; `''` is the body itself. */
  path: string;
  /** zod's message, for example `Invalid input: expected string, received undefined`. */
  message: string;
}

/**
 * A body did not match its call contract. `direction: 'request'` means the caller passed a bad
 * body, query or path parameter (nothing was sent); `'response'` means the platform's answer
 * broke the contract. `fields` lists the failing field paths.
 */
export class ContractError extends StreamError {
  readonly direction: 'request' | 'response';
  readonly issues: readonly ContractIssue[];

  constructor(init: { call: string; direction: 'request' | 'response'; issues: readonly ContractIssue[] }) {
    const fields = init.issues.map((issue) => issue.path || '(body)').join(', ');
    super(`${init.call} ${init.direction} does not match the contract: ${fields}`, init.call);
    this.name = 'ContractError';
    this.direction = init.direction;
    this.issues = init.issues;
  }

  /** Paths of the failing fields, for example `['authorisationToken']`. */
  get fields(): string[] {
    return this.issues.map((issue) => issue.path);
  }
}

/** The request got no answer (offline, DNS, connection refused, CORS, abort). `cause` is the fetch error. */
export class NetworkError extends StreamError {
  constructor(call: string, cause: unknown) {
    super(`${call} failed: network error`, call, { cause });
    this.name = 'NetworkError';
  }
}

/** `api.refresh()` was called with no refresh token stored: there is no session to refresh. */
export class SessionExpiredError extends StreamError {
  constructor(call: string) {
    super(`${call} failed: no refresh token stored`, call);
    this.name = 'SessionExpiredError';
  }
}

/** True for any error raised by the API client. */
export const isStreamError = (error: unknown): error is StreamError => error instanceof StreamError;
/** True for an error answer of the platform; narrow further on `status` or `code`. */
export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
/** True when a request or response body broke its contract. */
export const isContractError = (error: unknown): error is ContractError => error instanceof ContractError;
/** True when no answer came back. */
export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;
/** True when a refresh was asked for without a stored refresh token. */
export const isSessionExpiredError = (error: unknown): error is SessionExpiredError =>
  error instanceof SessionExpiredError;

/**
 * True when a failed token refresh means the platform refused the session: no refresh token
 * ({@link SessionExpiredError}), a 4xx {@link ApiError}, or an answer that breaks the contract.
 * False when the refresh got no answer ({@link NetworkError}) or a 5xx: the session is kept and
 * the refresh tried again later. Implements identity-and-routes.md §4 "Session" (an expired
 * session leads to logout; a network outage is not an expiry).
 */
export function isRefreshRefusal(error: unknown): boolean {
  if (error instanceof SessionExpiredError || error instanceof ContractError) return true;
  if (error instanceof ApiError) return error.status >= 400 && error.status < 500;
  return false;
}
