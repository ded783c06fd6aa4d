import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Guide } from '@stream/core/contracts';
import { guideChannels } from '@stream/core/domain';
import type { ResourceQuery } from '@stream/core/resources';
import { useResource, type ResourceView } from '@stream/react';
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
/** Channels read at once (the platform's default page). */
const CHANNELS_RPP = 50;
/** Rows below the last one in view whose channels are read ahead, so that scrolling down rarely meets a skeleton. */
const READ_AHEAD_ROWS = 20;

/** The guide's window: from the hour 12 hours ago, 7 days long (fixed while the page is open). */
function guideWindow(nowMs: number) {
  const from = Math.floor((nowMs - BEFORE_MS) / HOUR_MS) * HOUR_MS;
  return { from: new Date(from).toISOString(), to: new Date(from + SPAN_MS).toISOString() };
}

/**
 * EPG (`/epg`): the programme guide of the live channels (`catalogue.guide`), scrolled to now.
 * Its channels are read a page at a time as the viewer scrolls down towards them
 * (`guideChannels`): the rows not read yet show as skeletons, a page that fails shows the error
 * with Retry.
 */
export default function EpgPage() {
  const { t } = useI18n();
  const { queries } = useServices();
  const [window_] = useState(() => guideWindow(Date.now()));
  const read = useCallback(
    // The first page without lastSeen, the ones after it with the previous page's pagingInfo.lastSeen.
    (lastSeen: number) => queries.catalogue.read('guide', { query: { ...window_, rpp: CHANNELS_RPP, ...(lastSeen > 0 ? { lastSeen } : {}) } }),
    [queries, window_],
  );
  const [views, setViews] = useState<ReadonlyMap<number, ResourceView<Guide>>>(() => new Map());
  const onPage = useCallback((lastSeen: number, view: ResourceView<Guide>) => setViews((current) => new Map(current).set(lastSeen, view)), []);
  // The rows the viewer has come near (never less: pages read stay read).
  const [wantedRows, setWantedRows] = useState(0);
  const onRows = useCallback((endRow: number) => setWantedRows((current) => Math.max(current, endRow + READ_AHEAD_ROWS)), []);
  const { reads, channels, rowCount, pending } = useMemo(() => guideChannels((lastSeen) => views.get(lastSeen)?.data, wantedRows), [views, wantedRows]);
  const first = views.get(0)?.data;
  const failed = pending === null ? undefined : views.get(pending);
  const nowMs = useNow(30_000);
  useDocumentTitle(t('guideTitle'), t('appName'));

  const error = failed?.status === 'failed' ? <ErrorScreen title={t('somethingWentWrong')} message={t('guideLoadFailed')} retryLabel={t('retry')} onRetry={failed.reload} asPage={false} /> : null;
  return (
    <div className="page epg-page">
      <h1>{t('guideTitle')}</h1>
      {reads.map((lastSeen) => (
        <ChannelPageRead key={lastSeen} lastSeen={lastSeen} query={read(lastSeen)} onPage={onPage} />
      ))}
      {!first ? (
        (error ?? <div className="guide skeleton" aria-hidden="true" />)
      ) : rowCount === 0 ? (
        <p>{t('guideEmpty')}</p>
      ) : (
        <>
          <ProgrammeGuide from={first.from} to={first.to} channels={channels} rowCount={rowCount} nowMs={nowMs} onRows={onRows} />
          {error}
        </>
      )}
    </div>
  );
}

/** Reads one page of the guide's channels and hands its state to the page (renders nothing). */
function ChannelPageRead({ lastSeen, query, onPage }: { lastSeen: number; query: ResourceQuery<Guide>; onPage(lastSeen: number, view: ResourceView<Guide>): void }) {
  const view = useResource(query);
  useEffect(() => {
    onPage(lastSeen, view);
    // The view is a new object each render; its state is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastSeen, onPage, view.status, view.data, view.error, view.reloading]);
  return null;
}
