import { hasOwn, readErrorLayers } from './errorLayers.js';

/**
 * Which message to show when a basket, voucher or payment call fails, and which card error label
 * to show for a card-validation or card-processor code.
 * Implements commerce-and-account-data.md §8 (payment entries, card error label keys).
 */

/** Message key of the free-trial-denied handling (§8: HTTP 409 with first message `freeTrialDenied`). */
export const FREE_TRIAL_DENIED_KEY = 'freeTrialDenied';
/** Code of the missing-fields answer (§8: HTTP 424 with this code). */
export const BASKET_REQUIREMENTS_FAILED_CODE = 'BASKET_REQUIREMENTS_FAILED';
/** Default message key of a failed payment (§8: "default is anErrorOccured", spelled as the spec). */
export const PAYMENT_DEFAULT_ERROR_KEY = 'anErrorOccured';
/** Card-processor codes whose server message is shown as it is (§8). */
export const SERVER_MESSAGE_CODES = ['card_declined', 'incorrect_number'] as const;

/**
 * Error code → message key (§8 "Codes"). `invalidTierChange` keeps its own name as the key;
 * `CAPTCHA_FAIL_ERROR` and `CHALLENGE_FAILED` both give `captchaFailed`.
 */
export const PAYMENT_ERROR_CODE_KEYS = {
  invalidTierChange: 'invalidTierChange',
  BAD_REQUEST: 'paymentError',
  MAX_CHARGEABLE_PAYMENT_DETAILS_REACHED: 'maxPaymentMethodsErrorMessage',
  CAPTCHA_FAIL_ERROR: 'captchaFailed',
  CHALLENGE_FAILED: 'captchaFailed',
} as const satisfies Readonly<Record<string, string>>;

/** A message key {@link paymentErrorMessage} can answer (labels must exist for each). */
export type PaymentErrorKey = (typeof PAYMENT_ERROR_CODE_KEYS)[keyof typeof PAYMENT_ERROR_CODE_KEYS] | 'anErrorOccured';

/** Every key of {@link PaymentErrorKey}, plus `freeTrialDenied` (for label checks). */
export const PAYMENT_ERROR_KEYS = [
  'freeTrialDenied',
  'invalidTierChange',
  'paymentError',
  'maxPaymentMethodsErrorMessage',
  'captchaFailed',
  'anErrorOccured',
] as const;

/** The card error label keys of §8, spelled as the spec writes them. */
export const CARD_ERROR_KEYS = [
  'paymentCardError',
  'InvalidExpiryMonth',
  'InvalidExpiryYear',
  'InvalidExpiry',
  'InvalidCardNumber',
  'ExpiredCard',
  'InvalidCvc',
  'InvalidZip',
  'CardDeclined',
  'CardMissing',
  'paymentError',
] as const;

/** One card error label key of §8. */
export type CardErrorKey = (typeof CARD_ERROR_KEYS)[number];

/**
 * What to show for a failed payment call:
 * - `freeTrialDenied`: run the free-trial-denied handling (ask to buy without the trial);
 *   `key` is the message key.
 * - `missingFields`: ask for the billing details named in `fields` (field names, as the platform
 *   sends them in `details.missingFields`; possibly empty).
 * - `key`: show the label of `key`.
 * - `serverMessage`: show `text` as it is (never empty).
 */
export type PaymentErrorResult =
  | { kind: 'freeTrialDenied'; key: 'freeTrialDenied' }
  | { kind: 'missingFields'; fields: string[] }
  | { kind: 'key'; key: PaymentErrorKey | CardErrorKey }
  | { kind: 'serverMessage'; text: string };

/** The structural shape read from an error (ApiError, platform error body, or a wrapper of one). */
export interface PaymentErrorLike {
  status?: number;
  code?: string;
  messages?: readonly string[];
  details?: { missingFields?: readonly string[] };
}

/** What {@link paymentErrorMessage} reads from an error-like value. */
interface PaymentErrorFacts {
  status: number | undefined;
  code: string | undefined;
  /** The string entries of `messages`, in order. */
  messages: string[];
  missingFields: string[];
}

