/**
 * Watchlists (commerce-and-account-data.md §3, §4, §7 "Watchlists (older)" and "(newer)", §9;
 * docs/api.md "Watchlists"): `calls.watchlists` (`/api/v2/watchlists…`, with this project's
 * sharing calls) and `calls.userWatchlist` (`/api/v4/user/watchlist…`).
 *
 * Lists belong to a profile (issue 16: each profile has its own watchlists; the caller's profile
 * is `library/caller.ts`'s). Every call is decided by `decideWatchlistAction` of
 * `@stream/core/domain` (the §4 rules, the same function the web reads): the caller's relation to
 * the list is `OWNED` (its profile owns it), `SHARED` (a `watchlist_viewers` row: the caller's
 * profile opened it by its shareable path; saved or not; another profile of the same account
 * too) or none, which is 404 whatever the ids, so nobody else's list is reachable by guessing
 * them. `ownerExternalId` is the owning profile's account.
 * Content ids are catalogue titles (`titles`); an unknown one, or a type that is not the
 * title's, is 404. Times are the sandbox clock.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { calls, type WatchlistContent, type WatchlistSummary } from '@stream/core/contracts';
import {
  applyWatchlistReorder,
  decideWatchlistAction,
  WATCHLIST_ADJACENT_SIZE,
  WATCHLIST_CONTENT_PAGE_SIZE,
  WATCHLIST_MAX_ITEMS,
  WATCHLIST_MAX_LISTS,
  watchlistName,
  watchlistShareablePath,
  WATCHLISTS_PAGE_SIZE,
  type WatchlistAction,
  type WatchlistRelation,
} from '@stream/core/domain';
import { pageWindow, pagingInfo, type PageWindow } from '../catalogue/paging.js';
import { catalogueLocale, inLocale } from '../catalogue/text.js';
import { imagesOf } from '../catalogue/tiles.js';
import type { SandboxDb } from '../db/open.js';
import type { Localized } from '../db/types.js';
import { ageLimitOf, rated, ratedTitleId } from '../catalogue/rating.js';
import type { AccessClaims } from '../auth/jwt.js';
import { libraryCaller, writingForProfile, type LibraryCaller } from '../library/caller.js';
import { titles, watchlistItems, watchlists, watchlistViewers } from '../db/schema.js';
import { ApiHttpError, badRequest } from '../errors.js';
import type { CatalogueLocale } from '../seed/texts.js';
import type { RouteContext } from './context.js';

type WatchlistRow = typeof watchlists.$inferSelect;

/** How many item thumbnails a list's summary shows. */
const SUMMARY_THUMBNAILS = 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A list and how the caller stands to it. */
interface Reached {
  list: WatchlistRow;
  relation: WatchlistRelation;
}

/** What every answer's content is drawn for: the request's locale and the sandbox's base URL. */
interface ContentView {
  locale: CatalogueLocale;
  base: string;
  /** A child profile's age-rating limit: items above it are left out (`catalogue/rating.ts`). */
  ageLimit: number | undefined;
}

