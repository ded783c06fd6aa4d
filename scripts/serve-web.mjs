// Serves the built web app (apps/web/dist): files, the prerendered pages of the public routes
// (dist/<path>/index.html), index.html for the app's other routes and, with status 404, for a
// path that is no route (the route table of @stream/core, which must be built) and for the admin
// previews (`/_admin/*`: only an administrator's session sees them, in the app); and it answers
// /config.json from the environment, so one build serves any platform:
//   API_BASE_URL (default http://127.0.0.1:$SANDBOX_PORT), REALM (stream), API_KEY (sandbox-api-key).
// Env WEB_PORT (default 5173), WEB_HOST (default 127.0.0.1).
// A route whose id the platform does not know (a title, fighter, news item or external page)
// answers 404 with the app (scripts/known-ids.mjs).
// The HTML of a route carries, when the platform answers in time, the labels of the visitor's
// language and the content of the page's largest element (scripts/first-paint.mjs).
// Every answer carries the security headers of scripts/web-headers.mjs (CSP without inline
// scripts, frame-ancestors 'none', Referrer-Policy); text is served compressed (brotli, else gzip)
// and hashed assets are cached as immutable. Env CSP_EXTRA_SOURCES adds script/connect sources.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { extname, join, normalize, sep } from 'node:path';
import { isAdminPreviewRoute, matchRouteAnyLocale } from '@stream/core/domain';
import { createFirstPaintSource, withFirstPaint } from './first-paint.mjs';
import { createKnownIdCheck } from './known-ids.mjs';
import { root } from './lib.mjs';
import { chooseEncoding, contentSecurityPolicy, createCompressionCache, isCompressible, securityHeaders } from './web-headers.mjs';

// WEB_DIST: another build directory (parallel runs build into their own).
const dist = process.env.WEB_DIST ?? join(root, 'apps', 'web', 'dist');
const port = Number(process.env.WEB_PORT ?? 5173);
const host = process.env.WEB_HOST ?? '127.0.0.1';
const sandboxPort = process.env.SANDBOX_PORT ?? '8787';
const config = {
  apiBaseUrl: process.env.API_BASE_URL ?? `http://127.0.0.1:${sandboxPort}`,
  realm: process.env.REALM ?? 'stream',
  apiKey: process.env.API_KEY ?? 'sandbox-api-key',
};

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const headers = securityHeaders(contentSecurityPolicy(config.apiBaseUrl, process.env.CSP_EXTRA_SOURCES ?? ''));
const compressed = createCompressionCache();
const firstPaint = createFirstPaintSource(config);
const knownIds = createKnownIdCheck(config);
const brotliFast = promisify(zlib.brotliCompress);
const gzipFast = promisify(zlib.gzip);

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No build in ${dist}: run \`pnpm run build\` first.`);
  process.exit(1);
}

const server = createServer((request, response) => {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  } catch {
    response.writeHead(400, { ...headers, 'content-type': 'text/plain' }).end('Bad request');
    return;
  }
  if (pathname === '/config.json') {
    response.writeHead(200, { ...headers, 'content-type': types['.json'], 'cache-control': 'no-store' });
    response.end(JSON.stringify(config));
    return;
  }
  const file = normalize(join(dist, pathname));
  const inside = file === dist || file.startsWith(dist + sep);
  const isFile = inside && existsSync(file) && statSync(file).isFile();
  // Unknown paths with an extension are missing files.
  if (!isFile && extname(pathname) !== '') {
    response.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  // Paths without an extension are app routes: the route's prerendered page (<path>/index.html),
  // else the app's index.html; a path that is no route of any locale set answers 404 with it
  // (the app shows its not-found page).
  const prerendered = !isFile && inside && join(file, 'index.html');
  const target = isFile ? file : prerendered && existsSync(prerendered) ? prerendered : join(dist, 'index.html');
  // The admin previews answer 404 too: the server cannot see the session (its token is the app's),
  // so to anyone asking they are not there; the app shows them to an administrator's session only.
  const route = isFile ? null : matchRouteAnyLocale(pathname);
  const status = isFile || (route && !isAdminPreviewRoute(route.key)) ? 200 : 404;
  const immutable = target.includes(`${sep}assets${sep}`);
  const contentType = types[extname(target)] ?? 'application/octet-stream';
  const base = {
    ...headers,
    'content-type': contentType,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  const encoding = isCompressible(contentType) ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (!isFile && target.endsWith('.html')) {
    // A route's page: with the first-paint content of this visitor's language when there is some
    // (made per request, so compressed quickly rather than cached).
    Promise.all([
      readFile(target, 'utf8'),
      firstPaint.contentFor(pathname, request.headers['accept-language']),
      status === 200 ? knownIds.isUnknown(pathname) : false,
    ])
      .then(async ([html, content, unknown]) => {
        const text = Buffer.from(content ? withFirstPaint(html, content) : html);
        const body =
          encoding === 'br'
            ? await brotliFast(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length } })
            : encoding === 'gzip'
              ? await gzipFast(text, { level: 6 })
              : text;
        const vary = 'Accept-Encoding, Accept-Language';
        // An id the platform does not have: the app's not-found page, with 404 (scripts/known-ids.mjs).
        response.writeHead(unknown ? 404 : status, { ...base, ...(encoding ? { 'content-encoding': encoding } : {}), vary, 'content-length': body.length });
        response.end(request.method === 'HEAD' ? undefined : body);
      })
      .catch(() => {
        if (!response.headersSent) response.writeHead(500, { ...headers, 'content-type': 'text/plain' });
        response.end('Internal error');
      });
    return;
  }
  if (!encoding) {
    response.writeHead(status, base);
    if (request.method === 'HEAD') response.end();
    else createReadStream(target).pipe(response);
    return;
  }
  compressed
    .get(target, statSync(target).mtimeMs, encoding, () => readFile(target))
    .then((body) => {
      response.writeHead(status, { ...base, 'content-encoding': encoding, vary: 'Accept-Encoding', 'content-length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
    })
    .catch(() => {
      if (!response.headersSent) response.writeHead(500, { ...headers, 'content-type': 'text/plain' });
      response.end('Internal error');
    });
});

server.listen(port, host, () => {
  console.log(`web app on http://${host}:${port} (platform ${config.apiBaseUrl}, realm ${config.realm})`);
  // Compress the build once in the background (brotli), so first visits get it from memory.
  void warm(dist);
});

/** Brotli-compresses every compressible file of the build into the cache, one at a time. */
async function warm(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    const path = join(entry.parentPath ?? entry.path, entry.name);
    const type = types[extname(path)];
    if (!entry.isFile() || !type || !isCompressible(type) || path.endsWith('.map')) continue;
    await compressed.get(path, statSync(path).mtimeMs, 'br', () => readFile(path)).catch(() => undefined);
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
