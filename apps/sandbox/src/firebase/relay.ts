/**
 * The browser's door to the Firebase Auth emulator (docs/sandbox.md "Firebase"): an HTTP relay on
 * its own port that forwards every request to the emulator and makes its pages work offline.
 * The emulator's helper iframe loads Google's `gapi` script and its account page loads fonts and
 * styles from public CDNs; the relay points the iframe at the sandbox's `gapi.iframes` stand-in
 * ({@link GAPI_SHIM_JS}) and drops the CDN links. Nothing goes to Google.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
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

/** Starts the relay on `127.0.0.1:port` (0: a free port) in front of the emulator at `upstreamPort`. */
export async function startFirebaseRelay(port: number, upstreamPort: number): Promise<FirebaseRelay> {
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.split('?')[0] === GAPI_SHIM_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(GAPI_SHIM_JS);
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
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 502, message: 'FIREBASE_EMULATOR_UNAVAILABLE' } }));
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
