import { Link, useSearch } from 'wouter';
import { useResource } from '@stream/react';
import type { Tile } from '@stream/core/contracts';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { CataloguePage, ReadError, useRouteParams } from '../discovery/CatalogueRead';
import { Hero, HeroSkeleton } from '../discovery/Hero';
import { SeasonEpisodes } from '../discovery/SeasonEpisodes';
import '../styles/browse.css';

/**
 * The season a series page shows: the one named by `?season=` when it is one of `seasons`, else
 * the first; undefined for a series without seasons.
 */
export function chosenSeason(seasons: readonly Pick<Tile, 'id'>[], requested: string | null): string | undefined {
  return seasons.find((season) => season.id === requested)?.id ?? seasons[0]?.id;
}

/**
 * SERIES (`/series/:seriesId/:seriesTitle?`): the series' hero and description
 * (`catalogue.title`), its seasons (`catalogue.seasons`) as links that choose one (`?season=`,
 * the current one `aria-current`), and the chosen season's episodes (`catalogue.episodes`), each
 * a link to its VOD page. An unknown id is not found.
 */
export default function SeriesPage() {
  const seriesId = useRouteParams().seriesId ?? '';
  return <SeriesView key={seriesId} seriesId={seriesId} />;
}

function SeriesView({ seriesId }: { seriesId: string }) {
  const { t } = useI18n();
  const { queries } = useServices();
  const title = useResource(queries.catalogue.read('title', { params: { type: 'SERIES', id: seriesId } }));
  useDocumentTitle(title.data?.title ?? '', t('appName'));
  return (
    <CataloguePage view={title} loading={<div className="page"><HeroSkeleton /></div>}>
      {(series) => (
        <div className="page browse-page">
          <Hero tile={series} level={1} description={series.description} action={false} />
          <Seasons seriesId={seriesId} />
        </div>
      )}
    </CataloguePage>
  );
}

function Seasons({ seriesId }: { seriesId: string }) {
  const { t, path } = useI18n();
  const { queries } = useServices();
  const seasons = useResource(queries.catalogue.read('seasons', { params: { id: seriesId } }));
  const requested = new URLSearchParams(useSearch()).get('season');
  if (seasons.status === 'failed') return <ReadError onRetry={seasons.reload} />;
  if (!seasons.data) return <div className="skeleton skeleton--subheading" aria-hidden="true" />;
  const current = chosenSeason(seasons.data.items, requested);
  const season = seasons.data.items.find((item) => item.id === current);
  const here = path('SERIES', { seriesId, seriesTitle: undefined });
  return (
    <>
      <nav aria-labelledby="series-seasons">
        <h2 id="series-seasons">{t('seasons')}</h2>
        <ul className="season-list">
          {seasons.data.items.map((item) => (
            <li key={item.id}>
              <Link href={`${here}?${new URLSearchParams({ season: item.id })}`} className="pill-link" aria-current={item.id === current ? 'page' : undefined}>
                <bdi>{item.title}</bdi>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {season ? <SeasonEpisodes key={season.id} season={season} /> : null}
    </>
  );
}
