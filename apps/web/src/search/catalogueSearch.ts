import type { ApiClient } from '@stream/core/api';
import { ACCESS_VALUES, type Access, type Refine, type SearchRefineKey, type SearchResponse, type Tile } from '@stream/core/contracts';
import { SEARCH_TYPES, normaliseSearchQuery, type SearchPage, type SearchType } from '@stream/core/domain';
import type { PopularContentFunction, SearchFunction } from '@stream/core/machines';

/** Results asked for per search type and page (the "more results" step). This project's choice. */
export const SEARCH_RPP = 12;

/** The filters of a search (the refines the viewer chose): the query parameters of the call and of the address. */
export interface SearchFilters {
  type?: SearchType;
  category?: string;
  access?: Access;
}

/** The catalogue calls the search needs (the client's `catalogue` area). */
export type CatalogueSearchApi = Pick<ApiClient['catalogue'], 'search'>;

/**
 * One page of the catalogue's answer in the search machine's shape (`SearchPage`): the items of
 * each type, the total over every type, the refines, and whether any type has another page.
 */
export function toSearchPage(answer: SearchResponse): SearchPage<Tile, Refine> {
  const results: Partial<Record<SearchType, readonly Tile[]>> = {};
  for (const type of SEARCH_TYPES) results[type] = answer.results[type].items;
  return {
    results,
    totalCount: answer.totalCount,
    refines: answer.refines,
    moreDataAvailable: SEARCH_TYPES.some((type) => answer.results[type].moreDataAvailable),
  };
}

/**
 * The search machine's `search` function over the catalogue's search (`GET /api/v2/search`):
 * `q`, `page`, {@link SEARCH_RPP} per type and the filters, aborted with the machine's signal.
 */
export function catalogueSearch(catalogue: CatalogueSearchApi, filters: SearchFilters = {}): SearchFunction<Tile, Refine> {
  return async ({ value, page, signal }) =>
    toSearchPage(await catalogue.search({ query: { q: value, page, rpp: SEARCH_RPP, ...filters } }, { signal }));
}

/** The popular content of an empty search (the `popularContent` of the answer to an empty `q`). */
export function cataloguePopularContent(catalogue: CatalogueSearchApi): PopularContentFunction<Tile> {
  return async ({ signal }) => (await catalogue.search({ query: { q: '' } }, { signal })).popularContent ?? [];
}

/**
 * The query and filters of a search address (`/search?q=derby&type=video`): `q` as given (the
 * machine normalises it), unknown filter values dropped.
 */
export function searchFromAddress(search: string): { q: string; filters: SearchFilters } {
  const params = new URLSearchParams(search);
  const filters: SearchFilters = {};
  const type = params.get('type');
  if (type && (SEARCH_TYPES as readonly string[]).includes(type)) filters.type = type as SearchType;
  const category = params.get('category');
  if (category) filters.category = category;
  const access = params.get('access');
  if (access && (ACCESS_VALUES as readonly string[]).includes(access)) filters.access = access as Access;
  return { q: params.get('q') ?? '', filters };
}

/** The query string of a search address (without `?`): `q` normalised (left out when empty), then the filters. */
export function searchAddress(q: string, filters: SearchFilters): string {
  const params = new URLSearchParams();
  const query = normaliseSearchQuery(q);
  if (query) params.set('q', query);
  for (const key of ['type', 'category', 'access'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** The filters with `key` set to `value`, or cleared when it already has that value (a refine toggled). */
export function toggleFilter(filters: SearchFilters, key: SearchRefineKey, value: string): SearchFilters {
  const next: Record<string, string | undefined> = { ...filters };
  if (next[key] === value) delete next[key];
  else next[key] = value;
  return next as SearchFilters;
}
