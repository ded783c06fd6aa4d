import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The shape of the `public` schema as sorted lines, one per column (type, nullability, default),
 * constraint (`pg_get_constraintdef`; not the NOT NULL ones PostgreSQL 18 lists,
 * which the columns say already and older servers do not have), index (`pg_indexes.indexdef`), sequence, function and
 * extension; column order is left out (columns added by `ALTER TABLE` come last). Two databases
 * with equal lines have the same tables for the sandbox; comparing them is how an old data directory
 * is checked against the first migration (`./migrate.ts`) and how the tests diff databases.
 */
export async function describeSchema(db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>): Promise<string[]> {
  const queries = [
    sql`SELECT 'column ' || c.table_name || '.' || c.column_name || ' ' || format_type(a.atttypid, a.atttypmod)
          || CASE WHEN c.is_nullable = 'NO' THEN ' not null' ELSE '' END
          || coalesce(' default ' || c.column_default, '') AS line
        FROM information_schema.columns c
        JOIN pg_attribute a ON a.attrelid = format('public.%I', c.table_name)::regclass AND a.attname = c.column_name
        WHERE c.table_schema = 'public'`,
    sql`SELECT 'constraint ' || conrelid::regclass::text || '.' || conname || ' ' || pg_get_constraintdef(oid) AS line
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND contype <> 'n'`,
    sql`SELECT 'index ' || indexdef AS line FROM pg_indexes WHERE schemaname = 'public'`,
    sql`SELECT 'sequence ' || sequence_name || ' ' || data_type || ' ' || increment AS line
        FROM information_schema.sequences WHERE sequence_schema = 'public'`,
    sql`SELECT 'function ' || p.oid::regprocedure::text AS line FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace`,
    sql`SELECT 'extension ' || extname AS line FROM pg_extension WHERE extname <> 'plpgsql'`,
  ];
  const lines: string[] = [];
  for (const query of queries) {
    for (const row of rowsOf<{ line: string }>(await db.execute(query))) lines.push(row.line);
  }
  return lines.sort();
}

/** The rows of `db.execute()`'s result, whichever driver answered (PGlite and node-postgres both give `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
