// Which modules a route's first load carries, and how many bytes each contributes: opens each
// route in Chromium (as scripts/bench-web.mjs does), takes the JavaScript files it loads, and
// attributes each file's bytes to the modules its source map names (the way source-map-explorer
// does: every generated character belongs to the source of the mapping segment it falls in).
// A file's gzipped size (level 9, as the bench counts it) is shared among its modules in
// proportion to their minified bytes. @stream/core's modules are found inside its tsup chunks
// through core's own source maps.
//   node scripts/attribute-web.mjs [/login /home ...]   (needs `pnpm run build`)
// Env BENCH_SANDBOX_PORT, BENCH_WEB_PORT (the servers it starts), ATTRIBUTE_DEPTH=module|package.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root, startChild, waitForHttp } from './lib.mjs';

const sandboxPort = Number(process.env.BENCH_SANDBOX_PORT ?? 8798);
const webPort = Number(process.env.BENCH_WEB_PORT ?? 5184);
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/login', '/home'];
const depth = process.env.ATTRIBUTE_DEPTH ?? 'module';
const assets = join(root, 'apps/web/dist/assets');

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = Object.fromEntries([...B64].map((c, i) => [c, i]));

/** Decodes a source map's `mappings`: per generated line, segments [column, source, line]. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  let originalLine = 0;
  let originalColumn = 0;
  for (const text of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of text.split(',')) {
      if (segment === '') continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64_VALUE[char];
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length >= 4) {
        source += values[1];
        originalLine += values[2];
        originalColumn += values[3];
        segments.push([column, source, originalLine]);
      } else segments.push([column, -1, 0]);
    }
    lines.push(segments);
  }
  return lines;
}

const coreMaps = new Map();
/** The decoded source map of a file of @stream/core's dist, or undefined. */
function coreMap(file) {
  if (!coreMaps.has(file)) {
    const path = join(root, 'packages/core/dist', `${file}.map`);
    const map = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
    coreMaps.set(file, map && { sources: map.sources, lines: decodeMappings(map.mappings) });
  }
  return coreMaps.get(file);
}

/** The module a source (and original line) stands for: a package, a core module, a web file. */
function moduleName(source, line) {
  const pkg = source.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\/(.*)$/);
  if (pkg && !pkg[1].startsWith('@stream/')) return depth === 'package' ? pkg[1] : `${pkg[1]}/${pkg[2]}`;
  const core = source.match(/packages\/core\/dist\/(.*)$/);
  if (core) {
    // Core's own source map (tsup) names the source module of each line of its chunk.
    const own = coreMap(core[1]);
    const segment = own?.lines[line]?.find(([, source]) => source >= 0);
    if (segment) return `@stream/core/${own.sources[segment[1]].replace(/^(\.\.\/)+/, '')}`;
    return `@stream/core/dist/${core[1]}`;
  }
  const local = source.match(/(apps\/web\/src\/.*|packages\/react\/.*)$/);
  return local ? local[1] : source.replace(/^(\.\.\/)+/, '');
}

/** Minified bytes per module of one built file, and the file's raw and gzipped size. */
function attributeFile(file) {
  const code = readFileSync(join(assets, file), 'utf8');
  const raw = Buffer.byteLength(code);
  const gzip = gzipSync(code, { level: 9 }).length;
  if (!existsSync(join(assets, `${file}.map`))) return { bytes: new Map([[`${file} (no source map)`, raw]]), raw, gzip };
  const map = JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8'));
  const bytes = new Map();
  const add = (name, n) => bytes.set(name, (bytes.get(name) ?? 0) + n);
  const codeLines = code.split('\n');
  const decoded = decodeMappings(map.mappings);
  codeLines.forEach((text, lineIndex) => {
    const segments = decoded[lineIndex] ?? [];
    if (segments.length === 0) {
      add('[unmapped]', Buffer.byteLength(text) + 1);
      return;
    }
    add('[unmapped]', Buffer.byteLength(text.slice(0, segments[0][0])));
    segments.forEach(([column, source, originalLine], i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : text.length;
      const name = source < 0 ? '[unmapped]' : moduleName(map.sources[source], originalLine);
      add(name, Buffer.byteLength(text.slice(column, end)) + (i + 1 === segments.length ? 1 : 0));
    });
  });
  return { bytes, raw, gzip };
}

/** The JavaScript files (names in dist/assets) the page at `url` loads until its route is shown. */
async function routeFiles(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') files.push(new URL(response.url()).pathname.replace('/assets/', ''));
  });
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('main h1')
    && !document.querySelector('[data-prerendered], .status-screen__message--loading, .inline-status'), undefined, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  return files;
}

const children = [];
process.on('exit', () => { for (const c of children) if (c.exitCode === null) c.kill('SIGTERM'); });
children.push(startChild(null, join(root, 'apps/sandbox/node_modules/.bin/tsx'), ['src/main.ts'], {
  cwd: join(root, 'apps/sandbox'),
  env: { ...process.env, SANDBOX_PORT: String(sandboxPort), SANDBOX_DATA_DIR: ':memory:', SANDBOX_LOG: '0' },
}));
children.push(startChild(null, process.execPath, [join(root, 'scripts/serve-web.mjs')], {
  env: { ...process.env, WEB_PORT: String(webPort), API_BASE_URL: `http://127.0.0.1:${sandboxPort}` },
}));
await waitForHttp(`http://127.0.0.1:${sandboxPort}/health`);
await waitForHttp(`http://127.0.0.1:${webPort}/config.json`);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const kb = (n) => (n / 1024).toFixed(2).padStart(7);
try {
  for (const path of paths) {
    const files = await routeFiles(browser, `http://127.0.0.1:${webPort}${path}`);
    const modules = new Map();
    let total = 0;
    console.log(`\n${path}: ${files.length} files`);
    for (const file of files) {
      const { bytes, raw, gzip } = attributeFile(file);
      total += gzip;
      console.log(`  ${kb(gzip)} KB gzip  ${kb(raw)} KB raw  ${file}`);
      for (const [name, n] of bytes) {
        const entry = modules.get(name) ?? { raw: 0, gzip: 0, files: new Set() };
        entry.raw += n;
        entry.gzip += (gzip * n) / raw;
        entry.files.add(file.replace(/-[\w-]{8}\.js$/, ''));
        modules.set(name, entry);
      }
    }
    console.log(`  ${kb(total)} KB gzip in all\n  gzip KB   raw KB  module (chunks)`);
    for (const [name, { raw, gzip, files: in_ }] of [...modules].sort((a, b) => b[1].gzip - a[1].gzip)) {
      console.log(`  ${kb(gzip)}  ${kb(raw)}  ${name} (${[...in_].join(', ')})`);
    }
  }
} finally {
  await browser.close();
}
process.exit(0);
