import type { Tile } from '@stream/core/contracts';
import { formatDuration, isPremium } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { formatDateTime, isoMs } from './time';

const STATE_KEYS = { UPCOMING: 'eventUpcoming', LIVE: 'liveBadge', ENDED: 'eventEnded' } as const;

/**
 * A title's badges: its state (live events: upcoming, live, ended, on the platform's clock),
 * category, premium or free, and its duration (VOD, EPISODE) or start and end (LIVE) in the
 * viewer's language and time zone.
 */
export function TitleMeta({ title }: { title: Tile }) {
  const { t, language } = useI18n();
  const premium = isPremium(title);
  const start = isoMs(title.startDate);
  const end = isoMs(title.endDate);
  return (
    <ul className="badges">
      {title.type === 'CHANNEL' ? <li className="badge badge--live">{t('liveBadge')}</li> : null}
      {title.type === 'LIVE' && title.state ? <li className={`badge badge--${title.state === 'LIVE' ? 'live' : 'plain'}`}>{t(STATE_KEYS[title.state])}</li> : null}
      {title.categoryLabel ? <li className="badge badge--plain">{title.categoryLabel}</li> : null}
      <li className={`badge ${premium ? 'badge--premium' : 'badge--free'}`}>{t(premium ? 'premium' : 'free')}</li>
      {typeof title.durationSeconds === 'number' && title.type !== 'LIVE' ? (
        <li className="badge badge--plain">
          <span className="visually-hidden">{t('duration')} </span>
          <span dir="ltr">{formatDuration(title.durationSeconds)}</span>
        </li>
      ) : null}
      {title.type === 'LIVE' && Number.isFinite(start) ? (
        <li className="badge badge--plain">
          <time dateTime={title.startDate}>{formatDateTime(start, language)}</time>
          {Number.isFinite(end) ? (
            <>
              {' – '}
              <time dateTime={title.endDate}>{formatDateTime(end, language)}</time>
            </>
          ) : null}
        </li>
      ) : null}
    </ul>
  );
}
