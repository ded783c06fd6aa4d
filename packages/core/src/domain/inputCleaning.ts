/**
 * Cleaning of form input before a change is reported.
 * Implements identity-and-routes.md §5 "Input values are cleaned of unwanted characters before a
 * change is reported".
 */

/** What a field holds; decides which characters it keeps. */
export type InputKind = 'name' | 'email' | 'phone' | 'postalCode' | 'text';

/** White space that a control character stands for (tab, line and paragraph breaks): becomes a space. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/gu;
/**
 * Removed from every kind: control characters (C0, DEL, C1), zero-width characters (U+200B–U+200D,
 * U+2060, U+FEFF, U+180E), bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E,
 * U+2066–U+2069) and unpaired surrogates. Note: U+200C/U+200D are also removed from names,
 * although Persian and some Indic spellings use them; the spec asks for their removal everywhere.
 */
const UNWANTED = /[\p{Cc}\u180E\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\u061C\uFEFF\p{Cs}]/gu;
const SPACES = /[\s\p{Zs}]/gu;

/** Folds any Unicode decimal digit (Arabic-Indic, Devanagari, full-width, ...) to ASCII 0-9. */
function asciiDigits(value: string): string {
  return value.replace(/\p{Nd}/gu, (digit) => {
    // Decimal digits come in runs of ten (0..9) at consecutive code points, and adjacent runs
    // (the mathematical digits) stay aligned: the offset from the block's start, modulo 10.
    let cp = digit.codePointAt(0) ?? 48;
    let steps = 0;
    while (steps < 100 && /\p{Nd}/u.test(String.fromCodePoint(cp - 1))) {
      cp -= 1;
      steps += 1;
    }
    return String(steps % 10);
  });
}

/**
 * Cleans `raw` for a field of `kind`. For every kind, breaks (tab, newline, U+2028...) become a
 * space and the characters of `UNWANTED` are removed. Then per kind:
 * - `text`: nothing more.
 * - `email`: every white space removed (an address has none).
 * - `phone`: digits (any script, folded to ASCII 0-9) and spaces, plus one `+` kept only when it
 *   is the first character other than spaces (the spaces before it are then dropped).
 *   Brackets, dots and hyphens are removed.
 * - `postalCode`: letters (any script), digits (folded to ASCII), spaces and `-`.
 * - `name`: letters and combining marks (any script), spaces (any space separator becomes
 *   U+0020), apostrophes (`'`, `’`), hyphens (`-`, `‐`) and dots. Digits and other punctuation
 *   are removed.
 * Nothing is trimmed or collapsed (the user may still be typing); text is not normalised to NFC.
 * An unknown kind is treated as `text`; non-string input gives ''. Idempotent:
 * `cleanInput(k, cleanInput(k, x)) === cleanInput(k, x)`. Never throws.
 * Implements identity-and-routes.md §5 "Input values are cleaned".
 */
export function cleanInput(kind: InputKind, raw: string): string {
  if (typeof raw !== 'string') return '';
  const base = raw.replace(BREAKS, ' ').replace(UNWANTED, '');
  switch (kind) {
    case 'email':
      return base.replace(SPACES, '');
    case 'phone': {
      const plus = base.trimStart().startsWith('+');
      const rest = asciiDigits(plus ? base.trimStart().slice(1) : base).replace(/\p{Zs}/gu, ' ').replace(/[^0-9 ]/g, '');
      return plus ? `+${rest}` : rest;
    }
    case 'postalCode':
      return asciiDigits(base).replace(/\p{Zs}/gu, ' ').replace(/[^\p{L}0-9 -]/gu, '');
    case 'name':
      return base.replace(/\p{Zs}/gu, ' ').replace(/[^\p{L}\p{M} '’\-‐.]/gu, '');
    default:
      return base;
  }
}
