// `pnpm bench`: prints the project's speed and size figures against their budgets.
// Measured, never asserted in tests (shared machines make timings noisy).
//   1. each route's first load in Chromium (scripts/bench-web.mjs): the gzipped JavaScript of
//      login and home (budget 100 KB each) and of sign-up, account, checkout and watch (150 KB),
//      and the LCP of login and home with a 4× CPU slow-down (1.0 s; BENCH_LCP_RUNS loads, default
//      5; BENCH_VERBOSE=1 prints each run's LCP element and each route's requests);
//   2. gzipped size of @stream/core for a consumer that imports only `safeReturnPath` (1 KB);
//   3. gzipped size of each @stream/core entry point, whole;
//   4. sign-in round trip and profile call timings through the SDK client against the sandbox;
//   1b. the time to first frame of a free video (HLS, 1.5 s);
//   4b. the favourites and continue-watching calls with 1,000 items in the account (20 ms);
//   5. parsing and deriving the account's subscriptions for 1,000 licences (scripts/bench-licences.mjs,
//      in a process of its own).
// Needs a build (`pnpm run build`); starts its own sandbox and web server on spare ports.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';
import { benchFirstFrame, benchMultiViewCpu, benchWebRoutes } from './bench-web.mjs';
import { ensureFfmpeg, prepareMedia, root, startChild, waitForHttp } from './lib.mjs';

const sandboxPort = Number(process.env.BENCH_SANDBOX_PORT ?? 8798);
const webPort = Number(process.env.BENCH_WEB_PORT ?? 5184);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [];
const report = (name, value, budget, unit = 'bytes') => {
  const shown = unit === 'bytes' ? kb(value) : `${value.toFixed(1)} ms`;
  const limit = budget === undefined ? '' : unit === 'bytes' ? kb(budget) : `${budget} ms`;
  const verdict = budget === undefined ? '' : value <= budget ? 'within budget' : 'OVER BUDGET';
  rows.push([name, shown, limit, verdict]);
};

const children = [];
const stopAll = () => { for (const c of children) if (c.exitCode === null) c.kill('SIGTERM'); };
process.on('exit', stopAll);

// The sandbox streams HLS assets that ffmpeg makes once (cached): made before it starts.
ensureFfmpeg();
prepareMedia({ ...process.env, SANDBOX_DATA_DIR: ':memory:' });

