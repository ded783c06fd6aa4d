import { useRef } from 'react';
import type { HistoryItem } from '@stream/core/contracts';
import { HISTORY_PAGE_SIZE, tileKey } from '@stream/core/domain';
import { afterRemovals, carouselCalls, createCarouselMachine } from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';
import { ReadError } from '../discovery/CatalogueRead';
import { useShowMore } from '../discovery/PagedTiles';
import { EmptyLibrary, LibraryListTail, SignedInLibraryPage, SkeletonList, useLibraryPages } from '../library/LibraryStates';
import { ProgressCard, ProgressCardSkeleton } from '../history/ProgressCard';
import { RemovalMessage } from '../history/RemovalMessage';
import { useRemovals } from '../history/removals';
import { useRemovalFocus } from '../history/useRemovalFocus';
import '../styles/history.css';

/** The carousel machine over the history, paged by "Show more". */
const historyPagesMachine = createCarouselMachine<HistoryItem>();

const itemKey = (item: HistoryItem) => tileKey(item.tile);

/**
 * HISTORY (`/history`; issue 15, docs/api.md "Favourites, history and continue watching"): the
 * titles the viewer played, last updated first, `HISTORY_PAGE_SIZE` at a time with "Show more"
 * (core's carousel machine over `history.list`), each with its progress bar, its state and
 * "Remove" (`queries.history.remove`: hidden at once, back with a message when refused; focus
 * moves to the next title). Skeletons while the first page loads, an empty state, an error with
 * Retry. A guest is sent to sign in and comes back here.
 */
export default function HistoryPage() {
  return (
    <SignedInLibraryPage titleKey="historyTitle" loadingKey="historyLoading">
      <HistoryList />
    </SignedInLibraryPage>
  );
}

function HistoryList() {
  const { t } = useI18n();
  const { api } = useServices();
  const removals = useRemovals();
  const removedCount = useRef(0);
  removedCount.current = removals.state.removed.length;
  const view = useLibraryPages(historyPagesMachine, () => afterRemovals(carouselCalls(api).history(HISTORY_PAGE_SIZE), () => removedCount.current), itemKey);
  const shown = view.items.filter((item) => !removals.isRemoved(item.tile.id));
  // "Show more" moves focus to the first new title: counted among the titles shown.
  const hiddenBefore = view.items.slice(0, Math.max(0, view.firstNew)).filter((item) => removals.isRemoved(item.tile.id)).length;
  const { container, showMore } = useShowMore<HTMLDivElement>({ ...view, firstNew: view.firstNew < 0 ? -1 : view.firstNew - hiddenBefore }, '.history-list__item .card-link');
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterRemoval = useRemovalFocus(container, () => heading.current, removals.state);

  let body;
  if (view.status === 'failed' && view.items.length === 0) body = <ReadError onRetry={view.retry} />;
  else if (view.status === 'loading') body = <Skeletons />;
  else if (shown.length === 0 && !view.canLoadMore && view.status !== 'fetching') body = <Empty />;
  else {
    body = (
      <>
        <ul className="history-list" aria-label={t('historyTitle')}>
          {shown.map((item, index) => (
            <li key={itemKey(item)} className="history-list__item">
              <ProgressCard
                tile={item.tile}
                progress={item.progress}
                eager={index < 4}
                level={2}
                removeText={t('historyRemove')}
                removeLabel={t('historyRemoveTitle', { title: item.tile.title })}
                onRemove={() => {
                  focusAfterRemoval(shown.map((other) => other.tile.id), index);
                  removals.remove(item.tile.id, item.tile.title);
                }}
              />
            </li>
          ))}
        </ul>
        <LibraryListTail view={view} skeletons={<Skeletons />} onShowMore={showMore} />
      </>
    );
  }
  return (
    <div className="page history-page" ref={container}>
      <h1 ref={heading} tabIndex={-1}>
        {t('historyTitle')}
      </h1>
      <RemovalMessage state={removals.state} onDismiss={removals.dismiss} />
      {body}
    </div>
  );
}

function Skeletons() {
  return <SkeletonList className="history-list" count={8} skeleton={<ProgressCardSkeleton />} />;
}

function Empty() {
  const { t } = useI18n();
  return <EmptyLibrary className="history-empty" text={t('historyEmpty')} browse={t('historyBrowse')} />;
}
