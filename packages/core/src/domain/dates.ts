/**
 * Date and time display: the spec's LL and L date formats, the player's time format, the
 * authoring locale, and strict reading of the platform's ISO 8601 timestamps. Every date is shown
 * in UTC, so the result never depends on the machine's time zone.
 * Implements commerce-and-account-data.md §9 ("Date formats", "Time format", "Authoring locale")
 * and identity-and-routes.md §9 ("Date display formats").
 */
import { format } from 'date-fns';
import { ar } from 'date-fns/locale/ar';
import { enGB } from 'date-fns/locale/en-GB';
import { es } from 'date-fns/locale/es';
import { pt } from 'date-fns/locale/pt';
import type { Locale } from 'date-fns';

/** date-fns pattern of LL for en-gb: moment's `'Do MMM, YYYY'`, for example "22nd Nov, 2026". */
export const LL_FORMAT_EN_GB = 'do MMM, yyyy';
/** date-fns pattern of LL for en and every other locale: moment's `'MMM Do, YYYY'`, "Nov 22nd, 2026". */
export const LL_FORMAT_DEFAULT = 'MMM do, yyyy';
/** date-fns pattern of L: moment's `'DD/MM/YYYY'`, for example "22/11/2026". */
export const L_FORMAT = 'dd/MM/yyyy';

const normalizeTag = (locale: unknown): string =>
  typeof locale === 'string' ? locale.trim().replace(/_/g, '-').toLowerCase() : '';

/**
 * The locale the texts were authored in: `en-us` (any case, `-` or `_`) → `'en'`; any other
 * string is returned unchanged; a non-string gives `''`. Never throws.
 * Implements commerce-and-account-data.md §9 "Authoring locale en-us maps to en".
 */
export function authoringLocale(locale: string): string {
  if (typeof locale !== 'string') return '';
  return normalizeTag(locale) === 'en-us' ? 'en' : locale;
}

/** The date-fns locale (month names, ordinals) and LL pattern for a locale tag. */
function displaySettings(locale: string): { pattern: string; dateLocale: Locale | undefined } {
  const tag = normalizeTag(locale);
  if (tag === 'en-gb') return { pattern: LL_FORMAT_EN_GB, dateLocale: enGB };
  const language = tag.split('-')[0];
  const dateLocale = language === 'es' ? es : language === 'pt' ? pt : language === 'ar' ? ar : undefined;
  return { pattern: LL_FORMAT_DEFAULT, dateLocale };
}

/**
 * A local-time `Date` whose calendar day (year, month, day) is the UTC calendar day of `ms`, at
 * local noon; `null` when `ms` is not a finite time value. Formatting only day fields of it
 * gives the UTC day on any machine, without a time-zone library (date-fns 4 would need
 * `@date-fns/utc`, which this package does not ship).
 */
function utcCalendarDay(ms: number): Date | null {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return null;
  const utc = new Date(ms);
  if (Number.isNaN(utc.getTime())) return null;
  const local = new Date(2000, 0, 1, 12, 0, 0, 0);
  local.setFullYear(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
  return Number.isNaN(local.getTime()) ? null : local;
}

/** Memo of formatted days (an account's licences share few dates; date-fns `format` costs ~10 µs). */
const displayDates = new Map<string, string>();
const MAX_CACHED_DATES = 1024;

/**
 * The LL display date of a UTC instant.
 *
 * - `ms`: milliseconds since the Unix epoch; the UTC calendar day is shown.
 * - `locale`: a tag; `en-gb` uses `'do MMM, yyyy'` ("22nd Nov, 2026"); `en`, `en-us` and every
 *   other locale use `'MMM do, yyyy'` ("Nov 22nd, 2026"); `es`, `pt` and `ar` (any region) get
 *   their month names and ordinals from date-fns.
 * - Returns `''` for a non-finite or out-of-range `ms`. Never throws.
 * Implements commerce-and-account-data.md §9 and identity-and-routes.md §9 (LL).
 */
export function formatDisplayDate(ms: number, locale: string): string {
  const dayNumber = utcDayNumber(ms);
  if (Number.isNaN(dayNumber)) return '';
  const key = `${dayNumber}\u0000${typeof locale === 'string' ? locale : ''}`;
  const cached = displayDates.get(key);
  if (cached !== undefined) return cached;
  const day = utcCalendarDay(ms);
  if (day === null) return '';
  const { pattern, dateLocale } = displaySettings(locale);
  let text: string;
  try {
    text = dateLocale === undefined ? format(day, pattern) : format(day, pattern, { locale: dateLocale });
  } catch {
    text = '';
  }
  if (displayDates.size >= MAX_CACHED_DATES) displayDates.clear();
  displayDates.set(key, text);
  return text;
}

/**
 * The L short date (`dd/MM/yyyy`, "22/11/2026") of the UTC calendar day of `ms` (milliseconds);
 * `''` for a non-finite or out-of-range value. Never throws.
 * Implements commerce-and-account-data.md §9 and identity-and-routes.md §9 (L = DD/MM/YYYY).
 */
export function formatShortDate(ms: number): string {
  const day = utcCalendarDay(ms);
  if (day === null) return '';
  try {
    return format(day, L_FORMAT);
  } catch {
    return '';
  }
}

const pad2 = (value: number): string => String(value).padStart(2, '0');

/**
 * A duration for the player: `HH:mm:ss` from one hour up ("01:02:03", "123:00:00"), `mm:ss`
 * below ("02:03"). `seconds` is floored; negative, NaN or infinite values give `'00:00'`.
 * Implements commerce-and-account-data.md §9 and identity-and-routes.md §9 (time format).
 */
export function formatDuration(seconds: number): string {
  const total = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0 ? `${pad2(hours)}:${pad2(minutes)}:${pad2(rest)}` : `${pad2(minutes)}:${pad2(rest)}`;
}

const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2})))?$/;

/**
 * Milliseconds since the Unix epoch of an ISO 8601 timestamp as the platform sends it: a
 * date-time with `Z` or an explicit offset (`2026-11-22T08:00:00Z`, `…T08:00:00.123456+01:00`;
 * fractions beyond milliseconds are truncated), or a date (`2026-11-22`, midnight UTC).
 * Anything else gives `null`: a date-time without a zone (JavaScript would read it in the
 * machine's zone), other formats, impossible dates or times (`2026-02-31`, `24:00`),
 * non-strings. Computed field by field, so it does not depend on the engine's `Date.parse`.
 * Never throws.
 */
export function parseIsoTimestamp(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = ISO_TIMESTAMP.exec(value);
  if (match === null) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', , sign, oh = '0', om = '0'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const offsetHours = Number(oh);
  const offsetMinutes = Number(om);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCDate() !== day) return null;
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const offset = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  const ms = date.getTime() + ((hour * 60 + minute) * 60 + second) * 1000 + millis - (sign === undefined ? 0 : offset);
  return Number.isFinite(ms) ? ms : null;
}

/** The number of the UTC calendar day of `ms` (days since 1970-01-01); NaN for a non-finite `ms`. */
export function utcDayNumber(ms: number): number {
  return typeof ms === 'number' && Number.isFinite(ms) ? Math.floor(ms / 86_400_000) : Number.NaN;
}
