// `npm test`: installs what is missing (pnpm, dependencies, Debian's chromium and ffmpeg), then runs
// the typecheck, the import-cycle check (madge), the unit, property and integration tests
// (Vitest, the sandbox started in-process) and the Playwright specs (the built web app in
// Chromium against the sandbox).
// Ends with one line `N passed, N failed` over every test that ran.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { build, ensureChromium, ensureDependencies, ensureFfmpeg, ensurePnpm, prepareMedia, root, run, step } from './lib.mjs';

const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

ensurePnpm();
ensureDependencies();
ensureChromium();
ensureFfmpeg();

step('Typecheck (tsc, strict, every package)');
run('pnpm', ['run', 'typecheck']);

step('Import cycles (madge, every package)');
run('pnpm', ['run', 'check:cycles']);

build();
// The tests' and the e2e specs' sandboxes keep their data in memory: their media cache is apps/sandbox/.media-cache/.
prepareMedia({ ...process.env, SANDBOX_DATA_DIR: ':memory:' });

let passed = 0;
let failed = 0;
let broken = false;

step('Unit, property and integration tests (Vitest)');
const vitestJson = join(results, 'vitest.json');
const vitest = spawnSync('pnpm', ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], {
  stdio: 'inherit',
  cwd: root,
});
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
}
if (vitest.status !== 0) broken = true;

step('End-to-end specs (Playwright, Chromium, built web app against the sandbox)');
const e2eJson = join(results, 'e2e.json');
const e2e = spawnSync('pnpm', ['exec', 'playwright', 'test'], {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: e2eJson, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
if (existsSync(e2eJson)) {
  const { stats } = JSON.parse(readFileSync(e2eJson, 'utf8'));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? 0;
}
if (e2e.status !== 0) broken = true;

console.log(`\n${passed} passed, ${failed} failed`);
if (broken || failed > 0 || passed === 0) process.exit(1);
