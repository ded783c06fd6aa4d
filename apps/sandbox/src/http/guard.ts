/**
 * The sandbox's guard against hostile input (docs/api.md "Errors", docs/sandbox.md "Limits"),
 * one middleware in front of every route of the Hono app: the platform calls (`/api`), the
 * sandbox's controls and pages (`/_sandbox`) and every emulated peer (`/_gigya`, `/_opin`,
 * `/_adobe`, `/_provider`, `/_processor`, …). The OpenID provider at `/_oidc`, a Node handler in
 * front of the app, gets the same checks from `nodeGuard.ts`.
 *
 * In this order, every error in the platform shape `{ status, code, messages, requestId }`:
 * 1. The body is read in full before any handler runs and before any answer (so a handler that
 *    ignores it still answers, and the keep-alive connection stays usable), at most
 *    {@link MAX_BODY_BYTES} (1 MiB), with or without `content-length` (chunked) → else 413
 *    `PAYLOAD_TOO_LARGE`. An oversized body is read and dropped up to {@link MAX_DISCARD_BYTES}
 *    so the client gets the 413; beyond that (or when `content-length` already says so) the
 *    answer closes the connection.
 * 2. The target: a path segment or a query key/value that does not decode, or that holds a C0
 *    control character (U+0000–U+001F, `%00` included) → 400 `BAD_REQUEST`.
 * 3. The media type of a non-empty body: JSON (`application/json`, `*+json`) on `/api`; JSON,
 *    `application/x-www-form-urlencoded` or `multipart/form-data` elsewhere (the peers' pages
 *    post forms) → else 415 `UNSUPPORTED_MEDIA_TYPE`. A call without a body needs no type.
 * 4. The body's strings (JSON strings and keys, form fields): no C0 control character but TAB,
 *    LF and CR; JSON nested at most {@link MAX_JSON_DEPTH} deep → else 400 `BAD_REQUEST`.
 *    Malformed JSON is left to the handler (`readJsonBody` answers 400 "Malformed JSON body").
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ApiHttpError, badRequest } from '../errors.js';
import { checkJsonStrings, hasControlChar, MAX_JSON_DEPTH, problemMessage } from './controlChars.js';

export { MAX_JSON_DEPTH };

/** Largest request body any route accepts, in bytes (1 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** An oversized body is read and dropped up to this many bytes (8 MiB) before the 413 is sent. */
export const MAX_DISCARD_BYTES = 8 * MAX_BODY_BYTES;

/** 413 PAYLOAD_TOO_LARGE. */
export const payloadTooLarge = (maxBytes = MAX_BODY_BYTES) =>
  new ApiHttpError(413, 'PAYLOAD_TOO_LARGE', [`Request body larger than ${maxBytes} bytes`]);
/** 415 UNSUPPORTED_MEDIA_TYPE. */
export const unsupportedMediaType = (expected: string) =>
  new ApiHttpError(415, 'UNSUPPORTED_MEDIA_TYPE', [`Unsupported content-type: send ${expected}`]);

/** The media type of a `content-type` header, lower case, without parameters ('' when absent). */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Whether a media type is JSON (`application/json` or a `+json` type). */
export function isJsonType(type: string): boolean {
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** Whether a media type is an HTML form's. */
export function isFormType(type: string): boolean {
  return type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
}

/**
 * Checks a request target (path and query, as sent: percent-encoded): 400 `BAD_REQUEST` when a
 * path segment does not decode or holds a C0 control character, or a query key or value does.
 * The messages name the place, never the value.
 */
export function checkTarget(target: string): void {
  const queryAt = target.indexOf('?');
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  const query = queryAt < 0 ? '' : target.slice(queryAt + 1);
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw badRequest('path: malformed percent-encoding');
    }
    if (hasControlChar(decoded)) throw badRequest('path: control characters are not allowed');
  }
  if (query === '') return;
  for (const pair of query.split('&')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pair.replace(/\+/g, ' '));
    } catch {
      throw badRequest('query: malformed percent-encoding');
    }
    if (hasControlChar(decoded)) throw badRequest('query: control characters are not allowed');
  }
}

