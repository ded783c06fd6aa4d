import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MULTI_VIEW_COMPACT_BELOW_PX,
  MULTI_VIEW_DEFAULT_LAYOUT,
  MULTI_VIEW_LAYOUTS,
  MULTI_VIEW_PICKER_ITEMS,
  MULTI_VIEW_PICKER_MAX_WIDTH_PX,
  MULTI_VIEW_STACKED_BELOW_PX,
  MULTI_VIEW_VIDEO_COUNTS,
  isMultiViewLayout,
  isMultiViewStacked,
  multiViewLayout,
  multiViewLayoutFor,
  multiViewPickerTile,
  multiViewVideoCount,
} from './index.js';

describe('multi-view layouts (§3, §9)', () => {
  it('has twoUp, pip, threeUp and quad with 2, 2, 3 and 4 videos; twoUp by default', () => {
    expect(MULTI_VIEW_LAYOUTS.map((layout) => [layout, MULTI_VIEW_VIDEO_COUNTS[layout]])).toEqual([
      ['twoUp', 2],
      ['pip', 2],
      ['threeUp', 3],
      ['quad', 4],
    ]);
    expect(MULTI_VIEW_DEFAULT_LAYOUT).toBe('twoUp');
    expect([MULTI_VIEW_STACKED_BELOW_PX, MULTI_VIEW_COMPACT_BELOW_PX, MULTI_VIEW_PICKER_MAX_WIDTH_PX, MULTI_VIEW_PICKER_ITEMS]).toEqual([1024, 600, 1000, 20]);
    expect(multiViewLayout('quad')).toBe('quad');
    expect(multiViewLayout('sixUp')).toBe('twoUp');
    expect(multiViewVideoCount('threeUp')).toBe(3);
    expect(multiViewLayoutFor(2, 'pip')).toBe('pip');
    expect(multiViewLayoutFor(3, 'pip')).toBe('threeUp');
    expect(multiViewLayoutFor(9)).toBe('quad');
  });

  it('any value names a layout, and the layout for a count shows that count within 2–4 (property)', () => {
    fc.assert(
      fc.property(fc.anything(), fc.oneof(fc.integer({ min: -5, max: 10 }), fc.double()), fc.anything(), (value, count, preferred) => {
        const layout = multiViewLayout(value);
        expect(isMultiViewLayout(layout)).toBe(true);
        expect(multiViewVideoCount(value)).toBe(MULTI_VIEW_VIDEO_COUNTS[layout]);
        const chosen = multiViewLayoutFor(count, preferred);
        const wanted = Number.isFinite(count) ? Math.min(4, Math.max(2, Math.floor(count))) : 2;
        expect(MULTI_VIEW_VIDEO_COUNTS[chosen]).toBe(wanted);
        if (isMultiViewLayout(preferred) && MULTI_VIEW_VIDEO_COUNTS[preferred] === wanted) expect(chosen).toBe(preferred);
      }),
    );
  });

  it('stacks below 1024 px and uses compact 16:9 tiles below 600 px (property)', () => {
    fc.assert(
      fc.property(fc.double(), (px) => {
        expect(isMultiViewStacked(px)).toBe(!(px >= 1024));
        const tile = multiViewPickerTile(px);
        expect(tile).toEqual(px >= 600 ? { width: 200, height: 112 } : { width: 100, height: 56 });
        expect(tile.width / tile.height).toBeCloseTo(16 / 9, 1);
      }),
    );
  });
});
