// The web app's own response headers and compression, used by scripts/serve-web.mjs (the server
// of `npm start`, the e2e run and `pnpm bench`). Plain Node, no dependencies. A host that serves
// apps/web/dist elsewhere sends the same headers (README, "Hosting the build").
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Script origins of the real sign-in SDKs the web app may load on demand (social/adapters.ts). */
export const SIGN_IN_SDK_ORIGINS = ['https://appleid.cdn-apple.com', 'https://accounts.google.com', 'https://connect.facebook.net'];

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The Content-Security-Policy of the web app for a platform at `apiBaseUrl`.
 * - Scripts: the app's own origin, the platform's origin (provider scripts it serves, such as the
 *   GIGYA stand-in), the sign-in SDKs' origins and `extraSources`; never `'unsafe-inline'` or
 *   `'unsafe-eval'`.
 * - A loopback platform (the sandbox) also allows every loopback port, since the sandbox's
 *   peers (the Firebase Auth emulator's relay) listen on ports of their own.
 * - `frame-ancestors 'none'`: no other site may frame the app (clickjacking).
 * Styles keep `'unsafe-inline'` (React and the SDKs set inline styles; no script runs from them).
 * @param {string} apiBaseUrl absolute URL of the platform, e.g. `http://127.0.0.1:8787`
 * @param {string} [extraSources] space-separated sources added to script, connect, frame and img
 *   (env `CSP_EXTRA_SOURCES`, for a realm's own provider script hosts)
 * @returns {string} the header value
 */
export function contentSecurityPolicy(apiBaseUrl, extraSources = '') {
  let api = '';
  let loopback = [];
  try {
    const url = new URL(apiBaseUrl);
    api = url.origin;
    if (LOOPBACK_HOSTS.has(url.hostname)) loopback = ['http://127.0.0.1:*', 'http://localhost:*'];
  } catch {
    // An unparsable platform URL: the app cannot reach it anyway; keep the policy strict.
  }
  const extra = extraSources.split(/\s+/).filter(Boolean);
  const platform = [api, ...loopback, ...extra].filter(Boolean);
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...platform, ...SIGN_IN_SDK_ORIGINS],
    'connect-src': ["'self'", ...platform, 'https:'],
    'img-src': ["'self'", 'data:', 'blob:', ...platform, 'https:'],
    'media-src': ["'self'", 'blob:', ...platform, 'https:'],
    'frame-src': ["'self'", ...platform, 'https:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'form-action': ["'self'", ...platform, 'https:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/**
 * Headers every answer of the web server carries: the CSP, `Referrer-Policy:
 * strict-origin-when-cross-origin`, `X-Content-Type-Options: nosniff` and `X-Frame-Options: DENY`
 * (for browsers that ignore `frame-ancestors`).
 * @param {string} csp the value of {@link contentSecurityPolicy}
 * @returns {Record<string, string>}
 */
export function securityHeaders(csp) {
  return {
    'content-security-policy': csp,
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** Content types worth compressing (text); images and fonts are compressed already. */
export function isCompressible(contentType) {
  return /^(text\/|application\/(json|javascript|xml))|image\/svg\+xml/.test(contentType);
}

/**
 * The encoding to answer with, from an `Accept-Encoding` header: `br` when accepted, else `gzip`,
 * else `undefined` (identity). A coding listed with `q=0` is refused.
 * @param {string | undefined} acceptEncoding
 * @returns {'br' | 'gzip' | undefined}
 */
export function chooseEncoding(acceptEncoding) {
  const accepted = new Map();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

/**
 * A cache of compressed files: each (path, modification time, encoding) is compressed once
 * (brotli at quality 11, gzip at level 9) and kept in memory; the build is a few megabytes.
 */
export function createCompressionCache() {
  /** @type {Map<string, Promise<Buffer>>} */
  const cache = new Map();
  return {
    /**
     * @param {string} path file path (the cache key, with `mtimeMs`)
     * @param {number} mtimeMs modification time, so a rebuilt file is compressed anew
     * @param {'br' | 'gzip'} encoding
     * @param {() => Promise<Buffer>} read reads the file's bytes
     * @returns {Promise<Buffer>}
     */
    get(path, mtimeMs, encoding, read) {
      const key = `${encoding}:${mtimeMs}:${path}`;
      let entry = cache.get(key);
      if (!entry) {
        entry = read().then((bytes) =>
          encoding === 'br'
            ? brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
            : gzipAsync(bytes, { level: 9 }),
        );
        entry.catch(() => cache.delete(key));
        cache.set(key, entry);
      }
      return entry;
    },
  };
}
