import { carouselCalls } from '@stream/core/machines';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { CataloguePage, useRouteParams } from '../discovery/CatalogueRead';
import { Hero, HeroSkeleton } from '../discovery/Hero';
import { PagedTiles } from '../discovery/PagedTiles';
import '../styles/browse.css';

/** Playlist items read at a time. */
export const PLAYLIST_PAGE_SIZE = 20;

/**
 * PLAYLIST (`/playlist/:playlistId/:playlistTitle?`): the playlist's hero and description
 * (`catalogue.title`), then its items (`catalogue.playlist`), a page at a time. An unknown id is
 * not found.
 */
export default function PlaylistPage() {
  const playlistId = useRouteParams().playlistId ?? '';
  return <PlaylistView key={playlistId} playlistId={playlistId} />;
}

function PlaylistView({ playlistId }: { playlistId: string }) {
  const { t } = useI18n();
  const { api, queries } = useServices();
  const title = useResource(queries.catalogue.read('title', { params: { type: 'PLAYLIST', id: playlistId } }));
  useDocumentTitle(title.data?.title ?? '', t('appName'));
  const fetchPage = carouselCalls(api).playlist(playlistId, PLAYLIST_PAGE_SIZE);
  return (
    <CataloguePage view={title} loading={<div className="page"><HeroSkeleton /></div>}>
      {(playlist) => (
        <div className="page browse-page">
          <Hero tile={playlist} level={1} description={playlist.description} action={false} />
          <h2>{t('playlistItems')}</h2>
          <PagedTiles fetchPage={fetchPage} label={t('playlistItems')} />
        </div>
      )}
    </CataloguePage>
  );
}
