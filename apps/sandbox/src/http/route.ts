/**
 * Registers a platform call's route from its contract (`@stream/core/contracts`, `calls.x.y`):
 * one declaration per call, the client and the sandbox reading the same schemas.
 *
 * `route(contract, handler)` (a {@link Route}, made once per app by {@link createRouter} and
 * handed to the route modules in their route context) registers `contract.method` on
 * `contract.path` (its `:name` segments are Hono's) and, for every request, in this order:
 * 1. the path parameters: with `contract.params` when present, else each a non-empty string;
 * 2. the query, with `contract.query` (when present; the control-character rule of `readQuery`);
 * 3. the headers, with `contract.headers` (when present);
 * 4. the JSON body, with `contract.body` (when present; `readJsonBody`'s rules: 415 for a body
 *    not sent as JSON, 400 for malformed JSON, control characters or nesting deeper than 64).
 * Each failure is a 400 `BAD_REQUEST` in the platform shape (`http/body.ts`), before the handler
 * runs. A call without `query`, `headers` or `body` in its contract ignores what is sent there.
 *
 * The handler gets the validated, typed `{ body, query, params, headers }` and the Hono context,
 * and returns the answer (the contract's response *input* type), which `route` sends as JSON with
 * `contract.status` (200 unless the contract says otherwise). Any other answer is an error: the
 * handler throws an `ApiHttpError` (errors.ts), which the app's error handler sends in the
 * platform shape. The caller's claims are the handler's to ask for (`ctx.requireUser(c)`,
 * `ctx.optionalUser(c)`): a contract's `auth` says what the client sends, not what the sandbox
 * checks (the token refresh is `optional` but takes an expired bearer; the TV PIN confirmation is
 * `required` but answers a guest 403 first; the social sign-ins are `none` but link to the
 * bearer's account when one is sent), so it is not derived from it.
 *
 * Routes that are not platform calls (the emulated peers `/_oidc`, `/_processor`, `/_provider`,
 * `/_adobe`, `/_gigya`, `/_opin`, the media and thumbnails, the PDF receipt, the `/_sandbox`
 * controls and pages) stay plain Hono routes: they answer files, pages, redirects or a peer's own
 * shape. No `/api/...` route is registered any other way (test/routes.test.ts checks it).
 *
 * With `checkAnswers` (on in tests and development: `AppDeps.checkAnswers`), every answer is
 * validated with `contract.response` before it is sent; an answer that breaks its own contract
 * is a 500 `INTERNAL_ERROR` in the platform shape, logged with the call's name and the issues'
 * paths (never the values: they may hold tokens or emails), so the test that reaches it fails.
 */
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as zc from 'zod/v4/core';
import type { AnyCallContract, PathParamNames } from '@stream/core/contracts';
import { ApiHttpError } from '../errors.js';
import { readHeaders, readJsonBody, readParams, readQuery } from './body.js';
import type { SandboxEnv } from './env.js';

type Parsed<S> = S extends zc.$ZodType ? zc.output<S> : undefined;

/** What a handler gets: the request's parts, validated with the contract (`undefined` for a part the contract does not declare). */
export interface RouteInput<C extends AnyCallContract> {
  body: Parsed<C['body']>;
  query: Parsed<C['query']>;
  /** The `:name` path segments (decoded): the `params` schema's output, else one string per name. */
  params: C['params'] extends zc.$ZodType ? zc.output<C['params']> : { [K in PathParamNames<C['path']>]: string };
  headers: Parsed<C['headers']>;
}

/** What a handler answers: a value of the contract's response (input) type, sent as JSON. */
export type RouteAnswer<C extends AnyCallContract> = zc.input<C['response']>;

/** The code of one platform call. */
export type RouteHandler<C extends AnyCallContract> = (
  input: RouteInput<C>,
  c: Context<SandboxEnv>,
) => RouteAnswer<C> | Promise<RouteAnswer<C>>;

/** Registers `contract`'s route with `handler` (see the module comment). */
export type Route = <C extends AnyCallContract>(contract: C, handler: RouteHandler<C>) => void;

/** Options of {@link createRouter}. */
export interface RouterOptions {
  /** Validate every answer with the contract's `response` (500 and a log line when it breaks it). */
  checkAnswers: boolean;
  /** Where the line of a broken answer goes. @default console.error */
  log?: (line: string) => void;
}

/** The contract of each Hono handler `route` registered (for the registration check of the tests). */
const registered = new WeakMap<object, AnyCallContract>();

/** The contract a Hono handler serves, when `route` registered it; undefined for a plain Hono route. */
export function contractOf(handler: unknown): AnyCallContract | undefined {
  return typeof handler === 'function' ? registered.get(handler) : undefined;
}

/** The {@link Route} of `app`. */
export function createRouter(app: Hono<SandboxEnv>, options: RouterOptions): Route {
  const log = options.log ?? ((line: string) => console.error(line));
  return (contract, handle) => {
    const handler = async (c: Context<SandboxEnv>) => {
      const params = readParams(c, contract.params);
      const query = contract.query ? readQuery(c, contract.query) : undefined;
      const headers = contract.headers ? readHeaders(c, contract.headers) : undefined;
      const body = contract.body ? await readJsonBody(c, contract.body) : undefined;
      const answer: unknown = await handle({ body, query, params, headers } as RouteInput<typeof contract>, c);
      if (options.checkAnswers) {
        const result = zc.safeParse(contract.response, answer);
        if (!result.success) {
          log(
            `[sandbox] the answer of ${contract.name} (${contract.method} ${contract.path}, requestId ${c.get('requestId')}) ` +
              `breaks its contract: ${result.error.issues.map(describeIssue).join('; ')}`,
          );
          throw new ApiHttpError(500, 'INTERNAL_ERROR', [`The sandbox's answer of ${contract.name} breaks its contract (see the sandbox log)`]);
        }
      }
      return c.json(answer as object, contract.status as ContentfulStatusCode);
    };
    registered.set(handler, contract);
    app.on(contract.method, contract.path, handler);
  };
}

/** An issue as the log shows it: where and what kind, never the value (`licence.status (invalid_value)`). */
function describeIssue(issue: zc.$ZodIssue): string {
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
  const expected = 'expected' in issue && typeof issue.expected === 'string' ? `, expected ${issue.expected}` : '';
  return `${where} (${issue.code}${expected})`;
}
