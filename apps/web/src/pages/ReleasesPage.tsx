import { Link, useSearch } from 'wouter';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { TitleList, ListPage } from '../live/TileList';
import '../styles/live.css';

/** Titles per page. */
const RPP = 24;

/** The page number of `?page=` (1 or more; 1 when absent or not a number). */
function pageOf(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page > 1 ? Math.min(page, 10_000) : 1;
}

/** RELEASES (`/releases`): the newest titles (`catalogue.releases`), a page at a time (`?page=` in the address). */
export default function ReleasesPage() {
  const { t, path } = useI18n();
  const { queries } = useServices();
  const page = pageOf(useSearch());
  const releases = useResource(queries.catalogue.read('releases', { query: { rpp: RPP, lastSeen: (page - 1) * RPP } }));
  useDocumentTitle(t('releasesTitle'), t('appName'));
  const base = path('RELEASES');
  const more = releases.data?.pagingInfo.moreDataAvailable === true;
  return (
    <ListPage title={t('releasesTitle')} failed={releases.status === 'failed'} onRetry={releases.reload} empty={releases.data?.items.length === 0 && page === 1} emptyText={t('releasesEmpty')}>
      <TitleList tiles={releases.data?.items} label={t('releasesTitle')} />
      {page > 1 || more ? (
        <nav className="actions" aria-label={t('pagination')}>
          {page > 1 ? (
            <Link href={page === 2 ? base : `${base}?page=${page - 1}`} className="button button--secondary" rel="prev">
              {t('previousPage')}
            </Link>
          ) : null}
          {more ? (
            <Link href={`${base}?page=${page + 1}`} className="button button--secondary" rel="next">
              {t('nextPage')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </ListPage>
  );
}
