import { Link } from 'wouter';
import type { Tile } from '@stream/core/contracts';
import { tilePath } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { HERO_SIZES } from '../app/homeHero';
import { Artwork } from '../components/Artwork';
import '../styles/browse.css';

/** Titles a viewer plays from their page ("Watch"); the others (series, season, playlist) are opened ("See"). */
const PLAYABLE = new Set<Tile['type']>(['VOD', 'LIVE', 'EPISODE', 'CHANNEL']);

/** The label key of a hero's button: `heroWatch` for a playable title, `heroSee` for a series, season or playlist. */
export function heroActionKey(tile: Pick<Tile, 'type'>): 'heroWatch' | 'heroSee' {
  return PLAYABLE.has(tile.type) ? 'heroWatch' : 'heroSee';
}

/**
 * A page's hero: the title's hero artwork across the page (`srcset`/`sizes`, loaded first: it is
 * the page's largest paint), its title, short description and a Watch or See button to its page
 * (`action: false` on the title's own page). `Heading` is the title's level.
 */
export function Hero({ tile, level = 2, description, action = true }: { tile: Tile; level?: 1 | 2; description?: string; action?: boolean }) {
  const { t, routeLocale } = useI18n();
  const Heading = `h${level}` as const;
  const headingId = `hero-${tile.id}`;
  return (
    <section className="promo-hero" aria-labelledby={headingId}>
      <div className="promo-hero__media">
        <Artwork template={tile.images?.hero ?? tile.images?.thumbnail} shape="hero" sizes={HERO_SIZES} eager />
      </div>
      <div className="promo-hero__body">
        <Heading id={headingId} className="promo-hero__title">
          <bdi>{tile.title}</bdi>
        </Heading>
        {(description ?? tile.shortDescription) ? <p className="promo-hero__text">{description ?? tile.shortDescription}</p> : null}
        {action ? (
          <Link href={tilePath(tile, routeLocale)} className="button" aria-describedby={headingId}>
            {t(heroActionKey(tile))}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** The hero's placeholder while its page loads. */
export function HeroSkeleton() {
  return (
    <div className="promo-hero" aria-hidden="true">
      <div className="promo-hero__media skeleton" />
      <div className="promo-hero__body">
        <div className="skeleton skeleton--heading" />
        <div className="skeleton skeleton--text" />
      </div>
    </div>
  );
}