/** A request body read in full (or the reason it was not). */
export type ReadBody = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; consumed: boolean };

/**
 * Reads a body stream up to `maxBytes`. Over the limit it keeps reading and dropping up to
 * `discardBytes` (so the client can finish sending and read the 413) and says whether it reached
 * the end (`consumed`). A stream error (the client went away) throws 400.
 */
export async function readLimited(
  body: ReadableStream<Uint8Array>,
  maxBytes = MAX_BODY_BYTES,
  discardBytes = MAX_DISCARD_BYTES,
): Promise<ReadBody> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > discardBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, consumed: false };
      }
      if (size <= maxBytes) chunks.push(value);
    }
  } catch {
    throw badRequest('Unreadable request body');
  }
  if (size > maxBytes) return { ok: false, consumed: true };
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { ok: true, bytes };
}

/**
 * Checks the strings of a body of media type `type` (see the module comment, step 4): JSON
 * strings and keys, urlencoded and multipart form fields. 400 `BAD_REQUEST` on a control
 * character or a too deep JSON body; malformed JSON passes (the handler answers it).
 */
export async function checkBodyStrings(type: string, contentType: string, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
  if (bytes.length === 0) return;
  const text = new TextDecoder().decode(bytes);
  if (isJsonType(type)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    const problem = checkJsonStrings(value);
    if (problem) throw badRequest(problemMessage(problem));
    return;
  }
  let fields: Iterable<[string, unknown]>;
  if (type === 'application/x-www-form-urlencoded') {
    fields = new URLSearchParams(text);
  } else if (type === 'multipart/form-data') {
    try {
      fields = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw badRequest('body: malformed multipart form');
    }
  } else {
    return;
  }
  for (const [key, value] of fields) {
    if (hasControlChar(key) || (typeof value === 'string' && hasControlChar(value, true))) {
      throw badRequest(`body.${hasControlChar(key) ? 'field name' : key}: control characters are not allowed (only tab, line feed and carriage return inside body strings)`);
    }
  }
}

/** Whether a path only takes JSON bodies (the platform calls). */
export const jsonOnlyPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

/** The guard middleware (see the module comment). Throws `ApiHttpError`s for the app's `onError`. */
export function requestGuard(options: { maxBodyBytes?: number; discardBytes?: number } = {}): MiddlewareHandler {
  const maxBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const discardBytes = Math.max(options.discardBytes ?? MAX_DISCARD_BYTES, maxBytes);
  return async (c, next) => {
    const url = c.req.url;
    const pathStart = url.indexOf('/', url.indexOf('//') + 2);
    const target = pathStart < 0 ? '/' : url.slice(pathStart);
    const raw = c.req.raw;
    if (!raw.body) {
      checkTarget(target);
      return next();
    }
    // The body is read before any answer, a 400 for the target included, so no answer leaves a
    // body unread on a keep-alive connection (the server would have to drain or drop it).
    const declared = raw.headers.get('content-length');
    if (declared !== null && !raw.headers.has('transfer-encoding') && Number(declared) > discardBytes) {
      tooLarge(c, maxBytes, false);
    }
    const read = await readLimited(raw.body, maxBytes, discardBytes);
    if (!read.ok) tooLarge(c, maxBytes, read.consumed);
    checkTarget(target);

    const contentType = raw.headers.get('content-type');
    const type = mediaType(contentType);
    if (read.bytes.length > 0) {
      if (jsonOnlyPath(c.req.path)) {
        if (!isJsonType(type)) throw unsupportedMediaType('application/json');
      } else if (!isJsonType(type) && !isFormType(type)) {
        throw unsupportedMediaType('application/json or a form (application/x-www-form-urlencoded, multipart/form-data)');
      }
      await checkBodyStrings(type, contentType ?? '', read.bytes);
    }
    c.req.raw = new Request(raw, { body: read.bytes });
    return next();
  };
}

/** Throws the 413; when the body was not read to its end the answer also closes the connection. */
function tooLarge(c: Context, maxBytes: number, consumed: boolean): never {
  if (!consumed) c.header('connection', 'close');
  throw payloadTooLarge(maxBytes);
}
