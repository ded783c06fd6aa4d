/**
 * Test-only fast-check arbitraries of the licence contract (`contracts/licences.ts`): every value
 * passes `licenceSchema`, and covers each status, pause state, strategy, auto-renew status,
 * pending action and discount state, with valid, missing and invalid timestamps. Not exported
 * from the domain index; import it from tests only.
 */
import fc from 'fast-check';
import {
  DISCOUNT_STATES,
  LICENCE_STATUSES,
  PAUSE_STATES,
  PURCHASE_STRATEGY_TYPES,
  type Discount,
  type Licence,
  type LicenceAmount,
} from '../contracts/licences.js';
import { PERIOD_CODES } from './periods.js';

/** The instant the generated valid timestamps are spread around: 2026-11-22T12:00:00Z. */
export const ARBITRARY_BASE_MS = Date.UTC(2026, 10, 22, 12, 0, 0);
const DAY_MS = 86_400_000;

/** An instant within ±400 days of {@link ARBITRARY_BASE_MS}, in milliseconds, biased to ±3 days. */
export function arbitraryInstant(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer({ min: -3 * DAY_MS, max: 3 * DAY_MS }).map((offset) => ARBITRARY_BASE_MS + offset),
    fc.integer({ min: -400 * DAY_MS, max: 400 * DAY_MS }).map((offset) => ARBITRARY_BASE_MS + offset),
  );
}

/** A timestamp string as the contract allows it: valid ISO 8601 (UTC or with an offset) or junk. */
export function arbitraryTimestamp(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: arbitraryInstant().map((ms) => new Date(ms).toISOString()) },
    { weight: 1, arbitrary: arbitraryInstant().map((ms) => new Date(ms).toISOString().replace('Z', '+02:00')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('not-a-date', '2026-02-31T00:00:00Z', '2026-11-22T08:00:00', '22/11/2026', '0', 'Z'),
    },
  );
}

/** A timestamp field: absent (`undefined`), a timestamp string, or (where nullable) `null`. */
const optionalTimestamp = (nullable: boolean): fc.Arbitrary<string | null | undefined> =>
  nullable
    ? fc.option(fc.option(arbitraryTimestamp(), { nil: null }), { nil: undefined })
    : fc.option(arbitraryTimestamp(), { nil: undefined });

const currency = (): fc.Arbitrary<string> => fc.constantFrom('GBP', 'EUR', 'USD', 'BRL', 'JPY');

/** A licence amount (§3) with scale 0–4, optional local/default flags and period amounts. */
export function arbitraryLicenceAmount(): fc.Arbitrary<LicenceAmount> {
  return fc.record(
    {
      amount: fc.integer({ min: 0, max: 1_000_000 }),
      currency: currency(),
      scale: fc.integer({ min: 0, max: 4 }),
      sku: fc.string({ maxLength: 8 }),
      taxInclusive: fc.boolean(),
      local: fc.boolean(),
      default: fc.boolean(),
      periodAmounts: fc.array(
        fc.record({ period: fc.constantFrom(...PERIOD_CODES, 'P5D'), amount: fc.integer({ min: 0, max: 100_000 }) }),
        { maxLength: 3 },
      ),
    },
    { requiredKeys: ['amount', 'currency', 'scale'] },
  );
}

/** A discount (§3) of either type in any state. */
export function arbitraryDiscount(): fc.Arbitrary<Discount> {
  return fc.record(
    {
      type: fc.constantFrom('PERCENTAGE' as const, 'AMOUNT' as const),
      percentage: fc.double({ min: 0, max: 100, noNaN: true }),
      amount: fc.integer({ min: -100, max: 100_000 }),
      state: fc.constantFrom(...DISCOUNT_STATES),
      lifeTimeRepeat: fc.integer({ min: 0, max: 12 }),
      startsAt: arbitraryTimestamp(),
      endsAt: arbitraryTimestamp(),
    },
    { requiredKeys: ['type', 'state'] },
  );
}

