/**
 * The catalogue (this project's calls, docs/api.md "Catalogue"; `calls.catalogue`): sections and
 * rails, titles, seasons, episodes, playlists, live events by state and day, releases, the
 * programme guide, search, news, fighters and rankings, external pages. Every answer is drawn
 * for a {@link View}: the locale `Accept-Language` picks (also sent back as `Content-Language`),
 * the sandbox clock, the catalogue anchor (`catalogue/anchor.ts`) and the sandbox's base URL.
 * A bearer, when sent, is checked as on every call (401 when it does not verify); the answers are
 * the same for every viewer, except that a child profile's session never receives a title above
 * its age-rating limit (`catalogue/rating.ts`: left out of lists, 404 by id).
 */
import { and, asc, count, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  ACCESS_VALUES,
  calls,
  SEARCH_REFINE_KEYS,
  SEARCH_TYPES,
  TITLE_TYPES,
  WEIGHT_CLASSES,
  type FighterTile,
  type FightResult,
  type Programme,
  type Rail,
  type Refine,
  type SearchGroup,
  type SearchRefineKey,
  type SearchType,
  type Title,
  type WeightClass,
  type WinMethod,
} from '@stream/core/contracts';
import { showings } from '../catalogue/guide.js';
import { pageOf, pageWindow, pagingInfo, type PageWindow } from '../catalogue/paging.js';
import {
  curatedPage,
  eventOrder,
  eventsDuring,
  eventsIn,
  inCategories,
  popularOrder,
  recommendable,
  released,
  releaseOrder,
  nextEpisode,
  playlistPage,
  titlePage,
  type TitlePage,
} from '../catalogue/queries.js';
import { queryWords, searchKey, searchTitles } from '../catalogue/search.js';
import { inLocale, optionalInLocale } from '../catalogue/text.js';
import { requestView } from '../catalogue/view.js';
import { rated } from '../catalogue/rating.js';
import { categoryLabel, imagesOf, tilesOf, type TitleRow, type View } from '../catalogue/tiles.js';
import { atOffset, DAY_MS, minutesFrom, zonedDayBounds } from '../catalogue/time.js';
import type { SandboxDb } from '../db/open.js';
import { externalPages, fighters, fightResults, newsFeeds, newsItems, programmes, rails, rankings, sections, titles } from '../db/schema.js';
import { ApiHttpError } from '../errors.js';
import { ACCESS_LABELS, REFINE_LABELS, SEARCH_TYPE_LABELS, WEIGHT_CLASS_LABELS } from '../seed/texts.js';
import type { RouteContext } from './context.js';

const C = calls.catalogue;

type RailRow = typeof rails.$inferSelect;
type FighterRow = typeof fighters.$inferSelect;
type ProgrammeRow = typeof programmes.$inferSelect;
type NewsItemRow = typeof newsItems.$inferSelect;

/** Default page sizes. */
const RPP = { rails: 10, railItems: 12, list: 20, guideChannels: 50, search: 10, fighters: 30, popular: 12, related: 8, latestNews: 3 } as const;

/** The types search returns. */
const SEARCHABLE_TYPES = ['LIVE', 'VOD', 'EPISODE', 'PLAYLIST', 'SERIES'];

const notFound = (what: string) => new ApiHttpError(404, 'NOT_FOUND', [`No ${what}`]);
const iso = (ms: number) => new Date(ms).toISOString();

