import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { Gift } from '../../contracts/gifts.js';
import { errorFacts } from '../../domain/index.js';

/** Input of the gift order machine. */
export interface GiftOrderInput {
  /** Platform client: `api.gifts.get`, `resend`, `cancel`. */
  api: ApiClient;
  /** The gift's id (the GIFT route's `giftId`). */
  giftId: string;
}

/** Context of the gift order machine. */
export interface GiftOrderContext {
  giftId: string;
  /** The gift once loaded; replaced by each action's answer. */
  gift: Gift | null;
  /** Message key of the last action's outcome: `giftResent`, `giftCancelled`; null before. */
  notice: string | null;
  /** Message key of the last failure (`giftActionFailed`), or null. */
  error: string | null;
  /** Internal: the platform client. */
  env: { api: ApiClient };
}

/** Events: load again after a failure, send the code again, cancel (with a refund). */
export type GiftOrderEvent = { type: 'retry' } | { type: 'resend' } | { type: 'cancel' };

/** Input of the gift order actors. */
export interface GiftOrderActorInput {
  api: ApiClient;
  giftId: string;
}

/**
 * The buyer's view of one gift (GIFT `/gift/{giftId}`; issue 18, docs/api.md "Gifts"): loads it
 * (`api.gifts.get`; 404 → `notFound`, another failure → `loadFailed` with `retry`), then in
 * `ready` offers `resend` (a delivered gift: a new code is emailed) and `cancel` (a scheduled
 * gift: refunded), each answering the gift as it now stands with a notice, or the error
 * `giftActionFailed` (the gift is read again). What is offered is the gift's `canResend` /
 * `canCancel`. Never throws.
 */
export const giftOrderMachine = setup({
  types: {} as { context: GiftOrderContext; events: GiftOrderEvent; input: GiftOrderInput },
  actors: {
    load: fromPromise<Gift, GiftOrderActorInput>(({ input }) => input.api.gifts.get({ params: { giftId: input.giftId } })),
    resend: fromPromise<Gift, GiftOrderActorInput>(({ input }) => input.api.gifts.resend({ params: { giftId: input.giftId } })),
    cancel: fromPromise<Gift, GiftOrderActorInput>(({ input }) => input.api.gifts.cancel({ params: { giftId: input.giftId } })),
  },
  actions: {
    storeGift: assign((_, params: { gift: Gift; notice?: string }) => ({ gift: params.gift, notice: params.notice ?? null, error: null })),
    storeError: assign({ error: 'giftActionFailed', notice: null }),
    clearMessages: assign({ error: null, notice: null }),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => {
      const facts = errorFacts(params.error);
      return facts.status === 404 || facts.status === 400;
    },
    canResend: ({ context }) => context.gift?.canResend === true,
    canCancel: ({ context }) => context.gift?.canCancel === true,
  },
}).createMachine({
  id: 'giftOrder',
  description:
    "The buyer's view of one gift (issue 18): its status (scheduled, delivered, redeemed, cancelled, expired), resend for a delivered gift (a new code), cancel with a refund before delivery. An unknown gift is not found; a failed load offers Retry; a failed action says so and reads the gift again.",
  context: ({ input }) => ({ giftId: input.giftId, gift: null, notice: null, error: null, env: { api: input.api } }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ api: context.env.api, giftId: context.giftId }),
        onDone: { target: 'ready', actions: { type: 'storeGift', params: ({ event, context }) => ({ gift: event.output, ...(context.notice ? { notice: context.notice } : {}) }) } },
        onError: [{ guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' }, { target: 'loadFailed' }],
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: 'clearMessages' } } },
    notFound: { type: 'final' },
    ready: {
      on: {
        resend: { guard: 'canResend', target: 'resending', actions: 'clearMessages' },
        cancel: { guard: 'canCancel', target: 'cancelling', actions: 'clearMessages' },
      },
    },
    resending: {
      invoke: {
        src: 'resend',
        input: ({ context }) => ({ api: context.env.api, giftId: context.giftId }),
        onDone: { target: 'ready', actions: { type: 'storeGift', params: ({ event }) => ({ gift: event.output, notice: 'giftResent' }) } },
        onError: { target: 'reloading', actions: 'storeError' },
      },
    },
    cancelling: {
      invoke: {
        src: 'cancel',
        input: ({ context }) => ({ api: context.env.api, giftId: context.giftId }),
        onDone: { target: 'ready', actions: { type: 'storeGift', params: ({ event }) => ({ gift: event.output, notice: 'giftCancelled' }) } },
        onError: { target: 'reloading', actions: 'storeError' },
      },
    },
    reloading: {
      description: 'After a failed action the gift is read again (its state may have moved on), keeping the error.',
      invoke: {
        src: 'load',
        input: ({ context }) => ({ api: context.env.api, giftId: context.giftId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ gift: event.output })) },
        onError: { target: 'ready' },
      },
    },
  },
});

/** The gift order machine's type. */
export type GiftOrderMachine = typeof giftOrderMachine;
