import type { CaptchaFlags } from '../../domain/index.js';
import type { ApiClient } from '../../api/types.js';
import type { CardProcessor } from '../../api/processor.js';
import type { Basket, Card, PaymentDetails, PaymentProvider } from '../../contracts/baskets.js';
import type { CardTokenRequest, CheckoutContext } from '../../contracts/checkout.js';
import type { Country } from '../../contracts/countries.js';
import type { CreateGiftRequest } from '../../contracts/gifts.js';
import type {
  ConsentAnswer,
  JourneyPaymentMethod,
  PaidItem,
  PaymentDetailsLike,
  PendingPayment,
  ProviderReturn,
  RouteLocale,
} from '../../domain/index.js';
import type { Clock, KeyValueStorage, Navigation } from '../../platform/types.js';

/**
 * The answer of a pay call, as far as the payment machine reads it. Local on purpose: the basket
 * contracts type the full answer; any object with these fields fits.
 */
export interface PayResultLike {
  /** `'REQUIRES_ACTION'`: the payer must approve elsewhere (3-D Secure, a redirecting provider). */
  status?: string | null;
  /** Where the payer approves when the payment needs their action. */
  redirectUrl?: string | null;
  /** The payment's id (the PAY page reads its confirmation with it). */
  paymentId?: string | null;
}

/** Input of the `pay` actor: one pay attempt. */
export interface PayActorInput {
  /** The platform client the default actor pays through; null when none was given. */
  api: ApiClient | null;
  /** The licence id or SKU being bought. */
  item: string;
  /** The chosen payment details (details id, target provider, method type). */
  details: PaymentDetailsLike;
  /** The idempotency key of this attempt (the domain's `idempotencyKeyStep` decides when it changes). */
  idempotencyKey: string;
  /** Consent answers sent with the payment; `[]` when none. */
  consent: ConsentAnswer[];
  /** The total is a zero balance: no card entry (§5). */
  zeroBalance: boolean;
  /** True when the payer accepted buying without the free trial (after a 409 `freeTrialDenied`). */
  acknowledgeNoFreeTrial: boolean;
  /** Billing details given after a 424 (field name → value); `{}` when none. */
  billingDetails: Record<string, string>;
  /** `{ 'X-Captcha-Token': token }` when the realm's captcha guards payment and a challenge is solved (issue 18), else `{}` or absent. */
  captchaHeaders?: Readonly<Record<string, string>>;
}

/** Anything with a `pay` function: `paymentApiFromClient(api)`, or a fake. */
export interface PaymentApiLike {
  /** Sends one pay attempt; rejects with the platform error on failure. */
  pay(input: Omit<PayActorInput, 'api'>): Promise<PayResultLike>;
}

/** A payment provider as the machine's redirect rule reads it. */
export interface PaymentProviderLike {
  /** Provider id (`paymentProviderId`). */
  id: string;
  /** Provider name (`providerType`, `targetPaymentProvider`: `stripe`, `paypal`, `ideal`...). */
  name: string;
  /** Whether vouchers can be used with this provider. @default false */
  hasVouchers?: boolean;
}

/** What the payer picked on the payment page: a provider, or a card the account keeps. */
export type PaymentChoice =
  | { kind: 'provider'; provider: PaymentProvider }
  | { kind: 'savedCard'; card: Card; provider: PaymentProvider };

/**
 * The events the payment sends to the purchase journey it belongs to (the journey actor given as
 * `journey`): the payer continues to a provider's step, or the payment is done.
 */
export type PaymentJourneyEvent =
  | { type: 'payment.method'; kind: JourneyPaymentMethod }
  | { type: 'payment.done'; completion?: PaidItem | null };

/** The purchase journey a checkout payment reports to: any actor that takes {@link PaymentJourneyEvent}s. */
export interface PaymentJourneyLike {
  send(event: PaymentJourneyEvent): void;
}

