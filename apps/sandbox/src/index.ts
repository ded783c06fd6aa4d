/**
 * @stream/sandbox: a local, stateful implementation of the streaming platform API
 * (identity-and-routes.md §3, §6, §7, §8). `startSandbox()` runs it over HTTP; `createApp()` gives
 * the Hono app for in-process tests (`app.request()`).
 */
import type { AddressInfo } from 'node:net';
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp, type AppDeps } from './app.js';
import { createTokenSigner } from './auth/jwt.js';
import { hashPassword } from './auth/passwords.js';
import { DEMO_ACCOUNT, LABELS_DIR, SEED_REALM, resolveOptions, type SandboxOptions } from './config.js';
import { openDatabase } from './db/open.js';
import { loadMediaSecret, loadSigningSecret, seedDatabase } from './db/seed.js';
import { loadLabels } from './labels.js';
import { createOpenIdRuntime } from './openid/runtime.js';
import { setFirebaseEmulatorUrl } from './firebase/config.js';
import { startFirebaseEmulator, type FirebaseEmulator } from './firebase/emulator.js';
import { attachFirebase } from './firebase/runtime.js';
import { guardNodeHandler } from './http/nodeGuard.js';
import { mediaCacheDir } from './media/cache.js';
import path from 'node:path';

export { createApp, CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS, type AppDeps } from './app.js';
export type { SandboxEnv } from './http/env.js';
export { DEFAULTS, DEMO_ACCOUNT, SEED_REALM, resolveOptions, type SandboxOptions, type ResolvedOptions } from './config.js';
export { SANDBOX_ERROR_CODES, type SandboxErrorCode } from './errors.js';
export type { AccessClaims } from './auth/jwt.js';
export { COUNTRIES } from './seed/countries.js';
export { LICENCE_IDS, CONTENT_IDS } from './seed/catalogue.js';
export { FAMILY_ACCOUNT, NO_LICENCE_ACCOUNT } from './seed/accounts.js';
export { clockRequestSchema, grantRequestSchema, resetRequestSchema, type GrantRequest } from './routes/control.js';
export { PAYMENT_PROVIDERS } from './routes/payments.js';
export { callerRequestSchema } from './routes/checkout.js';
export { type CallerState } from './payments/caller.js';
export { ALLOWED_TERRITORIES, CONSENT_TERMS, OUTSIDE_TERRITORY, PROVIDER_FIELDS, REALM_ALLOWS_VPN } from './seed/realm.js';
export { TEST_CARDS, CARD_ERROR_MESSAGES, tokenRequestSchema, type CardToken } from './payments/processor.js';
export { SEED_VOUCHERS, VOUCHER_CODES } from './payments/vouchers.js';
export { TAX_RATE_PERCENT } from './payments/amounts.js';

/** A running sandbox. */
export interface RunningSandbox {
  /** Base URL, for example `http://127.0.0.1:8787` (no trailing slash). */
  url: string;
  port: number;
  /** The seeded realm's name (`Realm` header). */
  realm: string;
  /** The seeded realm's API key (`x-api-key` header). */
  apiKey: string;
  /** The seeded demo account. */
  demoAccount: { email: string; password: string };
  /** The admin key of the `/_sandbox/*` controls and pages (header `x-sandbox-admin-key`; docs/sandbox.md "Admin key"). */
  adminKey: string;
  /** Where the data lives, for the start banner (never holds a password). */
  database: string;
  /** Whether every answer is validated with its contract (`AppDeps.checkAnswers`; env `SANDBOX_CHECK_ANSWERS`). */
  checkAnswers: boolean;
  /**
   * The Firebase Auth emulator started with the sandbox (docs/sandbox.md "Firebase"): its address
   * and a promise that resolves once it answers (it takes 10–60 s to start). Undefined when
   * firebase-tools is not installed or the emulator is off.
   */
  firebase?: { url: string; ready: Promise<void> };
  /** Stops the HTTP server (open connections are closed), the Firebase emulator, and closes the database. Idempotent. */
  close(): Promise<void>;
}

