import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { Title } from '@stream/core/contracts';
import { tilePath } from '@stream/core/domain';
import { connectWatchTogether, watchTogetherMachine, watchTogetherPlatform, type WatchTogetherApi } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useSession } from '../app/hooks';
import { SignedInOnly } from '../app/SignedInOnly';
import { ShareLink } from '../components/ShareLink';
import { InlineError, InlineStatus } from '../components/StatusScreen';
import { Paywall, StreamLimit, useLeasedPlayback } from '../live/Playback';
import { TitleGate } from '../live/TitleGate';
import { RoomPlayer } from '../together/RoomPlayer';
import '../styles/together.css';

/**
 * WATCH_TOGETHER `/live/:eventId/watch-together` (issue 17 "Watch together"; identity-and-routes.md
 * §2): a signed-in viewer opens a room for the live event and shares its link
 * (`?room=<roomId>`, with a copy button); signed-in viewers with a licence for the event join from
 * the link; the members are listed, and every member's player follows the host's play, pause and
 * seek within 2 s (core's `watchTogetherMachine`, the relay read with `api.eventStream`). A viewer
 * without the licence sees the paywall; a guest is sent to sign in and comes back.
 */
export default function WatchTogetherPage({ eventId }: { eventId: string }) {
  const { t } = useI18n();
  return (
    <SignedInOnly loadingLabel={t('loading')}>
      <TitleGate types={['LIVE', 'CHANNEL']} id={eventId}>
        {(title) => <Together title={title} />}
      </TitleGate>
    </SignedInOnly>
  );
}

function Together({ title }: { title: Title }) {
  const { t } = useI18n();
  const roomId = new URLSearchParams(useSearch()).get('room');
  const [opening, setOpening] = useState(false);
  return (
    <div className="page together-page">
      <h1>
        {t('watchTogetherTitle')}: <bdi>{title.title}</bdi>
      </h1>
      {roomId || opening ? (
        // One room per page: the host's new room id coming into the address must not start another.
        <Room title={title} roomId={roomId} />
      ) : (
        <section className="card together-intro" aria-labelledby="together-intro">
          <h2 id="together-intro">{t('watchTogetherOpenTitle')}</h2>
          <p>{t('watchTogetherIntro')}</p>
          <div className="actions">
            <button type="button" className="button" onClick={() => setOpening(true)}>
              {t('watchTogetherOpen')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}

function Room({ title, roomId }: { title: Title; roomId: string | null }) {
  const { t, routeLocale, path } = useI18n();
  const { api } = useServices();
  const { user } = useSession();
  const [pathname, navigate] = useLocation();
  const [view] = useFlow(watchTogetherMachine, {
    input: { ...watchTogetherPlatform(api), titleId: title.id, roomId: roomId ?? undefined, userId: user?.id ?? '' },
    connect: connectWatchTogether,
  });
  const openedId = view.room?.roomId;
  // The host's new room goes into the address, so a reload stays in it and the link can be shared.
  useEffect(() => {
    if (openedId && !roomId) navigate(`${pathname}?room=${openedId}`, { replace: true });
  }, [openedId, roomId, pathname, navigate]);
  // Leaving the page leaves the room (a host's leaving closes it).
  useEffect(() => () => view.leave(), []); // eslint-disable-line react-hooks/exhaustive-deps

  const back = <Link href={tilePath(title, routeLocale)}>{t('watchTogetherBack')}</Link>;
  switch (view.status) {
    case 'locked':
      return <Paywall title={title} />;
    case 'gone':
    case 'closed':
    case 'left':
      return (
        <section className="card" role="status">
          <p>{t(view.status === 'gone' ? 'watchTogetherGone' : 'watchTogetherClosed')}</p>
          <p>{back}</p>
        </section>
      );
    case 'failed':
      return <InlineError message={t('watchTogetherFailed')} retryLabel={t('retry')} onRetry={view.retry} />;
    case 'entering':
      return <InlineStatus label={t('watchTogetherEntering')} />;
    default:
      return <InRoom title={title} view={view} shareUrl={`${window.location.origin}${path('WATCH_TOGETHER', { eventId: title.id })}?room=${view.room?.roomId ?? ''}`} />;
  }
}

function InRoom({ title, view, shareUrl }: { title: Title; view: WatchTogetherApi; shareUrl: string }) {
  const { t } = useI18n();
  const playback = useLeasedPlayback('LIVE', title.id, true);
  return (
    <div className="together-room">
      <div className="together-room__stage">
        {playback.status === 'ready' && playback.source ? (
          <RoomPlayer source={playback.source} title={title.title} isHost={view.isHost} publish={view.publish} follow={view.follow} />
        ) : playback.status === 'locked' ? (
          <Paywall title={title} />
        ) : playback.status === 'limited' ? (
          <StreamLimit streams={playback.streams} onStop={playback.stopStream} />
        ) : playback.status === 'failed' || playback.status === 'stopped' ? (
          <InlineError message={t('playbackFailed')} retryLabel={t('retry')} onRetry={playback.retry} />
        ) : (
          <InlineStatus label={t('loadingVideo')} />
        )}
        <p className="status-note" role="status">
          {view.isHost ? t('watchTogetherYouHost') : t('watchTogetherFollowing')}
          {view.reconnecting ? ` ${t('watchTogetherReconnecting')}` : ''}
        </p>
      </div>
      <aside className="together-room__side">
        {view.isHost ? <ShareLink url={shareUrl} label={t('watchTogetherShare')} copyLabel={t('watchTogetherCopy')} copiedLabel={t('watchTogetherCopied')} /> : null}
        <h2 id="together-members">{t('watchTogetherMembers', { count: String(view.members.length) })}</h2>
        <ul className="together-room__members" aria-labelledby="together-members">
          {view.members.map((member) => (
            <li key={member.userId}>
              <bdi>{member.name}</bdi>
              {member.host ? <span className="badge">{t('watchTogetherHost')}</span> : null}
            </li>
          ))}
        </ul>
        <button type="button" className="button button--secondary" onClick={view.leave}>
          {t('watchTogetherLeave')}
        </button>
      </aside>
    </div>
  );
}