/** Where a payment starts (which page runs it). */
export type PaymentStart =
  /**
   * The checkout's payment step (PAYMENT_PAGE and the method steps): puts `licenceId` in the
   * basket, loads its name, the providers and the stored cards, then pays.
   */
  | {
      kind: 'checkout';
      licenceId: string;
      consent?: ConsentAnswer[];
      from?: string | null;
      /** A gift's checkout (docs/api.md "Gifts"): this unpaid gift goes in the basket (`gifts.basket`) instead of the licence. */
      giftId?: string | null;
      /**
       * A gift's checkout whose gift does not exist yet (the buyer signed in inside the journey):
       * the load creates it (`gifts.create`, which puts it in the basket) and keeps its id, so
       * that a retry loads that gift's basket and never creates a second gift. Ignored with `giftId`.
       */
      gift?: CreateGiftRequest | null;
    }
  /**
   * PAY / PAYMENT_CONFIRMATION: back from a redirecting provider with `query` (the domain's
   * `providerReturnOf`, null when a parameter is missing); the pending checkout comes from `storage`.
   */
  | { kind: 'providerReturn'; query: ProviderReturn | null }
  /**
   * PAYMENT_AUTHORIZATION: back from the card's 3-D Secure challenge with `paymentId` (null or
   * blank when missing); the outcome is read from the payment history, never from the query.
   */
  | { kind: 'authorization'; paymentId: string | null };

/** Input of the payment machine. */
export interface PaymentInput {
  /** The platform client the actors call. @default null (every call fails: give the actors with `.provide()`) */
  api?: ApiClient | null;
  /**
   * The realm's captcha guards payment (issue 18; realm settings' `captcha.payment`): a pay event
   * without a solved challenge calls nothing and shows `captchaFailed`. @default false
   */
  captchaRequired?: boolean;
  /** Where the payment starts. @default none: ready at once to pay `item` with `providers` */
  start?: PaymentStart;
  /** Without `start`: the licence id or SKU being bought. @default '' */
  item?: string;
  /** Without `start`: the providers offered. @default [] */
  providers?: PaymentProviderLike[];
  /** Creates an idempotency key. @default globalThis.crypto.randomUUID (a random fallback when missing) */
  createKey?: () => string;
  /** The tab's storage that keeps the pending checkout across a redirect (the web: `sessionStorage`). @default null (nothing kept) */
  storage?: KeyValueStorage | null;
  /** How the browser leaves for a provider or a challenge (`assign`) and reloads. @default null (nowhere to go) */
  navigation?: Navigation | null;
  /** The wall clock, for the pending checkout's age. @default systemClock */
  clock?: Clock;
  /** The app's origin (`https://app.example`): the ways back are built on it. @default '' */
  origin?: string;
  /** The route set of the ways back (PAY, PAYMENT_AUTHORIZATION). @default 'en' */
  locale?: RouteLocale;
  /** The card processor that tokenises a card (the card number goes there only). @default null */
  processor?: CardProcessor | null;
  /** The purchase journey to report to (`payment.method`, `payment.done`). @default null */
  journey?: PaymentJourneyLike | null;
}

/** What the last `pay` asked for, kept so a retry sends it again. */
export interface PayAttempt {
  details: PaymentDetailsLike;
  zeroBalance: boolean;
  consent: ConsentAnswer[];
  acknowledgeNoFreeTrial: boolean;
  billingDetails: Record<string, string>;
  /** The idempotency key the attempt was sent with (kept with a pending challenge). */
  idempotencyKey: string;
}

/** What the checkout's payment step loads first. */
export interface CheckoutOrder {
  /** The viewer's basket with the licence in it (`baskets.put`), replaced by every voucher change. */
  basket: Basket;
  /** The licence's name from the catalogue, or null when unknown. */
  licenceName: string | null;
}

/** What `loadCheckout` answers. */
export interface CheckoutLoad extends CheckoutOrder {
  /** The gift the load created (a gift draft's checkout); absent otherwise. */
  giftId?: string;
  /** The account's stored cards; `[]` when they cannot be read (the new-card path still works). */
  cards: Card[];
  /** The realm's providers; null when they cannot be read (the view offers Retry). */
  providers: PaymentProvider[] | null;
}

/** What the billing-details form needs besides the missing fields (§8 424). */
export interface BillingForm {
  /** The checkout context: the buyer's country, the providers' fields, the purpose. */
  context: CheckoutContext;
  /** The countries to choose from. */
  countries: Country[];
}

/** Label keys of a voucher outcome the view announces. */
export type VoucherNoticeKey = 'voucherApplied' | 'voucherRemoved';

