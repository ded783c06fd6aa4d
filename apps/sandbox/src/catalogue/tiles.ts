/**
 * Catalogue rows in their wire shapes (`@stream/core/contracts` `tileSchema`, …): texts in the
 * request's locale, times from the anchor as ISO 8601, live states on the sandbox clock, and
 * artwork URL templates `<base>/artwork/<kind>/<id>/{width}` (the artwork route draws the image
 * from the row's title and two colours: `artwork.ts`).
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { IMAGE_WIDTH_PLACEHOLDER } from '@stream/core/domain';
import type { Images, Tile } from '@stream/core/contracts';
import type { SandboxDb } from '../db/open.js';
import { playlistItems, titles } from '../db/schema.js';
import { CATEGORY_LABELS, type CatalogueLocale } from '../seed/texts.js';
import { firstSentence, inLocale } from './text.js';
import { atOffset, eventState } from './time.js';

export type TitleRow = typeof titles.$inferSelect;

/** What every answer is drawn for: the locale, the sandbox clock, the catalogue anchor, the sandbox's base URL. */
export interface View {
  locale: CatalogueLocale;
  nowMs: number;
  anchorMs: number;
  base: string;
  /** The session's age-rating limit (a child profile's `arl`; `catalogue/rating.ts`); undefined: every title. */
  ageLimit?: number | undefined;
}

/** The artwork kinds the catalogue's URLs name. */
export const ARTWORK_KINDS = ['poster', 'hero', 'thumbnail'] as const;
export type ArtworkKind = (typeof ARTWORK_KINDS)[number];

/** The artwork of anything with an id (title, section, news item, fighter): one URL template per kind. */
export function imagesOf(base: string, id: string): Images {
  const url = (kind: ArtworkKind) => `${base}/artwork/${kind}/${encodeURIComponent(id)}/${IMAGE_WIDTH_PLACEHOLDER}`;
  return { poster: url('poster'), hero: url('hero'), thumbnail: url('thumbnail') };
}

/** A category's label in `locale` (the id itself for a category without one). */
export function categoryLabel(category: string, locale: CatalogueLocale): string {
  const label = CATEGORY_LABELS[category];
  return label ? inLocale(label, locale) : category;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** What a tile needs besides its row: children per parent, items per playlist, and each season's series and number. */
export interface TileFacts {
  children: ReadonlyMap<string, number>;
  playlistSizes: ReadonlyMap<string, number>;
  seasons: ReadonlyMap<string, { seriesId: string; number: number | null }>;
}

/** A title row as a tile (`tileSchema`). */
export function tileOf(row: TitleRow, view: View, facts: TileFacts): Tile {
  const tile: Tile = {
    id: row.id,
    type: row.type as Tile['type'],
    title: inLocale(row.title, view.locale),
    shortDescription: firstSentence(inLocale(row.description, view.locale)),
    images: imagesOf(view.base, row.id),
    licenceIds: [...row.licenceIds],
    category: row.category,
    categoryLabel: categoryLabel(row.category, view.locale),
  };
  if (row.durationSeconds != null) tile.durationSeconds = row.durationSeconds;
  if (row.releaseOffsetMinutes != null) tile.releaseDate = iso(atOffset(view.anchorMs, row.releaseOffsetMinutes));
  if (row.type === 'LIVE' && row.startOffsetMinutes != null && row.endOffsetMinutes != null) {
    const start = atOffset(view.anchorMs, row.startOffsetMinutes);
    const end = atOffset(view.anchorMs, row.endOffsetMinutes);
    Object.assign(tile, { startDate: iso(start), endDate: iso(end), state: eventState(start, end, view.nowMs), hasReplay: row.hasReplay });
  }
  if (row.type === 'SERIES') tile.seasonCount = facts.children.get(row.id) ?? 0;
  if (row.type === 'SEASON') {
    tile.episodeCount = facts.children.get(row.id) ?? 0;
    if (row.parentId) tile.seriesId = row.parentId;
    if (row.number != null) tile.seasonNumber = row.number;
  }
  if (row.type === 'EPISODE' && row.parentId) {
    const season = facts.seasons.get(row.parentId);
    tile.seasonId = row.parentId;
    if (season) tile.seriesId = season.seriesId;
    if (season?.number != null) tile.seasonNumber = season.number;
    if (row.number != null) tile.episodeNumber = row.number;
  }
  if (row.type === 'PLAYLIST') tile.itemCount = facts.playlistSizes.get(row.id) ?? 0;
  return tile;
}

/** The facts the tiles of `rows` need, read in at most three queries. */
export async function tileFacts(db: SandboxDb, rows: readonly TitleRow[]): Promise<TileFacts> {
  const parents = rows.filter((row) => row.type === 'SERIES' || row.type === 'SEASON').map((row) => row.id);
  const playlists = rows.filter((row) => row.type === 'PLAYLIST').map((row) => row.id);
  const seasonIds = [...new Set(rows.filter((row) => row.type === 'EPISODE' && row.parentId).map((row) => row.parentId!))];
  const [children, sizes, seasons] = await Promise.all([
    parents.length === 0
      ? []
      : db.select({ id: titles.parentId, n: count() }).from(titles).where(inArray(titles.parentId, parents)).groupBy(titles.parentId),
    playlists.length === 0
      ? []
      : db
          .select({ id: playlistItems.playlistId, n: count() })
          .from(playlistItems)
          .where(inArray(playlistItems.playlistId, playlists))
          .groupBy(playlistItems.playlistId),
    seasonIds.length === 0
      ? []
      : db
          .select({ id: titles.id, seriesId: titles.parentId, number: titles.number })
          .from(titles)
          .where(and(inArray(titles.id, seasonIds), eq(titles.type, 'SEASON'))),
  ]);
  return {
    children: new Map(children.map((row) => [row.id ?? '', row.n])),
    playlistSizes: new Map(sizes.map((row) => [row.id, row.n])),
    seasons: new Map(seasons.filter((row) => row.seriesId).map((row) => [row.id, { seriesId: row.seriesId!, number: row.number }])),
  };
}

/** Title rows as tiles, in their order. */
export async function tilesOf(db: SandboxDb, rows: readonly TitleRow[], view: View): Promise<Tile[]> {
  if (rows.length === 0) return [];
  const facts = await tileFacts(db, rows);
  return rows.map((row) => tileOf(row, view, facts));
}
