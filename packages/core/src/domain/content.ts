import type { Tile } from '../contracts/catalogue.js';
import type { ContentItem } from '../contracts/content.js';
import type { Licence } from '../contracts/licences.js';
import { buildPath, type RouteLocale } from './routes.js';

/**
 * Content rules: the paths of VOD and LIVE items and the licences that unlock an item.
 * Implements identity-and-routes.md §2 (VOD `/video/:eventId/:eventTitle?`, LIVE
 * `/live/:eventId/:eventTitle?`) and commerce-and-account-data.md §1 (premium content needs a
 * licence). The content calls are this project's (docs/api.md).
 */

/** Longest title slug, in characters. */
export const TITLE_SLUG_MAX_LENGTH = 80;

/**
 * The URL segment of a title: lower case, letters and digits of any script kept, every other run
 * of characters a single `-`, at most {@link TITLE_SLUG_MAX_LENGTH} characters; for example
 * `Night Fight: Round 1` → `night-fight-round-1`. May be empty (a title of symbols only).
 */
export function titleSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TITLE_SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

/** The VOD or LIVE path of a catalogue item in the route set `locale`, with its title's slug. */
export function contentPath(item: Pick<ContentItem, 'id' | 'type' | 'title'>, locale: RouteLocale = 'en'): string {
  const slug = titleSlug(item.title);
  return buildPath(item.type === 'LIVE' ? 'LIVE' : 'VOD', { eventId: item.id, eventTitle: slug || undefined }, locale);
}

/**
 * A catalogue tile's identity in lists: `type:id` (an id is unique within its type; a playlist
 * may hold a video and a live event of one id). The key of the discovery carousel and of list items.
 */
export function tileKey(tile: Pick<Tile, 'id' | 'type'>): string {
  return `${tile.type}:${tile.id}`;
}

/**
 * The page of a catalogue tile (docs/api.md "Catalogue") in the route set `locale`, with its
 * title's slug (identity-and-routes.md §2): VOD and EPISODE → VOD `/video/:eventId/:eventTitle?`;
 * LIVE and CHANNEL → LIVE `/live/:eventId/:eventTitle?`; SERIES → SERIES; SEASON → SEASON;
 * PLAYLIST → PLAYLIST.
 */
export function tilePath(tile: Pick<Tile, 'id' | 'type' | 'title'>, locale: RouteLocale = 'en'): string {
  const slug = titleSlug(tile.title) || undefined;
  switch (tile.type) {
    case 'SERIES':
      return buildPath('SERIES', { seriesId: tile.id, seriesTitle: slug }, locale);
    case 'SEASON':
      return buildPath('SEASON', { seasonId: tile.id, seasonTitle: slug }, locale);
    case 'PLAYLIST':
      return buildPath('PLAYLIST', { playlistId: tile.id, playlistTitle: slug }, locale);
    case 'LIVE':
    case 'CHANNEL':
      return buildPath('LIVE', { eventId: tile.id, eventTitle: slug }, locale);
    default:
      return buildPath('VOD', { eventId: tile.id, eventTitle: slug }, locale);
  }
}

/** True when an item needs a licence (its `licenceIds` is not empty); free items play for everyone. */
export function isPremium(item: Pick<ContentItem | Tile, 'licenceIds'>): boolean {
  return item.licenceIds.length > 0;
}

/**
 * The catalogue licences that unlock `item` (their id is in `item.licenceIds`), in the item's
 * order; ids missing from the catalogue are skipped. The paywall names these.
 */
export function unlockingLicences(item: Pick<ContentItem, 'licenceIds'>, catalogue: readonly Licence[]): Licence[] {
  const byId = new Map(catalogue.map((licence) => [licence.id, licence] as const));
  return item.licenceIds.flatMap((id) => {
    const licence = byId.get(id);
    return licence ? [licence] : [];
  });
}

/**
 * True when the licence carries a price migration the viewer has not answered yet
 * (commerce-and-account-data.md §4 "Price migration consent": LEAVE or CONTINUE).
 */
export function awaitsPriceMigrationConsent(licence: Pick<Licence, 'priceMigration'>): boolean {
  const migration = licence.priceMigration;
  return migration != null && (migration.consent === undefined || migration.consent === null);
}
