import type { ReactNode } from 'react';
import type { Tile } from '@stream/core/contracts';
import { TileCard, TileSkeleton } from '../discovery/TileCard';
import { CardHearts } from '../library/CardHearts';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { ErrorScreen } from '../components/StatusScreen';
import { formatDateTime, isoMs } from './time';

/**
 * Titles as a grid of cards under the page's `h1` (their titles are `h2`), a live event's start
 * time in the viewer's language and time zone under its card; placeholders while `tiles` is undefined.
 */
export function TitleList({ tiles, label }: { tiles: readonly Tile[] | undefined; label: string }) {
  const { language } = useI18n();
  return (
    <ul className="live-list" aria-label={label} aria-busy={tiles === undefined || undefined}>
      {tiles === undefined
        ? Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <TileSkeleton />
            </li>
          ))
        : (
            <CardHearts tiles={tiles}>
              {(tile, index, heart) => (
                <li key={`${tile.type}:${tile.id}`}>
                  <TileCard tile={tile} eager={index < 4} level={2} heart={heart} />
                  {tile.startDate ? (
                    <p className="live-list__time">
                      <time dateTime={tile.startDate}>{formatDateTime(isoMs(tile.startDate), language)}</time>
                    </p>
                  ) : null}
                </li>
              )}
            </CardHearts>
          )}
    </ul>
  );
}

/** A list page's frame: its heading, then an error with Retry, the empty text, or the list. */
export function ListPage({
  title,
  failed,
  onRetry,
  empty,
  emptyText,
  children,
}: {
  title: string;
  failed: boolean;
  onRetry: () => void;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="page live-page">
      <h1>{title}</h1>
      {failed ? (
        <ErrorScreen title={t('somethingWentWrong')} message={t('listLoadFailed')} retryLabel={t('retry')} onRetry={onRetry} asPage={false} />
      ) : empty ? (
        <p>{emptyText}</p>
      ) : (
        children
      )}
    </div>
  );
}

/** A page of live events in one state (`catalogue.events`): LIVE_EVENTS (`LIVE`) and UPCOMING (`UPCOMING`, soonest first). */
export function EventsPage({ state, titleKey, emptyKey }: { state: 'LIVE' | 'UPCOMING'; titleKey: string; emptyKey: string }) {
  const { t } = useI18n();
  const { queries } = useServices();
  const events = useResource(queries.catalogue.read('events', { query: { state, rpp: 100 } }));
  useDocumentTitle(t(titleKey), t('appName'));
  return (
    <ListPage title={t(titleKey)} failed={events.status === 'failed'} onRetry={events.reload} empty={events.data?.items.length === 0} emptyText={t(emptyKey)}>
      <TitleList tiles={events.data?.items} label={t(titleKey)} />
    </ListPage>
  );
}
