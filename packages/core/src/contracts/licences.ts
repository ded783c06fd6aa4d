import * as z from 'zod/mini';
import { defineCall } from './define.js';
import { prechecked } from './precheck.js';

/**
 * Licences: the catalogue, licence families, the account's licences and their lifecycle calls.
 * Implements commerce-and-account-data.md §3 (Money, Licence, Licence family, Discount), §4 and
 * §7 "Licences". Timestamps are ISO 8601 date-times (UTC, `Z`); amounts are integers in minor
 * units with `scale` decimals; periods are ISO 8601 durations (`P1M`, `P7D`, ...).
 */

const id = () => z.string().check(z.minLength(1));
/** An ISO 8601 date-time, for example `2026-11-22T08:00:00Z`. */
const timestamp = () => z.string().check(z.minLength(1));

/** Money: `amount` in minor units, shown as amount / 10^scale with `scale` decimals (§3). */
export const moneySchema = z.looseObject({
  amount: z.int(),
  scale: z.int().check(z.gte(0), z.lte(8)),
  currency: z.string().check(z.length(3)),
});
export type Money = z.infer<typeof moneySchema>;

/** The amount of one billing period, for example `{ period: 'P1Y', amount: 9999 }` (minor units). */
export const periodAmountSchema = z.looseObject({ period: z.string(), amount: z.int() });

/**
 * A price of a licence in one currency (§3 "amounts"): `local` marks the viewer's local price,
 * `default` the realm's default one; `periodAmounts` gives the price per billing period.
 */
export const licenceAmountSchema = z.looseObject({
  amount: z.int(),
  currency: z.string().check(z.length(3)),
  scale: z.int().check(z.gte(0), z.lte(8)),
  sku: z.optional(z.string()),
  taxInclusive: z.optional(z.boolean()),
  local: z.optional(z.boolean()),
  default: z.optional(z.boolean()),
  periodAmounts: z.optional(z.array(periodAmountSchema)),
});
export type LicenceAmount = z.infer<typeof licenceAmountSchema>;

/** Purchase strategies (§4). */
export const PURCHASE_STRATEGY_TYPES = ['SUBSCRIPTION', 'FIXED_DATE', 'PPV'] as const;
export const purchaseStrategySchema = z.looseObject({
  type: z.enum(PURCHASE_STRATEGY_TYPES),
  /** ISO 8601 period of a subscription, for example `P1M`. */
  subscriptionPeriod: z.optional(z.string()),
  externalAuthProviderDetails: z.optional(z.unknown()),
});

/** Licence statuses (§4). */
export const LICENCE_STATUSES = ['ACTIVE', 'INACTIVE', 'TRIAL_ACTIVE', 'EXPIRED'] as const;
export type LicenceStatusValue = (typeof LICENCE_STATUSES)[number];
/** Pause states (§4); `ALLOWED` (this project's) marks a licence that may be paused. */
export const PAUSE_STATES = ['PAUSED', 'NOT_ALLOWED', 'ALLOWED'] as const;
export type PauseState = (typeof PAUSE_STATES)[number];

/** Trial of a licence: `trialPeriodDuration` is an ISO period such as `P7D` (§5). */
export const trialDetailsSchema = z.looseObject({
  trialPeriodDuration: z.optional(z.string()),
  /** End of the running trial, on an account's licence. */
  trialEndTimestamp: z.optional(timestamp()),
});

/**
 * A pending action (§3 `subscriptionPendingActions`): `PAUSE`, `RESUME`,
 * `CONFIRMED_PAYMENT_REQUIRED`, `REFRESH_PAYMENT_DETAILS`, ... (open set).
 */
export const pendingActionSchema = z.looseObject({
  action: z.string(),
  requestedAt: z.optional(timestamp()),
  actionDueBy: z.optional(timestamp()),
});

/** Status of an account's licence (§3 `licenceStatus`). `autoRenewingStatus`: `AUTO_RENEWING` or other. */
export const licenceStatusSchema = z.looseObject({
  status: z.enum(LICENCE_STATUSES),
  autoRenewingStatus: z.optional(z.string()),
  expiryTimestamp: z.optional(z.nullable(timestamp())),
  pauseState: z.optional(z.enum(PAUSE_STATES)),
});

