import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useMachine } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import type { Tile, Title } from '@stream/core/contracts';
import {
  MULTI_VIEW_LAYOUTS,
  MULTI_VIEW_PICKER_ITEMS,
  MULTI_VIEW_PICKER_MAX_WIDTH_PX,
  multiViewPickerTile,
  multiViewVideoCount,
  matchRouteAnyLocale,
  type MultiViewDirection,
  type MultiViewLayout,
} from '@stream/core/domain';
import { connectMultiView, multiViewMachine, type MultiViewApi, type MultiViewTileView } from '@stream/core/machines';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { SignedInOnly } from '../app/SignedInOnly';
import { Artwork } from '../components/Artwork';
import { InlineError, InlineStatus } from '../components/StatusScreen';
import { Countdown } from '../live/Countdown';
import { StreamLimit } from '../live/Playback';
import { TitleGate } from '../live/TitleGate';
import { useEndOnLeave } from '../live/useEndOnLeave';
import { isoMs } from '../live/time';
import { TileVideo } from '../multiview/TileVideo';
import '../styles/streams.css';
import '../styles/multiview.css';

/** What a tile shows of its event: the title, the start (ISO 8601) and the artwork. */
interface EventInfo {
  title: string;
  startDate?: string | undefined;
  thumbnail?: string | undefined;
}

const LAYOUT_LABELS: Record<MultiViewLayout, string> = { twoUp: 'layoutTwoUp', pip: 'layoutPip', threeUp: 'layoutThreeUp', quad: 'layoutQuad' };

/**
 * MULTI_VIEW (`/multi-video/:eventId`; issue 17 "Multi-view"): several live events on one screen,
 * on core's `multiViewMachine`. It opens with the event of `:eventId`; a picker lists up to 20
 * other live or upcoming events (§9) to add, or to swap in for a tile; the layout switch (twoUp,
 * pip, threeUp, quad); one tile has the sound (the others are muted): a click on a tile or the
 * arrow keys move it, Enter enlarges the tile with the sound to a single view and Escape goes
 * back. Below 1024 px the tiles stack and the one with the sound alone plays. An upcoming event's
 * tile shows its countdown and starts by itself. Every tile is one stream of the account: past
 * the limit a tile offers "Stop playing on …". A guest is sent to sign in and comes back.
 */
export default function MultiViewPage() {
  const { t, routeLocale } = useI18n();
  const [pathname] = useLocation();
  const eventId = matchRouteAnyLocale(pathname, routeLocale)?.params.eventId ?? '';
  return (
    <SignedInOnly loadingLabel={t('loading')}>
      <TitleGate types={['LIVE', 'LIVE']} id={eventId}>
        {(title, nowMs) => <MultiView key={title.id} title={title} nowMs={nowMs} />}
      </TitleGate>
    </SignedInOnly>
  );
}

/** The viewport's width in CSS px, followed on resize. */
function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

