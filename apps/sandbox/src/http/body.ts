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
  const result = zc.safeParse(schema, value);
  if (!result.success) throw badRequest(...result.error.issues.map((issue) => formatIssue(issue)));
  return result.data;
}

/**
 * Validates query parameters with a contract's `query` schema; 400 `BAD_REQUEST` on violation or
 * on a C0 control character in a key or value.
 */
export function readQuery<S extends zc.$ZodType>(c: Context, schema: S): zc.output<S> {
  for (const [key, value] of Object.entries(c.req.query())) {
    if (hasControlChar(key) || hasControlChar(value)) throw badRequest('query: control characters are not allowed');
  }
  const result = zc.safeParse(schema, c.req.query());
  if (!result.success) throw badRequest(...result.error.issues.map((issue) => formatIssue(issue, 'query')));
  return result.data;
}
