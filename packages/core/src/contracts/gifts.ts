import * as z from 'zod/mini';
import { GIFT_MESSAGE_MAX_LENGTH, GIFT_PERIOD_MONTHS, GIFT_STATUSES } from '../domain/gifts.js';
import { basketSchema } from './baskets.js';
import { defineCall } from './define.js';
import { moneySchema } from './licences.js';

/**
 * Gifting (issue 18 "Gifting"; docs/api.md "Gifts"; this project's calls: the spec shows none).
 * The rules are `@stream/core/domain`'s `gifts.ts`.
 *
 * A buyer gives a fixed period (1, 3 or 12 months, {@link giftPlansSchema}: which plans and
 * periods is a realm setting per licence) of a plan to a recipient by email, delivered on a date:
 *
 * 1. `POST /api/v2/gifts` creates the gift and puts it in the buyer's open basket (a gift
 *    basket: the basket's item is the licence with `gift { giftId, months }`, its amounts the
 *    price of the months). It is paid with the EXISTING basket and payment calls (payment
 *    methods, `POST /api/v2/customer/baskets/pay/{id}` with its `Idempotency-Key`, 3-D Secure,
 *    redirecting providers, vouchers, the 424 billing form): there is no second payment path. A
 *    gift payment grants the buyer nothing; its payment history item has `itemType: 'GIFT'` and
 *    `gift { giftId, recipientName }`. Putting a licence in the basket (`PUT /baskets/{id}`)
 *    makes it an ordinary basket again.
 * 2. On the delivery date (00:00 UTC, by the platform's clock) the recipient is emailed a
 *    redemption link (`/gift/redeem/{code}/login`) with the code; a gift for today is emailed
 *    once paid.
 * 3. The recipient redeems the code (`POST /api/v2/gift-redemptions`): a new licence for the
 *    period, or the held plan's paid period extended by it, without a charge.
 *
 * The buyer sees its gifts (`GET /api/v2/gifts`, `/gifts/{giftId}`): UNPAID (created, not paid
 * yet: `/gifts/{giftId}` only), SCHEDULED, DELIVERED, REDEEMED, CANCELLED or EXPIRED; resends a delivered one (a new code; the old one stops
 * working), or cancels a scheduled one (the payment is refunded). Codes are 24 characters of
 * Crockford's base 32 (120 random bits), stored hashed, single-use, expire a year after
 * delivery; redemption is idempotent for the same account and throttled like other secrets.
 * A child profile cannot buy gifts (403 `FORBIDDEN` `kidPurchasePermissionDenied`).
 */

/** Error code and message key of a code that is malformed or unknown (404). */
export const GIFT_CODE_INVALID = 'GIFT_CODE_INVALID';
/** Error code and message key of a code already redeemed by another account (409). */
export const GIFT_CODE_USED = 'GIFT_CODE_USED';
/** Error code and message key of a code past its year (409). */
export const GIFT_CODE_EXPIRED = 'GIFT_CODE_EXPIRED';
/** The message keys of the redemption errors (labels `gifts/*.json`), by error code. */
export const GIFT_REDEEM_MESSAGE_KEYS = {
  [GIFT_CODE_INVALID]: 'giftCodeInvalid',
  [GIFT_CODE_USED]: 'giftCodeAlreadyUsed',
  [GIFT_CODE_EXPIRED]: 'giftCodeExpired',
} as const;

const nonEmpty = () => z.string().check(z.minLength(1));
const dateTime = () => z.iso.datetime({ offset: true });
/** One of `GIFT_PERIOD_MONTHS`. */
const giftMonthsSchema = z.union([z.literal(GIFT_PERIOD_MONTHS[0]), z.literal(GIFT_PERIOD_MONTHS[1]), z.literal(GIFT_PERIOD_MONTHS[2])]);

/** One giftable offer: `months` of licence `licenceId` for `price` (in the caller's currency). */
export const giftPlanSchema = z.looseObject({
  licenceId: nonEmpty(),
  licenceName: z.string(),
  description: z.optional(z.string()),
  months: giftMonthsSchema,
  price: moneySchema,
});
export type GiftPlan = z.infer<typeof giftPlanSchema>;
/** `GET /api/v2/gift-plans`: every offer of the realm, by licence then months. */
export const giftPlansSchema = z.looseObject({ plans: z.array(giftPlanSchema) });
export type GiftPlans = z.infer<typeof giftPlansSchema>;

