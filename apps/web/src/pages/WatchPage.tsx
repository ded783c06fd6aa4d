import { Link } from 'wouter';
import type { Title, TitleType } from '@stream/core/contracts';
import { tilePath } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { FavouriteHeart } from '../library/FavouriteHeart';
import { EventStage } from '../live/Playback';
import { TitleGate } from '../live/TitleGate';
import { TitleMeta } from '../live/TitleMeta';
import { AddToWatchlist } from '../watchlists/AddToWatchlist';
import { MultiViewLink } from '../multiview/MultiViewLink';
import { WatchTogetherLink } from '../together/WatchTogetherLink';
import { formatTime, isoMs } from '../live/time';
import '../styles/catalogue.css';
import '../styles/live.css';

export interface WatchPageProps {
  /** VOD (`/video/:eventId/:eventTitle?`) or LIVE (`/live/:eventId/:eventTitle?`). */
  type: 'VOD' | 'LIVE';
  eventId: string;
}

/** The catalogue types each watch route plays: a VOD or an EPISODE; a LIVE event or a CHANNEL. */
const ROUTE_TYPES: Record<WatchPageProps['type'], readonly [TitleType, TitleType]> = {
  VOD: ['VOD', 'EPISODE'],
  LIVE: ['LIVE', 'CHANNEL'],
};

/**
 * VOD and LIVE: a catalogue title (`catalogue.title`; the older content items are catalogue
 * titles too) with its badges and description; an episode's series, season and next episode; a
 * channel's programme now and next; then the event stage: an upcoming event's countdown (the
 * page becomes the player once the platform says it is live), the player, or the paywall.
 * An unknown id: the not-found page.
 */
export default function WatchPage({ type, eventId }: WatchPageProps) {
  return (
    <TitleGate types={ROUTE_TYPES[type] ?? ROUTE_TYPES.VOD} id={eventId}>
      {(title, nowMs) => <TitleView title={title} nowMs={nowMs} />}
    </TitleGate>
  );
}

function TitleView({ title, nowMs }: { title: Title; nowMs: number }) {
  const { t, routeLocale } = useI18n();
  return (
    <div className="page watch-page">
      {title.series ? (
        <nav className="watch-page__parents" aria-label={t('episodeOf')}>
          <Link href={tilePath({ id: title.series.id, type: 'SERIES', title: title.series.title }, routeLocale)}>
            <bdi>{title.series.title}</bdi>
          </Link>
          {title.season ? (
            <>
              {' › '}
              <Link href={tilePath({ id: title.season.id, type: 'SEASON', title: title.season.title }, routeLocale)}>
                <bdi>{title.season.title}</bdi>
              </Link>
            </>
          ) : null}
        </nav>
      ) : null}
      <h1>
        <bdi>{title.title}</bdi>
      </h1>
      <TitleMeta title={title} />
      <div className="title-actions">
        <FavouriteHeart id={title.id} />
        <AddToWatchlist title={title} />
        <MultiViewLink title={title} />
        <WatchTogetherLink title={title} />
      </div>
      <EventStage title={title} nowMs={nowMs} />
      {title.description ? (
        <p className="watch-page__description">
          <bdi>{title.description}</bdi>
        </p>
      ) : null}
      <NowAndNext title={title} />
      {title.nextEpisode ? (
        <p className="watch-page__next">
          {t('nextEpisode')}:{' '}
          <Link href={tilePath(title.nextEpisode, routeLocale)}>
            <bdi>{title.nextEpisode.title}</bdi>
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** A channel's programme on now and the next one, with their times. */
function NowAndNext({ title }: { title: Title }) {
  const { t, language } = useI18n();
  const programmes = title.nowAndNext ?? [];
  if (programmes.length === 0) return null;
  return (
    <dl className="now-next">
      {programmes.slice(0, 2).map((programme, index) => (
        <div key={programme.id} className="now-next__item">
          <dt>{t(index === 0 ? 'onNow' : 'upNext')}</dt>
          <dd>
            <time dateTime={programme.startDate} dir="ltr">
              {formatTime(isoMs(programme.startDate), language)}
            </time>{' '}
            <bdi>{programme.title}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
