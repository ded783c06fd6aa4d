import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { afterAll, expect, it } from 'vitest';
import { loginResponseSchema, platformErrorSchema } from '@stream/core/contracts';
import { startSandbox, type SandboxOptions } from '../src/index.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/**
 * PostgreSQL for the DATABASE_URL variant: a real server when SANDBOX_TEST_DATABASE_URL names
 * one (e.g. postgres://postgres@127.0.0.1:5432/sandbox), otherwise PGlite behind its PostgreSQL
 * wire-protocol server, so that node-postgres and the shared schema are exercised everywhere.
 */
async function postgresUrl(): Promise<{ url: string; stop(): Promise<void> }> {
  const external = process.env.SANDBOX_TEST_DATABASE_URL;
  if (external) return { url: external, stop: async () => {} };
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 20 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}

it(
  'serves over HTTP and keeps accounts and tokens across a restart on the same data directory',
  async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stream-sandbox-'));
    dirs.push(dataDir);
    await restartScenario({ port: 0, dataDir, databaseUrl: '', accessTokenTtlS: 1 });
  },
  90_000,
);

it(
  'runs the same schema on PostgreSQL through node-postgres (DATABASE_URL) and keeps data across a restart',
  async () => {
    const postgres = await postgresUrl();
    try {
      await restartScenario({ port: 0, databaseUrl: postgres.url, accessTokenTtlS: 1 });
    } finally {
      await postgres.stop();
    }
  },
  90_000,
);

async function restartScenario(options: SandboxOptions): Promise<void> {
  const email = `kept-${Date.now()}@stream.test`;
  const headers = { 'content-type': 'application/json', 'x-api-key': 'sandbox-api-key', realm: 'stream' };
  const post = (url: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });

  const first = await startSandbox(options);
  let signUp;
  try {
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(first).toMatchObject({ realm: 'stream', apiKey: 'sandbox-api-key', demoAccount: { email: 'demo@stream.test' } });
    const res = await post(`${first.url}/api/v2/user`, { id: email, secret: 'kept-password', name: 'Kept' });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-device-id')).toBeTruthy();
    signUp = loginResponseSchema.parse(await res.json());
  } finally {
    await first.close();
  }

  const second = await startSandbox(options);
  try {
    const login = await post(`${second.url}/api/v2/login`, { id: email, secret: 'kept-password' });
    expect(login.status).toBe(200);
    const demo = await post(`${second.url}/api/v2/login`, { id: 'demo@stream.test', secret: 'demo-password' });
    expect(demo.status).toBe(200);

    // The access token from before the restart is authentic (same stored secret) but expired.
    await new Promise((r) => setTimeout(r, 1100));
    const profile = await fetch(`${second.url}/api/v2/user/profile`, {
      headers: { ...headers, authorization: `Bearer ${signUp.authorisationToken}` },
    });
    expect(profile.status).toBe(401);
    expect(platformErrorSchema.parse(await profile.json()).code).toBe('TOKEN_EXPIRED');
    // ...and its refresh token still works.
    const refreshed = await post(
      `${second.url}/api/v2/token/refresh`,
      { refreshToken: signUp.refreshToken },
      { authorization: `Bearer ${signUp.authorisationToken}` },
    );
    expect(refreshed.status).toBe(200);
  } finally {
    await second.close();
  }
}
