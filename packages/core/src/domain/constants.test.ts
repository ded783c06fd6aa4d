import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FONT_WEIGHTS, IMAGE_WIDTHS, LAYOUT_BREAKPOINTS_PX, loginBackground } from './index.js';

describe('loginBackground', () => {
  it('is mobile up to and including 1024 px, desktop from 1025', () => {
    expect(loginBackground(1024, 'ltr')).toEqual({ variant: 'mobile', width: 820, mirrored: false });
    expect(loginBackground(1025, 'ltr')).toEqual({ variant: 'desktop', width: 1080, mirrored: false });
    expect(loginBackground(1024.5, 'rtl')).toEqual({ variant: 'desktop', width: 1080, mirrored: true });
    expect(loginBackground(320, 'rtl')).toEqual({ variant: 'mobile', width: 820, mirrored: true });
    expect(loginBackground(Number.NaN, 'ltr').variant).toBe('mobile');
  });

  it('is monotonic in width (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        if (loginBackground(lo, 'ltr').variant === 'desktop') expect(loginBackground(hi, 'ltr').variant).toBe('desktop');
      }),
    );
  });

  it('lists are sorted and bounded', () => {
    expect(IMAGE_WIDTHS[0]).toBe(240);
    expect(IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]).toBe(3840);
    expect([...IMAGE_WIDTHS].sort((x, y) => x - y)).toEqual([...IMAGE_WIDTHS]);
    expect(FONT_WEIGHTS).toEqual([200, 300, 400, 500, 600, 700, 800]);
    expect(LAYOUT_BREAKPOINTS_PX).toEqual([768, 860, 1024, 1100]);
  });
});
