/**
 * Writes the catalogue (titles, playlists, sections and rails, programmes, news, fighters,
 * external pages) from code on every start, in the seed's transaction (`db/seed.ts`): rows are
 * upserted by id in one statement per table, rows no longer in code are deleted (their playlist,
 * rail and ranking rows with them), and the tables that only link others are rewritten. The code
 * is the source of truth, so a restart over an existing data directory gives the same catalogue.
 */
import { getTableColumns, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SandboxDb } from '../db/open.js';
import { externalPages, fighters, fightResults, newsFeeds, newsItems, playlistItems, programmes, rails, railItems, rankings, sections, titles } from '../db/schema.js';
import { seedProgrammes } from './channels.js';
import { seedFighters } from './fighters.js';
import { seedNews } from './news.js';
import { seedPages } from './pages.js';
import { seedSections } from './sections.js';
import { PLAYLIST_ITEMS, seedTitles } from './titles.js';

type Writer = Pick<SandboxDb, 'insert' | 'delete'>;

/** `SET col = excluded.col` for every column of `table` but its key. */
function excludedColumns(table: PgTable, key: PgColumn): Record<string, SQL> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([, column]) => column.name !== key.name)
      .map(([property, column]) => [property, sql.raw(`excluded."${column.name}"`)]),
  );
}

/** Upserts `rows` by `key` and deletes the rows whose key is not among them. */
async function sync<T extends PgTable>(db: Writer, table: T, key: PgColumn, rows: T['$inferInsert'][], ids: string[]): Promise<void> {
  await db.delete(table).where(notInArray(key, ids));
  if (rows.length > 0) await db.insert(table).values(rows).onConflictDoUpdate({ target: key, set: excludedColumns(table, key) });
}

/** Deletes every row of `table` and inserts `rows`. */
async function rewrite<T extends PgTable>(db: Writer, table: T, rows: T['$inferInsert'][]): Promise<void> {
  await db.delete(table);
  if (rows.length > 0) await db.insert(table).values(rows);
}

/** Writes the whole catalogue (see the module comment). */
export async function seedLibrary(db: Writer, options: { loadTitles?: number } = {}): Promise<void> {
  const titleRows = seedTitles(options.loadTitles ?? 0);
  await sync(db, titles, titles.id, titleRows, titleRows.map((row) => row.id));
  await rewrite(
    db,
    playlistItems,
    Object.entries(PLAYLIST_ITEMS).flatMap(([playlistId, ids]) => ids.map((titleId, position) => ({ playlistId, position, titleId }))),
  );

  const discovery = seedSections();
  await sync(db, sections, sections.id, discovery.sections, discovery.sections.map((row) => row.id));
  // Rewritten rather than upserted: a rail moving to another position must not meet the old row's position.
  await rewrite(db, rails, discovery.rails);
  await rewrite(db, railItems, discovery.railItems);

  await rewrite(db, programmes, seedProgrammes());

  const news = seedNews();
  await sync(db, newsFeeds, newsFeeds.id, news.feeds, news.feeds.map((row) => row.id));
  await sync(db, newsItems, newsItems.id, news.items, news.items.map((row) => row.id));

  const fightData = seedFighters();
  await sync(db, fighters, fighters.id, fightData.fighters, fightData.fighters.map((row) => row.id));
  await rewrite(db, fightResults, fightData.results);
  await rewrite(db, rankings, fightData.rankings);

  const pages = seedPages();
  await sync(db, externalPages, externalPages.id, pages, pages.map((row) => row.id));
}
