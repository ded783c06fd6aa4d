import { useMachine } from '@xstate/react';
import { Link, useLocation, useSearch } from 'wouter';
import type { LiveStream, Title } from '@stream/core/contracts';
import { isTrackedTitleType, signInPath, tilePath, unlockingLicences } from '@stream/core/domain';
import { connectPlayback, playbackMachine, type PlayableType } from '@stream/core/machines';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useCampaignLink } from '../app/useCampaignLink';
import { useSession } from '../app/hooks';
import { Artwork } from '../components/Artwork';
import { InlineError, InlineStatus } from '../components/StatusScreen';
import { VideoPlayer, type VideoPlayerProps } from '../components/VideoPlayer';
import { useHistoryReporter } from '../history/useHistoryReporter';
import { useResumePosition } from '../history/useResumePosition';
import { usePlayerPreferences } from '../preferences/usePlayerPreferences';
import { Countdown } from './Countdown';
import { useEndOnLeave } from './useEndOnLeave';
import { isoMs } from './time';
import '../styles/streams.css';

/** The title types the playback call plays; a watch page reads only these (see `useTitleOf`). */
const PLAYABLE: readonly PlayableType[] = ['VOD', 'LIVE', 'EPISODE', 'CHANNEL'];
const isPlayable = (type: Title['type']): type is PlayableType => (PLAYABLE as readonly string[]).includes(type);

/** The title is a live stream: a channel, or a live event between its start and end (platform's state). */
function isLiveStream(title: Title): boolean {
  return title.type === 'CHANNEL' || (title.type === 'LIVE' && title.state === 'LIVE');
}

/**
 * What a watch page shows under the title, by the platform's state of the title: an upcoming
 * event's artwork and countdown (the page reads the title again, see `useUpcomingRefresh`); an
 * ended event without a replay: a note; else the player or the paywall (the playback machine
 * decides), restarted when the viewer or the event's state changes.
 */
export function EventStage({ title, nowMs }: { title: Title; nowMs: number }) {
  const { t } = useI18n();
  const { user, status } = useSession();
  if (title.type === 'LIVE' && title.state === 'UPCOMING') {
    return (
      <div className="event-stage">
        <Artwork template={title.images?.hero ?? title.images?.thumbnail} shape="hero" sizes="(max-width: 900px) 100vw, 60rem" eager className="event-stage__art" />
        <Countdown startMs={isoMs(title.startDate)} nowMs={nowMs} />
      </div>
    );
  }
  if (title.type === 'LIVE' && title.state === 'ENDED' && !title.hasReplay) {
    return <p className="event-stage__note">{t('eventEndedNoReplay')}</p>;
  }
  const type = title.type;
  if (status === 'loading' || !isPlayable(type)) return null;
  return <Playback key={`${user?.id ?? 'none'}:${title.state ?? ''}`} title={title} type={type} />;
}

function Playback({ title, type }: { title: Title; type: PlayableType }) {
  const { t, routeLocale } = useI18n();
  const { isSignedIn } = useSession();
  // A signed-in viewer's playback is one of the account's concurrent streams (a lease, renewed by
  // the heartbeat); a guest's takes none.
  const playback = useLeasedPlayback(type, title.id, isSignedIn);
  // A signed-in viewer's on-demand title resumes where it stopped and reports its progress (issue 15).
  const tracked = isSignedIn && isTrackedTitleType(title.type);
  const startAt = useResumePosition(title.id, tracked);
  // A signed-in viewer's player applies the profile's preferences (issue 16).
  const preferences = usePlayerPreferences(isSignedIn);
  const next = title.nextEpisode;

  switch (playback.status) {
    case 'ready': {
      if (!playback.source) return null;
      if (startAt === null || preferences === null) return <InlineStatus label={t('loadingVideo')} />;
      const props: VideoPlayerProps = {
        source: playback.source,
        title: title.title,
        live: isLiveStream(title),
        nextEpisode: next ? { id: next.id, title: next.title, path: tilePath(next, routeLocale) } : null,
        startAt,
        preferences,
      };
      return tracked ? <ReportingPlayer {...props} id={title.id} type={title.type} /> : <VideoPlayer {...props} />;
    }
    case 'locked':
      return <Paywall title={title} />;
    case 'failed':
      return <InlineError message={t('playbackFailed')} retryLabel={t('retry')} onRetry={playback.retry} />;
    case 'limited':
      return <StreamLimit streams={playback.streams} onStop={playback.stopStream} />;
    case 'stopped':
      return <InlineError message={t('streamStoppedElsewhere')} retryLabel={t('playAgain')} onRetry={playback.retry} />;
    default:
      return <InlineStatus label={t('loadingVideo')} />;
  }
}

