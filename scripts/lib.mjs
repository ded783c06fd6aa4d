// Shared helpers of the README's two commands (`npm start`, `npm test`) and `pnpm bench`.
// Plain Node (no dependencies): they run before anything is installed.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** The exact pnpm version of `packageManager`, for example `10.34.9`. */
export const pnpmVersion = pkg.packageManager.replace(/^pnpm@/, '');

/** Prints a step heading. */
export function step(text) {
  console.log(`\n\u25b6 ${text}`);
}

/** Runs a command in the foreground, inheriting stdio; exits the process when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(`\n\u2716 ${command} ${args.join(' ')} exited with ${result.status}`);
    process.exit(result.status ?? 1);
  }
}

/** True when `command --version` answers. */
function answers(command, args = ['--version']) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Installs the pinned pnpm globally with npm when it is missing or another version. */
export function ensurePnpm() {
  const found = answers('pnpm');
  if (found === pnpmVersion) return;
  step(`Installing pnpm ${pnpmVersion} (found: ${found ?? 'none'})`);
  run('npm', ['install', '--global', `pnpm@${pnpmVersion}`]);
}

/** Installs the workspace's dependencies from the lockfile (fast when already installed). */
export function ensureDependencies() {
  step('Installing dependencies (pnpm install --frozen-lockfile)');
  run('pnpm', ['install', '--frozen-lockfile'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}

/**
 * Installs Debian packages with apt-get (through sudo when not root), waiting up to two minutes
 * for another apt-get to release its lock. Only Debian's archive: never a download from elsewhere.
 */
function aptInstall(packages) {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = asRoot ? [] : ['sudo'];
  const apt = (args) => run(prefix[0] ?? 'apt-get', [...(prefix.length ? ['apt-get'] : []), '-o', 'DPkg::Lock::Timeout=120', ...args], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  apt(['update']);
  apt(['install', '-y', ...packages]);
}

/** Installs Debian's chromium when /usr/bin/chromium is absent (never downloads a browser build). */
export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  step("Installing Debian's chromium (apt-get install -y chromium)");
  aptInstall(['chromium']);
}

/**
 * Installs Debian's ffmpeg (and the DejaVu fonts its drawtext filter writes the artwork's titles
 * with) when `ffmpeg` is not on the PATH: the sandbox generates its HLS media and artwork with it
 * (docs/sandbox.md "Streaming and artwork"). Never downloads a binary from elsewhere.
 */
export function ensureFfmpeg() {
  if (answers('ffmpeg', ['-version'])) return;
  step("Installing Debian's ffmpeg (apt-get install -y --no-install-recommends ffmpeg fonts-dejavu-core)");
  aptInstall(['--no-install-recommends', 'ffmpeg', 'fonts-dejavu-core']);
}

/**
 * Generates the sandbox's HLS assets with ffmpeg unless the media cache of `env.SANDBOX_DATA_DIR`
 * holds them (apps/sandbox/src/media/prepare.ts; `<dataDir>/media-cache`, or
 * `apps/sandbox/.media-cache/` for `:memory:`): 15–30 s per asset the first time, instant after.
 */
export function prepareMedia(env = process.env) {
  step('Preparing the sandbox media (HLS assets: generated once with ffmpeg, then cached)');
  run(join(root, 'apps/sandbox/node_modules/.bin/tsx'), ['src/media/prepare.ts'], { cwd: join(root, 'apps/sandbox'), env });
}

/** Builds @stream/core (tsup) and the web app (vite). */
export function build() {
  step('Building @stream/core and the web app');
  run('pnpm', ['run', 'build']);
}

/** Starts a long-running child process; `name` (when not null) prefixes its output lines. */
export function startChild(name, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = (stream, out) => {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) out.write(name === null ? `${line}\n` : `[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

/** Resolves when `url` answers 2xx, rejects after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
