import type { ReactNode } from 'react';
import '../styles/discovery.css';
import { Link } from 'wouter';
import type { Tile } from '@stream/core/contracts';
import { useI18n } from '../app/context';
import { CardHearts } from '../library/CardHearts';
import { TileCard, TileSkeleton } from './TileCard';

export interface RailProps {
  /** The rail's heading (its accessible name). */
  title: string;
  /** Its tiles; `undefined` while they load (placeholders are shown). */
  tiles: readonly Tile[] | undefined;
  /** "See all": the page of the whole rail or section, when there is one. */
  moreHref?: string;
  shape?: 'thumbnail' | 'poster';
  /** The first rail of a page: its images load at once. */
  eager?: boolean;
  /** Shown instead of the tiles (an error with Retry, say). */
  children?: ReactNode;
}

/** How many placeholders a loading rail shows. */
const SKELETON_COUNT = 4;

/**
 * A horizontal rail of tiles under a heading, scrolled by touch, trackpad or the keyboard (each
 * card's link is a tab stop; the list scrolls to the focused one), with "See all" when the rail
 * has a page of its own. A labelled region, so that screen readers list the rails as landmarks.
 */
export function Rail({ title, tiles, moreHref, shape = 'thumbnail', eager = false, children }: RailProps) {
  const { t } = useI18n();
  const headingId = `rail-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="rail" aria-labelledby={headingId} aria-busy={tiles === undefined || undefined}>
      <div className="rail__head">
        <h2 id={headingId} className="rail__title">
          {title}
        </h2>
        {moreHref ? (
          <Link href={moreHref} className="rail__more">
            {t('seeAll')}
          </Link>
        ) : null}
      </div>
      {children ?? (
        <ul className={`rail__list rail__list--${shape}`}>
          <TileItems tiles={tiles} shape={shape} skeletons={SKELETON_COUNT} eager={eager} />
        </ul>
      )}
    </section>
  );
}

/**
 * The `<li>` cards of a rail or grid: `skeletons` placeholders while `tiles` is undefined, else a
 * card each with its heart (one favourites read for them all, `CardHearts`); the first four load
 * their artwork eagerly when `eager`.
 */
function TileItems({ tiles, shape, skeletons, eager }: { tiles: readonly Tile[] | undefined; shape: 'thumbnail' | 'poster'; skeletons: number; eager: boolean }) {
  if (tiles === undefined) {
    return (
      <>
        {Array.from({ length: skeletons }, (_, i) => (
          <li key={i}>
            <TileSkeleton shape={shape} />
          </li>
        ))}
      </>
    );
  }
  return (
    <CardHearts tiles={tiles}>
      {(tile, index, heart) => (
        <li key={`${tile.type}:${tile.id}`}>
          <TileCard tile={tile} shape={shape} eager={eager && index < 4} heart={heart} />
        </li>
      )}
    </CardHearts>
  );
}

/** The same tiles as a wrapping grid (a section's or a category's whole page). */
export function TileGrid({ tiles, shape = 'thumbnail', label }: { tiles: readonly Tile[] | undefined; shape?: 'thumbnail' | 'poster'; label?: string }) {
  return (
    <ul className={`tile-grid tile-grid--${shape}`} aria-label={label} aria-busy={tiles === undefined || undefined}>
      <TileItems tiles={tiles} shape={shape} skeletons={8} eager />
    </ul>
  );
}
