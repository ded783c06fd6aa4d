/**
 * The pages of a paged list a view shows (commerce-and-account-data.md §3 "paging info"), as the
 * `lastSeen` each page is read with, in order: `[0]` at first, then the previous page's
 * `pagingInfo.lastSeen` each time the viewer asks for more. Pure.
 */
export const FIRST_PAGE: readonly number[] = Object.freeze([0]);

/**
 * `offsets` with the page starting at `lastSeen` added, once: a `lastSeen` that is not past the
 * last page (a repeated "more", a stale answer) or not a whole number changes nothing (the same
 * array is returned). Never throws.
 */
export function nextPage(offsets: readonly number[], lastSeen: number): readonly number[] {
  const last = offsets.at(-1) ?? -1;
  if (!Number.isInteger(lastSeen) || lastSeen <= last) return offsets;
  return [...offsets, lastSeen];
}

/**
 * The query of the page after `lastSeen` items, `rpp` at a time: `{ rpp }` for the first page (the
 * same read, and cache key, as the page header's), `{ rpp, lastSeen }` after it.
 */
export function pageQuery(rpp: number, lastSeen: number): { rpp: number; lastSeen?: number } {
  return lastSeen > 0 ? { rpp, lastSeen } : { rpp };
}
