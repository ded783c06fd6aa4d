import * as z from 'zod/mini';
import { consentAnswerSchema } from './auth.js';
import { defineCall } from './define.js';
import { discountSchema, moneySchema } from './licences.js';

/**
 * Baskets, payments, vouchers, cards and payment history. Implements
 * commerce-and-account-data.md §3 (Basket, Payment details, Payment provider entry, Card, Payment
 * history item) and §7 "Baskets and payments". Amounts are integers in minor units with `scale`
 * decimals; timestamps ISO 8601. Answers the specification does not show are this project's
 * (docs/api.md).
 */

const nonEmpty = () => z.string().check(z.minLength(1));
/** Query flag of basket and pay calls: the buyer accepts that no free trial applies (§7). */
const acknowledgeNoFreeTrialQuery = z.object({ acknowledgeNoFreeTrial: z.optional(z.enum(['true', 'false'])) });

/** A voucher applied to a basket (§3 "Basket": vouchers with name, discount, preApplyVoucherCode). */
export const basketVoucherSchema = z.looseObject({
  name: z.string(),
  discount: z.optional(discountSchema),
  preApplyVoucherCode: z.optional(z.string()),
});

/** Amounts of a basket (§3), each in minor units of `currency` with `scale` decimals. */
export const basketAmountsSchema = z.looseObject({
  total: z.int(),
  currency: z.string().check(z.length(3)),
  scale: z.int().check(z.gte(0), z.lte(8)),
  vouchers: z.optional(z.array(basketVoucherSchema)),
  tax: z.optional(z.int()),
  discountedTax: z.optional(z.int()),
  subTotal: z.optional(z.int()),
  discountedTotal: z.optional(z.int()),
  isTaxInclusive: z.optional(z.boolean()),
  isTaxRateEstimated: z.optional(z.boolean()),
});

/** A basket item (§3): the first item carries the sku and the subscription setting. */
export const basketItemSchema = z.looseObject({
  sku: z.string(),
  licenceId: z.optional(z.string()),
  subscriptionSetting: z.optional(
    z.looseObject({
      subscriptionPeriod: z.optional(z.string()),
      subscriptionType: z.optional(z.string()),
      trialPeriodDuration: z.optional(z.string()),
    }),
  ),
});

/** A basket (§3 "Basket"). */
export const basketSchema = z.looseObject({
  id: nonEmpty(),
  basketItems: z.array(basketItemSchema),
  amounts: basketAmountsSchema,
});
export type Basket = z.infer<typeof basketSchema>;

/** `POST /api/v2/promotions/voucher/redeem`: `licenceId` only when it is an integer (§5). */
export const redeemVoucherRequestSchema = z.object({
  voucherCode: nonEmpty(),
  licenceId: z.optional(z.int()),
});