/** Registers every call of `calls.watchlists` and `calls.userWatchlist`. */
export function registerWatchlistRoutes(ctx: RouteContext): void {
  const { db, route } = ctx;
  const W = calls.watchlists;
  const V4 = calls.userWatchlist;

  function viewOf(c: Context, user: AccessClaims): ContentView {
    const locale = catalogueLocale(c.req.header('accept-language'));
    c.header('Content-Language', locale);
    c.header('Vary', 'Accept-Language');
    return { locale, base: ctx.publicUrl(c), ageLimit: ageLimitOf(user) };
  }

  /**
   * The list `id` as the caller's profile reaches it, checked with the §4 rules for `action` (and,
   * when given, that `ownerId` is its owner's account id): 404, 403 `NOT_OWNER` or 409 as
   * `decideWatchlistAction` says.
   */
  async function reach(me: LibraryCaller, id: string, action: WatchlistAction, ownerId?: string): Promise<Reached & { saved: boolean }> {
    const found = await findReached(db, me.profileId, id);
    const decision = decideWatchlistAction(found && (ownerId === undefined || found.list.ownerId === ownerId) ? found.relation : null, action);
    if (!decision.allowed) {
      if (decision.code === 'NOT_OWNER') throw new ApiHttpError(403, 'NOT_OWNER', ['watchlistNotOwner']);
      if (decision.code === 'CONFLICT') throw new ApiHttpError(409, 'CONFLICT', ['ownWatchlistAlwaysSaved']);
      if (decision.code === 'BAD_REQUEST') throw badRequest(`Unknown action ${action}`);
      throw new ApiHttpError(404, 'NOT_FOUND', [`No watchlist ${id}`]);
    }
    return { ...found!, saved: decision.saved };
  }

  // GET /api/v2/watchlists?rpp=25&lastSeen=: the lists the caller's profile owns and the shared ones it saved.
  route(W.list, async ({ query }, c) => {
    const me = await libraryCaller(ctx, c);
    const view = viewOf(c, me.claims);
    const window = pageWindow(query, WATCHLISTS_PAGE_SIZE);
    const [owned, saved] = await Promise.all([
      db.select({ list: watchlists, at: watchlists.createdAt }).from(watchlists).where(eq(watchlists.profileId, me.profileId)),
      db
        .select({ list: watchlists, at: watchlistViewers.savedAt })
        .from(watchlistViewers)
        .innerJoin(watchlists, eq(watchlists.id, watchlistViewers.watchlistId))
        .where(and(eq(watchlistViewers.profileId, me.profileId), isNotNull(watchlistViewers.savedAt))),
    ]);
    const library = [
      ...owned.map((row) => ({ ...row, relation: { ownership: 'OWNED', saved: true } as const })),
      ...saved.map((row) => ({ ...row, relation: { ownership: 'SHARED', saved: true } as const })),
    ].sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0) || (a.list.id < b.list.id ? -1 : 1));
    const page = library.slice(window.offset, window.offset + window.limit);
    const summaries = await summariesOf(db, page, view);
    return { watchlists: summaries, pagingInfo: pagingInfo(window, page.length, library.length) };
  });

  // POST /api/v2/watchlists { name } → 201 { id }: the caller's profile holds at most WATCHLIST_MAX_LISTS.
  route(W.create, async ({ body }, c) => {
    const me = await libraryCaller(ctx, c);
    const name = watchlistName(body.name);
    if (name === null) throw badRequest('name: A name of 1 to 100 characters');
    const [held] = await db.select({ n: count() }).from(watchlists).where(eq(watchlists.profileId, me.profileId));
    if ((held?.n ?? 0) >= WATCHLIST_MAX_LISTS) throw new ApiHttpError(409, 'CONFLICT', ['watchlistLimitReached']);
    const now = await ctx.sandboxNow();
    const id = randomUUID();
    await writingForProfile(
      db
        .insert(watchlists)
        .values({ id, ownerId: me.userId, profileId: me.profileId, name, shareToken: randomBytes(16).toString('base64url'), createdAt: now, updatedAt: now }),
    );
    return { id };
  });

  // PUT /api/v2/watchlists/:id { name }: OWNED only.
  route(W.rename, async ({ params, body }, c) => {
    const me = await libraryCaller(ctx, c);
    const reached = await reach(me, params.id, 'rename');
    const name = watchlistName(body.name);
    if (name === null) throw badRequest('name: A name of 1 to 100 characters');
    const [list] = await db.update(watchlists).set({ name, updatedAt: await ctx.sandboxNow() }).where(eq(watchlists.id, reached.list.id)).returning();
    const [summary] = await summariesOf(db, [{ list: list!, relation: reached.relation }], viewOf(c, me.claims));
    return summary!;
  });

  // DELETE /api/v2/watchlists/:ownerId/:id: OWNED only; a SHARED list is 403 and stays saved.
  route(W.remove, async ({ params }, c) => {
    const me = await libraryCaller(ctx, c);
    const reached = await reach(me, params.id, 'delete', params.ownerId);
    await db.delete(watchlists).where(eq(watchlists.id, reached.list.id));
    return {};
  });

  /** Save (`true`) or unsave a SHARED list; its summary as the caller now sees it. */
  async function setSaved(c: Context, params: { ownerId: string; id: string }, action: 'save' | 'unsave') {
    const me = await libraryCaller(ctx, c);
    const reached = await reach(me, params.id, action, params.ownerId);
    const savedAt = reached.saved ? await ctx.sandboxNow() : null;
    if (reached.saved !== reached.relation.saved) {
      await db
        .update(watchlistViewers)
        .set({ savedAt })
        .where(and(eq(watchlistViewers.watchlistId, reached.list.id), eq(watchlistViewers.profileId, me.profileId)));
    }
    const [summary] = await summariesOf(db, [{ list: reached.list, relation: { ...reached.relation, saved: reached.saved } }], viewOf(c, me.claims));
    return summary!;
  }

  // POST /api/v2/watchlists/:ownerId/:id/save and DELETE …/save (this project's).
  route(W.save, ({ params }, c) => setSaved(c, params, 'save'));
  route(W.unsave, ({ params }, c) => setSaved(c, params, 'unsave'));

  // GET /api/v2/watchlists/:ownerId/:id/adjacentTo/:contentId?size=5.
  route(W.adjacent, async ({ params, query }, c) => {
    const me = await libraryCaller(ctx, c);
    const reached = await reach(me, params.id, 'view', params.ownerId);
    const items = await contentOf(db, reached.list.id, { offset: 0, limit: WATCHLIST_MAX_ITEMS }, viewOf(c, me.claims));
    const at = items.findIndex((item) => item.id === params.contentId);
    if (at < 0) throw new ApiHttpError(404, 'NOT_FOUND', [`No content ${params.contentId} in watchlist ${params.id}`]);
    const size = query.size ?? WATCHLIST_ADJACENT_SIZE;
    return {
      watchlistExternalId: reached.list.id,
      contentId: params.contentId,
      previous: items.slice(Math.max(0, at - size), at),
      next: items.slice(at + 1, at + 1 + size),
    };
  });

  // GET /api/v2/watchlists/shared/:shareToken: opens a list by its link (a SHARED viewer is recorded).
  route(W.shared, async ({ params, query }, c) => {
    const me = await libraryCaller(ctx, c);
    const [list] = await db.select().from(watchlists).where(eq(watchlists.shareToken, params.shareToken)).limit(1);
    if (!list) throw new ApiHttpError(404, 'NOT_FOUND', ['No watchlist for this link']);
    if (list.profileId !== me.profileId) {
      const viewer = { watchlistId: list.id, viewerId: me.userId, profileId: me.profileId, reachedAt: await ctx.sandboxNow() };
      await writingForProfile(db.insert(watchlistViewers).values(viewer).onConflictDoNothing());
    }
    const reached = await reach(me, list.id, 'view');
    return watchlistPage(c, me.claims, reached, pageWindow(query, WATCHLIST_CONTENT_PAGE_SIZE));
  });

  /** A list with a page of its content, as the caller sees it. */
  async function watchlistPage(c: Context, user: AccessClaims, reached: Reached, window: PageWindow) {
    const view = viewOf(c, user);
    const [[summary], content] = await Promise.all([summariesOf(db, [reached], view), contentOf(db, reached.list.id, window, view)]);
    return { ...summary!, content, pagingInfo: pagingInfo(window, content.length, summary!.itemCount) };
  }

  // GET /api/v4/user/watchlist/:id?rpp=60&lastSeen=.
  route(V4.get, async ({ params, query }, c) => {
    const me = await libraryCaller(ctx, c);
    const reached = await reach(me, params.id, 'view');
    return watchlistPage(c, me.claims, reached, pageWindow(query, WATCHLIST_CONTENT_PAGE_SIZE));
  });

  // POST /api/v4/user/watchlist/:id/content { content: { id, contentType } }: at the end; idempotent.
  route(V4.addContent, async ({ params, body }, c) => {
    const me = await libraryCaller(ctx, c);
    const reached = await reach(me, params.id, 'addContent');
    const title = await findTitle(db, body.content.contentType, body.content.id, ageLimitOf(me.claims));
    const key = and(eq(watchlistItems.watchlistId, reached.list.id), eq(watchlistItems.contentType, title.type), eq(watchlistItems.contentId, title.id));
    const [held] = await db.select({ id: watchlistItems.contentId }).from(watchlistItems).where(key).limit(1);
    if (!held) {
      const [size] = await db.select({ n: count() }).from(watchlistItems).where(eq(watchlistItems.watchlistId, reached.list.id));
      if ((size?.n ?? 0) >= WATCHLIST_MAX_ITEMS) throw new ApiHttpError(409, 'CONFLICT', ['watchlistFull']);
      const now = await ctx.sandboxNow();
      const [slot] = await db
        .update(watchlists)
        .set({ nextPosition: sql`${watchlists.nextPosition} + 1`, updatedAt: now })
        .where(eq(watchlists.id, reached.list.id))
        .returning({ next: watchlists.nextPosition });
      await db
        .insert(watchlistItems)
        .values({ watchlistId: reached.list.id, contentType: title.type, contentId: title.id, position: slot!.next - 1, addedAt: now })
        .onConflictDoNothing();
      ctx.autoAnalyze.changed('watchlist_items');
    }
    return { content: contentEntry(title, viewOf(c, me.claims)) };
  });

  // POST /api/v4/user/watchlist/:id?lastSeen=n { content }: the first n items in a new order (§9).
  route(V4.reorder, async ({ params, query, body }, c) => {
    const me = await libraryCaller(ctx, c);
    const reached = await reach(me, params.id, 'reorder');
    const rows = await db
      .select({ id: watchlistItems.contentId, type: watchlistItems.contentType, position: watchlistItems.position })
      .from(watchlistItems)
      .where(eq(watchlistItems.watchlistId, reached.list.id))
      .orderBy(asc(watchlistItems.position));
    const outcome = applyWatchlistReorder(rows, { lastSeen: query.lastSeen, content: body.content });
    if (!outcome.ok) {
      if (outcome.problem === 'STALE') throw new ApiHttpError(409, 'CONFLICT', ['watchlistChanged']);
      throw badRequest(
        outcome.problem === 'DUPLICATE' ? 'content: An item is sent twice' : `content: Exactly lastSeen (${query.lastSeen}) items are needed`,
      );
    }
    // The first n items take the positions the first n held, in their new order: the rest keep theirs.
    const positions = rows.slice(0, query.lastSeen).map((row) => row.position);
    const moved = outcome.items.slice(0, query.lastSeen).flatMap((item, i) => (item.position === positions[i] ? [] : [{ item, position: positions[i]! }]));
    if (moved.length > 0) {
      // The clock is read before the transaction: PGlite has one connection, which the transaction holds.
      const now = await ctx.sandboxNow();
      await db.transaction(async (tx) => {
        for (const { item, position } of moved) {
          await tx
            .update(watchlistItems)
            .set({ position })
            .where(and(eq(watchlistItems.watchlistId, reached.list.id), eq(watchlistItems.contentType, item.type), eq(watchlistItems.contentId, item.id)));
        }
        await tx.update(watchlists).set({ updatedAt: now }).where(eq(watchlists.id, reached.list.id));
      });
    }
    const content = await contentOf(db, reached.list.id, { offset: 0, limit: query.lastSeen }, viewOf(c, me.claims));
    return { lastSeen: query.lastSeen, content };
  });

  // DELETE /api/v4/user/watchlist/:id/content/:type/:contentId: idempotent.
  route(V4.removeContent, async ({ params }, c) => {
    const me = await libraryCaller(ctx, c);
    const reached = await reach(me, params.id, 'removeContent');
    const title = await findTitle(db, params.type, params.contentId, ageLimitOf(me.claims));
    const removed = await db
      .delete(watchlistItems)
      .where(and(eq(watchlistItems.watchlistId, reached.list.id), eq(watchlistItems.contentType, title.type), eq(watchlistItems.contentId, title.id)))
      .returning({ id: watchlistItems.contentId });
    if (removed.length > 0) await db.update(watchlists).set({ updatedAt: await ctx.sandboxNow() }).where(eq(watchlists.id, reached.list.id));
    ctx.autoAnalyze.changed('watchlist_items', removed.length);
    return {};
  });
}

