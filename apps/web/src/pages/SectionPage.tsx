import { useMemo } from 'react';
import type { Rail as RailData, Section } from '@stream/core/contracts';
import { carouselCalls, connectCarousel, createCarouselMachine } from '@stream/core/machines';
import { useFlow, useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { CataloguePage, ReadError, useRouteParams } from '../discovery/CatalogueRead';
import { MoreButton, useShowMore } from '../discovery/PagedTiles';
import { RailsSkeleton, SectionRails } from '../discovery/SectionRails';
import '../styles/browse.css';

/** Rails read at a time (`rpp` of `catalogue.section`). */
export const RAILS_PER_PAGE = 4;

/** The carousel machine over a section's rails, paged by "Show more" (one rail per "view": no prefetch). */
const railPagesMachine = createCarouselMachine<RailData>();

/**
 * SECTION (`/section/:id`): a browse category's title, description and rails, `RAILS_PER_PAGE`
 * at a time; "Show more" reads the next rails (`lastSeen`) through core's discovery carousel
 * machine. An unknown id is not found.
 */
export default function SectionPage() {
  const id = useRouteParams().id ?? '';
  return <SectionView key={id} id={id} />;
}

function SectionView({ id }: { id: string }) {
  const { t, language } = useI18n();
  const { queries } = useServices();
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
          {/* A machine per language: it holds the rails it read, in one language. */}
          <SectionPages key={language} id={id} first={section} />
        </div>
      )}
    </CataloguePage>
  );
}

/** The section's rails, the first page given; "Show more" under them while there are more (focus then moves to the first new rail). */
function SectionPages({ id, first }: { id: string; first: Section }) {
  const { t } = useI18n();
  const { api } = useServices();
  const input = useMemo(() => {
    const fetchPage = carouselCalls(api).sectionRails(id, RAILS_PER_PAGE);
    return { fetchPage, keyOf: (rail: RailData) => rail.id, initial: { items: first.rails, pagingInfo: first.pagingInfo }, visible: 1 };
    // The input is read once, when the machine starts (SectionPage keys the view by the section's id).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [view] = useFlow(railPagesMachine, { input, connect: connectCarousel<RailData> });
  const { container, showMore } = useShowMore<HTMLDivElement>(view, ':scope > section.rail');
  return (
    <>
      <div ref={container}>
        <SectionRails rails={view.items} eagerFirst />
      </div>
      {view.status === 'fetching' ? <RailsSkeleton count={2} /> : null}
      {view.status === 'failed' ? <ReadError onRetry={view.retry} /> : null}
      {view.canLoadMore ? <MoreButton label={t('moreRails')} onClick={showMore} /> : null}
    </>
  );
}
