/**
 * The sandbox's auto-analyze (`src/db/autoAnalyze.ts`): PostgreSQL's autovacuum rule for the
 * planner's statistics, which PGlite (no background workers) never applies by itself.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutoAnalyze } from '../src/db/autoAnalyze.js';
import { favourites, titles, users } from '../src/db/schema.js';
import { ensureProfiles } from '../src/household/profiles.js';
import type { SandboxDeps } from '../src/index.js';
import { memoryDeps } from './helpers.js';

let opened: Awaited<ReturnType<typeof memoryDeps>>;
let db: SandboxDeps['deps']['db'];

beforeAll(async () => {
  opened = await memoryDeps();
  db = opened.deps.db;
});
afterAll(() => opened.close());

/** How many columns of `table` have statistics (rows of `pg_stats`). */
async function statisticsOf(table: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`pg_stats`).where(sql`tablename = ${table}`);
  return Number(row?.n ?? 0);
}

describe('auto-analyze', () => {
  it('analyzes a table once it changed more than 50 + 10 % of its rows, as PostgreSQL does', async () => {
    const [user] = await db.select().from(users).where(eq(users.email, 'demo@stream.test'));
    const someTitles = await db.select({ id: titles.id }).from(titles).limit(60);
    // Favourites are a profile's: the account's first adult profile (its id is the account's).
    await ensureProfiles(db, user!.id, new Date());
    await db.insert(favourites).values(someTitles.map((title, i) => ({ userId: user!.id, profileId: user!.id, titleId: title.id, createdAt: new Date(1_800_000_000_000 + i) })));
    const analyze = createAutoAnalyze(db);

    for (let i = 0; i < 50; i += 1) analyze.changed('favourites');
    await analyze.idle();
    expect(await statisticsOf('favourites')).toBe(0);

    analyze.changed('favourites');
    await analyze.idle();
    expect(await statisticsOf('favourites')).toBeGreaterThan(0);
  });

  it('reports a failed analyze and keeps going', async () => {
    const logged: string[] = [];
    const analyze = createAutoAnalyze(db, (message) => logged.push(message));
    analyze.changed('no_such_table', 51);
    await analyze.idle();
    expect(logged).toEqual([expect.stringContaining('auto-analyze of no_such_table failed')]);
    analyze.changed('favourites', 51);
    await analyze.idle();
    expect(logged).toHaveLength(1);
  });
});