/** The list `id` and how the profile `profileId` stands to it; undefined when it has no relation (or no such list, or an id that is not a UUID). */
async function findReached(db: SandboxDb, profileId: string, id: string): Promise<Reached | undefined> {
  if (!UUID.test(id)) return undefined;
  const [found] = await db
    .select({ list: watchlists, savedAt: watchlistViewers.savedAt, viewer: watchlistViewers.profileId })
    .from(watchlists)
    .leftJoin(watchlistViewers, and(eq(watchlistViewers.watchlistId, watchlists.id), eq(watchlistViewers.profileId, profileId)))
    .where(eq(watchlists.id, id))
    .limit(1);
  if (!found) return undefined;
  if (found.list.profileId === profileId) return { list: found.list, relation: { ownership: 'OWNED', saved: true } };
  if (found.viewer) return { list: found.list, relation: { ownership: 'SHARED', saved: found.savedAt !== null } };
  return undefined;
}

/** The catalogue title `type`/`id` (type in any case); 404 for an unknown id, a type that is not the title's, or a title above `ageLimit`. */
async function findTitle(db: SandboxDb, type: string, id: string, ageLimit: number | undefined) {
  const [title] = await db
    .select({ id: titles.id, type: titles.type, title: titles.title })
    .from(titles)
    .where(rated(eq(titles.id, id), ageLimit))
    .limit(1);
  if (!title || title.type !== type.toUpperCase()) throw new ApiHttpError(404, 'NOT_FOUND', [`No ${type.toUpperCase()} ${id}`]);
  return title;
}

