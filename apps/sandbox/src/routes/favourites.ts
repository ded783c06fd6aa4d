/**
 * Favourites (commerce-and-account-data.md §7 "Favourites", §9; docs/api.md "Favourites, history
 * and continue watching"; `calls.favourites`): the signed-in account's favourite titles, newest
 * first, 9 per page by default; `PUT` and `DELETE` are idempotent. Any catalogue title can be a
 * favourite; an unknown id is 404. Only the rows of the caller's profile are ever read or written
 * (`library/caller.ts`; issue 16: each profile has its own favourites).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { calls, type FavouriteStatus } from '@stream/core/contracts';
import { FAVOURITES_PAGE_SIZE } from '@stream/core/domain';
import type { PageWindow } from '../catalogue/paging.js';
import { favourites, titles } from '../db/schema.js';
import { libraryPage, totalOf } from '../library/pages.js';
import { ageLimitOf, ratedTitleId } from '../catalogue/rating.js';
import { requireTitle } from '../library/titles.js';
import { libraryCaller, writingForProfile } from '../library/caller.js';
import type { RouteContext } from './context.js';

const F = calls.favourites;

/** Registers every call of `calls.favourites`. */
export function registerFavouriteRoutes(ctx: RouteContext): void {
  const { db, route } = ctx;

  /** The favourite row of `profileId` and `titleId`, if any. */
  async function favouriteOf(profileId: string, titleId: string) {
    const [row] = await db
      .select()
      .from(favourites)
      .where(and(eq(favourites.profileId, profileId), eq(favourites.titleId, titleId)))
      .limit(1);
    return row;
  }

  const status = (id: string, row: { createdAt: Date } | undefined): FavouriteStatus =>
    row ? { id, favourite: true, favouritedAt: row.createdAt.toISOString() } : { id, favourite: false };

  /** A page of the profile's favourites, newest first, and how many there are. */
  async function favouritesPage(profileId: string, window: PageWindow, ageLimit: number | undefined) {
    const mine = ratedTitleId(eq(favourites.profileId, profileId), favourites.titleId, ageLimit)!;
    const rows = await db
      .select({ title: titles, favouritedAt: favourites.createdAt, total: db.$count(favourites, mine) })
      .from(favourites)
      .innerJoin(titles, eq(titles.id, favourites.titleId))
      .where(mine)
      .orderBy(desc(favourites.createdAt), desc(favourites.titleId))
      .offset(window.offset)
      .limit(window.limit);
    return { rows, total: await totalOf(rows, window, () => db.$count(favourites, mine)) };
  }

  // GET /api/v2/favourite/vods?rpp=&lastSeen=: newest first.
  route(F.list, async ({ query }, c) => {
    const page = await libraryPage(ctx, c, query, FAVOURITES_PAGE_SIZE, favouritesPage);
    return {
      items: page.entries.map(({ row, tile }) => ({ ...tile, favouritedAt: row.favouritedAt.toISOString() })),
      pagingInfo: page.pagingInfo,
    };
  });

  // GET /api/v2/favourite/vods/:id: whether the title is a favourite.
  route(F.get, async ({ params }, c) => {
    const { claims, profileId } = await libraryCaller(ctx, c);
    await requireTitle(db, params.id, ageLimitOf(claims));
    return status(params.id, await favouriteOf(profileId, params.id));
  });

  // GET /api/v2/favourite/status?ids=: which of the titles asked are favourites, in the order asked.
  route(F.status, async ({ query }, c) => {
    const { claims, profileId } = await libraryCaller(ctx, c);
    const ids = query.ids.split(',');
    const rows = await db
      .select()
      .from(favourites)
      .where(ratedTitleId(and(eq(favourites.profileId, profileId), inArray(favourites.titleId, ids)), favourites.titleId, ageLimitOf(claims)));
    const byId = new Map(rows.map((row) => [row.titleId, row]));
    return { items: ids.map((id) => status(id, byId.get(id))) };
  });

  // PUT /api/v2/favourite/vods/:id: idempotent; the first PUT's time is kept.
  route(F.add, async ({ params }, c) => {
    const { claims, userId, profileId } = await libraryCaller(ctx, c);
    await requireTitle(db, params.id, ageLimitOf(claims));
    const now = await ctx.sandboxNow();
    await writingForProfile(db.insert(favourites).values({ userId, profileId, titleId: params.id, createdAt: now }).onConflictDoNothing());
    ctx.autoAnalyze.changed('favourites');
    return status(params.id, await favouriteOf(profileId, params.id));
  });

  // DELETE /api/v2/favourite/vods/:id: idempotent.
  route(F.remove, async ({ params }, c) => {
    const { claims, profileId } = await libraryCaller(ctx, c);
    await requireTitle(db, params.id, ageLimitOf(claims));
    await db.delete(favourites).where(and(eq(favourites.profileId, profileId), eq(favourites.titleId, params.id)));
    ctx.autoAnalyze.changed('favourites');
    return status(params.id, undefined);
  });
}