/**
 * Reads the error from the value itself, then from `data` and `body` (ofetch's FetchError, or a
 * wrapper of the platform body); the first usable value of each field wins. The ApiError
 * placeholder code `UNKNOWN` (malformed error body) and empty codes count as no code. The
 * status is never turned into a code (a bare 409 is not "a code shown as is").
 */
function facts(error: unknown): PaymentErrorFacts {
  const { status, code, messages, missingFields } = readErrorLayers(error);
  return { status, code, messages, missingFields: missingFields ?? [] };
}

const isServerMessageCode = (value: string | undefined): boolean =>
  value !== undefined && (SERVER_MESSAGE_CODES as readonly string[]).includes(value);

const tableKey = (value: string | undefined): PaymentErrorKey | undefined =>
  value !== undefined && hasOwn(PAYMENT_ERROR_CODE_KEYS, value)
    ? PAYMENT_ERROR_CODE_KEYS[value as keyof typeof PAYMENT_ERROR_CODE_KEYS]
    : undefined;

/**
 * The message to show for a failed basket, voucher or payment call.
 *
 * - `error`: anything thrown or answered: an `ApiError`, a platform error body
 *   `{ status, code, messages, details: { missingFields } }`, a wrapper of one in `data` or
 *   `body`, a `NetworkError`, a string, `null`... (see {@link PaymentErrorLike}).
 * - Rules, first match wins (§8, in the spec's order):
 *   1. status 409 and `messages[0] === 'freeTrialDenied'` → `{ kind: 'freeTrialDenied' }`;
 *   2. status 424 and code `BASKET_REQUIREMENTS_FAILED` → `{ kind: 'missingFields', fields }`
 *      with the string entries of `details.missingFields` (`[]` when absent);
 *   3. code or `messages[0]` is `card_declined` or `incorrect_number` → `{ kind: 'serverMessage' }`
 *      with the first non-blank server message; when the server sent none, the card label key
 *      (`CardDeclined` / `InvalidCardNumber`, see {@link cardErrorKey}) instead;
 *   4. the code table {@link PAYMENT_ERROR_CODE_KEYS} by code, else by `messages[0]` when the
 *      error has no code → `{ kind: 'key' }`;
 *   5. "other codes or messages are shown as is": the first non-blank server message, else the
 *      code → `{ kind: 'serverMessage' }`;
 *   6. otherwise `{ kind: 'key', key: 'anErrorOccured' }`.
 * - Codes match exactly (case-sensitive). `UNKNOWN` (the ApiError placeholder) counts as no code.
 * - Never throws; the result is always defined and its key or text is never empty.
 * Implements commerce-and-account-data.md §8.
 */
export function paymentErrorMessage(error: unknown): PaymentErrorResult {
  const { status, code, messages, missingFields } = facts(error);
  const first = messages[0];
  const text = messages.find((message) => message.trim() !== '');

  if (status === 409 && first === FREE_TRIAL_DENIED_KEY) return { kind: 'freeTrialDenied', key: FREE_TRIAL_DENIED_KEY };
  if (status === 424 && code === BASKET_REQUIREMENTS_FAILED_CODE) return { kind: 'missingFields', fields: missingFields };
  const cardCode = isServerMessageCode(code) ? code : isServerMessageCode(first) ? first : undefined;
  if (cardCode !== undefined) {
    return text !== undefined ? { kind: 'serverMessage', text } : { kind: 'key', key: cardErrorKey(cardCode) };
  }
  const key = tableKey(code) ?? (code === undefined ? tableKey(first) : undefined);
  if (key !== undefined) return { kind: 'key', key };
  if (text !== undefined) return { kind: 'serverMessage', text };
  if (code !== undefined) return { kind: 'serverMessage', text: code };
  return { kind: 'key', key: PAYMENT_DEFAULT_ERROR_KEY };
}

/**
 * The message of a failed basket, voucher or payment call as one string: the label key or the
 * server's text of {@link paymentErrorMessage} (`freeTrialDenied` and `missingFields` give their
 * key and `anErrorOccured`: callers that handle them look at `paymentErrorMessage` first). Views
 * translate a known key and show server text as it is. Never throws; never empty.
 * Implements commerce-and-account-data.md §8.
 */
