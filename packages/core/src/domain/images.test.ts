import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from './constants.js';
import { imageSrcSet, imageUrl, pickImageWidth } from './images.js';

describe('artwork widths (§9 image width list)', () => {
  it('runs from 240 to 3840, ascending', () => {
    expect(IMAGE_WIDTHS[0]).toBe(240);
    expect(IMAGE_WIDTHS.at(-1)).toBe(3840);
    expect([...IMAGE_WIDTHS].sort((a, b) => a - b)).toEqual(IMAGE_WIDTHS);
  });

  it('lists every width once in the srcset, each URL with its width', () => {
    const set = imageSrcSet('https://cdn.test/artwork/poster/x/{width}.jpg');
    expect(set.split(', ')).toEqual(IMAGE_WIDTHS.map((w) => `https://cdn.test/artwork/poster/x/${w}.jpg ${w}w`));
    expect(imageSrcSet('https://cdn.test/fixed.jpg')).toBe('');
    expect(imageUrl('/a/{width}/b/{width}', 480)).toBe('/a/480/b/480');
  });

  it('picks the smallest width that covers the device pixels, never more than needed (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 5000, noNaN: true }), fc.constantFrom(1, 1.5, 2, 3, 0, Number.NaN), (css, dpr) => {
        const width = pickImageWidth(css, dpr);
        expect(IMAGE_WIDTHS).toContain(width);
        const needed = Math.max(css, 0) * (Number.isFinite(dpr) && dpr > 0 ? dpr : 1);
        if (needed <= 3840) expect(width).toBeGreaterThanOrEqual(needed);
        const smaller = IMAGE_WIDTHS.filter((w) => w < width);
        for (const w of smaller) expect(w).toBeLessThan(needed);
      }),
    );
  });

  it('gives a phone (390 CSS px at 3x) a 1280-wide image, never the 3840 one', () => {
    expect(pickImageWidth(390, 3)).toBe(1280);
    expect(pickImageWidth(180, 2)).toBe(480);
  });
});
