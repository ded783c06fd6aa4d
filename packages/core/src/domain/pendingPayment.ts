/**
 * The checkout the browser leaves for a payment provider's page (PayPal, iDEAL...) or a 3-D
 * Secure challenge, as it is kept in the tab's storage so that the PAY and PAYMENT_AUTHORIZATION
 * pages can finish it when the payer comes back (commerce-and-account-data.md §2 "Payment
 * confirmation page", §4 "Redirecting payment providers").
 *
 * It holds the licence, the consent answers, the idempotency key, the return path and, for a
 * gift's checkout (issue 18, docs/api.md "Gifts"), the gift's id: NEVER card data or tokens. {@link encodePendingPayment} writes only these fields, whatever it is given.
 */
import type { ConsentAnswer } from './consent.js';
import { safeReturnPath } from './redirects.js';

/** The pending checkout. */
export interface PendingPayment {
  /** The licence being bought. */
  licenceId: string;
  /** The consent answers of the CONSENT step, sent with the payment. */
  consent: ConsentAnswer[];
  /** The idempotency key the payment after the redirect sends (a retry never charges twice). */
  idempotencyKey: string;
  /** Safe in-app path to offer once paid, or null. */
  from: string | null;
  /** Why the payer left: a provider's approval page, or the card's 3-D Secure challenge. */
  kind: 'provider' | 'authentication';
  /** When it was stored (epoch ms). */
  savedAt: number;
  /**
   * A gift's checkout (GIFT_PAY): the gift being paid for, so that the return pages end on the
   * gift's page (GIFT), never on a plan's confirmation; null (or absent in older entries) for a plan.
   */
  giftId?: string | null;
}

/** The storage key of the pending checkout. */
export const PENDING_PAYMENT_KEY = 'stream.pendingPayment';
/** A gift id as the pending checkout keeps it: 1 to 64 letters, digits and dashes (a UUID), else null. */
const giftIdOf = (value: unknown): string | null => (typeof value === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : null);

/** A pending checkout older than this is ignored (the payer abandoned it): one hour, in milliseconds. */
export const PENDING_PAYMENT_MAX_AGE_MS = 60 * 60 * 1000;

const isConsent = (value: unknown): value is ConsentAnswer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ConsentAnswer).fieldName === 'string' &&
  typeof (value as ConsentAnswer).answer === 'boolean';

const consentOf = (value: readonly unknown[]): ConsentAnswer[] =>
  value.filter(isConsent).map(({ fieldName, answer }) => ({ fieldName, answer }));

/**
 * The stored text of a pending checkout: JSON of only `licenceId`, `consent` (field name and
 * answer of each entry), `idempotencyKey`, `from` (kept only when it is a safe in-app path,
 * `safeReturnPath`), `kind`, `savedAt = now` (epoch ms) and `giftId` (a gift's checkout only: letters,
 * digits and dashes; left out otherwise). Never throws.
 */
export function encodePendingPayment(pending: Omit<PendingPayment, 'savedAt'>, now: number): string {
  const value: PendingPayment = {
    licenceId: String(pending.licenceId),
    consent: Array.isArray(pending.consent) ? consentOf(pending.consent) : [],
    idempotencyKey: String(pending.idempotencyKey),
    from: safeReturnPath(pending.from),
    kind: pending.kind === 'authentication' ? 'authentication' : 'provider',
    savedAt: now,
  };
  const giftId = giftIdOf(pending.giftId);
  if (giftId !== null) value.giftId = giftId;
  return JSON.stringify(value);
}

/** What {@link decodePendingPayment} found. */
export interface DecodedPendingPayment {
  /** The pending checkout, or null. */
  pending: PendingPayment | null;
  /** True when a well-formed entry was found but is too old (or from the future): remove it. */
  expired: boolean;
}

/**
 * Reads a stored pending checkout at time `now` (epoch ms). `pending` is null when `text` is
 * null, not JSON, malformed (the storage is the browser's: anything may be in it: a blank licence
 * or key, no consent array, no finite `savedAt`) or more than {@link PENDING_PAYMENT_MAX_AGE_MS}
 * away from `now` (then `expired` is true). `from` is checked again with `safeReturnPath`; an
 * unknown `kind` reads as `provider`; a malformed `giftId` reads as null (a plan). Never throws.
 */
export function decodePendingPayment(text: string | null, now: number): DecodedPendingPayment {
  const none = { pending: null, expired: false };
  if (typeof text !== 'string') return none;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return none;
  }
  if (typeof raw !== 'object' || raw === null) return none;
  const value = raw as Partial<Record<keyof PendingPayment, unknown>>;
  if (
    typeof value.licenceId !== 'string' ||
    value.licenceId === '' ||
    typeof value.idempotencyKey !== 'string' ||
    value.idempotencyKey === '' ||
    !Array.isArray(value.consent) ||
    typeof value.savedAt !== 'number' ||
    !Number.isFinite(value.savedAt)
  ) {
    return none;
  }
  if (Math.abs(now - value.savedAt) > PENDING_PAYMENT_MAX_AGE_MS) return { pending: null, expired: true };
  const giftId = giftIdOf(value.giftId);
  return {
    pending: {
      licenceId: value.licenceId,
      consent: consentOf(value.consent),
      idempotencyKey: value.idempotencyKey,
      from: safeReturnPath(value.from),
      kind: value.kind === 'authentication' ? 'authentication' : 'provider',
      savedAt: value.savedAt,
      ...(giftId === null ? {} : { giftId }),
    },
    expired: false,
  };
}
