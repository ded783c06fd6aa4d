/**
 * Money: display value, locale formatting and the price choice of a licence.
 * Implements commerce-and-account-data.md §3 "Money".
 */
import type { LicenceAmount, Money } from '../contracts/licences.js';

/** Currency shown when a licence has no amounts at all. */
export const FALLBACK_CURRENCY = 'GBP';
/** Scale of the zero price chosen when a licence has no local or default amount. */
export const ZERO_PRICE_SCALE = 2;
/** Largest scale honoured; larger (and negative or fractional) scales are clamped into 0..20. */
const MAX_SCALE = 20;

const isRecord = <T>(value: T): value is T & object => typeof value === 'object' && value !== null;

/** `scale` as an integer in 0..20: non-numbers and negatives → 0, fractions floored, above 20 → 20. */
function normalScale(scale: unknown): number {
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale < 0) return 0;
  return Math.min(Math.floor(scale), MAX_SCALE);
}

/** `amount` as an integer number of minor units; non-finite → 0, fractions rounded. */
function normalAmount(amount: unknown): number {
  return typeof amount === 'number' && Number.isFinite(amount) ? Math.round(amount) : 0;
}

/**
 * The display value of an amount in minor units: `amount / 10^scale` (`{ amount: 1299, scale: 2 }`
 * → 12.99; scale 0 → the amount itself). A non-finite amount counts as 0; `scale` is clamped to
 * an integer in 0..20. For |amount| ≤ 2^53 / 10^scale, `Math.round(value * 10^scale) === amount`.
 * Never throws. Implements commerce-and-account-data.md §3 "Money" (display value).
 */
export function displayAmount(money: { amount: number; scale: number }): number {
  if (!isRecord(money)) return 0;
  return normalAmount(money.amount) / 10 ** normalScale(money.scale);
}

