import { imageSrcSet, imageUrl, IMAGE_WIDTHS } from '@stream/core/domain';

/** The shapes of the platform's artwork (docs/api.md "Artwork"): poster 2:3, hero and thumbnail 16:9. */
export type ArtworkShape = 'poster' | 'hero' | 'thumbnail';

const RATIO: Record<ArtworkShape, [number, number]> = { poster: [2, 3], hero: [16, 9], thumbnail: [16, 9] };

export interface ArtworkProps {
  /** The artwork's URL template (holds `{width}`), or a fixed URL; nothing is drawn without one. */
  template: string | undefined;
  shape: ArtworkShape;
  /**
   * The `sizes` attribute: how wide the image is shown at each viewport width (for example
   * `(max-width: 600px) 45vw, 240px`), so that the browser picks the smallest width of the
   * `srcset` that is sharp enough: a phone never downloads the 3840-wide image.
   */
  sizes: string;
  /** The text alternative; `''` for a decorative image (the card's title names it). */
  alt?: string;
  /** Above the fold (the hero, the first row): loaded at once and first; otherwise lazily. */
  eager?: boolean;
  className?: string;
}

/**
 * A platform image at the widths the platform serves (`IMAGE_WIDTHS`, §9), with `srcset` and
 * `sizes`, its intrinsic ratio set so the layout does not move while it loads, and lazy loading
 * below the fold. The `src` fallback is the smallest width.
 */
export function Artwork({ template, shape, sizes, alt = '', eager = false, className }: ArtworkProps) {
  if (!template) return null;
  const [w, h] = RATIO[shape];
  const smallest = IMAGE_WIDTHS[0] ?? 240;
  const srcSet = imageSrcSet(template);
  return (
    <img
      className={className}
      src={imageUrl(template, smallest)}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={w * 100}
      height={h * 100}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}
