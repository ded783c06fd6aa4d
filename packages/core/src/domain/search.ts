/**
 * The search slice of the client state and the rules of a search query. Implements
 * commerce-and-account-data.md §3 "Client state slices: search (value, results per type live
 * event, video, playlist, refines, totalCount, popularContent)", §4 "Search: open, close, new;
 * value updates clear results" and §9 "Search types: live event, video, playlist".
 *
 * Generic over the result item (`Item`) and the refine (`Refine`, a facet the platform offers to
 * narrow the results) so that it needs no particular contract. An answer names the value it
 * answers: the slice keeps it only while that value is still the current query, so a stale
 * answer never overwrites a newer one.
 */

/** The result types of a search, in display order (§9 "Search types": live event, video, playlist). */
export const SEARCH_TYPES = ['liveEvent', 'video', 'playlist'] as const;

/** One result type of {@link SEARCH_TYPES}. */
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * Fewest characters (Unicode code points, after {@link normaliseSearchQuery}) a query needs to be
 * sent: one letter matches too much to be useful. This project's choice; shorter values show the
 * popular content.
 */
export const SEARCH_QUERY_MIN_LENGTH = 2;

/**
 * Most characters (Unicode code points) a query keeps after {@link normaliseSearchQuery}; the rest
 * is cut. Titles are shorter; this bounds the request and the address bar. This project's choice.
 */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** Results per type; every type present (an empty list when none). */
export type SearchResults<Item> = Record<SearchType, readonly Item[]>;

/**
 * One page of a search answer, as the search function of the search machine resolves it:
 * `results` per type (a missing type has none on this page), `totalCount` over every page and
 * type, the `refines` offered (on the first page; later pages may omit them) and whether another
 * page exists (`moreDataAvailable`).
 */
export interface SearchPage<Item, Refine = unknown> {
  results: Partial<Record<SearchType, readonly Item[]>>;
  totalCount: number;
  refines?: readonly Refine[] | undefined;
  moreDataAvailable: boolean;
}

/** The search slice (§3 "Client state slices: search"). */
export interface SearchState<Item, Refine = unknown> {
  /** The search panel is shown (§4 "open, close"). */
  open: boolean;
  /** The value as the viewer typed it; the query sent is {@link searchQuery} of the state. */
  value: string;
  /** Results per type for the current query, pages appended in order. */
  results: SearchResults<Item>;
  /** The refines of the current query's first page. */
  refines: readonly Refine[];
  /** The number of results the platform has for the current query (every page, every type). */
  totalCount: number;
  /** Pages of results held for the current query (0: none yet). Pages are numbered from 1. */
  page: number;
  /** Whether the platform has another page for the current query. */
  moreDataAvailable: boolean;
  /** What the search shows for an empty (not searchable) value; kept across queries. */
  popularContent: readonly Item[];
}

/** What the search slice reacts to (§4 "Search"). */
export type SearchAction<Item, Refine = unknown> =
  | { type: 'search.open' }
  | { type: 'search.close' }
  /** A new search: the value and the results cleared, the panel open; the popular content stays. */
  | { type: 'search.new' }
  /** The viewer's value changed; a different query clears the results. */
  | { type: 'search.value'; value: string }
  /** The answer to the query `value` for page `page` (from 1). Kept only while `value` is the current query. */
  | { type: 'search.answer'; value: string; page: number; answer: SearchPage<Item, Refine> }
  | { type: 'search.popularContent'; items: readonly Item[] };

/**
 * The query a value stands for: Unicode NFC, every run of white space (any script's spaces, tabs,
 * line breaks) one space, trimmed, cut to {@link SEARCH_QUERY_MAX_LENGTH} code points (never in the
 * middle of a surrogate pair) and trimmed again. Not a string → `''`. Pure, never throws.
 */
export function normaliseSearchQuery(value: unknown): string {
  if (typeof value !== 'string') return '';
  const collapsed = value.normalize('NFC').replace(/\s+/gu, ' ').trim();
  const codePoints = Array.from(collapsed);
  return codePoints.length <= SEARCH_QUERY_MAX_LENGTH ? collapsed : codePoints.slice(0, SEARCH_QUERY_MAX_LENGTH).join('').trimEnd();
}

/** True when `value`'s query has at least {@link SEARCH_QUERY_MIN_LENGTH} code points: it is worth sending. */
export function isSearchable(value: unknown): boolean {
  return Array.from(normaliseSearchQuery(value)).length >= SEARCH_QUERY_MIN_LENGTH;
}

/** Results with every type empty. */
export function emptySearchResults<Item>(): SearchResults<Item> {
  return { liveEvent: [], video: [], playlist: [] };
}

