/**
 * The schema is declared once (`src/db/schema.ts`) and the tables come from the drizzle-kit
 * migrations checked in under `drizzle/` (docs/sandbox.md "Storage"): these tests fail when the
 * two drift apart, cover a data directory made before migrations, and the rows 0006 moves to profiles.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { generateDrizzleJson, pushSchema } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it, vi } from 'vitest';
import { loginResponseSchema } from '@stream/core/contracts';
import { hashPassword } from '../src/auth/passwords.js';
import { describeSchema, rowsOf } from '../src/db/describe.js';
import { MIGRATIONS, diffLines } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/open.js';
import * as schemaModule from '../src/db/schema.js';
import { startSandbox } from '../src/index.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'stream-sandbox-migrations-'));
  dirs.push(dir);
  return dir;
}

/** The DDL of the sandbox before migrations, frozen in a fixture (never follows schema.ts). */
const beforeMigrationsSql = () => readFile(new URL('./fixtures/before-migrations.sql', import.meta.url), 'utf8');

/** The last snapshot drizzle-kit wrote (`drizzle/meta/<idx>_snapshot.json` of the journal's last entry). */
async function lastSnapshot(): Promise<Record<string, unknown>> {
  const meta = path.join(MIGRATIONS.migrationsFolder, 'meta');
  const journal = JSON.parse(await readFile(path.join(meta, '_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const last = journal.entries.at(-1)!;
  return JSON.parse(await readFile(path.join(meta, `${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8'));
}

it('schema.ts declares nothing the last migration snapshot lacks (else: pnpm --filter @stream/sandbox db:generate)', async () => {
  const snapshot = await lastSnapshot();
  // What `drizzle-kit generate` would compare with the last snapshot; equal = it writes no migration.
  const declared = generateDrizzleJson(schemaModule, snapshot.id as string);
  const { id: _a, prevId: _b, ...declaredShape } = JSON.parse(JSON.stringify(declared)) as Record<string, unknown>;
  const { id: _c, prevId: _d, ...snapshotShape } = snapshot;
  expect(declaredShape, 'src/db/schema.ts changed without a migration: run pnpm --filter @stream/sandbox db:generate').toEqual(snapshotShape);
});

it('the checked-in migrations create exactly what schema.ts declares, and what the DDL from before migrations created', async () => {
  // One database, emptied between the three ways of building it (a PGlite start is the slow part).
  const client = await PGlite.create();
  const db = drizzle({ client });
  const empty = () => client.exec('DROP SCHEMA public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;');
  try {
    await migrate(db, MIGRATIONS);
    const fromMigrations = await describeSchema(db);
    expect(fromMigrations.length).toBeGreaterThan(100);

    // drizzle-kit's push creates the tables straight from schema.ts, without the migrations.
    await empty();
    const spinner = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await (await pushSchema(schemaModule, db as never)).apply();
    } finally {
      spinner.mockRestore();
    }
    expect(diffLines(await describeSchema(db), fromMigrations)).toEqual([]);

    // Names, types, defaults, constraints and indexes of the first migration as the hand-written
    // DDL made them (the later migrations add to them).
    await empty();
    for (const statement of readMigrationFiles(MIGRATIONS)[0]!.sql) await db.execute(sql.raw(statement));
    const fromFirstMigration = await describeSchema(db);
    await empty();
    await client.exec(await beforeMigrationsSql());
    expect(diffLines(await describeSchema(db), fromFirstMigration)).toEqual([]);
  } finally {
    await client.close();
  }
}, 120_000);

it(
  'adopts a data directory made before migrations: the first migration is recorded, the later ones applied, the accounts stay and sign in',
  async () => {
    const dataDir = await tempDir();
    const old = await PGlite.create(dataDir);
    await old.exec(await beforeMigrationsSql());
    await old.query(`INSERT INTO users (id, email, name, password_hash) VALUES ($1, $2, $3, $4)`, [
      '6c0d9d5e-5a43-4d3c-9f7e-1b2a3c4d5e6f',
      'old-account@stream.test',
      'Old',
      await hashPassword('old-password'),
    ]);
    await old.close();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const sandbox = await startSandbox({ port: 0, dataDir, databaseUrl: '', log: false });
      try {
        const res = await fetch(`${sandbox.url}/api/v2/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'sandbox-api-key', realm: 'stream' },
          body: JSON.stringify({ id: 'old-account@stream.test', secret: 'old-password' }),
        });
        expect(res.status).toBe(200);
        loginResponseSchema.parse(await res.json());
      } finally {
        await sandbox.close();
      }
      const notices = warn.mock.calls.map((args) => String(args[0])).filter((line) => line.startsWith('[sandbox]'));
      expect(notices).toEqual([
        `[sandbox] PGlite (${dataDir}) was made by an older sandbox (before migrations); its tables are those of migration 0000_initial, recorded as applied.`,
      ]);
      const besides = await readdir(path.dirname(dataDir));
      expect(besides.filter((name) => name.startsWith(`${path.basename(dataDir)}.before-migrations`))).toEqual([]);

      // The next start finds the migrations recorded and says nothing.
      warn.mockClear();
      const again = await openDatabase({ dataDir, databaseUrl: '' });
      try {
        const rows = rowsOf<{ n: number }>(await again.db.execute(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`));
        // The first migration recorded as applied, the later ones applied.
        expect(rows).toEqual([{ n: readMigrationFiles(MIGRATIONS).length }]);
      } finally {
        await again.close();
      }
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  },
  120_000,
);

it('moves aside a data directory made before migrations whose tables differ, and starts a fresh one', async () => {
  const parent = await tempDir();
  const dataDir = path.join(parent, 'sandbox');
  const old = await PGlite.create(dataDir);
  await old.exec(await beforeMigrationsSql());
  // As a sandbox last run before session versions existed left it.
  await old.exec(`ALTER TABLE users DROP COLUMN session_version`);
  await old.query(`INSERT INTO users (id, email, name, password_hash) VALUES (gen_random_uuid(), 'old@stream.test', 'Old', 'x')`);
  await old.close();

  const notices: string[] = [];
  const opened = await openDatabase({ dataDir, notice: (line) => notices.push(line) });
  try {
    const users = rowsOf<{ n: number }>(await opened.db.execute(`SELECT count(*)::int AS n FROM users`));
    expect(users).toEqual([{ n: 0 }]);
  } finally {
    await opened.close();
  }
  const aside = (await readdir(parent)).filter((name) => name.startsWith('sandbox.before-migrations-'));
  expect(aside).toHaveLength(1);
  expect(existsSync(path.join(parent, aside[0]!, 'PG_VERSION'))).toBe(true);
  expect(notices).toEqual([
    `[sandbox] ${dataDir} was made by an older sandbox and its tables differ from the first migration ` +
      `(1 difference, first: - column users.session_version integer not null default 0): moved it to ${path.join(parent, aside[0]!)} ` +
      'and started a fresh database (the demo accounts are seeded again).',
  ]);
}, 120_000);

it('refuses a PostgreSQL database (DATABASE_URL) holding differing tables from before migrations, and leaves it untouched', async () => {
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();
  try {
    await db.exec(await beforeMigrationsSql());
    await db.exec(`ALTER TABLE payments DROP COLUMN consent`);
    const url = `postgres://postgres@${server.getServerConn()}/postgres`;
    await expect(openDatabase({ dataDir: ':memory:', databaseUrl: url })).rejects.toThrow(
      /^PostgreSQL \(.+\) holds sandbox tables from before migrations that differ from the first migration \(1 difference, first: - column payments\.consent jsonb\)\. Point DATABASE_URL at an empty database, or drop those tables\.$/,
    );
    const migrationsTable = await db.query<{ t: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`);
    expect(migrationsTable.rows).toEqual([{ t: null }]);
  } finally {
    await server.stop();
    await db.close();
  }
}, 120_000);

it('0006_library_per_profile gives each account’s library rows to a profile: its first adult profile (made when missing), else its oldest adult one', async () => {
  const client = await PGlite.create();
  const db = drizzle({ client });
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS.migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.find((entry) => entry.tag === '0006_library_per_profile')!.idx;
  const migrations = readMigrationFiles(MIGRATIONS);
  const apply = async (migration: (typeof migrations)[number]) => {
    for (const statement of migration.sql) await db.execute(sql.raw(statement));
  };
  const rows = async <T>(query: string) => (await client.query<T>(query)).rows;
  try {
    for (const migration of migrations.slice(0, at)) await apply(migration);
    const [named, unnamed, moved, none] = ['a', 'b', 'c', 'd'].map((c) => `${c.repeat(8)}-0000-4000-8000-000000000000`);
    const [kid, adult, later] = ['1', '2', '3'].map((c) => `${c.repeat(8)}-0000-4000-8000-000000000000`);
    const list = 'eeeeeeee-0000-4000-8000-000000000000';
    await client.exec(`
      INSERT INTO titles (id, type, title, description, category, colours) VALUES ('t1', 'VOD', '{"en":"T"}', '{"en":"T"}', 'film', '["#000","#fff"]');
      INSERT INTO users (id, email, name, password_hash) VALUES
        ('${named}', 'named@stream.test', '  Ana María ', 'x'), ('${unnamed}', 'unnamed@stream.test', E'bad\\u202Ename', 'x'),
        ('${moved}', 'moved@stream.test', 'Moved', 'x'), ('${none}', 'none@stream.test', 'None', 'x');
      -- An account whose first adult profile was deleted: a child, then two adults.
      INSERT INTO profiles (id, user_id, name, type, avatar, age_rating_limit, created_at) VALUES
        ('${kid}', '${moved}', 'Kid', 'CHILD', 'owl', 7, '2026-01-01T00:00:00Z'),
        ('${adult}', '${moved}', 'Adult', 'ADULT', 'fox', null, '2026-01-02T00:00:00Z'),
        ('${later}', '${moved}', 'Later', 'ADULT', 'fox', null, '2026-01-03T00:00:00Z');
      INSERT INTO favourites (user_id, title_id, created_at) VALUES ('${named}', 't1', now()), ('${moved}', 't1', now());
      INSERT INTO watch_progress (user_id, title_id, position_seconds, duration_seconds, state, updated_at, received_at)
        VALUES ('${unnamed}', 't1', 10, 100, 'IN_PROGRESS', now(), now());
      INSERT INTO watchlists (id, owner_id, name, share_token, created_at, updated_at) VALUES ('${list}', '${named}', 'L', 'tok', now(), now());
      INSERT INTO watchlist_viewers (watchlist_id, viewer_id, reached_at) VALUES ('${list}', '${moved}', now());
    `);
    await apply(migrations[at]!);

    expect(await rows(`SELECT id, user_id, name, type, avatar, age_rating_limit FROM profiles WHERE user_id <> '${moved}' ORDER BY id`)).toEqual([
      { id: named, user_id: named, name: 'Ana María', type: 'ADULT', avatar: 'fox', age_rating_limit: null },
      { id: unnamed, user_id: unnamed, name: 'Profile 1', type: 'ADULT', avatar: 'fox', age_rating_limit: null },
    ]);
    expect(await rows(`SELECT user_id, profile_id FROM favourites ORDER BY user_id`)).toEqual([
      { user_id: named, profile_id: named },
      { user_id: moved, profile_id: adult },
    ]);
    expect(await rows(`SELECT profile_id FROM watch_progress`)).toEqual([{ profile_id: unnamed }]);
    expect(await rows(`SELECT profile_id FROM watchlists`)).toEqual([{ profile_id: named }]);
    expect(await rows(`SELECT viewer_id, profile_id FROM watchlist_viewers`)).toEqual([{ viewer_id: moved, profile_id: adult }]);
    // Deleting a profile deletes its library.
    await client.exec(`DELETE FROM profiles WHERE id = '${adult}'`);
    expect(await rows(`SELECT user_id FROM favourites`)).toEqual([{ user_id: named }]);
    expect(await rows(`SELECT profile_id FROM watchlist_viewers`)).toEqual([]);
  } finally {
    await client.close();
  }
}, 120_000);
