import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  searchQuery,
  searchResultCount,
  showsNoResults,
  showsPopularContent,
  type SearchResults,
} from '../../domain/search.js';
import type { SearchMachine } from './search.machine.js';
import type { SearchEvent } from './search.types.js';

/** A running search actor. */
export type SearchActorRef<Item = unknown, Refine = unknown> = ActorRefFrom<SearchMachine<Item, Refine>>;
/** A snapshot of the search machine. */
export type SearchSnapshot<Item = unknown, Refine = unknown> = SnapshotFrom<SearchMachine<Item, Refine>>;

/**
 * What the search shows: `popular` (an empty or too short value), `typing` (waiting for a pause),
 * `searching` (the first page), `results` (possibly none: see `noResults`), `loadingMore` (the
 * results so far, and the next page coming), `failed`.
 */
export type SearchStatus = 'popular' | 'typing' | 'searching' | 'results' | 'loadingMore' | 'failed';

/** What a search view needs (commerce-and-account-data.md §3 "Client state slices: search"). */
export interface SearchApi<Item, Refine = unknown> {
  status: SearchStatus;
  /** The value as typed (bind it to the input). */
  value: string;
  /** The query searched (normalised): keep it in the address (`/search?q=`). */
  query: string;
  /** The search panel is open. */
  open: boolean;
  /** Results per type (live event, video, playlist; §9 "Search types"), pages appended. */
  results: SearchResults<Item>;
  /** Results held, every type. */
  resultCount: number;
  /** The platform's count of results for the query, every page. */
  totalCount: number;
  refines: readonly Refine[];
  /** Shown when `showsPopularContent`. */
  popularContent: readonly Item[];
  showsPopularContent: boolean;
  /** The popular content is loading. */
  loadingPopular: boolean;
  /** The query was answered with no result at all. */
  noResults: boolean;
  /** Another page exists and none is loading: show "more". */
  canLoadMore: boolean;
  /** A request failed: show an error with a retry control (the results so far stay when a next page failed). */
  failed: boolean;
  /** The last error, or null (never shown as text). */
  error: unknown;
  setValue(value: string): void;
  /** Searches now (the Enter key). */
  submit(): void;
  loadMore(): void;
  retry(): void;
  openSearch(): void;
  close(): void;
  /** A new search: clears the value and the results. */
  newSearch(): void;
}

function statusOf<Item, Refine>(snapshot: SearchSnapshot<Item, Refine>): SearchStatus {
  if (snapshot.matches('debouncing')) return 'typing';
  if (snapshot.matches('searching')) return 'searching';
  if (snapshot.matches('results')) return 'results';
  if (snapshot.matches('loadingMore')) return 'loadingMore';
  if (snapshot.matches('failed')) return 'failed';
  return 'popular';
}

/** Turns a search snapshot and its `send` into what a view needs. */
export function connectSearch<Item, Refine = unknown>(
  snapshot: SearchSnapshot<Item, Refine>,
  send: (event: SearchEvent) => void,
): SearchApi<Item, Refine> {
  const { slice, error } = snapshot.context;
  const status = statusOf(snapshot);
  const failed = status === 'failed' || snapshot.matches({ popular: 'failed' });
  return {
    status,
    value: slice.value,
    query: searchQuery(slice),
    open: slice.open,
    results: slice.results,
    resultCount: searchResultCount(slice),
    totalCount: slice.totalCount,
    refines: slice.refines,
    popularContent: slice.popularContent,
    showsPopularContent: showsPopularContent(slice),
    loadingPopular: snapshot.matches({ popular: 'loading' }),
    noResults: status === 'results' && showsNoResults(slice),
    canLoadMore: status === 'results' && slice.moreDataAvailable,
    failed,
    error: failed ? error : null,
    setValue: (value) => send({ type: 'search.value', value }),
    submit: () => send({ type: 'search.submit' }),
    loadMore: () => send({ type: 'search.more' }),
    retry: () => send({ type: 'search.retry' }),
    openSearch: () => send({ type: 'search.open' }),
    close: () => send({ type: 'search.close' }),
    newSearch: () => send({ type: 'search.new' }),
  };
}