try {
  // --- servers ---
  children.push(startChild('sandbox', join(root, 'apps/sandbox/node_modules/.bin/tsx'), ['src/main.ts'], {
    cwd: join(root, 'apps/sandbox'),
    // No Firebase Auth emulator: nothing measured here uses it, and its start (10-60 s of CPU on
    // this machine's two cores) would slow down the pages measured meanwhile.
    // 1,000 generated titles besides the catalogue, for the library's figures (4b).
    env: { ...process.env, SANDBOX_PORT: String(sandboxPort), SANDBOX_DATA_DIR: ':memory:', SANDBOX_LOG: '0', FIREBASE_AUTH_EMULATOR: '0', SANDBOX_LOAD_TITLES: '1000' },
  }));
  children.push(startChild('web', process.execPath, [join(root, 'scripts/serve-web.mjs')], {
    env: { ...process.env, WEB_PORT: String(webPort), API_BASE_URL: `http://127.0.0.1:${sandboxPort}` },
  }));
  await waitForHttp(`http://127.0.0.1:${sandboxPort}/health`);
  await waitForHttp(`http://127.0.0.1:${webPort}/config.json`);

  // --- 1. Each route's first load: its gzipped JavaScript, and the LCP of the public routes ---
  await benchWebRoutes({
    baseUrl: `http://127.0.0.1:${webPort}`,
    credentials: { email: 'demo@stream.test', password: 'demo-password' },
    report,
    lcpRuns: Number(process.env.BENCH_LCP_RUNS ?? 5),
    verbose: process.env.BENCH_VERBOSE === '1',
  });

  // --- 1b. Time to first frame of a free video (HLS) ---
  await benchFirstFrame({ baseUrl: `http://127.0.0.1:${webPort}`, report });

  // --- 1c. Multi-view: the main-thread CPU of four tiles against one (issue 17) ---
  await benchMultiViewCpu({ baseUrl: `http://127.0.0.1:${webPort}`, credentials: { email: 'demo@stream.test', password: 'demo-password' }, report });

  // --- 2 and 3. SDK sizes ---
  const dir = mkdtempSync(join(tmpdir(), 'stream-bench-'));
  const bundle = async (source) => {
    const entry = join(dir, `entry-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(entry, source);
    const out = await esbuild({
      entryPoints: [entry], bundle: true, minify: true, format: 'esm', platform: 'browser',
      write: false, nodePaths: [join(root, 'node_modules')], absWorkingDir: root, logLevel: 'silent',
    });
    return gzipSync(out.outputFiles[0].contents, { level: 9 }).length;
  };
  report('@stream/core, importing only safeReturnPath (gzip)',
    await bundle("import { safeReturnPath } from '@stream/core';\nconsole.log(safeReturnPath('/x'));"), 1024);
  for (const entry of ['contracts', 'api', 'domain', 'machines', 'platform']) {
    report(`@stream/core/${entry}, everything (gzip)`,
      await bundle(`import * as m from '@stream/core/${entry}';\nconsole.log(m);`));
  }

  // --- 4. client timings against the sandbox ---
  const { createApiClient } = await import('@stream/core/api');
  const { memoryStorage, STORAGE_KEYS } = await import('@stream/core/platform');
  const storage = memoryStorage();
  const client = createApiClient({
    baseUrl: `http://127.0.0.1:${sandboxPort}`, realm: 'stream', apiKey: 'sandbox-api-key', storage,
  });
  const time = async (n, fn) => {
    const samples = [];
    for (let i = 0; i < n; i += 1) {
      const start = performance.now();
      await fn();
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    return { median: samples[Math.floor(n / 2)], p95: samples[Math.min(n - 1, Math.floor(n * 0.95))] };
  };
  // The client leaves storing tokens to the session machine; here the bench stores them.
  const tokens = await client.auth.login({ body: { id: 'demo@stream.test', secret: 'demo-password' } });
  storage.setItem(STORAGE_KEYS.authToken, tokens.authorisationToken);
  storage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  const signIn = await time(20, () => client.auth.login({ body: { id: 'demo@stream.test', secret: 'demo-password' } }));
  report('sign-in round trip via SDK, median of 20 (argon2id verify)', signIn.median, 250, 'ms');
  report('sign-in round trip via SDK, p95 of 20', signIn.p95, 500, 'ms');
  const profile = await time(50, () => client.user.profile());
  report('profile call via SDK, median of 50', profile.median, 20, 'ms');
  report('profile call via SDK, p95 of 50', profile.p95, 50, 'ms');

  // --- 4b. The library with 1,000 items in the account (issue 15) ---
  // The sandbox adds 1,000 generated titles (SANDBOX_LOAD_TITLES); the demo account favourites
  // each and reports half of each watched (so all 1,000 are in progress), 20 requests at a time.
  const LIBRARY_ITEMS = 1000;
  const ids = Array.from({ length: LIBRARY_ITEMS }, (_, i) => `vod-archive-reel-${i + 1}`);
  const startedAtMs = Date.now() - 60_000;
  for (let at = 0; at < ids.length; at += 20) {
    await Promise.all(ids.slice(at, at + 20).flatMap((id, i) => [
      client.favourites.add({ params: { id } }),
      client.history.report({
        params: { id },
        body: { positionSeconds: 300, durationSeconds: 600, updatedAt: new Date(startedAtMs + at + i).toISOString() },
      }),
    ]));
  }
  const favourites = await time(50, () => client.favourites.list());
  report(`favourites call (first page of 9 of ${LIBRARY_ITEMS}) via SDK, median of 50`, favourites.median, 20, 'ms');
  const continueWatching = await time(50, () => client.history.continueWatching());
  report(`continue-watching call (first page of ${LIBRARY_ITEMS} in progress) via SDK, median of 50`, continueWatching.median, 20, 'ms');

  // --- 5. Validate and derive the account's subscriptions for 1,000 licences ---
  // In a process of its own (scripts/bench-licences.mjs says what is measured, and how).
  const { licences: seeded } = await client.licences.mine();
  const base = seeded[0];
  if (base) {
    const file = join(dir, 'licences.json');
    writeFileSync(file, JSON.stringify({
      licences: Array.from({ length: 1000 }, (_, i) => ({ ...seeded[i % seeded.length], id: `${base.id}-${i}` })),
    }));
    const result = JSON.parse(execFileSync(process.execPath, [join(root, 'scripts/bench-licences.mjs'), file], { encoding: 'utf8' }));
    report(`validate (contract, no eval) + derive 1,000 account licences, median of ${result.runs} after ${result.warmUp} warm-up runs`, result.derive, 5, 'ms');
    report('  the first, cold run of it (no budget)', result.cold, undefined, 'ms');
    report(`  JSON.parse of that ${kb(result.bytes)} answer alone (the browser's, no budget), median of ${result.runs}`, result.jsonParse, undefined, 'ms');
  }
} finally {
  stopAll();
}

const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), ['measure', 'value', 'budget', ''][i].length));
const line = (r) => r.map((cell, i) => cell.padEnd(widths[i])).join('  ');
console.log(`\n${line(['measure', 'value', 'budget', ''])}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const r of rows) console.log(line(r));
console.log('\nFor comparison: the leading open-source OTT web app loads about 711 KB of gzipped JavaScript before first render.');
process.exit(0);
