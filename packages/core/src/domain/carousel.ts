/**
 * The discovery carousel: a paged row (or grid) of items that the viewer moves through a view
 * at a time, while the next page of items is fetched from the platform. Implements
 * commerce-and-account-data.md §4 "Discovery carousel has paging and fetching" with the paging
 * info of §3 (`moreDataAvailable`, `lastSeen`: how many items the pages so far hold).
 *
 * The state is a value; every function is pure, total (bad input gives a valid state, never a
 * throw) and keeps these invariants, which the property tests hold it to:
 * - `position` (the index of the first item in view) lies in `[0, lastPosition(state)]`;
 * - `items` never hold two items of one key (a page that repeats an item adds it once);
 * - `lastSeen` never decreases: a page that does not start at the current `lastSeen` (a stale
 *   or repeated answer) changes nothing;
 * - `visible` (items in one view) is a whole number of at least 1.
 *
 * Generic over the item; `keyOf` names an item (for tiles: `type:id`).
 */

/** One page of items, as the platform answers a paged read (§3 "paging info"). */
export interface CarouselPage<Item> {
  items: readonly Item[];
  pagingInfo: {
    /** Items of every page so far, this one included: the `lastSeen` of the next read. */
    lastSeen: number;
    moreDataAvailable: boolean;
  };
}

/** The carousel's state. */
export interface CarouselState<Item> {
  /** The items of the pages read so far, in order, each key once. */
  items: readonly Item[];
  /** The `lastSeen` of the next page (0 before the first page). */
  lastSeen: number;
  /** The platform has another page after `lastSeen`. */
  moreDataAvailable: boolean;
  /** Index of the first item in view. */
  position: number;
  /** Items in one view (at least 1). */
  visible: number;
}

/** Items in view when the caller does not say (a desktop row of cards). This project's choice. */
export const DEFAULT_CAROUSEL_VISIBLE = 4;

/** Most items in one view: bounds a measurement gone wrong. This project's choice. */
export const MAX_CAROUSEL_VISIBLE = 60;

/** A whole number of items in view: `visible` rounded down, clamped to `[1, MAX_CAROUSEL_VISIBLE]`; not a number gives the default. */
function wholeVisible(visible: unknown): number {
  if (typeof visible !== 'number' || Number.isNaN(visible)) return DEFAULT_CAROUSEL_VISIBLE;
  return Math.min(MAX_CAROUSEL_VISIBLE, Math.max(1, Math.floor(visible)));
}

/** The largest `position` of `state`: the first item of the last full view (0 when everything fits). */
export function lastCarouselPosition(state: Pick<CarouselState<unknown>, 'items' | 'visible'>): number {
  return Math.max(0, state.items.length - state.visible);
}

/** `position` made whole and clamped to `[0, lastCarouselPosition(state)]`. */
function clamp<Item>(state: CarouselState<Item>, position: number): number {
  if (!Number.isFinite(position)) return position > 0 ? lastCarouselPosition(state) : 0;
  return Math.min(lastCarouselPosition(state), Math.max(0, Math.floor(position)));
}

/**
 * The state before any page (`page` absent: the carousel fetches its first page) or with the
 * page the caller already holds (a section's rail arrives with its first page), `visible` items
 * in view. Items without a key (`keyOf` answers a non-string or throws) are left out.
 */
export function initialCarousel<Item>(
  page: CarouselPage<Item> | undefined,
  visible: number,
  keyOf: (item: Item) => string,
): CarouselState<Item> {
  const empty: CarouselState<Item> = { items: [], lastSeen: 0, moreDataAvailable: page === undefined, position: 0, visible: wholeVisible(visible) };
  return page === undefined ? empty : appendCarouselPage(empty, page, keyOf);
}

/** The key of `item`, or null when `keyOf` answers no string (or throws). */
function keyOrNull<Item>(keyOf: (item: Item) => string, item: Item): string | null {
  try {
    const key = keyOf(item);
    return typeof key === 'string' ? key : null;
  } catch {
    return null;
  }
}

/**
 * `state` with `page` appended: the page's items whose keys are new, in order; `lastSeen` and
 * `moreDataAvailable` from its paging info. A page whose `lastSeen` is not past the current one
 * (stale, repeated), or that is malformed, changes nothing: the same state is returned. The
 * position is kept.
 */
export function appendCarouselPage<Item>(state: CarouselState<Item>, page: CarouselPage<Item>, keyOf: (item: Item) => string): CarouselState<Item> {
  const info = page?.pagingInfo;
  if (!info || !Array.isArray(page.items) || !Number.isSafeInteger(info.lastSeen) || info.lastSeen <= state.lastSeen) return state;
  const seen = new Set<string>();
  for (const item of state.items) {
    const key = keyOrNull(keyOf, item);
    if (key !== null) seen.add(key);
  }
  const items = [...state.items];
  for (const item of page.items) {
    const key = keyOrNull(keyOf, item);
    if (key === null || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  const next: CarouselState<Item> = { ...state, items, lastSeen: info.lastSeen, moreDataAvailable: info.moreDataAvailable === true };
  return { ...next, position: clamp(next, state.position) };
}

/** `state` moved a view forward (`direction` 1) or back (-1), clamped to the items held. */
export function moveCarousel<Item>(state: CarouselState<Item>, direction: 1 | -1): CarouselState<Item> {
  const step = direction === -1 ? -state.visible : direction === 1 ? state.visible : 0;
  const position = clamp(state, state.position + step);
  return position === state.position ? state : { ...state, position };
}

/** `state` with `position` (the first item in view, after the viewer scrolled), clamped. */
export function seekCarousel<Item>(state: CarouselState<Item>, position: number): CarouselState<Item> {
  const clamped = clamp(state, position);
  return clamped === state.position ? state : { ...state, position: clamped };
}

/** `state` with `visible` items in view (the view was resized), the position clamped again. */
export function resizeCarousel<Item>(state: CarouselState<Item>, visible: number): CarouselState<Item> {
  const whole = wholeVisible(visible);
  if (whole === state.visible) return state;
  const next = { ...state, visible: whole };
  return { ...next, position: clamp(next, state.position) };
}

/**
 * The next page is worth fetching now: the platform has one, and the view after the current one
 * would reach past the items held (so it is there before the viewer gets to it).
 */
export function carouselNeedsPage(state: CarouselState<unknown>): boolean {
  return state.moreDataAvailable && state.position + 2 * state.visible > state.items.length;
}

/** A view back exists. */
export function canMoveCarouselBack(state: CarouselState<unknown>): boolean {
  return state.position > 0;
}

/** A view forward exists: items held past the view, or another page to fetch. */
export function canMoveCarouselForward(state: CarouselState<unknown>): boolean {
  return state.position < lastCarouselPosition(state) || state.moreDataAvailable;
}
