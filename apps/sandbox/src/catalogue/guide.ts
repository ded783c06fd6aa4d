/**
 * The programme guide's week: each channel's programmes are one week that repeats (the
 * `programmes` table, `seed/channels.ts`), laid over any window of real time here, so the guide
 * never runs out. The week starts on Monday 00:00 UTC.
 */
import { MINUTE_MS, DAY_MS } from './time.js';

/** A Monday 00:00 UTC: the weeks of the cycle start from it. */
export const WEEK_EPOCH_MS = Date.UTC(1970, 0, 5);
export const WEEK_MS = 7 * DAY_MS;

/** A programme of the weekly cycle: when it starts in the week (minutes from Monday 00:00 UTC) and how long it lasts. */
export interface WeeklyProgramme {
  id: string;
  weekOffsetMinutes: number;
  durationMinutes: number;
}

/** One showing of a programme: the programme, the showing's id (`<programme id>-<week number>`), start and end. */
export interface Showing<P extends WeeklyProgramme> {
  programme: P;
  id: string;
  startMs: number;
  endMs: number;
}

/**
 * The showings of `programmes` that overlap `[fromMs, toMs)`, by start time. A week that covers
 * its seven days without gaps or overlaps gives showings without gaps or overlaps over any window.
 */
export function showings<P extends WeeklyProgramme>(programmes: readonly P[], fromMs: number, toMs: number): Showing<P>[] {
  const out: Showing<P>[] = [];
  if (!(toMs > fromMs)) return out;
  const firstWeek = Math.floor((fromMs - WEEK_EPOCH_MS) / WEEK_MS) - 1;
  const lastWeek = Math.floor((toMs - WEEK_EPOCH_MS) / WEEK_MS);
  for (let week = firstWeek; week <= lastWeek; week += 1) {
    const weekStart = WEEK_EPOCH_MS + week * WEEK_MS;
    for (const programme of programmes) {
      const startMs = weekStart + programme.weekOffsetMinutes * MINUTE_MS;
      const endMs = startMs + programme.durationMinutes * MINUTE_MS;
      if (endMs > fromMs && startMs < toMs) out.push({ programme, id: `${programme.id}-${week}`, startMs, endMs });
    }
  }
  return out.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
}