export function paymentErrorText(error: unknown): string {
  const result = paymentErrorMessage(error);
  switch (result.kind) {
    case 'serverMessage':
      return result.text;
    case 'key':
    case 'freeTrialDenied':
      return result.key;
    default:
      return PAYMENT_DEFAULT_ERROR_KEY;
  }
}

/**
 * Card-validation and card-processor codes → card error label key. Codes are the well-known
 * processors' (`invalid_number`, `incomplete_cvc`, `expired_card`...) plus the `incorrect`,
 * `incomplete` and `invalid` variants §8 groups under one key, and the platform's `BAD_REQUEST`.
 */
export const CARD_ERROR_CODE_KEYS: Readonly<Record<string, CardErrorKey>> = {
  invalid_expiry_month: 'InvalidExpiryMonth',
  incorrect_expiry_month: 'InvalidExpiryMonth',
  incomplete_expiry_month: 'InvalidExpiryMonth',
  invalid_expiry_month_past: 'InvalidExpiryMonth',
  invalid_expiry_year: 'InvalidExpiryYear',
  incorrect_expiry_year: 'InvalidExpiryYear',
  incomplete_expiry_year: 'InvalidExpiryYear',
  invalid_expiry_year_past: 'InvalidExpiryYear',
  invalid_expiry: 'InvalidExpiry',
  incorrect_expiry: 'InvalidExpiry',
  incomplete_expiry: 'InvalidExpiry',
  invalid_number: 'InvalidCardNumber',
  incorrect_number: 'InvalidCardNumber',
  incomplete_number: 'InvalidCardNumber',
  expired_card: 'ExpiredCard',
  invalid_cvc: 'InvalidCvc',
  incorrect_cvc: 'InvalidCvc',
  incomplete_cvc: 'InvalidCvc',
  invalid_zip: 'InvalidZip',
  incorrect_zip: 'InvalidZip',
  incomplete_zip: 'InvalidZip',
  postal_code_invalid: 'InvalidZip',
  card_declined: 'CardDeclined',
  insufficient_funds: 'CardDeclined',
  missing: 'CardMissing',
  card_missing: 'CardMissing',
  missing_card: 'CardMissing',
  processing_error: 'paymentError',
  bad_request: 'paymentError',
};

/** The fallback card error label key (§8 `paymentCardError`). */
export const CARD_ERROR_DEFAULT_KEY = 'paymentCardError';

/**
 * The card error label key for a card-validation or card-processor code.
 *
 * - `code`: matched after trimming and lower-casing (`'INVALID_CVC'` = `'invalid_cvc'`).
 * - Expiry month, year and whole-expiry codes in their `invalid`, `incorrect` and `incomplete`
 *   variants → `InvalidExpiryMonth` / `InvalidExpiryYear` / `InvalidExpiry`; number codes →
 *   `InvalidCardNumber`; `expired_card` → `ExpiredCard`; CVC codes → `InvalidCvc`; ZIP and
 *   postal-code codes → `InvalidZip`; `card_declined` and `insufficient_funds` → `CardDeclined`;
 *   `missing` / `card_missing` / `missing_card` (no card to charge) → `CardMissing`;
 *   `processing_error` and `BAD_REQUEST` → the generic `paymentError`; anything else (including
 *   a non-string) → `paymentCardError`. See {@link CARD_ERROR_CODE_KEYS}.
 * - Never throws.
 * Implements commerce-and-account-data.md §8 "Card error label keys".
 */
export function cardErrorKey(code: string): CardErrorKey {
  if (typeof code !== 'string') return CARD_ERROR_DEFAULT_KEY;
  const normal = code.trim().toLowerCase();
  return hasOwn(CARD_ERROR_CODE_KEYS, normal) ? (CARD_ERROR_CODE_KEYS[normal] ?? CARD_ERROR_DEFAULT_KEY) : CARD_ERROR_DEFAULT_KEY;
}
