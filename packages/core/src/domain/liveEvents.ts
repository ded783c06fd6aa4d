/**
 * Live events and the clock: an event's state (upcoming, live, ended, with a replay afterwards),
 * the countdown to its start, and the schedule by calendar day in a time zone. Implements the
 * live-event rules of issue 14 over commerce-and-account-data.md §3 "Client state slices:
 * upcoming events" and identity-and-routes.md §2 (LIVE_EVENTS `/livenow`, UPCOMING `/upcoming`,
 * SCHEDULE `/schedule`, INTERSTITIAL `/interstitial/:eventId`). Time is always a parameter
 * (milliseconds since the Unix epoch); nothing here reads the clock.
 */

/** The states of a live event, in the order they come. */
export const LIVE_EVENT_STATES = ['upcoming', 'live', 'ended'] as const;

/** One state of {@link LIVE_EVENT_STATES}. */
export type LiveEventState = (typeof LIVE_EVENT_STATES)[number];

/** The times of a live event, in ms since the epoch. */
export interface LiveEventTimes {
  /** When it starts. */
  startMs: number;
  /** When it ends; absent, null or not finite: it has no scheduled end and stays live once started. */
  endMs?: number | null | undefined;
  /** Whether a replay (the recording) is offered after the end. @default false */
  hasReplay?: boolean | undefined;
}

/**
 * The state of `event` at `nowMs`: `ended` from its end on (a finite `endMs` with `nowMs >= endMs`),
 * else `live` from its start on (`nowMs >= startMs`), else `upcoming`. So the interval
 * `[startMs, endMs)` is live; an end before the start means the event never is live; a start that
 * is not a finite number (or a clock that is not) counts as not started. The state never goes back
 * as the clock advances. Pure, never throws.
 */
export function liveEventState(event: LiveEventTimes, nowMs: number): LiveEventState {
  const end = event?.endMs;
  if (typeof end === 'number' && Number.isFinite(end) && nowMs >= end) return 'ended';
  const start = event?.startMs;
  return typeof start === 'number' && Number.isFinite(start) && nowMs >= start ? 'live' : 'upcoming';
}

/** True when `event` has ended at `nowMs` and offers a replay. */
export function isReplayAvailable(event: LiveEventTimes, nowMs: number): boolean {
  return event?.hasReplay === true && liveEventState(event, nowMs) === 'ended';
}

/**
 * The instant (ms) at which `event`'s state next changes after `nowMs`: its start while upcoming
 * (its end when that comes first), its end while live, null when ended or when no change is
 * scheduled (live without an end, or an unknown start). A page arms one timer for it (the
 * INTERSTITIAL page becomes the player at the start).
 */
export function liveEventNextChangeMs(event: LiveEventTimes, nowMs: number): number | null {
  const state = liveEventState(event, nowMs);
  const end = typeof event?.endMs === 'number' && Number.isFinite(event.endMs) ? event.endMs : null;
  if (state === 'ended') return null;
  if (state === 'live') return end;
  const start = Number.isFinite(event?.startMs) ? event.startMs : null;
  if (start === null) return end;
  return end !== null && end < start ? end : start;
}

/**
 * Milliseconds from `nowMs` to `startMs`, never negative (0 once started); 0 when either is not a
 * finite number. Pure.
 */
export function countdownMs(startMs: number, nowMs: number): number {
  if (!Number.isFinite(startMs) || !Number.isFinite(nowMs)) return 0;
  return Math.max(0, startMs - nowMs);
}

/** A countdown split for display: whole days, hours (0–23), minutes (0–59) and seconds (0–59). */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * A duration in ms split into days, hours, minutes and seconds, rounded up to the whole second
 * (a countdown shows 0:00:01 until the very start, never 0 too early). Negative or not finite → all 0.
 */
export function countdownParts(ms: number): CountdownParts {
  const total = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor(total / 3_600) % 24,
    minutes: Math.floor(total / 60) % 60,
    seconds: total % 60,
  };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter of the Gregorian date in `timeZone` (memoised); an unknown zone falls back to UTC. */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  const key = typeof timeZone === 'string' ? timeZone : 'UTC';
  let format = dayFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      era: 'short',
      calendar: 'gregory',
      numberingSystem: 'latn',
    };
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: key });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    dayFormats.set(key, format);
  }
  return format;
}

/**
 * The calendar day of the instant `ms` in `timeZone` (an IANA zone such as `'Europe/Madrid'`; an
 * unknown zone counts as `'UTC'`), as ISO 8601 `YYYY-MM-DD`; null for an instant that is not a
 * finite number or falls outside the years 1 to 9999. Pure.
 */
export function calendarDay(ms: number, timeZone: string): string | null {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  const parts = Object.fromEntries(dayFormat(timeZone).formatToParts(ms).map((part) => [part.type, part.value]));
  const year = Number(parts.year);
  if (parts.era !== 'AD' || !Number.isInteger(year) || year < 1 || year > 9999) return null;
  return `${String(year).padStart(4, '0')}-${parts.month}-${parts.day}`;
}

/** The items of one calendar day. */
export interface DayGroup<T> {
  /** ISO 8601 date `YYYY-MM-DD` in the time zone of the grouping. */
  day: string;
  /** The day's items by start, earliest first (equal starts in input order). */
  items: T[];
}

/**
 * The schedule by day (SCHEDULE, identity-and-routes.md §2): `items` grouped by the calendar day
 * of `startOf(item)` (ms) in `timeZone` (see {@link calendarDay}), days in order, each day's
 * items by start. Items whose start has no calendar day (not a finite number) are left out.
 * Every other item is in exactly one group. Pure.
 */
export function groupByDay<T>(items: readonly T[], startOf: (item: T) => number, timeZone: string): DayGroup<T>[] {
  const dated = items
    .map((item, index) => ({ item, index, start: startOf(item) }))
    .flatMap((entry) => {
      const day = calendarDay(entry.start, timeZone);
      return day === null ? [] : [{ ...entry, day }];
    })
    .sort((a, b) => a.start - b.start || a.index - b.index);
  const groups = new Map<string, T[]>();
  for (const entry of dated) {
    const group = groups.get(entry.day);
    if (group) group.push(entry.item);
    else groups.set(entry.day, [entry.item]);
  }
  return [...groups.keys()].sort().map((day) => ({ day, items: groups.get(day)! }));
}
