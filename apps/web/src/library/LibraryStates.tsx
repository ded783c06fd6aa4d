import { useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { connectCarousel, type CarouselApi, type CarouselFetch, type createCarouselMachine } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n } from '../app/context';
import { ReadError } from '../discovery/CatalogueRead';
import { MoreButton } from '../discovery/PagedTiles';
import { useDocumentTitle } from '../app/hooks';
import { SignedInOnly } from '../app/SignedInOnly';

/**
 * A signed-in library page (FAVOURITES, HISTORY): the document title of label `titleKey`, and
 * `children` once the session is known (label `loadingKey` meanwhile); a guest is sent to sign in
 * and comes back.
 */
export function SignedInLibraryPage({ titleKey, loadingKey, children }: { titleKey: string; loadingKey: string; children: ReactNode }) {
  const { t } = useI18n();
  useDocumentTitle(t(titleKey), t('appName'));
  return <SignedInOnly loadingLabel={t(loadingKey)}>{children}</SignedInOnly>;
}

/** A library list's placeholders while a page loads: `count` items of `skeleton` in a busy list of class `className`. */
export function SkeletonList({ className, count, skeleton }: { className: string; count: number; skeleton: ReactNode }) {
  return (
    <ul className={className} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>{skeleton}</li>
      ))}
    </ul>
  );
}

/** A library list's empty state (FAVOURITES, HISTORY): `text`, then a link to BROWSE named `browse`. */
export function EmptyLibrary({ className, text, browse }: { className: string; text: string; browse: string }) {
  const { path } = useI18n();
  return (
    <div className={className}>
      <p>{text}</p>
      <p>
        <Link href={path('BROWSE')}>{browse}</Link>
      </p>
    </div>
  );
}

/**
 * A library list's pages (FAVOURITES, HISTORY): core's carousel `machine` over the paged read
 * `makeFetch()` (made once, when the machine starts), one item visible at a time, items told apart
 * by `keyOf`. Returns the carousel's view.
 */
export function useLibraryPages<Item>(machine: ReturnType<typeof createCarouselMachine<Item>>, makeFetch: () => CarouselFetch<Item>, keyOf: (item: Item) => string): CarouselApi<Item> {
  // The input is read once, when the machine starts.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const input = useMemo(() => ({ fetchPage: makeFetch(), keyOf, visible: 1 }), []);
  const [view] = useFlow(machine, { input, connect: connectCarousel<Item> });
  return view;
}

/** Below a library list: `skeletons` while the next page loads, the read's error with Retry, and "Show more" (`onShowMore`) while there is more. */
export function LibraryListTail({ view, skeletons, onShowMore }: { view: CarouselApi<unknown>; skeletons: ReactNode; onShowMore(): void }) {
  const { t } = useI18n();
  return (
    <>
      {view.status === 'fetching' ? skeletons : null}
      {view.status === 'failed' ? <ReadError onRetry={view.retry} /> : null}
      {view.canLoadMore ? <MoreButton label={t('moreItems')} onClick={onShowMore} /> : null}
    </>
  );
}
