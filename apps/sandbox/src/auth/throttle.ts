/**
 * Throttling of every call that checks a secret (issue 12 "Throttling"; docs/api.md
 * "Throttling", docs/sandbox.md "Throttling"): ID and provider sign-ins, reset and magic-link
 * tokens, TV device PINs, licence codes, vouchers.
 *
 * Each attempt is counted under two keys of its scope: the secret's subject (the account's
 * email, the provider id, the basket, the signed-in account, the device) and the client address
 * (the connecting socket's address, never a header the client sends; none in in-process
 * `app.request` tests). After {@link THROTTLE_FREE_FAILURES} consecutive failures of a key the
 * call answers 429 `TOO_MANY_ATTEMPTS` with `Retry-After` (whole seconds) until the delay has
 * passed: 30 s after the 5th failure, doubling per further failure up to 15 minutes (core's
 * `throttleDelayMs`); a scope may have its own rule ({@link SCOPE_DELAYS}: the parental PIN waits
 * 15 minutes at once). The right secret is refused during the delay too. A success resets both
 * keys (so a person who got in from an address clears that address's count). Attempts under way
 * count, so a burst of parallel guesses is refused too. A key is forgotten 15 minutes after its
 * delay ended without a new failure.
 *
 * The keys are stored as SHA-256 digests (no email or address is kept), in memory, at most
 * {@link MAX_THROTTLE_KEYS} of them (the oldest go first). The clock is `now` (epoch ms), so
 * tests move time instead of waiting.
 */
import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import {
  PIN_FREE_FAILURES,
  PIN_LOCK_MS,
  THROTTLE_FREE_FAILURES,
  THROTTLE_MAX_DELAY_MS,
  TOO_MANY_ATTEMPTS_CODE,
  TOO_MANY_ATTEMPTS_KEY,
  retryAfterSeconds,
  throttleDelayMs,
} from '@stream/core/domain';
import { ApiHttpError } from '../errors.js';
import type { SandboxEnv } from '../http/env.js';

/** Which kind of secret an attempt checks; each scope counts on its own. */
export type ThrottleScope =
  | 'login'
  | 'provider'
  | 'resetToken'
  | 'magicToken'
  | 'devicePin'
  | 'deviceCode'
  | 'licenceCode'
  | 'voucher'
  /** A gift's redemption code (issue 18), keyed by the redeeming account. */
  | 'giftCode'
  /** The parental PIN, keyed by the profile whose session tries it (a child cannot lock the family out). */
  | 'parentalPin';

/** A scope's delay (ms) after a key's `failures`-th consecutive failure: 0 while the key is free. */
export type ThrottleDelay = (failures: number) => number;

/**
 * The parental PIN's delay (issue 16): free for {@link PIN_FREE_FAILURES} wrong PINs, then
 * {@link PIN_LOCK_MS} (15 minutes) after each further one, instead of the doubling from 30 s.
 */
export const parentalPinDelayMs: ThrottleDelay = (failures) => (failures >= PIN_FREE_FAILURES ? PIN_LOCK_MS : 0);

/** The delay of each scope that does not use core's `throttleDelayMs` (30 s doubling to 15 minutes). */
export const SCOPE_DELAYS: Partial<Record<ThrottleScope, ThrottleDelay>> = { parentalPin: parentalPinDelayMs };

/** The keys of one attempt: its scope, the secret's subject and the client address (both optional). */
export interface ThrottleKeys {
  scope: ThrottleScope;
  /** The account or other subject the secret is for (an email, an id, a basket id…); compared as given. */
  subject?: string | undefined;
  /** The client's socket address ({@link clientAddress}). */
  address?: string | undefined;
}

/** An attempt that passed the throttle: report how it ended, exactly once. */
export interface ThrottleAttempt {
  /** The secret was wrong: counts a failure under both keys. */
  failed(): void;
  /** The secret was right: both keys start over. */
  succeeded(): void;
  /** The attempt ended without checking the secret (bad input, an outage): nothing is counted. */
  released(): void;
}

