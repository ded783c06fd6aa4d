/**
 * ISO 8601 periods (`P1M`, `P1Y`, `P7D`, `P1W`, `P1Y6M`): parsing and calendar arithmetic in UTC.
 * Months and years clamp to the end of the month (31 Jan + P1M = 28/29 Feb).
 */

/** A parsed period: whole years, months and days (weeks count as 7 days). */
export interface Period {
  years: number;
  months: number;
  days: number;
}

const PERIOD = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?$/;

/** Parses a date-only ISO 8601 period; undefined for anything else or a zero period. */
export function parsePeriod(text: string | null | undefined): Period | undefined {
  if (!text) return undefined;
  const match = PERIOD.exec(text.trim().toUpperCase());
  if (!match || text.trim().toUpperCase() === 'P') return undefined;
  const [, y, m, w, d] = match;
  const period = { years: Number(y ?? 0), months: Number(m ?? 0), days: Number(w ?? 0) * 7 + Number(d ?? 0) };
  return period.years + period.months + period.days > 0 ? period : undefined;
}

/** `date` plus `times` × `period` (UTC, end-of-month clamped, time of day kept). */
export function addPeriod(date: Date, period: Period, times = 1): Date {
  const months = (period.years * 12 + period.months) * times;
  const result = new Date(date.getTime());
  if (months !== 0) {
    const day = result.getUTCDate();
    result.setUTCDate(1);
    result.setUTCMonth(result.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
    result.setUTCDate(Math.min(day, lastDay));
  }
  if (period.days !== 0) result.setUTCDate(result.getUTCDate() + period.days * times);
  return result;
}

/**
 * The first of `anchor + n × period` (n ≥ 1) that is after `now`: where an auto-renewing
 * licence whose renewal was due at `anchor` renews next. Returns `anchor` when it is already after `now`.
 */
export function nextRenewal(anchor: Date, period: Period, now: Date): Date {
  if (anchor.getTime() > now.getTime()) return anchor;
  // Estimate n from the average period length, then step to the exact one.
  const approxMs = ((period.years * 12 + period.months) * 30.44 + period.days) * 86_400_000;
  let n = Math.max(1, Math.floor((now.getTime() - anchor.getTime()) / approxMs) - 1);
  while (addPeriod(anchor, period, n).getTime() > now.getTime() && n > 1) n -= 1;
  while (addPeriod(anchor, period, n).getTime() <= now.getTime()) n += 1;
  return addPeriod(anchor, period, n);
}
