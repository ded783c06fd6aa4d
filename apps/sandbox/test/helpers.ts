import { afterAll, beforeAll, expect } from 'vitest';
import { platformErrorSchema } from '@stream/core/contracts';
import { createApp, createSandboxDeps, startSandbox, type AppDeps } from '../src/index.js';

/** Headers every /api call needs for the seeded realm. */
export const REALM_HEADERS = { 'x-api-key': 'sandbox-api-key', realm: 'stream' } as const;

/**
 * The sandbox admin key of the test files (docs/sandbox.md "Admin key"): every sandbox these
 * helpers' importers start reads it from `SANDBOX_ADMIN_KEY`, set here unless the run sets one.
 */
export const ADMIN_KEY = (process.env.SANDBOX_ADMIN_KEY ||= 'sandbox-test-admin-key');
/** The header a `/_sandbox/*` control needs besides the realm headers. */
export const ADMIN_HEADERS = { 'x-sandbox-admin-key': ADMIN_KEY } as const;

/** A fake clock in epoch milliseconds. */
export interface Clock {
  now: () => number;
  advance(seconds: number): void;
}

/** A clock starting at the real time, moved by hand. */
export function fakeClock(): Clock {
  let t = Date.now();
  return { now: () => t, advance: (s) => (t += s * 1000) };
}

/** Opens an in-memory sandbox database (seeded) once, for a whole test file. */
export async function memoryDeps() {
  return createSandboxDeps({ dataDir: ':memory:', databaseUrl: '', log: false });
}

export type App = ReturnType<typeof createApp>;

/** Options of {@link call}. */
export interface CallOptions {
  body?: unknown;
  /** Sent as is (for malformed JSON). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  /** Leave out the realm headers. */
  noRealm?: boolean;
  /** Leave out the admin key a `/_sandbox/*` path otherwise gets. */
  noAdminKey?: boolean;
}

/** Calls the app in process and parses the JSON answer; a `/_sandbox/*` path gets the admin key. */
export async function call(app: App, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = {
    ...(options.noRealm ? {} : REALM_HEADERS),
    ...(path.startsWith('/_sandbox/') && !options.noAdminKey ? ADMIN_HEADERS : {}),
    ...(options.body !== undefined || options.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
  const init: RequestInit = { method, headers };
  if (options.rawBody !== undefined) init.body = options.rawBody;
  else if (options.body !== undefined) init.body = JSON.stringify(options.body);
  const res = await app.request(path, init);
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  return { status: res.status, headers: res.headers, json: json as Record<string, any> };
}

/** Decodes a JWT's payload without verifying it (tests only). */
export function decodeClaims(jwt: string): Record<string, unknown> {
  const part = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A new app over shared deps with overrides (clock, lifetimes). */
export function appWith(deps: AppDeps, overrides: Partial<AppDeps> = {}): App {
  return createApp({ ...deps, ...overrides });
}

/** Asserts an error answer in the platform shape with `status` and `code` and at least one message; its body. */
export function expectError(res: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  const body = platformErrorSchema.parse(res.json);
  expect(body.code).toBe(code);
  expect(body.messages.length).toBeGreaterThan(0);
  return body;
}

/** Headers of a JSON call to the seeded realm over HTTP. */
export const JSON_REALM_HEADERS = { Realm: 'stream', 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' } as const;
/** Headers of a JSON `/_sandbox/*` control over HTTP: the realm's and the admin key. */
export const JSON_CONTROL_HEADERS = { ...JSON_REALM_HEADERS, ...ADMIN_HEADERS } as const;

/**
 * Starts a real sandbox over HTTP (in memory, on a free port, with `webUrl` as the web app's
 * address) before the test file's tests and closes it after them. `url` is its base address
 * once started (reading it earlier throws).
 */
export function sandboxForFile(webUrl: string): { readonly url: string } {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, dataDir: ':memory:', webUrl });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return {
    get url() {
      if (!sandbox) throw new Error('The sandbox is not started yet');
      return sandbox.url;
    },
  };
}

/**
 * An in-process app over a fresh in-memory database (seeded) for the test file: opened before
 * its tests, closed after them. `app` and `deps` are readable once opened (earlier reads throw).
 */
export function inProcessAppForFile(): { readonly app: App; readonly deps: AppDeps } {
  let opened: { app: App; deps: AppDeps; close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    const { deps, close } = await memoryDeps();
    opened = { app: createApp(deps), deps, close };
  });
  afterAll(async () => {
    await opened?.close();
  });
  const get = () => {
    if (!opened) throw new Error('The app is not opened yet');
    return opened;
  };
  return {
    get app() {
      return get().app;
    },
    get deps() {
      return get().deps;
    },
  };
}
