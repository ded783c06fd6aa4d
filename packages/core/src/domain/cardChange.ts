/**
 * What PAYMENT_UPDATE shows when changing the card that pays for a licence fails.
 * Implements commerce-and-account-data.md §7 `POST licences/{licenceId}/card/{cardId}` with
 * `checkBillingDetails=true` and §8.
 */
import { readErrorLayers } from './errorLayers.js';
import { paymentErrorMessage } from './paymentErrors.js';

/** What PAYMENT_UPDATE shows when changing a licence's card fails. */
export type CardChangeFailure =
  /** 424 `BASKET_REQUIREMENTS_FAILED`: billing details are missing; the checkout completes them. */
  | { kind: 'missingFields'; fields: string[] }
  /** 404: the licence or the card is no longer on the account. */
  | { kind: 'notFound' }
  /** A message key (`paymentErrorMessage`, §8). */
  | { kind: 'key'; key: string }
  /** A server message shown as is (§8 "other codes or messages are shown as is"). */
  | { kind: 'text'; text: string };

/**
 * Maps an error of `cards.attachToLicence` to what PAYMENT_UPDATE shows: status 404 → `notFound`;
 * anything else by `paymentErrorMessage` (§8: 424 → missing fields, card codes, the code table,
 * the server message, else `anErrorOccured`). Never throws.
 */
export function cardChangeFailure(error: unknown): CardChangeFailure {
  if (readErrorLayers(error).status === 404) return { kind: 'notFound' };
  const result = paymentErrorMessage(error);
  switch (result.kind) {
    case 'missingFields':
      return { kind: 'missingFields', fields: result.fields };
    case 'serverMessage':
      return { kind: 'text', text: result.text };
    default:
      return { kind: 'key', key: result.key };
  }
}
