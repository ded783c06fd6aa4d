/**
 * Catalogue time: offsets from the catalogue anchor (`anchor.ts`) as instants, live-event states
 * on the sandbox clock, and the bounds of a calendar day in a time zone.
 */
import type { EventState } from '@stream/core/contracts';

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** The instant `offsetMinutes` after the anchor. */
export const atOffset = (anchorMs: number, offsetMinutes: number): number => anchorMs + offsetMinutes * MINUTE_MS;

/** Minutes from the anchor to `ms` (fractional). */
export const minutesFrom = (anchorMs: number, ms: number): number => (ms - anchorMs) / MINUTE_MS;

/**
 * A live event's state at `nowMs`: `UPCOMING` before its start, `LIVE` from its start until its
 * end (excluded), `ENDED` from its end.
 */
export function eventState(startMs: number, endMs: number, nowMs: number): EventState {
  if (nowMs < startMs) return 'UPCOMING';
  return nowMs < endMs ? 'LIVE' : 'ENDED';
}

/** The offset (ms) of `timeZone` from UTC at `instantMs`: local wall time minus UTC. */
function zoneOffsetMs(timeZone: string, instantMs: number): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = Object.fromEntries(format.formatToParts(new Date(instantMs)).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/** The instant of local midnight starting the calendar day `y-m-d` in `timeZone` (the day's first instant if midnight is skipped). */
function zonedMidnight(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - zoneOffsetMs(timeZone, wall);
  return wall - zoneOffsetMs(timeZone, first);
}

/**
 * The instants `[from, to)` of the calendar day `date` (`YYYY-MM-DD`, a real date) in `timeZone`
 * (an IANA name the runtime knows): from its local midnight to the next day's; 23 to 25 hours on
 * the days clocks change.
 */
export function zonedDayBounds(date: string, timeZone: string): { fromMs: number; toMs: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return {
    fromMs: zonedMidnight(year, month, day, timeZone),
    toMs: zonedMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
  };
}
