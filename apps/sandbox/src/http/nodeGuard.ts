/**
 * The request guard of `guard.ts` for a plain Node handler outside the Hono app (the OpenID
 * provider at `/_oidc`, mounted in `index.ts`): the same target check (400 for a control
 * character or a malformed escape in the path or query), the same 1 MiB body limit (413, with or
 * without `content-length`), the same media types (415 unless JSON or a form) and the same check
 * of the body's strings (400). Errors are in the platform shape `{ status, code, messages,
 * requestId }`. The handler then gets a request that replays the body read.
 */
import { randomUUID } from 'node:crypto';
import { IncomingMessage, type ServerResponse } from 'node:http';
import { ApiHttpError, platformError } from '../errors.js';
import {
  checkBodyStrings,
  checkTarget,
  isFormType,
  isJsonType,
  MAX_BODY_BYTES,
  MAX_DISCARD_BYTES,
  mediaType,
  payloadTooLarge,
  unsupportedMediaType,
} from './guard.js';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** Reads a Node request body up to `maxBytes`, dropping up to `discardBytes` beyond (see `readLimited`). */
async function readNodeBody(req: IncomingMessage, maxBytes: number, discardBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > discardBytes) return { ok: false as const, consumed: false };
      if (size <= maxBytes) chunks.push(chunk as Buffer);
    }
  } catch {
    throw new ApiHttpError(400, 'BAD_REQUEST', ['Unreadable request body']);
  }
  if (size > maxBytes) return { ok: false as const, consumed: true };
  return { ok: true as const, bytes: Buffer.concat(chunks, size) };
}

/** A request that replays `body`, with the method, URL and headers of `original`. */
function replay(original: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(original.socket);
  copy.method = original.method;
  copy.url = original.url;
  copy.headers = { ...original.headers, 'content-length': String(body.length) };
  delete copy.headers['transfer-encoding'];
  copy.rawHeaders = original.rawHeaders;
  copy.httpVersion = original.httpVersion;
  copy.httpVersionMajor = original.httpVersionMajor;
  copy.httpVersionMinor = original.httpVersionMinor;
  copy.complete = true;
  if (body.length > 0) copy.push(body);
  copy.push(null);
  return copy;
}

function sendError(res: ServerResponse, error: ApiHttpError, close: boolean): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify(platformError(error.status, error.code, error.messages, randomUUID()));
  res.writeHead(error.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(body);
}

/** Wraps `handler` in the guard (see the module comment). */
export function guardNodeHandler(handler: NodeHandler, options: { maxBodyBytes?: number; discardBytes?: number } = {}): NodeHandler {
  const maxBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const discardBytes = Math.max(options.discardBytes ?? MAX_DISCARD_BYTES, maxBytes);
  /** The request the handler gets (the original, or a replay of the body read); throws the guard's errors. */
  async function admit(req: IncomingMessage): Promise<IncomingMessage> {
    const declared = req.headers['content-length'];
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if (req.method === 'GET' || req.method === 'HEAD' || (!chunked && (declared === undefined || Number(declared) === 0))) {
      checkTarget(req.url ?? '/');
      return req;
    }
    if (!chunked && Number(declared) > discardBytes) throw Object.assign(payloadTooLarge(maxBytes), { close: true });
    const read = await readNodeBody(req, maxBytes, discardBytes);
    if (!read.ok) throw Object.assign(payloadTooLarge(maxBytes), { close: !read.consumed });
    // Checked once the body is read, so no answer leaves it unread on a keep-alive connection.
    checkTarget(req.url ?? '/');
    const contentType = req.headers['content-type'];
    const type = mediaType(contentType);
    if (read.bytes.length > 0) {
      if (!isJsonType(type) && !isFormType(type)) throw unsupportedMediaType('application/json or a form (application/x-www-form-urlencoded, multipart/form-data)');
      await checkBodyStrings(type, contentType ?? '', new Uint8Array(read.bytes));
    }
    return replay(req, read.bytes);
  }
  return (req, res) => {
    admit(req).then(
      (admitted) => handler(admitted, res),
      (error: unknown) => {
        const apiError = error instanceof ApiHttpError ? error : new ApiHttpError(400, 'BAD_REQUEST', ['Unreadable request']);
        sendError(res, apiError, (error as { close?: boolean }).close === true);
      },
    );
  };
}