/** Registers every call of `calls.catalogue`. */
export function registerCatalogueRoutes(ctx: RouteContext): void {
  const { db, route } = ctx;

  /** The view of a request (see the module comment; `catalogue/view.ts`). */
  async function viewOf(c: Context): Promise<View> {
    return requestView(ctx, c, await ctx.optionalUser(c));
  }

  /** A page of a rail's titles: its curated items, or computed on the view's clock. */
  function railPage(rail: RailRow, window: PageWindow, view: View): Promise<TitlePage> {
    const only = (where: Parameters<typeof inCategories>[0]) => inCategories(where, rail.categories);
    switch (rail.source) {
      case 'LIVE_NOW':
        return titlePage(db, only(eventsIn('LIVE', view)), eventOrder('LIVE'), window, view);
      case 'UPCOMING':
        return titlePage(db, only(eventsIn('UPCOMING', view)), eventOrder('UPCOMING'), window, view);
      case 'RELEASES':
        return titlePage(db, only(released(view)), releaseOrder, window, view);
      case 'POPULAR':
        return titlePage(db, only(recommendable(view)), popularOrder, window, view);
      default:
        return curatedPage(db, rail.id, window, view);
    }
  }

  /** A rail and a page of its items. */
  async function railAnswer(rail: RailRow, window: PageWindow, view: View): Promise<Rail> {
    const page = await railPage(rail, window, view);
    return {
      id: rail.id,
      title: inLocale(rail.title, view.locale),
      layout: rail.layout as Rail['layout'],
      source: rail.source as Rail['source'],
      items: await tilesOf(db, page.rows, view),
      pagingInfo: pagingInfo(window, page.rows.length, page.total),
    };
  }

  /** A page of titles with its paging. */
  async function tilePage(page: TitlePage, window: PageWindow, view: View) {
    return { items: await tilesOf(db, page.rows, view), pagingInfo: pagingInfo(window, page.rows.length, page.total) };
  }

  /** The title `id` of `type`; 404 for another type, an unknown type or id, or a title above the view's age limit. */
  async function findTitle(type: string, id: string, view: View, what = type): Promise<TitleRow> {
    const upper = type.toUpperCase();
    if (!(TITLE_TYPES as readonly string[]).includes(upper)) throw notFound(`${what} ${id}`);
    const [row] = await db
      .select()
      .from(titles)
      .where(rated(and(eq(titles.id, id), eq(titles.type, upper)), view.ageLimit))
      .limit(1);
    if (!row) throw notFound(`${upper.toLowerCase()} ${id}`);
    return row;
  }

  // GET /api/v2/sections: the browse categories.
  route(C.sections, async (_, c) => {
    const view = await viewOf(c);
    const rows = await db.select().from(sections).where(eq(sections.kind, 'category')).orderBy(asc(sections.sortOrder));
    return {
      sections: rows.map((row) => ({
        id: row.id,
        title: inLocale(row.title, view.locale),
        ...(row.description ? { description: inLocale(row.description, view.locale) } : {}),
        images: imagesOf(view.base, row.id),
      })),
    };
  });

  // GET /api/v2/sections/:id: a section and a page of its rails, each with its first items.
  route(C.section, async ({ params, query }, c) => {
    const view = await viewOf(c);
    const [section] = await db.select().from(sections).where(eq(sections.id, params.id)).limit(1);
    if (!section) throw notFound(`section ${params.id}`);
    const window = pageWindow(query, RPP.rails);
    const [railRows, [total]] = await Promise.all([
      db.select().from(rails).where(eq(rails.sectionId, section.id)).orderBy(asc(rails.position)).offset(window.offset).limit(window.limit),
      db.select({ n: count() }).from(rails).where(eq(rails.sectionId, section.id)),
    ]);
    const itemsWindow = { offset: 0, limit: query.itemsRpp ?? RPP.railItems };
    return {
      id: section.id,
      title: inLocale(section.title, view.locale),
      ...(section.description ? { description: inLocale(section.description, view.locale) } : {}),
      images: imagesOf(view.base, section.id),
      rails: await Promise.all(railRows.map((rail) => railAnswer(rail, itemsWindow, view))),
      pagingInfo: pagingInfo(window, railRows.length, total?.n ?? 0),
    };
  });

  // GET /api/v2/rails/:id: a rail and a page of its items.
  route(C.rail, async ({ params, query }, c) => {
    const view = await viewOf(c);
    const [rail] = await db.select().from(rails).where(eq(rails.id, params.id)).limit(1);
    if (!rail) throw notFound(`rail ${params.id}`);
    return railAnswer(rail, pageWindow(query, RPP.railItems), view);
  });

  // GET /api/v2/titles/:type/:id: a title's page.
  route(C.title, async ({ params }, c) => {
    const view = await viewOf(c);
    const row = await findTitle(params.type, params.id, view);
    const [tile] = await tilesOf(db, [row], view);
    const answer: Title = { ...tile!, description: inLocale(row.description, view.locale), related: [] };
    const ref = (parent: TitleRow) => ({ id: parent.id, title: inLocale(parent.title, view.locale), ...(parent.number != null ? { number: parent.number } : {}) });
    const parentOf = async (child: TitleRow) =>
      child.parentId
        ? (await db.select().from(titles).where(rated(eq(titles.id, child.parentId), view.ageLimit)).limit(1))[0]
        : undefined;
    if (row.type === 'SEASON') {
      const series = await parentOf(row);
      if (series) answer.series = ref(series);
    }
    if (row.type === 'EPISODE') {
      const season = await parentOf(row);
      const series = season && (await parentOf(season));
      if (season) answer.season = ref(season);
      if (series) answer.series = ref(series);
      const next = season && (await nextEpisode(db, row, season, view.ageLimit));
      if (next) answer.nextEpisode = (await tilesOf(db, [next], view))[0]!;
    }
    if (row.type === 'CHANNEL') {
      const week = await db.select().from(programmes).where(eq(programmes.channelId, row.id));
      answer.nowAndNext = showings(week, view.nowMs, view.nowMs + DAY_MS)
        .slice(0, 2)
        .map((showing) => programmeOf(showing.programme, showing.id, showing.startMs, showing.endMs, view));
    }
    const related = await titlePage(
      db,
      and(recommendable(view), eq(titles.category, row.category), inArray(titles.type, ['VOD', 'SERIES', 'PLAYLIST', 'LIVE']))!,
      popularOrder,
      { offset: 0, limit: RPP.related + 1 },
      view,
    );
    answer.related = await tilesOf(db, related.rows.filter((other) => other.id !== row.id && other.id !== row.parentId).slice(0, RPP.related), view);
    return answer;
  });

  /** The children of `parentId` of `type`, in number order, one page. */
  async function childPage(parentId: string, type: 'SEASON' | 'EPISODE', window: PageWindow, view: View): Promise<TitlePage> {
    return titlePage(db, and(eq(titles.parentId, parentId), eq(titles.type, type))!, [asc(titles.number), asc(titles.id)], window, view);
  }

  // GET /api/v2/series/:id/seasons.
  route(C.seasons, async ({ params, query }, c) => {
    const view = await viewOf(c);
    const series = await findTitle('SERIES', params.id, view, 'series');
    const window = pageWindow(query, RPP.list);
    return { seriesId: series.id, ...(await tilePage(await childPage(series.id, 'SEASON', window, view), window, view)) };
  });

  // GET /api/v2/seasons/:id/episodes.
  route(C.episodes, async ({ params, query }, c) => {
    const view = await viewOf(c);
    const season = await findTitle('SEASON', params.id, view, 'season');
    const window = pageWindow(query, RPP.list);
    return { seasonId: season.id, seriesId: season.parentId ?? '', ...(await tilePage(await childPage(season.id, 'EPISODE', window, view), window, view)) };
  });

  // GET /api/v2/playlists/:id/items.
  route(C.playlist, async ({ params, query }, c) => {
    const view = await viewOf(c);
    const playlist = await findTitle('PLAYLIST', params.id, view, 'playlist');
    const window = pageWindow(query, RPP.list);
    const page = await playlistPage(db, playlist.id, window, view);
    return { playlistId: playlist.id, title: inLocale(playlist.title, view.locale), ...(await tilePage(page, window, view)) };
  });

  // GET /api/v2/events?state=: live events in one state.
  route(C.events, async ({ query }, c) => {
    const view = await viewOf(c);
    const window = pageWindow(query, RPP.list);
    const where = inCategories(eventsIn(query.state, view), query.category ? [query.category] : null);
    return { state: query.state, ...(await tilePage(await titlePage(db, where, eventOrder(query.state), window, view), window, view)) };
  });

  // GET /api/v2/events/schedule?date=&timeZone=: a day's events.
  route(C.schedule, async ({ query }, c) => {
    const view = await viewOf(c);
    const timeZone = query.timeZone ?? 'UTC';
    const { fromMs, toMs } = zonedDayBounds(query.date, timeZone);
    const rows = await db
      .select()
      .from(titles)
      .where(rated(eventsDuring(fromMs, toMs, view), view.ageLimit))
      .orderBy(...eventOrder('LIVE'));
    return { date: query.date, timeZone, from: iso(fromMs), to: iso(toMs), items: await tilesOf(db, rows, view) };
  });

  // GET /api/v2/releases.
  route(C.releases, async ({ query }, c) => {
    const view = await viewOf(c);
    const window = pageWindow(query, RPP.list);
    return tilePage(await titlePage(db, released(view), releaseOrder, window, view), window, view);
  });

  // GET /api/v2/epg?from=&to=: a page of channels and their programmes in the window.
  route(C.guide, async ({ query }, c) => {
    const view = await viewOf(c);
    const fromMs = Date.parse(query.from);
    const toMs = Date.parse(query.to);
    const window = pageWindow(query, RPP.guideChannels);
    const page = await titlePage(db, eq(titles.type, 'CHANNEL'), [asc(titles.sortOrder), asc(titles.id)], window, view);
    const ids = page.rows.map((row) => row.id);
    const week = ids.length === 0 ? [] : await db.select().from(programmes).where(inArray(programmes.channelId, ids));
    const tiles = await tilesOf(db, page.rows, view);
    return {
      from: iso(fromMs),
      to: iso(toMs),
      channels: tiles.map((tile) => ({
        ...tile,
        programmes: showings(
          week.filter((programme) => programme.channelId === tile.id),
          fromMs,
          toMs,
        ).map((showing) => programmeOf(showing.programme, showing.id, showing.startMs, showing.endMs, view)),
      })),
      pagingInfo: pagingInfo(window, page.rows.length, page.total),
    };
  });

  // GET /api/v2/search?q=: results per search type, refines, popular content for an empty query.
  route(C.search, async ({ query }, c) => {
    const view = await viewOf(c);
    const q = (query.q ?? '').trim();
    const rpp = query.rpp ?? RPP.search;
    const page = query.page ?? 1;
    const empty = (): SearchGroup => ({ items: [], totalCount: 0, moreDataAvailable: false });
    if (queryWords(q, view.locale).length === 0) {
      const popular = await titlePage(db, recommendable(view), popularOrder, { offset: 0, limit: RPP.popular }, view);
      return {
        q,
        totalCount: 0,
        page,
        rpp,
        results: { liveEvent: empty(), video: empty(), playlist: empty() },
        refines: [],
        popularContent: await tilesOf(db, popular.rows, view),
      };
    }
    const rows = await db
      .select()
      .from(titles)
      .where(rated(inArray(titles.type, SEARCHABLE_TYPES), view.ageLimit));
    const filters = { type: query.type, category: query.category, access: query.access };
    const outcome = searchTitles(rows, q, view.locale, filters);
    const offset = (page - 1) * rpp;
    const pages = SEARCH_TYPES.map((type) => outcome.groups[type].slice(offset, offset + rpp));
    const tiles = await tilesOf(db, pages.flat(), view);
    const results = {} as Record<SearchType, SearchGroup>;
    let at = 0;
    SEARCH_TYPES.forEach((type, i) => {
      const items = tiles.slice(at, at + pages[i]!.length);
      at += items.length;
      const totalCount = outcome.groups[type].length;
      results[type] = { items, totalCount, moreDataAvailable: offset + items.length < totalCount };
    });
    return { q, totalCount: outcome.totalCount, page, rpp, results, refines: refinesOf(outcome.facets, filters, view) };
  });

  // GET /api/v2/news: the feeds and their latest items.
  route(C.newsFeeds, async (_, c) => {
    const view = await viewOf(c);
    const [feeds, items] = await Promise.all([
      db.select().from(newsFeeds).orderBy(asc(newsFeeds.sortOrder)),
      db.select().from(newsItems).where(publishedBy(view)).orderBy(desc(newsItems.publishedOffsetMinutes), asc(newsItems.id)),
    ]);
    return {
      feeds: feeds.map((feed) => ({
        id: feed.id,
        title: inLocale(feed.title, view.locale),
        ...(feed.description ? { description: inLocale(feed.description, view.locale) } : {}),
        latest: items
          .filter((item) => item.feedId === feed.id)
          .slice(0, RPP.latestNews)
          .map((item) => newsTileOf(item, view)),
      })),
    };
  });

  // GET /api/v2/news/:feedId: a feed and a page of its items.
  route(C.newsFeed, async ({ params, query }, c) => {
    const view = await viewOf(c);
    const [feed] = await db.select().from(newsFeeds).where(eq(newsFeeds.id, params.feedId)).limit(1);
    if (!feed) throw notFound(`news feed ${params.feedId}`);
    const window = pageWindow(query, RPP.list);
    const where = and(eq(newsItems.feedId, feed.id), publishedBy(view));
    const [items, [total]] = await Promise.all([
      db.select().from(newsItems).where(where).orderBy(desc(newsItems.publishedOffsetMinutes), asc(newsItems.id)).offset(window.offset).limit(window.limit),
      db.select({ n: count() }).from(newsItems).where(where),
    ]);
    return {
      id: feed.id,
      title: inLocale(feed.title, view.locale),
      ...(feed.description ? { description: inLocale(feed.description, view.locale) } : {}),
      items: items.map((item) => newsTileOf(item, view)),
      pagingInfo: pagingInfo(window, items.length, total?.n ?? 0),
    };
  });

  // GET /api/v2/news/:feedId/:itemId: one published item of the feed.
  route(C.newsItem, async ({ params }, c) => {
    const view = await viewOf(c);
    const [[feed], [item]] = await Promise.all([
      db.select().from(newsFeeds).where(eq(newsFeeds.id, params.feedId)).limit(1),
      db
        .select()
        .from(newsItems)
        .where(and(eq(newsItems.id, params.itemId), eq(newsItems.feedId, params.feedId), publishedBy(view)))
        .limit(1),
    ]);
    if (!feed || !item) throw notFound(`news item ${params.itemId} in ${params.feedId}`);
    const relatedRows =
      item.relatedTitleIds.length === 0 ? [] : await db.select().from(titles).where(rated(inArray(titles.id, item.relatedTitleIds), view.ageLimit));
    const ordered = item.relatedTitleIds.flatMap((id) => relatedRows.filter((row) => row.id === id));
    return {
      ...newsTileOf(item, view),
      feedTitle: inLocale(feed.title, view.locale),
      body: item.body[view.locale] ?? item.body.en,
      related: await tilesOf(db, ordered, view),
    };
  });

  // GET /api/v2/fighters: A to Z by last name, with the letters.
  route(C.fighters, async ({ query }, c) => {
    const view = await viewOf(c);
    const rows = await db
      .select()
      .from(fighters)
      .where(query.weightClass ? eq(fighters.weightClass, query.weightClass) : undefined);
    const sorted = rows
      .map((row) => ({ row, key: searchKey(`${row.lastName} ${row.firstName}`, 'en') }))
      .sort((a, b) => a.key.localeCompare(b.key, 'en') || a.row.id.localeCompare(b.row.id));
    const initial = (key: string) => key.charAt(0).toUpperCase();
    const letters = new Map<string, number>();
    for (const { key } of sorted) if (/^[A-Z]$/.test(initial(key))) letters.set(initial(key), (letters.get(initial(key)) ?? 0) + 1);
    const letter = query.letter?.toUpperCase();
    const listed = sorted.filter(({ key }) => letter === undefined || initial(key) === letter).map(({ row }) => row);
    const window = pageWindow(query, RPP.fighters);
    const page = pageOf(listed, window);
    return {
      items: await fighterTiles(db, page.items, view),
      letters: [...letters].sort(([a], [b]) => a.localeCompare(b)).map(([l, n]) => ({ letter: l, count: n })),
      pagingInfo: page.pagingInfo,
    };
  });

  // GET /api/v2/fighters/:id: a fighter's page.
  route(C.fighter, async ({ params }, c) => {
    const view = await viewOf(c);
    const [row] = await db.select().from(fighters).where(eq(fighters.id, params.id)).limit(1);
    if (!row) throw notFound(`fighter ${params.id}`);
    const [[tile], results] = await Promise.all([
      fighterTiles(db, [row], view),
      db.select().from(fightResults).where(eq(fightResults.fighterId, row.id)).orderBy(desc(fightResults.dateOffsetDays), asc(fightResults.id)),
    ]);
    return {
      ...tile!,
      bio: inLocale(row.bio, view.locale),
      ...(row.stance ? { stance: row.stance } : {}),
      ...(row.heightCm != null ? { heightCm: row.heightCm } : {}),
      ...(row.reachCm != null ? { reachCm: row.reachCm } : {}),
      results: results.map((result) => ({
        id: result.id,
        date: iso(view.anchorMs + result.dateOffsetDays * DAY_MS),
        opponent: { ...(result.opponentId ? { id: result.opponentId } : {}), name: result.opponentName },
        result: result.result as FightResult,
        method: result.method as WinMethod,
        round: result.round,
        ...(result.time ? { time: result.time } : {}),
        eventTitle: result.eventTitle,
        ...(result.eventId ? { eventId: result.eventId } : {}),
      })),
    };
  });

  // GET /api/v2/rankings: per weight class, the champion and the contenders.
  route(C.rankings, async ({ query }, c) => {
    const view = await viewOf(c);
    const rows = await db
      .select()
      .from(rankings)
      .where(query.weightClass ? eq(rankings.weightClass, query.weightClass) : undefined)
      .orderBy(asc(rankings.position));
    const fighterRows = rows.length === 0 ? [] : await db.select().from(fighters).where(inArray(fighters.id, rows.map((row) => row.fighterId)));
    const tiles = new Map((await fighterTiles(db, fighterRows, view)).map((tile) => [tile.id, tile]));
    const classes: WeightClass[] = query.weightClass ? [query.weightClass] : WEIGHT_CLASSES.filter((klass) => rows.some((row) => row.weightClass === klass));
    return {
      weightClasses: classes.map((weightClass) => {
        const ranked = rows.filter((row) => row.weightClass === weightClass);
        const champion = ranked.find((row) => row.position === 0);
        return {
          weightClass,
          label: inLocale(WEIGHT_CLASS_LABELS[weightClass], view.locale),
          champion: (champion && tiles.get(champion.fighterId)) ?? null,
          ranked: ranked.filter((row) => row.position > 0).map((row) => ({ position: row.position, fighter: tiles.get(row.fighterId)! })),
        };
      }),
    };
  });

  // GET /api/v2/external-pages/:id.
  route(C.externalPage, async ({ params }, c) => {
    const view = await viewOf(c);
    const [page] = await db.select().from(externalPages).where(eq(externalPages.id, params.id)).limit(1);
    if (!page) throw notFound(`external page ${params.id}`);
    const description = optionalInLocale(page.description, view.locale);
    return {
      id: page.id,
      title: inLocale(page.title, view.locale),
      ...(description ? { description } : {}),
      blocks: page.blocks[view.locale] ?? page.blocks.en,
      updatedDate: iso(view.anchorMs + page.updatedOffsetDays * DAY_MS),
    };
  });
}

