import { useEffect, useRef, useState, type ReactNode } from 'react';
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
        <TilesPage key={lastSeen} query={read(lastSeen)} label={label} shape={shape} first={index === 0} last={index === pages.length - 1} onMore={(next) => setPages((current) => nextPage(current, next))} />
      ))}
    </div>
  );
}

function TilesPage({ query, label, shape, first, last, onMore }: { query: ResourceQuery<TilePage>; label: string; shape?: 'thumbnail' | 'poster'; first: boolean; last: boolean; onMore(lastSeen: number): void }) {
  const { t } = useI18n();
  const page = useResource(query);
  if (page.status === 'failed') return <ReadError onRetry={page.reload} />;
  const pagingInfo = page.data?.pagingInfo;
  return (
    <>
      <NextPage focus={page.data !== undefined && !first}>
        <TileGrid tiles={page.data?.items} shape={shape} label={label} />
      </NextPage>
      {last && pagingInfo?.moreDataAvailable ? <MoreButton label={t('moreItems')} onClick={() => onMore(pagingInfo.lastSeen)} /> : null}
    </>
  );
}

/** "Show more" under a paged list: reads its next page. */
export function MoreButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <div className="load-more">
      <button type="button" className="button button--secondary" onClick={onClick}>
        {label}
      </button>
    </div>
  );
}

/**
 * A page read by "Show more": once it has loaded (`focus`), focus moves to it (the button that
 * asked for it is gone), so that keyboard and screen reader users continue from its first item.
 */
export function NextPage({ focus, children }: { focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div ref={ref} tabIndex={-1} className="next-page">
      {children}
    </div>
  );
}
