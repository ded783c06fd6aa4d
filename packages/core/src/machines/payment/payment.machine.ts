import { and, assign, not, or, raise, setup, stateIn } from 'xstate';
import type { Basket, PaymentProvider } from '../../contracts/baskets.js';
import {
  captchaHeaders,
  captchaReady,
  captchaReducer,
  initialCaptchaFlags,
  isCaptchaFailure,
  buildPath,
  cardErrorKey,
  defaultProvider,
  externalUrl,
  idempotencyKeyStep,
  isRedirectingProvider,
  journeyMethodFor,
  offeredProviders,
  parseVoucherCode,
  paymentErrorMessage,
  paymentErrorText,
  paymentIdOf,
  paymentMethodId,
  paymentPreconditions,
  paymentSucceeded,
  providerApproved,
  safeReturnPath,
  savedCardDetails,
  voucherErrorKey,
  voucherProblemKey,
  withReturnUrl,
  type IdempotencyEvent,
  type PaidItem,
  type PaymentDetailsLike,
} from '../../domain/index.js';
import { systemClock } from '../../platform/clock.js';
import { clearPendingPayment, methodDetails, paymentActors, readPendingPayment, savePendingPayment } from './payment.actors.js';
import type {
  BillingForm,
  CheckoutLoad,
  PayActorInput,
  PayAttempt,
  PaymentChoice,
  PaymentContext,
  PaymentEvent,
  PaymentInput,
  PaymentProviderLike,
  PayResultLike,
  VoucherNoticeKey,
} from './payment.types.js';

/** Status of a pay answer that needs the payer's action elsewhere (a redirect). */
export const REQUIRES_ACTION = 'REQUIRES_ACTION';

/**
 * A new idempotency key: `globalThis.crypto.randomUUID()` when available, else a random
 * hexadecimal string with the time (never the same twice in one page). Never throws.
 */
export function defaultCreateKey(): string {
  try {
    const uuid: unknown = globalThis.crypto?.randomUUID?.();
    if (typeof uuid === 'string' && uuid !== '') return uuid;
  } catch {
    // fall through to the fallback
  }
  fallbackCounter += 1;
  const random = Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, '0');
  return `${Date.now().toString(16)}-${fallbackCounter.toString(16)}-${random}`;
}
let fallbackCounter = 0;

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The provider name of a payment: the details' target provider, else the selected provider's name. */
function providerName(context: PaymentContext, details: PaymentDetailsLike | undefined): string {
  if (details !== undefined && nonEmpty(details.targetPaymentProvider)) return details.targetPaymentProvider;
  return context.providers.find((p) => p.id === context.providerId)?.name ?? '';
}

/**
 * The answer sends the payer away: it carries a `redirectUrl` and is `REQUIRES_ACTION`, or the
 * provider is a redirecting one (§4 "Redirecting payment providers").
 */
function needsRedirect(context: PaymentContext, result: PayResultLike): boolean {
  return (
    nonEmpty(result?.redirectUrl) &&
    (result.status === REQUIRES_ACTION || isRedirectingProvider(providerName(context, context.attempt?.details)))
  );
}

/** A provider entry as the redirect rule reads it. */
const providerLike = (provider: PaymentProvider): PaymentProviderLike => ({
  id: provider.paymentProviderId,
  name: provider.providerType,
  hasVouchers: provider.hasVouchers === true,
});

const payActorInput = (context: PaymentContext): PayActorInput => {
  const attempt = context.attempt ?? { details: {}, zeroBalance: false, consent: [], acknowledgeNoFreeTrial: false, billingDetails: {} };
  return {
    api: context.env.api,
    item: context.item,
    details: attempt.details,
    idempotencyKey: context.idempotencyKey,
    consent: attempt.consent,
    zeroBalance: attempt.zeroBalance,
    acknowledgeNoFreeTrial: attempt.acknowledgeNoFreeTrial,
    billingDetails: attempt.billingDetails,
    captchaHeaders: captchaHeaders(context.captcha),
  };
};

/** The PAYMENT_AUTHORIZATION address the 3-D Secure challenge sends the payer back to. */
const authorizationUrl = (context: PaymentContext): string =>
  `${context.env.origin}${buildPath('PAYMENT_AUTHORIZATION', undefined, context.env.locale)}`;

/**
 * Where a paid gift's return page goes (issue 18, docs/api.md "Gifts"): the gift's page GIFT in the
 * payment's route set, for a payment confirmed on PAY or PAYMENT_AUTHORIZATION whose gift is known
 * (the tab's pending checkout, or the history item's `gift`); null otherwise (a plan, or the
 * checkout, whose journey shows the gift's confirmation itself).
 */
export function giftReturnPath(context: Pick<PaymentContext, 'mode' | 'giftId' | 'env'>): string | null {
  if ((context.mode !== 'providerReturn' && context.mode !== 'authorization') || context.giftId === null) return null;
  return buildPath('GIFT', { giftId: context.giftId }, context.env.locale);
}

/** The choice's provider and whether it takes vouchers: what `provider.select` records. */
const choiceProvider = (choice: PaymentChoice) => ({
  providerId: choice.provider.paymentProviderId,
  vouchers: choice.provider.hasVouchers === true,
});

/** The default choice among `offered` (the domain's `defaultProvider`), or null. */
function firstChoice(offered: readonly PaymentProvider[]): PaymentChoice | null {
  const provider = defaultProvider(offered);
  return provider === undefined ? null : { kind: 'provider', provider };
}

/** The resting states: nothing runs, a pay event is taken. */
const RESTING = ['idle', 'freeTrialDenied', 'billingDetailsRequired', 'error'] as const;

/** Params of the `pay` event's guard and actions. */
const payParams = ({ event }: { event: Extract<PaymentEvent, { type: 'pay' }> }) => ({
  details: event.details,
  zeroBalance: event.zeroBalance,
  consent: event.consent,
});

