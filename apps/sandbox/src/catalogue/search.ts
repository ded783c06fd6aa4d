/**
 * Catalogue search (docs/api.md "Catalogue", `catalogue.search`): every word of the query must
 * begin a word of the title or the description, in the request's language, ignoring case and
 * accents (`normalize('NFD')` without the combining marks, lower case in the locale's rules; in
 * Arabic also the hamza forms of alef, alef maqsura, taa marbuta, tatweel and the article
 * `ال`). Matches are ranked by how well they match (a whole title word, the start of a title word,
 * a description word), then by popularity; grouped by search type; and counted per refine.
 */
import { type Access, type SearchRefineKey, type SearchType, type TitleType } from '@stream/core/contracts';
import type { Localized } from '../db/types.js';
import type { CatalogueLocale } from '../seed/texts.js';
import { inLocale } from './text.js';

/** What search reads of a title. */
export interface Searchable {
  id: string;
  type: string;
  category: string;
  licenceIds: string[];
  popularity: number;
  title: Localized;
  description: Localized;
}

/** The search type of a title type; undefined for types search does not return (SEASON, CHANNEL). */
export function searchTypeOf(type: string): SearchType | undefined {
  const byType: Partial<Record<TitleType, SearchType>> = { LIVE: 'liveEvent', VOD: 'video', EPISODE: 'video', PLAYLIST: 'playlist', SERIES: 'playlist' };
  return byType[type as TitleType];
}

/** `free` for a title without licences, else `premium`. */
export const accessOf = (item: Pick<Searchable, 'licenceIds'>): Access => (item.licenceIds.length === 0 ? 'free' : 'premium');

/** `text` folded for comparison in `locale` (see the module comment). */
export function searchKey(text: string, locale: CatalogueLocale): string {
  let folded = text.normalize('NFD').replace(/\p{M}+/gu, '').toLocaleLowerCase(locale);
  if (locale === 'ar' || /[\u0600-\u06ff]/u.test(folded)) {
    folded = folded.replace(/\u0640/gu, '').replace(/[\u0622\u0623\u0625\u0671]/gu, '\u0627').replace(/\u0649/gu, '\u064a').replace(/\u0629/gu, '\u0647');
  }
  return folded;
}

/** The words of `text`, folded ({@link searchKey}); Arabic words also without their article `ال`. */
export function searchWords(text: string, locale: CatalogueLocale): string[] {
  const words = searchKey(text, locale)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  return words.flatMap((word) => (word.startsWith('\u0627\u0644') && word.length > 3 ? [word, word.slice(2)] : [word]));
}

/** The distinct words of a query, folded. */
export function queryWords(q: string, locale: CatalogueLocale): string[] {
  return [...new Set(searchKey(q, locale).split(/[^\p{L}\p{N}]+/u).filter((word) => word !== ''))];
}

/**
 * How well `words` (a query's, folded) match a title: null when some word begins no word of the
 * title or the description; else, per query word, 3 for a whole title word, 2 for the start of a
 * title word, 1 for the start of a description word.
 */
export function matchScore(words: readonly string[], titleWords: readonly string[], descriptionWords: readonly string[]): number | null {
  if (words.length === 0) return null;
  let score = 0;
  for (const word of words) {
    if (titleWords.includes(word)) score += 3;
    else if (titleWords.some((w) => w.startsWith(word))) score += 2;
    else if (descriptionWords.some((w) => w.startsWith(word))) score += 1;
    else return null;
  }
  return score;
}

/** The filters of a search: a search type, a category, an access. */
export interface SearchFilters {
  type?: SearchType | undefined;
  category?: string | undefined;
  access?: Access | undefined;
}

/** What a search found. */
export interface SearchOutcome<T> {
  /** The matches that pass every filter, ranked, per search type. */
  groups: Record<SearchType, T[]>;
  /** How many matches pass every filter. */
  totalCount: number;
  /** Per refine key, each value's count over the matches that pass the other keys' filters. */
  facets: Record<SearchRefineKey, Map<string, number>>;
}

/** Searches `items` for `q` in `locale` with `filters` (see the module comment). */
export function searchTitles<T extends Searchable>(items: readonly T[], q: string, locale: CatalogueLocale, filters: SearchFilters): SearchOutcome<T> {
  const words = queryWords(q, locale);
  const matches: { item: T; type: SearchType; values: Record<SearchRefineKey, string>; score: number }[] = [];
  for (const item of items) {
    const type = searchTypeOf(item.type);
    if (!type) continue;
    const score = matchScore(words, searchWords(inLocale(item.title, locale), locale), searchWords(inLocale(item.description, locale), locale));
    if (score === null) continue;
    matches.push({ item, type, values: { type, category: item.category, access: accessOf(item) }, score });
  }
  matches.sort((a, b) => b.score - a.score || b.item.popularity - a.item.popularity || a.item.id.localeCompare(b.item.id));
  const keys: SearchRefineKey[] = ['type', 'category', 'access'];
  const passes = (values: Record<SearchRefineKey, string>, except?: SearchRefineKey) =>
    keys.every((key) => key === except || filters[key] === undefined || values[key] === filters[key]);
  const facets = Object.fromEntries(keys.map((key) => [key, new Map<string, number>()])) as Record<SearchRefineKey, Map<string, number>>;
  const groups: Record<SearchType, T[]> = { liveEvent: [], video: [], playlist: [] };
  let totalCount = 0;
  for (const match of matches) {
    for (const key of keys) {
      if (passes(match.values, key)) facets[key].set(match.values[key], (facets[key].get(match.values[key]) ?? 0) + 1);
    }
    if (passes(match.values)) {
      groups[match.type].push(match.item);
      totalCount += 1;
    }
  }
  return { groups, totalCount, facets };
}
