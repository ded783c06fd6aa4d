import { calendarDay } from '@stream/core/domain';

const DAY_MS = 86_400_000;

/** The calendar day `n` days after `day` (`YYYY-MM-DD`), by calendar arithmetic (no time zone, no DST). */
export function addDays(day: string, n: number): string {
  const ms = Date.parse(`${day}T00:00:00Z`) + n * DAY_MS;
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The `count` calendar days from the day of `nowMs` in `timeZone` (`YYYY-MM-DD`, today first),
 * the schedule's day picker (SCHEDULE: the coming two weeks). Empty for an instant that is not finite.
 */
export function comingDays(nowMs: number, timeZone: string, count: number): string[] {
  const today = calendarDay(nowMs, timeZone);
  return today === null ? [] : Array.from({ length: Math.max(0, count) }, (_, i) => addDays(today, i));
}
