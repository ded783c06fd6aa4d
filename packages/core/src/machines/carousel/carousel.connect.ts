import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { canMoveCarouselBack, canMoveCarouselForward } from '../../domain/carousel.js';
import type { CarouselMachine } from './carousel.machine.js';
import type { CarouselEvent } from './carousel.types.js';
import { matchedState } from '../matchedState.js';

/** A running carousel actor. */
export type CarouselActorRef<Item = unknown> = ActorRefFrom<CarouselMachine<Item>>;
/** A snapshot of the carousel machine. */
export type CarouselSnapshot<Item = unknown> = SnapshotFrom<CarouselMachine<Item>>;

/** What a carousel view needs (commerce-and-account-data.md §4 "Discovery carousel has paging and fetching"). */
export interface CarouselApi<Item> {
  /** `loading` (the first page: placeholders), `ready`, `fetching` (the next page: the items stay), `failed` (show Retry). */
  status: 'loading' | 'ready' | 'fetching' | 'failed';
  /** The items held, in order. */
  items: readonly Item[];
  /** Index of the first item in view: scroll it into view. */
  position: number;
  /** Items in one view. */
  visible: number;
  /** Index of the first item of the page appended last (move focus there after "Show more"), or -1. */
  firstNew: number;
  canMoveBack: boolean;
  canMoveForward: boolean;
  /** Another page exists and none is loading: show "Show more" under a grid. */
  canLoadMore: boolean;
  /** The last error (only while `failed`), never shown as text. */
  error: unknown;
  next(): void;
  previous(): void;
  /** The viewer scrolled: `position` is the first item in view. */
  seek(position: number): void;
  /** The view holds `visible` items now. */
  resize(visible: number): void;
  loadMore(): void;
  retry(): void;
}

/** Turns a carousel snapshot and its `send` into what a view needs. */
export function connectCarousel<Item>(snapshot: CarouselSnapshot<Item>, send: (event: CarouselEvent) => void): CarouselApi<Item> {
  const { carousel, firstNew, error } = snapshot.context;
  const status = matchedState(snapshot, ['loading', 'fetching', 'failed'], 'ready');
  return {
    status,
    items: carousel.items,
    position: carousel.position,
    visible: carousel.visible,
    firstNew,
    canMoveBack: canMoveCarouselBack(carousel),
    canMoveForward: canMoveCarouselForward(carousel),
    canLoadMore: status === 'ready' && carousel.moreDataAvailable,
    error: status === 'failed' ? error : null,
    next: () => send({ type: 'carousel.next' }),
    previous: () => send({ type: 'carousel.previous' }),
    seek: (position) => send({ type: 'carousel.seek', position }),
    resize: (visible) => send({ type: 'carousel.resize', visible }),
    loadMore: () => send({ type: 'carousel.more' }),
    retry: () => send({ type: 'carousel.retry' }),
  };
}