/** Options of {@link arbitraryLicence}. */
export interface ArbitraryLicenceOptions {
  /** Families to draw from. @default ['sports', 'movies'] */
  families?: readonly string[];
  /** Ids to draw from (duplicates across a list are possible). @default a few, some ending `_IAP` */
  ids?: readonly string[];
}

/**
 * A licence as the contract allows it (catalogue or account shape): any status (top-level and/or
 * `licenceStatus`), pause state, strategy and period, auto-renew status (AUTO_RENEWING, UNKNOWN,
 * NOT_AUTO_RENEWING or absent), pending actions, payment events, discounts and amounts; every
 * timestamp valid, missing, null or invalid. Each value passes `licenceSchema`.
 */
export function arbitraryLicence(options: ArbitraryLicenceOptions = {}): fc.Arbitrary<Licence> {
  const families = options.families ?? ['sports', 'movies'];
  const ids = options.ids ?? ['monthly', 'yearly', 'basic', 'premium', 'pass', 'event', 'monthly_IAP'];
  const autoRenewing = fc.option(fc.constantFrom('AUTO_RENEWING', 'UNKNOWN', 'NOT_AUTO_RENEWING'), { nil: undefined });
  const pauseState = fc.option(fc.constantFrom(...PAUSE_STATES), { nil: undefined });
  return fc.record(
    {
      id: fc.constantFrom(...ids),
      name: fc.string({ maxLength: 12 }),
      description: fc.string({ maxLength: 12 }),
      type: fc.constantFrom('FREE', 'STANDARD', 'PREMIUM'),
      rank: fc.integer({ min: 0, max: 5 }),
      family: fc.constantFrom(...families),
      status: fc.constantFrom(...LICENCE_STATUSES, 'SOMETHING_ELSE'),
      purchaseStrategy: fc.record(
        {
          type: fc.constantFrom(...PURCHASE_STRATEGY_TYPES),
          subscriptionPeriod: fc.constantFrom(...PERIOD_CODES, 'P5D', 'junk'),
        },
        { requiredKeys: ['type'] },
      ),
      trialDetails: fc.record(
        { trialPeriodDuration: fc.constantFrom('P7D', 'P14D', 'P0D', 'P1M', 'P7.5D', ''), trialEndTimestamp: arbitraryTimestamp() },
        { requiredKeys: [] },
      ),
      defaultMarketingPricePeriod: fc.constantFrom(...PERIOD_CODES),
      amounts: fc.array(arbitraryLicenceAmount(), { maxLength: 3 }),
      pauseState,
      autoRenewingStatus: autoRenewing,
      subscriptionPendingActions: fc.array(
        fc.record(
          {
            action: fc.constantFrom('PAUSE', 'RESUME', 'CONFIRMED_PAYMENT_REQUIRED', 'REFRESH_PAYMENT_DETAILS', 'OTHER'),
            requestedAt: arbitraryTimestamp(),
            actionDueBy: arbitraryTimestamp(),
          },
          { requiredKeys: ['action'] },
        ),
        { maxLength: 2 },
      ),
      licenceStatus: fc.record(
        {
          status: fc.constantFrom(...LICENCE_STATUSES),
          autoRenewingStatus: autoRenewing,
          expiryTimestamp: optionalTimestamp(true),
          pauseState,
          resumeAfter: optionalTimestamp(false),
        },
        { requiredKeys: ['status'] },
      ),
      licencePayment: fc.record(
        {
          paymentEventType: fc.constantFrom('CONFIRMED', 'UNCONFIRMED', 'OTHER'),
          purchaseTimestamp: arbitraryTimestamp(),
          expiryTimestamp: optionalTimestamp(true),
        },
        { requiredKeys: [] },
      ),
      discounts: fc.array(arbitraryDiscount(), { maxLength: 3 }),
      /** The sandbox's extra field on a paused licence. */
      resumeAfter: optionalTimestamp(true),
    },
    { requiredKeys: ['id', 'name'] },
  ) as fc.Arbitrary<Licence>;
}
