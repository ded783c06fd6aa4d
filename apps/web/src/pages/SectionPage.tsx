import { useState } from 'react';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { CataloguePage, ReadError, useRouteParams } from '../discovery/CatalogueRead';
import { MoreButton, NextPage } from '../discovery/PagedTiles';
import { FIRST_PAGE, nextPage } from '../discovery/paging';
import { RailsSkeleton, SectionRails } from '../discovery/SectionRails';
import '../styles/browse.css';

/** Rails read at a time (`rpp` of `catalogue.section`). */
export const RAILS_PER_PAGE = 4;

/**
 * SECTION (`/section/:id`): a browse category's title, description and rails, `RAILS_PER_PAGE`
 * at a time; "Show more" reads the next rails (`lastSeen`). An unknown id is not found.
 */
export default function SectionPage() {
  const id = useRouteParams().id ?? '';
  return <SectionView key={id} id={id} />;
}

function SectionView({ id }: { id: string }) {
  const { t } = useI18n();
  const { queries } = useServices();
  const [pages, setPages] = useState(FIRST_PAGE);
  const first = useResource(queries.catalogue.read('section', { params: { id }, query: { rpp: RAILS_PER_PAGE } }));
  useDocumentTitle(first.data?.title ?? '', t('appName'));
  return (
    <CataloguePage view={first} loading={<div className="page" aria-busy="true"><div className="skeleton skeleton--heading" /><RailsSkeleton /></div>}>
      {(section) => (
        <div className="page browse-page">
          <h1>
            <bdi>{section.title}</bdi>
          </h1>
          {section.description ? <p className="browse-page__lead">{section.description}</p> : null}
          {pages.map((lastSeen, index) => (
            <RailsPage key={lastSeen} id={id} lastSeen={lastSeen} last={index === pages.length - 1} onMore={(next) => setPages((current) => nextPage(current, next))} />
          ))}
        </div>
      )}
    </CataloguePage>
  );
}

/** One page of a section's rails, and "Show more" under the last one while there are more. */
function RailsPage({ id, lastSeen, last, onMore }: { id: string; lastSeen: number; last: boolean; onMore(lastSeen: number): void }) {
  const { t } = useI18n();
  const { queries } = useServices();
  const page = useResource(queries.catalogue.read('section', { params: { id }, query: lastSeen === 0 ? { rpp: RAILS_PER_PAGE } : { rpp: RAILS_PER_PAGE, lastSeen } }));
  if (page.status === 'failed') return <ReadError onRetry={page.reload} />;
  if (!page.data) return <RailsSkeleton count={2} />;
  const { pagingInfo } = page.data;
  return (
    <>
      <NextPage focus={lastSeen > 0}>
        <SectionRails rails={page.data.rails} eagerFirst={lastSeen === 0} />
      </NextPage>
      {last && pagingInfo.moreDataAvailable ? <MoreButton label={t('moreRails')} onClick={() => onMore(pagingInfo.lastSeen)} /> : null}
    </>
  );
}
