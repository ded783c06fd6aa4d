import { useMachine } from '@xstate/react';
import { Link, useLocation, useSearch } from 'wouter';
import { ApiError } from '@stream/core/api';
import type { ContentItem, ContentType } from '@stream/core/contracts';
import { signInPath, unlockingLicences } from '@stream/core/domain';
import { connectPlayback, playbackMachine } from '@stream/core/machines';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { ContentMeta } from '../components/ContentMeta';
import { VideoPlayer } from '../components/VideoPlayer';
import { ErrorScreen, InlineError, InlineStatus, LoadingScreen } from '../components/StatusScreen';
import { NotFoundPage } from './NotFoundPage';
import '../styles/catalogue.css';

export interface WatchPageProps {
  /** VOD (`/video/:eventId/:eventTitle?`) or LIVE (`/live/:eventId/:eventTitle?`). */
  type: ContentType;
  eventId: string;
}

/**
 * VOD and LIVE: the item's title and description, then the player when the viewer's licences
 * grant it (free items: every viewer, guests included), else a paywall naming the licences that
 * unlock it. The playback machine decides which.
 */
export default function WatchPage({ type, eventId }: WatchPageProps) {
  const { t } = useI18n();
  const { queries } = useServices();
  const item = useResource(queries.content.get(type, eventId));
  useDocumentTitle(item.data?.title ?? '', t('appName'));

  if (item.status === 'loading') return <LoadingScreen label={t('loading')} />;
  if (item.status === 'failed' || !item.data) {
    if (item.error instanceof ApiError && item.error.status === 404) return <NotFoundPage />;
    return (
      <div className="page">
        <ErrorScreen title={t('somethingWentWrong')} message={t('contentLoadFailed')} retryLabel={t('retry')} onRetry={item.reload} />
      </div>
    );
  }
  const content = item.data;
  return (
    <div className="page watch-page">
      <h1>
        <bdi>{content.title}</bdi>
      </h1>
      <ContentMeta item={content} />
      {content.description ? (
        <p className="watch-page__description">
          <bdi>{content.description}</bdi>
        </p>
      ) : null}
      <PlaybackArea item={content} />
    </div>
  );
}

/** The player or the paywall, per the playback machine; restarted when the viewer changes. */
function PlaybackArea({ item }: { item: ContentItem }) {
  const { user, status } = useSession();
  if (status === 'loading') return null;
  return <Playback key={user?.id ?? 'none'} item={item} />;
}

function Playback({ item }: { item: ContentItem }) {
  const { t } = useI18n();
  const { api } = useServices();
  const [snapshot, send] = useMachine(playbackMachine, { input: { api, type: item.type, id: item.id } });
  const playback = connectPlayback(snapshot, send);

  switch (playback.status) {
    case 'ready':
      return playback.source ? <VideoPlayer source={playback.source} title={item.title} live={item.type === 'LIVE'} /> : null;
    case 'locked':
      return <Paywall item={item} />;
    case 'failed':
      return <InlineError message={t('playbackFailed')} retryLabel={t('retry')} onRetry={playback.retry} />;
    default:
      return <InlineStatus label={t('loadingVideo')} />;
  }
}

/** Names the licences that unlock the item, links to the licences page, and offers sign-in to a guest. */
function Paywall({ item }: { item: ContentItem }) {
  const { t, path, routeLocale } = useI18n();
  const { queries } = useServices();
  const { isSignedIn } = useSession();
  const [pathname] = useLocation();
  const search = useSearch();
  const catalogue = useResource(queries.licences.list());
  const names = catalogue.data ? unlockingLicences(item, catalogue.data.licences).map((licence) => licence.name) : [];

  return (
    <section className="paywall card" aria-labelledby="paywall-title">
      <h2 id="paywall-title">{t('paywallTitle')}</h2>
      {catalogue.status === 'loading' ? (
        <InlineStatus label={t('loadingLicences')} />
      ) : names.length > 0 ? (
        <>
          <p id="paywall-text">{t('paywallText')}</p>
          <ul className="paywall__licences" aria-labelledby="paywall-text">
            {names.map((name) => (
              <li key={name}>
                <bdi>{name}</bdi>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('paywallTextGeneric')}</p>
      )}
      <div className="actions">
        <Link href={path('PURCHASE')} className="button">
          {t('seePlans')}
        </Link>
      </div>
      {isSignedIn ? null : (
        <p className="paywall__sign-in">
          {t('alreadySubscribed')}{' '}
          <Link href={signInPath(pathname + (search ? `?${search}` : ''), routeLocale)}>{t('signIn')}</Link>
        </p>
      )}
    </section>
  );
}
