import type { Section, Tile } from '@stream/core/contracts';
import type { ResourceQuery } from '@stream/core/resources';
import type { Resources } from '@stream/core/resources';

/**
 * How wide the home hero's artwork is shown (its `sizes`): the page's width, at most 1200 px
 * (scripts/first-paint.mjs writes the same).
 */
export const HERO_SIZES = '(max-width: 1200px) 100vw, 1200px';

/** The section the home page shows (`catalogue.section`, docs/api.md "Catalogue"). */
export const HOME_SECTION_ID = 'home';

/** The home page's read of its section (the frame, start.ts and the page share it: one load). */
export function homeSectionQuery(queries: Pick<Resources, 'catalogue'>): ResourceQuery<Section> {
  return queries.catalogue.read('section', { params: { id: HOME_SECTION_ID } });
}

/** The home page's hero: the first item of the section's HERO rail, or undefined. */
export function heroOf(section: Pick<Section, 'rails'> | undefined): Tile | undefined {
  return section?.rails.find((rail) => rail.layout === 'HERO')?.items[0];
}

/** The URL template of the hero's artwork (its hero image, else its thumbnail): the home page's largest paint. */
export function heroArtwork(tile: Tile | undefined): string | undefined {
  return tile?.images.hero ?? tile?.images.thumbnail;
}
