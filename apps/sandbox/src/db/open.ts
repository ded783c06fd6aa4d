import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS, migrateSchema, type SchemaOutcome } from './migrate.js';
import { schema, type Schema } from './schema.js';

/** The drizzle database the sandbox uses, whichever driver is underneath. */
export type SandboxDb = PgDatabase<PgQueryResultHKT, Schema>;

/** An open database and how to close it. */
export interface OpenDatabase {
  db: SandboxDb;
  /** Human description for the start banner, for example `PGlite (.data/sandbox)`. Never holds a password. */
  description: string;
  /** Closes the connection (PGlite flushes its data directory). Safe to call twice. */
  close(): Promise<void>;
}

/** Where the data lives: a PGlite data directory (`':memory:'` for in-memory) or a PostgreSQL URL. */
export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Where the one-line notices of an upgrade go (a database made before migrations); default `console.warn`. */
  notice?: ((line: string) => void) | undefined;
}

/** Session advisory lock held while migrating, so that two sandboxes starting on one PostgreSQL server do not race. */
const MIGRATION_LOCK = 7301450226;

/**
 * Opens the database: drizzle over node-postgres when `databaseUrl` is set, otherwise drizzle over
 * PGlite in `dataDir` (created when missing; `':memory:'` keeps everything in memory). Then applies
 * the pending migrations (`./migrate.ts`). A database made before migrations is adopted when its
 * tables are those of the first migration; otherwise a PGlite data directory is moved aside to
 * `<dataDir>.before-migrations-<time>` and started afresh, and a PostgreSQL database is refused
 * (throws). Either is announced with one `[sandbox]` line.
 */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  const notice = options.notice ?? ((line: string) => console.warn(line));
  return options.databaseUrl ? openPostgres(options.databaseUrl, notice) : openPglite(options.dataDir, notice);
}

async function openPostgres(url: string, notice: (line: string) => void): Promise<OpenDatabase> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const description = `PostgreSQL (${redactUrl(url)})`;
  // Migrations run on a connection of their own holding the lock; it ends (and the lock with it) after.
  const session = new pg.Client({ connectionString: url });
  await session.connect();
  try {
    await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzle({ client: session });
    const outcome = await migrateSchema(db, () => migrate(db, MIGRATIONS));
    if (outcome.kind === 'differs') {
      throw new Error(
        `${description} holds sandbox tables from before migrations that differ from the first migration ` +
          `(${summarise(outcome.differences)}). Point DATABASE_URL at an empty database, or drop those tables.`,
      );
    }
    announce(outcome, description, notice);
  } finally {
    await session.end().catch(() => undefined);
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  let closed = false;
  return {
    db: drizzle({ client: pool, schema }) as unknown as SandboxDb,
    description,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string, notice: (line: string) => void): Promise<OpenDatabase> {
  const inMemory = dataDir === ':memory:' || dataDir.startsWith('memory://');
  const description = inMemory ? 'PGlite (in memory)' : `PGlite (${dataDir})`;
  const unlock = inMemory ? async () => undefined : await lockDataDir(dataDir);
  const create = () => (inMemory ? PGlite.create() : PGlite.create(dataDir));
  let client: PGlite | undefined;
  let db: PgliteDatabase<Schema>;
  try {
    client = await create();
    db = drizzlePglite({ client, schema });
    const run = () => migrateSchema(db, () => migratePglite(db, MIGRATIONS));
    let outcome = await run();
    if (outcome.kind === 'differs') {
      // A local sandbox's data is disposable: keep it aside for the curious and start afresh.
      await client.close();
      const aside = `${path.resolve(dataDir)}.before-migrations-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(dataDir, aside);
      await mkdir(dataDir, { recursive: true });
      notice(
        `[sandbox] ${dataDir} was made by an older sandbox and its tables differ from the first migration ` +
          `(${summarise(outcome.differences)}): moved it to ${aside} and started a fresh database (the demo accounts are seeded again).`,
      );
      client = await create();
      db = drizzlePglite({ client, schema });
      outcome = await run();
    }
    announce(outcome, description, notice);
  } catch (error) {
    if (client && !client.closed) await client.close().catch(() => undefined);
    await unlock();
    throw error;
  }
  const opened = client;
  return {
    db: db as unknown as SandboxDb,
    description,
    close: async () => {
      if (!opened.closed) await opened.close();
      await unlock();
    },
  };
}

function announce(outcome: SchemaOutcome, description: string, notice: (line: string) => void): void {
  if (outcome.kind === 'baselined') {
    notice(`[sandbox] ${description} was made by an older sandbox (before migrations); its tables are those of migration ${outcome.migration}, recorded as applied.`);
  }
}

/** `3 differences, first: + column users.nickname text` (the `+` lines are in the database, the `-` lines in the migration). */
function summarise(differences: readonly string[]): string {
  return `${differences.length} difference${differences.length === 1 ? '' : 's'}, first: ${differences[0]}`;
}

/**
 * PGlite is single-process: two sandboxes on one data directory would corrupt it. Creates the
 * directory if missing and a `<dataDir>.lock` file beside it holding our pid; refuses to start when another
 * live process holds it (a stale lock from a killed process is taken over). Returns the unlock.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  // Beside the directory, not inside: PostgreSQL's data directory is PGlite's to manage.
  const lockFile = `${path.resolve(dataDir)}.lock`;
  try {
    await writeFile(lockFile, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The sandbox data directory ${dataDir} is in use by process ${holder}. ` +
          'Stop that sandbox or set SANDBOX_DATA_DIR to another directory.',
      );
    }
    await writeFile(lockFile, String(process.pid));
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await rm(lockFile, { force: true });
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db`. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
