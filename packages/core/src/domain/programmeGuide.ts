/**
 * The programme guide (EPG, identity-and-routes.md §2 `/epg`): channels × time. Turns each
 * channel's programmes (as the platform lists them: possibly unsorted, overlapping, with gaps,
 * partly outside the time shown) into cells that cover a time range exactly, says which
 * programme is on at an instant, and places instants on a horizontal scale. Times are
 * milliseconds since the epoch; nothing here reads the clock.
 *
 * The overlap rule: programmes are taken in order of start; **a programme ends where the next
 * one starts** (a later programme interrupts an earlier one, which does not resume). Of
 * programmes with the same start the longest is shown; of those with the same start and end, the
 * one listed last. A programme whose end is not after its start, or whose times are not finite,
 * is left out.
 */

/** The times of a programme, ms since the epoch: on air in `[startMs, endMs)`. */
export interface GuideProgrammeTimes {
  startMs: number;
  endMs: number;
}

/** The time shown, `[fromMs, toMs)` in ms; empty when `toMs <= fromMs`. */
export interface GuideWindow {
  fromMs: number;
  toMs: number;
}

/** A programme in a channel's schedule with the times it is actually on after the overlap rule. */
export interface GuideSlot<P> {
  programme: P;
  startMs: number;
  /** Its own end, or the next programme's start when that comes first. */
  endMs: number;
}

/** One cell of a channel's row: `[startMs, endMs)` inside the range, a programme or a gap (null). */
export interface GuideCell<P> {
  startMs: number;
  endMs: number;
  programme: P | null;
}

/** One channel's row of the guide. */
export interface GuideRow<C, P> {
  channel: C;
  cells: GuideCell<P>[];
}

function isValidProgramme(programme: GuideProgrammeTimes | null | undefined): boolean {
  return (
    programme != null &&
    Number.isFinite(programme.startMs) &&
    Number.isFinite(programme.endMs) &&
    programme.endMs > programme.startMs
  );
}

/**
 * A channel's schedule after the overlap rule (see the module note): slots sorted by start,
 * never overlapping, each inside its programme's own times. Invalid programmes are left out.
 * Compute it once per channel and use {@link scheduleCells} and {@link slotAt} per range. Pure.
 */
export function guideSchedule<P extends GuideProgrammeTimes>(programmes: readonly P[]): GuideSlot<P>[] {
  const sorted = (Array.isArray(programmes) ? programmes : [])
    .map((programme, index) => ({ programme, index }))
    .filter((entry) => isValidProgramme(entry.programme))
    .sort(
      (a, b) =>
        a.programme.startMs - b.programme.startMs || a.programme.endMs - b.programme.endMs || a.index - b.index,
    );
  const slots: GuideSlot<P>[] = [];
  sorted.forEach(({ programme }, i) => {
    const next = sorted[i + 1];
    const endMs = next ? Math.min(programme.endMs, next.programme.startMs) : programme.endMs;
    if (endMs > programme.startMs) slots.push({ programme, startMs: programme.startMs, endMs });
  });
  return slots;
}

/** Index of the first slot that ends after `atMs` (slots.length when none). */
function firstEndingAfter<P>(slots: readonly GuideSlot<P>[], atMs: number): number {
  let low = 0;
  let high = slots.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (slots[mid]!.endMs <= atMs) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** True when `range` is a non-empty interval of finite instants. */
export function isGuideWindow(range: GuideWindow | null | undefined): range is GuideWindow {
  return range != null && Number.isFinite(range.fromMs) && Number.isFinite(range.toMs) && range.toMs > range.fromMs;
}

/**
 * The cells of one channel over `range`, from a schedule made by {@link guideSchedule}: slots
 * clipped to the range, the time between them as gap cells (`programme: null`, one cell per
 * gap). The cells are in order, contiguous and cover `[fromMs, toMs)` exactly; none for an empty
 * or invalid range. O(log n + cells). Pure.
 */
export function scheduleCells<P>(schedule: readonly GuideSlot<P>[], range: GuideWindow): GuideCell<P>[] {
  if (!isGuideWindow(range)) return [];
  const { fromMs, toMs } = range;
  const cells: GuideCell<P>[] = [];
  let cursor = fromMs;
  for (let i = firstEndingAfter(schedule, fromMs); i < schedule.length; i += 1) {
    const slot = schedule[i]!;
    if (slot.startMs >= toMs) break;
    const startMs = Math.max(slot.startMs, fromMs);
    if (startMs > cursor) cells.push({ startMs: cursor, endMs: startMs, programme: null });
    const endMs = Math.min(slot.endMs, toMs);
    cells.push({ startMs, endMs, programme: slot.programme });
    cursor = endMs;
  }
  if (cursor < toMs) cells.push({ startMs: cursor, endMs: toMs, programme: null });
  return cells;
}

/** The cells of one channel's `programmes` over `range`: {@link scheduleCells} of {@link guideSchedule}. Pure. */
export function guideCells<P extends GuideProgrammeTimes>(programmes: readonly P[], range: GuideWindow): GuideCell<P>[] {
  return scheduleCells(guideSchedule(programmes), range);
}

/**
 * The guide over `range`: one row per channel, in the channels' order, with the cells of
 * `programmesOf(channel)` ({@link guideCells}). Pure.
 */
export function guideLayout<C, P extends GuideProgrammeTimes>(
  channels: readonly C[],
  programmesOf: (channel: C) => readonly P[],
  range: GuideWindow,
): GuideRow<C, P>[] {
  return channels.map((channel) => ({ channel, cells: guideCells(programmesOf(channel), range) }));
}

/** The slot of `schedule` on air at `atMs`, or null (a gap, or an instant that is not finite). O(log n). */
export function slotAt<P>(schedule: readonly GuideSlot<P>[], atMs: number): GuideSlot<P> | null {
  if (!Number.isFinite(atMs)) return null;
  const slot = schedule[firstEndingAfter(schedule, atMs)];
  return slot !== undefined && slot.startMs <= atMs ? slot : null;
}

/** The programme of `programmes` on air at `atMs` under the overlap rule, or null. Pure. */
export function programmeAt<P extends GuideProgrammeTimes>(programmes: readonly P[], atMs: number): P | null {
  return slotAt(guideSchedule(programmes), atMs)?.programme ?? null;
}

/**
 * The horizontal position of `atMs` on a guide starting at `fromMs`, in pixels, for a scale of
 * `pxPerMinute` pixels per minute: `(atMs − fromMs) / 60 000 × pxPerMinute`. Negative before
 * `fromMs`. A cell is drawn from `guideOffsetPx(fromMs, cell.startMs, s)` to that of `cell.endMs`.
 * Null when an argument is not finite or the scale is not positive. Pure.
 */
export function guideOffsetPx(fromMs: number, atMs: number, pxPerMinute: number): number | null {
  if (!Number.isFinite(fromMs) || !Number.isFinite(atMs) || !Number.isFinite(pxPerMinute) || pxPerMinute <= 0) return null;
  return ((atMs - fromMs) / 60_000) * pxPerMinute;
}

/**
 * Where the "now" line goes: {@link guideOffsetPx} of `nowMs` from the range's start, or null
 * when now is outside `[fromMs, toMs)` (the line is not drawn) or the input is invalid. Pure.
 */
export function nowOffsetPx(range: GuideWindow, nowMs: number, pxPerMinute: number): number | null {
  if (!isGuideWindow(range) || !(nowMs >= range.fromMs && nowMs < range.toMs)) return null;
  return guideOffsetPx(range.fromMs, nowMs, pxPerMinute);
}
