import { assign, fromPromise, setup } from 'xstate';
import {
  appendCarouselPage,
  carouselNeedsPage,
  initialCarousel,
  moveCarousel,
  resizeCarousel,
  seekCarousel,
  type CarouselPage,
} from '../../domain/carousel.js';
import type { CarouselContext, CarouselEvent, CarouselFetch, CarouselInput } from './carousel.types.js';

/** A forward move, taken wherever items are shown (ready, fetching the next page, failed): not while the first page is read. */
const MOVES_FORWARD = { 'carousel.next': { actions: 'forward' } } as const;

/**
 * Creates the discovery carousel machine for items of type `Item` (the type only, the machine is
 * the same). Implements commerce-and-account-data.md §4 "Discovery carousel has paging and
 * fetching" with the rules of `domain/carousel`.
 *
 * Without an `initial` page it reads the first one (`loading`). In `ready`, moving a view
 * (`carousel.next`, `carousel.previous`, `carousel.seek`) or resizing it fetches the next page
 * as soon as the view after the current one would reach past the items held
 * (`carouselNeedsPage`), so the next items are there before the viewer gets to them;
 * `carousel.more` fetches it whatever is in view (a grid's "Show more"). `carousel.next` at the
 * end of the items held while the next page loads moves once it arrives. The `fetchPage` actor
 * gets an `AbortSignal` aborted when the machine stops. A failed read goes to `failed` (the
 * items so far stay); `carousel.retry` repeats it.
 */
export function createCarouselMachine<Item = unknown>() {
  return setup({
    types: {} as { context: CarouselContext<Item>; events: CarouselEvent; input: CarouselInput<Item> },
    actors: {
      /** `fetchPage({ lastSeen, signal })` of the input. */
      fetchPage: fromPromise<CarouselPage<Item>, { fetchPage: CarouselFetch<Item>; lastSeen: number }>(({ input, signal }) =>
        input.fetchPage({ lastSeen: input.lastSeen, signal }),
      ),
    },
    actions: {
      append: assign(({ context }, params: { page: CarouselPage<Item> }) => {
        const appended = appendCarouselPage(context.carousel, params.page, context.env.keyOf);
        if (appended === context.carousel) {
          // The read starts at `lastSeen`: an answer that does not go past it (or is malformed)
          // would be asked for again and again. Paging ends there.
          return { carousel: { ...appended, moreDataAvailable: false }, pendingForward: false, firstNew: -1, error: null };
        }
        const carousel = context.pendingForward ? moveCarousel(appended, 1) : appended;
        return { carousel, pendingForward: false, firstNew: context.carousel.items.length, error: null };
      }),
      forward: assign(({ context }) => {
        const carousel = moveCarousel(context.carousel, 1);
        // At the end of the items held, with another page coming: move when it arrives.
        return { carousel, pendingForward: carousel === context.carousel && context.carousel.moreDataAvailable };
      }),
      back: assign(({ context }) => ({ carousel: moveCarousel(context.carousel, -1), pendingForward: false })),
      seek: assign(({ context }, params: { position: number }) => ({ carousel: seekCarousel(context.carousel, params.position) })),
      resize: assign(({ context }, params: { visible: number }) => ({ carousel: resizeCarousel(context.carousel, params.visible) })),
      recordFailure: assign((_, params: { error: unknown }) => ({ error: params.error, pendingForward: false })),
      clearFailure: assign({ error: null }),
    },
    guards: {
      /** The machine holds no page yet. */
      noPage: ({ context }) => context.carousel.lastSeen === 0 && context.carousel.items.length === 0 && context.carousel.moreDataAvailable,
      /** The next page is worth fetching now (`carouselNeedsPage`). */
      needsPage: ({ context }) => carouselNeedsPage(context.carousel),
      /** The platform has another page. */
      moreAvailable: ({ context }) => context.carousel.moreDataAvailable,
    },
  }).createMachine({
    id: 'carousel',
    description:
      'Discovery carousel (commerce §4 "Discovery carousel has paging and fetching"): a paged row moved a view at a time; the next page is fetched before the viewer reaches it, or on carousel.more; errors retried with carousel.retry.',
    context: ({ input }) => ({
      carousel: initialCarousel(input.initial, input.visible ?? Number.NaN, input.keyOf),
      pendingForward: false,
      firstNew: -1,
      error: null,
      env: { fetchPage: input.fetchPage, keyOf: input.keyOf },
    }),
    initial: 'starting',
    on: {
      'carousel.previous': { actions: 'back' },
      'carousel.seek': { actions: { type: 'seek', params: ({ event }) => ({ position: event.position }) } },
      'carousel.resize': { actions: { type: 'resize', params: ({ event }) => ({ visible: event.visible }) } },
    },
    states: {
      starting: {
        description: 'Reads the first page unless the input brought it.',
        always: [{ guard: 'noPage', target: 'loading' }, { target: 'ready' }],
      },
      loading: {
        description: 'Reading the first page (nothing to show yet: placeholders).',
        invoke: {
          src: 'fetchPage',
          input: ({ context }) => ({ fetchPage: context.env.fetchPage, lastSeen: 0 }),
          onDone: { target: 'ready', actions: { type: 'append', params: ({ event }) => ({ page: event.output }) } },
          onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      ready: {
        description: 'The items held are shown; the next page is fetched as soon as the view after this one would reach past them.',
        always: { guard: 'needsPage', target: 'fetching' },
        // Eventless: checked again after every event (a move, a seek, a resize).
        on: {
          ...MOVES_FORWARD,
          'carousel.more': { guard: 'moreAvailable', target: 'fetching' },
        },
      },
      fetching: {
        description: 'Reading the next page; the items held stay shown and can be moved through.',
        invoke: {
          src: 'fetchPage',
          input: ({ context }) => ({ fetchPage: context.env.fetchPage, lastSeen: context.carousel.lastSeen }),
          onDone: { target: 'ready', actions: { type: 'append', params: ({ event }) => ({ page: event.output }) } },
          onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        },
        on: MOVES_FORWARD,
      },
      failed: {
        description: 'A read failed (the items so far stay); carousel.retry repeats it. A forward move at the end of the items waits for it.',
        on: {
          ...MOVES_FORWARD,
          'carousel.retry': [
            { guard: 'noPage', target: 'loading', actions: 'clearFailure' },
            { target: 'fetching', actions: 'clearFailure' },
          ],
        },
      },
    },
  });
}

/** The carousel machine's type for items `Item`. */
export type CarouselMachine<Item = unknown> = ReturnType<typeof createCarouselMachine<Item>>;

/** The carousel machine for any item type (use {@link createCarouselMachine} for typed items; the behaviour is the same). */
export const carouselMachine: CarouselMachine = createCarouselMachine();
