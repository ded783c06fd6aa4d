import { Link } from 'wouter';
import { tilePath } from '@stream/core/domain';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { CataloguePage, useRouteParams } from '../discovery/CatalogueRead';
import { Hero, HeroSkeleton } from '../discovery/Hero';
import { SeasonEpisodes } from '../discovery/SeasonEpisodes';
import '../styles/browse.css';

/**
 * SEASON (`/season/:seasonId/:seasonTitle?`): the season's hero and description
 * (`catalogue.title`), a link to its series, and its episodes (`catalogue.episodes`), a page at
 * a time. An unknown id is not found.
 */
export default function SeasonPage() {
  const seasonId = useRouteParams().seasonId ?? '';
  return <SeasonView key={seasonId} seasonId={seasonId} />;
}

function SeasonView({ seasonId }: { seasonId: string }) {
  const { t, routeLocale } = useI18n();
  const { queries } = useServices();
  const title = useResource(queries.catalogue.read('title', { params: { type: 'SEASON', id: seasonId } }));
  useDocumentTitle(title.data?.title ?? '', t('appName'));
  return (
    <CataloguePage view={title} loading={<div className="page"><HeroSkeleton /></div>}>
      {(season) => (
        <div className="page browse-page">
          <Hero tile={season} level={1} description={season.description} action={false} />
          {season.series ? (
            <p>
              <Link href={tilePath({ type: 'SERIES', id: season.series.id, title: season.series.title }, routeLocale)}>
                {t('seriesOf', { series: season.series.title })}
              </Link>
            </p>
          ) : null}
          <SeasonEpisodes season={season} link={false} />
        </div>
      )}
    </CataloguePage>
  );
}
