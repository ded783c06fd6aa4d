/**
 * The browser's door to the Firebase Auth emulator (docs/sandbox.md "Firebase"): an HTTP relay on
 * its own port that forwards every request to the emulator and makes its pages work offline.
 * The emulator's helper iframe loads Google's `gapi` script and its account page loads fonts and
 * styles from public CDNs; the relay points the iframe at the sandbox's `gapi.iframes` stand-in
 * ({@link GAPI_SHIM_JS}) and drops the CDN links. Nothing goes to Google.
 */
import { randomUUID } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ApiHttpError, platformError } from '../errors.js';
import { checkTarget, MAX_BODY_BYTES, payloadTooLarge } from '../http/guard.js';
import { GAPI_SHIM_JS, GAPI_SHIM_PATH } from './gapiShim.js';

/** A running relay. */
export interface FirebaseRelay {
  /** `http://127.0.0.1:<port>`: the `emulatorUrl` the web app connects to. */
  url: string;
  close(): Promise<void>;
}

const REWRITTEN = /^\/emulator\/auth\/(iframe|handler)(\?|$)/;

/** Makes an emulator page load nothing from outside. */
export function rewriteEmulatorPage(html: string): string {
  return html
    .replace(/<script src="https:\/\/apis\.google\.com\/js\/api\.js"><\/script>/g, `<script src="${GAPI_SHIM_PATH}"></script>`)
    .replace(/<link href="https:\/\/[^"]+" rel="stylesheet">/g, '')
    .replace(/<script src="https:\/\/[^"]+"><\/script>/g, '');
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/**
 * Answers an error in the platform shape, plus Firebase's own `error: { code, message }` (what
 * the Firebase SDK reads); `close` ends the connection (a body left unread).
 */
function refuse(res: ServerResponse, error: ApiHttpError, firebaseMessage: string, close = false): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ ...platformError(error.status, error.code, error.messages, randomUUID()), error: { code: error.status, message: firebaseMessage } });
  res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), ...(close ? { connection: 'close' } : {}) });
  res.end(body);
}

/**
 * Starts the relay on `127.0.0.1:port` (0: a free port) in front of the emulator at `upstreamPort`.
 * Like the sandbox's own routes (`http/guard.ts`): a control character in the path or query is
 * 400 `BAD_REQUEST`, a body over 1 MiB (chunked or not) 413 `PAYLOAD_TOO_LARGE`, and an emulator
 * that does not answer 503 `SERVICE_UNAVAILABLE` (`firebaseUnavailable`).
 */
export async function startFirebaseRelay(port: number, upstreamPort: number): Promise<FirebaseRelay> {
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.split('?')[0] === GAPI_SHIM_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(GAPI_SHIM_JS);
      return;
    }
    try {
      checkTarget(url);
    } catch (error) {
      refuse(res, error as ApiHttpError, 'INVALID_REQUEST');
      return;
    }
    const tooLarge = () => refuse(res, payloadTooLarge(), 'PAYLOAD_TOO_LARGE', true);
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      tooLarge();
      return;
    }
    const headers = { ...req.headers, host: `127.0.0.1:${upstreamPort}` };
    delete headers['accept-encoding']; // pages to rewrite come back uncompressed
    const upstream = request({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: url, headers }, async (answer) => {
      if (req.method === 'GET' && REWRITTEN.test(url) && String(answer.headers['content-type'] ?? '').includes('text/html')) {
        const body = Buffer.from(rewriteEmulatorPage((await readAll(answer)).toString('utf8')));
        res.writeHead(answer.statusCode ?? 200, { ...answer.headers, 'content-length': String(body.length) });
        res.end(body);
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    let size = 0;
    let refused = false;
    upstream.on('error', () => {
      if (refused) return;
      refuse(res, new ApiHttpError(503, 'SERVICE_UNAVAILABLE', ['firebaseUnavailable', 'The Firebase Auth emulator did not answer']), 'FIREBASE_EMULATOR_UNAVAILABLE');
    });
    // A chunked body is counted as it passes: over the limit, the emulator never gets the rest.
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES && !refused) {
        refused = true;
        req.unpipe(upstream);
        upstream.destroy();
        tooLarge();
      }
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
