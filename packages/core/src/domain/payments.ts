/**
 * Payment rules: what a payment needs before it is sent, zero balance, and which payment
 * providers send the payer away to approve.
 * Implements commerce-and-account-data.md §4 ("Redirecting payment providers") and §5.
 */

/** Message key of a payment missing its details (§5, §8 "Missing payment data"). */
export const FAILED_PAYMENT_KEY = 'failedPayment';
/** Label key of the zero-balance pay button (§2 "Zero-balance checkout"). */
export const ZERO_BALANCE_PAYMENT_KEY = 'useZeroBalancePayment';

/**
 * The redirecting payment providers of §4, lower case; `zero_balance` is the spec's "zero
 * balance". {@link isRedirectingProvider} compares without case, spaces, `_` or `-`, so
 * `'IDEAL'`, `'ZERO_BALANCE'`, `'zero balance'` and `'ZeroBalance'` all match.
 */
export const REDIRECTING_PAYMENT_PROVIDERS = ['wepay', 'bancontact', 'ideal', 'pix', 'alipay', 'zero_balance'] as const;

/** One of {@link REDIRECTING_PAYMENT_PROVIDERS}. */
export type RedirectingPaymentProvider = (typeof REDIRECTING_PAYMENT_PROVIDERS)[number];

const comparable = (name: string): string => name.toLowerCase().replace(/[\s_-]+/g, '');
const REDIRECTING = new Set<string>(REDIRECTING_PAYMENT_PROVIDERS.map(comparable));

/**
 * Whether a payment provider sends the payer to its own page and back to the PAY route:
 * `name` (a provider name or `targetPaymentProvider`) matches one of
 * {@link REDIRECTING_PAYMENT_PROVIDERS} ignoring case, whitespace, `_` and `-`. Card and PayPal
 * providers are not in the spec's list and give false; so does a non-string. Never throws.
 * Implements commerce-and-account-data.md §4 "Redirecting payment providers".
 */
export function isRedirectingProvider(name: string): boolean {
  return typeof name === 'string' && REDIRECTING.has(comparable(name));
}

/**
 * Whether a basket total is a zero balance (nothing to charge, no card entry): `amount` (minor
 * units) is a finite number ≤ 0 (a negative total is never charged either). A missing, NaN or
 * non-numeric amount gives false. Never throws.
 * Implements commerce-and-account-data.md §2 "Zero-balance checkout" and §5.
 */
export function isZeroBalance(total: { amount: number }): boolean {
  if (typeof total !== 'object' || total === null) return false;
  const { amount } = total;
  return typeof amount === 'number' && Number.isFinite(amount) && amount <= 0;
}

/** The payment details read by {@link paymentPreconditions} (§3 "Payment details"). */
export interface PaymentDetailsLike {
  /** Id of the stored payment details (card token, provider mandate...). */
  paymentDetailsExid?: string | number | null;
  targetPaymentProvider?: string | null;
  /** The method type, flat as in the pay body... */
  paymentMethodType?: string | null;
  /** ...or nested as in §3 "Payment details". */
  paymentMethodDetails?: { paymentMethodType?: string | null } | null;
}

/** Whether a payment may be sent; `failedPayment` is the message key to show when not. */
export type PaymentPreconditionResult = { ok: true } | { ok: false; error: 'failedPayment' };

const present = (value: unknown): boolean =>
  (typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isFinite(value));

/**
 * Whether a payment has what it needs before the pay call.
 *
 * - `details`: the chosen payment details; `paymentMethodType` is read flat, else from
 *   `paymentMethodDetails.paymentMethodType`.
 * - `options.zeroBalance`: true when the total is a zero balance ({@link isZeroBalance}); such
 *   a payment needs no card details, so it is `{ ok: true }` whatever `details` holds.
 * - Otherwise `{ ok: true }` only when the details id (a non-blank string or a finite number),
 *   the target provider and the method type (non-blank strings) are all present, else
 *   `{ ok: false, error: 'failedPayment' }`. Never throws.
 * Implements commerce-and-account-data.md §5 ("A payment needs payment details id, provider and
 * method type; otherwise it fails with failedPayment. Zero-balance payment requires no card entry").
 */
export function paymentPreconditions(
  details: PaymentDetailsLike | null | undefined,
  options: { zeroBalance?: boolean } = {},
): PaymentPreconditionResult {
  try {
    if (typeof options === 'object' && options !== null && options.zeroBalance === true) return { ok: true };
    if (typeof details !== 'object' || details === null) return { ok: false, error: FAILED_PAYMENT_KEY };
    const nested = details.paymentMethodDetails;
    const methodType =
      present(details.paymentMethodType) ? details.paymentMethodType
      : typeof nested === 'object' && nested !== null ? nested.paymentMethodType
      : undefined;
    const ok =
      present(details.paymentDetailsExid) &&
      typeof details.targetPaymentProvider === 'string' &&
      present(details.targetPaymentProvider) &&
      typeof methodType === 'string' &&
      present(methodType);
    return ok ? { ok: true } : { ok: false, error: FAILED_PAYMENT_KEY };
  } catch {
    return { ok: false, error: FAILED_PAYMENT_KEY };
  }
}
