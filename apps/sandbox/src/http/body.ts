import type { Context } from 'hono';
import * as zc from 'zod/v4/core';
import { en } from 'zod/v4/locales';

// The contracts are written with zod/mini, which ships no messages: the sandbox answers 400s
// with English ones ("Too small: expected string to have >=8 characters").
zc.config(en());
import { badRequest } from '../errors.js';

/** Formats a zod issue as `path: message` (`body` for the root), for the 400 answer's messages. */
export function formatIssue(issue: zc.$ZodIssue, root = 'body'): string {
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : root;
  return `${where}: ${issue.message}`;
}

/**
 * Reads the request body as JSON and validates it with a contract's `body` schema.
 * Malformed JSON → 400 `BAD_REQUEST` "Malformed JSON body"; a contract violation → 400
 * `BAD_REQUEST` with one `path: message` per issue. An empty body is validated as `undefined`.
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
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest('Malformed JSON body');
    }
  }
  const result = zc.safeParse(schema, value);
  if (!result.success) throw badRequest(...result.error.issues.map((issue) => formatIssue(issue)));
  return result.data;
}

/** Validates query parameters with a contract's `query` schema; 400 `BAD_REQUEST` on violation. */
export function readQuery<S extends zc.$ZodType>(c: Context, schema: S): zc.output<S> {
  const result = zc.safeParse(schema, c.req.query());
  if (!result.success) throw badRequest(...result.error.issues.map((issue) => formatIssue(issue, 'query')));
  return result.data;
}
