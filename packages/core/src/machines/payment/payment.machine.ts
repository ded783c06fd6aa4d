import { assign, fromPromise, not, or, setup, stateIn } from 'xstate';
import { isRedirectingProvider, paymentErrorMessage, paymentPreconditions, type PaymentDetailsLike } from '../../domain/index.js';
import type {
  PayActorInput,
  PayAttempt,
  PaymentContext,
  PaymentEvent,
  PaymentInput,
  PayResultLike,
} from './payment.types.js';

export type {
  PayActorInput,
  PayAttempt,
  PaymentApiLike,
  PaymentContext,
  PaymentEvent,
  PaymentInput,
  PaymentProviderLike,
  PayResultLike,
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
  };
};

/** The message `error` shows for a failure that is neither a free-trial denial nor missing fields. */
function errorText(error: unknown): string {
  const result = paymentErrorMessage(error);
  return result.kind === 'serverMessage' ? result.text
    : result.kind === 'key' ? result.key
    : result.kind === 'freeTrialDenied' ? result.key
    : 'anErrorOccured';
}

/**
 * The checkout's payment: the payment flow state of commerce-and-account-data.md §4 with every
 * transition, the pay call with an idempotency key, and the failure handling of §8.
 *
 * `pay { details, zeroBalance?, consent? }` (in `idle`, `error`, `billingDetailsRequired`,
 * `freeTrialDenied`) checks the domain's `paymentPreconditions` (§5): failing → `error` with
 * `failedPayment`, nothing sent; else → `paying` (actor `pay` with the current idempotency key).
 * A success → `complete`, or `redirecting` when the answer is `REQUIRES_ACTION` with a
 * `redirectUrl` or the provider is a redirecting one (§4) and a `redirectUrl` came back; the key
 * is renewed. A failure is mapped by `paymentErrorMessage`: `freeTrialDenied` → `freeTrialDenied`
 * (`freeTrial.acknowledge` pays again with `acknowledgeNoFreeTrial`), missing fields →
 * `billingDetailsRequired` (`billingDetails.submit` pays again), anything else → `error`; the key
 * is kept, so a retry never charges twice. `basket.changed` and `card.changed` renew the key in
 * every state. `payment.start` / `payment.complete` / `payment.error` follow a payment run by the
 * provider's own UI (`providerPaying`). `processing` is true exactly in `paying` and
 * `providerPaying`.
 */
