/**
 * Artwork at the widths the platform serves (identity-and-routes.md §9 "Image width list 240 to
 * 3840", `IMAGE_WIDTHS` of constants.ts): the URL of one width, the `srcset` of an image, and the
 * width to ask for.
 */
import { IMAGE_WIDTHS } from './constants.js';

/** The placeholder of an artwork URL template that stands for the width (`…/poster/x/{width}.jpg`). */
export const IMAGE_WIDTH_PLACEHOLDER = '{width}';

/**
 * The URL of `template` at `width` (the placeholder replaced wherever it appears); a template
 * without the placeholder is one fixed image, returned as it is.
 */
export function imageUrl(template: string, width: number): string {
  return template.split(IMAGE_WIDTH_PLACEHOLDER).join(String(width));
}

/**
 * The `srcset` of an artwork template: `url 240w, url 320w, …` over `widths` (default
 * {@link IMAGE_WIDTHS}); `''` for a template without the placeholder (one image: use `src`).
 */
export function imageSrcSet(template: string, widths: readonly number[] = IMAGE_WIDTHS): string {
  if (typeof template !== 'string' || !template.includes(IMAGE_WIDTH_PLACEHOLDER)) return '';
  return widths.map((width) => `${imageUrl(template, width)} ${width}w`).join(', ');
}

/**
 * The width to request for an image shown `cssWidth` CSS pixels wide on a screen of
 * `devicePixelRatio`: the smallest listed width at least as wide as the device pixels, else the
 * largest. Bad input (not a positive finite number) counts as the smallest width.
 */
export function pickImageWidth(cssWidth: number, devicePixelRatio = 1, widths: readonly number[] = IMAGE_WIDTHS): number {
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const needed = Number.isFinite(cssWidth) && cssWidth > 0 ? cssWidth * ratio : 0;
  for (const width of widths) if (width >= needed) return width;
  return widths[widths.length - 1] ?? 0;
}
