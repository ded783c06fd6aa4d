import type * as zc from 'zod/v4/core';

/** HTTP methods used by the platform API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Which bearer a call carries: `'required'` (the session's token), `'optional'` (sent when one is
 * stored) or `'none'` (never; sign-in calls, or calls that take a bearer of their own in
 * `headers`).
 */
export type CallAuth = 'required' | 'optional' | 'none';

/**
 * Names of the `:name` segments of a path: `'/a/:id/b/:cardId'` → `'id' | 'cardId'`;
 * `never` for a path without parameters.
 */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * One call of the platform API, declared once: the typed client is derived from it
 * (`api/`, {@link ApiFromCalls}) and the sandbox registers its route from it. Schemas are zod
 * (mini); the client validates `body`, `query`, `params` and `headers` before sending and
 * `response` after; the sandbox validates the request with the same schemas and, in tests and
 * development, its own answer with `response`.
 */
export interface CallContract<
  TPath extends string = string,
  TBody extends zc.$ZodType | undefined = zc.$ZodType | undefined,
  TQuery extends zc.$ZodType | undefined = zc.$ZodType | undefined,
  TResponse extends zc.$ZodType = zc.$ZodType,
  TParams extends zc.$ZodType | undefined = zc.$ZodType | undefined,
  THeaders extends zc.$ZodType | undefined = zc.$ZodType | undefined,
> {
  /** Stable name used in errors, `area.call`, for example `auth.login`. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path under the API base URL, `:name` for path parameters, for example `/api/v2/licence/:id`. */
  readonly path: TPath;
  /** JSON body schema; `undefined` for a call without a body. */
  readonly body: TBody;
  /** Query schema (an object of strings); `undefined` for a call without a query. */
  readonly query: TQuery;
  /**
   * Schema of the path parameters (an object with one string per `:name`), when the values need
   * more than "a non-empty string"; `undefined` otherwise.
   */
  readonly params: TParams;
  /** Schema of the request headers the call needs (for example `Idempotency-Key`); `undefined` for none. */
  readonly headers: THeaders;
  /** Schema of a successful answer's JSON body. */
  readonly response: TResponse;
  readonly auth: CallAuth;
  /** HTTP status of a successful answer. @default 200 */
  readonly status: number;
}

/** Any call contract. */
export type AnyCallContract = CallContract<
  string,
  zc.$ZodType | undefined,
  zc.$ZodType | undefined,
  zc.$ZodType,
  zc.$ZodType | undefined,
  zc.$ZodType | undefined
>;

/**
 * Declares a call contract; see {@link CallContract}. `auth` defaults to `'optional'`, `status`
 * to 200. The path is kept as a literal type, so the client knows the names of its parameters.
 */
export function defineCall<
  const TPath extends string,
  TBody extends zc.$ZodType | undefined = undefined,
  TQuery extends zc.$ZodType | undefined = undefined,
  TResponse extends zc.$ZodType = zc.$ZodType,
  TParams extends zc.$ZodType | undefined = undefined,
  THeaders extends zc.$ZodType | undefined = undefined,
>(call: {
  name: string;
  method: HttpMethod;
  path: TPath;
  body?: TBody;
  query?: TQuery;
  params?: TParams;
  headers?: THeaders;
  response: TResponse;
  auth?: CallAuth;
  status?: number;
}): CallContract<TPath, TBody, TQuery, TResponse, TParams, THeaders> {
  return {
    name: call.name,
    method: call.method,
    path: call.path,
    body: call.body as TBody,
    query: call.query as TQuery,
    params: call.params as TParams,
    headers: call.headers as THeaders,
    response: call.response,
    auth: call.auth ?? 'optional',
    status: call.status ?? 200,
  };
}

/** Every call of an API area, by method name: `{ login: CallContract, ... }`. */
export type CallArea = Readonly<Record<string, AnyCallContract>>;

/** Every area: `{ auth: { login, ... }, licences: { ... } }`, the shape of `calls`. */
export type CallAreas = Readonly<Record<string, CallArea>>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** `{ key: T }` when some value of T is required, `{ key?: T }` when `undefined` or `{}` fits. */
type Slot<Key extends string, T> = undefined extends T
  ? { [K in Key]?: T }
  : {} extends T
    ? { [K in Key]?: T }
    : { [K in Key]: T };

/** The values of a call's path parameters: from `params` when declared, else one per `:name`. */
export type CallParams<C extends AnyCallContract> = C['params'] extends zc.$ZodType
  ? zc.input<C['params']>
  : { [K in PathParamNames<C['path']>]: string | number };

/**
 * What one call of the derived client takes: `body`, `query`, `params` (the `:name` values) and
 * `headers`, each present and required only when the contract needs it. Extra `headers` may be
 * given to any call (the client's own headers win).
 */
export type CallInput<C extends AnyCallContract> = Simplify<
  (C['body'] extends zc.$ZodType ? Slot<'body', zc.input<C['body']>> : {}) &
    (C['query'] extends zc.$ZodType ? Slot<'query', zc.input<C['query']>> : {}) &
    ([PathParamNames<C['path']>] extends [never] ? {} : { params: CallParams<C> }) &
    (C['headers'] extends zc.$ZodType
      ? Slot<'headers', zc.input<C['headers']> & Readonly<Record<string, string>>>
      : { headers?: Readonly<Record<string, string>> })
>;

/** The parsed answer of a call: the output type of its `response` schema. */
export type CallOutput<C extends AnyCallContract> = zc.output<C['response']>;

/**
 * The arguments of a call: `[input]`, where `input` may be left out when nothing in it is
 * required. Used by the client's generic `request(contract, ...input)`.
 */
export type CallArgs<C extends AnyCallContract> = {} extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/**
 * One method of the derived client: takes {@link CallInput} (optional when nothing in it is
 * required) and {@link CallOptions}, and resolves with {@link CallOutput}.
 */
export type CallMethod<C extends AnyCallContract> = {} extends CallInput<C>
  ? (input?: CallInput<C>, options?: CallOptions) => Promise<CallOutput<C>>
  : (input: CallInput<C>, options?: CallOptions) => Promise<CallOutput<C>>;

/**
 * How one call is sent, beside its input: `signal` aborts it (the request is cancelled and the
 * call rejects with `NetworkError`); a flow's actor passes the `signal` it is given, so that a
 * stale request (a search superseded by newer typing) stops at once.
 */
export interface CallOptions {
  /** Aborts the request (the call rejects with the signal's reason). */
  signal?: AbortSignal | undefined;
  /**
   * The request outlives the page (`fetch`'s `keepalive`): for a report sent on page hide (the
   * history reporter). The body must stay under the browser's 64 KB keepalive quota.
   */
  keepalive?: boolean | undefined;
}

/**
 * The typed client of a set of areas, derived from the contracts alone (no hand-written
 * interface): `api.licences.pause({ params: { id }, body })` for `calls.licences.pause`.
 */
export type ApiFromCalls<T extends CallAreas> = {
  readonly [Area in keyof T]: { readonly [Call in keyof T[Area]]: CallMethod<T[Area][Call]> };
};
