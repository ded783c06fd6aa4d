/**
 * Stored cards as the account and checkout show them: the masked number and the default card.
 * Implements commerce-and-account-data.md §3 "Card" and §9 "Mobile card masking".
 */

/** Payment method type whose number is a phone number (§3 "Card"). */
export const MOBILE_PAYMENT_METHOD_TYPE = 'MOBILE';
/** Stars before the last digits of a `MOBILE` number (§9: "7 stars plus last digits"). */
export const MOBILE_MASK = '*******';
/** Mask before the last digits of any other card: four bullets (U+2022) and a space. */
export const CARD_MASK = '\u2022\u2022\u2022\u2022 ';
/** How many trailing digits are kept (the platform's `last4Digits`). */
export const MASKED_DIGITS = 4;

/** The fields of a card read by {@link maskedCardNumber}. */
export interface MaskableCard {
  paymentMethodType?: string | null;
  /** The last digits as the platform sends them, for example `'4242'`. */
  last4Digits?: string | number | null;
}

/**
 * The card number as shown to the viewer, built only from the last digits.
 *
 * - `MOBILE` (any case): 7 stars then the last digits, `'*******1234'` (§3, §9).
 * - Any other (or no) method type: `'•••• 1234'` (four U+2022 bullets, a space, the digits).
 * - The digits are the ASCII digits of `last4Digits` (a string, or a non-negative integer
 *   number), at most the last 4; any other character is dropped, so nothing but those digits
 *   appears. No digits (missing, blank or non-numeric `last4Digits`) gives `''`. Never throws.
 * Implements commerce-and-account-data.md §3 "Card" and §9 "Mobile card masking".
 */
export function maskedCardNumber(card: MaskableCard): string {
  if (typeof card !== 'object' || card === null) return '';
  try {
    const raw = card.last4Digits;
    const source =
      typeof raw === 'string' ? raw : typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : '';
    const digits = source.replace(/[^0-9]/g, '').slice(-MASKED_DIGITS);
    if (digits === '') return '';
    const type = typeof card.paymentMethodType === 'string' ? card.paymentMethodType.trim().toUpperCase() : '';
    return type === MOBILE_PAYMENT_METHOD_TYPE ? `${MOBILE_MASK}${digits}` : `${CARD_MASK}${digits}`;
  } catch {
    return '';
  }
}

/** The default flag of a card read by {@link defaultCard}: `default` as in §3, or `isDefault`. */
export interface DefaultFlagged {
  default?: boolean | null;
  isDefault?: boolean | null;
}

/**
 * The account's default card: the first card whose `default` (or `isDefault`, see
 * {@link DefaultFlagged}) is exactly `true`; `undefined` when none is flagged (no fallback to
 * the first card, so nothing is charged to a card the viewer did not choose), for an empty list
 * or a non-array. Entries that are not objects are skipped. Never throws (throwing getters give `undefined`).
 * Implements commerce-and-account-data.md §3 "Card" (default flag).
 */
export function defaultCard<T extends object>(cards: readonly T[] | null | undefined): T | undefined {
  if (!Array.isArray(cards)) return undefined;
  try {
    for (const card of cards as readonly unknown[]) {
      if (typeof card === 'object' && card !== null) {
        const flagged = card as DefaultFlagged;
        if (flagged.default === true || flagged.isDefault === true) return card as T;
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}