/** The exact decimal text of `amount / 10^scale` with `scale` decimals, from the integer's digits. */
export function decimalText(amount: number, scale: number): string {
  const minor = normalAmount(amount);
  const digits = normalScale(scale);
  const sign = minor < 0 ? '-' : '';
  const text = BigInt(Math.abs(minor)).toString().padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A currency formatter and the texts it has made, by amount (an account shows the same prices again and again). */
interface CachedFormatter {
  format: Intl.NumberFormat;
  texts: Map<number, string>;
}
const formatters = new Map<string, CachedFormatter>();
const MAX_CACHED_FORMATTERS = 64;
const MAX_CACHED_TEXTS = 1024;
/** The formatter used last, with its key parts: a list of prices mostly repeats one locale and currency. */
let last: { locale: string; currency: string; scale: number; formatter: CachedFormatter } | null = null;

/** A cached currency formatter (building one costs far more than formatting with it). Throws on bad input. */
function currencyFormatter(locale: string, currency: string, scale: number): CachedFormatter {
  if (last !== null && last.locale === locale && last.currency === currency && last.scale === scale) return last.formatter;
  const key = `${locale}\u0000${currency}\u0000${scale}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: scale,
      maximumFractionDigits: scale,
    });
    if (formatters.size >= MAX_CACHED_FORMATTERS) formatters.clear();
    formatter = { format, texts: new Map() };
    formatters.set(key, formatter);
  }
  last = { locale, currency, scale, formatter };
  return formatter;
}

/**
 * Money formatted for a locale: `Intl.NumberFormat` in currency style with exactly `scale`
 * fraction digits (`{ amount: 1299, scale: 2, currency: 'GBP' }`, `'en-GB'` → "£12.99";
 * `{ amount: 1299, scale: 0, currency: 'JPY' }` → "¥1,299"). When Intl refuses the locale or the
 * currency code (malformed tag, currency not three letters), falls back to
 * `"<value with scale decimals> <currency>"` ("12.99 XX"). Formatters and their texts are
 * cached (formatting is deterministic). Never throws.
 * Implements commerce-and-account-data.md §3 "Money" (shown with scale decimals).
 */
export function formatMoney(money: Money, locale: string): string {
  if (!isRecord(money)) return '';
  const scale = normalScale(money.scale);
  const amount = normalAmount(money.amount);
  const currency = typeof money.currency === 'string' ? money.currency : '';
  try {
    const formatter = currencyFormatter(typeof locale === 'string' ? locale : 'en', currency, scale);
    // -0 is its own text ("-£0.00") but the same Map key as 0: never cached.
    if (Object.is(amount, -0)) return formatter.format.format(amount);
    let text = formatter.texts.get(amount);
    if (text === undefined) {
      text = formatter.format.format(amount / 10 ** scale);
      if (formatter.texts.size >= MAX_CACHED_TEXTS) formatter.texts.clear();
      formatter.texts.set(amount, text);
    }
    return text;
  } catch {
    const value = decimalText(amount, scale);
    return currency === '' ? value : `${value} ${currency}`;
  }
}

/** The `{ amount, scale, currency }` of a licence amount, without its other fields. */
function toMoney(amount: LicenceAmount): Money {
  return {
    amount: normalAmount(amount.amount),
    scale: normalScale(amount.scale),
    currency: typeof amount.currency === 'string' ? amount.currency : FALLBACK_CURRENCY,
  };
}

/**
 * The price of a licence from its `amounts` (§3 "A price picks the local amount, else the default
 * amount, else zero"): the first amount flagged `local`, else the first flagged `default`, else
 * zero `{ amount: 0, scale: 2, currency }` in the first amount's currency ('GBP' when there is
 * none). Returns plain `Money` (no sku or period amounts). Entries that are not objects are
 * skipped; `undefined` or a non-array gives the 'GBP' zero. Never throws.
 * Implements commerce-and-account-data.md §3 "Money".
 */
export function choosePrice(amounts: readonly LicenceAmount[] | undefined): Money {
  let first: LicenceAmount | undefined;
  let fallback: LicenceAmount | undefined;
  if (Array.isArray(amounts)) {
    // One pass, no copies: the account page picks a price for every licence.
    for (const amount of amounts) {
      if (!isRecord(amount)) continue;
      if (amount.local === true) return toMoney(amount);
      first ??= amount;
      if (fallback === undefined && amount.default === true) fallback = amount;
    }
  }
  if (fallback !== undefined) return toMoney(fallback);
  const currency = first !== undefined && typeof first.currency === 'string' ? first.currency : FALLBACK_CURRENCY;
  return { amount: 0, scale: ZERO_PRICE_SCALE, currency };
}

/**
 * The amount (minor units, in `amount`'s currency and scale) of one billing period, from
 * `amount.periodAmounts`: `period` is an ISO 8601 period such as `'P1Y'`, matched exactly; the
 * first match wins. `null` when the period is not listed. Never throws.
 * Implements commerce-and-account-data.md §3 "amounts … periodAmounts per period".
 */
export function periodAmount(amount: LicenceAmount, period: string): number | null {
  if (!isRecord(amount) || !Array.isArray(amount.periodAmounts)) return null;
  for (const entry of amount.periodAmounts) {
    if (isRecord(entry) && entry.period === period && typeof entry.amount === 'number' && Number.isFinite(entry.amount)) {
      return entry.amount;
    }
  }
  return null;
}

/** The ISO 3166-1 alpha-2 country an amount is the local price of (this project's `country` field), upper case, or null. */
function amountCountry(amount: LicenceAmount): string | null {
  const country = (amount as { country?: unknown }).country;
  return typeof country === 'string' && /^[A-Za-z]{2}$/.test(country.trim()) ? country.trim().toUpperCase() : null;
}

/**
 * The licence's amounts as the caller in `country` sees them (§3 "A price picks the local amount"):
 * when one amount carries `country` equal to the caller's (ISO 3166-1 alpha-2, any case; this
 * project's field, docs/api.md "Currency"), that first one is the only `local` amount (every other
 * amount's `local` becomes false); when none does, the amounts are answered as given (the realm's
 * own `local` flag stands). Entries are copied, never mutated; non-objects are dropped.
 * `choosePrice(localAmounts(amounts, country))` is then the caller's price. Never throws.
 * Implements commerce-and-account-data.md §3 "Money" (the local amount).
 */
export function localAmounts(amounts: readonly LicenceAmount[] | undefined, country: string): LicenceAmount[] {
  const list = Array.isArray(amounts) ? amounts.filter(isRecord) : [];
  const wanted = typeof country === 'string' ? country.trim().toUpperCase() : '';
  const index = wanted === '' ? -1 : list.findIndex((amount) => amountCountry(amount) === wanted);
  if (index < 0) return list.map((amount) => ({ ...amount }));
  return list.map((amount, i) => ({ ...amount, local: i === index }));
}
