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

/** `GET /api/v2/customer/basket`: the viewer's current basket. */
export const getBasket = defineCall({
  name: 'baskets.get',
  method: 'GET',
  path: '/api/v2/customer/basket',
  response: basketSchema,
  auth: 'required',
});

/** `PUT /api/v2/baskets/{licenceId}?acknowledgeNoFreeTrial=…`: the basket now holds that licence. */
export const putBasket = defineCall({
  name: 'baskets.put',
  method: 'PUT',
  path: '/api/v2/baskets/:id',
  query: acknowledgeNoFreeTrialQuery,
  response: basketSchema,
  auth: 'required',
});

/** `PUT /api/v2/baskets/vouchers/{code}` (code URL-encoded, §5): applies a voucher; the basket. */
export const addVoucher = defineCall({
  name: 'vouchers.add',
  method: 'PUT',
  path: '/api/v2/baskets/vouchers/:code',
  response: basketSchema,
  auth: 'required',
});
/** `DELETE /api/v2/baskets/vouchers/{code}`: removes it; the basket. */
export const removeVoucher = defineCall({
  name: 'vouchers.remove',
  method: 'DELETE',
  path: '/api/v2/baskets/vouchers/:code',
  response: basketSchema,
  auth: 'required',
});
/** `POST /api/v2/promotions/voucher/redeem`: `licenceId` only when it is an integer (§5). */
export const redeemVoucherRequestSchema = z.object({
  voucherCode: nonEmpty(),
  licenceId: z.optional(z.int()),
});
export const redeemVoucher = defineCall({
  name: 'vouchers.redeem',
  method: 'POST',
  path: '/api/v2/promotions/voucher/redeem',
  body: redeemVoucherRequestSchema,
  response: z.looseObject({ redeemed: z.boolean() }),
  auth: 'required',
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
export const initPaymentMethod = defineCall({
  name: 'paymentMethods.init',
  method: 'POST',
  path: '/api/v4/payment-method/init',
  body: initPaymentMethodRequestSchema,
  response: paymentDetailsSchema,
  auth: 'required',
});
/** `POST /api/v4/payment-method/validate` (body not shown by the spec; this project's). */
export const validatePaymentMethodRequestSchema = z.object({
  paymentDetailsExid: nonEmpty(),
  redirectStatus: z.optional(z.string()),
});
export const validatePaymentMethod = defineCall({
  name: 'paymentMethods.validate',
  method: 'POST',
  path: '/api/v4/payment-method/validate',
  body: validatePaymentMethodRequestSchema,
  response: paymentDetailsSchema,
  auth: 'required',
});

/** `POST /api/v2/licence/{id}/payment-details/{paymentDetailsId}`, no body. */
export const attachPaymentDetails = defineCall({
  name: 'payments.attachDetails',
  method: 'POST',
  path: '/api/v2/licence/:id/payment-details/:paymentDetailsId',
  response: z.looseObject({}),
  auth: 'required',
});
/** The same with the billing-details suffix (§7). */
export const attachPaymentDetailsWithBilling = defineCall({
  name: 'payments.attachDetailsWithBilling',
  method: 'POST',
  path: '/api/v2/licence/:id/payment-details/:paymentDetailsId/billing-details',
  response: z.looseObject({}),
  auth: 'required',
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

/**
 * `POST /api/v2/customer/baskets/pay/{basketId}?acknowledgeNoFreeTrial=…`, sent with an
 * `Idempotency-Key` header: the same key never charges twice. Errors (§8): 409
 * `freeTrialDenied`, 424 `BASKET_REQUIREMENTS_FAILED` with `details.missingFields`, card errors.
 */
export const payBasket = defineCall({
  name: 'baskets.pay',
  method: 'POST',
  path: '/api/v2/customer/baskets/pay/:id',
  body: payRequestSchema,
  query: acknowledgeNoFreeTrialQuery,
  response: payResponseSchema,
  auth: 'required',
});
/** `POST /api/v2/customer/baskets/pay/`: pays the current basket (no id). */
export const payCurrentBasket = defineCall({
  name: 'baskets.payCurrent',
  method: 'POST',
  path: '/api/v2/customer/baskets/pay/',
  body: payRequestSchema,
  query: acknowledgeNoFreeTrialQuery,
  response: payResponseSchema,
  auth: 'required',
});

/** A payment provider the realm offers (§3 "Payment provider entry"). */
export const paymentProviderSchema = z.looseObject({
  providerType: z.string(),
  paymentMethodType: z.string(),
  paymentProviderId: z.string(),
  paymentProviderGroupType: z.optional(z.string()),
  hasVouchers: z.optional(z.boolean()),
});
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;
/** `GET /api/v2/payment-providers` (path not shown by the spec; this project's). */
export const getPaymentProviders = defineCall({
  name: 'payments.providers',
  method: 'GET',
  path: '/api/v2/payment-providers',
  response: z.looseObject({ providers: z.array(paymentProviderSchema) }),
  auth: 'optional',
});

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
/** `GET /api/v2/customer/cards` (path not shown by the spec; this project's). */
export const getCards = defineCall({
  name: 'cards.list',
  method: 'GET',
  path: '/api/v2/customer/cards',
  response: z.looseObject({ cards: z.array(cardSchema) }),
  auth: 'required',
});
/** `POST /api/v2/licences/{licenceId}/card/{cardId}?checkBillingDetails=…`, empty body (§7). */
export const attachCardToLicence = defineCall({
  name: 'cards.attachToLicence',
  method: 'POST',
  path: '/api/v2/licences/:licenceId/card/:cardId',
  query: z.object({ checkBillingDetails: z.optional(z.enum(['true', 'false'])) }),
  response: z.looseObject({}),
  auth: 'required',
});

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
/** `GET /api/v2/customer/payments` (the spec does not show the call; this project's). */
export const getPaymentHistory = defineCall({
  name: 'payments.history',
  method: 'GET',
  path: '/api/v2/customer/payments',
  response: z.looseObject({ items: z.array(paymentHistoryItemSchema) }),
  auth: 'required',
});
