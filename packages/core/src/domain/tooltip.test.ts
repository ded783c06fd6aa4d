import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { placeTooltip, TOOLTIP_ANCHOR_GAP_PX, TOOLTIP_EDGE_MARGIN_PX, type TooltipPlacementInput } from './index.js';

const M = TOOLTIP_EDGE_MARGIN_PX;
/** Floating-point slack of the comparisons (the rule adds and halves). */
const EPSILON = 1e-6;

/** A viewport, an anchor inside it, a tooltip no larger than the viewport less both margins, a direction. */
const fitting = fc
  .record({
    vw: fc.double({ min: 2 * M, max: 4000, noNaN: true }),
    vh: fc.double({ min: 2 * M, max: 4000, noNaN: true }),
    direction: fc.constantFrom<'ltr' | 'rtl'>('ltr', 'rtl'),
    // Fractions of the viewport: where the anchor starts, how big it is, how big the tooltip is.
    ax: fc.double({ min: 0, max: 1, noNaN: true }),
    ay: fc.double({ min: 0, max: 1, noNaN: true }),
    aw: fc.double({ min: 0, max: 1, noNaN: true }),
    ah: fc.double({ min: 0, max: 1, noNaN: true }),
    tw: fc.double({ min: 0, max: 1, noNaN: true }),
    th: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ vw, vh, direction, ax, ay, aw, ah, tw, th }): TooltipPlacementInput => {
    const left = ax * vw;
    const top = ay * vh;
    return {
      viewport: { width: vw, height: vh },
      anchor: { left, top, width: aw * (vw - left), height: ah * (vh - top) },
      tooltip: { width: tw * (vw - 2 * M), height: th * (vh - 2 * M) },
      direction,
    };
  });

const edges = (input: TooltipPlacementInput) => {
  const { left, top } = placeTooltip(input);
  return {
    left,
    top,
    right: input.viewport.width - (left + input.tooltip.width),
    bottom: input.viewport.height - (top + input.tooltip.height),
  };
};

const overlaps = (a: { left: number; top: number; width: number; height: number }, b: typeof a) =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

describe('placeTooltip (commerce §9 "Tooltip keeps 10 px from the screen edge")', () => {
  it('keeps a tooltip that fits at least 10 px from every edge, for any anchor inside the viewport', () => {
    fc.assert(
      fc.property(fitting, (input) => {
        const box = edges(input);
        for (const [edge, distance] of Object.entries(box)) expect(distance, edge).toBeGreaterThanOrEqual(M - EPSILON);
      }),
    );
  });

  it('never covers its anchor when there is room above or below', () => {
    fc.assert(
      fc.property(fitting, (input) => {
        const { anchor, tooltip, viewport } = input;
        const roomAbove = anchor.top - TOOLTIP_ANCHOR_GAP_PX - tooltip.height >= M;
        const roomBelow = anchor.top + anchor.height + TOOLTIP_ANCHOR_GAP_PX + tooltip.height <= viewport.height - M;
        fc.pre(roomAbove || roomBelow);
        const placed = placeTooltip(input);
        expect(overlaps({ ...placed, ...tooltip }, anchor)).toBe(false);
        // Above by default: below only when there is no room above.
        expect(placed.side).toBe(roomAbove ? 'above' : 'below');
      }),
    );
  });

  it('mirrors: a mirrored anchor in right to left gets the mirrored placement', () => {
    const anyInput = fc.record({
      vw: fc.integer({ min: 0, max: 3000 }),
      vh: fc.integer({ min: 0, max: 3000 }),
      left: fc.integer({ min: -100, max: 3000 }),
      top: fc.integer({ min: -100, max: 3000 }),
      aw: fc.integer({ min: 0, max: 500 }),
      ah: fc.integer({ min: 0, max: 500 }),
      tw: fc.integer({ min: 0, max: 3200 }),
      th: fc.integer({ min: 0, max: 500 }),
    });
    fc.assert(
      fc.property(anyInput, ({ vw, vh, left, top, aw, ah, tw, th }) => {
        const common = { viewport: { width: vw, height: vh }, tooltip: { width: tw, height: th } };
        const ltr = placeTooltip({ ...common, anchor: { left, top, width: aw, height: ah }, direction: 'ltr' });
        const rtl = placeTooltip({ ...common, anchor: { left: vw - left - aw, top, width: aw, height: ah }, direction: 'rtl' });
        expect(rtl.left).toBeCloseTo(vw - ltr.left - tw, 6);
        expect(rtl.top).toBe(ltr.top);
        expect(rtl.side).toBe(ltr.side);
      }),
    );
  });

  it('mirrors in a viewport narrower than its two margins (the counterexample fast-check found)', () => {
    const common = { viewport: { width: 0, height: 0 }, tooltip: { width: 0, height: 0 }, anchor: { left: 0, top: 0, width: 0, height: 0 } };
    expect(placeTooltip({ ...common, direction: 'ltr' }).left).toBe(10);
    expect(placeTooltip({ ...common, direction: 'rtl' }).left).toBe(-10);
  });

  it('is total: non-finite numbers and negative sizes give a finite placement', () => {
    const anyNumber = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Infinity, -Infinity, -5));
    fc.assert(
      fc.property(fc.array(anyNumber, { minLength: 8, maxLength: 8 }), fc.constantFrom<'ltr' | 'rtl'>('ltr', 'rtl'), (n, direction) => {
        const placed = placeTooltip({
          anchor: { left: n[0]!, top: n[1]!, width: n[2]!, height: n[3]! },
          tooltip: { width: n[4]!, height: n[5]! },
          viewport: { width: n[6]!, height: n[7]! },
          direction,
        });
        expect([placed.left, placed.top, placed.maxWidth].every(Number.isFinite)).toBe(true);
        expect(placed.maxWidth).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it.each([
    // A 44 px button whose right edge is 16 px from the edge of a 390 px phone; a 120 × 30 tooltip: above, moved in to 10 px.
    ['ltr', { left: 330, top: 300 }, { width: 120, height: 30 }, { width: 390, height: 844 }, { left: 260, top: 264, side: 'above', maxWidth: 370 }],
    // Near the top: below.
    ['ltr', { left: 330, top: 20 }, { width: 120, height: 30 }, { width: 390, height: 844 }, { left: 260, top: 70, side: 'below', maxWidth: 370 }],
    // In Arabic the mirrored button is at the left edge: 10 px from it.
    ['rtl', { left: 16, top: 300 }, { width: 120, height: 30 }, { width: 390, height: 844 }, { left: 10, top: 264, side: 'above', maxWidth: 370 }],
    // Wider than the viewport less both margins: from the start edge's margin (left, then right).
    ['ltr', { left: 5, top: 100 }, { width: 40, height: 10 }, { width: 30, height: 400 }, { left: 10, top: 84, side: 'above', maxWidth: 10 }],
    ['rtl', { left: 5, top: 100 }, { width: 40, height: 10 }, { width: 30, height: 400 }, { left: -20, top: 84, side: 'above', maxWidth: 10 }],
  ] as const)('%s: an anchor at %o, a tooltip of %o in a viewport of %o → %o', (direction, at, tooltip, viewport, expected) => {
    expect(placeTooltip({ anchor: { ...at, width: 44, height: 44 }, tooltip, viewport, direction })).toEqual(expected);
  });
});
