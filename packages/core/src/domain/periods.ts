/**
 * ISO 8601 periods of licences: trial duration and the billing period codes with their wording.
 * Implements commerce-and-account-data.md §5 "Trial duration" and §9 "Period codes".
 */

/** The billing period codes the product knows (§9), shortest first. `P7D` and `P1W` both mean a week. */
export const PERIOD_CODES = ['P1D', 'P7D', 'P1W', 'P14D', 'P1M', 'P2M', 'P3M', 'P6M', 'P1Y', 'P2Y'] as const;
export type PeriodCode = (typeof PERIOD_CODES)[number];

/** Renewal wording of a period (§4 "by period (daily, weekly, monthly, yearly wording)"). */
export type PeriodWording = 'daily' | 'weekly' | 'monthly' | 'yearly';

/** Message keys of "per period" price suffixes, for example `perMonth` → "/ month". */
export const PERIOD_LABEL_KEYS = [
  'perDay',
  'perWeek',
  'perTwoWeeks',
  'perMonth',
  'perTwoMonths',
  'perThreeMonths',
  'perSixMonths',
  'perYear',
  'perTwoYears',
] as const;
export type PeriodLabelKey = (typeof PERIOD_LABEL_KEYS)[number];

const WORDING: ReadonlyMap<string, PeriodWording> = new Map<string, PeriodWording>([
  ['P1D', 'daily'],
  ['P7D', 'weekly'],
  ['P1W', 'weekly'],
  ['P1M', 'monthly'],
  ['P1Y', 'yearly'],
]);

const LABEL_KEYS: ReadonlyMap<string, PeriodLabelKey> = new Map<string, PeriodLabelKey>([
  ['P1D', 'perDay'],
  ['P7D', 'perWeek'],
  ['P1W', 'perWeek'],
  ['P14D', 'perTwoWeeks'],
  ['P1M', 'perMonth'],
  ['P2M', 'perTwoMonths'],
  ['P3M', 'perThreeMonths'],
  ['P6M', 'perSixMonths'],
  ['P1Y', 'perYear'],
  ['P2Y', 'perTwoYears'],
]);

/** True when `value` is one of {@link PERIOD_CODES} (exact spelling). */
export function isPeriodCode(value: unknown): value is PeriodCode {
  return typeof value === 'string' && LABEL_KEYS.has(value);
}

/**
 * The trial length in days of an ISO 8601 period: the value without its `P` and `D` must be a
 * positive integer (decimal digits only). `'P7D'` → 7, `'P30D'` → 30. Anything else gives
 * `null` (no trial): other units (`'P1M'`, `'P1W'`), zero (`'P0D'`), fractions (`'P7.5D'`),
 * signs, spaces, `''`, non-strings, values beyond `Number.MAX_SAFE_INTEGER`. Never throws.
 * Implements commerce-and-account-data.md §5 "Trial duration is read from an ISO period by
 * stripping P and D and must parse to a positive integer".
 */
export function trialDays(period: unknown): number | null {
  if (typeof period !== 'string') return null;
  const match = /^P(\d{1,16})D$/.exec(period);
  if (match === null) return null;
  const days = Number(match[1]);
  return Number.isSafeInteger(days) && days > 0 ? days : null;
}

/**
 * The renewal wording of a billing period: `P1D` daily, `P7D`/`P1W` weekly, `P1M` monthly,
 * `P1Y` yearly; `null` for every other period (`P14D`, `P3M`, `P2Y`, unknown), which the
 * renewal label shows as a date instead. Implements commerce-and-account-data.md §4 and §9.
 */
export function periodWording(period: string): PeriodWording | null {
  return typeof period === 'string' ? (WORDING.get(period) ?? null) : null;
}

/**
 * The message key of the "per period" price suffix of a period code (§9): `P1D` perDay,
 * `P7D`/`P1W` perWeek, `P14D` perTwoWeeks, `P1M` perMonth, `P2M` perTwoMonths, `P3M`
 * perThreeMonths, `P6M` perSixMonths, `P1Y` perYear, `P2Y` perTwoYears; `null` otherwise.
 */
export function periodLabelKey(period: string): PeriodLabelKey | null {
  return typeof period === 'string' ? (LABEL_KEYS.get(period) ?? null) : null;
}
