import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendCarouselPage,
  canMoveCarouselBack,
  canMoveCarouselForward,
  carouselNeedsPage,
  initialCarousel,
  lastCarouselPosition,
  moveCarousel,
  resizeCarousel,
  seekCarousel,
  type CarouselPage,
  type CarouselState,
} from './carousel.js';

interface Item {
  id: string;
}
const keyOf = (item: Item) => item.id;

/** A page of ids (repeats allowed) whose lastSeen is `lastSeen`. */
const page = (ids: string[], lastSeen: number, more: boolean): CarouselPage<Item> => ({
  items: ids.map((id) => ({ id })),
  pagingInfo: { lastSeen, moreDataAvailable: more },
});

const pageArb = fc.record({
  ids: fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'), { maxLength: 8 }),
  lastSeen: fc.integer({ min: -2, max: 40 }),
  more: fc.boolean(),
});
/** Any action of the carousel, with edge values (negative, fractional, infinite, NaN). */
const numberArb = fc.oneof(fc.integer({ min: -5, max: 60 }), fc.double({ noDefaultInfinity: false }), fc.constant(Number.NaN));
const actionArb = fc.oneof(
  pageArb.map((p) => ({ kind: 'append' as const, ...p })),
  fc.constantFrom(1 as const, -1 as const).map((direction) => ({ kind: 'move' as const, direction })),
  numberArb.map((position) => ({ kind: 'seek' as const, position })),
  numberArb.map((visible) => ({ kind: 'resize' as const, visible })),
);
type Action = typeof actionArb extends fc.Arbitrary<infer A> ? A : never;

function apply(state: CarouselState<Item>, action: Action): CarouselState<Item> {
  switch (action.kind) {
    case 'append':
      return appendCarouselPage(state, page(action.ids, action.lastSeen, action.more), keyOf);
    case 'move':
      return moveCarousel(state, action.direction);
    case 'seek':
      return seekCarousel(state, action.position);
    default:
      return resizeCarousel(state, action.visible);
  }
}

function expectInvariants(state: CarouselState<Item>) {
  expect(Number.isInteger(state.visible) && state.visible >= 1).toBe(true);
  expect(Number.isInteger(state.position)).toBe(true);
  expect(state.position).toBeGreaterThanOrEqual(0);
  expect(state.position).toBeLessThanOrEqual(lastCarouselPosition(state));
  expect(new Set(state.items.map(keyOf)).size).toBe(state.items.length);
}

describe('discovery carousel (commerce §4 "Discovery carousel has paging and fetching")', () => {
  it('keeps the position within the items, each key once, and lastSeen never decreasing, for any actions (property)', () => {
    fc.assert(
      fc.property(fc.option(pageArb, { nil: undefined }), numberArb, fc.array(actionArb, { maxLength: 30 }), (first, visible, actions) => {
        let state = initialCarousel(first && page(first.ids, first.lastSeen, first.more), visible, keyOf);
        expectInvariants(state);
        for (const action of actions) {
          const next = apply(state, action);
          expectInvariants(next);
          expect(next.lastSeen).toBeGreaterThanOrEqual(state.lastSeen);
          // Items are only ever appended: the items held stay, in order.
          expect(next.items.slice(0, state.items.length)).toEqual(state.items);
          state = next;
        }
      }),
    );
  });

  it('ignores a page that does not go past lastSeen (stale or repeated), returning the same state (property)', () => {
    fc.assert(
      fc.property(pageArb, pageArb, (first, second) => {
        const state = initialCarousel(page(first.ids, Math.max(1, first.lastSeen), first.more), 4, keyOf);
        const stale = page(second.ids, Math.min(state.lastSeen, second.lastSeen), second.more);
        expect(appendCarouselPage(state, stale, keyOf)).toBe(state);
      }),
    );
  });

  it('moves a view at a time and back, clamped to the last full view', () => {
    let state = initialCarousel(page(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'], 10, false), 4, keyOf);
    expect(canMoveCarouselBack(state)).toBe(false);
    state = moveCarousel(state, 1);
    expect(state.position).toBe(4);
    state = moveCarousel(state, 1);
    expect(state.position).toBe(6);
    expect(canMoveCarouselForward(state)).toBe(false);
    expect(moveCarousel(state, 1)).toBe(state);
    state = moveCarousel(state, -1);
    expect(state.position).toBe(2);
    expect(moveCarousel(moveCarousel(state, -1), -1).position).toBe(0);
  });

  it('asks for the next page once the view after this one would reach past the items held', () => {
    let state = initialCarousel(page(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], 9, true), 4, keyOf);
    expect(carouselNeedsPage(state)).toBe(false);
    state = moveCarousel(state, 1);
    expect(carouselNeedsPage(state)).toBe(true);
    expect(canMoveCarouselForward(moveCarousel(state, 1))).toBe(true);
    state = appendCarouselPage(state, page(['i', 'j', 'k', 'l'], 13, false), keyOf);
    expect(state.items.map(keyOf).join('')).toBe('abcdefghijkl');
    expect(carouselNeedsPage(state)).toBe(false);
  });

  it('without a page, is empty and expects one; a view never holds fewer than one item', () => {
    const state = initialCarousel<Item>(undefined, 0, keyOf);
    expect(state).toMatchObject({ items: [], lastSeen: 0, moreDataAvailable: true, position: 0, visible: 1 });
    expect(resizeCarousel(state, 2.7).visible).toBe(2);
  });
});
