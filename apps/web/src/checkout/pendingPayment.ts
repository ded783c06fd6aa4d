import type { ConsentAnswer } from '@stream/core/domain';
import { safeReturnPath } from '@stream/core/domain';
import { webStorage, type KeyValueStorage } from '@stream/core/platform';

/**
 * The checkout the browser leaves for a payment provider's page (PayPal, iDEAL) or a 3-D Secure
 * challenge, kept in `sessionStorage` (this tab only) so that the PAY and PAYMENT_AUTHORIZATION
 * pages can finish it when the payer comes back (commerce-and-account-data.md §2 "Payment
 * confirmation page", §4 "Redirecting payment providers").
 *
 * It holds the licence, the consent answers, the idempotency key and the return path: NEVER card
 * data or tokens. {@link savePendingPayment} writes only these fields, whatever it is given.
 */
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
}

/** The `sessionStorage` key. */
export const PENDING_PAYMENT_KEY = 'stream.pendingPayment';
/** A pending checkout older than this is ignored (the payer abandoned it): one hour. */
export const PENDING_PAYMENT_MAX_AGE_MS = 60 * 60 * 1000;

const defaultStorage = (): KeyValueStorage => webStorage('session');

const isConsent = (value: unknown): value is ConsentAnswer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ConsentAnswer).fieldName === 'string' &&
  typeof (value as ConsentAnswer).answer === 'boolean';

/**
 * Stores the pending checkout: only `licenceId`, `consent` (field name and answer of each entry),
 * `idempotencyKey`, `from` (kept only when it is a safe in-app path, core `safeReturnPath`) and
 * `kind`, with `savedAt = now`. Never throws (a full or blocked storage keeps it in memory).
 */
export function savePendingPayment(
  pending: Omit<PendingPayment, 'savedAt'>,
  storage: KeyValueStorage = defaultStorage(),
  now: number = Date.now(),
): void {
  const value: PendingPayment = {
    licenceId: String(pending.licenceId),
    consent: pending.consent.filter(isConsent).map(({ fieldName, answer }) => ({ fieldName, answer })),
    idempotencyKey: String(pending.idempotencyKey),
    from: safeReturnPath(pending.from),
    kind: pending.kind === 'authentication' ? 'authentication' : 'provider',
    savedAt: now,
  };
  try {
    storage.setItem(PENDING_PAYMENT_KEY, JSON.stringify(value));
  } catch {
    // Nothing else to do: the return page then says there is nothing to confirm.
  }
}

/**
 * The pending checkout, or null when there is none, it is malformed (the storage is the
 * browser's: anything may be in it), or older than {@link PENDING_PAYMENT_MAX_AGE_MS} (then it is
 * removed). `from` is checked again with `safeReturnPath`. Never throws.
 */
export function readPendingPayment(storage: KeyValueStorage = defaultStorage(), now: number = Date.now()): PendingPayment | null {
  let raw: unknown;
  try {
    const text = storage.getItem(PENDING_PAYMENT_KEY);
    if (text === null) return null;
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
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
    return null;
  }
  if (now - value.savedAt > PENDING_PAYMENT_MAX_AGE_MS || value.savedAt - now > PENDING_PAYMENT_MAX_AGE_MS) {
    clearPendingPayment(storage);
    return null;
  }
  return {
    licenceId: value.licenceId,
    consent: value.consent.filter(isConsent).map(({ fieldName, answer }) => ({ fieldName, answer })),
    idempotencyKey: value.idempotencyKey,
    from: safeReturnPath(value.from),
    kind: value.kind === 'authentication' ? 'authentication' : 'provider',
    savedAt: value.savedAt,
  };
}

/** Removes the pending checkout (after the payment succeeded). Never throws. */
export function clearPendingPayment(storage: KeyValueStorage = defaultStorage()): void {
  try {
    storage.removeItem(PENDING_PAYMENT_KEY);
  } catch {
    // nothing to do
  }
}
