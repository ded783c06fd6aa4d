import { Link } from 'wouter';
import { buildPath, titleSlug } from '@stream/core/domain';
import type { Tile } from '@stream/core/contracts';
import { carouselCalls } from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';
import { PagedTiles } from './PagedTiles';

/** Episodes read at a time. */
export const EPISODES_PAGE_SIZE = 20;

/** A season's episodes under a heading naming it, with a link to the season's own page. */
export function SeasonEpisodes({ season, link = true }: { season: Pick<Tile, 'id' | 'title'>; link?: boolean }) {
  const { t, routeLocale } = useI18n();
  const { api } = useServices();
  const fetchPage = carouselCalls(api).episodes(season.id, EPISODES_PAGE_SIZE);
  const heading = t('seasonEpisodes', { season: season.title });
  return (
    <section aria-labelledby={`episodes-${season.id}`}>
      <div className="rail__head">
        <h2 id={`episodes-${season.id}`}>{heading}</h2>
        {link ? (
          <Link href={buildPath('SEASON', { seasonId: season.id, seasonTitle: titleSlug(season.title) || undefined }, routeLocale)} className="rail__more">
            {t('seeAll')}
          </Link>
        ) : null}
      </div>
      <PagedTiles key={season.id} fetchPage={fetchPage} label={heading} />
    </section>
  );
}
