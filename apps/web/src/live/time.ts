import { useEffect, useState } from 'react';

/** The viewer's IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`), `UTC` when the runtime has none. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A memoised formatter; an unknown language falls back to the runtime's. */
function format(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let formatter = formats.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(language, options);
    } catch {
      formatter = new Intl.DateTimeFormat(undefined, options);
    }
    formats.set(key, formatter);
  }
  return formatter;
}

/** `ms` (epoch milliseconds) as a date and time in the viewer's language and time zone (`Thu, 26 Nov, 19:00`). */
export function formatDateTime(ms: number, language: string): string {
  return Number.isFinite(ms) ? format(language, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(ms) : '';
}

/** `ms` as a time of day (`19:00`) in the viewer's language and time zone. */
export function formatTime(ms: number, language: string): string {
  return Number.isFinite(ms) ? format(language, { hour: '2-digit', minute: '2-digit' }).format(ms) : '';
}

/**
 * A calendar day `YYYY-MM-DD` as the day picker shows it (`Thu 26 Nov`), formatted at noon UTC
 * of that day in UTC so that the zone never moves it to the day before.
 */
export function formatDay(day: string, language: string): string {
  const ms = Date.parse(`${day}T12:00:00Z`);
  return Number.isFinite(ms) ? format(language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(ms) : day;
}

/** An ISO 8601 date-time as epoch milliseconds; NaN when absent or invalid. */
export function isoMs(iso: string | undefined): number {
  return iso ? Date.parse(iso) : Number.NaN;
}

/** The browser's clock, read again every `stepMs` milliseconds (a countdown's second, the guide's "now" line). */
export function useNow(stepMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return now;
}