/** Payment of an account's licence (§3 `licencePayment`). `paymentEventType` e.g. `CONFIRMED`, `UNCONFIRMED`. */
export const licencePaymentSchema = z.looseObject({
  paymentEventType: z.optional(z.string()),
  purchaseTimestamp: z.optional(timestamp()),
  expiryTimestamp: z.optional(z.nullable(timestamp())),
  paymentProviderInfo: z.optional(
    z.looseObject({
      managed: z.optional(z.boolean()),
      cardId: z.optional(z.string()),
      purchaseId: z.optional(z.string()),
    }),
  ),
});

/** Discount states (§4). */
export const DISCOUNT_STATES = ['ACTIVE', 'UPCOMING', 'EXPIRED'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

/**
 * A discount (§3): `PERCENTAGE` with `percentage` (0–100), or `AMOUNT` with `amount` (minor units
 * of the licence's currency); `lifeTimeRepeat` = how many billing periods it applies; `startsAt`
 * and `endsAt` (this project's) bound it in time.
 */
export const discountSchema = z.looseObject({
  type: z.enum(['PERCENTAGE', 'AMOUNT']),
  percentage: z.optional(z.number().check(z.gte(0), z.lte(100))),
  amount: z.optional(z.int()),
  state: z.enum(DISCOUNT_STATES),
  lifeTimeRepeat: z.optional(z.int()),
  startsAt: z.optional(timestamp()),
  endsAt: z.optional(timestamp()),
});
export type Discount = z.infer<typeof discountSchema>;

/** Price-migration consent answers (§4). */
export const PRICE_MIGRATION_CONSENTS = ['LEAVE', 'CONTINUE'] as const;
export type PriceMigrationConsent = (typeof PRICE_MIGRATION_CONSENTS)[number];

/**
 * A price migration waiting on an account's licence (this project's shape): the new price from
 * `effectiveFrom`, and the viewer's consent once given.
 */
export const priceMigrationSchema = z.looseObject({
  id: id(),
  newAmount: moneySchema,
  effectiveFrom: timestamp(),
  consent: z.optional(z.nullable(z.enum(PRICE_MIGRATION_CONSENTS))),
});

/**
 * A licence (§3 "Licence"). In the catalogue it describes what can be bought; on the account
 * (`GET /user/licence`) it also carries `licenceStatus`, `licencePayment`, pending actions,
 * discounts and a price migration. Ids are strings; an IAP licence's id ends in `_IAP`.
 */
export const licenceSchema = z.looseObject({
  id: id(),
  name: z.string(),
  description: z.optional(z.string()),
  /** `FREE` among others. */
  type: z.optional(z.string()),
  rank: z.optional(z.int()),
  /** Id of the licence family. */
  family: z.optional(z.string()),
  status: z.optional(z.string()),
  purchaseStrategy: z.optional(purchaseStrategySchema),
  trialDetails: z.optional(trialDetailsSchema),
  defaultMarketingPricePeriod: z.optional(z.string()),
  amounts: z.optional(z.array(licenceAmountSchema)),
  cta: z.optional(z.string()),
  ctaControl: z.optional(z.unknown()),
  pauseState: z.optional(z.enum(PAUSE_STATES)),
  /** When a paused licence resumes by itself (ISO 8601); this project's field. */
  resumeAfter: z.optional(z.nullable(timestamp())),
  autoRenewingStatus: z.optional(z.string()),
  subscriptionPendingActions: z.optional(z.array(pendingActionSchema)),
  licenceStatus: z.optional(licenceStatusSchema),
  licencePayment: z.optional(licencePaymentSchema),
  discounts: z.optional(z.array(discountSchema)),
  priceMigration: z.optional(z.nullable(priceMigrationSchema)),
});
export type Licence = z.infer<typeof licenceSchema>;

/** A licence family: licences of one product line, ranked (§3 "Licence family"). */
export const licenceFamilySchema = z.looseObject({
  id: id(),
  name: z.optional(z.string()),
  licences: z.array(licenceSchema),
});
export type LicenceFamily = z.infer<typeof licenceFamilySchema>;

/**
 * `{ licences }`: the realm's catalogue (`GET /api/v2/licence`) or the account's licences
 * (`GET /api/v2/user/licence`). Validated through {@link prechecked}: exactly the contract of
 * `z.looseObject({ licences: z.array(licenceSchema) })`, at a fraction of zod's per-field cost
 * (an account answer of 1,000 licences is the account page's largest parse).
 */
export const licencesResponseSchema = prechecked(z.looseObject({ licences: z.array(licenceSchema) }));

/** Query of the family listing: the viewer's active entitlements, optionally some licences only. */
export const licenceFamiliesQuerySchema = z.object({
  includeEntitlements: z.optional(z.literal('ALL_ACTIVE_USER_ENTITLEMENTS')),
  /** Comma-separated licence ids. */
  licenceId: z.optional(z.string()),
});
/** The family listing; validated through {@link prechecked} (the same contract, without zod's per-field cost). */
export const licenceFamiliesResponseSchema = prechecked(z.looseObject({ licenceFamilies: z.array(licenceFamilySchema) }));

/** The answer of a lifecycle call: the account's licence as it now stands ({@link prechecked}, like the lists). */
export const licenceUpdateResponseSchema = prechecked(z.looseObject({ licence: licenceSchema }));

/** `POST /api/v2/active-licences/{id}/pause` body: optional `config.resumeAfter` (ISO date-time). */
export const pauseLicenceRequestSchema = z.object({
  config: z.optional(z.object({ resumeAfter: z.optional(timestamp()) })),
});

/** Query of cancel: `cancellationDiscount=IGNORE` cancels without being offered the promo. */
export const cancelLicenceQuerySchema = z.object({ cancellationDiscount: z.optional(z.literal('IGNORE')) });

/**
 * `POST /api/v2/active-licences/{id}/downgrade` body: the licence of the same family, lower rank,
 * that held licence `id` becomes at the end of its current period (this project's call,
 * docs/api.md "Plan changes"; commerce §4 "Downgrade").
 */
export const scheduleDowngradeRequestSchema = z.object({ licenceId: id() });

/**
 * `GET /api/v2/cancellation-promo/{id}/verify`: whether the viewer is offered a discount to stay
 * instead of cancelling licence `id`, and which.
 */
export const cancellationPromoSchema = z.looseObject({
  available: z.boolean(),
  discount: z.optional(discountSchema),
  description: z.optional(z.string()),
});
export type CancellationPromo = z.infer<typeof cancellationPromoSchema>;

/** `PUT /api/v2/price-migration/{id}/consent` body (§7). */
export const priceMigrationConsentRequestSchema = z.object({ status: z.enum(PRICE_MIGRATION_CONSENTS) });

/** The `licences` area (`calls.licences`); see `calls.licences` for the errors every call shares. */
export const licencesCalls = {
  /** `GET /api/v2/licence`: the realm's catalogue, `{ licences }` (§3 "Licence"). */
  list: defineCall({
    name: 'licences.list',
    method: 'GET',
    path: '/api/v2/licence',
    response: licencesResponseSchema,
    auth: 'optional',
  }),
  /**
   * `GET /api/v2/licence-family?includeEntitlements=ALL_ACTIVE_USER_ENTITLEMENTS[&licenceId=]`:
   * `{ licenceFamilies }`, each family's licences ranked (§3 "Licence family", §7). `licenceId`
   * is a comma-joined list of licence ids (the domain's `licenceFamiliesQuery`), absent for every
   * family.
   */
  families: defineCall({
    name: 'licences.families',
    method: 'GET',
    path: '/api/v2/licence-family',
    query: licenceFamiliesQuerySchema,
    response: licenceFamiliesResponseSchema,
    auth: 'optional',
  }),
  /**
   * `GET /api/v2/user/licence` (bearer required): the signed-in account's licences `{ licences }`,
   * with status, payment, pending actions, discounts and price migration.
   */
  mine: defineCall({
    name: 'licences.mine',
    method: 'GET',
    path: '/api/v2/user/licence',
    response: licencesResponseSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v2/active-licences/{id}/pause`, body `{}` or `{ config: { resumeAfter } }`
   * (`resumeAfter` an ISO 8601 date-time): pauses held licence `id`; answers `{ licence }`.
   */
  pause: defineCall({
    name: 'licences.pause',
    method: 'POST',
    path: '/api/v2/active-licences/:id/pause',
    body: z.optional(pauseLicenceRequestSchema),
    response: licenceUpdateResponseSchema,
    auth: 'required',
  }),
  /** `POST /api/v2/active-licences/{id}/resume`, empty body: answers `{ licence }`. */
  resume: defineCall({
    name: 'licences.resume',
    method: 'POST',
    path: '/api/v2/active-licences/:id/resume',
    response: licenceUpdateResponseSchema,
    auth: 'required',
  }),
  /**
   * `DELETE /api/v2/active-licences/{id}[?cancellationDiscount=IGNORE]`: auto-renew stops, access
   * lasts until expiry; `IGNORE` cancels without the cancellation promo. Answers `{ licence }`.
   */
  cancel: defineCall({
    name: 'licences.cancel',
    method: 'DELETE',
    path: '/api/v2/active-licences/:id',
    query: cancelLicenceQuerySchema,
    response: licenceUpdateResponseSchema,
    auth: 'required',
  }),
  /** `PUT /api/v2/reactivate-licence/{id}`: a cancelled licence renews again; answers `{ licence }`. */
  reactivate: defineCall({
    name: 'licences.reactivate',
    method: 'PUT',
    path: '/api/v2/reactivate-licence/:id',
    response: licenceUpdateResponseSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v2/active-licences/{id}/downgrade { licenceId }`: held licence `id` becomes
   * `licenceId` (same family, lower rank) at the end of its period (docs/api.md "Plan changes";
   * commerce §4 "Downgrade"). Answers the held licence with a pending action DOWNGRADE
   * (`actionDueBy` = the period end, `licenceId`, `licenceName`). Errors: 409
   * `INVALID_TIER_CHANGE` when `licenceId` is not a downgrade of it.
   */
  scheduleDowngrade: defineCall({
    name: 'licences.scheduleDowngrade',
    method: 'POST',
    path: '/api/v2/active-licences/:id/downgrade',
    body: scheduleDowngradeRequestSchema,
    response: licenceUpdateResponseSchema,
    auth: 'required',
  }),
  /**
   * `DELETE /api/v2/active-licences/{id}/downgrade`: withdraws the scheduled downgrade; answers
   * `{ licence }`. Errors: 404 when none is scheduled.
   */
  cancelDowngrade: defineCall({
    name: 'licences.cancelDowngrade',
    method: 'DELETE',
    path: '/api/v2/active-licences/:id/downgrade',
    response: licenceUpdateResponseSchema,
    auth: 'required',
  }),
  /**
   * `PUT /api/v2/price-migration/{id}/consent { status: 'LEAVE' | 'CONTINUE' }`, `id` the
   * migration's id (§4 "Price migration consent"): answers `{ licence }`.
   */
  priceMigrationConsent: defineCall({
    name: 'licences.priceMigrationConsent',
    method: 'PUT',
    path: '/api/v2/price-migration/:id/consent',
    body: priceMigrationConsentRequestSchema,
    response: licenceUpdateResponseSchema,
    auth: 'required',
  }),
};

/**
 * The `promos` area (`calls.promos`): the cancellation promo of an account's licence `id`
 * (§7 "Licences"). Errors: 404 for a licence the account does not hold, 409 when no promo is on
 * offer.
 */
export const promosCalls = {
  /**
   * `GET /api/v2/cancellation-promo/{id}/verify`: whether the viewer is offered a discount to
   * stay instead of cancelling, `{ available, discount?, description? }`.
   */
  verify: defineCall({
    name: 'promos.verify',
    method: 'GET',
    path: '/api/v2/cancellation-promo/:id/verify',
    response: cancellationPromoSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v2/cancellation-promo/{id}/redeem`: the discount applies, the licence stays;
   * `{ licence }`.
   */
  redeem: defineCall({
    name: 'promos.redeem',
    method: 'POST',
    path: '/api/v2/cancellation-promo/:id/redeem',
    response: licenceUpdateResponseSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v2/cancellation-promo/{id}/refuse`: the offer is declined (cancel separately);
   * answers `{}`.
   */
  refuse: defineCall({
    name: 'promos.refuse',
    method: 'POST',
    path: '/api/v2/cancellation-promo/:id/refuse',
    response: z.looseObject({}),
    auth: 'required',
  }),
};
