import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { Tile, TilePage } from '@stream/core/contracts';
import { tileKey } from '@stream/core/domain';
import { connectCarousel, createCarouselMachine, type CarouselApi, type CarouselFetch } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n } from '../app/context';
import { ReadError } from './CatalogueRead';
import { TileGrid } from './Rail';

/** The carousel machine over catalogue tiles, paged by "Show more". */
const tilePagesMachine = createCarouselMachine<Tile>();

/**
 * Items of one "view" of a grid for the carousel's prefetch rule: 1, so that a grid reads its next
 * page only when the viewer asks ("Show more"), unless its first page came back nearly empty.
 */
const GRID_VIEW = 1;

export interface PagedTilesProps {
  /** Reads the page after `lastSeen` items (0: the first page), with the machine's signal. */
  fetchPage: CarouselFetch<Tile>;
  /** The first page when the page already read it (the grid's header); absent: it is read here. */
  initial?: TilePage | undefined;
  /** The grid's accessible name. */
  label: string;
  shape?: 'thumbnail' | 'poster';
}

/**
 * The tiles of a paged list (a rail's grid, a playlist, a season's episodes) as one grid, on core's
 * discovery carousel machine (commerce §4 "Discovery carousel has paging and fetching"): "Show
 * more" under the grid while the platform has another page (`pagingInfo.moreDataAvailable`),
 * read with its `lastSeen`; skeletons while the first page loads, Retry when a read fails (the
 * tiles so far stay). After "Show more", focus moves to the first new tile.
 */
export function PagedTiles(props: PagedTilesProps) {
  // A machine per language: it holds the tiles it read, in one language.
  const { language } = useI18n();
  return <PagedTilesFlow key={language} {...props} />;
}

function PagedTilesFlow({ fetchPage, initial, label, shape }: PagedTilesProps) {
  const input = useMemo(
    () => ({ fetchPage, keyOf: tileKey, initial, visible: GRID_VIEW }),
    // The input is read once, when the machine starts (the page keys this component by its list).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [view] = useFlow(tilePagesMachine, { input, connect: connectCarousel<Tile> });
  return <PagedView view={view} label={label} shape={shape} />;
}

function PagedView({ view, label, shape }: { view: CarouselApi<Tile>; label: string; shape?: 'thumbnail' | 'poster' | undefined }) {
  const { t } = useI18n();
  const { container, showMore } = useShowMore<HTMLDivElement>(view, 'li a');
  if (view.status === 'failed' && view.items.length === 0) return <ReadError onRetry={view.retry} />;
  return (
    <div className="paged-tiles" ref={container}>
      <TileGrid tiles={view.status === 'loading' ? undefined : view.items} shape={shape} label={label} />
      {view.status === 'fetching' ? <TileGrid tiles={undefined} shape={shape} /> : null}
      {view.status === 'failed' ? <ReadError onRetry={view.retry} /> : null}
      {view.canLoadMore ? <MoreButton label={t('moreItems')} onClick={showMore} /> : null}
    </div>
  );
}

/**
 * "Show more" of a carousel shown as a list: `showMore` asks for the next page, and once it has
 * arrived focus moves to its first item (the element of `container` matching `itemSelector` at
 * the carousel's `firstNew` index; made focusable when it is not), since the button that asked
 * is gone: keyboard and screen reader users continue from there.
 */
export function useShowMore<T extends HTMLElement>(view: CarouselApi<unknown>, itemSelector: string): { container: RefObject<T | null>; showMore(): void } {
  const container = useRef<T>(null);
  const askedMore = useRef(false);
  useEffect(() => {
    if (!askedMore.current || view.firstNew < 0) return;
    askedMore.current = false;
    const item = container.current?.querySelectorAll<HTMLElement>(itemSelector)[view.firstNew];
    if (!item) return;
    if (item.tabIndex < 0 && !item.matches('a[href], button')) item.tabIndex = -1;
    item.focus();
    // Only a new page moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.firstNew]);
  const { loadMore } = view;
  return {
    container,
    showMore: () => {
      askedMore.current = true;
      loadMore();
    },
  };
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
