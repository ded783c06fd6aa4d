import type { Context } from 'hono';
import * as zc from 'zod/v4/core';
import { en } from 'zod/v4/locales';

// The contracts are written with zod/mini, which ships no messages: the sandbox answers 400s
// with English ones ("Too small: expected string to have >=8 characters").
zc.config(en());
import { badRequest } from '../errors.js';
import { checkJsonStrings, hasControlChar, problemMessage } from './controlChars.js';
import { isJsonType, mediaType, unsupportedMediaType } from './guard.js';

/** Formats a zod issue as `path: message` (`body` for the root), for the 400 answer's messages. */
export function formatIssue(issue: zc.$ZodIssue, root = 'body'): string {
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : root;
  return `${where}: ${issue.message}`;
}

/**
 * Validates `value` with `schema`: the parsed value, or 400 `BAD_REQUEST` with one
 * `path: message` per issue ({@link formatIssue}, `root` naming the whole value).
 */
export function validated<S extends zc.$ZodType>(schema: S, value: unknown, root: string): zc.output<S> {
  const result = zc.safeParse(schema, value);
  if (!result.success) throw badRequest(...result.error.issues.map((issue) => formatIssue(issue, root)));
  return result.data;
}

/**
 * Reads the request body as JSON and validates it with a contract's `body` schema.
 * A non-empty body not sent as JSON (`content-type` `application/json` or `*+json`) → 415
 * `UNSUPPORTED_MEDIA_TYPE`; malformed JSON → 400 `BAD_REQUEST` "Malformed JSON body"; a string
 * or key with a C0 control character other than TAB/LF/CR, or nesting deeper than 64 → 400
 * (docs/api.md "Control characters"); a contract violation → 400 `BAD_REQUEST` with one
 * `path: message` per issue. An empty body is validated as `undefined`.
 */
export async function readJsonBody<S extends zc.$ZodType>(c: Context, schema: S): Promise<zc.output<S>> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw badRequest('Unreadable request body');
  }
  let value: unknown;
  if (text.trim() !== '') {
    if (!isJsonType(mediaType(c.req.header('content-type')))) throw unsupportedMediaType('application/json');
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest('Malformed JSON body');
    }
    const problem = checkJsonStrings(value);
    if (problem) throw badRequest(problemMessage(problem));
  }
  return validated(schema, value, 'body');
}

/**
 * Validates query parameters with a contract's `query` schema; 400 `BAD_REQUEST` on violation or
 * on a C0 control character in a key or value.
 */
export function readQuery<S extends zc.$ZodType>(c: Context, schema: S): zc.output<S> {
  const query = c.req.query();
  for (const [key, value] of Object.entries(query)) {
    if (hasControlChar(key) || hasControlChar(value)) throw badRequest('query: control characters are not allowed');
  }
  return validated(schema, query, 'query');
}

/**
 * The path parameters of the matched route (decoded), validated with a contract's `params`
 * schema when it has one, else each must be a non-empty string; 400 `BAD_REQUEST` on violation
 * or on a C0 control character (`<name>: …`, never the value).
 */
export function readParams(c: Context, schema?: zc.$ZodType): unknown {
  const params: Record<string, string> = c.req.param();
  for (const [name, value] of Object.entries(params)) {
    if (hasControlChar(value)) throw badRequest(`${name}: control characters are not allowed`);
    if (!schema && value === '') throw badRequest(`${name}: must not be empty`);
  }
  return schema ? validated(schema, params, 'params') : params;
}

/**
 * The request headers a contract's `headers` schema declares, validated with it: for an object
 * schema, each of its keys is looked up case-insensitively and passed under the schema's own
 * spelling (`{ 'Idempotency-Key': … }`); any other schema gets every header (lower-case names).
 * 400 `BAD_REQUEST` (`<header>: …`) on violation.
 */
export function readHeaders<S extends zc.$ZodType>(c: Context, schema: S): zc.output<S> {
  const def = schema._zod.def as { type: string; shape?: Record<string, unknown> };
  const names = def.type === 'object' && def.shape ? Object.keys(def.shape) : undefined;
  const headers = names
    ? Object.fromEntries(names.flatMap((name) => {
        const value = c.req.header(name);
        return value === undefined ? [] : [[name, value]];
      }))
    : c.req.header();
  return validated(schema, headers, 'headers');
}
