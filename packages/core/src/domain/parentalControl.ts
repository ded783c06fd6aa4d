/**
 * Parental control (commerce-and-account-data.md §3 "Parental control", §6, §7; issue 16): the
 * PIN's format, the rating filter of a child profile's session and the PIN throttle's numbers.
 * Pure and total: every function accepts any value and never throws.
 */
import { readErrorLayers } from './errorLayers.js';
import { tooManyAttemptsMessage } from './throttle.js';

/** The parental-control statuses (§3): `RESTRICTED` (a PIN guards the adult profiles) or `NON_RESTRICTED`. */
export const PARENTAL_STATUSES = ['RESTRICTED', 'NON_RESTRICTED'] as const;
export type ParentalStatus = (typeof PARENTAL_STATUSES)[number];

/** How many digits a parental PIN has. */
export const PIN_LENGTH = 4;
/** A parental PIN: exactly four ASCII digits, kept as a string so that a leading zero survives. */
export const PIN_PATTERN = /^[0-9]{4}$/;
/** Wrong PINs a profile may enter before it is refused (the 6th attempt after 5 wrong ones waits). */
export const PIN_FREE_FAILURES = 5;
/** How long (ms) a profile waits after {@link PIN_FREE_FAILURES} wrong PINs: 15 minutes (the rule, not the doubling one). */
export const PIN_LOCK_MS = 15 * 60_000;

/** Why a PIN is refused: not a string, wrong length, or a character that is not a digit. */
export type PinError = 'pinRequired' | 'pinLength' | 'pinDigits';

/**
 * The error key of a PIN candidate, or null for a valid PIN (exactly four ASCII digits `0`–`9`,
 * a string: `'0042'` is valid, the number `42` is not). Checks in order: not a non-empty string →
 * `pinRequired`; any character not an ASCII digit → `pinDigits`; not 4 characters → `pinLength`.
 */
export function pinError(pin: unknown): PinError | null {
  if (typeof pin !== 'string' || pin === '') return 'pinRequired';
  if (!/^[0-9]+$/.test(pin)) return 'pinDigits';
  if (pin.length !== PIN_LENGTH) return 'pinLength';
  return null;
}

/** True for a valid PIN ({@link pinError} is null). */
export function isValidPin(pin: unknown): pin is string {
  return pinError(pin) === null;
}

/**
 * What a PIN pad keeps of a key press: `entered` plus `key` when `key` is one ASCII digit and the
 * PIN is not yet full; else `entered` as it was (cut to its first 4 digits, non-digits dropped).
 */
export function appendPinDigit(entered: unknown, key: unknown): string {
  const digits = typeof entered === 'string' ? entered.replace(/[^0-9]/g, '').slice(0, PIN_LENGTH) : '';
  return typeof key === 'string' && /^[0-9]$/.test(key) && digits.length < PIN_LENGTH ? digits + key : digits;
}

/**
 * Whether a title rated `ageRating` (its minimum age; 0: everyone) may reach a session whose
 * age-rating limit is `limit` (the claims' `arl`; undefined or null: not restricted, every title).
 * A rating that is not a non-negative finite number counts as unrated for adults only (refused to
 * a restricted session); a limit that is not a non-negative finite number allows only titles
 * rated 0. Monotone: a higher limit allows at least what a lower one does.
 */
export function ratingAllowed(ageRating: unknown, limit: unknown): boolean {
  if (limit === undefined || limit === null) return true;
  const rating = typeof ageRating === 'number' && Number.isFinite(ageRating) && ageRating >= 0 ? ageRating : Number.POSITIVE_INFINITY;
  const max = typeof limit === 'number' && Number.isFinite(limit) && limit >= 0 ? limit : 0;
  return rating <= max;
}

/** The items of `items` whose `ageRating` a session with `limit` may receive ({@link ratingAllowed}), in their order. */
export function filterByRating<T extends { ageRating?: unknown }>(items: readonly T[], limit: unknown): T[] {
  return Array.isArray(items) ? items.filter((item) => ratingAllowed(item?.ageRating, limit)) : [];
}

/** What a failed PIN call means to a PIN pad: a wrong PIN, a throttled profile (with its wait), or another failure (a message key). */
export type PinFailure =
  | { kind: 'wrong'; key: 'wrongPin' }
  | { kind: 'throttled'; key: 'tooManyAttempts'; seconds: number }
  | { kind: 'other'; key: string };

/**
 * Reads a failed parental-control call (`verify`, `set`, `remove`; docs/api.md "Parental
 * control"): 429 `TOO_MANY_ATTEMPTS` → `throttled` with the wait in whole seconds (core's
 * `tooManyAttemptsMessage`: `Retry-After`, else 30 s); 403 `INVALID_PIN` → `wrong`; 409
 * `pinNotSet` → `other` `pinNotSet`; 403 `kidProfileManagementDenied` → `other` with that key;
 * 404 `invalidPinResetCode` (a reset code unknown, used or expired: `pin { resetCode }`) → `other`
 * with that key; anything else → `other` `anErrorOccured`. Never throws.
 */
export function pinFailure(error: unknown): PinFailure {
  const throttled = tooManyAttemptsMessage(error);
  if (throttled) return { kind: 'throttled', key: 'tooManyAttempts', seconds: throttled.seconds };
  const { status, code, messages } = readErrorLayers(error);
  if (code === 'INVALID_PIN') return { kind: 'wrong', key: 'wrongPin' };
  const known = messages.find((message) => message === 'pinNotSet' || message === 'kidProfileManagementDenied');
  if (known && (status === 409 || status === 403)) return { kind: 'other', key: known };
  if (status === 404 && messages.includes('invalidPinResetCode')) return { kind: 'other', key: 'invalidPinResetCode' };
  return { kind: 'other', key: 'anErrorOccured' };
}