/**
 * Body of `POST /api/v2/gifts`: the offer (`licenceId`, `months`), the recipient (`recipientName`
 * 1 to 100 characters, `recipientEmail`), a `message` (at most 500 characters) and the
 * `deliveryDate` (`YYYY-MM-DD`, today or later by UTC, at most 365 days ahead).
 */
export const createGiftRequestSchema = z.object({
  licenceId: nonEmpty(),
  months: giftMonthsSchema,
  recipientName: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  recipientEmail: z.email().check(z.maxLength(254)),
  message: z.optional(z.string().check(z.maxLength(GIFT_MESSAGE_MAX_LENGTH))),
  deliveryDate: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
});
export type CreateGiftRequest = z.input<typeof createGiftRequestSchema>;

/**
 * A gift as its buyer sees it. `status` (`GiftStatus`); `deliveryDate` (`YYYY-MM-DD`);
 * `deliveredAt`, `redeemedAt`, `cancelledAt`, `codeExpiresAt` ISO 8601 when they happened or
 * apply; `price` what was paid; `paymentId` the payment (absent before payment); `refunded` once
 * a cancel refunded it. Never the code.
 */
export const giftSchema = z.looseObject({
  giftId: z.uuid(),
  status: z.enum(GIFT_STATUSES),
  licenceId: nonEmpty(),
  licenceName: z.string(),
  months: giftMonthsSchema,
  recipientName: z.string(),
  recipientEmail: z.string(),
  message: z.optional(z.string()),
  deliveryDate: z.string(),
  price: moneySchema,
  paymentId: z.optional(z.string()),
  createdAt: dateTime(),
  deliveredAt: z.optional(dateTime()),
  redeemedAt: z.optional(dateTime()),
  cancelledAt: z.optional(dateTime()),
  codeExpiresAt: z.optional(dateTime()),
  refunded: z.optional(z.boolean()),
  canResend: z.boolean(),
  canCancel: z.boolean(),
});
export type Gift = z.infer<typeof giftSchema>;

/** `POST /api/v2/gifts` answer: the gift (not yet paid: `status` SCHEDULED, no `paymentId`) and the open basket now holding it. */
export const createdGiftSchema = z.looseObject({ gift: giftSchema, basket: basketSchema });
export type CreatedGift = z.infer<typeof createdGiftSchema>;
/** `GET /api/v2/gifts`: the buyer's paid gifts, newest first. */
export const giftListSchema = z.looseObject({ items: z.array(giftSchema) });
export type GiftList = z.infer<typeof giftListSchema>;
/** Path parameters of one gift. */
export const giftParamsSchema = z.object({ giftId: z.uuid() });

/** Body of `POST /api/v2/gift-redemptions`: the code as typed (any case, spaces and dashes allowed). */
export const redeemGiftRequestSchema = z.object({ code: z.string().check(z.minLength(1), z.maxLength(200)) });
export type RedeemGiftRequest = z.input<typeof redeemGiftRequestSchema>;

/**
 * The answer of a redemption: the licence (`licenceId`, `licenceName`), the gifted `months`, what
 * happened (`outcome`: `new` licence, `extend`ed paid period, or `unchanged` for a licence that
 * never ends), `previousExpiresAt` (an extension: the old renewal date), `expiresAt` (the
 * licence's end of period now) and `redeemedAt`. The same account redeeming again gets the same answer.
 */
export const giftRedemptionSchema = z.looseObject({
  licenceId: nonEmpty(),
  licenceName: z.string(),
  months: giftMonthsSchema,
  outcome: z.enum(['new', 'extend', 'unchanged']),
  previousExpiresAt: z.optional(dateTime()),
  expiresAt: z.optional(dateTime()),
  redeemedAt: dateTime(),
});
export type GiftRedemption = z.infer<typeof giftRedemptionSchema>;

