import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { GiftRedemption } from '../../contracts/gifts.js';
import { GIFT_CODE_INVALID_KEY, giftRedeemMessage, normaliseGiftCode } from '../../domain/index.js';
import type { GiftRedemptionContext, GiftRedemptionEvent, GiftRedemptionInput } from './giftRedemption.types.js';

/** Input of the `redeem` actor: `POST /api/v2/gift-redemptions { code }`. */
export interface RedeemGiftActorInput {
  api: ApiClient;
  /** The code in its stored form (core `normaliseGiftCode`). */
  code: string;
}

/**
 * Redeeming a gift code (issue 18; docs/api.md "Gifts"): the REDEEM page and the emailed link
 * (`/gift/redeem/{code}/…`, signed in). Input {@link GiftRedemptionInput}. `editing`: the viewer
 * types (`code.change`) and sends (`submit`); a code that is not a whole code (core
 * `normaliseGiftCode`) is refused there (`giftCodeInvalid`, nothing sent). `redeeming` calls
 * `api.gifts.redeem` (idempotent for the same account, so a retry is safe) → `redeemed` (final,
 * with the result: a new licence or the new renewal date), or back to `editing` with the message
 * key of core's `giftRedeemMessage`. With `autoSubmit` and a code, it redeems at once. Never throws.
 */
export const giftRedemptionMachine = setup({
  types: {} as { context: GiftRedemptionContext; events: GiftRedemptionEvent; input: GiftRedemptionInput },
  actors: {
    /** `api.gifts.redeem({ body: { code } })` → the redemption. */
    redeem: fromPromise<GiftRedemption, RedeemGiftActorInput>(({ input }) => input.api.gifts.redeem({ body: { code: input.code } })),
  },
  actions: {
    setCode: assign((_, params: { code: string }) => ({ code: params.code, error: null })),
    refuseShape: assign({ error: GIFT_CODE_INVALID_KEY }),
    storeResult: assign((_, params: { result: GiftRedemption }) => ({ result: params.result, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: giftRedeemMessage(params.error) })),
  },
  guards: {
    /** The code is a whole code. */
    isWholeCode: ({ context }) => normaliseGiftCode(context.code) !== null,
    /** Redeem at once: `autoSubmit` with a code from the link. */
    startsAtOnce: ({ context }) => context.autoSubmit && context.code !== '',
  },
}).createMachine({
  id: 'giftRedemption',
  description:
    'Redeeming a gift code (issue 18): the viewer types a code (or the emailed link gives it) and sends it; the platform grants the gifted months (a new licence, or the renewal date of the plan held moves on). A malformed code is refused before sending; a used, expired or unknown code shows why; a retry is safe (the same account gets the same answer).',
  context: ({ input }) => ({
    code: typeof input.code === 'string' ? input.code.trim() : '',
    autoSubmit: input.autoSubmit === true,
    result: null,
    error: null,
    env: { api: input.api },
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'With autoSubmit and a code (the emailed link), redeem at once; otherwise wait for the viewer.',
      always: [
        { guard: 'startsAtOnce', target: 'checking' },
        { target: 'editing' },
      ],
    },
    editing: {
      description: 'The code field; submit checks it and sends it.',
      on: {
        'code.change': { actions: { type: 'setCode', params: ({ event }) => ({ code: event.code }) } },
        submit: { target: 'checking' },
      },
    },
    checking: {
      description: 'A code that is not a whole code is refused without a call.',
      always: [{ guard: 'isWholeCode', target: 'redeeming' }, { target: 'editing', actions: 'refuseShape' }],
    },
    redeeming: {
      description: 'POST gift-redemptions { code }.',
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => ({ api: context.env.api, code: normaliseGiftCode(context.code) ?? '' }),
        onDone: { target: 'redeemed', actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'editing', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    redeemed: { type: 'final', description: 'Redeemed: the page shows the plan and its new end of period.' },
  },
});

/** The gift redemption machine's type. */
export type GiftRedemptionMachine = typeof giftRedemptionMachine;
