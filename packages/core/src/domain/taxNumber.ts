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
 * The check digits are not verified. Never throws.
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
