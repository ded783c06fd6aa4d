// Serves the built web app (apps/web/dist) with a single-page-app fallback, and answers
// /config.json from the environment, so one build serves any platform:
//   API_BASE_URL (default http://127.0.0.1:$SANDBOX_PORT), REALM (stream), API_KEY (sandbox-api-key).
// Env WEB_PORT (default 5173), WEB_HOST (default 127.0.0.1).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { root } from './lib.mjs';

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

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No build in ${dist}: run \`pnpm run build\` first.`);
  process.exit(1);
}

const server = createServer((request, response) => {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  } catch {
    response.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request');
    return;
  }
  if (pathname === '/config.json') {
    response.writeHead(200, { 'content-type': types['.json'], 'cache-control': 'no-store' });
    response.end(JSON.stringify(config));
    return;
  }
  const file = normalize(join(dist, pathname));
  const inside = file === dist || file.startsWith(dist + sep);
  const isFile = inside && existsSync(file) && statSync(file).isFile();
  // Unknown paths without an extension are app routes: answer index.html.
  if (!isFile && extname(pathname) !== '') {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  const target = isFile ? file : join(dist, 'index.html');
  const immutable = target.includes(`${sep}assets${sep}`);
  response.writeHead(200, {
    'content-type': types[extname(target)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  createReadStream(target).pipe(response);
});

server.listen(port, host, () => {
  console.log(`web app on http://${host}:${port} (platform ${config.apiBaseUrl}, realm ${config.realm})`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
