import type * as zc from 'zod/v4/core';

/** HTTP methods used by the platform API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * One call of the platform API: method, path under the API base URL, and the zod schemas of
 * its JSON body, query and answer. The client validates answers with `response`; the sandbox
 * validates request bodies with `body`. `auth` says which bearer the call carries:
 * `'required'` (the session's token), `'optional'` (sent when present) or `'none'`.
 */
export interface CallContract<
  TBody extends zc.$ZodType | undefined = zc.$ZodType | undefined,
  TQuery extends zc.$ZodType | undefined = zc.$ZodType | undefined,
  TResponse extends zc.$ZodType = zc.$ZodType,
> {
  /** Stable name used in errors, for example `auth.login`. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path under the API base URL, `:param` for path parameters, for example `/api/v2/login`. */
  readonly path: string;
  readonly body: TBody;
  readonly query: TQuery;
  readonly response: TResponse;
  readonly auth: 'required' | 'optional' | 'none';
}

/** Declares a call contract; see {@link CallContract}. */
export function defineCall<
  TBody extends zc.$ZodType | undefined = undefined,
  TQuery extends zc.$ZodType | undefined = undefined,
  TResponse extends zc.$ZodType = zc.$ZodType,
>(call: {
  name: string;
  method: HttpMethod;
  path: string;
  body?: TBody;
  query?: TQuery;
  response: TResponse;
  auth?: 'required' | 'optional' | 'none';
}): CallContract<TBody, TQuery, TResponse> {
  return {
    name: call.name,
    method: call.method,
    path: call.path,
    body: call.body as TBody,
    query: call.query as TQuery,
    response: call.response,
    auth: call.auth ?? 'optional',
  };
}
