/**
 * PostgreSQL's autovacuum "analyze" for the sandbox's database: PGlite runs PostgreSQL in a
 * single process without background workers, so the planner's statistics of a table that grows
 * after the start are never refreshed, and a page of 12 among 1,000 rows is read by sorting them
 * all (several times slower than the index the statistics would choose). The rule is
 * PostgreSQL's own (`autovacuum_analyze_threshold` 50 + `autovacuum_analyze_scale_factor` 0.1 ×
 * the rows at the last analyze): once a table has changed that many times since, it is analyzed,
 * after the request (never in its way; one at a time). Harmless on a real PostgreSQL server
 * (`DATABASE_URL`), whose autovacuum does the same.
 */
import { sql } from 'drizzle-orm';
import type { SandboxDb } from './open.js';

/** PostgreSQL's defaults. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/** Counts a table's changes and analyzes it by PostgreSQL's rule (see the module comment). */
export interface AutoAnalyze {
  /** `table` (its SQL name) changed `rows` rows (default 1). */
  changed(table: string, rows?: number): void;
  /** Resolves when no analyze is running or due (tests). */
  idle(): Promise<void>;
}

/** The auto-analyze of `db`; `log` receives a failed analyze (the sandbox keeps serving). */
export function createAutoAnalyze(db: SandboxDb, log: (message: string) => void = () => undefined): AutoAnalyze {
  const tables = new Map<string, { changes: number; rows: number }>();
  let queue: Promise<void> = Promise.resolve();
  return {
    changed(table, rows = 1) {
      const state = tables.get(table) ?? { changes: 0, rows: 0 };
      state.changes += rows;
      tables.set(table, state);
      if (state.changes <= ANALYZE_THRESHOLD + ANALYZE_SCALE_FACTOR * state.rows) return;
      // The rows it holds now, at most: every change so far an insert.
      state.rows += state.changes;
      state.changes = 0;
      queue = queue.then(async () => {
        try {
          await db.execute(sql`analyze ${sql.identifier(table)}`);
        } catch (error) {
          log(`auto-analyze of ${table} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
    },
    idle: () => queue,
  };
}
