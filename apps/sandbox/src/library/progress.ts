/**
 * Watch progress rows (`watch_progress`) and the rules of `@stream/core/domain` `history.ts`:
 * reports merged by latest update (`applyProgressReport`), the state of each record
 * (`progressState`), the next episode of a watched one, and continue watching.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TitleProgress } from '@stream/core/contracts';
import { applyProgressReport, progressState, type ProgressRecord } from '@stream/core/domain';
import { nextEpisode } from '../catalogue/queries.js';
import { ratedTitleId } from '../catalogue/rating.js';
import type { TitleRow } from '../catalogue/tiles.js';
import type { SandboxDb } from '../db/open.js';
import { titles, watchProgress } from '../db/schema.js';
import type { PageWindow } from '../catalogue/paging.js';
import { writingForProfile } from './caller.js';
import { totalOf } from './pages.js';

export type ProgressRow = typeof watchProgress.$inferSelect;

/** A row as the domain's record. */
export function recordOf(row: ProgressRow): ProgressRecord {
  return {
    positionSeconds: row.positionSeconds,
    durationSeconds: row.durationSeconds,
    updatedAtMs: row.updatedAt.getTime(),
    ended: row.ended,
    removed: row.removed,
  };
}

/** A row's progress in the answers' shape (`progressSchema`). */
export function progressOf(row: ProgressRow): TitleProgress {
  return {
    positionSeconds: row.positionSeconds,
    durationSeconds: row.durationSeconds,
    state: row.state as TitleProgress['state'],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The progress of a title nothing was reported of (or removed): not started, at 0 s. */
export function noProgress(title: TitleRow): TitleProgress {
  return { positionSeconds: 0, durationSeconds: title.durationSeconds ?? 0, state: 'NOT_STARTED' };
}

/** The row of the profile `profileId` and `titleId`, if any. */
export async function progressRow(db: SandboxDb, profileId: string, titleId: string): Promise<ProgressRow | undefined> {
  const [row] = await db
    .select()
    .from(watchProgress)
    .where(and(eq(watchProgress.profileId, profileId), eq(watchProgress.titleId, titleId)))
    .limit(1);
  return row;
}

/** The episode after a watched `episode` (null for anything else). */
async function nextTitleOf(db: SandboxDb, title: TitleRow, record: ProgressRecord): Promise<string | null> {
  if (title.type !== 'EPISODE' || !title.parentId || record.removed || progressState(record) !== 'WATCHED') return null;
  const [season] = await db.select().from(titles).where(eq(titles.id, title.parentId)).limit(1);
  if (!season) return null;
  return (await nextEpisode(db, title, season))?.id ?? null;
}

/**
 * Applies `report` (a report, or a removal) to the profile's record of `title` (`owner`: the
 * caller's account and profile, `library/caller.ts`), merged by latest update in one
 * transaction: the record held afterwards and whether the report changed it. The upsert's `WHERE`
 * repeats the merge's order, so a concurrent newer write is never overwritten. 401 `profileGone`
 * when the profile was deleted meanwhile.
 */
export async function writeProgress(
  db: SandboxDb,
  owner: { userId: string; profileId: string },
  title: TitleRow,
  report: ProgressRecord,
  receivedAt: Date,
): Promise<{ row: ProgressRow; applied: boolean }> {
  const { userId, profileId } = owner;
  const nextTitleId = await nextTitleOf(db, title, report);
  return writingForProfile(db.transaction(async (tx) => {
    const [stored] = await tx
      .select()
      .from(watchProgress)
      .where(and(eq(watchProgress.profileId, profileId), eq(watchProgress.titleId, title.id)))
      .for('update');
    const { record, applied } = applyProgressReport(stored && recordOf(stored), report);
    if (!applied && stored) return { row: stored, applied: false };
    const values = {
      userId,
      profileId,
      titleId: title.id,
      positionSeconds: record.positionSeconds,
      durationSeconds: record.durationSeconds,
      state: progressState(record),
      ended: record.ended,
      removed: record.removed,
      updatedAt: new Date(record.updatedAtMs),
      receivedAt,
      nextTitleId,
    };
    const newer = sql`(excluded.updated_at, excluded.removed, excluded.ended, excluded.position_seconds, excluded.duration_seconds)
      > (${watchProgress.updatedAt}, ${watchProgress.removed}, ${watchProgress.ended}, ${watchProgress.positionSeconds}, ${watchProgress.durationSeconds})`;
    const [row] = await tx
      .insert(watchProgress)
      .values(values)
      .onConflictDoUpdate({ target: [watchProgress.profileId, watchProgress.titleId], set: values, setWhere: newer })
      .returning();
    if (row) return { row, applied: true };
    return { row: (await progressRow(tx as unknown as SandboxDb, profileId, title.id))!, applied: false };
  }));
}

/** The profile's rows still in the history (not removed), and their order: last updated first. */
const inHistory = (profileId: string) => and(eq(watchProgress.profileId, profileId), eq(watchProgress.removed, false))!;
const lastUpdatedFirst = [desc(watchProgress.updatedAt), desc(watchProgress.titleId)];

/** A page of the history: the rows and their titles, and how many there are. */
export async function historyPage(db: SandboxDb, profileId: string, window: PageWindow, ageLimit?: number) {
  const where = ratedTitleId(inHistory(profileId), watchProgress.titleId, ageLimit)!;
  const rows = await db
    .select({ progress: watchProgress, title: titles, total: db.$count(watchProgress, where) })
    .from(watchProgress)
    .innerJoin(titles, eq(titles.id, watchProgress.titleId))
    .where(where)
    .orderBy(...lastUpdatedFirst)
    .offset(window.offset)
    .limit(window.limit);
  return { rows, total: await totalOf(rows, window, () => db.$count(watchProgress, where)) };
}

/**
 * Continue watching: rows `IN_PROGRESS`, and rows of watched episodes whose next episode has no
 * progress of its own that counts (none, or `NOT_STARTED` and not removed); the title shown is
 * the row's own, or its next episode.
 */
function continueWatchingWhere(profileId: string): SQL {
  const next = sql`exists (select 1 from ${watchProgress} n where n.profile_id = ${watchProgress.profileId} and n.title_id = ${watchProgress.nextTitleId} and (n.removed or n.state <> 'NOT_STARTED'))`;
  return and(
    inHistory(profileId),
    sql`(${watchProgress.state} = 'IN_PROGRESS' or (${watchProgress.state} = 'WATCHED' and ${watchProgress.nextTitleId} is not null and not ${next}))`,
  )!;
}

/** The title a continue-watching row shows: its own, or the next episode of a watched one. */
const shownTitle = sql`case when ${watchProgress.state} = 'WATCHED' then ${watchProgress.nextTitleId} else ${watchProgress.titleId} end`;

/**
 * A page of continue watching: the rows and the titles they show, and how many there are, in one
 * round trip (the size a `$count` subquery, as for the history). The order is the history index's
 * (`watch_progress_profile_updated_idx`, read backwards), so only the page's rows are joined. The
 * count needs no join: a row's own title is a foreign key (cascade) and a next episode that is
 * gone sets `next_title_id` to null (migration 0004), which leaves the row out.
 */
export async function continueWatchingPage(db: SandboxDb, profileId: string, window: PageWindow, ageLimit?: number) {
  const where = ratedTitleId(continueWatchingWhere(profileId), shownTitle, ageLimit)!;
  const rows = await db
    .select({ progress: watchProgress, title: titles, total: db.$count(watchProgress, where) })
    .from(watchProgress)
    .innerJoin(titles, eq(titles.id, shownTitle))
    .where(where)
    .orderBy(...lastUpdatedFirst)
    .offset(window.offset)
    .limit(window.limit);
  return { rows, total: await totalOf(rows, window, () => db.$count(watchProgress, where)) };
}
