import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Basket, Card, Money, PaymentProvider } from '../../contracts/index.js';
import type { CardTokenRequest } from '../../contracts/checkout.js';
import { captchaView, isZeroBalance, type CaptchaView, type ConsentAnswer, type PaidItem, type PaymentDetailsLike } from '../../domain/index.js';
import { giftReturnPath, type PaymentMachine } from './payment.machine.js';
import type { BillingForm, PaymentChoice, PaymentEvent, PaymentProviderLike, PayResultLike, VoucherState } from './payment.types.js';

/** A running payment actor. */
export type PaymentActorRef = ActorRefFrom<PaymentMachine>;
/** A snapshot of the payment machine. */
export type PaymentSnapshot = SnapshotFrom<PaymentMachine>;

type FlowValue = NonNullable<Extract<PaymentSnapshot['value'], object>['flow']>;
/** A top-level state of the payment's `flow` region. */
export type PaymentFlowState = Extract<FlowValue, string> | keyof Extract<FlowValue, object>;

/** Whether the payment's `flow` region is in `state`. */
export function paymentFlowIs(snapshot: PaymentSnapshot, state: PaymentFlowState): boolean {
  return snapshot.matches({ flow: state } as PaymentSnapshot['value']);
}

/** What a checkout view needs from the payment machine. */
export interface PaymentApi {
  /** The licence id or SKU being bought. */
  item: string;
  /** A gift's checkout: the gift being paid for, once it exists (a draft's gift once the load created it); null otherwise. */
  giftId: string | null;
  /**
   * Where the payment stands for a page: `loading` (the order, or a confirmation), `loadFailed`
   * (the order: unknownError with Retry), `confirmFailed` (PAYMENT_AUTHORIZATION: unknownError with
   * Retry), `problem` (see {@link PaymentApi.problem}), else `ready`.
   */
  status: 'loading' | 'loadFailed' | 'confirmFailed' | 'problem' | 'ready';
  /** The basket, once loaded (replaced by each voucher change). */
  basket: Basket | null;
  /** The licence's name, or null when unknown. */
  licenceName: string | null;
  /** The basket's total to pay (after vouchers), or null before the basket is loaded. */
  total: Money | null;
  /** The total is a zero balance: no payment method, one confirm button (§2, §5). */
  zeroBalance: boolean;
  /** The providers the checkout offers (the domain's `offeredProviders`); `[]` when none or not loaded. */
  offered: PaymentProvider[];
  /** The providers: `loading` (again), `failed` (couldntLoadPaymentProviders with Retry), or `ready`. */
  providersStatus: 'loading' | 'ready' | 'failed';
  /** The account's stored cards. */
  cards: Card[];
  /** What the payer picked on the payment page, or null. */
  choice: PaymentChoice | null;
  /** The providers as the redirect rule reads them. */
  providers: PaymentProviderLike[];
  /** The selected provider's id, or null. */
  providerId: string | null;
  /** Whether the selected provider accepts vouchers (show the voucher field). */
  vouchers: boolean;
  /** A payment runs (disable the pay button, show progress). */
  processing: boolean;
  /**
   * The captcha flags (issue 18; commerce §3; domain `captchaView`): `required` (render the realm's
   * widget), `solved`, `failed` (the platform refused the token: `captchaFailed`), `prompt` (a pay,
   * card, provider, free-trial or billing-details step tried without a solved challenge: ask for one).
   */
  captcha: CaptchaView;
  /** The widget answered `token` (`captcha.solved`). */
  solveCaptcha(token: string): void;
  /** The widget's token ran out (`captcha.expired`). */
  expireCaptcha(): void;
  /** Something runs or the browser is leaving: a card or a provider being prepared, a payment, a redirect. */
  busy: boolean;
  /** The browser is leaving for a provider's page. */
  leaving: boolean;
  /** The pay button is live: nothing runs and the payment is not done. */
  canPay: boolean;
  /** Message to show through the labels (a key is translated, server text shows as is), or null. */
  error: string | null;
  /** How many payments have failed so far: a new failure with the same text still moves the focus. */
  failures: number;
  /** Ask whether to buy without the free trial (409 `freeTrialDenied`). */
  freeTrialDenied: boolean;
  /** Show the billing details form for {@link PaymentApi.missingFields}. */
  billingDetailsRequired: boolean;
  missingFields: string[];
  /**
   * The billing fields the form shows: those of the last 424 while it is asked for, and while the
   * payment runs again with the details (the form stays on screen); null when no form is shown.
   */
  billingFields: string[] | null;
  /** The billing form's data: `loading`, `failed` (unknownError with Retry and Back), or `ready` with it. */
  billingForm: { status: 'loading' | 'failed' | 'ready'; data: BillingForm | null };
  /** The voucher entry: the code being sent, the last failure's label key, the last success, and its outcome. */
  voucher: VoucherState & { busy: { kind: 'add' } | { kind: 'remove'; code: string } | null };
  /** The payment is done. */
  complete: boolean;
  /**
   * Done on a return page (PAY, PAYMENT_AUTHORIZATION) for a gift: the gift's page (GIFT) the
   * machine navigated to (the view shows nothing of its own meanwhile); null otherwise.
   */
  destination: string | null;
  /** What the confirmation shows once paid (null fields when unknown). */
  paid: PaidItem | null;
  /** PAY: the payer declined buying without the free trial or gave up the billing details. */
  cancelled: boolean;
  /** Why the payment cannot go on here (a label key or server text) while `status` is `problem`. */
  problem: string | null;
  /** The safe in-app path to offer once paid, or null. */
  from: string | null;
  /** Where the payer approves while the browser leaves for it; null otherwise. */
  redirectUrl: string | null;
  /** The last successful pay answer, or null. */
  paymentResult: PayResultLike | null;
  /** The idempotency key the next pay attempt sends. */
  idempotencyKey: string;
  /** Pays with these details (§5 preconditions are checked first). */
  pay(details: PaymentDetailsLike, options?: { zeroBalance?: boolean; consent?: ConsentAnswer[] }): void;
  /** Confirms a zero-balance payment. */
  confirmZeroBalance(): void;
  /** Picks a provider or a stored card. */
  select(choice: PaymentChoice): void;
  /** Continues with the choice: a stored card pays; a provider goes to its step. */
  continueWithChoice(): void;
  /** Submits the card form (the card goes to the card processor only). */
  submitCard(card: CardTokenRequest): void;
  /** A card field changed. */
  cardEdited(): void;
  /** Continues to the selected redirecting provider's page. */
  continueToProvider(): void;
  /** The page was shown again from the browser's cache. */
  pageRestored(): void;
  /** Loads again what failed (the order, the confirmation). */
  retry(): void;
  /** Loads the providers again. */
  retryProviders(): void;
  /** Loads the billing form's data again. */
  retryBillingForm(): void;
  addVoucher(code: string): void;
  removeVoucher(code: string): void;
  /** The payer is typing another voucher code. */
  editVoucher(): void;
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
  const is = (state: PaymentFlowState) => paymentFlowIs(snapshot, state);
  const resting = is('idle') || is('error') || is('billingDetailsRequired') || is('freeTrialDenied');
  const leaving = is('leaving');
  const basket = context.order?.basket ?? null;
  const amounts = basket?.amounts;
  const total = amounts === undefined ? null : { amount: amounts.discountedTotal ?? amounts.total, scale: amounts.scale, currency: amounts.currency };
  const status =
    is('loading') || is('start') || is('validating') || is('confirming') ? 'loading'
    : is('loadFailed') ? 'loadFailed'
    : is('confirmFailed') ? 'confirmFailed'
    : is('problem') ? 'problem'
    : 'ready';
  const inBilling = is('billingDetailsRequired');
  const voucherBusy =
    snapshot.matches({ voucher: 'adding' }) ? { kind: 'add' as const }
    : snapshot.matches({ voucher: 'removing' }) ? { kind: 'remove' as const, code: context.voucher.code ?? '' }
    : null;
  return {
    item: context.item,
    giftId: context.giftId,
    status,
    basket,
    licenceName: context.order?.licenceName ?? null,
    total,
    zeroBalance: total !== null && isZeroBalance(total),
    offered: context.offered ?? [],
    providersStatus: is('loadingProviders') ? 'loading' : context.offered === null || context.offered.length === 0 ? 'failed' : 'ready',
    cards: context.cards,
    choice: context.choice,
    providers: context.providers,
    providerId: context.providerId,
    vouchers: context.vouchers,
    processing: context.processing,
    captcha: captchaView(context.captcha),
    solveCaptcha: (token) => send({ type: 'captcha.solved', token }),
    expireCaptcha: () => send({ type: 'captcha.expired' }),
    busy: context.processing || leaving || is('preparingCard') || is('preparingProvider') || is('redirecting'),
    leaving,
    canPay: resting,
    error: context.error,
    failures: context.failures,
    freeTrialDenied: is('freeTrialDenied'),
    billingDetailsRequired: context.billingDetailsRequired,
    missingFields: context.missingFields,
    billingFields: inBilling ? context.missingFields : context.billingFields,
    billingForm: {
      status: snapshot.matches({ flow: { billingDetailsRequired: 'formFailed' } }) ? 'failed' : context.billingForm === null ? 'loading' : 'ready',
      data: context.billingForm,
    },
    voucher: { ...context.voucher, busy: voucherBusy },
    complete: is('complete'),
    destination: is('complete') ? giftReturnPath(context) : null,
    paid: context.paid,
    cancelled: context.mode === 'providerReturn' && is('idle'),
    problem: is('problem') ? context.problem : null,
    from: context.from,
    redirectUrl: is('redirecting') || leaving ? context.redirectUrl : null,
    paymentResult: context.paymentResult,
    idempotencyKey: context.idempotencyKey,
    pay: (details, options = {}) =>
      send({
        type: 'pay',
        details,
        ...(options.zeroBalance === undefined ? {} : { zeroBalance: options.zeroBalance }),
        ...(options.consent === undefined ? {} : { consent: options.consent }),
      }),
    confirmZeroBalance: () => send({ type: 'pay', details: {}, zeroBalance: true }),
    select: (choice) => send({ type: 'choice.select', choice }),
    continueWithChoice: () => send({ type: 'choice.continue' }),
    submitCard: (card) => send({ type: 'card.submit', card }),
    cardEdited: () => send({ type: 'card.edited' }),
    continueToProvider: () => send({ type: 'provider.continue' }),
    pageRestored: () => send({ type: 'page.restored' }),
    retry: () => send({ type: 'retry' }),
    retryProviders: () => send({ type: 'providers.retry' }),
    retryBillingForm: () => send({ type: 'billingForm.retry' }),
    addVoucher: (code) => send({ type: 'voucher.add', code }),
    removeVoucher: (code) => send({ type: 'voucher.remove', code }),
    editVoucher: () => send({ type: 'voucher.edit' }),
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
