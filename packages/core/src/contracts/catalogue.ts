import * as z from 'zod/mini';
import { FIGHT_RESULTS, WEIGHT_CLASSES, WIN_METHODS } from '../domain/fighters.js';
import { IMAGE_WIDTH_PLACEHOLDER } from '../domain/images.js';
import { defineCall } from './define.js';
import { prechecked } from './precheck.js';

/**
 * The catalogue, defined by this project (the specs show no catalogue calls; docs/api.md
 * "Catalogue"): sections and rails (the home page and the browse categories), titles of every
 * type (on-demand videos, live events, series, seasons, episodes, playlists, live channels), live
 * events by state and day, the programme guide, search, news, fighters and rankings, and
 * external pages. Content types follow commerce-and-account-data.md §1 and §3 (search types,
 * fighter enumerations) and the route keys of identity-and-routes.md §2.
 *
 * Every call is a `GET` without a bearer requirement (`auth: 'optional'`): the catalogue is the
 * same for every viewer; `licenceIds` says which licences unlock a title (empty = free). Texts
 * (titles, descriptions, labels) are in the language the request's `Accept-Language` picks among
 * the realm's locales (`en`, `es`, `pt`, `ar`; the realm's default otherwise), as the labels.
 * Lists are paged with `rpp` (results per page) and `lastSeen` (how many items the caller has
 * seen: `0` or absent for the first page, then the answer's `pagingInfo.lastSeen`), search with
 * `rpp` and `page`. Errors: 400 `BAD_REQUEST` for a malformed query, 404 `NOT_FOUND` for an
 * unknown id, in the platform's shape `{ status, code, messages, requestId }`.
 */

// ---------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------

/**
 * Title types, as the route keys name them: `VOD` (an on-demand video), `LIVE` (a live event),
 * `SERIES`, `SEASON`, `EPISODE`, `PLAYLIST`, and `CHANNEL` (a live channel of the programme guide).
 */
export const TITLE_TYPES = ['VOD', 'LIVE', 'SERIES', 'SEASON', 'EPISODE', 'PLAYLIST', 'CHANNEL'] as const;
export type TitleType = (typeof TITLE_TYPES)[number];

/** A live event's state on the platform's clock: before its start, between start and end, after its end. */
export const EVENT_STATES = ['UPCOMING', 'LIVE', 'ENDED'] as const;
export type EventState = (typeof EVENT_STATES)[number];

/**
 * How a rail wants to be drawn: `HERO` (a full-width carousel), `PROMO` (wide promotional
 * banners), `POSTER` (portrait 2:3 cards), `LANDSCAPE` (16:9 cards).
 */
export const RAIL_LAYOUTS = ['HERO', 'PROMO', 'POSTER', 'LANDSCAPE'] as const;
export type RailLayout = (typeof RAIL_LAYOUTS)[number];

/**
 * Where a rail's items come from: `CURATED` (an editor's list), or computed at request time on
 * the platform's clock: `LIVE_NOW` (events live now), `UPCOMING` (next events first), `RELEASES`
 * (newest releases first), `POPULAR` (most watched first).
 */
export const RAIL_SOURCES = ['CURATED', 'LIVE_NOW', 'UPCOMING', 'RELEASES', 'POPULAR'] as const;
export type RailSource = (typeof RAIL_SOURCES)[number];

/**
 * Search types (commerce-and-account-data.md §9 "Search types: live event, video, playlist"):
 * `liveEvent` (`LIVE` titles), `video` (`VOD` and `EPISODE`), `playlist` (`PLAYLIST` and
 * `SERIES`: titles that group others).
 */
