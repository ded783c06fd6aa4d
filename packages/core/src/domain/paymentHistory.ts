/**
 * One row of the account's payment history.
 * Implements commerce-and-account-data.md §3 "Payment history item".
 */
import { formatDisplayDate, parseIsoTimestamp } from './dates.js';
import { formatMoney } from './money.js';

/** The status, compared in lower case, whose payments have a receipt (§3: "a pdf link only when status is succeeded"). */
export const RECEIPT_STATUS = 'succeeded';

/** Money as the platform sends it: `amount` in minor units, shown with `scale` decimals. */
export interface MoneyLike {
  amount?: number;
  scale?: number;
  currency?: string;
}

/** The fields of a payment history item read by {@link paymentHistoryRow} (§3). */
export interface PaymentHistoryItemLike {
  skuLicence?: { licenceName?: string | null; price?: MoneyLike | null } | null;
  /** When the payment happened: an ISO 8601 timestamp with a zone (or a date), or epoch milliseconds. */
  when?: string | number | null;
  id?: string | number | null;
  status?: string | null;
  /** The payment processor's id of the payment (the transaction details). */
  externalPaymentId?: string | null;
}

/** A payment history row ready to render. */
export interface PaymentHistoryRow {
  /** The item's id (`''` when missing); receipts are fetched by it. */
  id: string;
  /** The licence name (`''` when missing). */
  name: string;
  /** The LL display date of `when` in UTC (`''` when missing or unreadable). */
  date: string;
  /** The price paid, formatted for the locale ("£12.99"); `''` without a usable price. */
  description: string;
  /** The transaction details: the processor's payment id (`''` when missing). */
  transactionId: string;
  /** The status in upper case (`'SUCCEEDED'`); `''` when missing. */
  status: string;
  /** Whether to show the pdf receipt link: status is succeeded (any case) and there is an id. */
  pdfAvailable: boolean;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function price(money: unknown, locale: string): string {
  if (!isRecord(money)) return '';
  const { amount, scale, currency } = money;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  return formatMoney(
    { amount, scale: typeof scale === 'number' ? scale : 0, currency: typeof currency === 'string' ? currency : '' },
    locale,
  );
}

function when(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return parseIsoTimestamp(value);
}

/**
 * What the payment history shows for one item.
 *
 * - `item`: a payment history item (§3); missing or ill-typed fields give `''`.
 * - `locale`: a tag for the date (`formatDisplayDate`: `'en-gb'` → "22nd Nov, 2026") and the
 *   price (`formatMoney`).
 * - `status` is upper-cased (`'succeeded'` → `'SUCCEEDED'`); `pdfAvailable` is true only when
 *   the trimmed status is `succeeded` in any case and `id` is not empty (a receipt link needs
 *   the id). `description` is the formatted `skuLicence.price`; `transactionId` is
 *   `externalPaymentId`.
 * - Never throws (a non-object item, or one whose getters throw, gives an empty row).
 * Implements commerce-and-account-data.md §3 "Payment history item" (name, date, description,
 * transaction details, status in upper case, a pdf link only when status is succeeded).
 */
export function paymentHistoryRow(item: PaymentHistoryItemLike, locale: string): PaymentHistoryRow {
  try {
    const record: Record<string, unknown> = isRecord(item) ? item : {};
    const licence = isRecord(record.skuLicence) ? record.skuLicence : {};
    const rawStatus = text(record.status).trim();
    const id = text(record.id);
    const ms = when(record.when);
    return {
      id,
      name: text(licence.licenceName),
      date: ms === null ? '' : formatDisplayDate(ms, locale),
      description: price(licence.price, locale),
      transactionId: text(record.externalPaymentId),
      status: rawStatus.toUpperCase(),
      pdfAvailable: paymentSucceeded(rawStatus) && id !== '',
    };
  } catch {
    return { id: '', name: '', date: '', description: '', transactionId: '', status: '', pdfAvailable: false };
  }
}

/** Whether a payment's `status` says it went through (`succeeded`, any case). Never throws. */
export function paymentSucceeded(status: unknown): boolean {
  return typeof status === 'string' && status.trim().toLowerCase() === RECEIPT_STATUS;
}

/** One refund of a payment, ready to render (issue 18: a cancelled gift is refunded). */
export interface PaymentRefundRow {
  /** The amount refunded, formatted for the locale ("£38.97"); `''` without a usable amount. */
  amount: string;
  /** The LL display date of `refundedAt` (`''` when missing or unreadable). */
  date: string;
}

/**
 * The refunds of a payment history item: its `refunds` (`[{ amount, scale, currency, refundedAt }]`,
 * this platform's shape; docs/api.md "Gifts"), each formatted in `locale`, oldest first as sent.
 * Entries that are not objects, or have neither a usable amount nor a date, are left out; an item
 * without `refunds` gives `[]`. Never throws.
 */
export function paymentRefundRows(item: unknown, locale: string): PaymentRefundRow[] {
  try {
    const refunds = isRecord(item) ? item.refunds : undefined;
    if (!Array.isArray(refunds)) return [];
    return refunds.flatMap((refund: unknown) => {
      if (!isRecord(refund)) return [];
      const ms = when(refund.refundedAt);
      const row = { amount: price(refund, locale), date: ms === null ? '' : formatDisplayDate(ms, locale) };
      return row.amount === '' && row.date === '' ? [] : [row];
    });
  } catch {
    return [];
  }
}
