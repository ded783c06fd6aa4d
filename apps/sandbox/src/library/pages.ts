/** The paged lists of the viewer's library (favourites, history, continue watching): one way to read a page and draw its tiles. */
import type { Context } from 'hono';
import type { PagingInfo, Tile } from '@stream/core/contracts';
import { pageWindow, pagingInfo, type PageWindow } from '../catalogue/paging.js';
import { tilesOf, type TitleRow } from '../catalogue/tiles.js';
import { requestView } from '../catalogue/view.js';
import type { RouteContext } from '../routes/context.js';
import { libraryCaller } from './caller.js';

/** A page of rows, each with the catalogue title it shows, and the size of the whole list. */
export interface LibraryRows<R extends { title: TitleRow }> {
  rows: R[];
  total: number;
}

/**
 * A page of the signed-in caller's list (401 for a guest or no bearer): the window of
 * `{ rpp, lastSeen }` (`defaultRpp` when `rpp` is absent), the rows `load` reads for the caller's
 * profile (`library/caller.ts`: each profile has its own library) and the session's age-rating limit (`catalogue/rating.ts`: a child profile's lists leave out
 * titles above it), each with its title's tile in the request's view, and the `pagingInfo`.
 */
export async function libraryPage<R extends { title: TitleRow }>(
  ctx: RouteContext,
  c: Context,
  query: { rpp?: number | undefined; lastSeen?: number | undefined } | undefined,
  defaultRpp: number,
  load: (profileId: string, window: PageWindow, ageLimit: number | undefined) => Promise<LibraryRows<R>>,
): Promise<{ entries: { row: R; tile: Tile }[]; pagingInfo: PagingInfo }> {
  const { claims, profileId } = await libraryCaller(ctx, c);
  const view = await requestView(ctx, c, claims);
  const window = pageWindow(query, defaultRpp);
  const { rows, total } = await load(profileId, window, view.ageLimit);
  const tiles = await tilesOf(
    ctx.db,
    rows.map((row) => row.title),
    view,
  );
  return { entries: rows.map((row, i) => ({ row, tile: tiles[i]! })), pagingInfo: pagingInfo(window, rows.length, total) };
}

/**
 * The whole list's size, read with a page that selected it as `total` (a `db.$count(…)`
 * subquery: one round trip for the page and its size): the first row's, else (an empty page) 0
 * for the first page or what `count` reads for a page past the end.
 */
export async function totalOf(rows: readonly { total: number }[], window: PageWindow, count: () => Promise<number>): Promise<number> {
  if (rows[0]) return rows[0].total;
  return window.offset === 0 ? 0 : count();
}