export const SEARCH_TYPES = ['liveEvent', 'video', 'playlist'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The refines (facets) of a search: its search type, the title's category, free or premium. */
export const SEARCH_REFINE_KEYS = ['type', 'category', 'access'] as const;
export type SearchRefineKey = (typeof SEARCH_REFINE_KEYS)[number];

/** Access of a title: `free` (no licence needed: `licenceIds` empty) or `premium`. */
export const ACCESS_VALUES = ['free', 'premium'] as const;
export type Access = (typeof ACCESS_VALUES)[number];

// The fighter enumerations of commerce-and-account-data.md §3 are declared once, in domain/fighters.ts.
export { FIGHT_RESULTS, WEIGHT_CLASSES, WIN_METHODS, type FightResult, type WeightClass, type WinMethod } from '../domain/fighters.js';

/** Blocks of an external page's body: a heading, a paragraph, or a link (`url`). */
export const PAGE_BLOCK_TYPES = ['heading', 'paragraph', 'link'] as const;
export type PageBlockType = (typeof PAGE_BLOCK_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

const nonEmpty = () => z.string().check(z.minLength(1));
const count = () => z.int().check(z.gte(0));
/** An ISO 8601 date-time with its offset (`2026-05-01T19:00:00.000Z`). */
const dateTime = () => z.iso.datetime({ offset: true });

/**
 * An artwork URL template: a URL holding `{width}` (`IMAGE_WIDTH_PLACEHOLDER`), which the caller
 * replaces with one of the widths of identity-and-routes.md §9 (240 to 3840; `imageUrl`,
 * `imageSrcSet` of `@stream/core/domain`). The platform serves it at `/artwork/<kind>/<id>/<width>`.
 */
export const artworkTemplateSchema = z.string().check(z.includes(IMAGE_WIDTH_PLACEHOLDER));

/**
 * A title's artwork, each a URL template ({@link artworkTemplateSchema}): `poster` (portrait,
 * 2:3), `hero` (wide, 16:9, for heroes and page headers), `thumbnail` (16:9, for cards).
 */
export const imagesSchema = z.looseObject({
  poster: z.optional(artworkTemplateSchema),
  hero: z.optional(artworkTemplateSchema),
  thumbnail: z.optional(artworkTemplateSchema),
});
export type Images = z.infer<typeof imagesSchema>;

/**
 * Paging of a list answer: `rpp` (results per page asked), `lastSeen` (how many items the caller
 * has seen once this page is shown: send it as the next call's `lastSeen`), `moreDataAvailable`
 * (commerce-and-account-data.md §3 "paging info"), `totalCount` (items in the whole list).
 */
export const pagingInfoSchema = z.looseObject({
  rpp: z.int().check(z.gte(1)),
  lastSeen: count(),
  moreDataAvailable: z.boolean(),
  totalCount: count(),
});
export type PagingInfo = z.infer<typeof pagingInfoSchema>;

/**
 * A whole number sent in a query: a number, or its decimal digits as text (a query string
 * carries text), between `min` and `max` inclusive. The output is the number.
 */
export function queryInteger(min: number, max: number) {
  return z.pipe(
    z.pipe(z.union([z.int(), z.string().check(z.regex(/^\d{1,9}$/))]), z.transform((value: number | string) => Number(value))),
    z.int().check(z.gte(min), z.lte(max)),
  );
}

/** Largest `rpp` of any list. */
export const MAX_RPP = 100;

/** Query of a paged list: `rpp` (1 to {@link MAX_RPP}; each call has its default), `lastSeen` (0 or more; default 0). */
export const pageQuerySchema = z.object({
  rpp: z.optional(queryInteger(1, MAX_RPP)),
  lastSeen: z.optional(queryInteger(0, 1_000_000)),
});

// ---------------------------------------------------------------------------------------------
// Tiles and titles
// ---------------------------------------------------------------------------------------------

/**
 * What a card needs to show a title of any type (a "tile"): `id`, `type`, `title` and
 * `shortDescription` (in the request's language), `images`, `licenceIds` (the licences that
 * unlock it; empty = free, the rule of `isPremium`), the category (`category` id and its
 * `categoryLabel`), and by type: `durationSeconds` (VOD, EPISODE; seconds), `releaseDate` (VOD,
 * EPISODE), `startDate`/`endDate`/`state`/`hasReplay` (LIVE: ISO 8601, the state on the
 * platform's clock, and whether a replay plays once it ended), `seriesId`/`seasonId`/
 * `seasonNumber`/`episodeNumber` (SEASON, EPISODE), `seasonCount` (SERIES), `episodeCount`
 * (SEASON), `itemCount` (PLAYLIST).
 */
export const tileSchema = z.looseObject({
  id: nonEmpty(),
  type: z.enum(TITLE_TYPES),
  title: z.string(),
  shortDescription: z.optional(z.string()),
  images: imagesSchema,
  licenceIds: z.array(z.string()),
  category: z.optional(z.string()),
  categoryLabel: z.optional(z.string()),
  durationSeconds: z.optional(count()),
  releaseDate: z.optional(dateTime()),
  startDate: z.optional(dateTime()),
  endDate: z.optional(dateTime()),
  state: z.optional(z.enum(EVENT_STATES)),
  hasReplay: z.optional(z.boolean()),
  seriesId: z.optional(z.string()),
  seasonId: z.optional(z.string()),
  seasonNumber: z.optional(count()),
  episodeNumber: z.optional(count()),
  seasonCount: z.optional(count()),
  episodeCount: z.optional(count()),
  itemCount: z.optional(count()),
});
export type Tile = z.infer<typeof tileSchema>;

/** One programme of a live channel: its title, category, start and end (ISO 8601; end after start). */
export const programmeSchema = z.looseObject({
  id: nonEmpty(),
  channelId: nonEmpty(),
  title: z.string(),
  description: z.optional(z.string()),
  category: z.optional(z.string()),
  categoryLabel: z.optional(z.string()),
  startDate: dateTime(),
  endDate: dateTime(),
});
export type Programme = z.infer<typeof programmeSchema>;

/** A reference to the series or season a title belongs to. */
export const titleRefSchema = z.looseObject({ id: nonEmpty(), title: z.string(), number: z.optional(count()) });

/**
 * A title's page: its tile and `description` (the long text), plus by type `series` and
 * `season` (EPISODE, SEASON: the parents), `nextEpisode` (EPISODE: the next one of the series,
 * the player offers it at the end), `nowAndNext` (CHANNEL: the programme on now and the next
 * one), `related` (more titles of its category).
 */
export const titleSchema = z.extend(tileSchema, {
  description: z.string(),
  series: z.optional(titleRefSchema),
  season: z.optional(titleRefSchema),
  nextEpisode: z.optional(tileSchema),
  nowAndNext: z.optional(z.array(programmeSchema)),
  related: z.array(tileSchema),
});
export type Title = z.infer<typeof titleSchema>;

/** Path parameters of a title: its type (any text: a type the platform does not know is 404) and id. */
export const titleParamsSchema = z.object({ type: nonEmpty(), id: nonEmpty() });

/** A page of tiles, `{ items, pagingInfo }`, with the id of what they belong to where there is one. */
export const tilePageSchema = z.looseObject({ items: z.array(tileSchema), pagingInfo: pagingInfoSchema });
export type TilePage = z.infer<typeof tilePageSchema>;

/** `GET /api/v2/series/{id}/seasons`: `{ seriesId, items: seasons, pagingInfo }`. */
export const seasonsResponseSchema = z.extend(tilePageSchema, { seriesId: nonEmpty() });
/** `GET /api/v2/seasons/{id}/episodes`: `{ seasonId, seriesId, items: episodes, pagingInfo }`. */
export const episodesResponseSchema = z.extend(tilePageSchema, { seasonId: nonEmpty(), seriesId: nonEmpty() });
/** `GET /api/v2/playlists/{id}/items`: `{ playlistId, title, items, pagingInfo }`. */
export const playlistItemsResponseSchema = z.extend(tilePageSchema, { playlistId: nonEmpty(), title: z.string() });

// ---------------------------------------------------------------------------------------------
// Sections and rails
// ---------------------------------------------------------------------------------------------

/** A rail: an ordered row of titles of any type, its title, layout hint and source, and a page of its items. */
export const railSchema = z.extend(tilePageSchema, {
  id: nonEmpty(),
  title: z.string(),
  layout: z.enum(RAIL_LAYOUTS),
  source: z.enum(RAIL_SOURCES),
});
export type Rail = z.infer<typeof railSchema>;

/** A section in a list (a browse category): id, title, description, artwork. */
export const sectionSummarySchema = z.looseObject({
  id: nonEmpty(),
  title: z.string(),
  description: z.optional(z.string()),
  images: imagesSchema,
});
export type SectionSummary = z.infer<typeof sectionSummarySchema>;

/** `GET /api/v2/sections`: the browse categories, in order. */
export const sectionsResponseSchema = z.looseObject({ sections: z.array(sectionSummarySchema) });

/**
 * `GET /api/v2/sections/{id}`: a section (`home`, or a browse category): its rails in order, one
 * page of rails (`pagingInfo` counts rails), each with the first page of its items.
 */
export const sectionSchema = z.extend(sectionSummarySchema, {
  rails: z.array(railSchema),
  pagingInfo: pagingInfoSchema,
});
export type Section = z.infer<typeof sectionSchema>;

/** Query of a section: rails paged with `rpp`/`lastSeen` (default 10 rails), `itemsRpp` items in each rail (default 12). */
export const sectionQuerySchema = z.extend(pageQuerySchema, { itemsRpp: z.optional(queryInteger(1, MAX_RPP)) });

// ---------------------------------------------------------------------------------------------
// Live events, schedule, releases, programme guide
// ---------------------------------------------------------------------------------------------

/** Query of the events list: `state` (required), an optional `category`, and paging. */
export const eventsQuerySchema = z.extend(pageQuerySchema, {
  state: z.enum(EVENT_STATES),
  category: z.optional(nonEmpty()),
});

/**
 * `GET /api/v2/events?state=`: live events in one state, `LIVE` and `UPCOMING` by start time
 * (soonest first), `ENDED` by end time (latest first).
 */
export const eventsResponseSchema = z.extend(tilePageSchema, { state: z.enum(EVENT_STATES) });

/** True when `name` is a time zone this runtime knows (IANA names such as `Europe/Madrid`, and `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** True when `text` is a calendar date `YYYY-MM-DD` that exists (not `2026-02-30`). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Query of the schedule: a calendar `date` (`YYYY-MM-DD`) in `timeZone` (IANA name; default `UTC`). */
export const scheduleQuerySchema = z.object({
  date: z.string().check(z.refine(isCalendarDate, 'date: expected a calendar date YYYY-MM-DD')),
  timeZone: z.optional(z.string().check(z.refine(isTimeZone, 'timeZone: expected an IANA time zone such as Europe/Madrid'))),
});

/**
 * `GET /api/v2/events/schedule?date=&timeZone=`: the live events of one day in a time zone (those
 * whose time overlaps `[from, to)`, the day's bounds as instants), by start time.
 */
export const scheduleResponseSchema = z.looseObject({
  date: z.string(),
  timeZone: z.string(),
  from: dateTime(),
  to: dateTime(),
  items: z.array(tileSchema),
});

/** Longest window of one programme-guide call: 8 days, in milliseconds. */
export const GUIDE_MAX_WINDOW_MS = 8 * 24 * 3_600_000;

/**
 * Query of the programme guide: the window `[from, to)` (ISO 8601 date-times with an offset;
 * `to` after `from`, at most {@link GUIDE_MAX_WINDOW_MS} later) and channels paged with
 * `rpp`/`lastSeen` (default 50 channels).
 */
export const guideQuerySchema = z
  .object({
    from: dateTime(),
    to: dateTime(),
    rpp: z.optional(queryInteger(1, MAX_RPP)),
    lastSeen: z.optional(queryInteger(0, 1_000_000)),
  })
  .check(
    z.refine((query) => Date.parse(query.to) > Date.parse(query.from), { message: 'to: must be after from', path: ['to'] }),
    z.refine((query) => Date.parse(query.to) - Date.parse(query.from) <= GUIDE_MAX_WINDOW_MS, {
      message: 'to: the window is at most 8 days',
      path: ['to'],
    }),
  );

/** A channel of the guide: its tile and its programmes that overlap the window, by start time, without gaps or overlaps. */
export const guideChannelSchema = z.extend(tileSchema, { programmes: z.array(programmeSchema) });
export type GuideChannel = z.infer<typeof guideChannelSchema>;

/** `GET /api/v2/epg?from=&to=`: the live channels (one page) and their programmes in the window. */
export const guideResponseSchema = prechecked(
  z.looseObject({
    from: dateTime(),
    to: dateTime(),
    channels: z.array(guideChannelSchema),
    pagingInfo: pagingInfoSchema,
  }),
);
export type Guide = z.infer<typeof guideResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------

/** Longest search query, in characters. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/**
 * Query of a search: `q` (the words; empty or absent: no search, the answer carries
 * `popularContent`), filters `type` (a search type), `category`, `access` (the refines' values),
 * `rpp` results per search type (default 10) and `page` (from 1).
 */
export const searchQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(SEARCH_QUERY_MAX_LENGTH))),
  type: z.optional(z.enum(SEARCH_TYPES)),
  category: z.optional(nonEmpty()),
  access: z.optional(z.enum(ACCESS_VALUES)),
  rpp: z.optional(queryInteger(1, MAX_RPP)),
  page: z.optional(queryInteger(1, 10_000)),
});

