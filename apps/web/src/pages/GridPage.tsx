import { useSearch } from 'wouter';
import { carouselCalls } from '@stream/core/machines';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { CataloguePage } from '../discovery/CatalogueRead';
import { PagedTiles } from '../discovery/PagedTiles';
import { railShape } from '../discovery/SectionRails';
import { NotFoundPage } from './NotFoundPage';
import '../styles/browse.css';

/** Tiles read at a time on the grid. */
export const GRID_PAGE_SIZE = 24;

/**
 * GRID (`/grid?rail=<railId>`): every item of one rail (`catalogue.rail`) as a grid, a page at a
 * time: the "See all" of a rail on HOME and SECTION leads here. Without `rail`, or with an
 * unknown one, the page is not found.
 */
export default function GridPage() {
  const railId = new URLSearchParams(useSearch()).get('rail') ?? '';
  if (!railId) return <NotFoundPage />;
  return <RailGrid key={railId} railId={railId} />;
}

function RailGrid({ railId }: { railId: string }) {
  const { t } = useI18n();
  const { api, queries } = useServices();
  const rail = useResource(queries.catalogue.read('rail', { params: { id: railId }, query: { rpp: GRID_PAGE_SIZE } }));
  const fetchPage = carouselCalls(api).rail(railId, GRID_PAGE_SIZE);
  useDocumentTitle(rail.data?.title ?? '', t('appName'));
  return (
    <div className="page browse-page">
      <CataloguePage view={rail} loading={<div className="skeleton skeleton--heading" aria-hidden="true" />}>
        {(data) => (
          <>
            <h1>
              <bdi>{data.title}</bdi>
            </h1>
            <PagedTiles fetchPage={fetchPage} initial={data} label={data.title} shape={railShape(data)} />
          </>
        )}
      </CataloguePage>
    </div>
  );
}
