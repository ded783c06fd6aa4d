import type { ApiClient } from '../api/types.js';
import type { ContinueWatchingPage, FavouritesPage, FavouriteStatus, FavouriteStatuses, HistoryPage, ProgressReport, TitleProgressAnswer } from '../contracts/favourites.js';
import type { WatchlistsPage } from '../contracts/watchlists.js';
import type { ResourceCache, ResourceQuery } from './cache.js';
import { RESOURCE_KEYS } from './keys.js';

/** A page of a library list: `rpp` (each list has its default) and `lastSeen` (items seen; 0 or absent for the first page). */
export interface LibraryPageQuery {
  rpp?: number | undefined;
  lastSeen?: number | undefined;
}

/** The page query as sent and keyed: only the fields given. */
const pageQuery = (page: LibraryPageQuery | undefined) => ({
  ...(page?.rpp !== undefined ? { rpp: page.rpp } : {}),
  ...(page?.lastSeen !== undefined ? { lastSeen: page.lastSeen } : {}),
});

/**
 * The viewer's library, reads (docs/api.md "Favourites, history and continue watching"; bearer
 * required, scope `viewer`). Keys `['favourites' | 'history', call, …]` (page numbers and title
 * ids only); after a change invalidate `RESOURCE_KEYS.favourites` or `RESOURCE_KEYS.history`.
 * Changes go through the flows (`favouriteToggleMachine`, `historyReporterMachine`) or the
 * mutations here (`history.remove`, `watchlists.remove`).
 */
export interface LibraryResources {
  favourites: {
    /** A page of favourites, newest first (`favourites.list`; 9 per page by default), key `['favourites', 'list', rpp, lastSeen]`. */
    list(page?: LibraryPageQuery): ResourceQuery<FavouritesPage>;
    /** Whether title `id` is a favourite (`favourites.get`), key `['favourites', 'get', id]`. Fails with `ApiError` 404 for an unknown title. */
    get(id: string): ResourceQuery<FavouriteStatus>;
    /** Which of `ids` (up to 100: the hearts of a page of cards) are favourites (`favourites.status`), key `['favourites', 'status', ...ids]`. */
    status(ids: readonly string[]): ResourceQuery<FavouriteStatuses>;
  };
  history: {
    /** A page of the history, last updated first (`history.list`), key `['history', 'list', rpp, lastSeen]`. */
    list(page?: LibraryPageQuery): ResourceQuery<HistoryPage>;
    /** Title `id`'s progress, where the player resumes (`history.get`), key `['history', 'get', id]`. */
    get(id: string): ResourceQuery<TitleProgressAnswer>;
    /** A page of continue watching (`history.continueWatching`; 12 per page by default), key `['history', 'continueWatching', rpp, lastSeen]`. */
    continueWatching(page?: LibraryPageQuery): ResourceQuery<ContinueWatchingPage>;
    /**
     * Removes title `id` from the history and continue watching (`history.remove`, "remove from
     * row"; idempotent), then invalidates `RESOURCE_KEYS.history`. Rejects with the call's
     * `ApiError` (404 for an unknown title, 401).
     */
    remove(id: string): Promise<void>;
    /**
     * Sends the player's report of title `id` (`history.report`: `{ positionSeconds,
     * durationSeconds, updatedAt, ended? }`, seconds and ISO 8601), then invalidates
     * `RESOURCE_KEYS.history` (home's row, HISTORY and a title's resume position reload). Sent with
     * `keepalive` and never aborted: the report made on page hide or when the viewer leaves must
     * outlive the page (the platform merges by `updatedAt`, so a late report never overwrites a
     * newer one). The history reporter machine's `report` function. Rejects with the call's
     * `ApiError` (404, 400 for a live stream, 401).
     */
    report(request: { id: string } & ProgressReport): Promise<void>;
  };
  watchlists: {
    /** A page of the viewer's watchlists library, the lists owned and the shared lists saved, latest first (`watchlists.list`; 25 per page by default), key `['watchlists', 'list', rpp, lastSeen]`. */
    list(page?: LibraryPageQuery): ResourceQuery<WatchlistsPage>;
    /**
     * Deletes list `id` of owner `ownerId` (`watchlists.remove`; docs/api.md "Watchlists"), then
     * invalidates `RESOURCE_KEYS.watchlists`. Rejects with the call's `ApiError` (403 `NOT_OWNER`
     * for a shared list, 404).
     */
    remove(ownerId: string, id: string): Promise<void>;
  };
}

/** The library's definitions over `api` (the lazy `favourites`, `history` and `watchlists` areas of the client), mutating through `cache`. */
export function libraryResources(api: ApiClient, cache: ResourceCache): LibraryResources {
  const pageKey = (page: LibraryPageQuery | undefined) => [page?.rpp ?? 'default', page?.lastSeen ?? 0] as const;
  return {
    favourites: {
      list: (page) => ({ key: ['favourites', 'list', ...pageKey(page)], load: () => api.favourites.list({ query: pageQuery(page) }) }),
      get: (id) => ({ key: ['favourites', 'get', id], load: () => api.favourites.get({ params: { id } }) }),
      status: (ids) => ({ key: ['favourites', 'status', ...ids], load: () => api.favourites.status({ query: { ids: ids.join(',') } }) }),
    },
    history: {
      list: (page) => ({ key: ['history', 'list', ...pageKey(page)], load: () => api.history.list({ query: pageQuery(page) }) }),
      get: (id) => ({ key: ['history', 'get', id], load: () => api.history.get({ params: { id } }) }),
      continueWatching: (page) => ({
        key: ['history', 'continueWatching', ...pageKey(page)],
        load: () => api.history.continueWatching({ query: pageQuery(page) }),
      }),
      report: async ({ id, positionSeconds, durationSeconds, updatedAt, ended }) => {
        const body = { positionSeconds, durationSeconds, updatedAt, ...(ended === undefined ? {} : { ended }) };
        await cache.mutate(() => api.history.report({ params: { id }, body }, { keepalive: true }), [RESOURCE_KEYS.history]);
      },
      remove: async (id) => {
        await cache.mutate(() => api.history.remove({ params: { id } }), [RESOURCE_KEYS.history]);
      },
    },
    watchlists: {
      list: (page) => ({ key: [...RESOURCE_KEYS.watchlists, 'list', ...pageKey(page)], load: () => api.watchlists.list({ query: pageQuery(page) }) }),
      remove: async (ownerId, id) => {
        await cache.mutate(() => api.watchlists.remove({ params: { ownerId, id } }), [RESOURCE_KEYS.watchlists]);
      },
    },
  };
}