/** Most keys kept at once. */
export const MAX_THROTTLE_KEYS = 50_000;
/** A key is forgotten this long (ms) after its delay ended without a new failure. */
export const THROTTLE_FORGET_AFTER_MS = THROTTLE_MAX_DELAY_MS;

interface Entry {
  /** The delay rule of the key's scope. */
  delay: ThrottleDelay;
  failures: number;
  lastFailureAt: number;
  pending: number;
}

/** The wait in seconds of a throttle refusal ({@link tooManyAttempts}), else undefined: for peers that answer in their own shape. */
export function throttledSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiHttpError) || error.status !== 429) return undefined;
  const seconds = Number(error.headers?.['Retry-After']);
  return Number.isFinite(seconds) ? seconds : undefined;
}

/** 429 `TOO_MANY_ATTEMPTS` with `Retry-After`, in the platform's error shape. */
export function tooManyAttempts(seconds: number): ApiHttpError {
  return new ApiHttpError(
    429,
    TOO_MANY_ATTEMPTS_CODE,
    [TOO_MANY_ATTEMPTS_KEY, `Too many failed attempts; try again in ${seconds} seconds`],
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

/**
 * The throttle of one app. `now` is the clock in epoch milliseconds; `maxKeys` bounds memory
 * (default {@link MAX_THROTTLE_KEYS}).
 */
export class SecretThrottle {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;
  readonly #maxKeys: number;

  readonly #delays: Partial<Record<ThrottleScope, ThrottleDelay>>;

  /** `delays` replaces the delay rule of some scopes (default {@link SCOPE_DELAYS}). */
  constructor(options: { now: () => number; maxKeys?: number; delays?: Partial<Record<ThrottleScope, ThrottleDelay>> }) {
    this.#now = options.now;
    this.#maxKeys = options.maxKeys ?? MAX_THROTTLE_KEYS;
    this.#delays = options.delays ?? SCOPE_DELAYS;
  }

  /** How many keys are kept (for tests of the bound). */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * Starts an attempt: throws 429 `TOO_MANY_ATTEMPTS` (`Retry-After` = the longest wait of its
   * keys) when a key is in its delay, or when its failures and the attempts under way reach
   * {@link THROTTLE_FREE_FAILURES}; else counts the attempt as under way and returns it.
   */
  begin(keys: ThrottleKeys): ThrottleAttempt {
    const now = this.#now();
    const digests = digestsOf(keys);
    const delayOf = this.#delays[keys.scope] ?? throttleDelayMs;
    let waitMs = 0;
    for (const digest of digests) {
      const entry = this.#live(digest, now);
      if (!entry) continue;
      const delay = delayOf(entry.failures);
      const lockedFor = entry.lastFailureAt + delay - now;
      if (delay > 0 && lockedFor > 0) waitMs = Math.max(waitMs, lockedFor);
      else if (entry.pending > 0 && entry.failures + entry.pending >= THROTTLE_FREE_FAILURES) {
        // Guesses under way would reach the limit: refuse as if they had failed.
        waitMs = Math.max(waitMs, delayOf(entry.failures + entry.pending));
      }
    }
    if (waitMs > 0) throw tooManyAttempts(retryAfterSeconds(waitMs));
    const entries = digests.map((digest) => this.#entry(digest, now, delayOf));
    for (const entry of entries) entry.pending += 1;
    let open = true;
    const end = (outcome: 'failed' | 'succeeded' | 'released') => {
      if (!open) return;
      open = false;
      const at = this.#now();
      digests.forEach((digest, i) => {
        const entry = entries[i]!;
        entry.pending = Math.max(0, entry.pending - 1);
        if (outcome === 'failed') {
          entry.failures += 1;
          entry.lastFailureAt = at;
          if (!this.#entries.has(digest)) this.#store(digest, entry, at);
        } else if (outcome === 'succeeded') {
          entry.failures = 0;
          if (entry.pending === 0) this.#entries.delete(digest);
        } else if (entry.pending === 0 && entry.failures === 0) {
          this.#entries.delete(digest);
        }
      });
    };
    return { failed: () => end('failed'), succeeded: () => end('succeeded'), released: () => end('released') };
  }

  /**
   * Runs `check` (the secret check) as one attempt: `true` → success, `false` → failure; a
   * thrown error releases the attempt and is rethrown. Throws 429 as {@link begin} does.
   */
  async attempt<T>(keys: ThrottleKeys, check: () => Promise<T>, isSuccess: (result: T) => boolean = Boolean): Promise<T> {
    const attempt = this.begin(keys);
    let result: T;
    try {
      result = await check();
    } catch (error) {
      attempt.released();
      throw error;
    }
    if (isSuccess(result)) attempt.succeeded();
    else attempt.failed();
    return result;
  }

  /** Forgets every key (the `/_sandbox/throttle/reset` control). */
  clear(): void {
    this.#entries.clear();
  }

  /** The entry of `digest` unless it is forgotten by now. */
  #live(digest: string, now: number): Entry | undefined {
    const entry = this.#entries.get(digest);
    if (entry && entry.pending === 0 && forgotten(entry, now)) {
      this.#entries.delete(digest);
      return undefined;
    }
    return entry;
  }

  #entry(digest: string, now: number, delay: ThrottleDelay): Entry {
    const found = this.#live(digest, now);
    if (found) return found;
    const entry: Entry = { delay, failures: 0, lastFailureAt: 0, pending: 0 };
    this.#store(digest, entry, now);
    return entry;
  }

  /** Stores `entry`, first dropping forgotten keys, then the oldest, to stay within the bound. */
  #store(digest: string, entry: Entry, now: number): void {
    if (this.#entries.size >= this.#maxKeys) {
      for (const [key, old] of this.#entries) if (old.pending === 0 && forgotten(old, now)) this.#entries.delete(key);
      for (const key of this.#entries.keys()) {
        if (this.#entries.size < this.#maxKeys) break;
        this.#entries.delete(key);
      }
    }
    this.#entries.set(digest, entry);
  }
}

/** True when `entry`'s delay ended more than {@link THROTTLE_FORGET_AFTER_MS} ago. */
function forgotten(entry: Entry, now: number): boolean {
  return now - (entry.lastFailureAt + entry.delay(entry.failures)) >= THROTTLE_FORGET_AFTER_MS;
}

function digestsOf(keys: ThrottleKeys): string[] {
  const digest = (kind: string, value: string) =>
    createHash('sha256').update(`${keys.scope}\n${kind}\n${value}`, 'utf8').digest('base64url');
  const digests: string[] = [];
  if (keys.subject !== undefined && keys.subject !== '') digests.push(digest('subject', keys.subject));
  if (keys.address !== undefined && keys.address !== '') digests.push(digest('address', keys.address));
  return digests;
}

/**
 * Registers `POST /_sandbox/throttle/reset` on `app` (a sandbox control: realm, API key and admin
 * key): forgets every throttle key, so a test that provoked a delay leaves none behind → `{}`.
 */
export function registerThrottleControl(app: Hono<SandboxEnv>, throttle: SecretThrottle): void {
  app.post('/_sandbox/throttle/reset', (c) => {
    throttle.clear();
    return c.json({});
  });
}

/**
 * The client's address: the connecting socket's (Hono node-server `getConnInfo`), an IPv4-mapped
 * IPv6 address as IPv4. Undefined when the request came through no socket (in-process
 * `app.request`). Never a header the client sends (`X-Forwarded-For` is not trusted).
 */
export function clientAddress(c: Context): string | undefined {
  try {
    const address = getConnInfo(c).remote.address;
    if (!address) return undefined;
    return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
  } catch {
    return undefined;
  }
}
