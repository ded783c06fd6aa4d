/**
 * Voucher codes: checking what the viewer typed, the URL path segment of
 * `PUT|DELETE /baskets/vouchers/{code}` and the body of `POST /promotions/voucher/redeem`.
 * Implements commerce-and-account-data.md §5 ("Voucher code is URL-encoded before sending. A
 * licence voucher is applied with licenceId only when it is an integer") and §7.
 */
import { readErrorLayers } from './errorLayers.js';

/** Lone UTF-16 surrogates: they have no UTF-8 form, so `encodeURIComponent` throws on them. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A voucher code as a URL path segment: `encodeURIComponent(code)`, so `/`, `?`, `#`, `%`,
 * spaces and every non-ASCII character are percent-encoded (`'SUMMER 10/50'` →
 * `'SUMMER%2010%2F50'`) and `decodeURIComponent` gives the code back exactly.
 *
 * - `code`: the code as typed (check it first with {@link parseVoucherCode}: the segments `.`
 *   and `..` pass through unchanged and URL parsers collapse them, whatever their encoding).
 * - A lone surrogate (ill-formed UTF-16, which `encodeURIComponent` would throw on) is replaced
 *   by U+FFFD first; a non-string gives `''`. Never throws.
 * Implements commerce-and-account-data.md §5 "Voucher code is URL-encoded before sending".
 */
export function voucherPathSegment(code: string): string {
  if (typeof code !== 'string') return '';
  return encodeURIComponent(code.replace(LONE_SURROGATE, '\uFFFD'));
}

/** Why a typed voucher code cannot be sent. */
export type VoucherCodeProblem = 'empty' | 'dotSegment';

/** A typed voucher code, trimmed, or why it cannot be sent. */
export type VoucherCodeResult = { ok: true; code: string } | { ok: false; problem: VoucherCodeProblem };

/**
 * The voucher code to send for what the viewer typed: surrounding whitespace removed.
 * `{ ok: false, problem: 'empty' }` for a blank value or a non-string; `'dotSegment'` for `.`
 * and `..` (a path segment that URL parsers resolve away, so the call would reach another
 * route). Never throws.
 * Implements commerce-and-account-data.md §5 (voucher code) for §7 `PUT /baskets/vouchers/{code}`.
 */
export function parseVoucherCode(raw: unknown): VoucherCodeResult {
  if (typeof raw !== 'string') return { ok: false, problem: 'empty' };
  const code = raw.trim();
  if (code === '') return { ok: false, problem: 'empty' };
  if (code === '.' || code === '..') return { ok: false, problem: 'dotSegment' };
  return { ok: true, code };
}

/** Body of `POST /promotions/voucher/redeem` (§7). */
export interface VoucherRedeemBody {
  voucherCode: string;
  /** The licence id, present only when the given id is an integer (§5). */
  licenceId?: number;
}

const DIGITS = /^[0-9]+$/;

/**
 * `licenceId` as an integer, or `undefined`: a number that is a safe integer (`-0` gives 0), or
 * a string of ASCII digits only (no sign, spaces, decimal point or exponent; leading zeros
 * allowed, `'007'` → 7) whose value is a safe integer. Anything else (`1.5`, `NaN`, `'12a'`,
 * `' 12'`, `'1e3'`, `'9007199254740993'`, `12n`, `null`) gives `undefined`. Never throws.
 */
export function integerLicenceId(licenceId: unknown): number | undefined {
  if (typeof licenceId === 'number') return Number.isSafeInteger(licenceId) ? licenceId + 0 : undefined;
  if (typeof licenceId === 'string' && DIGITS.test(licenceId)) {
    const value = Number(licenceId);
    return Number.isSafeInteger(value) ? value : undefined;
  }
  return undefined;
}

/**
 * The body that redeems a licence voucher: `{ voucherCode }` plus `licenceId` only when
 * `licenceId` is an integer (see {@link integerLicenceId}): `('WELCOME', '42')` →
 * `{ voucherCode: 'WELCOME', licenceId: 42 }`; `('WELCOME', 'abc')` → `{ voucherCode: 'WELCOME' }`.
 *
 * - `code`: sent as given (a JSON body needs no URL encoding); a non-string gives `''`.
 * - Never throws.
 * Implements commerce-and-account-data.md §5 ("A licence voucher is applied with licenceId only
 * when it is an integer") and §7 `POST /promotions/voucher/redeem`.
 */
export function voucherRedeemBody(code: string, licenceId: unknown): VoucherRedeemBody {
  const voucherCode = typeof code === 'string' ? code : '';
  const id = integerLicenceId(licenceId);
  return id === undefined ? { voucherCode } : { voucherCode, licenceId: id };
}

/** Label key of a voucher code the platform does not know (HTTP 404). */
export const VOUCHER_NOT_VALID_KEY = 'voucherNotValid';
/** Label key of a voucher that does not apply to this basket (HTTP 409). */
export const VOUCHER_NOT_APPLICABLE_KEY = 'voucherNotApplicable';

/**
 * The label key of a failed `vouchers.add` / `vouchers.remove`: status 404 → `voucherNotValid`,
 * 409 → `voucherNotApplicable`, anything else (no answer, another status) → `unknownError`.
 * The status is read from an `ApiError` or a platform error body. Never throws.
 * Implements commerce-and-account-data.md §3 "Basket" (vouchers) and §8.
 */
export function voucherErrorKey(error: unknown): 'voucherNotValid' | 'voucherNotApplicable' | 'unknownError' {
  const { status } = readErrorLayers(error);
  if (status === 404) return VOUCHER_NOT_VALID_KEY;
  if (status === 409) return VOUCHER_NOT_APPLICABLE_KEY;
  return 'unknownError';
}

/**
 * The label key of a typed voucher code that cannot be sent (`parseVoucherCode`): a blank code →
 * `voucherCodeEmpty`, a dot segment → `voucherNotValid`.
 */
export function voucherProblemKey(problem: VoucherCodeProblem): 'voucherCodeEmpty' | 'voucherNotValid' {
  return problem === 'empty' ? 'voucherCodeEmpty' : VOUCHER_NOT_VALID_KEY;
}
