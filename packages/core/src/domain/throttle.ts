/**
 * Throttling of secret checks (issue 12 "Throttling"; this project's rule, docs/api.md
 * "Throttling"): how long a key (an account, a secret's subject or a client address) is refused
 * after consecutive failures, and what the viewer is told when the platform refuses with 429
 * `TOO_MANY_ATTEMPTS`. Pure and total: every function accepts any value and never throws.
 */
import { readErrorLayers, readField } from './errorLayers.js';

/** Consecutive failures a key may have before it is refused: the 6th attempt after 5 failures waits. */
export const THROTTLE_FREE_FAILURES = 5;
/** The first delay, after {@link THROTTLE_FREE_FAILURES} consecutive failures: 30 s (milliseconds). */
export const THROTTLE_BASE_DELAY_MS = 30_000;
/** The longest delay: 15 minutes (milliseconds). */
export const THROTTLE_MAX_DELAY_MS = 15 * 60_000;
/** The platform's error code of a refused attempt (HTTP 429, with `Retry-After` in seconds). */
export const TOO_MANY_ATTEMPTS_CODE = 'TOO_MANY_ATTEMPTS';
/** The message key of a refused attempt; its label has a `{seconds}` placeholder. */
export const TOO_MANY_ATTEMPTS_KEY = 'tooManyAttempts';

/**
 * The delay in milliseconds a key waits after its `failures`-th consecutive failure: 0 below
 * {@link THROTTLE_FREE_FAILURES}; then 30 s, doubling with each further failure (60 s, 120 s…),
 * capped at 15 minutes. `failures` that is not a finite number counts as 0; a fraction is
 * rounded down. Never negative, never above {@link THROTTLE_MAX_DELAY_MS}, non-decreasing in
 * `failures`.
 */
export function throttleDelayMs(failures: unknown): number {
  const count = typeof failures === 'number' && Number.isFinite(failures) ? Math.floor(failures) : 0;
  if (count < THROTTLE_FREE_FAILURES) return 0;
  const doublings = count - THROTTLE_FREE_FAILURES;
  // 2^5 × 30 s already exceeds 15 minutes: no need to compute huge powers.
  if (doublings >= 5) return THROTTLE_MAX_DELAY_MS;
  return Math.min(THROTTLE_BASE_DELAY_MS * 2 ** doublings, THROTTLE_MAX_DELAY_MS);
}

/**
 * The `Retry-After` value (whole seconds, rounded up, at least 1) of a refusal that ends in
 * `remainingMs` milliseconds; capped at 15 minutes. A value that is not a positive finite number
 * gives 1; +Infinity gives 900.
 */
export function retryAfterSeconds(remainingMs: unknown): number {
  const ms = typeof remainingMs === 'number' && !Number.isNaN(remainingMs) ? remainingMs : 0;
  return Math.min(Math.max(1, Math.ceil(ms / 1000)), THROTTLE_MAX_DELAY_MS / 1000);
}

/** What a refused attempt shows: {@link TOO_MANY_ATTEMPTS_KEY} and the wait in whole seconds. */
export interface TooManyAttemptsMessage {
  key: typeof TOO_MANY_ATTEMPTS_KEY;
  /** Placeholder values of the label: `seconds`, a whole number of seconds as text (`'30'`). */
  vars: { seconds: string };
  /** The wait in whole seconds, 1 to 900. */
  seconds: number;
}

/**
 * The message of a throttled attempt, or null when `error` is not one. A throttled attempt is an
 * error (an `ApiError`, a platform error body, or a wrapper of one in `data`/`body`) with code
 * `TOO_MANY_ATTEMPTS`, or with status 429 and no other code. The wait is the error's
 * `retryAfterSeconds` (the `Retry-After` header the API client read), rounded up, at least 1 and
 * at most 900 (15 minutes, the longest delay; +Infinity gives 900); without a usable one (absent,
 * negative, NaN) it is the first delay (30 s). Never throws.
 */
export function tooManyAttemptsMessage(error: unknown): TooManyAttemptsMessage | null {
  const { status, code } = readErrorLayers(error);
  const throttled = code === TOO_MANY_ATTEMPTS_CODE || (status === 429 && (code === undefined || code === 'TOO_MANY_REQUESTS'));
  if (!throttled) return null;
  let given: unknown;
  for (const layer of [error, readField(error, 'data'), readField(error, 'body')]) {
    const value = readField(layer, 'retryAfterSeconds');
    if (typeof value === 'number' && !Number.isNaN(value) && value >= 0) {
      given = value;
      break;
    }
  }
  const cap = THROTTLE_MAX_DELAY_MS / 1000;
  const seconds = typeof given === 'number' ? Math.min(Math.max(1, Math.ceil(given)), cap) : THROTTLE_BASE_DELAY_MS / 1000;
  return { key: TOO_MANY_ATTEMPTS_KEY, vars: { seconds: String(seconds) }, seconds };
}

/**
 * The placeholder values an error's message needs: `{ seconds }` for a throttled attempt (see
 * {@link tooManyAttemptsMessage}), else `{}`. For forms that keep a message key and its values.
 */
export function errorMessageVars(error: unknown): Record<string, string> {
  const message = tooManyAttemptsMessage(error);
  return message ? { ...message.vars } : {};
}