export const paymentMachine = setup({
  types: {} as { context: PaymentContext; events: PaymentEvent; input: PaymentInput },
  actors: {
    /** `input.api.pay(attempt)` → the pay answer; rejects with the platform error. */
    pay: fromPromise<PayResultLike, PayActorInput>(async ({ input }) => {
      const { api, ...attempt } = input;
      if (api === null) throw new Error('payment: no api.pay given');
      return api.pay(attempt);
    }),
  },
  actions: {
    startProcessing: assign({ processing: true }),
    stopProcessing: assign({ processing: false }),
    renewKey: assign(({ context }) => ({ idempotencyKey: context.env.createKey() })),
    storeAttempt: assign(
      (_, params: { details: PaymentDetailsLike; zeroBalance?: boolean | undefined; consent?: PayAttempt['consent'] | undefined }) => ({
        attempt: {
          details: params.details,
          zeroBalance: params.zeroBalance === true,
          consent: params.consent ?? [],
          acknowledgeNoFreeTrial: false,
          billingDetails: {},
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
    storeError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    requireBillingDetails: assign((_, params: { fields: string[] }) => ({
      billingDetailsRequired: true,
      missingFields: [...params.fields],
    })),
    unsetBillingDetails: assign({ billingDetailsRequired: false, missingFields: [] }),
    selectProvider: assign((_, params: { providerId: string; hasVouchers: boolean }) => ({
      providerId: params.providerId,
      vouchers: params.hasVouchers === true,
    })),
    storeResult: assign((_, params: { result: PayResultLike }) => ({ paymentResult: params.result })),
    storeRedirect: assign((_, params: { result: PayResultLike }) => ({
      redirectUrl: nonEmpty(params.result.redirectUrl) ? params.result.redirectUrl : null,
    })),
  },
  guards: {
    /** Nothing is running: idle, freeTrialDenied, billingDetailsRequired or error. */
    isResting: or([stateIn('idle'), stateIn('freeTrialDenied'), stateIn('billingDetailsRequired'), stateIn('error')]),
    /** The domain's §5 preconditions hold for the pay event's details (zero balance needs none). */
    preconditionsMet: (_, params: { details: PaymentDetailsLike; zeroBalance: boolean | undefined }) =>
      paymentPreconditions(params.details, { zeroBalance: params.zeroBalance === true }).ok,
    /**
     * The answer sends the payer away: it carries a `redirectUrl` and is `REQUIRES_ACTION` or the
     * provider is a redirecting one (§4 "Redirecting payment providers").
     */
    needsRedirect: ({ context }, params: { result: PayResultLike }) =>
      nonEmpty(params.result?.redirectUrl) &&
      (params.result.status === REQUIRES_ACTION || isRedirectingProvider(providerName(context, context.attempt?.details))),
    /** `REQUIRES_ACTION` without anywhere to go: cannot be completed here. */
    actionWithoutRedirect: (_, params: { result: PayResultLike }) => params.result?.status === REQUIRES_ACTION,
    /** The failure is §8's 409 `freeTrialDenied`. */
    freeTrialDenied: (_, params: { error: unknown }) => paymentErrorMessage(params.error).kind === 'freeTrialDenied',
    /** The failure is §8's 424 `BASKET_REQUIREMENTS_FAILED`. */
    missingFields: (_, params: { error: unknown }) => paymentErrorMessage(params.error).kind === 'missingFields',
    /** There is a previous attempt to send again. */
    hasAttempt: ({ context }) => context.attempt !== null,
  },
}).createMachine({
  id: 'payment',
  description:
    'The checkout payment (commerce §4 "Payment flow state", §5, §8). Pay checks the §5 preconditions, then calls pay with an idempotency key that is reused on a retry and renewed after a success or a basket or card change. Failures: 409 freeTrialDenied asks to buy without the trial, 424 asks for billing details, others show the message. A REQUIRES_ACTION answer or a redirecting provider sends the payer away.',
  context: ({ input }) => {
    const createKey = typeof input.createKey === 'function' ? input.createKey : defaultCreateKey;
    return {
      item: input.item,
      vouchers: false,
      providers: Array.isArray(input.providers) ? input.providers : [],
      providerId: null,
      processing: false,
      error: null,
      billingDetailsRequired: false,
      missingFields: [],
      idempotencyKey: createKey(),
      paymentResult: null,
      redirectUrl: null,
      attempt: null,
      env: { api: input.api ?? null, createKey },
    };
  },
  on: {
    'basket.changed': { actions: 'renewKey' },
    'card.changed': { actions: 'renewKey' },
    // Shared by the resting states (idle, freeTrialDenied, billingDetailsRequired, error); the
    // busy states ignore them (no double submit), and providerPaying handles payment.error itself.
    pay: [
      // Busy: ignored.
      { guard: not('isResting') },
      {
        guard: { type: 'preconditionsMet', params: ({ event }) => ({ details: event.details, zeroBalance: event.zeroBalance }) },
        target: '.paying',
        actions: { type: 'storeAttempt', params: ({ event }) => ({ details: event.details, zeroBalance: event.zeroBalance, consent: event.consent }) },
      },
      { target: '.error', reenter: true, actions: { type: 'storeError', params: { message: 'failedPayment' } } },
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
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing running; the checkout shows the pay button.',
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
    paying: {
      description: 'The pay call runs with the idempotency key; other events wait (no double submit).',
      entry: ['startProcessing', 'clearError'],
      exit: 'stopProcessing',
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => payActorInput(context),
        onDone: [
          {
            guard: { type: 'needsRedirect', params: ({ event }) => ({ result: event.output }) },
            target: 'redirecting',
            actions: [
              { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
              { type: 'storeRedirect', params: ({ event }) => ({ result: event.output }) },
              'renewKey',
            ],
          },
          {
            guard: { type: 'actionWithoutRedirect', params: ({ event }) => ({ result: event.output }) },
            target: 'error',
            actions: [
              { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
              { type: 'storeError', params: { message: 'anErrorOccured' } },
              'renewKey',
            ],
          },
          {
            target: 'complete',
            actions: [{ type: 'storeResult', params: ({ event }) => ({ result: event.output }) }, 'renewKey'],
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
          { target: 'error', actions: { type: 'storeError', params: ({ event }) => ({ message: errorText(event.error) }) } },
        ],
      },
    },
    providerPaying: {
      description: "A payment run by the provider's own UI (payment.start): processing until it completes or fails.",
      entry: ['startProcessing', 'clearError'],
      exit: 'stopProcessing',
      on: {
        'payment.complete': { target: 'complete', actions: 'renewKey' },
        'payment.error': { target: 'error', actions: { type: 'storeError', params: ({ event }) => ({ message: event.message }) } },
      },
    },
    redirecting: {
      description: 'The answer needs the payer elsewhere: the view navigates to context.redirectUrl and comes back to the PAY route.',
    },
    freeTrialDenied: {
      description: '409 freeTrialDenied: ask whether to buy without the free trial.',
      on: {
        'freeTrial.acknowledge': { guard: 'hasAttempt', target: 'paying', actions: 'acknowledgeNoFreeTrial' },
        'freeTrial.decline': { target: 'idle' },
      },
    },
    billingDetailsRequired: {
      description: '424 BASKET_REQUIREMENTS_FAILED (or billingDetails.required): ask for context.missingFields, then pay again with the same key.',
      exit: 'unsetBillingDetails',
      on: {
        'billingDetails.submit': {
          guard: 'hasAttempt',
          target: 'paying',
          actions: { type: 'storeBillingDetails', params: ({ event }) => ({ values: event.values }) },
        },
        'billingDetails.required': {
          actions: { type: 'requireBillingDetails', params: ({ event }) => ({ fields: event.missingFields }) },
        },
        'billingDetails.unset': { target: 'idle' },
      },
    },
    error: {
      description: 'The last payment failed; context.error holds the label key or server text. Pay again retries with the same key.',
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
    complete: {
      description: 'Paid: context.paymentResult holds the answer. The journey moves on to PAYMENT_COMPLETE.',
    },
  },
});

/** The payment machine's type. */
export type PaymentMachine = typeof paymentMachine;
