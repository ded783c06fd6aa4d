import type { Rail as RailData, Tile } from '@stream/core/contracts';
import { useI18n } from '../app/context';
import { Rail } from './Rail';
import { RailCarousel } from './RailCarousel';
import { TileSkeleton } from './TileCard';

/** The shape of a rail's cards: posters for a POSTER rail, thumbnails otherwise. */
export function railShape(rail: Pick<RailData, 'layout'>): 'poster' | 'thumbnail' {
  return rail.layout === 'POSTER' ? 'poster' : 'thumbnail';
}

/** The GRID page of a rail (`/grid?rail=<id>`): all of its items. */
export function useRailGridPath(): (railId: string) => string {
  const { path } = useI18n();
  return (railId) => `${path('GRID')}?${new URLSearchParams({ rail: railId })}`;
}

/**
 * The rails of a section, in order, each a discovery carousel ({@link RailCarousel}) with "See
 * all" to its GRID page; an empty rail (a computed one: nothing live now) says so. `tilesOf` picks the tiles a rail shows
 * (the home page leaves out its hero).
 */
export function SectionRails({ rails, eagerFirst = false, tilesOf = (rail) => rail.items }: { rails: readonly RailData[]; eagerFirst?: boolean; tilesOf?: (rail: RailData) => readonly Tile[] }) {
  const { t, language } = useI18n();
  const gridPath = useRailGridPath();
  return (
    <>
      {rails.map((rail, index) => {
        const tiles = tilesOf(rail);
        if (tiles.length === 0) {
          return (
            <Rail key={rail.id} title={rail.title} tiles={tiles} shape={railShape(rail)}>
              <p className="rail__empty">{t('railEmpty')}</p>
            </Rail>
          );
        }
        // Keyed by the language too: the carousel's machine holds its tiles, read in one language.
        return <RailCarousel key={`${language}:${rail.id}`} rail={rail} tiles={tiles} shape={railShape(rail)} eager={eagerFirst && index === 0} moreHref={gridPath(rail.id)} />;
      })}
    </>
  );
}

/** Placeholders of `count` rails while a section loads. */
export function RailsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="rail">
          <div className="skeleton skeleton--subheading" />
          <ul className="rail__list rail__list--thumbnail">
            {Array.from({ length: 4 }, (_, j) => (
              <li key={j}>
                <TileSkeleton />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
