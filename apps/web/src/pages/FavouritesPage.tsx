import type { Favourite } from '@stream/core/contracts';
import { FAVOURITES_PAGE_SIZE, tileKey } from '@stream/core/domain';
import { createCarouselMachine, carouselCalls } from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';
import { ReadError } from '../discovery/CatalogueRead';
import { useShowMore } from '../discovery/PagedTiles';
import { TileCard, TileSkeleton } from '../discovery/TileCard';
import { FavouriteHeart } from '../library/FavouriteHeart';
import { EmptyLibrary, LibraryListTail, SignedInLibraryPage, SkeletonList, useLibraryPages } from '../library/LibraryStates';
import '../styles/browse.css';
import '../styles/library.css';

/** The carousel machine over favourites, paged by "Show more". */
const favouritePagesMachine = createCarouselMachine<Favourite>();

/**
 * FAVOURITES (`/favourites`; commerce §7 "Favourites", §9 "Favourites page size 9"): the viewer's
 * favourites, newest first, 9 at a time with "Show more" (core's carousel machine over
 * `favourites.list`), each with its heart to remove it (and add it back); skeletons while the first
 * page loads, an empty state, an error with Retry. A guest is sent to sign in and comes back here.
 */
export default function FavouritesPage() {
  return (
    <SignedInLibraryPage titleKey="favouritesTitle" loadingKey="favouritesLoading">
      <FavouritesList />
    </SignedInLibraryPage>
  );
}

function FavouritesList() {
  const { t } = useI18n();
  const { api } = useServices();
  const view = useLibraryPages(favouritePagesMachine, () => carouselCalls(api).favourites(FAVOURITES_PAGE_SIZE), tileKey);
  const { container, showMore } = useShowMore<HTMLDivElement>(view, '.favourite-list__item .card-link');

  let body;
  if (view.status === 'failed' && view.items.length === 0) body = <ReadError onRetry={view.retry} />;
  else if (view.status === 'loading') body = <Skeletons />;
  else if (view.items.length === 0) body = <Empty />;
  else {
    body = (
      <>
        <ul className="favourite-list" aria-label={t('favouritesTitle')}>
          {view.items.map((item, index) => (
            <li key={tileKey(item)} className="favourite-list__item">
              <TileCard tile={item} eager={index < 4} level={2} heart={<FavouriteHeart id={item.id} favourite label={t('favouriteTitle', { title: item.title })} compact />} />
            </li>
          ))}
        </ul>
        <LibraryListTail view={view} skeletons={<Skeletons />} onShowMore={showMore} />
      </>
    );
  }
  return (
    <div className="page favourites-page" ref={container}>
      <h1>{t('favouritesTitle')}</h1>
      {body}
    </div>
  );
}

function Skeletons() {
  return <SkeletonList className="favourite-list" count={FAVOURITES_PAGE_SIZE} skeleton={<TileSkeleton />} />;
}

function Empty() {
  const { t } = useI18n();
  return <EmptyLibrary className="favourites-empty" text={t('favouritesEmpty')} browse={t('favouritesBrowse')} />;
}