/** The slice at start: closed, holding `value` (for example the `q` of `/search?q=…`) and nothing else. */
export function initialSearchState<Item, Refine = unknown>(value = ''): SearchState<Item, Refine> {
  return {
    open: false,
    value: typeof value === 'string' ? value : '',
    results: emptySearchResults<Item>(),
    refines: [],
    totalCount: 0,
    page: 0,
    moreDataAvailable: false,
    popularContent: [],
  };
}

/** The query the slice's value stands for ({@link normaliseSearchQuery}). */
export function searchQuery(state: Pick<SearchState<unknown>, 'value'>): string {
  return normaliseSearchQuery(state.value);
}

/** True when the search shows the popular content: the value is not searchable (empty or too short). §3 "popularContent". */
export function showsPopularContent(state: Pick<SearchState<unknown>, 'value'>): boolean {
  return !isSearchable(state.value);
}

/** The number of results held, over every type. */
export function searchResultCount(state: Pick<SearchState<unknown>, 'results'>): number {
  return SEARCH_TYPES.reduce((sum, type) => sum + state.results[type].length, 0);
}

/** True when the current query was answered and has no result at all (the "no results" state). */
export function showsNoResults(state: SearchState<unknown>): boolean {
  return !showsPopularContent(state) && state.page > 0 && searchResultCount(state) === 0;
}

/**
 * True when an answer to `value`, page `page`, belongs in `state`: `value` is still the current
 * query (compared normalised), the query is searchable, and the page is the first (it replaces)
 * or the one after the pages held (it appends). Any other answer is stale or out of order.
 */
export function isCurrentAnswer(state: SearchState<unknown>, value: unknown, page: unknown): boolean {
  if (!isSearchable(state.value) || normaliseSearchQuery(value) !== searchQuery(state)) return false;
  return page === 1 || (typeof page === 'number' && page > 1 && page === state.page + 1);
}

function listOf<T>(value: unknown): readonly T[] {
  return Array.isArray(value) ? (value as readonly T[]) : [];
}

function cleared<Item, Refine>(state: SearchState<Item, Refine>, value: string): SearchState<Item, Refine> {
  return { ...state, value, results: emptySearchResults<Item>(), refines: [], totalCount: 0, page: 0, moreDataAvailable: false };
}

function withAnswer<Item, Refine>(state: SearchState<Item, Refine>, page: number, answer: SearchPage<Item, Refine>): SearchState<Item, Refine> {
  const first = page === 1;
  const given = (answer?.results ?? {}) as Partial<Record<SearchType, unknown>>;
  const results = emptySearchResults<Item>();
  for (const type of SEARCH_TYPES) {
    const items = listOf<Item>(given[type]);
    results[type] = first ? items : [...state.results[type], ...items];
  }
  const held = SEARCH_TYPES.reduce((sum, type) => sum + results[type].length, 0);
  const total = answer?.totalCount;
  const refines = Array.isArray(answer?.refines) ? (answer.refines as readonly Refine[]) : first ? [] : state.refines;
  return {
    ...state,
    results,
    refines,
    totalCount: typeof total === 'number' && Number.isInteger(total) && total >= held ? total : held,
    page,
    moreDataAvailable: answer?.moreDataAvailable === true,
  };
}

/**
 * The search slice after `action` (§4 "Search"):
 * - `search.open` / `search.close` show or hide the panel (the value and results stay);
 * - `search.new` clears the value and the results and opens the panel;
 * - `search.value` records the value; when its query differs from the current one the results,
 *   refines, total and pages are cleared ("value updates clear results"); the same query (for
 *   example one more trailing space) keeps them;
 * - `search.answer` is kept only when {@link isCurrentAnswer}: page 1 replaces the results, the
 *   next page appends per type; `totalCount` is the answer's (at least the results held);
 * - `search.popularContent` stores the popular content.
 * Pure and total: an unknown action or a malformed answer never throws (missing lists count as empty).
 */
export function searchReducer<Item, Refine = unknown>(
  state: SearchState<Item, Refine>,
  action: SearchAction<Item, Refine>,
): SearchState<Item, Refine> {
  switch (action?.type) {
    case 'search.open':
      return state.open ? state : { ...state, open: true };
    case 'search.close':
      return state.open ? { ...state, open: false } : state;
    case 'search.new':
      return { ...cleared(state, ''), open: true };
    case 'search.value': {
      const value = typeof action.value === 'string' ? action.value : '';
      if (normaliseSearchQuery(value) === searchQuery(state)) return value === state.value ? state : { ...state, value };
      return cleared(state, value);
    }
    case 'search.answer':
      return isCurrentAnswer(state, action.value, action.page) ? withAnswer(state, action.page, action.answer) : state;
    case 'search.popularContent':
      return { ...state, popularContent: listOf<Item>(action.items) };
    default:
      return state;
  }
}
