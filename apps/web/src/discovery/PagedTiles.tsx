import { useState } from 'react';
import type { ResourceQuery } from '@stream/core/resources';
import type { TilePage } from '@stream/core/contracts';
import { useResource } from '@stream/react';
import { useI18n } from '../app/context';
import { ReadError } from './CatalogueRead';
import { FIRST_PAGE, nextPage } from './paging';
import { TileGrid } from './Rail';

export interface PagedTilesProps {
  /** The read of the page starting after `lastSeen` items (0: the first page, the one the page header already read). */
  read(lastSeen: number): ResourceQuery<TilePage>;
  /** The grid's accessible name. */
  label: string;
  shape?: 'thumbnail' | 'poster';
}

/**
 * The tiles of a paged list (a rail, a playlist, a season's episodes) as a grid, a page at a time:
 * "Show more" under the last page while `pagingInfo.moreDataAvailable`, reading the next one
 * with its `lastSeen`; skeletons while a page loads, Retry when it fails.
 */
export function PagedTiles({ read, label, shape }: PagedTilesProps) {
  const [pages, setPages] = useState(FIRST_PAGE);
  return (
    <div className="paged-tiles">
      {pages.map((lastSeen, index) => (
        <TilesPage key={lastSeen} query={read(lastSeen)} label={label} shape={shape} last={index === pages.length - 1} onMore={(next) => setPages((current) => nextPage(current, next))} />
      ))}
    </div>
  );
}

function TilesPage({ query, label, shape, last, onMore }: { query: ResourceQuery<TilePage>; label: string; shape?: 'thumbnail' | 'poster'; last: boolean; onMore(lastSeen: number): void }) {
  const { t } = useI18n();
  const page = useResource(query);
  if (page.status === 'failed') return <ReadError onRetry={page.reload} />;
  const pagingInfo = page.data?.pagingInfo;
  return (
    <>
      <TileGrid tiles={page.data?.items} shape={shape} label={label} />
      {last && pagingInfo?.moreDataAvailable ? (
        <div className="load-more">
          <button type="button" className="button button--secondary" onClick={() => onMore(pagingInfo.lastSeen)}>
            {t('moreItems')}
          </button>
        </div>
      ) : null}
    </>
  );
}