/** News items published by the view's clock. */
function publishedBy(view: View) {
  return lte(newsItems.publishedOffsetMinutes, Math.floor(minutesFrom(view.anchorMs, view.nowMs)));
}

/** A news item as a tile. */
function newsTileOf(item: NewsItemRow, view: View) {
  return {
    id: item.id,
    feedId: item.feedId,
    title: inLocale(item.title, view.locale),
    summary: inLocale(item.summary, view.locale),
    publishedDate: iso(atOffset(view.anchorMs, item.publishedOffsetMinutes)),
    images: imagesOf(view.base, item.id),
  };
}

/** One showing of a programme in the wire shape. */
function programmeOf(row: ProgrammeRow, id: string, startMs: number, endMs: number, view: View): Programme {
  const description = optionalInLocale(row.description, view.locale);
  return {
    id,
    channelId: row.channelId,
    title: inLocale(row.title, view.locale),
    ...(description ? { description } : {}),
    category: row.category,
    categoryLabel: categoryLabel(row.category, view.locale),
    startDate: iso(startMs),
    endDate: iso(endMs),
  };
}

/** Fighter rows as tiles: records counted from their results, rankings attached. */
async function fighterTiles(db: SandboxDb, rows: readonly FighterRow[], view: View): Promise<FighterTile[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [counts, places] = await Promise.all([
    db
      .select({ fighterId: fightResults.fighterId, result: fightResults.result, n: count() })
      .from(fightResults)
      .where(inArray(fightResults.fighterId, ids))
      .groupBy(fightResults.fighterId, fightResults.result),
    db.select().from(rankings).where(inArray(rankings.fighterId, ids)),
  ]);
  return rows.map((row) => {
    const n = (result: FightResult) => counts.find((entry) => entry.fighterId === row.id && entry.result === result)?.n ?? 0;
    const place = places.find((entry) => entry.fighterId === row.id);
    const weightClass = row.weightClass as WeightClass;
    return {
      id: row.id,
      name: `${row.firstName} ${row.lastName}`,
      firstName: row.firstName,
      lastName: row.lastName,
      ...(row.nickname ? { nickname: row.nickname } : {}),
      country: row.country,
      weightClass,
      weightClassLabel: inLocale(WEIGHT_CLASS_LABELS[weightClass], view.locale),
      record: { wins: n('win'), losses: n('loss'), noContests: n('noContest') },
      ...(place ? { ranking: { position: place.position, champion: place.position === 0 } } : {}),
      images: imagesOf(view.base, row.id),
    };
  });
}

