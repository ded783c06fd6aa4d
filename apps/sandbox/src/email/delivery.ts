/**
 * Sending the reset and magic-link emails off the request path, and their rate limit (issue 12
 * "No account enumeration by timing", "At most 3 reset or magic-link emails per address per 15
 * minutes"; docs/sandbox.md "Email flows").
 *
 * - {@link queueDelivery}: the handler hands the work (issuing the token, rendering and storing the
 *   email) to a queue it does not await, so the answer for an existing account takes as long as
 *   for an unknown one. The outbox (`readOutbox`: `GET /_sandbox/outbox` and its page) waits for
 *   the queued deliveries of its database first, so a test that reads it after the answer finds
 *   the email.
 * - {@link EmailRateLimit}: at most {@link EMAILS_PER_WINDOW} reset or magic-link emails to one
 *   address per {@link EMAIL_WINDOW_MS}; further requests get the same answer and send nothing.
 *   Requests for unknown addresses count too, so the limit reveals nothing. Addresses are kept as
 *   SHA-256 digests, in memory, at most {@link MAX_EMAIL_LIMIT_KEYS}.
 */
import { createHash } from 'node:crypto';

/** Most reset or magic-link emails to one address in {@link EMAIL_WINDOW_MS}. */
export const EMAILS_PER_WINDOW = 3;
/** The window of {@link EMAILS_PER_WINDOW}: 15 minutes (ms). */
export const EMAIL_WINDOW_MS = 15 * 60_000;
/** Most addresses the limit keeps at once (the oldest go first). */
export const MAX_EMAIL_LIMIT_KEYS = 50_000;
/** Longest time (ms) a reader of the outbox waits for queued deliveries. */
export const OUTBOX_SETTLE_TIMEOUT_MS = 10_000;

const queues = new WeakMap<object, Set<Promise<void>>>();

/**
 * Runs `task` (a delivery for the outbox of `db`) after the current request, without the caller
 * awaiting it. A failure is logged (without the address or the link) and otherwise ignored: the
 * caller's answer is the same either way.
 */
export function queueDelivery(db: object, task: () => Promise<void>): void {
  let set = queues.get(db);
  if (!set) queues.set(db, (set = new Set()));
  const run: Promise<void> = Promise.resolve()
    .then(task)
    .catch((error: unknown) => {
      console.error('[sandbox] an email could not be delivered to the outbox:', error instanceof Error ? error.name : 'error');
    })
    .finally(() => set.delete(run));
  set.add(run);
}

const sources = new WeakMap<object, Map<string, () => Promise<unknown>>>();

/**
 * Sets the outbox source `name` of `db`: work that puts the emails due by the sandbox clock into
 * its outbox (`gifts`: the gifts whose delivery date has come, `gifts/gifts.ts`). Every read of
 * the outbox runs the sources first, so moving the clock and reading the outbox finds them. The
 * last app created over a database owns each name. A failing source is logged and ignored.
 */
export function setOutboxSource(db: object, name: string, source: () => Promise<unknown>): void {
  let named = sources.get(db);
  if (!named) sources.set(db, (named = new Map()));
  named.set(name, source);
}

/** Resolves once the outbox sources of `db` have run and the deliveries queued for its outbox are done, or after `timeoutMs`. */
export async function deliveriesSettled(db: object, timeoutMs = OUTBOX_SETTLE_TIMEOUT_MS): Promise<void> {
  for (const source of sources.get(db)?.values() ?? []) {
    await source().catch((error: unknown) => {
      console.error('[sandbox] due emails could not be delivered to the outbox:', error instanceof Error ? error.name : 'error');
    });
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = [...(queues.get(db) ?? [])];
    const left = deadline - Date.now();
    if (pending.length === 0 || left <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(pending),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, left);
      }),
    ]);
    clearTimeout(timer);
  }
}

/** The per-address limit of reset and magic-link emails; `now` is the clock in epoch ms. */
export class EmailRateLimit {
  readonly #sent = new Map<string, number[]>();
  readonly #now: () => number;
  readonly #maxKeys: number;

  constructor(options: { now: () => number; maxKeys?: number }) {
    this.#now = options.now;
    this.#maxKeys = options.maxKeys ?? MAX_EMAIL_LIMIT_KEYS;
  }

  /**
   * Counts a request for an email to `address` (trimmed, lower-cased): true when it may be sent
   * (fewer than {@link EMAILS_PER_WINDOW} in the last {@link EMAIL_WINDOW_MS}), false otherwise
   * (a refused request does not count).
   */
  allow(address: string): boolean {
    const now = this.#now();
    const key = createHash('sha256').update(address.trim().toLowerCase(), 'utf8').digest('base64url');
    const recent = (this.#sent.get(key) ?? []).filter((at) => now - at < EMAIL_WINDOW_MS && at <= now);
    if (recent.length >= EMAILS_PER_WINDOW) {
      this.#sent.set(key, recent);
      return false;
    }
    recent.push(now);
    this.#sent.delete(key);
    if (this.#sent.size >= this.#maxKeys) {
      for (const [old, times] of this.#sent) if (times.every((at) => now - at >= EMAIL_WINDOW_MS)) this.#sent.delete(old);
      for (const old of this.#sent.keys()) {
        if (this.#sent.size < this.#maxKeys) break;
        this.#sent.delete(old);
      }
    }
    this.#sent.set(key, recent);
    return true;
  }
}
