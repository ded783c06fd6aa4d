import { scheduleCells, type GuideCell, type GuideSlot, type GuideWindow } from '@stream/core/domain';

/**
 * Windowing of the programme guide (EPG): which rows (channels) and which stretch of time a
 * scrolled viewport shows, so that the page renders only those rows' cells in that time instead
 * of every channel's whole week (500 channels × 7 days is some 120 000 programmes). Pure; the
 * page measures the viewport and renders what {@link visibleGuide} returns.
 */

/** The guide's geometry: the time it covers and its scale. */
export interface GuideGeometry {
  /** The time the guide covers (ms since the epoch). */
  window: GuideWindow;
  /** Horizontal scale, pixels per minute (> 0). */
  pxPerMinute: number;
  /** Height of a channel's row, pixels (> 0). */
  rowHeight: number;
  /** Number of channels (rows). */
  rowCount: number;
}

/** The scrolled viewport over the cells' area (the channel column and time header excluded), in pixels. */
export interface GuideViewport {
  scrollLeft: number;
  scrollTop: number;
  width: number;
  height: number;
}

/** What to render: rows `[firstRow, endRow)` and the time `[fromMs, toMs)`, both with overscan and snapped to steps. */
export type GuideRange = Record<'firstRow' | 'endRow' | 'fromMs' | 'toMs', number>;

/** Rows rendered above and below the viewport, so that a quick scroll never shows an empty row. */
export const OVERSCAN_ROWS = 4;
/** Rows snap to blocks of this many, so that a scroll of a few pixels renders nothing new. */
export const ROW_BLOCK = 4;
/** The time rendered snaps to this step (30 min) and extends one step beyond the viewport on both sides. */
export const TIME_STEP_MS = 30 * 60_000;

const finite = (n: number, fallback = 0) => (Number.isFinite(n) ? n : fallback);

/**
 * The rows and time a viewport needs (see {@link GuideRange}): the rows it shows plus
 * {@link OVERSCAN_ROWS} on each side, snapped outwards to {@link ROW_BLOCK}; the time it shows
 * plus one {@link TIME_STEP_MS} on each side, snapped outwards to that step from the window's
 * start; both clamped to the guide. Snapping makes the range change only every few rows or half
 * hour of scrolling, so a page that keeps the last range re-renders rarely. Empty
 * (`firstRow === endRow` or `fromMs === toMs`) when the guide or viewport is. Pure, total.
 */
export function guideRange(geometry: GuideGeometry, viewport: GuideViewport): GuideRange {
  const { window, pxPerMinute, rowHeight } = geometry;
  const rowCount = Math.max(0, Math.floor(finite(geometry.rowCount)));
  const scale = finite(pxPerMinute) > 0 ? pxPerMinute : 1;
  const height = finite(rowHeight) > 0 ? rowHeight : 1;
  const top = Math.max(0, finite(viewport.scrollTop));
  const left = Math.max(0, finite(viewport.scrollLeft));
  const width = Math.max(0, finite(viewport.width));
  const viewHeight = Math.max(0, finite(viewport.height));

  const firstVisible = Math.floor(top / height);
  const endVisible = Math.ceil((top + viewHeight) / height);
  const firstRow = Math.min(rowCount, Math.max(0, Math.floor((firstVisible - OVERSCAN_ROWS) / ROW_BLOCK) * ROW_BLOCK));
  const endRow = Math.min(rowCount, Math.max(firstRow, Math.ceil((endVisible + OVERSCAN_ROWS) / ROW_BLOCK) * ROW_BLOCK));

  const span = finite(window.toMs) - finite(window.fromMs);
  if (!(span > 0)) return { firstRow, endRow, fromMs: finite(window.fromMs), toMs: finite(window.fromMs) };
  const msAt = (px: number) => (px / scale) * 60_000;
  const from = Math.floor((msAt(left) - TIME_STEP_MS) / TIME_STEP_MS) * TIME_STEP_MS;
  const to = Math.ceil((msAt(left + width) + TIME_STEP_MS) / TIME_STEP_MS) * TIME_STEP_MS;
  const fromMs = window.fromMs + Math.min(span, Math.max(0, from));
  const toMs = window.fromMs + Math.min(span, Math.max(from < 0 ? 0 : from, to));
  return { firstRow, endRow, fromMs, toMs: Math.max(fromMs, toMs) };
}

/** True when two ranges render the same (a page keeps the old object to skip a render). */
export function sameRange(a: GuideRange, b: GuideRange): boolean {
  return a.firstRow === b.firstRow && a.endRow === b.endRow && a.fromMs === b.fromMs && a.toMs === b.toMs;
}

/** One rendered row: its index in the guide, its channel and its cells in the range's time. */
export interface VisibleRow<C, P> {
  index: number;
  channel: C;
  cells: GuideCell<P>[];
}

/**
 * The rows of `range` with their cells over the range's time (core `scheduleCells` of each
 * channel's schedule, made once with `guideSchedule`): O(rows in view × (log n + cells in view)),
 * whatever the number of channels and programmes. Pure.
 */
export function visibleGuide<C, P>(rows: readonly { channel: C; schedule: readonly GuideSlot<P>[] }[], range: GuideRange): VisibleRow<C, P>[] {
  const out: VisibleRow<C, P>[] = [];
  const end = Math.min(rows.length, range.endRow);
  for (let index = Math.max(0, range.firstRow); index < end; index += 1) {
    const row = rows[index]!;
    out.push({ index, channel: row.channel, cells: scheduleCells(row.schedule, { fromMs: range.fromMs, toMs: range.toMs }) });
  }
  return out;
}
