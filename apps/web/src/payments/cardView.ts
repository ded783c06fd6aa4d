import type { Card } from '@stream/core/contracts';
import { maskedCardNumber } from '@stream/core/domain';

/**
 * What the account page and PAYMENT_UPDATE show for a stored card (commerce-and-account-data.md
 * §3 "Card"): the masked number (core `maskedCardNumber`: MOBILE → 7 stars and the last digits),
 * the last digits alone (for names such as "Remove card ending 4242"), the brand, the expiry as
 * `MM/YYYY` and the holder. Never the full number: the platform never sends it.
 */
export interface CardView {
  id: string;
  /** `'•••• 4242'`, or `'*******1234'` for a MOBILE method; `''` without digits. */
  masked: string;
  /** The digits of {@link masked} (`'4242'`); `''` without digits. */
  lastDigits: string;
  /** `cardType` as sent (`'VISA'`), `''` when missing. */
  brand: string;
  /** `'04/2030'`, or `''` when the month or year is missing or out of range. */
  expiry: string;
  /** `cardHolder` trimmed, `''` when missing. */
  holder: string;
  isDefault: boolean;
}

/**
 * The view of one card. `card`: a card of `cards.list()`. Missing fields give `''` (or false);
 * never throws. Implements the display part of commerce §3 "Card" (masking by core).
 */
export function cardView(card: Card): CardView {
  const masked = maskedCardNumber(card);
  const month = card.expiryMonth;
  const year = card.expiryYear;
  const validMonth = typeof month === 'number' && Number.isInteger(month) && month >= 1 && month <= 12;
  const validYear = typeof year === 'number' && Number.isInteger(year) && year > 0;
  return {
    id: card.cardId,
    masked,
    lastDigits: masked.replace(/[^0-9]/g, ''),
    brand: typeof card.cardType === 'string' ? card.cardType.trim() : '',
    expiry: validMonth && validYear ? `${String(month).padStart(2, '0')}/${year}` : '',
    holder: typeof card.cardHolder === 'string' ? card.cardHolder.trim() : '',
    isDefault: card.default === true,
  };
}