/** The idempotency-key step of a pay event: an attempt with its payment method. */
const attemptOf = ({ event }: { event: Extract<PaymentEvent, { type: 'pay' }> }): IdempotencyEvent => ({
  type: 'attempt',
  method: paymentMethodId(event.details, event.zeroBalance === true),
});

/**
 * The checkout's payment: the payment flow state of commerce-and-account-data.md §4 with every
 * transition, its I/O (named actors over the derived client, see `paymentActors`), the pay call
 * with an idempotency key (the domain's `idempotencyKeyStep`), the failure handling of §8, and
 * the ways out to a provider or a 3-D Secure challenge and back.
 *
 * Two regions run side by side: `flow` (the payment) and `voucher` (the basket's vouchers, which
 * may change while a payment form is shown).
 *
 * `flow` starts by `input.start`:
 * - `checkout` → `loading` (actor `loadCheckout`: the basket with the licence, its name, the
 *   stored cards, the providers) → `idle` with the card provider chosen (`loadFailed` offers
 *   `retry`); `providers.retry` reloads failed providers (`loadingProviders`).
 * - `providerReturn` (PAY) with the tab's pending checkout (`input.storage`) and the provider's
 *   answer → `validating` (actor `validateReturn`) → an approved method pays with the pending
 *   checkout's key and consent; a declined one or a failure → `problem`. Paid → `confirming`
 *   (actor `findPayment`) → `complete` with what the history says (or nothing known).
 * - `authorization` (PAYMENT_AUTHORIZATION) with a `paymentId` → `confirming` → `complete` when
 *   the history item is succeeded, else `problem` (`authentication_failed`'s card error);
 *   `confirmFailed` offers `retry`.
 * - A gift's payment (issue 18): the pending checkout keeps the gift's id (`context.giftId`), and
 *   the history item's `gift` names it too; completed on PAY or PAYMENT_AUTHORIZATION, the machine
 *   navigates (replace) to the gift's page GIFT ({@link giftReturnPath}) instead of the plan's
 *   confirmation. The platform grants the buyer nothing for it.
 * - Without the pending checkout or the parameters → `problem` (`paymentNothingToConfirm`).
 * - Without `start` → `idle` at once, paying `input.item` with `input.providers`.
 *
 * `pay { details, zeroBalance?, consent? }` (in `idle`, `error`, `billingDetailsRequired`,
 * `freeTrialDenied`) first applies the idempotency rule (another method than the last attempt's
 * → a new key), then checks the domain's `paymentPreconditions` (§5): failing → `error` with
 * `failedPayment`, nothing sent; else → `paying` (actor `pay`). A success → `complete` (the
 * journey is told `payment.done`, the pending checkout is forgotten), or `redirecting` when the
 * answer is `REQUIRES_ACTION` with a `redirectUrl` or the provider is a redirecting one (§4): the
 * pending checkout is kept and the browser goes to the challenge with `returnUrl` =
 * PAYMENT_AUTHORIZATION (only an `http(s):` address; another one → `error`). The key is renewed
 * after any success. A failure is mapped by `paymentErrorMessage`: `freeTrialDenied` →
 * `freeTrialDenied` (`freeTrial.acknowledge` pays again with `acknowledgeNoFreeTrial`), missing
 * fields → `billingDetailsRequired` (loads the billing form's data; `billingDetails.submit` pays
 * again), anything else → `error`; the key is kept, so a retry never charges twice.
 *
 * Captcha (issue 18; commerce §3 app-state captcha flags, §8; docs/api.md "Captcha"): with input
 * `captchaRequired`, `context.captcha` holds the flags; `captcha.solved { token }` /
 * `captcha.expired` (any time) update them. The pay call carries `X-Captcha-Token`, spent when
 * `paying` ends whatever the answer (single-use: never sent again), and a refusal (403
 * `CAPTCHA_FAIL_ERROR`) sets `failed` (`captchaFailed`, a fresh challenge). Every step that would
 * send without a solved challenge stays where it is, sends nothing and sets the flags' `prompt`
 * (never `captchaFailed`): `pay`, `card.submit` (before the card goes to the processor),
 * `provider.continue`, `freeTrial.acknowledge` and `billingDetails.submit` (its values kept). So a
 * payment retried after any failure (the 424 billing form, a declined card then another card, the
 * free-trial choice) needs a fresh solve. A provider the payer approves elsewhere: its init
 * (`initProvider`) carries the token and spends it; the pay back at PAY needs none (the platform
 * exempts the first pay with those newly approved details).
 *
 * The payment page: `choice.select` picks a provider or a stored card; `choice.continue` pays
 * with a stored card at once, or tells the journey `payment.method` (the domain's
 * `journeyMethodFor`). `card.submit { card }` → `preparingCard` (actor `prepareCard`: the
 * processor's token, then the platform's payment method; the card itself is never kept) → pays;
 * the initialised card is reused until `card.edited` (then a new key). `provider.continue` →
 * `preparingProvider` (a new key; actor `initProvider`) → `leaving` (the pending checkout kept,
 * `navigation.assign` to the provider's page) or, with nothing to approve, pays at once.
 * `page.restored` (the page shown again from the browser's cache) makes `leaving` usable again
 * and reloads a page left for a challenge. `basket.changed` and `card.changed` renew the key in
 * every state. `processing` is true exactly in `paying` and `providerPaying`.
 *
 * `voucher`: `voucher.add { code }` (checked with `parseVoucherCode`) and `voucher.remove { code }`
 * while the flow rests and the order is loaded → `adding` / `removing` (actors `addVoucher`,
 * `removeVoucher`) → the new basket and a new key, or the failure's label (`voucherErrorKey`).
 */
