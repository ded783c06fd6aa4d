import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MULTI_VIEW_LAYOUTS,
  MULTI_VIEW_VIDEO_COUNTS,
  initialMultiView,
  multiViewPlayingKeys,
  multiViewReduce,
  multiViewRenditionCap,
  type MultiViewAction,
  type MultiViewLayoutState,
} from './index.js';

const EVENTS = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'];
const key = fc.constantFrom('t1', 't2', 't3', 't4', 't5', 't6', 't7', 'nope');
const action: fc.Arbitrary<MultiViewAction> = fc.oneof(
  fc.record({ type: fc.constant('add' as const), eventId: fc.constantFrom(...EVENTS, '') }),
  fc.record({ type: fc.constant('remove' as const), key }),
  fc.record({ type: fc.constant('swap' as const), key, eventId: fc.constantFrom(...EVENTS) }),
  fc.record({ type: fc.constant('layout' as const), layout: fc.constantFrom(...MULTI_VIEW_LAYOUTS) }),
  fc.record({ type: fc.constant('focus' as const), key }),
  fc.record({ type: fc.constant('move' as const), direction: fc.constantFrom('left', 'right', 'up', 'down', 'next', 'prev' as const) }),
  fc.record({ type: fc.constant('enlarge' as const), key }),
  fc.constant({ type: 'restore' as const }),
  fc.record({ type: fc.constant('viewport' as const), widthPx: fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.constant(Number.NaN)) }),
);

const run = (actions: MultiViewAction[]) => actions.reduce<MultiViewLayoutState[]>((states, a) => [...states, multiViewReduce(states[states.length - 1]!, a)], [initialMultiView('e1', 1280)]);