/** The Firebase options of {@link startSandbox}, beside {@link SandboxOptions}. */
export interface FirebaseSandboxOptions {
  /**
   * Start the Firebase Auth emulator (when firebase-tools is installed). Default: on, unless env
   * `FIREBASE_AUTH_EMULATOR=0`, and off inside Vitest (`VITEST` set) so that integration tests
   * that do not need it do not each start one; a test that needs it passes `true`.
   */
  firebaseEmulator?: boolean;
  /**
   * Port the browser reaches the emulator on (the relay in front of it, `firebase/relay.ts`). Default env `FIREBASE_AUTH_EMULATOR_PORT`, else 9099 for a sandbox
   * with a data directory, else (in memory, e2e) a free port, so parallel sandboxes do not collide.
   */
  firebaseEmulatorPort?: number;
}

/** Whether and where to start the emulator, from the options and the env. */
function firebaseSettings(options: FirebaseSandboxOptions, dataDir: string, databaseUrl: string | undefined, env = process.env) {
  const enabled = options.firebaseEmulator ?? (env.FIREBASE_AUTH_EMULATOR !== '0' && !env.VITEST);
  const raw = env.FIREBASE_AUTH_EMULATOR_PORT?.trim();
  const envPort = raw && /^\d+$/.test(raw) && Number(raw) <= 65535 ? Number(raw) : undefined;
  if (raw && envPort === undefined) throw new Error(`FIREBASE_AUTH_EMULATOR_PORT must be a port number, got "${raw}"`);
  const persistent = dataDir !== ':memory:' && databaseUrl === undefined;
  return {
    enabled,
    port: options.firebaseEmulatorPort ?? envPort ?? (persistent ? 9099 : 0),
    // With a data directory, the emulator's users are kept beside the database across restarts.
    dataDir: persistent ? path.join(dataDir, 'firebase-auth') : undefined,
  };
}

/** App dependencies plus the database they hold. */
export interface SandboxDeps {
  deps: AppDeps;
  database: string;
  /** Closes the database. */
  close(): Promise<void>;
}

/**
 * Opens the database (schema created if missing), seeds it (idempotent), loads the signing
 * secret and the labels: everything {@link createApp} needs. Options and env as {@link startSandbox}
 * (`port` and `host` are ignored).
 */
