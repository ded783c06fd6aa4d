import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { isPremium, tilePath } from '@stream/core/domain';
import type { Tile } from '@stream/core/contracts';
import { useI18n } from '../app/context';
import '../styles/discovery.css';
import { Artwork, type ArtworkShape } from '../components/Artwork';

export interface TileCardProps {
  tile: Tile;
  /** The artwork shown: `thumbnail` (16:9, rails and grids) or `poster` (2:3). @default 'thumbnail' */
  shape?: Extract<ArtworkShape, 'thumbnail' | 'poster'>;
  /** How wide the card is at each viewport width (the image's `sizes`). */
  sizes?: string;
  /** Above the fold: its image loads at once. */
  eager?: boolean;
  /** The heading level of the card's title. @default 3 */
  level?: 2 | 3 | 4;
  /**
   * The title's heart (`library/CardHearts.tsx` gives each card of a rail or grid its own), shown
   * over the artwork: a button of its own beside the link, never inside it (its own tab stop, after the link).
   */
  heart?: ReactNode;
}

/** Default `sizes` of a card: two per row on a phone, about four on a laptop. */
export const TILE_SIZES = '(max-width: 600px) 45vw, (max-width: 1100px) 30vw, 20rem';

/**
 * One catalogue tile (docs/api.md "Catalogue"): its artwork at the platform's widths, its title
 * as the link to its page (`tilePath`: VOD, LIVE, SERIES, SEASON or PLAYLIST; the whole card is
 * clickable through the link's `::after`), the category and a LIVE, premium or free badge, and
 * the title's heart when the caller gives one (over the artwork, a sibling of the link).
 */
export function TileCard({ tile, shape = 'thumbnail', sizes = TILE_SIZES, eager = false, level = 3, heart }: TileCardProps) {
  const { t, routeLocale } = useI18n();
  const Heading = `h${level}` as const;
  const premium = isPremium(tile);
  return (
    <article className={`tile tile--${shape}`}>
      <div className="tile__media">
        <Artwork template={tile.images?.[shape] ?? tile.images?.thumbnail} shape={shape} sizes={sizes} eager={eager} />
        {tile.state === 'LIVE' ? <span className="tile__live">{t('liveBadge')}</span> : null}
      </div>
      <div className="tile__body">
        <Heading className="tile__title">
          <Link href={tilePath(tile, routeLocale)} className="card-link">
            <bdi>{tile.title}</bdi>
          </Link>
        </Heading>
        <p className="tile__meta">
          {tile.categoryLabel ? <span>{tile.categoryLabel}</span> : null}
          <span className={`badge ${premium ? 'badge--premium' : 'badge--free'}`}>{t(premium ? 'premium' : 'free')}</span>
        </p>
      </div>
      {heart ? <div className="tile__heart">{heart}</div> : null}
    </article>
  );
}

/** A placeholder card of the same size, while a rail or grid loads (no spinner). */
export function TileSkeleton({ shape = 'thumbnail' }: { shape?: 'thumbnail' | 'poster' }) {
  return (
    <div className={`tile tile--${shape} tile--skeleton`} aria-hidden="true">
      <div className="tile__media skeleton" />
      <div className="skeleton skeleton--text" />
    </div>
  );
}
