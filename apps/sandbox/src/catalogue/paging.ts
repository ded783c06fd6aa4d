/** Paging of catalogue lists: `rpp` and `lastSeen` (how many items the caller has seen) to a slice and its `pagingInfo`. */
import type { PagingInfo } from '@stream/core/contracts';

/** The slice of a list of `totalCount` items that a query asks for: `offset`, `limit`. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/** The window of `{ rpp, lastSeen }` (each may be absent: `defaultRpp`, 0). */
export function pageWindow(query: { rpp?: number | undefined; lastSeen?: number | undefined } | undefined, defaultRpp: number): PageWindow {
  return { offset: query?.lastSeen ?? 0, limit: query?.rpp ?? defaultRpp };
}

/** The `pagingInfo` of a page of `returned` items at `window` in a list of `totalCount`. */
export function pagingInfo(window: PageWindow, returned: number, totalCount: number): PagingInfo {
  const lastSeen = window.offset + returned;
  return { rpp: window.limit, lastSeen, moreDataAvailable: lastSeen < totalCount, totalCount };
}

/** One page of an in-memory list, with its `pagingInfo`. */
export function pageOf<T>(list: readonly T[], window: PageWindow): { items: T[]; pagingInfo: PagingInfo } {
  const items = list.slice(window.offset, window.offset + window.limit);
  return { items, pagingInfo: pagingInfo(window, items.length, list.length) };
}