export const paymentMachine = setup({
  types: {} as { context: PaymentContext; events: PaymentEvent; input: PaymentInput },
  actors: paymentActors,
  actions: {
    startProcessing: assign({ processing: true }),
    stopProcessing: assign({ processing: false }),
    /** Applies the domain's idempotency-key rule to one event: a new key when it says so. */
    keyStep: assign(({ context }, params: IdempotencyEvent) => {
      const step = idempotencyKeyStep({ lastMethod: context.lastMethod }, params);
      return { idempotencyKey: step.renew ? context.env.createKey() : context.idempotencyKey, lastMethod: step.lastMethod };
    }),
    storeAttempt: assign(
      ({ context }, params: { details: PaymentDetailsLike; zeroBalance?: boolean | undefined; consent?: PayAttempt['consent'] | undefined }) => ({
        attempt: {
          details: params.details,
          zeroBalance: params.zeroBalance === true,
          consent: params.consent ?? context.consent,
          acknowledgeNoFreeTrial: false,
          billingDetails: {},
          idempotencyKey: context.idempotencyKey,
        },
      }),
    ),
    acknowledgeNoFreeTrial: assign(({ context }) => ({
      attempt: context.attempt === null ? null : { ...context.attempt, acknowledgeNoFreeTrial: true },
    })),
    storeBillingDetails: assign(({ context }, params: { values: Record<string, string> | undefined }) => ({
      attempt:
        context.attempt === null ? null
        : { ...context.attempt, billingDetails: { ...context.attempt.billingDetails, ...(params.values ?? {}) } },
    })),
    /** A new failure to show; `failures` counts it (the view focuses the error again). */
    storeError: assign(({ context }, params: { message: string }) => ({ error: params.message, failures: context.failures + 1 })),
    clearError: assign({ error: null }),
    /** The widget's `captcha.solved` / `captcha.expired` (domain `captchaReducer`). */
    captchaChange: assign(({ context, event }) =>
      event.type === 'captcha.solved' || event.type === 'captcha.expired' ? { captcha: captchaReducer(context.captcha, event) } : {},
    ),
    /** The pay call answered: its captcha token is spent (single-use); a refusal (`CAPTCHA_FAIL_ERROR`) sets `failed`. */
    spendCaptcha: assign(({ context }, params: { error?: unknown }) => ({
      captcha: captchaReducer(context.captcha, { type: isCaptchaFailure(params.error) ? 'captcha.refused' : 'captcha.spent' }),
    })),
    /**
     * A guarded step (pay, card, provider, free-trial or billing-details) without the solved
     * challenge the realm asks for: nothing is sent, the flags' `prompt` asks for a solve (never
     * `captchaFailed`: only a platform refusal shows that).
     */
    askForCaptcha: assign(({ context }) => ({ captcha: captchaReducer(context.captcha, { type: 'captcha.missing' }) })),
    requireBillingDetails: assign((_, params: { fields: string[] }) => ({
      billingDetailsRequired: true,
      missingFields: [...params.fields],
      billingFields: [...params.fields],
    })),
    unsetBillingDetails: assign({ billingDetailsRequired: false, missingFields: [] }),
    /** The billing form leaves the screen (it stays only while the payment runs again with its details). */
    dropBillingFields: assign({ billingFields: null }),
    storeBillingForm: assign((_, params: { form: BillingForm }) => ({ billingForm: params.form })),
    selectProvider: assign((_, params: { providerId: string; hasVouchers: boolean }) => ({
      providerId: params.providerId,
      vouchers: params.hasVouchers === true,
    })),
    storeChoice: assign((_, params: { choice: PaymentChoice }) => ({ choice: params.choice, ...choiceProvider(params.choice) })),
    storeResult: assign((_, params: { result: PayResultLike }) => ({ paymentResult: params.result })),
    storeRedirect: assign((_, params: { url: string | null | undefined }) => ({ redirectUrl: nonEmpty(params.url) ? params.url : null })),
    clearRedirect: assign({ redirectUrl: null }),
    storeOrder: assign((_, params: { load: CheckoutLoad }) => {
      const { basket, licenceName, cards, providers, giftId } = params.load;
      const offered = providers === null ? null : offeredProviders(providers);
      const choice = firstChoice(offered ?? []);
      return {
        // A created gift: its id from now on (a retry loads its basket, never a second gift).
        ...(giftId === undefined ? {} : { giftId, giftDraft: null }),
        order: { basket, licenceName },
        cards,
        offered,
        providers: (offered ?? []).map(providerLike),
        choice,
        ...(choice === null ? {} : choiceProvider(choice)),
      };
    }),
    storeProviders: assign(({ context }, params: { providers: PaymentProvider[] | null }) => {
      const offered = params.providers === null ? null : offeredProviders(params.providers);
      const choice = context.choice ?? firstChoice(offered ?? []);
      return { offered, providers: (offered ?? []).map(providerLike), choice, ...(choice === null ? {} : choiceProvider(choice)) };
    }),
    storeCardDetails: assign((_, params: { details: PaymentDetailsLike }) => ({ cardDetails: params.details })),
    dropCardDetails: assign({ cardDetails: null }),
    storePaymentId: assign((_, params: { result: PayResultLike }) => ({ paymentId: paymentIdOf(params.result) })),
    /** What the history says was paid; a gift's payment names its gift (`giftId`), whatever the tab kept. */
    storePaid: assign(({ context }, params: { paid: PaidItem | null }) => ({ paid: params.paid, giftId: params.paid?.giftId ?? context.giftId })),
    /** The checkout's confirmation: the order's licence and total (the history is not read). */
    storePaidFromOrder: assign(({ context }) => {
      if (context.order === null || context.paid !== null) return {};
      const { amounts } = context.order.basket;
      const total = amounts.discountedTotal ?? amounts.total;
      return { paid: { licenceName: context.order.licenceName, paid: { amount: total, scale: amounts.scale, currency: amounts.currency }, status: 'succeeded' } };
    }),
    storeProblem: assign((_, params: { message: string }) => ({ problem: params.message })),
    startVoucher: assign(({ context }, params: { code: string }) => ({
      voucher: { ...context.voucher, code: params.code, error: null, notice: null },
    })),
    voucherDone: assign(({ context }, params: { basket: Basket; key: VoucherNoticeKey }) => ({
      order: context.order === null ? null : { ...context.order, basket: params.basket },
      voucher: {
        code: null,
        error: null,
        notice: { key: params.key, code: context.voucher.code ?? '' },
        outcome: { kind: params.key === 'voucherApplied' ? ('applied' as const) : ('removed' as const), seq: (context.voucher.outcome?.seq ?? 0) + 1 },
      },
    })),
    voucherFailed: assign(({ context }, params: { key: string; kind: 'refused' | 'failed' }) => ({
      voucher: { code: null, error: params.key, notice: null, outcome: { kind: params.kind, seq: (context.voucher.outcome?.seq ?? 0) + 1 } },
    })),
    clearVoucherError: assign(({ context }) => ({ voucher: { ...context.voucher, error: null } })),
    /** Keeps the checkout in the tab before leaving for a provider: the key the payment after the approval sends. */
    savePendingForProvider: ({ context }) =>
      savePendingPayment(
        context.env.storage,
        { licenceId: context.item, consent: context.consent, idempotencyKey: context.idempotencyKey, from: context.from, kind: 'provider', giftId: context.giftId },
        context.env.clock.now(),
      ),
    /** Keeps the checkout in the tab before leaving for a challenge: the key of the attempt being approved. */
    savePendingForChallenge: ({ context }) =>
      savePendingPayment(
        context.env.storage,
        {
          licenceId: context.item,
          consent: context.consent,
          idempotencyKey: context.attempt?.idempotencyKey ?? context.idempotencyKey,
          from: context.from,
          kind: 'authentication',
          giftId: context.giftId,
        },
        context.env.clock.now(),
      ),
    clearPending: ({ context }) => clearPendingPayment(context.env.storage),
    /** Leaves for the provider's approval page (`context.redirectUrl`, already checked by `externalUrl`). */
    leaveForProvider: ({ context }) => {
      if (context.redirectUrl !== null) context.env.navigation?.assign(context.redirectUrl);
    },
    /** Leaves for the 3-D Secure challenge, with the way back to PAYMENT_AUTHORIZATION. */
    leaveForChallenge: ({ context }) => {
      const target = withReturnUrl(context.redirectUrl, authorizationUrl(context));
      if (target !== null) context.env.navigation?.assign(target);
    },
    reloadPage: ({ context }) => context.env.navigation?.reload(),
    /**
     * Back on a return page (PAY, PAYMENT_AUTHORIZATION) from paying a gift: the payment ends on
     * the gift's own page (GIFT `/gift/{giftId}`, its status), never on a plan's confirmation.
     */
    leaveForGift: ({ context }) => {
      const target = giftReturnPath(context);
      if (target !== null) context.env.navigation?.navigate(target, { replace: true });
    },
    /** Tells the journey the payment is done, with what its confirmation shows. */
    notifyJourneyDone: ({ context }) => context.env.journey?.send({ type: 'payment.done', completion: context.paid }),
    /** Tells the journey which step the chosen provider leads to. */
    notifyJourneyMethod: ({ context }) => {
      if (context.choice?.kind === 'provider') {
        context.env.journey?.send({ type: 'payment.method', kind: journeyMethodFor(context.choice.provider.paymentProviderId) });
      }
    },
    payWithSavedCard: raise(({ context }) => ({
      type: 'pay' as const,
      details: context.choice?.kind === 'savedCard' ? savedCardDetails(context.choice.card) : {},
    })),
    payWithCard: raise(({ context }) => ({ type: 'pay' as const, details: context.cardDetails ?? {} })),
    payWithDetails: raise((_, params: { details: PaymentDetailsLike }) => ({ type: 'pay' as const, details: params.details })),
  },
  guards: {
    /** Nothing is running: idle, freeTrialDenied, billingDetailsRequired or error. */
    isResting: or(RESTING.map((state) => stateIn({ flow: state }))),
    /** Something runs (a load, a payment, a redirect...): pay and card submits are ignored (no double submit). */
    isBusy: not('isResting'),
    /** The realm's captcha guards payment and no challenge is solved (issue 18). */
    captchaMissing: ({ context }) => !captchaReady(context.captcha),
    /** Resting with a stored card chosen: continue pays with it. */
    savedCardReady: and(['isResting', 'savedCardChosen']),
    /** Resting with a provider chosen: continue goes to its step, or to its page. */
    providerReady: and(['isResting', 'providerChosen']),
    /** Resting with the order loaded: the basket may change (vouchers), the providers may load again. */
    basketChangeable: and(['isResting', 'hasOrder']),
    /** The basket may not change now: voucher events are ignored. */
    basketLocked: not('basketChangeable'),
    /** The domain's §5 preconditions hold for the pay event's details (zero balance needs none). */
    preconditionsMet: (_, params: { details: PaymentDetailsLike; zeroBalance: boolean | undefined }) =>
      paymentPreconditions(params.details, { zeroBalance: params.zeroBalance === true }).ok,
    /**
     * The answer sends the payer away (it carries a `redirectUrl` and is `REQUIRES_ACTION`, or the
     * provider is a redirecting one: §4 "Redirecting payment providers") to an address the browser
     * may go to (the domain's `externalUrl`).
     */
    leavesToApprove: ({ context }, params: { result: PayResultLike }) =>
      needsRedirect(context, params.result) && externalUrl(params.result?.redirectUrl) !== null,
    /**
     * The answer needs the payer's action but cannot be completed here: somewhere the browser must
     * not go (not `http(s):`), or `REQUIRES_ACTION` without anywhere to go.
     */
    cannotLeave: ({ context }, params: { result: PayResultLike }) =>
      needsRedirect(context, params.result) || params.result?.status === REQUIRES_ACTION,
    /** PAY: the answer names the payment whose confirmation is read from the history. */
    confirmsFromHistory: ({ context }, params: { result: PayResultLike }) =>
      context.mode === 'providerReturn' && paymentIdOf(params.result) !== null,
    /** The failure is §8's 409 `freeTrialDenied`. */
    freeTrialDenied: (_, params: { error: unknown }) => paymentErrorMessage(params.error).kind === 'freeTrialDenied',
    /** The failure is §8's 424 `BASKET_REQUIREMENTS_FAILED`. */
    missingFields: (_, params: { error: unknown }) => paymentErrorMessage(params.error).kind === 'missingFields',
    /** There is a previous attempt to send again. */
    hasAttempt: ({ context }) => context.attempt !== null,
    /** The billing form's data is loaded. */
    hasBillingForm: ({ context }) => context.billingForm !== null,
    /** The checkout's payment step. */
    startsAtCheckout: ({ context }) => context.mode === 'checkout',
    /** PAY with the tab's pending checkout and the provider's full answer. */
    startsAtReturn: ({ context }) => context.mode === 'providerReturn' && context.pending !== null && context.back !== null,
    /** PAYMENT_AUTHORIZATION with a payment to confirm. */
    startsAtAuthorization: ({ context }) => context.mode === 'authorization' && context.paymentId !== null,
    /** No `start`: ready to pay at once. */
    startsDirect: ({ context }) => context.mode === 'direct',
    /** PAYMENT_AUTHORIZATION. */
    isAuthorization: ({ context }) => context.mode === 'authorization',
    /** PAYMENT_AUTHORIZATION, and the history item says the payment succeeded (the domain's `paymentSucceeded`). */
    authorizedInHistory: ({ context }, params: { item: PaidItem | null }) =>
      context.mode === 'authorization' && params.item !== null && paymentSucceeded(params.item.status),
    /** The payer approved at the provider (the domain's `providerApproved`). */
    approvedAtProvider: ({ context }) => providerApproved(context.back),
    /** The chosen option is a stored card. */
    savedCardChosen: ({ context }) => context.choice?.kind === 'savedCard',
    /** The chosen option is a provider. */
    providerChosen: ({ context }) => context.choice?.kind === 'provider',
    /** The card as typed is already initialised (a retry pays with it again). */
    hasCardDetails: ({ context }) => context.cardDetails !== null,
    /** The initialised method names an address where the payer approves. */
    approvesElsewhere: (_, params: { url: string | undefined }) => externalUrl(params.url) !== null,
    /** The order is loaded (there is a basket to change). */
    hasOrder: ({ context }) => context.order !== null,
    /** The typed voucher code can be sent (the domain's `parseVoucherCode`). */
    voucherCodeValid: (_, params: { code: string }) => parseVoucherCode(params.code).ok,
  },
}).createMachine({
  id: 'payment',
  description:
    'The checkout payment (commerce §4 "Payment flow state", §5, §8) with its I/O: the order, providers and stored cards, the card processor, redirecting providers and the 3-D Secure challenge, the return pages (PAY, PAYMENT_AUTHORIZATION) and the vouchers. Pay calls pay with an idempotency key that a retry reuses and that the domain rule renews after a success, a basket or method change. Failures: 409 freeTrialDenied asks to buy without the trial, 424 asks for billing details, others show the message.',
  context: ({ input }) => {
    const createKey = typeof input.createKey === 'function' ? input.createKey : defaultCreateKey;
    const clock = input.clock ?? systemClock;
    const storage = input.storage ?? null;
    const start = input.start;
    const pending = start !== undefined && start.kind !== 'checkout' ? readPendingPayment(storage, clock.now()) : null;
    const checkout = start?.kind === 'checkout' ? start : null;
    const paymentId = start?.kind === 'authorization' && nonEmpty(start.paymentId) ? start.paymentId.trim() : null;
    return {
      mode: start?.kind ?? 'direct',
      item: checkout !== null ? checkout.licenceId : start !== undefined ? (pending?.licenceId ?? '') : (input.item ?? ''),
      // A gift's checkout names its gift; back on a return page, the tab's pending checkout does.
      giftId: checkout !== null ? (checkout.giftId ?? null) : (pending?.giftId ?? null),
      giftDraft: checkout !== null && !checkout.giftId ? (checkout.gift ?? null) : null,
      consent: checkout !== null ? (checkout.consent ?? []) : (pending?.consent ?? []),
      from: checkout !== null ? safeReturnPath(checkout.from) : (pending?.from ?? null),
      order: null,
      offered: null,
      cards: [],
      choice: null,
      vouchers: false,
      providers: Array.isArray(input.providers) ? input.providers : [],
      providerId: null,
      processing: false,
      captcha: initialCaptchaFlags(input.captchaRequired === true),
      error: null,
      failures: 0,
      billingDetailsRequired: false,
      missingFields: [],
      billingFields: null,
      billingForm: null,
      idempotencyKey: start?.kind === 'providerReturn' && pending !== null ? pending.idempotencyKey : createKey(),
      lastMethod: undefined,
      paymentResult: null,
      redirectUrl: null,
      attempt: null,
      cardDetails: null,
      voucher: { code: null, error: null, notice: null, outcome: null },
      pending,
      back: start?.kind === 'providerReturn' ? start.query : null,
      paymentId,
      problem: null,
      paid: null,
      env: {
        api: input.api ?? null,
        createKey,
        storage,
        navigation: input.navigation ?? null,
        clock,
        origin: input.origin ?? '',
        locale: input.locale ?? 'en',
        processor: input.processor ?? null,
        journey: input.journey ?? null,
      },
    };
  },
  type: 'parallel',
  on: {
    'basket.changed': { actions: { type: 'keyStep', params: { type: 'basketChanged' } } },
    'card.changed': { actions: { type: 'keyStep', params: { type: 'methodChanged' } } },
    'captcha.solved': { actions: 'captchaChange' },
    'captcha.expired': { actions: 'captchaChange' },
  },
  states: {
    flow: {
      description: 'The payment, from its load to its confirmation.',
      initial: 'start',
      // Shared by the resting states (idle, freeTrialDenied, billingDetailsRequired, error); the
      // busy states ignore them (no double submit), and providerPaying handles payment.error itself.
      on: {
        pay: [
          // Busy: ignored.
          { guard: 'isBusy' },
          // Issue 18: the realm's captcha guards payment and no challenge is solved (none yet, or
          // the last one spent by a failed attempt): nothing is sent, the view asks for a solve.
          { guard: 'captchaMissing', actions: 'askForCaptcha' },
          {
            guard: { type: 'preconditionsMet', params: payParams },
            target: '.paying',
            actions: [{ type: 'keyStep', params: attemptOf }, { type: 'storeAttempt', params: payParams }],
          },
          {
            target: '.error',
            reenter: true,
            actions: [{ type: 'keyStep', params: attemptOf }, { type: 'storeError', params: { message: 'failedPayment' } }],
          },
        ],
        'payment.error': {
          guard: 'isResting',
          target: '.error',
          reenter: true,
          actions: { type: 'storeError', params: ({ event }) => ({ message: event.message }) },
        },
        'provider.select': {
          guard: 'isResting',
          actions: { type: 'selectProvider', params: ({ event }) => ({ providerId: event.providerId, hasVouchers: event.hasVouchers }) },
        },
        'choice.select': { guard: 'isResting', actions: { type: 'storeChoice', params: ({ event }) => ({ choice: event.choice }) } },
        'choice.continue': [
          { guard: 'savedCardReady', actions: 'payWithSavedCard' },
          { guard: 'providerReady', actions: 'notifyJourneyMethod' },
        ],
        'card.submit': [
          { guard: 'isBusy' },
          // Issue 18: no card goes to the processor before the challenge is solved.
          { guard: 'captchaMissing', actions: 'askForCaptcha' },
          { guard: 'hasCardDetails', actions: 'payWithCard' },
          { target: '.preparingCard' },
        ],
        'card.edited': { guard: 'hasCardDetails', actions: ['dropCardDetails', { type: 'keyStep', params: { type: 'methodChanged' } }] },
        'provider.continue': [
          // Issue 18: a redirecting provider's init spends the challenge (docs/api.md "Captcha"): solve it first.
          { guard: and(['providerReady', 'captchaMissing']), actions: 'askForCaptcha' },
          {
            guard: 'providerReady',
            target: '.preparingProvider',
            actions: { type: 'keyStep', params: { type: 'methodChanged' } },
          },
        ],
        'providers.retry': { guard: 'basketChangeable', target: '.loadingProviders' },
      },
      states: {
        start: {
          description: 'Chooses where the payment starts from the input.',
          always: [
            { guard: 'startsAtCheckout', target: 'loading' },
            { guard: 'startsAtReturn', target: 'validating' },
            { guard: 'startsAtAuthorization', target: 'confirming' },
            { guard: 'startsDirect', target: 'idle' },
            { target: 'problem', actions: { type: 'storeProblem', params: { message: 'paymentNothingToConfirm' } } },
          ],
        },
        loading: {
          description: 'The checkout loads: the licence put in the basket, its name, the stored cards and the providers.',
          invoke: {
            id: 'loadCheckout',
            src: 'loadCheckout',
            input: ({ context }) => ({ api: context.env.api, licenceId: context.item, giftId: context.giftId, gift: context.giftDraft }),
            onDone: { target: 'idle', actions: { type: 'storeOrder', params: ({ event }) => ({ load: event.output }) } },
            onError: { target: 'loadFailed' },
          },
        },
        loadFailed: {
          description: 'The basket or the licence could not be loaded (unknownError); retry loads again.',
          on: { retry: { target: 'loading' } },
        },
        loadingProviders: {
          description: 'The providers load again after a failure.',
          invoke: {
            id: 'loadProviders',
            src: 'loadProviders',
            input: ({ context }) => ({ api: context.env.api }),
            onDone: { target: 'idle', actions: { type: 'storeProviders', params: ({ event }) => ({ providers: event.output }) } },
            onError: { target: 'idle', actions: { type: 'storeProviders', params: { providers: null } } },
          },
        },
        idle: {
          description: 'Nothing running; the checkout shows the payment choice, the card form or the provider step.',
          entry: 'dropBillingFields',
          on: {
            'payment.start': { target: 'providerPaying' },
            'error.clear': { actions: 'clearError' },
            'billingDetails.required': {
              target: 'billingDetailsRequired',
              actions: { type: 'requireBillingDetails', params: ({ event }) => ({ fields: event.missingFields }) },
            },
            'billingDetails.unset': { actions: 'unsetBillingDetails' },
          },
        },
        preparingCard: {
          description: "The card goes to the card processor for a token, and the token to the platform's payment method init.",
          entry: 'clearError',
          invoke: {
            id: 'prepareCard',
            src: 'prepareCard',
            input: ({ context, event }) => ({
              api: context.env.api,
              processor: context.env.processor,
              card: event.type === 'card.submit' ? event.card : { number: '', expMonth: 0, expYear: 0, cvc: '' },
            }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'storeCardDetails', params: ({ event }) => ({ details: event.output }) }, 'payWithCard'],
            },
            onError: { target: 'error', actions: { type: 'storeError', params: ({ event }) => ({ message: paymentErrorText(event.error) }) } },
          },
        },
        preparingProvider: {
          description: "The redirecting provider's payment method is initialised with the way back (the PAY route).",
          entry: 'clearError',
          invoke: {
            id: 'initProvider',
            src: 'initProvider',
            input: ({ context }) => ({
              api: context.env.api,
              // `provider.continue` is taken only with a provider chosen.
              provider: (context.choice as PaymentChoice).provider,
              origin: context.env.origin,
              locale: context.env.locale,
              captchaHeaders: captchaHeaders(context.captcha),
            }),
            onDone: [
              {
                guard: { type: 'approvesElsewhere', params: ({ event }) => ({ url: event.output.redirectUrl }) },
                target: 'leaving',
                actions: [
                  { type: 'storeRedirect', params: ({ event }) => ({ url: externalUrl(event.output.redirectUrl) }) },
                  // The init of a provider the payer approves elsewhere spent the challenge (the pay back at PAY needs none).
                  { type: 'spendCaptcha', params: {} },
                ],
              },
              {
                // Nothing to approve: pay now.
                target: 'idle',
                actions: {
                  type: 'payWithDetails',
                  params: ({ context, event }) => ({
                    details: methodDetails(event.output, {
                      provider: (context.choice as PaymentChoice).provider.providerType,
                      type: (context.choice as PaymentChoice).provider.paymentMethodType,
                    }),
                  }),
                },
              },
            ],
            onError: {
              target: 'error',
              actions: [
                { type: 'storeError', params: ({ event }) => ({ message: paymentErrorText(event.error) }) },
                // Sent with the init: gone (a refusal sets `failed`).
                { type: 'spendCaptcha', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        leaving: {
          description: "The pending checkout is kept in the tab and the browser goes to the provider's page; page.restored (Back) makes the page usable again.",
          entry: ['dropBillingFields', 'savePendingForProvider', 'leaveForProvider'],
          on: { 'page.restored': { target: 'idle', actions: 'clearRedirect' } },
        },
        paying: {
          description: 'The pay call runs with the idempotency key; other events wait (no double submit).',
          entry: ['startProcessing', 'clearError'],
          // The captcha token went with the call: spent (single-use) whatever the answer.
          exit: ['stopProcessing', { type: 'spendCaptcha', params: {} }],
          invoke: {
            id: 'pay',
            src: 'pay',
            input: ({ context }) => payActorInput(context),
            onDone: [
              {
                guard: { type: 'leavesToApprove', params: ({ event }) => ({ result: event.output }) },
                target: 'redirecting',
                actions: [
                  { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
                  { type: 'storeRedirect', params: ({ event }) => ({ url: event.output.redirectUrl }) },
                  { type: 'keyStep', params: { type: 'succeeded' } },
                ],
              },
              {
                guard: { type: 'cannotLeave', params: ({ event }) => ({ result: event.output }) },
                target: 'error',
                actions: [
                  { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
                  { type: 'storeError', params: { message: 'anErrorOccured' } },
                  { type: 'keyStep', params: { type: 'succeeded' } },
                ],
              },
              {
                guard: { type: 'confirmsFromHistory', params: ({ event }) => ({ result: event.output }) },
                target: 'confirming',
                actions: [
                  { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
                  { type: 'storePaymentId', params: ({ event }) => ({ result: event.output }) },
                  { type: 'keyStep', params: { type: 'succeeded' } },
                ],
              },
              {
                target: 'complete',
                actions: [{ type: 'storeResult', params: ({ event }) => ({ result: event.output }) }, { type: 'keyStep', params: { type: 'succeeded' } }],
              },
            ],
            onError: [
              { guard: { type: 'freeTrialDenied', params: ({ event }) => ({ error: event.error }) }, target: 'freeTrialDenied' },
              {
                guard: { type: 'missingFields', params: ({ event }) => ({ error: event.error }) },
                target: 'billingDetailsRequired',
                actions: {
                  type: 'requireBillingDetails',
                  params: ({ event }) => {
                    const result = paymentErrorMessage(event.error);
                    return { fields: result.kind === 'missingFields' ? result.fields : [] };
                  },
                },
              },
              {
                target: 'error',
                actions: [
                  { type: 'storeError', params: ({ event }) => ({ message: paymentErrorText(event.error) }) },
                  // 403 CAPTCHA_FAIL_ERROR: the flags say failed (the view shows a fresh challenge).
                  { type: 'spendCaptcha', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
        providerPaying: {
          description: "A payment run by the provider's own UI (payment.start): processing until it completes or fails.",
          entry: ['startProcessing', 'clearError'],
          exit: 'stopProcessing',
          on: {
            'payment.complete': { target: 'complete', actions: { type: 'keyStep', params: { type: 'succeeded' } } },
            'payment.error': { target: 'error', actions: { type: 'storeError', params: ({ event }) => ({ message: event.message }) } },
          },
        },
        redirecting: {
          description:
            'The answer needs the payer elsewhere: the pending checkout is kept and the browser goes to context.redirectUrl with returnUrl = PAYMENT_AUTHORIZATION. Shown again from the cache (Back), the page reloads.',
          entry: ['dropBillingFields', 'savePendingForChallenge', 'leaveForChallenge'],
          on: { 'page.restored': { actions: 'reloadPage' } },
        },
        freeTrialDenied: {
          description: '409 freeTrialDenied: ask whether to buy without the free trial.',
          entry: 'dropBillingFields',
          on: {
            'freeTrial.acknowledge': [
              // The 409 spent the challenge: buying without the trial needs a fresh solve.
              { guard: 'captchaMissing', actions: 'askForCaptcha' },
              { guard: 'hasAttempt', target: 'paying', actions: 'acknowledgeNoFreeTrial' },
            ],
            'freeTrial.decline': { target: 'idle' },
          },
        },
        billingDetailsRequired: {
          description: "424 BASKET_REQUIREMENTS_FAILED (or billingDetails.required): the form's data loads, the payer gives context.missingFields, then pays again with the same key.",
          initial: 'opening',
          exit: 'unsetBillingDetails',
          on: {
            'billingDetails.submit': [
              // The 424 spent the challenge: the details are kept, and paying again needs a fresh solve.
              {
                guard: 'captchaMissing',
                actions: [{ type: 'storeBillingDetails', params: ({ event }) => ({ values: event.values }) }, 'askForCaptcha'],
              },
              {
                guard: 'hasAttempt',
                target: 'paying',
                actions: { type: 'storeBillingDetails', params: ({ event }) => ({ values: event.values }) },
              },
            ],
            'billingDetails.required': {
              actions: { type: 'requireBillingDetails', params: ({ event }) => ({ fields: event.missingFields }) },
            },
            'billingDetails.unset': { target: 'idle' },
          },
          states: {
            opening: {
              description: "Loads the form's data unless it is already known.",
              always: [{ guard: 'hasBillingForm', target: 'form' }, { target: 'loadingForm' }],
            },
            loadingForm: {
              description: 'The checkout context (country, provider fields, purpose) and the countries load.',
              invoke: {
                id: 'loadBillingForm',
                src: 'loadBillingForm',
                input: ({ context }) => ({ api: context.env.api }),
                onDone: { target: 'form', actions: { type: 'storeBillingForm', params: ({ event }) => ({ form: event.output }) } },
                onError: { target: 'formFailed' },
              },
            },
            formFailed: {
              description: "The form's data could not be loaded (unknownError): retry, or give up (billingDetails.unset).",
              on: { 'billingForm.retry': { target: 'loadingForm' } },
            },
            form: { description: 'The billing details form.' },
          },
        },
        error: {
          description: 'The last payment failed; context.error holds the label key or server text. Pay again retries with the same key.',
          entry: 'dropBillingFields',
          exit: 'clearError',
          on: {
            'error.clear': { target: 'idle' },
            'payment.start': { target: 'providerPaying' },
            'billingDetails.required': {
              target: 'billingDetailsRequired',
              actions: { type: 'requireBillingDetails', params: ({ event }) => ({ fields: event.missingFields }) },
            },
          },
        },
        validating: {
          description: "PAY: the provider's answer is validated; an approved method pays with the pending checkout's key and consent.",
          invoke: {
            id: 'validateReturn',
            src: 'validateReturn',
            // `validating` is entered only with the provider's answer (startsAtReturn).
            input: ({ context }) => ({ api: context.env.api, back: context.back! }),
            onDone: [
              {
                guard: 'approvedAtProvider',
                target: 'idle',
                actions: {
                  type: 'payWithDetails',
                  params: ({ context, event }) => ({
                    details: methodDetails(event.output, { provider: context.back!.targetPaymentProvider, type: context.back!.paymentMethodType }),
                  }),
                },
              },
              { target: 'problem', actions: { type: 'storeProblem', params: { message: 'paymentError' } } },
            ],
            onError: { target: 'problem', actions: { type: 'storeProblem', params: ({ event }) => ({ message: paymentErrorText(event.error) }) } },
          },
        },
        confirming: {
          description: 'PAY and PAYMENT_AUTHORIZATION: the payment is read from the payment history (never taken from the query).',
          entry: 'dropBillingFields',
          invoke: {
            id: 'findPayment',
            src: 'findPayment',
            input: ({ context }) => ({ api: context.env.api, paymentId: context.paymentId ?? '' }),
            onDone: [
              {
                guard: { type: 'authorizedInHistory', params: ({ event }) => ({ item: event.output }) },
                target: 'complete',
                actions: { type: 'storePaid', params: ({ event }) => ({ paid: event.output }) },
              },
              {
                guard: 'isAuthorization',
                target: 'problem',
                actions: { type: 'storeProblem', params: { message: cardErrorKey('authentication_failed') } },
              },
              { target: 'complete', actions: { type: 'storePaid', params: ({ event }) => ({ paid: event.output }) } },
            ],
            onError: [{ guard: 'isAuthorization', target: 'confirmFailed' }, { target: 'complete' }],
          },
        },
        confirmFailed: {
          description: 'PAYMENT_AUTHORIZATION: the history could not be read (unknownError); retry reads it again.',
          on: { retry: { target: 'confirming' } },
        },
        problem: {
          description: 'The payment cannot go on here (nothing to confirm, declined at the provider, challenge failed): context.problem, and a way back to the checkout.',
          entry: 'dropBillingFields',
        },
        complete: {
          description:
            "Paid: the pending checkout is forgotten and the journey moves on to PAYMENT_COMPLETE with context.paid; a gift's payment confirmed on PAY or PAYMENT_AUTHORIZATION goes on to the gift's page (GIFT).",
          entry: ['dropBillingFields', 'storePaidFromOrder', 'clearPending', 'notifyJourneyDone', 'leaveForGift'],
        },
      },
    },
    voucher: {
      description: "The basket's vouchers (§3 \"Basket\", §5): added or removed while the payment rests.",
      initial: 'idle',
      states: {
        idle: {
          description: 'The voucher entry; a code is checked before it is sent.',
          on: {
            'voucher.add': [
              { guard: 'basketLocked' },
              {
                guard: { type: 'voucherCodeValid', params: ({ event }) => ({ code: event.code }) },
                target: 'adding',
                actions: { type: 'startVoucher', params: ({ event }) => ({ code: event.code.trim() }) },
              },
              {
                actions: {
                  type: 'voucherFailed',
                  params: ({ event }) => {
                    const parsed = parseVoucherCode(event.code);
                    return { key: voucherProblemKey(parsed.ok ? 'empty' : parsed.problem), kind: 'refused' as const };
                  },
                },
              },
            ],
            'voucher.remove': {
              guard: 'basketChangeable',
              target: 'removing',
              actions: { type: 'startVoucher', params: ({ event }) => ({ code: event.code }) },
            },
            'voucher.edit': { actions: 'clearVoucherError' },
          },
        },
        adding: {
          description: 'PUT baskets/vouchers/{code}: the new basket, and a new idempotency key.',
          invoke: {
            id: 'addVoucher',
            src: 'addVoucher',
            input: ({ context }) => ({ api: context.env.api, code: context.voucher.code ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'voucherDone', params: ({ event }) => ({ basket: event.output, key: 'voucherApplied' as const }) },
                { type: 'keyStep', params: { type: 'basketChanged' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'voucherFailed', params: ({ event }) => ({ key: voucherErrorKey(event.error), kind: 'failed' as const }) },
            },
          },
        },
        removing: {
          description: 'DELETE baskets/vouchers/{code}: the new basket, and a new idempotency key.',
          invoke: {
            id: 'removeVoucher',
            src: 'removeVoucher',
            input: ({ context }) => ({ api: context.env.api, code: context.voucher.code ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'voucherDone', params: ({ event }) => ({ basket: event.output, key: 'voucherRemoved' as const }) },
                { type: 'keyStep', params: { type: 'basketChanged' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'voucherFailed', params: ({ event }) => ({ key: voucherErrorKey(event.error), kind: 'failed' as const }) },
            },
          },
        },
      },
    },
  },
});

/** The payment machine's type. */
export type PaymentMachine = typeof paymentMachine;
