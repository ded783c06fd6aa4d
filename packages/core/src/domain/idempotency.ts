/**
 * The idempotency key of a checkout's pay attempts: the platform charges at most once per key, so
 * a retry of the same attempt must send the same key (it can never charge twice), and anything
 * that makes it another payment must send a new one (or the platform would answer the old
 * attempt's outcome again: a declined card's decline, a paid basket's payment).
 * Implements commerce-and-account-data.md §7 "Baskets and payments" (`Idempotency-Key`) and §5.
 */

/** What the rule remembers between events. */
export interface IdempotencyState {
  /** The payment method of the last attempt (`paymentMethodId`), or undefined before the first one and after a method change. */
  lastMethod: string | undefined;
}

/** What happened to the checkout. */
export type IdempotencyEvent =
  /** A pay attempt with the payment method `method` (`paymentMethodId`: the details id, or `ZERO_BALANCE`). */
  | { type: 'attempt'; method: string }
  /** The payment method itself changed: a card field edited after an attempt, a provider's method initialised. */
  | { type: 'methodChanged' }
  /** The basket changed (a voucher added or removed). */
  | { type: 'basketChanged' }
  /** A pay attempt succeeded (paid, or sent away to approve): the next payment is another one. */
  | { type: 'succeeded' }
  /** A pay attempt failed (declined, 409, 424, no answer): its retry is the same payment. */
  | { type: 'failed' };

/** The rule's answer to one event. */
export interface IdempotencyStep {
  /** Use a new key from now on (for an `attempt`: before sending it). */
  renew: boolean;
  /** The state after the event. */
  lastMethod: string | undefined;
}

/**
 * The idempotency-key rule, one event at a time:
 * - `attempt` renews the key when it pays with another method than the previous attempt (a
 *   stored card after a new card, a zero balance after a card...), and remembers its method;
 * - `methodChanged` renews the key and forgets the last method (the next attempt is a new
 *   payment whatever its details id);
 * - `basketChanged` and `succeeded` renew the key;
 * - `failed` keeps it: a retry sends the same key, so the platform never charges twice.
 * Total: an unknown event keeps the key and the state. Never throws.
 * Implements commerce-and-account-data.md §7 (`Idempotency-Key`: "a retry of the same attempt
 * reuses it, a new attempt (another basket or card) takes a new one").
 */
export function idempotencyKeyStep(state: IdempotencyState, event: IdempotencyEvent): IdempotencyStep {
  const lastMethod = state?.lastMethod;
  switch (event?.type) {
    case 'attempt': {
      const method = String(event.method);
      return { renew: lastMethod !== undefined && lastMethod !== method, lastMethod: method };
    }
    case 'methodChanged':
      return { renew: true, lastMethod: undefined };
    case 'basketChanged':
    case 'succeeded':
      return { renew: true, lastMethod };
    default:
      return { renew: false, lastMethod };
  }
}
