/**
 * The three-part date input (year, month, day): what each part accepts, when focus moves on, the
 * value it emits and the order of its parts.
 * Implements identity-and-routes.md §3 "Date input value" and §5 "Date input".
 */

/** One part of the date input. */
export type DatePart = 'year' | 'month' | 'day';

/** The three parts as typed (digits only once cleaned; not zero-padded). */
export interface DateParts {
  year: string;
  month: string;
  day: string;
}

/** Longest value of each part, in digits. */
export const DATE_PART_MAX_DIGITS: Readonly<Record<DatePart, number>> = { year: 4, month: 2, day: 2 };
/** Largest number each part accepts. */
export const DATE_PART_MAX_VALUE: Readonly<Record<DatePart, number>> = { year: 9999, month: 12, day: 31 };

const DEFAULT_ORDER: readonly DatePart[] = ['year', 'month', 'day'];
const EMPTY: DateParts = { year: '', month: '', day: '' };

const isPart = (part: unknown): part is DatePart => part === 'year' || part === 'month' || part === 'day';

/**
 * Cleans what the user typed into one part: ASCII digits only (anything else dropped), then
 * digits are taken from the left while the part stays within its limits: year at most 4 digits;
 * month at most 2 digits and at most 12; day at most 2 digits and at most 31; a second leading
 * zero (`'00'`) is also refused for month and day, since no month or day is 0.
 *
 * Over-the-maximum handling: the keystroke is rejected, not clamped. Typing `1` then `3` in the
 * month gives `'13'` → `'1'` (the previous value), and a pasted `'45'` in the day gives `'4'`.
 * Clamping (`'13'` → `'12'`) was not chosen because it silently invents a date the user did not
 * type. An unknown `part` or non-string `raw` gives ''. Idempotent. Never throws.
 * Implements identity-and-routes.md §5 "Date input".
 */
export function cleanDatePart(part: DatePart, raw: string): string {
  if (!isPart(part) || typeof raw !== 'string') return '';
  const digits = raw.replace(/[^0-9]/g, '');
  let kept = '';
  for (const digit of digits) {
    if (kept.length >= DATE_PART_MAX_DIGITS[part]) break;
    const next = kept + digit;
    if (Number(next) > DATE_PART_MAX_VALUE[part]) break;
    if (part !== 'year' && next === '00') break;
    kept = next;
  }
  return kept;
}

/**
 * True when the part can take no further digit, so focus advances to the next part: its
 * maximum digit count is reached (year 4, month 2, day 2), or no digit appended would be kept
 * by {@link cleanDatePart} (month `'2'`–`'9'`, day `'4'`–`'9'`). Empty → false. The value is
 * cleaned first. Never throws. Implements identity-and-routes.md §5 "Focus advances when a part is full".
 */
export function isPartFull(part: DatePart, value: string): boolean {
  const clean = cleanDatePart(part, value);
  if (clean === '') return false;
  if (clean.length >= DATE_PART_MAX_DIGITS[part]) return true;
  for (let d = 0; d <= 9; d += 1) if (cleanDatePart(part, clean + String(d)).length > clean.length) return false;
  return true;
}

/**
 * The value the date input emits: `YYYY-MM-DD`, each part zero-padded (year to 4, month and
 * day to 2 digits), only when all three cleaned parts are present and non-zero (a year, month or
 * day of 0 counts as absent); otherwise ''. A short year is padded as the spec says
 * (`'95'` → `'0095'`). The month's day count is not checked (`2023-02-31` is emitted; the
 * platform validates the date). Each part goes through {@link cleanDatePart} first, so any
 * strings are accepted. Never throws. Implements identity-and-routes.md §5 "A value is emitted
 * only when all three parts are present".
 */
export function dateInputValue(parts: DateParts): string {
  const source: Partial<DateParts> = parts !== null && typeof parts === 'object' ? parts : {};
  const year = cleanDatePart('year', source.year ?? '');
  const month = cleanDatePart('month', source.month ?? '');
  const day = cleanDatePart('day', source.day ?? '');
  if (year === '' || month === '' || day === '') return '';
  if (Number(year) === 0 || Number(month) === 0 || Number(day) === 0) return '';
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * The parts of a stored value, for filling the input: `'2024-05-09'` → `{ year: '2024', month:
 * '05', day: '09' }`. A time after the date (`'2024-05-09T10:00:00Z'`) is ignored. Anything
 * that {@link dateInputValue} would not emit (wrong shape, month outside 01–12, day outside
 * 01–31, year 0000) gives three empty parts. `dateInputValue(parseDateInputValue(v)) === v`
 * for every emitted `v`. Never throws.
 */
export function parseDateInputValue(value: string): DateParts {
  if (typeof value !== 'string') return { ...EMPTY };
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/s.exec(value.trim());
  if (match === null) return { ...EMPTY };
  const [, year = '', month = '', day = ''] = match;
  const parts = { year, month, day };
  return dateInputValue(parts) === `${year}-${month}-${day}` ? parts : { ...EMPTY };
}

/**
 * The order of the parts from the locale's short date format: `'yyyy/mm/dd'` → year, month,
 * day; `'mm/dd/yyyy'` → month, day, year; `'dd/mm/yyyy'` → day, month, year. Letters are read
 * case-insensitively and any separator or letter count works (`'M/d/yy'`, `'dd.MM.yyyy'`): the
 * order is that of the first `y`, `m` and `d`. Missing, incomplete or any other order (such as
 * `'yyyy/dd/mm'`, which the spec does not list) → the default, year first. Never throws.
 * Implements identity-and-routes.md §5 "Field order follows the locale short date format".
 */
export function dateFieldOrder(shortDateFormat: string | undefined): DatePart[] {
  if (typeof shortDateFormat !== 'string') return [...DEFAULT_ORDER];
  const format = shortDateFormat.toLowerCase();
  const found: [DatePart, number][] = [
    ['year', format.indexOf('y')],
    ['month', format.indexOf('m')],
    ['day', format.indexOf('d')],
  ];
  if (found.some(([, index]) => index < 0)) return [...DEFAULT_ORDER];
  const order = found.sort((a, b) => a[1] - b[1]).map(([part]) => part);
  const key = order.join(',');
  const listed = ['year,month,day', 'month,day,year', 'day,month,year'];
  return listed.includes(key) ? order : [...DEFAULT_ORDER];
}
