import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import type { GuideChannel, Programme } from '@stream/core/contracts';
import { guideOffsetPx, guideSchedule, nowOffsetPx, slotAt, tilePath, type GuideSlot, type GuideWindow } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { guideRange, sameRange, TIME_STEP_MS, visibleGuide, type GuideGeometry, type GuideRange } from './guideWindow';
import { formatDateTime, formatTime, isoMs } from './time';

/** Pixels per minute of the guide's time axis (30 minutes: 150 px). */
export const PX_PER_MINUTE = 5;
/** Height of a channel's row, px. */
export const ROW_HEIGHT = 64;
/** Height of the time header, px. */
const HEAD_HEIGHT = 40;
/** Width of the channel column, px (narrower on a phone). */
const channelWidth = () => (typeof window !== 'undefined' && window.innerWidth < 600 ? 96 : 160);

/** A programme with its times in ms, as the guide's rules take it. */
interface TimedProgramme extends Programme {
  startMs: number;
  endMs: number;
}

interface GuideRowData {
  channel: GuideChannel;
  schedule: GuideSlot<TimedProgramme>[];
}

/** The focused programme: its row and the instant it starts (its identity in the row). */
interface Focus {
  row: number;
  atMs: number;
}

const cellKey = (row: number, startMs: number) => `${row}:${startMs}`;

/** The guide's channels and time, as the page has read them. */
export interface ProgrammeGuideProps {
  /** The time shown, `[from, to)` (ISO 8601 date-times, as the platform answered them). */
  from: string;
  to: string;
  /** The channels read so far, in order, with their programmes. */
  channels: readonly GuideChannel[];
  /** The guide's rows: `channels` and those still to read (shown as skeletons); at least `channels.length`. */
  rowCount: number;
  /** Now, ms since the epoch. */
  nowMs: number;
  /** Told the end (exclusive) of the rows rendered, with overscan, whenever it changes: the page reads the channels of rows not read yet. */
  onRows?(endRow: number): void;
}

/**
 * The programme guide (EPG): channels × time over `[from, to)`, laid out with core's rules
 * (`guideSchedule` once per channel, `scheduleCells` for the part in view, `guideOffsetPx` and
 * `nowOffsetPx` for positions) and **virtualised** (`guideRange`/`visibleGuide`: only the rows
 * and half hours in view, plus overscan, are in the DOM; rows whose channel is not read yet are
 * skeletons). Opens scrolled to now with a "now" line. Each programme is a link (the one on
 * now: its channel's LIVE page) or a button (others: shows its details below). Keyboard: one
 * tab stop; ←/→ the previous/next programme, ↑/↓ the channel above/below at the same time,
 * Home/End the first/last channel. The time axis runs left to right in every language (the grid
 * is `dir="ltr"`; names and titles keep their own direction in `<bdi>`). A programme that began
 * before the visible start edge keeps its title in view: the cell's text sticks to the channel
 * column's edge while the cell is in view, and is cut short (…) to the part of the cell in view.
 */