/** An item as the contracts show it (`watchlistContentSchema`). */
function contentEntry(title: { id: string; type: string; title: Localized }, view: ContentView): WatchlistContent {
  const images = imagesOf(view.base, title.id);
  return {
    id: title.id,
    type: title.type as WatchlistContent['type'],
    thumbnailUrl: images.thumbnail!,
    smallCoverUrl: images.poster!,
    title: inLocale(title.title, view.locale),
  };
}

/** A window of a list's items, in the list's order. */
async function contentOf(db: SandboxDb, watchlistId: string, window: PageWindow, view: ContentView): Promise<WatchlistContent[]> {
  if (window.limit === 0) return [];
  const rows = await db
    .select({ id: titles.id, type: titles.type, title: titles.title })
    .from(watchlistItems)
    .innerJoin(titles, eq(titles.id, watchlistItems.contentId))
    .where(ratedTitleId(eq(watchlistItems.watchlistId, watchlistId), watchlistItems.contentId, view.ageLimit))
    .orderBy(asc(watchlistItems.position))
    .offset(window.offset)
    .limit(window.limit);
  return rows.map((row) => contentEntry(row, view));
}

/** The summaries (`watchlistSummarySchema`) of `lists`, in order: their item counts and first thumbnails in two queries. */
async function summariesOf(db: SandboxDb, lists: readonly Reached[], view: ContentView): Promise<WatchlistSummary[]> {
  const ids = lists.map((entry) => entry.list.id);
  if (ids.length === 0) return [];
  const items = ratedTitleId(inArray(watchlistItems.watchlistId, ids), watchlistItems.contentId, view.ageLimit);
  const ranked = db
    .select({
      watchlistId: watchlistItems.watchlistId,
      contentId: watchlistItems.contentId,
      rank: sql<number>`row_number() over (partition by ${watchlistItems.watchlistId} order by ${watchlistItems.position})`.as('rank'),
    })
    .from(watchlistItems)
    .where(items)
    .as('ranked');
  const [counts, firsts] = await Promise.all([
    db
      .select({ watchlistId: watchlistItems.watchlistId, n: count() })
      .from(watchlistItems)
      .where(items)
      .groupBy(watchlistItems.watchlistId),
    db.select().from(ranked).where(lte(ranked.rank, SUMMARY_THUMBNAILS)).orderBy(asc(ranked.watchlistId), asc(ranked.rank)),
  ]);
  const sizes = new Map(counts.map((row) => [row.watchlistId, row.n]));
  return lists.map(({ list, relation }) => {
    const itemCount = sizes.get(list.id) ?? 0;
    return {
      name: list.name,
      watchlistExternalId: list.id,
      ownership: relation.ownership,
      ownerExternalId: list.ownerId,
      thumbnails: firsts.filter((row) => row.watchlistId === list.id).map((row) => imagesOf(view.base, row.contentId).thumbnail!),
      saved: relation.saved,
      shareablePath: watchlistShareablePath(list.shareToken),
      isEmpty: itemCount === 0,
      itemCount,
    };
  });
}
