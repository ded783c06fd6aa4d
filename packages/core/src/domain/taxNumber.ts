/**
 * The Brazilian tax number (CPF) as the user types it.
 * Implements identity-and-routes.md §5 "Brazilian tax number" and commerce-and-account-data.md §5
 * "Tax number field".
 */

/** Number of digits in a Brazilian tax number. */
export const BRAZILIAN_TAX_NUMBER_DIGITS = 11;

/**
 * The digits (ASCII 0-9) of `value`, every other character dropped, at most the first
 * {@link BRAZILIAN_TAX_NUMBER_DIGITS}. Non-string input gives ''. Never throws.
 */
export function taxNumberDigits(value: string): string {
  if (typeof value !== 'string') return '';
  return value.replace(/[^0-9]/g, '').slice(0, BRAZILIAN_TAX_NUMBER_DIGITS);
}

/**
 * Formats `raw` progressively as `000.000.000-00`: the first 11 digits of `raw` (anything else is
 * dropped), with a separator written only once a digit follows it, so every prefix of the mask
 * shows while typing: `'1234'` → `'123.4'`, `'1234567890'` → `'123.456.789-0'`,
 * `'12345678901'` → `'123.456.789-01'`, `''` → `''`. Idempotent:
 * `format(format(x)) === format(x)`, and `taxNumberDigits(format(x)) === taxNumberDigits(x)`.
 * The check digits are not verified here (see {@link isValidBrazilianTaxNumber}). Never throws.
 * Implements identity-and-routes.md §5 "Brazilian tax number is formatted 000.000.000-00 (digits only, max 11)".
 */
export function formatBrazilianTaxNumber(raw: string): string {
  const digits = taxNumberDigits(raw);
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (i === 3 || i === 6) out += '.';
    else if (i === 9) out += '-';
    out += digits.charAt(i);
  }
  return out;
}

/**
 * A CPF check digit over `digits` (numbers 0-9): the weighted sum with weights
 * `digits.length + 1` down to 2, remainder `r` modulo 11; the digit is 0 when `r < 2`, else `11 - r`.
 */
function cpfCheckDigit(digits: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += digits[i]! * (digits.length + 1 - i);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * True when `value` is a Brazilian tax number (CPF) with correct check digits: exactly 11 digits
 * once the `000.000.000-00` punctuation (`.` `-`, spaces) is removed, not all the same digit
 * (`111.111.111-11` is refused), the 10th digit the check digit of the first nine and the 11th
 * the check digit of the first ten (modulo 11, weights 10..2 and 11..2; a remainder below 2 gives
 * 0). Any other character, or another count of digits, gives false. Non-string input gives false.
 * The check digits cannot see every single-digit change: the first digit moved by one, or the
 * sixth moved by two (or nine), when a remainder crosses 0 ↔ 1 and both check digits stay the
 * same. Never throws.
 * Implements commerce-and-account-data.md §5 "Brazilian tax number" (message
 * `taxNumberFieldIsInvalid` when false).
 */
export function isValidBrazilianTaxNumber(value: string): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (!/^[0-9.\- ]+$/.test(text)) return false;
  const digits = text.replace(/[^0-9]/g, '');
  if (digits.length !== BRAZILIAN_TAX_NUMBER_DIGITS || /^(\d)\1*$/.test(digits)) return false;
  const numbers = Array.from(digits, (ch) => ch.charCodeAt(0) - 48);
  return cpfCheckDigit(numbers.slice(0, 9)) === numbers[9] && cpfCheckDigit(numbers.slice(0, 10)) === numbers[10];
}
