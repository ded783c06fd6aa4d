import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from '../errors.js';

/** Formats a zod issue as `path: message` (`body` for the root), for the 400 answer's messages. */
export function formatIssue(issue: z.core.$ZodIssue, root = 'body'): string {
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : root;
  return `${where}: ${issue.message}`;
}

/**
 * Reads the request body as JSON and validates it with a contract's `body` schema.
 * Malformed JSON → 400 `BAD_REQUEST` "Malformed JSON body"; a contract violation → 400
 * `BAD_REQUEST` with one `path: message` per issue. An empty body is validated as `undefined`.
 */
export async function readJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
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
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(...result.error.issues.map((issue) => formatIssue(issue)));
  return result.data;
}

/** Validates query parameters with a contract's `query` schema; 400 `BAD_REQUEST` on violation. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw badRequest(...result.error.issues.map((issue) => formatIssue(issue, 'query')));
  return result.data;
}
