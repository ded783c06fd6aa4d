/**
 * Stored cards as the account and checkout show them: the masked number and the default card.
 * Implements commerce-and-account-data.md §3 "Card" and §9 "Mobile card masking".
 */

import type { Licence } from '../contracts/licences.js';
import { isIap } from './licences.js';

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

/** The fields of a stored card {@link currentCardOf} reads (§3 "Card"). */
export interface LicensedCard {
  cardId: string;
  /** Ids of the licences this card pays for. */
  licences?: readonly string[] | null;
}

/** The payment fields of a licence read by {@link currentCardOf} and {@link isPaidByCard} (§3 "Licence"). */
export interface CardPaidLicence {
  id: string;
  licencePayment?: { paymentProviderInfo?: { managed?: boolean | null; cardId?: string | null } | null } | null;
}

/**
 * The card that pays for licence `licenceId`: the first card whose `licences` lists it (what
 * `POST licences/{licenceId}/card/{cardId}` changes, §7), else the card named by the licence's
 * `licencePayment.paymentProviderInfo.cardId`, else `undefined`. Never throws.
 * Implements commerce-and-account-data.md §3 "Card" (licences) and "Licence" (paymentProviderInfo).
 */
export function currentCardOf<T extends LicensedCard>(
  cards: readonly T[],
  licenceId: string,
  licence?: CardPaidLicence,
): T | undefined {
  if (!Array.isArray(cards)) return undefined;
  const listed = cards.find((card) => Array.isArray(card?.licences) && card.licences.includes(licenceId));
  if (listed) return listed;
  const cardId = licence?.licencePayment?.paymentProviderInfo?.cardId;
  return typeof cardId === 'string' && cardId !== '' ? cards.find((card) => card?.cardId === cardId) : undefined;
}

/**
 * Whether a licence is paid by a stored card the platform manages, so that its card can be
 * changed: `licencePayment.paymentProviderInfo.cardId` is a non-blank string, `managed` is not
 * `false`, and the licence is not an in-app purchase (an id ending in `_IAP`: an app store bills
 * it, §4 "Purchase strategies"). Never throws.
 * Implements commerce-and-account-data.md §3 "Licence" (licencePayment) and §4.
 */
export function isPaidByCard(licence: CardPaidLicence): boolean {
  const info = licence?.licencePayment?.paymentProviderInfo;
  return (
    typeof info?.cardId === 'string' &&
    info.cardId.trim() !== '' &&
    info.managed !== false &&
    !isIap(licence as Licence)
  );
}
