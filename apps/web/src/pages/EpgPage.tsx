import { useState } from 'react';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { ErrorScreen } from '../components/StatusScreen';
import { ProgrammeGuide } from '../live/ProgrammeGuide';
import { useNow } from '../live/time';
import '../styles/live.css';

const HOUR_MS = 3_600_000;
/** The guide shows from 12 hours before now to 7 days after it. */
const BEFORE_MS = 12 * HOUR_MS;
const SPAN_MS = 7 * 24 * HOUR_MS;
/** Channels read at once (the platform's largest page). */
const CHANNELS_RPP = 100;

/** The guide's window: from the hour 12 hours ago, 7 days long (fixed while the page is open). */
function guideWindow(nowMs: number) {
  const from = Math.floor((nowMs - BEFORE_MS) / HOUR_MS) * HOUR_MS;
  return { from: new Date(from).toISOString(), to: new Date(from + SPAN_MS).toISOString() };
}

/** EPG (`/epg`): the programme guide of the live channels (`catalogue.guide`), scrolled to now. */
export default function EpgPage() {
  const { t } = useI18n();
  const { queries } = useServices();
  const [query] = useState(() => ({ ...guideWindow(Date.now()), rpp: CHANNELS_RPP }));
  const guide = useResource(queries.catalogue.read('guide', { query }));
  const nowMs = useNow(30_000);
  useDocumentTitle(t('guideTitle'), t('appName'));

  return (
    <div className="page epg-page">
      <h1>{t('guideTitle')}</h1>
      {guide.status === 'failed' ? (
        <ErrorScreen title={t('somethingWentWrong')} message={t('guideLoadFailed')} retryLabel={t('retry')} onRetry={guide.reload} asPage={false} />
      ) : !guide.data ? (
        <div className="guide skeleton" aria-hidden="true" />
      ) : guide.data.channels.length === 0 ? (
        <p>{t('guideEmpty')}</p>
      ) : (
        <ProgrammeGuide guide={guide.data} nowMs={nowMs} />
      )}
    </div>
  );
}