/** Payment details (§3): what a payment method became at the provider. */
export const paymentDetailsSchema = z.looseObject({
  paymentDetailsExid: nonEmpty(),
  targetPaymentProvider: z.string(),
  paymentProviderType: z.optional(z.string()),
  paymentMethodDetails: z.optional(
    z.looseObject({ paymentMethodType: z.string(), amount: z.optional(moneySchema) }),
  ),
  /** Where a redirecting provider sends the payer (this project's field). */
  redirectUrl: z.optional(z.string()),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/**
 * `POST /api/v4/payment-method/init` body (§7): `primaryPaymentDetails` names the provider and
 * method; `token` is the card processor's token for a card (card numbers never reach the
 * platform); `returnUrl` is where a redirecting provider sends the payer back.
 */
export const initPaymentMethodRequestSchema = z.object({
  primaryPaymentDetails: z.object({
    targetPaymentProvider: nonEmpty(),
    paymentMethodType: nonEmpty(),
    token: z.optional(nonEmpty()),
    returnUrl: z.optional(nonEmpty()),
  }),
});
/** `POST /api/v4/payment-method/validate` (body not shown by the spec; this project's). */
export const validatePaymentMethodRequestSchema = z.object({
  paymentDetailsExid: nonEmpty(),
  redirectStatus: z.optional(z.string()),
});

/** `paymentArrangement` of a pay call (§7). */
export const payRequestSchema = z.object({
  paymentArrangement: z.object({
    primaryPaymentDetailsAttributes: z.object({
      paymentDetailsExternalId: z.optional(nonEmpty()),
      targetPaymentProvider: nonEmpty(),
      paymentMethodType: nonEmpty(),
    }),
  }),
  consent: z.optional(z.array(consentAnswerSchema)),
});
export type PayRequest = z.infer<typeof payRequestSchema>;

/** Outcome of a pay call (this project's shape). `REQUIRES_ACTION` comes with `redirectUrl`. */
export const PAYMENT_STATUSES = ['SUCCEEDED', 'REQUIRES_ACTION', 'PENDING', 'FAILED'] as const;
export const payResponseSchema = z.looseObject({
  status: z.enum(PAYMENT_STATUSES),
  paymentId: nonEmpty(),
  redirectUrl: z.optional(z.string()),
  licenceId: z.optional(z.string()),
});
export type PayResponse = z.infer<typeof payResponseSchema>;

/** A payment provider the realm offers (§3 "Payment provider entry"). */
export const paymentProviderSchema = z.looseObject({
  providerType: z.string(),
  paymentMethodType: z.string(),
  paymentProviderId: z.string(),
  paymentProviderGroupType: z.optional(z.string()),
  hasVouchers: z.optional(z.boolean()),
});
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/** A stored card (§3 "Card"): never the number, only the last four digits. */
export const cardSchema = z.looseObject({
  cardId: nonEmpty(),
  cardType: z.optional(z.string()),
  last4Digits: z.optional(z.string()),
  cardHolder: z.optional(z.string()),
  showEula: z.optional(z.boolean()),
  paymentProviderId: z.optional(z.string()),
  licences: z.optional(z.array(z.string())),
  paymentMethodType: z.optional(z.string()),
  default: z.optional(z.boolean()),
  expiryMonth: z.optional(z.int()),
  expiryYear: z.optional(z.int()),
});
export type Card = z.infer<typeof cardSchema>;

/** A payment history item (§3 "Payment history item"). */
export const paymentHistoryItemSchema = z.looseObject({
  id: nonEmpty(),
  when: z.string(),
  skuLicence: z.optional(z.looseObject({ licenceName: z.optional(z.string()), price: z.optional(moneySchema) })),
  skus: z.optional(z.array(z.string())),
  sku: z.optional(z.string()),
  itemType: z.optional(z.string()),
  status: z.string(),
  externalPaymentId: z.optional(z.string()),
  refunds: z.optional(z.array(z.unknown())),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;

/**
 * Headers of a pay call: `Idempotency-Key`, required, not blank and at most 255 characters. The
 * platform charges at most once per key: a retry of the same attempt reuses it, a new attempt
 * (another basket or card) takes a new one.
 */
export const payHeadersSchema = z.object({
  'Idempotency-Key': z
    .string({ error: 'header is required' })
    .check(z.trim(), z.minLength(1, { error: 'header is required' }), z.maxLength(255, { error: 'at most 255 characters' })),
});

/**
 * A voucher code as a path parameter: not empty, and not `.` or `..` (a path segment that URL
 * parsers resolve away, so the call would reach another route). The client URL-encodes it
 * (`a/b?c` stays one segment, `a%2Fb%3Fc`), as the domain's `voucherPathSegment` does.
 */
export const voucherCodeParamsSchema = z.object({
  code: z.string().check(
    z.minLength(1),
    z.refine((code) => code !== '.' && code !== '..', 'A voucher code cannot be a dot segment'),
  ),
});

/** The `baskets` area (`calls.baskets`); see `calls.baskets` for the errors. */
export const basketsCalls = {
  /** `GET /api/v2/customer/basket`: the viewer's current basket. */
  get: defineCall({
    name: 'baskets.get',
    method: 'GET',
    path: '/api/v2/customer/basket',
    response: basketSchema,
    auth: 'required',
  }),
  /**
   * `PUT /api/v2/baskets/{id}[?acknowledgeNoFreeTrial=true|false]`, `id` a licence id: the
   * basket now holds that licence; answers the basket. `acknowledgeNoFreeTrial=true`: the buyer
   * accepts that no free trial applies (else 409 `freeTrialDenied` when the trial is refused).
   */
  put: defineCall({
    name: 'baskets.put',
    method: 'PUT',
    path: '/api/v2/baskets/:id',
    query: acknowledgeNoFreeTrialQuery,
    response: basketSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v2/customer/baskets/pay/{id}[?acknowledgeNoFreeTrial=true|false]`, `id` the
   * basket's id, with the `Idempotency-Key` header ({@link payHeadersSchema}: the same key
   * answers the same payment and never charges twice) and body `{ paymentArrangement: {
   * primaryPaymentDetailsAttributes: { paymentDetailsExternalId?, targetPaymentProvider,
   * paymentMethodType } }, consent? }`. Answers `{ status: SUCCEEDED | REQUIRES_ACTION | PENDING
   * | FAILED, paymentId, redirectUrl?, licenceId? }`. Never retried by the client. Errors (§8):
   * 409 `freeTrialDenied`, 424 `BASKET_REQUIREMENTS_FAILED` with `details.missingFields`, 402
   * card codes with the server message; `ContractError` for a missing or empty key (nothing is
   * sent).
   */
  pay: defineCall({
    name: 'baskets.pay',
    method: 'POST',
    path: '/api/v2/customer/baskets/pay/:id',
    body: payRequestSchema,
    query: acknowledgeNoFreeTrialQuery,
    headers: payHeadersSchema,
    response: payResponseSchema,
    auth: 'required',
  }),
  /** `POST /api/v2/customer/baskets/pay/`: {@link basketsCalls.pay} for the current basket (no id). */
  payCurrent: defineCall({
    name: 'baskets.payCurrent',
    method: 'POST',
    path: '/api/v2/customer/baskets/pay/',
    body: payRequestSchema,
    query: acknowledgeNoFreeTrialQuery,
    headers: payHeadersSchema,
    response: payResponseSchema,
    auth: 'required',
  }),
};

/**
 * The `vouchers` area (`calls.vouchers`); §5 "Voucher code is URL-encoded before sending. A
 * licence voucher is applied with licenceId only when it is an integer".
 */
export const vouchersCalls = {
  /**
   * `PUT /api/v2/baskets/vouchers/{code}` (code URL-encoded, one path segment;
   * {@link voucherCodeParamsSchema}): applies the voucher; answers the basket with its new amounts.
   */
  add: defineCall({
    name: 'vouchers.add',
    method: 'PUT',
    path: '/api/v2/baskets/vouchers/:code',
    params: voucherCodeParamsSchema,
    response: basketSchema,
    auth: 'required',
  }),
  /** `DELETE /api/v2/baskets/vouchers/{code}`: removes the voucher; answers the basket without it. */
  remove: defineCall({
    name: 'vouchers.remove',
    method: 'DELETE',
    path: '/api/v2/baskets/vouchers/:code',
    params: voucherCodeParamsSchema,
    response: basketSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v2/promotions/voucher/redeem { voucherCode, licenceId? }`, the body the domain's
   * `voucherRedeemBody(code, licenceId)` builds (`licenceId` only when it is an integer: `'42'` →
   * 42, `'abc'` left out). Answers `{ redeemed }`.
   */
  redeem: defineCall({
    name: 'vouchers.redeem',
    method: 'POST',
    path: '/api/v2/promotions/voucher/redeem',
    body: redeemVoucherRequestSchema,
    response: z.looseObject({ redeemed: z.boolean() }),
    auth: 'required',
  }),
};

/**
 * The `paymentMethods` area (`calls.paymentMethods`; §3 "Payment details", §7, v4 paths). Both
 * answer payment details `{ paymentDetailsExid, targetPaymentProvider, paymentProviderType?,
 * paymentMethodDetails?, redirectUrl? }`.
 */
export const paymentMethodsCalls = {
  /**
   * `POST /api/v4/payment-method/init { primaryPaymentDetails: { targetPaymentProvider,
   * paymentMethodType, token?, returnUrl? } }`: `token` is the card processor's token (card
   * numbers never reach the platform), `returnUrl` where a redirecting provider sends the payer
   * back.
   */
  init: defineCall({
    name: 'paymentMethods.init',
    method: 'POST',
    path: '/api/v4/payment-method/init',
    body: initPaymentMethodRequestSchema,
    response: paymentDetailsSchema,
    auth: 'required',
  }),
  /** `POST /api/v4/payment-method/validate { paymentDetailsExid, redirectStatus? }`, after a redirect. */
  validate: defineCall({
    name: 'paymentMethods.validate',
    method: 'POST',
    path: '/api/v4/payment-method/validate',
    body: validatePaymentMethodRequestSchema,
    response: paymentDetailsSchema,
    auth: 'required',
  }),
};

/** The `payments` area (`calls.payments`): providers, history and payment details per licence. */
export const paymentsCalls = {
  /**
   * `GET /api/v2/payment-providers` (this project's path): `{ providers [{ providerType,
   * paymentMethodType, paymentProviderId, paymentProviderGroupType?, hasVouchers? }] }`.
   */
  providers: defineCall({ name: 'payments.providers', method: 'GET', path: '/api/v2/payment-providers', response: z.looseObject({ providers: z.array(paymentProviderSchema) }), auth: 'optional' }),
  /**
   * `GET /api/v2/customer/payments` (this project's path): `{ items [{ id, when, skuLicence?,
   * skus?, sku?, itemType?, status, externalPaymentId?, refunds? }] }` (§3 "Payment history item").
   */
  history: defineCall({ name: 'payments.history', method: 'GET', path: '/api/v2/customer/payments', response: z.looseObject({ items: z.array(paymentHistoryItemSchema) }), auth: 'required' }),
  /**
   * `POST /api/v2/licence/{id}/payment-details/{paymentDetailsId}`, no body: licence `id` renews
   * with those payment details. Answers `{}`. Errors: 424 `BASKET_REQUIREMENTS_FAILED` with
   * `details.missingFields`.
   */
  attachDetails: defineCall({
    name: 'payments.attachDetails',
    method: 'POST',
    path: '/api/v2/licence/:id/payment-details/:paymentDetailsId',
    response: z.looseObject({}),
    auth: 'required',
  }),
  /**
   * {@link paymentsCalls.attachDetails} with the `/billing-details` suffix (§7): the billing
   * details are checked too.
   */
  attachDetailsWithBilling: defineCall({
    name: 'payments.attachDetailsWithBilling',
    method: 'POST',
    path: '/api/v2/licence/:id/payment-details/:paymentDetailsId/billing-details',
    response: z.looseObject({}),
    auth: 'required',
  }),
};

/**
 * The `cards` area (`calls.cards`; §3 "Card", §7): stored cards, never the number, only brand,
 * last four digits, holder and expiry.
 */
export const cardsCalls = {
  /**
   * `GET /api/v2/customer/cards` (this project's path): `{ cards [{ cardId, cardType?,
   * last4Digits?, cardHolder?, paymentMethodType?, default?, expiryMonth?, expiryYear?,
   * licences? }] }`.
   */
  list: defineCall({ name: 'cards.list', method: 'GET', path: '/api/v2/customer/cards', response: z.looseObject({ cards: z.array(cardSchema) }), auth: 'required' }),
  /**
   * `POST /api/v2/licences/{licenceId}/card/{cardId}[?checkBillingDetails=true|false]`, empty
   * body: the licence renews on that card. Answers `{}`. Errors: 424
   * `BASKET_REQUIREMENTS_FAILED` with `details.missingFields` when `checkBillingDetails` finds
   * missing fields.
   */
  attachToLicence: defineCall({
    name: 'cards.attachToLicence',
    method: 'POST',
    path: '/api/v2/licences/:licenceId/card/:cardId',
    query: z.object({ checkBillingDetails: z.optional(z.enum(['true', 'false'])) }),
    response: z.looseObject({}),
    auth: 'required',
  }),
  /** `DELETE /api/v2/customer/cards/{cardId}` (this project's path): removes the card; answers `{}`. */
  remove: defineCall({
    name: 'cards.remove',
    method: 'DELETE',
    path: '/api/v2/customer/cards/:cardId',
    response: z.looseObject({}),
    auth: 'required',
  }),
  /**
   * `PUT /api/v2/customer/cards/{cardId}/default` (this project's path): answers the card, now the
   * default.
   */
  setDefault: defineCall({
    name: 'cards.setDefault',
    method: 'PUT',
    path: '/api/v2/customer/cards/:cardId/default',
    response: cardSchema,
    auth: 'required',
  }),
};
