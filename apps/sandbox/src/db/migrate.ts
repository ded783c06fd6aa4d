/**
 * The sandbox's tables come from the drizzle-kit migrations in `apps/sandbox/drizzle/`, generated
 * from `./schema.ts` (`pnpm --filter @stream/sandbox db:generate`) and applied at start by drizzle's
 * own migrator (`./open.ts` passes the PGlite or node-postgres one). This module finds the folder
 * and deals with databases made before migrations existed (docs/sandbox.md "Storage").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { describeSchema, rowsOf } from './describe.js';

type AnyPgDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/**
 * Where the migrations are and where drizzle records the applied ones (`drizzle.__drizzle_migrations`).
 * The folder is found from this module's URL, so it is the same from tsx, Vitest and any cwd.
 */
export const MIGRATIONS: Required<MigrationConfig> = {
  migrationsFolder: fileURLToPath(new URL('../../drizzle', import.meta.url)),
  migrationsSchema: 'drizzle',
  migrationsTable: '__drizzle_migrations',
};

/** What {@link migrateSchema} found and did. */
export type SchemaOutcome =
  /** An empty database or one made by migrations: pending migrations applied. */
  | { kind: 'migrated' }
  /**
   * Tables made before migrations (the hand-written DDL of earlier versions) that are exactly
   * those of the first migration: it was recorded as applied (`migration`, its tag), later ones applied.
   */
  | { kind: 'baselined'; migration: string }
  /** Tables made before migrations that differ from the first migration: nothing was done. */
  | { kind: 'differs'; differences: string[] };

/**
 * Brings `db` to the last migration with `migrate` (drizzle's migrator for the driver, bound to
 * `db` and {@link MIGRATIONS}). A database holding sandbox tables but no record of migrations was
 * made before migrations existed: when its shape ({@link describeSchema}) equals what the first
 * migration creates, the first migration is recorded as applied instead of run (it would fail on
 * "relation already exists"); otherwise it is left untouched and the caller decides.
 * Callers serialise concurrent starts on one PostgreSQL server (an advisory lock).
 */
export async function migrateSchema(db: AnyPgDatabase, migrate: () => Promise<void>): Promise<SchemaOutcome> {
  let outcome: SchemaOutcome = { kind: 'migrated' };
  if (await madeBeforeMigrations(db)) {
    const [first] = readMigrationFiles(MIGRATIONS);
    if (!first) throw new Error(`No migrations in ${MIGRATIONS.migrationsFolder}`);
    const differences = diffLines(await describeSchema(db), await firstMigrationShape(first.sql));
    if (differences.length > 0) return { kind: 'differs', differences };
    await recordApplied(db, first.hash, first.folderMillis);
    outcome = { kind: 'baselined', migration: firstMigrationTag() };
  }
  await migrate();
  return outcome;
}

/** Sandbox tables (`public.users`) and no applied migration recorded. */
async function madeBeforeMigrations(db: AnyPgDatabase): Promise<boolean> {
  const table = `${MIGRATIONS.migrationsSchema}.${MIGRATIONS.migrationsTable}`;
  const [found] = rowsOf<{ users: string | null; migrations: string | null }>(
    await db.execute(sql`SELECT to_regclass('public.users')::text AS users, to_regclass(${table})::text AS migrations`),
  );
  if (!found?.users) return false;
  if (!found.migrations) return true;
  const [applied] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(MIGRATIONS.migrationsSchema)}.${sql.identifier(MIGRATIONS.migrationsTable)}`),
  );
  return (applied?.n ?? 0) === 0;
}

let firstShape: Promise<string[]> | undefined;

/** The shape of a fresh in-memory database after the first migration's statements (built once per process). */
function firstMigrationShape(statements: string[]): Promise<string[]> {
  firstShape ??= shapeAfter(statements);
  firstShape.catch(() => (firstShape = undefined));
  return firstShape;
}

async function shapeAfter(statements: string[]): Promise<string[]> {
  const client = await PGlite.create();
  try {
    const reference = drizzle({ client });
    for (const statement of statements) await reference.execute(sql.raw(statement));
    return await describeSchema(reference);
  } finally {
    await client.close();
  }
}

/**
 * Records a migration as applied the way drizzle's migrator does (`PgDialect.migrate`: the same
 * bookkeeping table, `hash` and `created_at` = the journal's `when`), so that it runs the later ones.
 */
async function recordApplied(db: AnyPgDatabase, hash: string, folderMillis: number): Promise<void> {
  const schemaName = sql.identifier(MIGRATIONS.migrationsSchema);
  const table = sql`${schemaName}.${sql.identifier(MIGRATIONS.migrationsTable)}`;
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
  await db.execute(sql`CREATE TABLE IF NOT EXISTS ${table} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
  await db.execute(sql`INSERT INTO ${table} ("hash", "created_at") VALUES (${hash}, ${folderMillis})`);
}

/** The first migration's name (`0000_initial`), from the journal readMigrationFiles has read already. */
function firstMigrationTag(): string {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS.migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries[0]!.tag;
}

/** Lines only in `actual` (`+ …`) or only in `expected` (`- …`). */
export function diffLines(actual: readonly string[], expected: readonly string[]): string[] {
  const want = new Set(expected);
  const have = new Set(actual);
  return [...actual.filter((line) => !want.has(line)).map((line) => `+ ${line}`), ...expected.filter((line) => !have.has(line)).map((line) => `- ${line}`)];
}