describe('multiViewReduce (the multi-video slice, §3; issue 17)', () => {
  it('property: tiles never exceed the layout, the focus is always on an existing tile, events are never shown twice', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        for (const state of run(actions)) {
          expect(state.tiles.length).toBeGreaterThanOrEqual(1);
          expect(state.tiles.length).toBeLessThanOrEqual(MULTI_VIEW_VIDEO_COUNTS[state.layout]);
          expect(state.tiles.map((t) => t.key)).toContain(state.focus);
          if (state.enlarged !== null) expect(state.tiles.map((t) => t.key)).toContain(state.enlarged);
          expect(new Set(state.tiles.map((t) => t.eventId)).size).toBe(state.tiles.length);
          expect(new Set(state.tiles.map((t) => t.key)).size).toBe(state.tiles.length);
        }
      }),
    );
  });

  it('property: switching layouts keeps the focused tile (and its event)', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), fc.constantFrom(...MULTI_VIEW_LAYOUTS), (actions, layout) => {
        const before = run(actions).at(-1)!;
        const after = multiViewReduce(before, { type: 'layout', layout });
        expect(after.layout).toBe(layout);
        expect(after.focus).toBe(before.focus);
        expect(after.tiles.find((t) => t.key === after.focus)).toEqual(before.tiles.find((t) => t.key === before.focus));
      }),
    );
  });

  it('property: one tile plays when stacked or enlarged, every tile otherwise', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        const state = run(actions).at(-1)!;
        const playing = multiViewPlayingKeys(state);
        if (state.enlarged !== null) expect(playing).toEqual([state.enlarged]);
        else if (state.stacked) expect(playing).toEqual([state.focus]);
        else expect(playing).toEqual(state.tiles.map((t) => t.key));
      }),
    );
  });

  it('adds to the layout, grows it when full (twoUp → threeUp → quad), refuses a fifth and a repeat', () => {
    let s = initialMultiView('a', 1280);
    s = multiViewReduce(s, { type: 'add', eventId: 'b' });
    expect([s.layout, s.tiles.length]).toEqual(['twoUp', 2]);
    expect(multiViewReduce(s, { type: 'add', eventId: 'b' })).toBe(s);
    s = multiViewReduce(s, { type: 'add', eventId: 'c' });
    expect(s.layout).toBe('threeUp');
    s = multiViewReduce(s, { type: 'add', eventId: 'd' });
    expect(s.layout).toBe('quad');
    expect(multiViewReduce(s, { type: 'add', eventId: 'e' })).toBe(s);
    expect(s.focus).toBe('t1');
  });

  it('moves the focus along the grid with the arrow keys and stops at the edges', () => {
    let s = initialMultiView('a', 1280, 'quad');
    for (const e of ['b', 'c', 'd']) s = multiViewReduce(s, { type: 'add', eventId: e });
    const moves = (dirs: ('left' | 'right' | 'up' | 'down')[]) => dirs.reduce((x, direction) => multiViewReduce(x, { type: 'move', direction }), s).focus;
    expect(moves(['right'])).toBe('t2');
    expect(moves(['down'])).toBe('t3');
    expect(moves(['down', 'right'])).toBe('t4');
    expect(moves(['left', 'up'])).toBe('t1');
    const stacked = multiViewReduce(s, { type: 'viewport', widthPx: 390 });
    expect(stacked.stacked).toBe(true);
    expect(multiViewReduce(stacked, { type: 'move', direction: 'down' }).focus).toBe('t2');
  });

  it('swaps a tile (a new key that keeps the focus), enlarges one and back, removes keeps one', () => {
    let s = multiViewReduce(initialMultiView('a', 1280), { type: 'add', eventId: 'b' });
    s = multiViewReduce(s, { type: 'swap', key: 't1', eventId: 'c' });
    expect(s.tiles).toEqual([{ key: 't3', eventId: 'c' }, { key: 't2', eventId: 'b' }]);
    expect(s.focus).toBe('t3');
    s = multiViewReduce(s, { type: 'enlarge', key: 't2' });
    expect([s.enlarged, s.focus]).toEqual(['t2', 't2']);
    expect(multiViewPlayingKeys(s)).toEqual(['t2']);
    s = multiViewReduce(s, { type: 'restore' });
    expect(multiViewPlayingKeys(s)).toEqual(['t3', 't2']);
    s = multiViewReduce(s, { type: 'remove', key: 't2' });
    expect(s.focus).toBe('t3');
    expect(multiViewReduce(s, { type: 'remove', key: 't3' })).toBe(s);
  });

  it('switching to a smaller layout drops the tiles beyond it but keeps the focused one', () => {
    let s = initialMultiView('a', 1280, 'quad');
    for (const e of ['b', 'c', 'd']) s = multiViewReduce(s, { type: 'add', eventId: e });
    s = multiViewReduce(s, { type: 'focus', key: 't4' });
    s = multiViewReduce(s, { type: 'layout', layout: 'twoUp' });
    expect(s.tiles.map((t) => t.eventId)).toEqual(['a', 'd']);
  });
});

describe('multiViewRenditionCap (issue 17: a tile takes the rendition that fits it)', () => {
  const heights = [240, 360, 480, 720];
  it('picks the smallest rendition covering the tile; a 3- or 4-video tile never takes 720p', () => {
    expect(multiViewRenditionCap(heights, 300, 2)).toBe(360);
    expect(multiViewRenditionCap(heights, 700, 2)).toBe(720);
    expect(multiViewRenditionCap(heights, 700, 4)).toBe(480);
    expect(multiViewRenditionCap(heights, 200, 4, 2)).toBe(480);
    expect(multiViewRenditionCap([], 200, 4)).toBeNull();
    expect(multiViewRenditionCap(heights, Number.NaN, 2)).toBe(240);
  });
  it('property: a quad tile never gets 720 or more, and the cap is one of the renditions', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 144, max: 2160 }), { minLength: 1, maxLength: 6 }), fc.double({ min: 0, max: 3000, noNaN: true }), fc.double({ min: 0.5, max: 4, noNaN: true }), (hs, px, dpr) => {
        const cap = multiViewRenditionCap(hs, px, 4, dpr)!;
        expect(hs).toContain(cap);
        if (hs.some((h) => h < 720)) expect(cap).toBeLessThan(720);
      }),
    );
  });
});
