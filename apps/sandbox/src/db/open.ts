import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { DDL_STATEMENTS } from './ddl.js';
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
}

/**
 * Opens the database: drizzle over node-postgres when `databaseUrl` is set, otherwise drizzle over
 * PGlite in `dataDir` (created when missing; `':memory:'` keeps everything in memory).
 * Then creates the schema if missing (see {@link ensureSchema}).
 */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  let opened: OpenDatabase;
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const db = drizzle({ client: pool, schema }) as unknown as SandboxDb;
    let closed = false;
    opened = {
      db,
      description: `PostgreSQL (${redactUrl(options.databaseUrl)})`,
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  } else {
    const inMemory = options.dataDir === ':memory:' || options.dataDir.startsWith('memory://');
    const unlock = inMemory ? async () => undefined : await lockDataDir(options.dataDir);
    let client: PGlite;
    try {
      client = inMemory ? await PGlite.create() : await PGlite.create(options.dataDir);
    } catch (error) {
      await unlock();
      throw error;
    }
    const db = drizzlePglite({ client, schema }) as unknown as SandboxDb;
    opened = {
      db,
      description: inMemory ? 'PGlite (in memory)' : `PGlite (${options.dataDir})`,
      close: async () => {
        if (!client.closed) await client.close();
        await unlock();
      },
    };
  }
  try {
    await ensureSchema(opened.db);
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw error;
  }
  return opened;
}

/**
 * Creates every table and index that is missing (idempotent). Runs in one transaction under an
 * advisory lock so that two sandboxes starting on the same PostgreSQL server do not race.
 */
export async function ensureSchema(db: SandboxDb): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7301450226)`);
    for (const statement of DDL_STATEMENTS) await tx.execute(sql.raw(statement));
  });
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