/**
 * Core's playback machine for title `id` of `type` (`lease`: a signed-in viewer's playback holds
 * one of the account's concurrent streams, renewed by the heartbeat; issue 17): the start, the
 * paywall, the limit's offer. Leaving the page, a reload or a navigation away from the app
 * (`pagehide`) lets the lease go at once.
 */
export function useLeasedPlayback(type: PlayableType, id: string, lease: boolean) {
  const { api } = useServices();
  // Declared before the machine, so that its clean-up runs first: the lease is let go while the
  // machine still runs.
  const end = useEndOnLeave();
  const [snapshot, send] = useMachine(playbackMachine, { input: { api, type, id, lease } });
  const playback = connectPlayback(snapshot, send);
  end.current = playback.end;
  return playback;
}

/**
 * The account already plays its limit of streams (429 `CONCURRENCY_LIMIT`): the devices that hold
 * them, each with "Stop playing on <device>" (stops that stream, then this one starts).
 */
export function StreamLimit({ streams, onStop }: { streams: readonly LiveStream[]; onStop: (leaseId: string) => void }) {
  const { t } = useI18n();
  return (
    <section className="stream-limit card" role="alert" aria-labelledby="stream-limit-title">
      <h2 id="stream-limit-title">{t('concurrencyLimitReached')}</h2>
      <p>{t('concurrencyLimitHint')}</p>
      <ul className="actions stream-limit__devices">
        {streams.map((stream) => (
          <li key={stream.leaseId}>
            <button type="button" className="button" onClick={() => onStop(stream.leaseId)}>
              {t('stopPlayingOn', { device: stream.deviceName })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The player of a signed-in viewer's on-demand title: what it plays is reported to the watch history. */
function ReportingPlayer({ id, type, ...props }: VideoPlayerProps & { id: string; type: string }) {
  const reporter = useHistoryReporter(id, type);
  return <VideoPlayer {...props} progress={reporter} />;
}

/** Names the licences that unlock the title, links to the licences page, and offers sign-in to a guest. */
export function Paywall({ title }: { title: Pick<Title, 'licenceIds'> }) {
  const { t, path, routeLocale } = useI18n();
  const { queries } = useServices();
  const { isSignedIn } = useSession();
  const [pathname] = useLocation();
  const search = useSearch();
  const catalogue = useResource(queries.licences.list());
  // The realm's campaign tags on a guest's purchase and sign-in links (identity §9).
  const tagged = useCampaignLink();
  const names = catalogue.data ? unlockingLicences(title, catalogue.data.licences).map((licence) => licence.name) : [];

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
        <Link href={isSignedIn ? path('PURCHASE') : tagged(path('PURCHASE'), 'purchase')} className="button">
          {t('seePlans')}
        </Link>
      </div>
      {isSignedIn ? null : (
        <p className="paywall__sign-in">
          {t('alreadySubscribed')}{' '}
          <Link href={tagged(signInPath(pathname + (search ? `?${search}` : ''), routeLocale), 'signin_to_watch')}>{t('signIn')}</Link>
        </p>
      )}
    </section>
  );
}