/** The voucher entry's state. */
export interface VoucherState {
  /** The code being added or removed while a voucher call runs; null otherwise. */
  code: string | null;
  /** The label key of the last failure (`voucherNotValid`, `voucherNotApplicable`, `voucherCodeEmpty`, `unknownError`); null when none. */
  error: string | null;
  /** The last success, announced: the label key and the code; null when none. */
  notice: { key: VoucherNoticeKey; code: string } | null;
  /** How the last voucher event ended; `seq` grows with each outcome (the view moves the focus on it). */
  outcome: { kind: 'applied' | 'removed' | 'refused' | 'failed'; seq: number } | null;
}

/** Context of the payment machine: the payment flow state of commerce-and-account-data.md §4. */
export interface PaymentContext {
  /** Which page runs the payment (see {@link PaymentStart}); `direct` without `start`. */
  mode: 'direct' | PaymentStart['kind'];
  /** The licence id or SKU being bought. */
  item: string;
  /** A gift's checkout: the unpaid gift being paid for (its basket holds the licence for `months`); null otherwise. */
  giftId: string | null;
  /** A gift's checkout whose gift is created by the load (see {@link PaymentStart}); null once created or outside a gift. */
  giftDraft: CreateGiftRequest | null;
  /** The consent answers sent with every payment. */
  consent: ConsentAnswer[];
  /** The safe in-app path to offer once paid, or null. */
  from: string | null;
  /** The order (basket and licence name) once loaded; null before (and outside the checkout). */
  order: CheckoutOrder | null;
  /** The providers the checkout offers (domain `offeredProviders`); null when they could not be loaded. */
  offered: PaymentProvider[] | null;
  /** The account's stored cards. */
  cards: Card[];
  /** What the payer picked on the payment page, or null. */
  choice: PaymentChoice | null;
  /** Whether the selected provider accepts vouchers. */
  vouchers: boolean;
  /** The providers as the redirect rule reads them. */
  providers: PaymentProviderLike[];
  /** The selected provider's id, or null. */
  providerId: string | null;
  /** True exactly while a payment runs (`paying`, `providerPaying`). */
  processing: boolean;
  /** The app state's captcha flags (commerce §3; issue 18; domain `CaptchaFlags`): required, solved, failed, token. */
  captcha: CaptchaFlags;
  /** Message to show (a label key such as `failedPayment`, or server text); null when none. */
  error: string | null;
  /** How many times a payment has failed so far (the view focuses the error again on each). */
  failures: number;
  /** True while billing details are asked for (a 424, or `billingDetails.required`). */
  billingDetailsRequired: boolean;
  /** The billing fields asked for (as the platform names them); `[]` when none. */
  missingFields: string[];
  /**
   * The billing fields the form shows: the fields of the last 424, kept while the payment runs
   * again with the details (the form stays on screen with what was typed); null otherwise.
   */
  billingFields: string[] | null;
  /** What the billing form needs, once loaded. */
  billingForm: BillingForm | null;
  /** The idempotency key the next pay attempt sends. */
  idempotencyKey: string;
  /** The payment method of the last attempt, for the domain's `idempotencyKeyStep`. */
  lastMethod: string | undefined;
  /** The last successful pay answer, or null. */
  paymentResult: PayResultLike | null;
  /** Where the payer approves (a challenge, a provider's page) while leaving; null otherwise. */
  redirectUrl: string | null;
  /** Internal: the last pay attempt, for retries. */
  attempt: PayAttempt | null;
  /** The payment details of the card as typed, once initialised; dropped when a field changes. Never the card itself. */
  cardDetails: PaymentDetailsLike | null;
  /** The voucher entry. */
  voucher: VoucherState;
  /** PAY and PAYMENT_AUTHORIZATION: the pending checkout of this tab, or null. */
  pending: PendingPayment | null;
  /** PAY: what the provider sent back, or null. */
  back: ProviderReturn | null;
  /** PAYMENT_AUTHORIZATION: the payment to confirm, or null. */
  paymentId: string | null;
  /** Why a payment could not be confirmed (a label key or server text), in `problem`; null otherwise. */
  problem: string | null;
  /** What the confirmation shows once paid (null when unknown). */
  paid: PaidItem | null;
  /** Internal: the environment. */
  env: {
    api: ApiClient | null;
    createKey: () => string;
    storage: KeyValueStorage | null;
    navigation: Navigation | null;
    clock: Clock;
    origin: string;
    locale: RouteLocale;
    processor: CardProcessor | null;
    journey: PaymentJourneyLike | null;
  };
}

