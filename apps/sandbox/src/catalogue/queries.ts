/**
 * The catalogue's list queries: titles by live state, releases, popular titles and curated
 * rails, each one page at a time with its total. Times are compared in minutes from the anchor
 * (the stored offsets); the sandbox clock's fractional minute is rounded the way that keeps each
 * comparison exact (`start <= now` is `start <= floor(now)` for whole-minute offsets).
 */
import { and, asc, count, desc, eq, gt, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { EventState } from '@stream/core/contracts';
import type { SandboxDb } from '../db/open.js';
import { playlistItems, railItems, titles } from '../db/schema.js';
import type { PageWindow } from './paging.js';
import type { TitleRow, View } from './tiles.js';
import { DAY_MS, minutesFrom } from './time.js';
import { rated, ratedTitleId } from './rating.js';

/** How far back the releases go, in days. */
export const RELEASES_WINDOW_DAYS = 30;

/** One page of title rows and the size of the whole list. */
export interface TitlePage {
  rows: TitleRow[];
  total: number;
}

/** A whole-minute offset column of `titles`. */
type Column = typeof titles.startOffsetMinutes | typeof titles.endOffsetMinutes | typeof titles.releaseOffsetMinutes;

/** `column < minutes`, `column > minutes`, `column <= minutes` for a fractional `minutes` and whole-minute columns. */
const before = (column: Column, minutes: number) => lt(column, Math.ceil(minutes));
const after = (column: Column, minutes: number) => gt(column, Math.floor(minutes));
const atOrBefore = (column: Column, minutes: number) => lte(column, Math.floor(minutes));

/** Live events in `state` at the view's clock. */
export function eventsIn(state: EventState, view: View): SQL {
  const now = minutesFrom(view.anchorMs, view.nowMs);
  const live = eq(titles.type, 'LIVE');
  if (state === 'UPCOMING') return and(live, after(titles.startOffsetMinutes, now))!;
  if (state === 'ENDED') return and(live, atOrBefore(titles.endOffsetMinutes, now))!;
  return and(live, atOrBefore(titles.startOffsetMinutes, now), after(titles.endOffsetMinutes, now))!;
}

/** Live events overlapping `[fromMs, toMs)`. */
export function eventsDuring(fromMs: number, toMs: number, view: View): SQL {
  return and(
    eq(titles.type, 'LIVE'),
    before(titles.startOffsetMinutes, minutesFrom(view.anchorMs, toMs)),
    after(titles.endOffsetMinutes, minutesFrom(view.anchorMs, fromMs)),
  )!;
}

/** The order of a state's events: live and upcoming soonest first, ended latest first. */
export const eventOrder = (state: EventState) =>
  state === 'ENDED' ? [desc(titles.endOffsetMinutes), asc(titles.id)] : [asc(titles.startOffsetMinutes), asc(titles.id)];

/** When a title was released: an on-demand title's release, an event's end. */
const releasedAt = sql<number>`coalesce(${titles.releaseOffsetMinutes}, ${titles.endOffsetMinutes})`;

/**
 * What was released in the {@link RELEASES_WINDOW_DAYS} days up to the view's clock: on-demand
 * videos and episodes by release, ended events with a replay by their end.
 */
export function released(view: View): SQL {
  const now = minutesFrom(view.anchorMs, view.nowMs);
  const since = now - (RELEASES_WINDOW_DAYS * DAY_MS) / 60_000;
  return or(
    and(inArray(titles.type, ['VOD', 'EPISODE']), atOrBefore(titles.releaseOffsetMinutes, now), after(titles.releaseOffsetMinutes, since - 1)),
    and(eq(titles.type, 'LIVE'), eq(titles.hasReplay, true), atOrBefore(titles.endOffsetMinutes, now), after(titles.endOffsetMinutes, since - 1)),
  )!;
}

/** Newest release first. */
export const releaseOrder = [desc(releasedAt), asc(titles.id)];

/** Titles worth recommending: videos, series, playlists, and events that are not over without a replay. */
export function recommendable(view: View): SQL {
  const over = and(eq(titles.type, 'LIVE'), eq(titles.hasReplay, false), atOrBefore(titles.endOffsetMinutes, minutesFrom(view.anchorMs, view.nowMs)));
  return and(inArray(titles.type, ['VOD', 'SERIES', 'PLAYLIST', 'LIVE']), sql`not coalesce(${over}, false)`)!;
}

/** Most popular first. */
export const popularOrder = [desc(titles.popularity), asc(titles.id)];

/** `where`, limited to `categories` when given. */
export function inCategories(where: SQL, categories: readonly string[] | null | undefined): SQL {
  return categories && categories.length > 0 ? and(where, inArray(titles.category, [...categories]))! : where;
}

/** One page of the titles matching `where` that the view may show (its age limit), in `order`, and their total. */
export async function titlePage(db: SandboxDb, where: SQL, order: SQL[], window: PageWindow, view: Pick<View, 'ageLimit'>): Promise<TitlePage> {
  where = rated(where, view.ageLimit)!;
  const [rows, [total]] = await Promise.all([
    db.select().from(titles).where(where).orderBy(...order).offset(window.offset).limit(window.limit),
    db.select({ n: count() }).from(titles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A table that orders titles in a parent by `position`: a curated rail's items, a playlist's. */
type PositionedTitles = typeof railItems | typeof playlistItems;

/** One page of the titles `link` orders in one parent (`parent`: its parent-id column), those the view may show, and their total. */
async function positionedPage(
  db: SandboxDb,
  link: PositionedTitles,
  parent: SQL,
  window: PageWindow,
  view: Pick<View, 'ageLimit'>,
): Promise<TitlePage> {
  const where = ratedTitleId(parent, link.titleId, view.ageLimit);
  const [rows, [total]] = await Promise.all([
    db
      .select({ title: titles })
      .from(link)
      .innerJoin(titles, eq(titles.id, link.titleId))
      .where(where)
      .orderBy(asc(link.position))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(link).where(where),
  ]);
  return { rows: rows.map((row) => row.title), total: total?.n ?? 0 };
}

/** One page of a curated rail's titles that the view may show, in its order, and their total. */
export function curatedPage(db: SandboxDb, railId: string, window: PageWindow, view: Pick<View, 'ageLimit'>): Promise<TitlePage> {
  return positionedPage(db, railItems, eq(railItems.railId, railId), window, view);
}

/** One page of a playlist's titles that the view may show, in its order, and their total. */
export function playlistPage(db: SandboxDb, playlistId: string, window: PageWindow, view: Pick<View, 'ageLimit'>): Promise<TitlePage> {
  return positionedPage(db, playlistItems, eq(playlistItems.playlistId, playlistId), window, view);
}

/** The first child of `parentId` of `type` numbered after `after` (numbers start at 1) that a session with `ageLimit` may see. */
export async function firstChildAfter(
  db: SandboxDb,
  parentId: string,
  type: 'SEASON' | 'EPISODE',
  after = 0,
  ageLimit?: number,
): Promise<TitleRow | undefined> {
  const [row] = await db
    .select()
    .from(titles)
    .where(rated(and(eq(titles.parentId, parentId), eq(titles.type, type), gt(titles.number, after)), ageLimit))
    .orderBy(asc(titles.number))
    .limit(1);
  return row;
}

/** The episode after `episode`: the next of its season, else the first of the series' next season (within `ageLimit`). */
export async function nextEpisode(db: SandboxDb, episode: TitleRow, season: TitleRow, ageLimit?: number): Promise<TitleRow | undefined> {
  const sameSeason = await firstChildAfter(db, season.id, 'EPISODE', episode.number ?? 0, ageLimit);
  if (sameSeason || !season.parentId) return sameSeason;
  const nextSeason = await firstChildAfter(db, season.parentId, 'SEASON', season.number ?? 0, ageLimit);
  return nextSeason && firstChildAfter(db, nextSeason.id, 'EPISODE', 0, ageLimit);
}
