import type { SearchPage, SearchState } from '../../domain/search.js';

/** What the search function is asked: the normalised query, the page (from 1) and a signal aborted when the answer is no longer wanted. */
export interface SearchRequest {
  /** The query, normalised (`normaliseSearchQuery`): trimmed, single spaces, 2 to 100 code points. */
  value: string;
  /** The page wanted, from 1. */
  page: number;
  /** Aborted when a newer value arrives, the search starts over, or the machine stops: pass it to `fetch`. */
  signal: AbortSignal;
}

/** Runs one search: resolves one page of results (per type), or rejects (shown as an error the viewer can retry). */
export type SearchFunction<Item, Refine = unknown> = (request: SearchRequest) => Promise<SearchPage<Item, Refine>>;

/** Loads the popular content shown for an empty value. */
export type PopularContentFunction<Item> = (request: { signal: AbortSignal }) => Promise<readonly Item[]>;

/** Input of the search machine. */
export interface SearchInput<Item, Refine = unknown> {
  /** The search: for example a call of the catalogue's search over the API client, adapted to {@link SearchPage}. */
  search: SearchFunction<Item, Refine>;
  /** The popular content for an empty value; absent: none is shown. */
  popularContent?: PopularContentFunction<Item> | undefined;
  /** The value at start (the `q` of `/search?q=…`); searched at once, without the debounce, when searchable. @default '' */
  value?: string | undefined;
  /** Whether the search panel starts open. @default false */
  open?: boolean | undefined;
}

/** Context of the search machine. */
export interface SearchContext<Item, Refine = unknown> {
  /** The search slice (commerce-and-account-data.md §3 "Client state slices: search"); changed only through `searchReducer`. */
  slice: SearchState<Item, Refine>;
  /** Whether the popular content was loaded (it may be empty); it is loaded once. */
  popularLoaded: boolean;
  /** The page whose request failed (1: the search itself; more: the next page), or 0. */
  failedPage: number;
  /** The last error (of the search or of the popular content), or null. Never shown as text. */
  error: unknown;
  /** Internal: the functions of the input. */
  env: { search: SearchFunction<Item, Refine>; popularContent: PopularContentFunction<Item> | null };
}

/** Events of the search machine (§4 "Search: open, close, new; value updates clear results"). */
export type SearchEvent =
  /** The viewer typed: the value as it is now. */
  | { type: 'search.value'; value: string }
  /** Search now, without waiting for the debounce (the Enter key). */
  | { type: 'search.submit' }
  /** The next page of results. */
  | { type: 'search.more' }
  /** After an error: the failed request again. */
  | { type: 'search.retry' }
  | { type: 'search.open' }
  | { type: 'search.close' }
  /** Clears the value and the results, opens the panel. */
  | { type: 'search.new' };

/** Input of the `search` actor. */
export interface SearchActorInput<Item, Refine = unknown> {
  search: SearchFunction<Item, Refine>;
  value: string;
  page: number;
}

/** Output of the `search` actor: the answer with the query and page it answers. */
export interface SearchActorOutput<Item, Refine = unknown> {
  value: string;
  page: number;
  answer: SearchPage<Item, Refine>;
}