/** The results of one search type: one page of `items`, the type's `totalCount`, and whether more pages follow. */
export const searchGroupSchema = z.looseObject({
  items: z.array(tileSchema),
  totalCount: count(),
  moreDataAvailable: z.boolean(),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** One value of a refine: the value to send back as a filter, its label, how many results have it, and whether it filters now. */
export const refineValueSchema = z.looseObject({
  value: nonEmpty(),
  label: z.string(),
  count: count(),
  selected: z.boolean(),
});

/** A refine (facet) of the results: its key (the query parameter), label and values. */
export const refineSchema = z.looseObject({
  key: z.enum(SEARCH_REFINE_KEYS),
  label: z.string(),
  values: z.array(refineValueSchema),
});
export type Refine = z.infer<typeof refineSchema>;

/**
 * `GET /api/v2/search?q=`: the results per search type (commerce §3 "search (value, results per
 * type live event, video, playlist, refines, totalCount, popularContent)"): `results.liveEvent`,
 * `results.video`, `results.playlist`, `totalCount` (all types, after the filters), `refines`
 * (counted over the results before the filter of their own key), and `popularContent` (only for
 * an empty `q`: the most watched titles).
 */
export const searchResponseSchema = z.looseObject({
  q: z.string(),
  totalCount: count(),
  page: z.int().check(z.gte(1)),
  rpp: z.int().check(z.gte(1)),
  results: z.looseObject({
    liveEvent: searchGroupSchema,
    video: searchGroupSchema,
    playlist: searchGroupSchema,
  }),
  refines: z.array(refineSchema),
  popularContent: z.optional(z.array(tileSchema)),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// ---------------------------------------------------------------------------------------------
// News
// ---------------------------------------------------------------------------------------------

/** A news item in a list: its feed, title, summary, publication time (ISO 8601) and artwork. */
export const newsItemTileSchema = z.looseObject({
  id: nonEmpty(),
  feedId: nonEmpty(),
  title: z.string(),
  summary: z.string(),
  publishedDate: dateTime(),
  images: imagesSchema,
});
export type NewsItemTile = z.infer<typeof newsItemTileSchema>;

/** A news feed in the list of feeds, with its latest items (at most 3). */
export const newsFeedSummarySchema = z.looseObject({
  id: nonEmpty(),
  title: z.string(),
  description: z.optional(z.string()),
  latest: z.array(newsItemTileSchema),
});

/** `GET /api/v2/news`: the news feeds, in order. */
export const newsFeedsResponseSchema = z.looseObject({ feeds: z.array(newsFeedSummarySchema) });

/** `GET /api/v2/news/{feedId}`: one feed and a page of its items, newest first. */
export const newsFeedResponseSchema = z.looseObject({
  id: nonEmpty(),
  title: z.string(),
  description: z.optional(z.string()),
  items: z.array(newsItemTileSchema),
  pagingInfo: pagingInfoSchema,
});

/** `GET /api/v2/news/{feedId}/{itemId}`: one news item: its tile, feed title, body paragraphs and related titles. */
export const newsItemSchema = z.extend(newsItemTileSchema, {
  feedTitle: z.string(),
  body: z.array(z.string()),
  related: z.array(tileSchema),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

// ---------------------------------------------------------------------------------------------
// Fighters and rankings
// ---------------------------------------------------------------------------------------------

/** A fighter's record: fights won, lost and without a result (counted from their results). */
export const fighterRecordSchema = z.looseObject({ wins: count(), losses: count(), noContests: count() });

/** A fighter's place in their weight class's ranking: `position` 0 for the champion, then 1, 2, … */
export const fighterRankingSchema = z.looseObject({ position: count(), champion: z.boolean() });

/**
 * What a fighter's card needs: `name` (and its parts; the A–Z list files a fighter under the
 * initial of `lastName`), `nickname`, `country` (ISO 3166-1 alpha-2), `weightClass` and its
 * label, `record`, `ranking` (absent when unranked), artwork.
 */
export const fighterTileSchema = z.looseObject({
  id: nonEmpty(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  nickname: z.optional(z.string()),
  country: z.string().check(z.regex(/^[A-Z]{2}$/)),
  weightClass: z.enum(WEIGHT_CLASSES),
  weightClassLabel: z.string(),
  record: fighterRecordSchema,
  ranking: z.optional(fighterRankingSchema),
  images: imagesSchema,
});
export type FighterTile = z.infer<typeof fighterTileSchema>;

/**
 * One fight of a fighter: when (ISO 8601), the opponent (`id` when the opponent is in the
 * catalogue), the `result` and `method` (commerce §3), the `round` it ended in and the time in
 * that round (`m:ss`), the event's title, and `eventId` when its replay is in the catalogue.
 */
export const fightResultSchema = z.looseObject({
  id: nonEmpty(),
  date: dateTime(),
  opponent: z.looseObject({ id: z.optional(z.string()), name: z.string() }),
  result: z.enum(FIGHT_RESULTS),
  method: z.enum(WIN_METHODS),
  round: z.int().check(z.gte(1)),
  time: z.optional(z.string().check(z.regex(/^\d{1,2}:\d{2}$/))),
  eventTitle: z.string(),
  eventId: z.optional(z.string()),
});
export type FightResultEntry = z.infer<typeof fightResultSchema>;

/** `GET /api/v2/fighters/{id}`: a fighter's page: tile, biography, physical facts (centimetres) and results (newest first). */
export const fighterSchema = z.extend(fighterTileSchema, {
  bio: z.string(),
  stance: z.optional(z.string()),
  heightCm: z.optional(count()),
  reachCm: z.optional(count()),
  results: z.array(fightResultSchema),
});
export type Fighter = z.infer<typeof fighterSchema>;

/** Query of the A–Z fighter list: `weightClass`, `letter` (one letter A–Z: the initial of the last name), paging (default 30). */
export const fightersQuerySchema = z.extend(pageQuerySchema, {
  weightClass: z.optional(z.enum(WEIGHT_CLASSES)),
  letter: z.optional(z.string().check(z.regex(/^[A-Za-z]$/))),
});

/**
 * `GET /api/v2/fighters`: fighters A to Z by last name (after the filters) and `letters`, the
 * initials that have fighters in the weight class (all classes without the filter) with their
 * counts (the rankings slice's "A to Z" tab and letter filter).
 */
export const fightersResponseSchema = z.looseObject({
  items: z.array(fighterTileSchema),
  letters: z.array(z.looseObject({ letter: z.string().check(z.regex(/^[A-Z]$/)), count: count() })),
  pagingInfo: pagingInfoSchema,
});

/** Query of the rankings: one `weightClass`, or every class with fighters. */
export const rankingsQuerySchema = z.object({ weightClass: z.optional(z.enum(WEIGHT_CLASSES)) });

/** One weight class's ranking: its label, the champion (null when vacant) and the ranked contenders by position. */
export const weightClassRankingSchema = z.looseObject({
  weightClass: z.enum(WEIGHT_CLASSES),
  label: z.string(),
  champion: z.nullable(fighterTileSchema),
  ranked: z.array(z.looseObject({ position: z.int().check(z.gte(1)), fighter: fighterTileSchema })),
});

/** `GET /api/v2/rankings`: the rankings per weight class, in the order of {@link WEIGHT_CLASSES}. */
export const rankingsResponseSchema = z.looseObject({ weightClasses: z.array(weightClassRankingSchema) });

// ---------------------------------------------------------------------------------------------
// External pages
// ---------------------------------------------------------------------------------------------

/** A block of an external page: a heading or paragraph (`text`), or a link (`text`, `url`). */
export const pageBlockSchema = z.looseObject({
  type: z.enum(PAGE_BLOCK_TYPES),
  text: z.string(),
  url: z.optional(z.string()),
});

/** `GET /api/v2/external-pages/{id}`: a page of text (route EXTERNAL_PAGE, MOBILE_EXTERNAL_PAGE): title, blocks, last update. */
export const externalPageSchema = z.looseObject({
  id: nonEmpty(),
  title: z.string(),
  description: z.optional(z.string()),
  blocks: z.array(pageBlockSchema),
  updatedDate: z.optional(dateTime()),
});
export type ExternalPage = z.infer<typeof externalPageSchema>;

// ---------------------------------------------------------------------------------------------
// The calls
// ---------------------------------------------------------------------------------------------

/** The `catalogue` area (`calls.catalogue`). Every call: `GET`, texts in the `Accept-Language` locale, 400 for a malformed query. */
export const catalogueCalls = {
  /** `GET /api/v2/sections`: the browse categories `{ sections [{ id, title, description?, images }] }`, in order (route BROWSE). */
  sections: defineCall({
    name: 'catalogue.sections',
    method: 'GET',
    path: '/api/v2/sections',
    response: sectionsResponseSchema,
    auth: 'optional',
  }),
  /**
   * `GET /api/v2/sections/{id}?rpp=&lastSeen=&itemsRpp=`: a section (`home`, or a browse
   * category's id; routes HOME, SECTION) with a page of its rails (default 10), each `{ id,
   * title, layout, source, items, pagingInfo }` with its first `itemsRpp` items (default 12);
   * computed rails (`LIVE_NOW`, `UPCOMING`, `RELEASES`) on the platform's clock, possibly empty.
   * Errors: 404 `NOT_FOUND` for an unknown section.
   */
  section: defineCall({
    name: 'catalogue.section',
    method: 'GET',
    path: '/api/v2/sections/:id',
    query: sectionQuerySchema,
    response: sectionSchema,
    auth: 'optional',
  }),
  /**
   * `GET /api/v2/rails/{id}?rpp=&lastSeen=`: one rail with a page of its items (default 12; the
   * discovery carousel's next pages). Errors: 404 `NOT_FOUND` for an unknown rail.
   */
  rail: defineCall({
    name: 'catalogue.rail',
    method: 'GET',
    path: '/api/v2/rails/:id',
    query: pageQuerySchema,
    response: railSchema,
    auth: 'optional',
  }),
  /**
   * `GET /api/v2/titles/{type}/{id}`: one title's page (routes VOD, LIVE, SERIES, SEASON,
   * PLAYLIST, INTERSTITIAL): its tile, `description`, parents, `nextEpisode`, `nowAndNext`,
   * `related`. `type` is a {@link TitleType}, in any case. Errors: 404 `NOT_FOUND` for an unknown
   * type or id, or an id of another type.
   */
  title: defineCall({
    name: 'catalogue.title',
    method: 'GET',
    path: '/api/v2/titles/:type/:id',
    params: titleParamsSchema,
    response: titleSchema,
    auth: 'optional',
  }),
  /** `GET /api/v2/series/{id}/seasons?rpp=&lastSeen=`: a series' seasons in order (default 20). Errors: 404 `NOT_FOUND` for an unknown series. */
  seasons: defineCall({
    name: 'catalogue.seasons',
    method: 'GET',
    path: '/api/v2/series/:id/seasons',
    query: pageQuerySchema,
    response: seasonsResponseSchema,
    auth: 'optional',
  }),
  /** `GET /api/v2/seasons/{id}/episodes?rpp=&lastSeen=`: a season's episodes in order (default 20). Errors: 404 `NOT_FOUND` for an unknown season. */
  episodes: defineCall({
    name: 'catalogue.episodes',
    method: 'GET',
    path: '/api/v2/seasons/:id/episodes',
    query: pageQuerySchema,
    response: episodesResponseSchema,
    auth: 'optional',
  }),
  /** `GET /api/v2/playlists/{id}/items?rpp=&lastSeen=`: a playlist's titles in order (default 20; route PLAYLIST). Errors: 404 `NOT_FOUND` for an unknown playlist. */
  playlist: defineCall({
    name: 'catalogue.playlist',
    method: 'GET',
    path: '/api/v2/playlists/:id/items',
    query: pageQuerySchema,
    response: playlistItemsResponseSchema,
    auth: 'optional',
  }),
  /**
   * `GET /api/v2/events?state=LIVE|UPCOMING|ENDED&category=&rpp=&lastSeen=`: live events in one
   * state on the platform's clock (routes LIVE_EVENTS, UPCOMING; default 20), `LIVE` and
   * `UPCOMING` soonest first, `ENDED` latest first. Errors: 400 for a missing or unknown state.
   */
  events: defineCall({
    name: 'catalogue.events',
    method: 'GET',
    path: '/api/v2/events',
    query: eventsQuerySchema,
    response: eventsResponseSchema,
    auth: 'optional',
  }),
  /**
   * `GET /api/v2/events/schedule?date=YYYY-MM-DD&timeZone=Europe/Madrid`: the live events of that
   * day in that time zone (route SCHEDULE), `{ date, timeZone, from, to, items }`. Errors: 400
   * for a date that does not exist or an unknown time zone.
   */
  schedule: defineCall({
    name: 'catalogue.schedule',
    method: 'GET',
    path: '/api/v2/events/schedule',
    query: scheduleQuerySchema,
    response: scheduleResponseSchema,
    auth: 'optional',
  }),
  /**
   * `GET /api/v2/releases?rpp=&lastSeen=`: what was released, newest first (route RELEASES;
   * default 20): on-demand videos and episodes by release date, and ended live events with a
   * replay by their end.
   */
  releases: defineCall({
    name: 'catalogue.releases',
    method: 'GET',
    path: '/api/v2/releases',
    query: pageQuerySchema,
    response: tilePageSchema,
    auth: 'optional',
  }),
  /**
   * `GET /api/v2/epg?from=&to=&rpp=&lastSeen=`: the programme guide (route EPG): a page of live
   * channels (default 50) with their programmes overlapping `[from, to)`, each channel's
   * programmes by start, without gaps or overlaps. Errors: 400 for a window that is empty,
   * reversed or longer than 8 days, or a date-time without an offset.
   */
  guide: defineCall({
    name: 'catalogue.guide',
    method: 'GET',
    path: '/api/v2/epg',
    query: guideQuerySchema,
    response: guideResponseSchema,
    auth: 'optional',
  }),
  /**
   * `GET /api/v2/search?q=&type=&category=&access=&rpp=&page=`: search (route SEARCH): every
   * word of `q` matches the start of a word of the title or description in the request's
   * language, ignoring case and accents; results per search type (`rpp` each, default 10),
   * `totalCount`, `refines`; an empty `q` answers no results and `popularContent`. Errors: 400
   * for a `q` over 200 characters or an unknown filter value.
   */
  search: defineCall({
    name: 'catalogue.search',
    method: 'GET',
    path: '/api/v2/search',
    query: searchQuerySchema,
    response: searchResponseSchema,
    auth: 'optional',
  }),
  /** `GET /api/v2/news`: the news feeds `{ feeds [{ id, title, description?, latest }] }` (route NEWS). */
  newsFeeds: defineCall({
    name: 'catalogue.newsFeeds',
    method: 'GET',
    path: '/api/v2/news',
    response: newsFeedsResponseSchema,
    auth: 'optional',
  }),
  /** `GET /api/v2/news/{feedId}?rpp=&lastSeen=`: one feed's items, newest first (default 20). Errors: 404 `NOT_FOUND` for an unknown feed. */
  newsFeed: defineCall({
    name: 'catalogue.newsFeed',
    method: 'GET',
    path: '/api/v2/news/:feedId',
    query: pageQuerySchema,
    response: newsFeedResponseSchema,
    auth: 'optional',
  }),
  /** `GET /api/v2/news/{feedId}/{itemId}`: one news item (route NEWS_ITEM). Errors: 404 `NOT_FOUND` for an unknown feed, or an item not in it. */
  newsItem: defineCall({
    name: 'catalogue.newsItem',
    method: 'GET',
    path: '/api/v2/news/:feedId/:itemId',
    response: newsItemSchema,
    auth: 'optional',
  }),
  /** `GET /api/v2/fighters?weightClass=&letter=&rpp=&lastSeen=`: fighters A to Z (route FIGHTERS, "A to Z" tab) and the letters that have some. */
  fighters: defineCall({
    name: 'catalogue.fighters',
    method: 'GET',
    path: '/api/v2/fighters',
    query: fightersQuerySchema,
    response: fightersResponseSchema,
    auth: 'optional',
  }),
  /** `GET /api/v2/fighters/{id}`: a fighter's page (route FIGHTER): record, results, ranking. Errors: 404 `NOT_FOUND` for an unknown fighter. */
  fighter: defineCall({
    name: 'catalogue.fighter',
    method: 'GET',
    path: '/api/v2/fighters/:id',
    response: fighterSchema,
    auth: 'optional',
  }),
  /** `GET /api/v2/rankings?weightClass=`: rankings per weight class (route FIGHTERS, "rankings" tab): champion and contenders. */
  rankings: defineCall({
    name: 'catalogue.rankings',
    method: 'GET',
    path: '/api/v2/rankings',
    query: rankingsQuerySchema,
    response: rankingsResponseSchema,
    auth: 'optional',
  }),
  /** `GET /api/v2/external-pages/{id}`: a page of text (routes EXTERNAL_PAGE, MOBILE_EXTERNAL_PAGE). Errors: 404 `NOT_FOUND` for an unknown page. */
  externalPage: defineCall({
    name: 'catalogue.externalPage',
    method: 'GET',
    path: '/api/v2/external-pages/:id',
    response: externalPageSchema,
    auth: 'optional',
  }),
};
