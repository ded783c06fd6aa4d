import type { ConsentAnswer, PaymentDetailsLike } from '../../domain/index.js';

/**
 * The answer of a pay call, as far as the payment machine reads it. Local on purpose: the basket
 * contracts type the full answer; any object with these fields fits.
 */
export interface PayResultLike {
  /** `'REQUIRES_ACTION'`: the payer must approve elsewhere (3-D Secure, a redirecting provider). */
  status?: string | null;
  /** Where the view sends the browser when the payment needs the payer's action. */
  redirectUrl?: string | null;
}

/** Input of the `pay` actor: one pay attempt. */
export interface PayActorInput {
  /** Internal: the payment API of the machine's input, when one was given. */
  api: PaymentApiLike | null;
  /** The licence id or SKU being bought. */
  item: string;
  /** The chosen payment details (details id, target provider, method type). */
  details: PaymentDetailsLike;
  /** The idempotency key of this attempt: the same on a retry, new after a basket or card change. */
  idempotencyKey: string;
  /** Consent answers sent with the payment; `[]` when none. */
  consent: ConsentAnswer[];
  /** The total is a zero balance: no card entry (§5). */
  zeroBalance: boolean;
  /** True when the payer accepted buying without the free trial (after a 409 `freeTrialDenied`). */
  acknowledgeNoFreeTrial: boolean;
  /** Billing details given after a 424 (field name → value); `{}` when none. */
  billingDetails: Record<string, string>;
}

/** Anything with a `pay` function: the API client's basket area, or a fake. */
export interface PaymentApiLike {
  /** Sends one pay attempt; rejects with the platform error on failure. */
  pay(input: Omit<PayActorInput, 'api'>): Promise<PayResultLike>;
}

/** A payment provider offered at checkout. */
export interface PaymentProviderLike {
  /** Provider id (`paymentProviderId`). */
  id: string;
  /** Provider name (`targetPaymentProvider`: `stripe`, `paypal`, `ideal`...). */
  name: string;
  /** Whether vouchers can be used with this provider. @default false */
  hasVouchers?: boolean;
}

/** Input of the payment machine. */
export interface PaymentInput {
  /** Payment API used by the default `pay` actor; omit it when the actor is given with `.provide()`. @default null */
  api?: PaymentApiLike | null;
  /** The licence id or SKU being bought. */
  item: string;
  /** The providers offered at checkout. @default [] */
  providers?: PaymentProviderLike[];
  /** Creates an idempotency key. @default globalThis.crypto.randomUUID (a random fallback when missing) */
  createKey?: () => string;
}

/** What the last `pay` asked for, kept so a retry sends it again. */
export interface PayAttempt {
  details: PaymentDetailsLike;
  zeroBalance: boolean;
  consent: ConsentAnswer[];
  acknowledgeNoFreeTrial: boolean;
  billingDetails: Record<string, string>;
}

/** Context of the payment machine: the payment flow state of commerce-and-account-data.md §4. */
export interface PaymentContext {
  /** The licence id or SKU being bought. */
  item: string;
  /** Whether the selected provider accepts vouchers (set by `provider.select`). */
  vouchers: boolean;
  /** The providers offered at checkout. */
  providers: PaymentProviderLike[];
  /** The selected provider's id, or null. */
  providerId: string | null;
  /** True exactly while a payment runs (`paying`, `providerPaying`). */
  processing: boolean;
  /** Message to show (a label key such as `failedPayment`, or server text); null when none. */
  error: string | null;
  /** True while billing details are asked for (a 424, or `billingDetails.required`). */
  billingDetailsRequired: boolean;
  /** The billing fields asked for (as the platform names them); `[]` when none. */
  missingFields: string[];
  /** The idempotency key the next pay attempt sends. Renewed after a success and on a basket or card change. */
  idempotencyKey: string;
  /** The last successful pay answer, or null. */
  paymentResult: PayResultLike | null;
  /** Where to send the browser in `redirecting`; null otherwise. */
  redirectUrl: string | null;
  /** Internal: the last pay attempt, for retries. */
  attempt: PayAttempt | null;
  /** Internal: the API and the key factory. */
  env: { api: PaymentApiLike | null; createKey: () => string };
}

/** Events of the payment machine. */
export type PaymentEvent =
  /** Pay with these details; `zeroBalance` skips the card checks (§5); `consent` goes with the payment. */
  | { type: 'pay'; details: PaymentDetailsLike; zeroBalance?: boolean; consent?: ConsentAnswer[] }
  /** A payment run by the provider's own UI started (PayPal button, wallet sheet): sets processing. */
  | { type: 'payment.start' }
  /** That payment completed: clears processing. */
  | { type: 'payment.complete' }
  /** A payment failed outside the pay call: stores the message. */
  | { type: 'payment.error'; message: string }
  /** Removes the error. */
  | { type: 'error.clear' }
  /** Billing details are needed: sets the flag and the missing fields. */
  | { type: 'billingDetails.required'; missingFields: string[] }
  /** Clears the flag and the missing fields. */
  | { type: 'billingDetails.unset' }
  /** The payer gave the billing details: pay again with the same key. */
  | { type: 'billingDetails.submit'; values?: Record<string, string> }
  /** Records the selected provider's id and whether it has vouchers. */
  | { type: 'provider.select'; providerId: string; hasVouchers: boolean }
  /** The payer accepts buying without the free trial: pay again with `acknowledgeNoFreeTrial`. */
  | { type: 'freeTrial.acknowledge' }
  /** The payer declines buying without the free trial. */
  | { type: 'freeTrial.decline' }
  /** The basket changed (voucher, item, price): a new idempotency key. */
  | { type: 'basket.changed' }
  /** The card or payment details changed: a new idempotency key. */
  | { type: 'card.changed' };
