import type { CarouselPage, CarouselState } from '../../domain/carousel.js';

/** What the carousel's fetch function is asked: the page after `lastSeen` items, and a signal aborted when the answer is no longer wanted. */
export interface CarouselRequest {
  /** Items already held (the `lastSeen` of the paging info; 0 for the first page). */
  lastSeen: number;
  /** Aborted when the machine stops: pass it to `fetch`. */
  signal: AbortSignal;
}

/** Reads one page: resolves it, or rejects (shown as an error the viewer can retry). */
export type CarouselFetch<Item> = (request: CarouselRequest) => Promise<CarouselPage<Item>>;

/** Input of the carousel machine. */
export interface CarouselInput<Item> {
  /** Reads the page after `lastSeen` items: for example a rail's read over the API client. */
  fetchPage: CarouselFetch<Item>;
  /** Names an item, so that a page repeating one adds it once (for tiles: `type:id`). */
  keyOf: (item: Item) => string;
  /** The first page when the caller holds it already (a section's rail); absent: the machine reads it. */
  initial?: CarouselPage<Item> | undefined;
  /** Items in one view at start (the view reports its own with `carousel.resize`). @default DEFAULT_CAROUSEL_VISIBLE */
  visible?: number | undefined;
}

/** Context of the carousel machine. */
export interface CarouselContext<Item> {
  /** The carousel's state (`domain/carousel`); changed only through its functions. */
  carousel: CarouselState<Item>;
  /** The viewer asked to move forward past the items held: done when the page arrives. */
  pendingForward: boolean;
  /** How many items the state held before the last page appended (the first new item's index), or -1. */
  firstNew: number;
  /** The last error, or null. Never shown as text. */
  error: unknown;
  /** Internal: the functions of the input. */
  env: { fetchPage: CarouselFetch<Item>; keyOf: (item: Item) => string };
}

/** Events of the carousel machine (commerce-and-account-data.md §4 "Discovery carousel has paging and fetching"). */
export type CarouselEvent =
  /** A view forward (fetches the next page first when the items held end here). */
  | { type: 'carousel.next' }
  /** A view back. */
  | { type: 'carousel.previous' }
  /** The viewer scrolled: the first item in view is now `position`. */
  | { type: 'carousel.seek'; position: number }
  /** The view now holds `visible` items. */
  | { type: 'carousel.resize'; visible: number }
  /** The next page, whatever is in view ("Show more" under a grid). */
  | { type: 'carousel.more' }
  /** After an error: the failed read again. */
  | { type: 'carousel.retry' };
