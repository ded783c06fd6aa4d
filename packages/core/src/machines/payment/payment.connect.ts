import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ConsentAnswer, PaymentDetailsLike } from '../../domain/index.js';
import type { PaymentMachine } from './payment.machine.js';
import type { PaymentEvent, PaymentProviderLike, PayResultLike } from './payment.types.js';

/** A running payment actor. */
export type PaymentActorRef = ActorRefFrom<PaymentMachine>;
/** A snapshot of the payment machine. */
export type PaymentSnapshot = SnapshotFrom<PaymentMachine>;

/** What a checkout view needs from the payment machine. */
export interface PaymentApi {
  /** The licence id or SKU being bought. */
  item: string;
  /** The providers offered. */
  providers: PaymentProviderLike[];
  /** The selected provider's id, or null. */
  providerId: string | null;
  /** Whether the selected provider accepts vouchers (show the voucher field). */
  vouchers: boolean;
  /** A payment runs (disable the pay button, show progress). */
  processing: boolean;
  /** The pay button is live: nothing runs and the payment is not done. */
  canPay: boolean;
  /** Message to show through the labels (a key is translated, server text shows as is), or null. */
  error: string | null;
  /** Ask whether to buy without the free trial (409 `freeTrialDenied`). */
  freeTrialDenied: boolean;
  /** Show the billing details form for {@link PaymentApi.missingFields}. */
  billingDetailsRequired: boolean;
  missingFields: string[];
  /** The payment is done. */
  complete: boolean;
  /** Navigate the browser here (the payer approves elsewhere); null unless redirecting. */
  redirectUrl: string | null;
  /** The last successful pay answer, or null. */
  paymentResult: PayResultLike | null;
  /** The idempotency key the next pay attempt sends (kept with a pending checkout across a redirect). */
  idempotencyKey: string;
  /** Pays with these details (§5 preconditions are checked first). */
  pay(details: PaymentDetailsLike, options?: { zeroBalance?: boolean; consent?: ConsentAnswer[] }): void;
  /** Buys without the free trial after a 409 `freeTrialDenied`. */
  acknowledgeNoFreeTrial(): void;
  /** Declines buying without the free trial. */
  declineFreeTrial(): void;
  /** Sends the billing details and pays again with the same key. */
  submitBillingDetails(values?: Record<string, string>): void;
  /** The payer gives up the billing details form: clears the flag and the missing fields. */
  unsetBillingDetails(): void;
  /** Records the selected provider and whether it has vouchers. */
  selectProvider(providerId: string, hasVouchers: boolean): void;
  clearError(): void;
  /** The basket changed (voucher, price): the next attempt gets a new idempotency key. */
  basketChanged(): void;
  /** The card or payment details changed: the next attempt gets a new idempotency key. */
  cardChanged(): void;
  /** A payment run by the provider's own UI started / completed / failed. */
  providerPaymentStarted(): void;
  providerPaymentCompleted(): void;
  providerPaymentFailed(message: string): void;
}

/** Turns a payment snapshot and its `send` into what a checkout view needs. */
export function connectPayment(snapshot: PaymentSnapshot, send: (event: PaymentEvent) => void): PaymentApi {
  const { context } = snapshot;
  const resting = ['idle', 'error', 'billingDetailsRequired', 'freeTrialDenied'].some((s) => snapshot.matches(s as 'idle'));
  return {
    item: context.item,
    providers: context.providers,
    providerId: context.providerId,
    vouchers: context.vouchers,
    processing: context.processing,
    canPay: resting,
    error: context.error,
    freeTrialDenied: snapshot.matches('freeTrialDenied'),
    billingDetailsRequired: context.billingDetailsRequired,
    missingFields: context.missingFields,
    complete: snapshot.matches('complete'),
    redirectUrl: snapshot.matches('redirecting') ? context.redirectUrl : null,
    paymentResult: context.paymentResult,
    idempotencyKey: context.idempotencyKey,
    pay: (details, options = {}) =>
      send({
        type: 'pay',
        details,
        ...(options.zeroBalance === undefined ? {} : { zeroBalance: options.zeroBalance }),
        ...(options.consent === undefined ? {} : { consent: options.consent }),
      }),
    acknowledgeNoFreeTrial: () => send({ type: 'freeTrial.acknowledge' }),
    declineFreeTrial: () => send({ type: 'freeTrial.decline' }),
    submitBillingDetails: (values) =>
      send(values === undefined ? { type: 'billingDetails.submit' } : { type: 'billingDetails.submit', values }),
    unsetBillingDetails: () => send({ type: 'billingDetails.unset' }),
    selectProvider: (providerId, hasVouchers) => send({ type: 'provider.select', providerId, hasVouchers }),
    clearError: () => send({ type: 'error.clear' }),
    basketChanged: () => send({ type: 'basket.changed' }),
    cardChanged: () => send({ type: 'card.changed' }),
    providerPaymentStarted: () => send({ type: 'payment.start' }),
    providerPaymentCompleted: () => send({ type: 'payment.complete' }),
    providerPaymentFailed: (message) => send({ type: 'payment.error', message }),
  };
}
