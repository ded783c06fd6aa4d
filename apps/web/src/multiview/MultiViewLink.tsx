import { Link } from 'wouter';
import type { Title } from '@stream/core/contracts';
import { useI18n } from '../app/context';

/** "Multi-view" on a live or upcoming event's watch page (issue 17): opens MULTI_VIEW with this event. */
export function MultiViewLink({ title }: { title: Pick<Title, 'id' | 'type' | 'state'> }) {
  const { t, path } = useI18n();
  if (title.type !== 'LIVE' || title.state === 'ENDED') return null;
  return (
    <Link href={path('MULTI_VIEW', { eventId: title.id })} className="button button--secondary">
      {t('multiViewOpen')}
    </Link>
  );
}