/** Events of the payment machine. */
export type PaymentEvent =
  /** Pay with these details; `zeroBalance` skips the card checks (§5); `consent` defaults to the checkout's. */
  | { type: 'pay'; details: PaymentDetailsLike; zeroBalance?: boolean; consent?: ConsentAnswer[] }
  /** The captcha widget answered a token (issue 18). */
  | { type: 'captcha.solved'; token: string }
  /** The captcha widget's token ran out before use. */
  | { type: 'captcha.expired' }
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
  /** The billing form's data could not be loaded: try again. */
  | { type: 'billingForm.retry' }
  /** Records the selected provider's id and whether it has vouchers. */
  | { type: 'provider.select'; providerId: string; hasVouchers: boolean }
  /** The payer picks a provider or a stored card on the payment page. */
  | { type: 'choice.select'; choice: PaymentChoice }
  /** Continue with the choice: a stored card pays at once; a provider goes to its journey step. */
  | { type: 'choice.continue' }
  /** The payer submits the card form: tokenise it with the processor, initialise it, pay. */
  | { type: 'card.submit'; card: CardTokenRequest }
  /** A card field changed: a card already initialised is dropped (and its attempt's key with it). */
  | { type: 'card.edited' }
  /** Continue to the selected redirecting provider (PayPal, iDEAL...): initialise it and leave for its page. */
  | { type: 'provider.continue' }
  /** The browser showed the page again from its cache (Back from a provider or a challenge). */
  | { type: 'page.restored' }
  /** Load again what failed to load (the order; the payment's confirmation). */
  | { type: 'retry' }
  /** Load the providers again. */
  | { type: 'providers.retry' }
  /** Add the voucher `code` (as typed) to the basket. */
  | { type: 'voucher.add'; code: string }
  /** Remove the voucher `code` from the basket. */
  | { type: 'voucher.remove'; code: string }
  /** The payer is typing another code: the voucher error goes. */
  | { type: 'voucher.edit' }
  /** The payer accepts buying without the free trial: pay again with `acknowledgeNoFreeTrial`. */
  | { type: 'freeTrial.acknowledge' }
  /** The payer declines buying without the free trial. */
  | { type: 'freeTrial.decline' }
  /** The basket changed (voucher, item, price): a new idempotency key. */
  | { type: 'basket.changed' }
  /** The card or payment details changed: a new idempotency key. */
  | { type: 'card.changed' };

/** Input of the actors that only need the client. */
export interface ApiActorInput {
  api: ApiClient | null;
}

/** Input of `loadCheckout`. */
export interface LoadCheckoutInput extends ApiActorInput {
  licenceId: string;
  /** A gift's checkout: the gift is put in the basket (`api.gifts.basket`) instead of the licence. */
  giftId?: string | null;
  /** A gift to create first (`api.gifts.create`, its answer's basket); used only without `giftId`. */
  gift?: CreateGiftRequest | null;
}

/** Input of `prepareCard`: the card goes to the processor only; the platform gets its token. */
export interface PrepareCardInput extends ApiActorInput {
  processor: CardProcessor | null;
  card: CardTokenRequest;
}

/** Input of `initProvider`. */
export interface InitProviderInput extends ApiActorInput {
  provider: PaymentProvider;
  /** Where the provider sends the payer back (the PAY route of the provider). */
  returnUrl: string;
}

/** Input of `validateReturn`. */
export interface ValidateReturnInput extends ApiActorInput {
  back: ProviderReturn;
}

/** Input of `findPayment`. */
export interface FindPaymentInput extends ApiActorInput {
  paymentId: string;
}

/** Input of `addVoucher` and `removeVoucher`. */
export interface VoucherActorInput extends ApiActorInput {
  code: string;
}

/** The initialised payment method `initProvider` and `validateReturn` answer. */
export type InitialisedMethod = PaymentDetails;
