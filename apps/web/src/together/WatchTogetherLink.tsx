import { Link } from 'wouter';
import type { Title } from '@stream/core/contracts';
import { useI18n } from '../app/context';

/** "Watch together" on a live event's watch page while it is live: WATCH_TOGETHER, where the viewer opens a room (issue 17). */
export function WatchTogetherLink({ title }: { title: Pick<Title, 'id' | 'type' | 'state'> }) {
  const { t, path } = useI18n();
  if (title.type !== 'LIVE' || title.state !== 'LIVE') return null;
  return (
    <Link href={path('WATCH_TOGETHER', { eventId: title.id })} className="button button--secondary">
      {t('watchTogetherLink')}
    </Link>
  );
}
