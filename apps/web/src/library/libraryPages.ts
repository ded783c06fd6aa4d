import type { RouteKey } from '@stream/core/domain';

/** The library's pages (issue 15), in the order every navigation lists them, each with its label key. */
export const LIBRARY_PAGES: ReadonlyArray<readonly [RouteKey, string]> = [
  ['FAVOURITES', 'favouritesTitle'],
  ['WATCHLISTS', 'watchlistsTitle'],
  ['HISTORY', 'historyTitle'],
];
