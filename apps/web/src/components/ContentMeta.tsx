import type { ContentItem } from '@stream/core/contracts';
import { formatDisplayDate, formatDuration, isPremium, parseIsoTimestamp } from '@stream/core/domain';
import { useI18n } from '../app/context';

/** The badges of a catalogue item: type (video or live), Premium or Free, duration or start date. */
export function ContentMeta({ item }: { item: ContentItem }) {
  const { t, language } = useI18n();
  const premium = isPremium(item);
  const start = parseIsoTimestamp(item.startDate);
  return (
    <ul className="badges">
      <li className={`badge badge--${item.type === 'LIVE' ? 'live' : 'vod'}`}>{t(item.type === 'LIVE' ? 'contentTypeLive' : 'contentTypeVod')}</li>
      <li className={`badge ${premium ? 'badge--premium' : 'badge--free'}`}>{t(premium ? 'premium' : 'free')}</li>
      {item.type === 'VOD' && typeof item.durationSeconds === 'number' ? (
        <li className="badge badge--plain">
          <span className="visually-hidden">{t('duration')} </span>
          <span dir="ltr">{formatDuration(item.durationSeconds)}</span>
        </li>
      ) : null}
      {item.type === 'LIVE' && start !== null ? (
        <li className="badge badge--plain">{t('liveOn', { date: formatDisplayDate(start, language) })}</li>
      ) : null}
    </ul>
  );
}