function MultiView({ title, nowMs }: { title: Title; nowMs: number }) {
  const { t, direction } = useI18n();
  const { api } = useServices();
  useDocumentTitle(t('multiViewTitle'), t('appName'));
  const width = useViewportWidth();
  // Declared before the machine so that its clean-up runs first: the leases go while it runs.
  const end = useEndOnLeave();
  const [snapshot, send] = useMachine(multiViewMachine, { input: { api, eventId: title.id, upcoming: title.state === 'UPCOMING', widthPx: window.innerWidth } });
  const view = connectMultiView(snapshot, send);
  end.current = view.end;
  const [events, setEvents] = useState<Record<string, EventInfo>>({});
  const info = (id: string): EventInfo => (id === title.id ? { title: title.title, startDate: title.startDate, thumbnail: title.images?.thumbnail } : (events[id] ?? { title: '' }));
  const [swapping, setSwapping] = useState<string | null>(null);

  useEffect(() => view.viewport(width), [width]); // eslint-disable-line react-hooks/exhaustive-deps
  // The page's event went live (TitleGate reads it again while upcoming).
  useEffect(() => {
    if (title.state === 'LIVE') view.live(title.id);
  }, [title.state, title.id]); // eslint-disable-line react-hooks/exhaustive-deps
  // An added upcoming event starts by itself at its start time.
  for (const tile of view.tiles) {
    const start = isoMs(info(tile.eventId).startDate);
    if (tile.status === 'waiting' && tile.eventId !== title.id && Number.isFinite(start) && nowMs >= start) queueMicrotask(() => view.live(tile.eventId));
  }

  // The keyboard's focus follows the sound when it moves by key.
  const tileRefs = useRef(new Map<string, HTMLElement>());
  const keyMoved = useRef(false);
  useEffect(() => {
    if (!keyMoved.current || !view.focus) return;
    keyMoved.current = false;
    tileRefs.current.get(view.focus)?.focus();
  }, [view.focus, view.enlarged]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const rtl = direction === 'rtl';
    const moves: Record<string, MultiViewDirection> = {
      ArrowLeft: rtl ? 'right' : 'left',
      ArrowRight: rtl ? 'left' : 'right',
      ArrowUp: 'up',
      ArrowDown: 'down',
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      keyMoved.current = true;
      view.move(move);
    } else if (event.key === 'Enter' && view.focus) {
      event.preventDefault();
      keyMoved.current = true;
      if (view.enlarged) view.restore();
      else view.enlarge(view.focus);
    } else if (event.key === 'Escape' && view.enlarged) {
      event.preventDefault();
      keyMoved.current = true;
      view.restore();
    }
  };

  const pick = (tile: Tile) => {
    setEvents((known) => ({ ...known, [tile.id]: { title: tile.title, startDate: tile.startDate, thumbnail: tile.images?.thumbnail } }));
    const upcoming = tile.state === 'UPCOMING';
    if (swapping) {
      view.swap(swapping, tile.id, upcoming);
      setSwapping(null);
    } else view.add(tile.id, upcoming);
  };

  const shown = view.enlarged ? view.tiles.filter((tile) => tile.key === view.enlarged) : view.tiles;
  const gridClass = view.enlarged ? 'single' : view.stacked ? 'stacked' : view.layout;
  const full = view.tiles.length >= multiViewVideoCount('quad');

  return (
    <div className="page multiview">
      <h1>{t('multiViewTitle')}</h1>
      <p className="multiview__help" id="multiview-keys">
        {t('multiViewKeysHelp')}
      </p>
      <div className="multiview__layouts" role="group" aria-label={t('multiViewLayout')}>
        {MULTI_VIEW_LAYOUTS.map((layout) => (
          <button key={layout} type="button" className="button button--secondary" aria-pressed={view.layout === layout} onClick={() => view.setLayout(layout)}>
            {t(LAYOUT_LABELS[layout])}
          </button>
        ))}
      </div>
      <div className={`multiview__grid multiview__grid--${gridClass}`} role="group" aria-label={t('multiViewVideos')} data-layout={view.layout}>
        {shown.map((tile) => (
          <TileFrame
            key={tile.key}
            tile={tile}
            info={info(tile.eventId)}
            nowMs={nowMs}
            view={view}
            layoutCount={view.enlarged ? 1 : view.stacked ? 1 : multiViewVideoCount(view.layout)}
            onKeyDown={onKeyDown}
            onSwap={() => setSwapping(tile.key)}
            refCallback={(element) => {
              if (element) tileRefs.current.set(tile.key, element);
              else tileRefs.current.delete(tile.key);
            }}
          />
        ))}
      </div>
      <Picker
        exclude={[title.id, ...view.eventIds]}
        width={width}
        swapping={swapping ? info(view.tiles.find((tile) => tile.key === swapping)?.eventId ?? '').title : null}
        full={full && !swapping}
        onPick={pick}
        onCancel={() => setSwapping(null)}
      />
    </div>
  );
}