export function ProgrammeGuide({ from, to, channels, rowCount, nowMs, onRows }: ProgrammeGuideProps) {
  const { t, language, routeLocale } = useI18n();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [chWidth] = useState(channelWidth);
  const window_: GuideWindow = useMemo(() => ({ fromMs: isoMs(from), toMs: isoMs(to) }), [from, to]);
  // Each channel's schedule is made once, however many pages arrive after it.
  const schedules = useMemo(() => new WeakMap<GuideChannel, GuideRowData>(), []);
  const rows: GuideRowData[] = useMemo(
    () =>
      channels.map((channel) => {
        let row = schedules.get(channel);
        if (!row) {
          row = { channel, schedule: guideSchedule(channel.programmes.map((p) => ({ ...p, startMs: isoMs(p.startDate), endMs: isoMs(p.endDate) }))) };
          schedules.set(channel, row);
        }
        return row;
      }),
    [channels, schedules],
  );
  const totalRows = Math.max(rowCount, rows.length);
  const geometry: GuideGeometry = useMemo(
    () => ({ window: window_, pxPerMinute: PX_PER_MINUTE, rowHeight: ROW_HEIGHT, rowCount: totalRows }),
    [window_, totalRows],
  );
  const width = guideOffsetPx(window_.fromMs, window_.toMs, PX_PER_MINUTE) ?? 0;
  const x = (ms: number) => guideOffsetPx(window_.fromMs, ms, PX_PER_MINUTE) ?? 0;
  const nowX = nowOffsetPx(window_, nowMs, PX_PER_MINUTE);

  const [range, setRange] = useState<GuideRange>(() => guideRange(geometry, { scrollLeft: 0, scrollTop: 0, width: 1280, height: 720 }));
  const measure = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    // For the cells' text (live.css .guide__text): how far the cells' area is scrolled.
    el.style.setProperty('--guide-scroll', `${el.scrollLeft}px`);
    const next = guideRange(geometry, {
      scrollLeft: el.scrollLeft,
      scrollTop: el.scrollTop,
      width: el.clientWidth - chWidth,
      height: el.clientHeight - HEAD_HEIGHT,
    });
    setRange((old) => (sameRange(old, next) ? old : next));
  }, [geometry, chWidth]);

  // Opens at now: a third of the way in from the start edge.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (nowX !== null) el.scrollLeft = Math.max(0, nowX - (el.clientWidth - chWidth) / 3);
    measure();
    // Only on open and when another time is shown (not when more channels arrive).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [window_]);

  // More rows (channels read or to read): the range in view is measured again.
  useEffect(measure, [measure]);
  useEffect(() => onRows?.(range.endRow), [onRows, range.endRow]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    globalThis.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', onScroll);
      globalThis.removeEventListener('resize', onScroll);
    };
  }, [measure]);

  const visible = useMemo(() => visibleGuide(rows, range), [rows, range]);
  const skeletonRows: number[] = [];
  for (let index = Math.max(range.firstRow, rows.length); index < Math.min(range.endRow, totalRows); index += 1) skeletonRows.push(index);

  // Focus: the programme on now of the first channel until the viewer moves.
  const [focus, setFocus] = useState<Focus | null>(null);
  const [moved, setMoved] = useState(false);
  const [selected, setSelected] = useState<{ channel: GuideChannel; programme: TimedProgramme } | null>(null);
  const active: Focus | null = useMemo(() => {
    if (focus) return focus;
    const first = rows[0];
    const slot = first ? (slotAt(first.schedule, nowMs) ?? first.schedule[0]) : undefined;
    return slot ? { row: 0, atMs: slot.startMs } : null;
  }, [focus, rows, nowMs]);

  /** Scrolls so that the programme `slot` of `row` is in view. */
  const reveal = (row: number, slot: GuideSlot<TimedProgramme>) => {
    const el = scrollRef.current;
    if (!el) return;
    const top = row * ROW_HEIGHT;
    const viewH = el.clientHeight - HEAD_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + viewH) el.scrollTop = top + ROW_HEIGHT - viewH;
    const left = Math.max(x(slot.startMs), x(window_.fromMs));
    const viewW = el.clientWidth - chWidth;
    if (left < el.scrollLeft || left > el.scrollLeft + viewW - 40) el.scrollLeft = Math.max(0, left - 40);
    measure();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!active || !['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key)) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const key = rtl && event.key === 'ArrowLeft' ? 'ArrowRight' : rtl && event.key === 'ArrowRight' ? 'ArrowLeft' : event.key;
    let row = active.row;
    let slot: GuideSlot<TimedProgramme> | undefined;
    const schedule = rows[row]?.schedule ?? [];
    const index = schedule.findIndex((s) => s.startMs === active.atMs);
    if (key === 'ArrowRight') slot = schedule[index + 1];
    else if (key === 'ArrowLeft') slot = index > 0 ? schedule[index - 1] : undefined;
    else {
      row = key === 'ArrowDown' ? row + 1 : key === 'ArrowUp' ? row - 1 : key === 'Home' ? 0 : rows.length - 1;
      const target = rows[row]?.schedule ?? [];
      slot = slotAt(target, Math.max(active.atMs, window_.fromMs)) ?? target.find((s) => s.endMs > active.atMs) ?? target.at(-1);
    }
    event.preventDefault();
    if (!slot || row < 0 || row >= rows.length) return;
    setMoved(true);
    setFocus({ row, atMs: slot.startMs });
    reveal(row, slot);
  };

  // The focused cell takes the focus once it is rendered (after a key moved it).
  useEffect(() => {
    if (!moved || !active) return;
    scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${cellKey(active.row, active.atMs)}"]`)?.focus({ preventScroll: true });
  }, [moved, active, visible]);

  const jumpToNow = () => {
    const el = scrollRef.current;
    if (!el || nowX === null) return;
    el.scrollLeft = Math.max(0, nowX - (el.clientWidth - chWidth) / 3);
    measure();
  };

  const ticks: number[] = [];
  for (let ms = Math.ceil(range.fromMs / TIME_STEP_MS) * TIME_STEP_MS; ms < range.toMs; ms += TIME_STEP_MS) ticks.push(ms);
  const canvasHeight = totalRows * ROW_HEIGHT;

  return (
    <>
      <p className="guide-help" id="guide-help">
        {t('guideHelp')}{' '}
        <button type="button" className="button button--secondary" onClick={jumpToNow} disabled={nowX === null}>
          {t('guideJumpToNow')}
        </button>
      </p>
      <div
        ref={scrollRef}
        className="guide"
        dir="ltr"
        role="region"
        aria-label={t('guideTitle')}
        aria-describedby="guide-help"
        onKeyDown={onKeyDown}
        style={{ ['--guide-head' as string]: `${HEAD_HEIGHT}px`, ['--guide-channel' as string]: `${chWidth}px` }}
      >
        <div className="guide__canvas" style={{ width: chWidth + width, height: HEAD_HEIGHT + canvasHeight }}>
          <div className="guide__times" style={{ width: chWidth + width }} aria-hidden="true">
            <span className="guide__corner" />
            {ticks.map((ms) => (
              <span key={ms} className="guide__tick" style={{ left: chWidth + x(ms) }}>
                {formatTime(ms, language)}
              </span>
            ))}
          </div>
          <div style={{ position: 'sticky', insetInlineStart: 0, width: chWidth, height: canvasHeight, zIndex: 2 }}>
            {visible.map(({ index, channel }) => (
              <div key={channel.id} className="guide__channel" style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }} id={`guide-ch-${index}`}>
                <Link href={tilePath(channel, routeLocale)} tabIndex={-1}>
                  <bdi>{channel.title}</bdi>
                </Link>
              </div>
            ))}
            {skeletonRows.map((index) => (
              <div key={`skeleton-${index}`} className="guide__channel" style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }} aria-hidden="true">
                <span className="skeleton guide__skeleton" />
              </div>
            ))}
          </div>
          <div style={{ position: 'absolute', top: HEAD_HEIGHT, left: chWidth, width, height: canvasHeight }}>
            {visible.map(({ index, channel, cells }) => (
              <div key={channel.id} role="group" aria-labelledby={`guide-ch-${index}`}>
                {cells.map((cell) => {
                  const style = {
                    left: x(cell.startMs),
                    top: index * ROW_HEIGHT,
                    width: x(cell.endMs) - x(cell.startMs),
                    height: ROW_HEIGHT,
                    ['--cell-end' as string]: `${x(cell.endMs)}px`,
                  };
                  const programme = cell.programme;
                  if (!programme) return <div key={`gap-${cell.startMs}`} className="guide__cell guide__cell--gap" style={style} aria-hidden="true" />;
                  const onNow = programme.startMs <= nowMs && nowMs < programme.endMs;
                  const isActive = active?.row === index && active.atMs === programme.startMs;
                  const label = `${formatTime(programme.startMs, language)}–${formatTime(programme.endMs, language)}`;
                  const common = {
                    className: `guide__cell${onNow ? ' guide__cell--now' : ''}`,
                    style,
                    tabIndex: isActive ? 0 : -1,
                    'data-cell': cellKey(index, programme.startMs),
                    onFocus: () => setFocus({ row: index, atMs: programme.startMs }),
                  };
                  const body = (
                    <span className="guide__text">
                      <bdi>{programme.title}</bdi>
                      <small dir="ltr">{label}</small>
                    </span>
                  );
                  return onNow ? (
                    <Link key={programme.id} href={tilePath(channel, routeLocale)} aria-current="true" {...common}>
                      {body}
                    </Link>
                  ) : (
                    <button key={programme.id} type="button" onClick={() => setSelected({ channel, programme })} {...common}>
                      {body}
                    </button>
                  );
                })}
              </div>
            ))}
            {skeletonRows.map((index) => (
              <div key={`skeleton-${index}`} className="guide__cell guide__cell--loading" style={{ left: x(range.fromMs), top: index * ROW_HEIGHT, width: x(range.toMs) - x(range.fromMs), height: ROW_HEIGHT }} aria-hidden="true">
                <span className="skeleton guide__skeleton" />
              </div>
            ))}
            {nowX !== null ? <div className="guide__now" style={{ left: nowX, top: 0, height: canvasHeight }} aria-hidden="true" /> : null}
          </div>
        </div>
      </div>
      <div className="guide-details" aria-live="polite">
        {selected ? (
          <section className="card">
            <h2>
              <bdi>{selected.programme.title}</bdi>
            </h2>
            <p>
              <bdi>{selected.channel.title}</bdi> · {formatDateTime(selected.programme.startMs, language)}–{formatTime(selected.programme.endMs, language)}
            </p>
            {selected.programme.description ? <p>{selected.programme.description}</p> : null}
            <Link href={tilePath(selected.channel, routeLocale)}>{t('watchChannel')}</Link>
          </section>
        ) : null}
      </div>
    </>
  );
}
