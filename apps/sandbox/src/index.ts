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

export { createApp, CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS, type AppDeps, type SandboxEnv } from './app.js';
export { DEFAULTS, DEMO_ACCOUNT, SEED_REALM, resolveOptions, type SandboxOptions, type ResolvedOptions } from './config.js';
export { SANDBOX_ERROR_CODES, type SandboxErrorCode } from './errors.js';
export type { AccessClaims } from './auth/jwt.js';
export { COUNTRIES } from './seed/countries.js';
export { LICENCE_IDS, CONTENT_IDS } from './seed/catalogue.js';
export { NO_LICENCE_ACCOUNT } from './seed/accounts.js';
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
  /** Where the data lives, for the start banner (never holds a password). */
  database: string;
  /** Stops the HTTP server (open connections are closed) and closes the database. Idempotent. */
  close(): Promise<void>;
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
    await seedDatabase(opened.db, { demoAccount: resolved.seed });
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
        log: resolved.log,
        ...(resolved.publicUrl ? { publicUrl: resolved.publicUrl } : {}),
        webUrl: resolved.webUrl,
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
 * ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S) and then to its default.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const resolved = resolveOptions(options);
  const { deps, database, close: closeDb } = await createSandboxDeps(options);
  const app = createApp(deps);

  let server: Server;
  let address: AddressInfo;
  try {
    ({ server, address } = await new Promise<{ server: Server; address: AddressInfo }>((resolve, reject) => {
      const s = serve(
        {
          fetch: app.fetch,
          port: resolved.port,
          hostname: resolved.host,
          // The OpenID provider (/_oidc) is a Node handler of its own, in front of the Hono app.
          // (@hono/node-server calls it as createServer(serverOptions, listener).)
          createServer: ((serverOptions: ServerOptions, listener: RequestListener) =>
            createServer(serverOptions, (req, res) =>
              deps.openid?.handles(req.url) ? deps.openid.handle(req, res) : listener(req, res),
            )) as typeof createServer,
        },
        (info) => resolve({ server: s as Server, address: info }),
      ) as Server;
      s.once('error', reject);
    }));
  } catch (error) {
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
    database,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections?.();
          setTimeout(() => server.closeAllConnections?.(), 1000).unref();
        });
        await closeDb();
      })();
      return closing;
    },
  };
}
