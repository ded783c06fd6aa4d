import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root (/work/main), resolved from this file's location, not from the cwd. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Directory of the label files (`<locale>.json`, `{ key: text }`). */
export const LABELS_DIR = fileURLToPath(new URL('./seed/labels/', import.meta.url));

/** The seeded realm. */
export const SEED_REALM = { name: 'stream', apiKey: 'sandbox-api-key', defaultLocale: 'en' } as const;

/** The seeded demo account. */
export const DEMO_ACCOUNT = {
  email: 'demo@stream.test',
  password: 'demo-password',
  name: 'Demo Viewer',
} as const;

/** Defaults of the sandbox settings. */
export const DEFAULTS = {
  port: 8787,
  host: '127.0.0.1',
  dataDir: '.data/sandbox',
  accessTokenTtlS: 600,
  refreshTokenTtlS: 30 * 24 * 60 * 60,
  /** Base URL of the web app, put in the links of emails (reset, magic link, confirmation). */
  webUrl: 'http://127.0.0.1:5173',
} as const;

/** Options of {@link import('./index.js').startSandbox}; every one has an env or built-in default. */
export interface SandboxOptions {
  /** TCP port; 0 picks a free one. Default env `SANDBOX_PORT` or 8787. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
  /**
   * PGlite data directory; `':memory:'` keeps the database in memory. Default env
   * `SANDBOX_DATA_DIR` or `.data/sandbox`; relative paths are resolved against the repo root.
   */
  dataDir?: string;
  /** `postgres://…`: use a real PostgreSQL server instead of PGlite. Default env `DATABASE_URL`. */
  databaseUrl?: string;
  /** Access token lifetime in seconds. Default env `ACCESS_TOKEN_TTL_S` or 600. */
  accessTokenTtlS?: number;
  /** Refresh token lifetime in seconds. Default env `REFRESH_TOKEN_TTL_S` or 30 days. */
  refreshTokenTtlS?: number;
  /** Seed the demo account (the realm is always ensured). Default true. */
  seed?: boolean;
  /** Log one line per request (method, path, status, ms). Default false. */
  log?: boolean;
  /**
   * Base URL put in absolute URLs of answers (playback `url`, `thumbnailUrl`). Default env
   * `SANDBOX_PUBLIC_URL`, else the origin each request reached.
   */
  publicUrl?: string;
  /**
   * Base URL of the web app, for the links the sandbox emails (`<webUrl>/login/resetpwd?token=…`).
   * Default env `SANDBOX_WEB_URL`, else `http://127.0.0.1:5173`.
   */
  webUrl?: string;
  /**
   * The admin key of the `/_sandbox/*` controls and pages (docs/sandbox.md "Admin key"). Default
   * env `SANDBOX_ADMIN_KEY`, else a random key made at start (printed in the start banner).
   */
  sandboxAdminKey?: string;
  /**
   * Validate every platform call's answer with its contract before sending it (a broken answer is
   * a 500 and a log line; `http/route.ts`). Default env `SANDBOX_CHECK_ANSWERS` (`1` or `0`), else
   * on unless `NODE_ENV=production`: tests, `npm start` and the e2e sandbox check their answers.
   */
  checkAnswers?: boolean;
  /**
   * Generated titles added to the catalogue for a load test (`pnpm bench` puts 1,000 favourites
   * and history entries in one account): "Archive reel 1" to "Archive reel N", free videos in no
   * section. Default env `SANDBOX_LOAD_TITLES` (0 to 10,000), else 0.
   */
  loadTitles?: number;
}

/** Options with every default applied. */
export interface ResolvedOptions {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  seed: boolean;
  log: boolean;
  publicUrl: string | undefined;
  webUrl: string;
  sandboxAdminKey: string;
  checkAnswers: boolean;
  loadTitles: number;
}

/**
 * Applies env and built-in defaults to `options`. Throws a readable error for an invalid number
 * in the environment (for example `SANDBOX_PORT=abc`).
 */
export function resolveOptions(
  options: SandboxOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): ResolvedOptions {
  const dataDir = options.dataDir ?? nonEmpty(env.SANDBOX_DATA_DIR) ?? DEFAULTS.dataDir;
  return {
    port: options.port ?? envInt(env, 'SANDBOX_PORT', 0, 65535) ?? DEFAULTS.port,
    host: options.host ?? DEFAULTS.host,
    dataDir: dataDir === ':memory:' || path.isAbsolute(dataDir) ? dataDir : path.resolve(REPO_ROOT, dataDir),
    databaseUrl: options.databaseUrl ?? nonEmpty(env.DATABASE_URL),
    accessTokenTtlS: positive('accessTokenTtlS', options.accessTokenTtlS) ?? envInt(env, 'ACCESS_TOKEN_TTL_S', 1) ?? DEFAULTS.accessTokenTtlS,
    refreshTokenTtlS: positive('refreshTokenTtlS', options.refreshTokenTtlS) ?? envInt(env, 'REFRESH_TOKEN_TTL_S', 1) ?? DEFAULTS.refreshTokenTtlS,
    seed: options.seed ?? true,
    log: options.log ?? false,
    publicUrl: options.publicUrl ?? nonEmpty(env.SANDBOX_PUBLIC_URL),
    webUrl: webUrl(nonEmpty(options.webUrl) ?? nonEmpty(env.SANDBOX_WEB_URL) ?? DEFAULTS.webUrl),
    sandboxAdminKey: nonEmpty(options.sandboxAdminKey) ?? nonEmpty(env.SANDBOX_ADMIN_KEY) ?? randomBytes(24).toString('base64url'),
    checkAnswers: options.checkAnswers ?? envFlag(env, 'SANDBOX_CHECK_ANSWERS') ?? env.NODE_ENV !== 'production',
    loadTitles: options.loadTitles ?? envInt(env, 'SANDBOX_LOAD_TITLES', 0, 10_000) ?? 0,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

/** `1`/`true` → true, `0`/`false` → false, unset → undefined; a readable error for anything else. */
function envFlag(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return undefined;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Error(`${name} must be 1 or 0, got "${env[name]}"`);
}

function positive(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return value;
}

function envInt(env: NodeJS.ProcessEnv, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

/** An http(s) base URL without trailing slashes; a readable error for anything else. */
function webUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`SANDBOX_WEB_URL must be an http(s) URL such as http://127.0.0.1:5173, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}
