/**
 * Watch history, progress and continue watching (this project's calls, docs/api.md "Favourites,
 * history and continue watching"; `calls.history`): the player's reports merged per profile and
 * title by latest update (`@stream/core/domain` `history.ts`, `library/progress.ts`), the
 * history, one title's progress, removal (a tombstone: older reports do not bring a title back)
 * and continue watching. Only on-demand titles (VOD, EPISODE) are tracked; an unknown id is 404.
 * Only the rows of the caller's profile are ever read or written (`library/caller.ts`; issue 16:
 * each profile has its own history and continue watching).
 */
import { calls, type ContinueWatchingItem } from '@stream/core/contracts';
import { CONTINUE_WATCHING_PAGE_SIZE, HISTORY_PAGE_SIZE, isTrackedTitleType, reportUpdatedAtMs, type ProgressRecord } from '@stream/core/domain';
import { badRequest } from '../errors.js';
import { continueWatchingPage, historyPage, noProgress, progressOf, progressRow, recordOf, writeProgress } from '../library/progress.js';
import { libraryPage } from '../library/pages.js';
import { ageLimitOf } from '../catalogue/rating.js';
import { requireTitle } from '../library/titles.js';
import { libraryCaller } from '../library/caller.js';
import type { RouteContext } from './context.js';

const H = calls.history;

/** Registers every call of `calls.history`. */
export function registerHistoryRoutes(ctx: RouteContext): void {
  const { db, route } = ctx;

  // GET /api/v2/history?rpp=&lastSeen=: last updated first, removed titles left out.
  route(H.list, async ({ query }, c) => {
    const page = await libraryPage(ctx, c, query, HISTORY_PAGE_SIZE, (profileId, window, ageLimit) => historyPage(db, profileId, window, ageLimit));
    return { items: page.entries.map(({ row, tile }) => ({ tile, progress: progressOf(row.progress) })), pagingInfo: page.pagingInfo };
  });

  // GET /api/v2/history/:id: one title's progress (not started when none, or removed).
  route(H.get, async ({ params }, c) => {
    const { claims, profileId } = await libraryCaller(ctx, c);
    const title = await requireTitle(db, params.id, ageLimitOf(claims));
    const row = await progressRow(db, profileId, title.id);
    return { id: title.id, progress: row && !row.removed ? progressOf(row) : noProgress(title) };
  });

  // PUT /api/v2/history/:id: a report, merged by latest update.
  route(H.report, async ({ params, body }, c) => {
    const { claims, ...owner } = await libraryCaller(ctx, c);
    const title = await requireTitle(db, params.id, ageLimitOf(claims));
    if (!isTrackedTitleType(title.type)) throw badRequest('titleNotTracked');
    const now = await ctx.sandboxNow();
    const ended = body.ended === true;
    const report: ProgressRecord = {
      positionSeconds: ended ? body.durationSeconds : Math.min(body.positionSeconds, body.durationSeconds),
      durationSeconds: body.durationSeconds,
      updatedAtMs: reportUpdatedAtMs(Date.parse(body.updatedAt), now.getTime()),
      ended,
      removed: false,
    };
    const { row, applied } = await writeProgress(db, owner, title, report, now);
    ctx.autoAnalyze.changed('watch_progress');
    return { id: title.id, progress: row.removed ? noProgress(title) : progressOf(row), applied };
  });

  // DELETE /api/v2/history/:id: removed from the history and continue watching (a tombstone at the platform's time).
  route(H.remove, async ({ params }, c) => {
    const { claims, ...owner } = await libraryCaller(ctx, c);
    const title = await requireTitle(db, params.id, ageLimitOf(claims));
    if (!isTrackedTitleType(title.type)) return { id: title.id };
    const now = await ctx.sandboxNow();
    const stored = await progressRow(db, owner.profileId, title.id);
    const base = stored ? recordOf(stored) : { positionSeconds: 0, durationSeconds: title.durationSeconds ?? 0, ended: false };
    // At the platform's time, or the record's own if the clock was set back: a removal always takes.
    const updatedAtMs = Math.max(now.getTime(), stored?.updatedAt.getTime() ?? 0);
    await writeProgress(db, owner, title, { ...base, updatedAtMs, removed: true }, now);
    ctx.autoAnalyze.changed('watch_progress');
    return { id: title.id };
  });

  // GET /api/v2/continue-watching?rpp=&lastSeen=: in progress, and the next episode of a watched one.
  route(H.continueWatching, async ({ query }, c) => {
    const page = await libraryPage(ctx, c, query, CONTINUE_WATCHING_PAGE_SIZE, (profileId, window, ageLimit) => continueWatchingPage(db, profileId, window, ageLimit));
    const items = page.entries.map(({ row: { progress, title }, tile }): ContinueWatchingItem => {
      if (progress.state === 'IN_PROGRESS') return { tile, progress: progressOf(progress), reason: 'IN_PROGRESS' };
      return {
        tile,
        progress: { ...noProgress(title), updatedAt: progress.updatedAt.toISOString() },
        reason: 'NEXT_EPISODE',
        previousId: progress.titleId,
      };
    });
    return { items, pagingInfo: page.pagingInfo };
  });
}