export async function createSandboxDeps(options: SandboxOptions = {}): Promise<SandboxDeps> {
  const resolved = resolveOptions(options);
  const labels = await loadLabels(LABELS_DIR, SEED_REALM.defaultLocale);
  const opened = await openDatabase({ dataDir: resolved.dataDir, databaseUrl: resolved.databaseUrl });
  try {
    await seedDatabase(opened.db, { demoAccount: resolved.seed, loadTitles: resolved.loadTitles });
    const [secret, mediaSecret, dummyPasswordHash] = await Promise.all([
      loadSigningSecret(opened.db),
      loadMediaSecret(opened.db),
      hashPassword('sandbox-dummy-password-for-unknown-emails'),
    ]);
    return {
      deps: {
        db: opened.db,
        signer: createTokenSigner(secret),
        labels,
        accessTokenTtlS: resolved.accessTokenTtlS,
        refreshTokenTtlS: resolved.refreshTokenTtlS,
        dummyPasswordHash,
        mediaSecret,
        mediaCacheDir: mediaCacheDir(resolved.dataDir),
        log: resolved.log,
        ...(resolved.publicUrl ? { publicUrl: resolved.publicUrl } : {}),
        webUrl: resolved.webUrl,
        sandboxAdminKey: resolved.sandboxAdminKey,
        checkAnswers: resolved.checkAnswers,
        openid: createOpenIdRuntime(resolved.webUrl),
      },
      database: opened.description,
      close: opened.close,
    };
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Starts the sandbox: database (PGlite in `dataDir`, or PostgreSQL at `databaseUrl`), seed, and
 * the HTTP server on `host:port` (127.0.0.1:8787 by default; port 0 picks a free port).
 * Every option falls back to its env variable (SANDBOX_PORT, SANDBOX_DATA_DIR, DATABASE_URL,
 * ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S) and then to its default. The Firebase Auth emulator
 * starts beside it when firebase-tools is installed ({@link FirebaseSandboxOptions}; env
 * FIREBASE_AUTH_EMULATOR, FIREBASE_AUTH_EMULATOR_PORT); the server does not wait for it
 * (`firebase.ready`), and `close()` stops it.
 */
export async function startSandbox(options: SandboxOptions & FirebaseSandboxOptions = {}): Promise<RunningSandbox> {
  const resolved = resolveOptions(options);
  const firebaseSettingsOf = firebaseSettings(options, resolved.dataDir, resolved.databaseUrl);
  const { deps, database, close: closeDb } = await createSandboxDeps(options);
  let emulator: FirebaseEmulator | undefined;
  if (firebaseSettingsOf.enabled) {
    try {
      emulator = await startFirebaseEmulator({ port: firebaseSettingsOf.port, dataDir: firebaseSettingsOf.dataDir, log: resolved.log });
    } catch (error) {
      console.warn('[sandbox] the Firebase Auth emulator did not start:', error instanceof Error ? error.message : error);
    }
    if (emulator) {
      attachFirebase(deps.db, emulator.directUrl, emulator.projectId, emulator.ready);
      setFirebaseEmulatorUrl(emulator.url);
      emulator.ready.then(
        () => resolved.log && console.log(`[sandbox] Firebase Auth emulator ready at ${emulator!.url}`),
        (error: unknown) => console.warn('[sandbox] the Firebase Auth emulator did not start:', error instanceof Error ? error.message : error),
      );
    }
  }
  const stopEmulator = async () => {
    if (!emulator) return;
    await emulator.stop().catch(() => undefined);
    setFirebaseEmulatorUrl(undefined);
  };
  const app = createApp(deps);
  const guardedOpenId = guardNodeHandler((req, res) => deps.openid?.handle(req, res));

  let server: Server;
  let address: AddressInfo;
  try {
    ({ server, address } = await new Promise<{ server: Server; address: AddressInfo }>((resolve, reject) => {
      const s = serve(
        {
          fetch: app.fetch,
          port: resolved.port,
          hostname: resolved.host,
          // The OpenID provider (/_oidc) is a Node handler of its own, in front of the Hono app,
          // behind the same request guard as the app's routes (http/nodeGuard.ts: 400/413/415).
          // (@hono/node-server calls it as createServer(serverOptions, listener).)
          createServer: ((serverOptions: ServerOptions, listener: RequestListener) =>
            createServer(serverOptions, (req, res) =>
              deps.openid?.handles(req.url) ? guardedOpenId(req, res) : listener(req, res),
            )) as typeof createServer,
        },
        (info) => resolve({ server: s as Server, address: info }),
      ) as Server;
      s.once('error', reject);
    }));
  } catch (error) {
    await stopEmulator();
    await closeDb();
    throw error;
  }

  const host = resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host;
  const url = `http://${host}:${address.port}`;
  await deps.openid?.start(resolved.publicUrl ?? url);
  let closing: Promise<void> | undefined;
  return {
    url,
    port: address.port,
    realm: SEED_REALM.name,
    apiKey: SEED_REALM.apiKey,
    demoAccount: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    adminKey: deps.sandboxAdminKey!,
    database,
    checkAnswers: deps.checkAnswers ?? false,
    ...(emulator ? { firebase: { url: emulator.url, ready: emulator.ready } } : {}),
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections?.();
          setTimeout(() => server.closeAllConnections?.(), 1000).unref();
        });
        await stopEmulator();
        await closeDb();
      })();
      return closing;
    },
  };
}