/** The refines of a search: each key's values with labels, counts and the selected one (kept, with 0, when nothing has it). */
function refinesOf(
  facets: Record<SearchRefineKey, Map<string, number>>,
  filters: Partial<Record<SearchRefineKey, string | undefined>>,
  view: View,
): Refine[] {
  const labelOf: Record<SearchRefineKey, (value: string) => string> = {
    type: (value) => inLocale(SEARCH_TYPE_LABELS[value as SearchType], view.locale),
    category: (value) => categoryLabel(value, view.locale),
    access: (value) => inLocale(ACCESS_LABELS[value as (typeof ACCESS_VALUES)[number]], view.locale),
  };
  const orderOf: Record<SearchRefineKey, readonly string[] | undefined> = { type: SEARCH_TYPES, category: undefined, access: ACCESS_VALUES };
  return SEARCH_REFINE_KEYS.map((key) => {
    const counts = new Map(facets[key]);
    const selected = filters[key];
    if (selected !== undefined && !counts.has(selected)) counts.set(selected, 0);
    const order = orderOf[key];
    const values = [...counts]
      .sort(([a, m], [b, n]) => (order ? order.indexOf(a) - order.indexOf(b) : n - m || a.localeCompare(b)))
      .map(([value, n]) => ({ value, label: labelOf[key](value), count: n, selected: value === selected }));
    return { key, label: inLocale(REFINE_LABELS[key], view.locale), values };
  });
}