/** The `gifts` area (`calls.gifts`); see the module's docs for the flow. */
export const giftsCalls = {
  /** `GET /api/v2/gift-plans`: the realm's giftable offers with their prices for the caller's country. Guests too. */
  plans: defineCall({
    name: 'gifts.plans',
    method: 'GET',
    path: '/api/v2/gift-plans',
    response: giftPlansSchema,
    auth: 'optional',
  }),
  /**
   * `POST /api/v2/gifts`: creates a gift and puts it in the open basket (then pay the basket with
   * the ordinary pay call). Errors: 401; 403 `FORBIDDEN` `kidPurchasePermissionDenied` for a
   * child profile; 404 `NOT_FOUND` for an offer the realm does not make (licence or months); 400
   * for a bad body or a delivery date in the past or more than 365 days ahead
   * (`deliveryDate: …`).
   */
  create: defineCall({
    name: 'gifts.create',
    method: 'POST',
    path: '/api/v2/gifts',
    body: createGiftRequestSchema,
    response: createdGiftSchema,
    status: 201,
    auth: 'required',
  }),
  /**
   * `PUT /api/v2/gifts/{giftId}/basket`: puts the caller's unpaid gift back in the open basket (the
   * gift's checkout loads with it, so a reload or a retry pays the same gift); answers the basket.
   * Errors: 401; 404 (not the caller's gift); 409 `CONFLICT` for a gift already paid or cancelled.
   */
  basket: defineCall({
    name: 'gifts.basket',
    method: 'PUT',
    path: '/api/v2/gifts/:giftId/basket',
    params: giftParamsSchema,
    response: basketSchema,
    auth: 'required',
  }),
  /** `GET /api/v2/gifts`: the caller's paid gifts, newest first. Errors: 401. */
  list: defineCall({
    name: 'gifts.list',
    method: 'GET',
    path: '/api/v2/gifts',
    response: giftListSchema,
    auth: 'required',
  }),
  /**
   * `GET /api/v2/gifts/{giftId}`: one of the caller's gifts, an unpaid one too (`status: 'UNPAID'`,
   * no `paymentId`: its checkout GIFT_PAY pays it). Errors: 401; 404 (another account's gift too);
   * 400 for an id that is not a UUID.
   */
  get: defineCall({
    name: 'gifts.get',
    method: 'GET',
    path: '/api/v2/gifts/:giftId',
    params: giftParamsSchema,
    response: giftSchema,
    auth: 'required',
  }),
  /** `POST /api/v2/gifts/{giftId}/resend`: emails a new code to the recipient (the old one stops working). Errors: 401; 404; 409 `CONFLICT` unless DELIVERED. */
  resend: defineCall({
    name: 'gifts.resend',
    method: 'POST',
    path: '/api/v2/gifts/:giftId/resend',
    params: giftParamsSchema,
    response: giftSchema,
    auth: 'required',
  }),
  /** `POST /api/v2/gifts/{giftId}/cancel`: cancels a scheduled gift and refunds its payment. Errors: 401; 404; 409 `CONFLICT` unless SCHEDULED. */
  cancel: defineCall({
    name: 'gifts.cancel',
    method: 'POST',
    path: '/api/v2/gifts/:giftId/cancel',
    params: giftParamsSchema,
    response: giftSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v2/gift-redemptions` `{ code }`: redeems a code for the signed-in account (see
   * {@link giftRedemptionSchema}). Errors: 401; 404 `GIFT_CODE_INVALID` (`giftCodeInvalid`,
   * malformed or unknown; counts as a failed guess); 409 `GIFT_CODE_USED` (`giftCodeAlreadyUsed`,
   * redeemed by another account); 409 `GIFT_CODE_EXPIRED` (`giftCodeExpired`); 429
   * `TOO_MANY_ATTEMPTS` with `Retry-After` after 5 failed guesses in a row.
   */
  redeem: defineCall({
    name: 'gifts.redeem',
    method: 'POST',
    path: '/api/v2/gift-redemptions',
    body: redeemGiftRequestSchema,
    response: giftRedemptionSchema,
    auth: 'required',
  }),
};
