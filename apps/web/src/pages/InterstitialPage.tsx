import { useLocation } from 'wouter';
import { matchRouteAnyLocale } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { EventStage } from '../live/Playback';
import { TitleGate } from '../live/TitleGate';
import { TitleMeta } from '../live/TitleMeta';
import '../styles/catalogue.css';
import '../styles/live.css';

/**
 * INTERSTITIAL (`/interstitial/:eventId`): an event's pre-start page, its artwork, title and
 * countdown, that becomes the player when the platform says the event is live (the title is read
 * again while it is upcoming; see `useUpcomingRefresh`). A channel plays at once. Unknown id: not found.
 */
export default function InterstitialPage() {
  const { routeLocale } = useI18n();
  const [pathname] = useLocation();
  const eventId = matchRouteAnyLocale(pathname, routeLocale)?.params.eventId ?? '';
  return (
    <TitleGate key={eventId} types={['LIVE', 'CHANNEL']} id={eventId}>
      {(title, nowMs) => (
        <div className="page watch-page interstitial-page">
          <h1>
            <bdi>{title.title}</bdi>
          </h1>
          <TitleMeta title={title} />
          <EventStage title={title} nowMs={nowMs} />
          {title.shortDescription ? (
            <p className="watch-page__description">
              <bdi>{title.shortDescription}</bdi>
            </p>
          ) : null}
        </div>
      )}
    </TitleGate>
  );
}
