/**
 * The Firebase Auth emulator as a child process of the sandbox (docs/sandbox.md "Firebase"):
 * `firebase emulators:start --only auth` from the `firebase-tools` devDependency, project
 * `demo-stream`, UI off, offline (no login, no update check, no message of the day: `CI=true`,
 * `NO_UPDATE_NOTIFIER=1`), on its own port, with its hub and logging ports picked free so that
 * parallel sandboxes do not collide. The auth emulator is JavaScript: no Java is needed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIREBASE_PROJECT_ID } from './config.js';
import { startFirebaseRelay } from './relay.js';
import { redactText } from '../http/logging.js';

/** A started emulator. */
export interface FirebaseEmulator {
  /** `http://127.0.0.1:<port>` of the relay (`relay.ts`): what the browser's `connectAuthEmulator` uses. */
  url: string;
  /** `http://127.0.0.1:<port>` of the emulator itself: the platform's REST calls. */
  directUrl: string;
  projectId: string;
  /** Resolves once the emulator answers; rejects when it exits first or does not answer within `readyTimeoutMs`. */
  ready: Promise<void>;
  /** Stops the emulator (SIGINT, then SIGKILL after 10 s) and removes its working directory. Idempotent. */
  stop(): Promise<void>;
}

/** Options of {@link startFirebaseEmulator}. */
export interface FirebaseEmulatorOptions {
  /** Port of the browser's address (the relay in front of the emulator); 0 or undefined picks a free one. */
  port?: number;
  /** Where the emulator keeps its users across restarts (`--import`, `--export-on-exit`); none keeps them in memory. */
  dataDir?: string;
  /** Print the emulator's output. @default false */
  log?: boolean;
  /** How long `ready` waits. @default 180 000 ms (the emulator compiles its API spec at start: 10–60 s on a busy machine) */
  readyTimeoutMs?: number;
}

/** The firebase-tools CLI script, or undefined when firebase-tools is not installed. */
export function firebaseToolsCli(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
  } catch {
    return undefined;
  }
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();
let exitHook = false;
/** A sandbox that exits without `close()` still takes its emulators with it. */
function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const c of running) c.kill('SIGKILL');
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) });
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/**
 * Starts the Firebase Auth emulator; undefined when firebase-tools is not installed. Resolves as
 * soon as the process is spawned: await `ready` before calling it.
 */
export async function startFirebaseEmulator(options: FirebaseEmulatorOptions = {}): Promise<FirebaseEmulator | undefined> {
  const cli = firebaseToolsCli();
  if (!cli) return undefined;
  const [port, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const relay = await startFirebaseRelay(options.port ?? 0, port);
  const host = '127.0.0.1';
  const workDir = await mkdtemp(path.join(tmpdir(), 'stream-firebase-'));
  await writeFile(
    path.join(workDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host, port },
        hub: { host, port: hubPort },
        logging: { host, port: loggingPort },
        ui: { enabled: false },
      },
    }),
  );
  const args = [cli, 'emulators:start', '--only', 'auth', '--project', FIREBASE_PROJECT_ID];
  if (options.dataDir) {
    if (existsSync(path.join(options.dataDir, 'firebase-export-metadata.json'))) args.push('--import', options.dataDir);
    args.push('--export-on-exit', options.dataDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: workDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // Offline: no message of the day, no update check, no prompts; the hub locator goes to workDir.
      CI: 'true',
      NO_UPDATE_NOTIFIER: '1',
      TMPDIR: workDir,
    },
  });
  killOnExit(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    // The emulator prints sign-in and reset links with emails and codes: redacted (http/logging.ts).
    if (options.log) process.stdout.write(`[firebase] ${redactText(chunk.toString())}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://${host}:${port}`;
  const closeRelay = () => relay.close().catch(() => undefined);
  void exited.then(closeRelay);

  const ready = (async () => {
    const deadline = Date.now() + (options.readyTimeoutMs ?? 180_000);
    let gone = false;
    void exited.then(() => (gone = true));
    while (!gone && Date.now() < deadline) {
      if (await answers(url)) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`The Firebase Auth emulator ${gone ? 'exited' : 'did not answer'} (port ${port}). Output:\n${redactText(output)}`);
  })();
  ready.catch(() => undefined); // awaited by the callers that need it

  let stopping: Promise<void> | undefined;
  return {
    url: relay.url,
    directUrl: url,
    projectId: FIREBASE_PROJECT_ID,
    ready,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGINT');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }
        await closeRelay();
        await rm(workDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