/** One tile: its event, the sound button, its video (or countdown, offer, error), and its actions. */
function TileFrame({
  tile,
  info,
  nowMs,
  view,
  layoutCount,
  onKeyDown,
  onSwap,
  refCallback,
}: {
  tile: MultiViewTileView;
  info: EventInfo;
  nowMs: number;
  view: MultiViewApi;
  layoutCount: number;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onSwap: () => void;
  refCallback: (element: HTMLElement | null) => void;
}) {
  const { t, path } = useI18n();
  const headingId = `multiview-tile-${tile.key}`;
  return (
    <section
      ref={refCallback}
      className={`multiview__tile${tile.focused ? ' multiview__tile--focused' : ''}`}
      aria-labelledby={headingId}
      aria-describedby="multiview-keys"
      aria-current={tile.focused || undefined}
      tabIndex={tile.focused ? 0 : -1}
      data-status={tile.status}
      onKeyDown={onKeyDown}
      onClick={() => view.focusOn(tile.key)}
    >
      <h2 id={headingId} className="multiview__tile-title">
        <bdi>{info.title}</bdi>
        {tile.focused ? <span className="multiview__sound">{t('multiViewSoundOn')}</span> : null}
      </h2>
      <div className="multiview__stage">
        {tile.status === 'playing' && tile.source ? (
          <TileVideo source={tile.source} title={info.title} muted={!tile.focused} layoutCount={layoutCount} />
        ) : tile.status === 'waiting' ? (
          <div className="multiview__countdown">
            <Artwork template={info.thumbnail} shape="thumbnail" sizes="25vw" className="multiview__art" />
            <Countdown startMs={isoMs(info.startDate)} nowMs={nowMs} />
          </div>
        ) : tile.status === 'limited' ? (
          <StreamLimit streams={tile.streams} onStop={(leaseId) => view.stopStream(tile.key, leaseId)} />
        ) : tile.status === 'stopped' ? (
          <InlineError message={t('streamStoppedElsewhere')} retryLabel={t('playAgain')} onRetry={() => view.retry(tile.key)} />
        ) : tile.status === 'failed' ? (
          <InlineError message={t('playbackFailed')} retryLabel={t('retry')} onRetry={() => view.retry(tile.key)} />
        ) : tile.status === 'locked' ? (
          <p className="multiview__locked">
            {t('multiViewLocked')} <Link href={path('PURCHASE')}>{t('seePlans')}</Link>
          </p>
        ) : tile.status === 'idle' ? (
          <button type="button" className="button" onClick={() => view.focusOn(tile.key)}>
            {t('multiViewWatchHere')}
          </button>
        ) : (
          <InlineStatus label={t('loadingVideo')} />
        )}
      </div>
      <div className="multiview__actions">
        {tile.focused ? null : (
          <button type="button" className="button button--secondary" onClick={(event) => (event.stopPropagation(), view.focusOn(tile.key))}>
            {t('multiViewListen')}
          </button>
        )}
        {view.enlarged === tile.key ? (
          <button type="button" className="button button--secondary" onClick={(event) => (event.stopPropagation(), view.restore())}>
            {t('multiViewBack')}
          </button>
        ) : (
          <button type="button" className="button button--secondary" onClick={(event) => (event.stopPropagation(), view.enlarge(tile.key))}>
            {t('multiViewEnlarge')}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={(event) => (event.stopPropagation(), onSwap())}>
          {t('multiViewSwap')}
        </button>
        {view.tiles.length > 1 ? (
          <button type="button" className="button button--secondary" onClick={(event) => (event.stopPropagation(), view.remove(tile.key))}>
            {t('multiViewRemove')}
          </button>
        ) : null}
      </div>
    </section>
  );
}

/** The picker: up to 20 other live or upcoming events (§9), to add or to swap in. */
function Picker({
  exclude,
  width,
  swapping,
  full,
  onPick,
  onCancel,
}: {
  exclude: readonly string[];
  width: number;
  swapping: string | null;
  full: boolean;
  onPick: (tile: Tile) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const { queries } = useServices();
  const live = useResource(queries.catalogue.read('events', { query: { state: 'LIVE', rpp: MULTI_VIEW_PICKER_ITEMS + 4 } }));
  const upcoming = useResource(queries.catalogue.read('events', { query: { state: 'UPCOMING', rpp: MULTI_VIEW_PICKER_ITEMS + 4 } }));
  const size = multiViewPickerTile(width);
  const items = [...(live.data?.items ?? []), ...(upcoming.data?.items ?? [])]
    .filter((tile) => tile.type === 'LIVE' && !exclude.includes(tile.id))
    .slice(0, MULTI_VIEW_PICKER_ITEMS);
  const failed = live.status === 'failed' || upcoming.status === 'failed';
  const loading = !failed && (live.status === 'loading' || upcoming.status === 'loading');
  return (
    <section className="multiview__picker" aria-labelledby="multiview-picker-title" style={{ maxWidth: MULTI_VIEW_PICKER_MAX_WIDTH_PX }}>
      <h2 id="multiview-picker-title">{swapping !== null ? t('multiViewPickerSwap', { title: swapping }) : t('multiViewPicker')}</h2>
      {swapping !== null ? (
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('multiViewCancelSwap')}
        </button>
      ) : full ? (
        <p>{t('multiViewFull')}</p>
      ) : null}
      {failed ? (
        <InlineError
          message={t('contentLoadFailed')}
          retryLabel={t('retry')}
          onRetry={() => {
            live.reload();
            upcoming.reload();
          }}
        />
      ) : loading ? (
        <InlineStatus label={t('loading')} />
      ) : items.length === 0 ? (
        <p>{t('multiViewNoEvents')}</p>
      ) : (
        <ul className="multiview__picker-list">
          {items.map((tile) => (
            <li key={tile.id} style={{ width: size.width }}>
              <button type="button" className="multiview__pick" disabled={full && swapping === null} onClick={() => onPick(tile)}>
                <span className="multiview__pick-art" style={{ width: size.width, height: size.height }}>
                  <Artwork template={tile.images?.thumbnail} shape="thumbnail" sizes={`${size.width}px`} />
                </span>
                <span className="multiview__pick-state">{t(tile.state === 'UPCOMING' ? 'multiViewUpcoming' : 'multiViewLive')}</span>
                <span className="visually-hidden">{swapping !== null ? t('multiViewSwapIn') : t('multiViewAdd')} </span>
                <bdi>{tile.title}</bdi>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
