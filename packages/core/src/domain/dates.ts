/**
 * Date and time display: the spec's LL and L date formats, the player's time format, the
 * authoring locale, and strict reading of the platform's ISO 8601 timestamps. Every date is shown
 * in UTC, so the result never depends on the machine's time zone.
 * Implements commerce-and-account-data.md §9 ("Date formats", "Time format", "Authoring locale")
 * and identity-and-routes.md §9 ("Date display formats").
 */

/** Pattern of LL for en-gb (date-fns tokens): moment's `'Do MMM, YYYY'`, for example "22nd Nov, 2026". */
export const LL_FORMAT_EN_GB = 'do MMM, yyyy';
/** Pattern of LL for en and every other locale: moment's `'MMM Do, YYYY'`, "Nov 22nd, 2026". */
export const LL_FORMAT_DEFAULT = 'MMM do, yyyy';
/** Pattern of L: moment's `'DD/MM/YYYY'`, for example "22/11/2026". */
export const L_FORMAT = 'dd/MM/yyyy';

const normalizeTag = (locale: unknown): string =>
  typeof locale === 'string' ? locale.trim().replace(/_/g, '-').toLowerCase() : '';


/**
 * The month abbreviations (`MMM`) and day ordinals (`do`) of the display locales, as date-fns 4's
 * `en-US`/`en-GB`, `es`, `pt` and `ar` locales write them (a test checks every day against
 * date-fns). Written out rather than asked of `Intl.DateTimeFormat`, whose short months differ
 * by engine and ICU version (`sept`/`sep`, `nov.`).
 */
interface DateWords {
  months: readonly string[];
  ordinal: (day: number) => string;
}

const ENGLISH: DateWords = {
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ordinal: (day) => {
    const rem100 = day % 100;
    if (rem100 > 20 || rem100 < 10) {
      const rem10 = rem100 % 10;
      if (rem10 === 1) return `${day}st`;
      if (rem10 === 2) return `${day}nd`;
      if (rem10 === 3) return `${day}rd`;
    }
    return `${day}th`;
  },
};
const masculineOrdinal = (day: number): string => `${day}º`;
const SPANISH: DateWords = {
  months: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
  ordinal: masculineOrdinal,
};
const PORTUGUESE: DateWords = {
  months: ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'],
  ordinal: masculineOrdinal,
};
const ARABIC: DateWords = {
  months: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
  ordinal: String,
};

/** The words and the day-first choice of LL for a locale tag (en-gb is the one day-first locale). */
function displaySettings(locale: string): { words: DateWords; dayFirst: boolean } {
  const tag = normalizeTag(locale);
  if (tag === 'en-gb') return { words: ENGLISH, dayFirst: true };
  const language = tag.split('-')[0];
  const words = language === 'es' ? SPANISH : language === 'pt' ? PORTUGUESE : language === 'ar' ? ARABIC : ENGLISH;
  return { words, dayFirst: false };
}

/**
 * A local-time `Date` whose calendar day (year, month, day) is the UTC calendar day of `ms`, at
 * local noon; `null` when `ms` is not a finite time value (or that local noon is not one). Its
 * day fields give the UTC day on any machine, without a time-zone library.
 */
