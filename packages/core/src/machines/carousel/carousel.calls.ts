import type { ApiClient } from '../../api/types.js';
import type { ContinueWatchingItem, Favourite, HistoryItem } from '../../contracts/favourites.js';
import type { Rail, Tile } from '../../contracts/catalogue.js';
import type { CarouselFetch } from './carousel.types.js';

/**
 * The carousel machine's `fetchPage` for each paged list of the platform (the page after
 * `lastSeen` items, `rpp` at a time, aborted with the machine's signal): a rail's items
 * (`catalogue.rail`), a playlist's (`catalogue.playlist`), a season's episodes
 * (`catalogue.episodes`), a section's rails (`catalogue.section`), the viewer's favourites
 * (`favourites.list`), history (`history.list`) and continue watching
 * (`history.continueWatching`). The views pass these
 * to the machine and never call the platform themselves.
 */
export function carouselCalls(api: Pick<ApiClient, 'catalogue' | 'favourites' | 'history'>) {
  return {
    rail: (id: string, rpp: number): CarouselFetch<Tile> => ({ lastSeen, signal }) =>
      api.catalogue.rail({ params: { id }, query: { rpp, lastSeen } }, { signal }),
    playlist: (id: string, rpp: number): CarouselFetch<Tile> => ({ lastSeen, signal }) =>
      api.catalogue.playlist({ params: { id }, query: { rpp, lastSeen } }, { signal }),
    episodes: (seasonId: string, rpp: number): CarouselFetch<Tile> => ({ lastSeen, signal }) =>
      api.catalogue.episodes({ params: { id: seasonId }, query: { rpp, lastSeen } }, { signal }),
    /** A section's rails (`catalogue.section`), `rpp` rails a page. */
    sectionRails: (id: string, rpp: number): CarouselFetch<Rail> => async ({ lastSeen, signal }) => {
      const page = await api.catalogue.section({ params: { id }, query: { rpp, lastSeen } }, { signal });
      return { items: page.rails, pagingInfo: page.pagingInfo };
    },
    favourites: (rpp: number): CarouselFetch<Favourite> => ({ lastSeen, signal }) =>
      api.favourites.list({ query: { rpp, lastSeen } }, { signal }),
    /** The viewer's history, last updated first (`history.list`; `HISTORY_PAGE_SIZE` by default). */
    history: (rpp: number): CarouselFetch<HistoryItem> => ({ lastSeen, signal }) =>
      api.history.list({ query: { rpp, lastSeen } }, { signal }),
    /** The viewer's continue watching, last updated first (`history.continueWatching`; `CONTINUE_WATCHING_PAGE_SIZE` by default). */
    continueWatching: (rpp: number): CarouselFetch<ContinueWatchingItem> => ({ lastSeen, signal }) =>
      api.history.continueWatching({ query: { rpp, lastSeen } }, { signal }),
  };
}