function utcCalendarDay(ms: number): Date | null {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return null;
  const utc = new Date(ms);
  if (Number.isNaN(utc.getTime())) return null;
  const local = new Date(2000, 0, 1, 12, 0, 0, 0);
  local.setFullYear(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
  return Number.isNaN(local.getTime()) ? null : local;
}

const pad2 = (value: number): string => String(value).padStart(2, '0');

/** `yyyy`: the year of the era (1 BC is 1), at least four digits. */
function eraYear(day: Date): string {
  const year = day.getFullYear();
  return String(year > 0 ? year : 1 - year).padStart(4, '0');
}

/** Memo of formatted days (an account's licences share few dates). */
const displayDates = new Map<string, Map<number, string>>();
const MAX_CACHED_LOCALES = 16;
const MAX_CACHED_DATES = 1024;
/** The texts of the locale used last (a page formats its dates in one locale). */
let lastDates: { locale: string; texts: Map<number, string> } | null = null;

/** The memo of display dates of `locale`, by UTC day number. */
function displayDatesOf(locale: string): Map<number, string> {
  if (lastDates !== null && lastDates.locale === locale) return lastDates.texts;
  let texts = displayDates.get(locale);
  if (texts === undefined) {
    if (displayDates.size >= MAX_CACHED_LOCALES) displayDates.clear();
    texts = new Map();
    displayDates.set(locale, texts);
  }
  lastDates = { locale, texts };
  return texts;
}

/**
 * The LL display date of a UTC instant.
 *
 * - `ms`: milliseconds since the Unix epoch; the UTC calendar day is shown.
 * - `locale`: a tag; `en-gb` uses `'do MMM, yyyy'` ("22nd Nov, 2026"); `en`, `en-us` and every
 *   other locale use `'MMM do, yyyy'` ("Nov 22nd, 2026"); `es`, `pt` and `ar` (any region) get
 *   their month names and ordinals ("nov 22º, 2026", "نوفمبر 22, 2026").
 * - Returns `''` for a non-finite or out-of-range `ms`. Never throws.
 * Implements commerce-and-account-data.md §9 and identity-and-routes.md §9 (LL).
 */
export function formatDisplayDate(ms: number, locale: string): string {
  // The memo's key is the day `new Date(ms)` shows: Date drops a fraction toward zero.
  const dayNumber = utcDayNumber(typeof ms === 'number' ? Math.trunc(ms) : ms);
  if (Number.isNaN(dayNumber)) return '';
  const texts = displayDatesOf(typeof locale === 'string' ? locale : '');
  const cached = texts.get(dayNumber);
  if (cached !== undefined) return cached;
  const day = utcCalendarDay(ms);
  if (day === null) return '';
  const { words, dayFirst } = displaySettings(locale);
  const month = words.months[day.getMonth()]!;
  const date = words.ordinal(day.getDate());
  const text = dayFirst ? `${date} ${month}, ${eraYear(day)}` : `${month} ${date}, ${eraYear(day)}`;
  if (texts.size >= MAX_CACHED_DATES) texts.clear();
  texts.set(dayNumber, text);
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
  return `${pad2(day.getDate())}/${pad2(day.getMonth() + 1)}/${eraYear(day)}`;
}

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

/** The two decimal digits of `text` at `at` and `at + 1` as a number (0–99), or -1 when either is not 0–9. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48; // NaN past the end
  const units = text.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : -1;
}

/** True when the character of `text` at `at` is 0–9. */
const isDigit = (text: string, at: number): boolean => {
  const code = text.charCodeAt(at);
  return code >= 48 && code <= 57;
};

const DASH = 45;
const COLON = 58;
const DOT = 46;
const PLUS = 43;
const T = 84;
const Z = 90;

/** Days from 1970-01-01 to the proleptic Gregorian date `year-month-day` (month 1–12). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Milliseconds since the Unix epoch of an ISO 8601 timestamp as the platform sends it: a
 * date-time with `Z` or an explicit offset (`2026-11-22T08:00:00Z`, `…T08:00:00.123456+01:00`;
 * seconds and fractions are optional, fractions of 1 to 9 digits, beyond milliseconds
 * truncated), or a date (`2026-11-22`, midnight UTC).
 * Anything else gives `null`: a date-time without a zone (JavaScript would read it in the
 * machine's zone), other formats, impossible dates or times (`2026-02-31`, `24:00`),
 * non-strings. Read character by character and computed field by field (the account page reads
 * several per licence), so it depends on neither a regular expression nor the engine's
 * `Date.parse`. Never throws.
 */
export function parseIsoTimestamp(value: unknown): number | null {
  if (typeof value !== 'string' || value.length < 10 || value.length > 35) return null;
  const century = twoDigits(value, 0);
  const yearOfCentury = twoDigits(value, 2);
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  if (century < 0 || yearOfCentury < 0 || month < 1 || month > 12 || day < 1) return null;
  if (value.charCodeAt(4) !== DASH || value.charCodeAt(7) !== DASH) return null;
  const year = century * 100 + yearOfCentury;
  if (day > (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!)) return null;
  const date = daysFromCivil(year, month, day) * 86_400_000;
  if (value.length === 10) return date;

  // THH:MM[:SS[.fraction]] then Z or ±HH:MM.
  const hour = twoDigits(value, 11);
  const minute = twoDigits(value, 14);
  if (value.charCodeAt(10) !== T || value.charCodeAt(13) !== COLON || hour < 0 || hour > 23 || minute < 0 || minute > 59) {
    return null;
  }
  let at = 16;
  let second = 0;
  let millis = 0;
  if (value.charCodeAt(at) === COLON) {
    second = twoDigits(value, at + 1);
    if (second < 0 || second > 59) return null;
    at += 3;
    if (value.charCodeAt(at) === DOT) {
      at += 1;
      const start = at;
      // Milliseconds from the first three digits (a shorter fraction is padded: .5 is 500 ms).
      for (let scale = 100; at < value.length && isDigit(value, at); at += 1, scale /= 10) {
        if (scale >= 1) millis += (value.charCodeAt(at) - 48) * scale;
      }
      if (at === start || at - start > 9) return null;
    }
  }
  const zone = value.charCodeAt(at);
  let offset = 0;
  if (zone === Z && at + 1 === value.length) {
    offset = 0;
  } else if ((zone === PLUS || zone === DASH) && at + 6 === value.length && value.charCodeAt(at + 3) === COLON) {
    const offsetHours = twoDigits(value, at + 1);
    const offsetMinutes = twoDigits(value, at + 4);
    if (offsetHours < 0 || offsetHours > 23 || offsetMinutes < 0 || offsetMinutes > 59) return null;
    offset = (zone === DASH ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  } else {
    return null;
  }
  return date + ((hour * 60 + minute) * 60 + second) * 1000 + millis - offset;
}

/** The number of the UTC calendar day of `ms` (days since 1970-01-01); NaN for a non-finite `ms`. */
export function utcDayNumber(ms: number): number {
  return typeof ms === 'number' && Number.isFinite(ms) ? Math.floor(ms / 86_400_000) : Number.NaN;
}
