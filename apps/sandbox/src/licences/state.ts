/**
 * Licence state, computed from stored timestamps and the sandbox clock (commerce §3, §4). Pure
 * functions: `settle` brings a stored account licence up to `now` (a scheduled resume that has
 * passed, renewals of an auto-renewing subscription); `statusOf` reads its status; the `to*`
 * functions build the wire shapes of `@stream/core/contracts`.
 */
import type { Discount, Licence, LicenceAmount, LicenceStatusValue, PauseState } from '@stream/core/contracts';
import type { accountLicences, licences } from '../db/schema.js';
import { DOWNGRADE_ACTION } from '@stream/core/domain';
import { nextRenewal, parsePeriod, type Period } from './period.js';

export type CatalogueRow = typeof licences.$inferSelect;
export type AccountLicenceRow = typeof accountLicences.$inferSelect;

/** `autoRenewingStatus` values. */
export const AUTO_RENEWING = 'AUTO_RENEWING';
export const NOT_AUTO_RENEWING = 'NOT_AUTO_RENEWING';

/** The billing period of a subscription licence, or undefined (free, FIXED_DATE, PPV). */
export function subscriptionPeriod(cat: CatalogueRow): Period | undefined {
  return cat.purchaseStrategyType === 'SUBSCRIPTION' ? parsePeriod(cat.subscriptionPeriod) : undefined;
}

/** Whether an IAP licence (id ending `_IAP`, commerce §4). */
export const isIap = (id: string) => id.endsWith('_IAP');

/**
 * Brings a stored licence up to `now`: a pause whose `resumeAfter` has passed is ended at
 * `resumeAfter` (the time left when it was paused is added back), then an auto-renewing
 * subscription whose expiry has passed renews, period after period, until its expiry is after
 * `now`. INACTIVE and revoked (EXPIRED) rows are left as they are. Idempotent:
 * `settle(settle(r, a), b)` equals `settle(r, b)` for `a <= b`.
 */
export function settle(row: AccountLicenceRow, cat: CatalogueRow, now: Date): AccountLicenceRow {
  const r = { ...row };
  if (r.status !== 'ACTIVE') return r;
  if (r.pausedAt && r.resumeAfter && r.resumeAfter.getTime() <= now.getTime()) Object.assign(r, resumed(r, r.resumeAfter));
  if (r.pausedAt) return r;
  const period = subscriptionPeriod(cat);
  if (r.autoRenewing && period && r.expiresAt && r.expiresAt.getTime() <= now.getTime()) {
    r.expiresAt = nextRenewal(r.expiresAt, period, now);
  }
  return r;
}

/**
 * The stored fields (but id, user, licence and createdAt) of a licence that starts anew, ACTIVE
 * and paid (`CONFIRMED`): pausable when the catalogue says so, with no pause, pending action,
 * discount, price migration, promo answer, cancellation, operator grant or scheduled change.
 * A purchase and a scheduled downgrade that takes effect both write it.
 */
export function startedRow(
  cat: CatalogueRow,
  at: Pick<AccountLicenceRow, 'autoRenewing' | 'startedAt' | 'expiresAt' | 'trialEndsAt' | 'updatedAt'>,
) {
  return {
    status: 'ACTIVE',
    autoRenewing: at.autoRenewing,
    startedAt: at.startedAt,
    expiresAt: at.expiresAt,
    trialEndsAt: at.trialEndsAt,
    pauseState: cat.pausable ? 'ALLOWED' : 'NOT_ALLOWED',
    pausedAt: null,
    resumeAfter: null,
    pendingActions: [],
    paymentEventType: 'CONFIRMED',
    discounts: [],
    priceMigration: null,
    promoStatus: null,
    cancelledAt: null,
    grantedBy: null,
    scheduledChange: null,
    updatedAt: at.updatedAt,
  } satisfies Partial<AccountLicenceRow>;
}

/** The fields of a paused licence resumed at `at`: the time it had left when paused runs from `at`. */
export function resumed(
  r: AccountLicenceRow,
  at: Date,
): Pick<AccountLicenceRow, 'expiresAt' | 'pausedAt' | 'resumeAfter'> {
  const pausedAt = r.pausedAt ?? at;
  const remaining = r.expiresAt ? Math.max(0, r.expiresAt.getTime() - pausedAt.getTime()) : undefined;
  return {
    expiresAt: remaining === undefined ? null : new Date(at.getTime() + remaining),
    pausedAt: null,
    resumeAfter: null,
  };
}

/** Whether a (settled) licence is paused now. */
export const isPaused = (r: AccountLicenceRow) => r.status === 'ACTIVE' && r.pausedAt !== null;

/**
 * Status of a settled licence at `now` (§4): INACTIVE and revoked rows as stored; a paused one is
 * ACTIVE (with pause state PAUSED); past its expiry EXPIRED; before its trial end TRIAL_ACTIVE.
 */
export function statusOf(r: AccountLicenceRow, now: Date): LicenceStatusValue {
  if (r.status === 'INACTIVE') return 'INACTIVE';
  if (r.status !== 'ACTIVE') return 'EXPIRED';
  if (r.pausedAt) return 'ACTIVE';
  if (r.expiresAt && r.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  if (r.trialEndsAt && now.getTime() < r.trialEndsAt.getTime()) return 'TRIAL_ACTIVE';
  return 'ACTIVE';
}

/** Whether the licence grants content now: ACTIVE or TRIAL_ACTIVE, and not paused. */
export function grantsAccess(r: AccountLicenceRow, now: Date): boolean {
  const status = statusOf(r, now);
  return (status === 'ACTIVE' || status === 'TRIAL_ACTIVE') && !isPaused(r);
}

/** A subscription the viewer cancelled (auto-renew off) that has not yet expired. */
export function isCancelled(r: AccountLicenceRow, cat: CatalogueRow, now: Date): boolean {
  const status = statusOf(r, now);
  return !!subscriptionPeriod(cat) && !r.autoRenewing && (status === 'ACTIVE' || status === 'TRIAL_ACTIVE');
}

/**
 * Pause state answered for a settled licence: PAUSED while paused; ALLOWED when a pause would be
 * accepted now (a pausable, ACTIVE, auto-renewing subscription, not in trial); else NOT_ALLOWED.
 */
export function pauseStateOf(r: AccountLicenceRow, cat: CatalogueRow, now: Date): PauseState {
  if (isPaused(r)) return 'PAUSED';
  const pausable =
    r.pauseState === 'ALLOWED' && !!subscriptionPeriod(cat) && r.autoRenewing && statusOf(r, now) === 'ACTIVE';
  return pausable ? 'ALLOWED' : 'NOT_ALLOWED';
}

/** The expiry answered: while paused, the expiry after the scheduled resume; otherwise the stored one. */
export function expiryOf(r: AccountLicenceRow): Date | null {
  if (isPaused(r) && r.resumeAfter) return resumed(r, r.resumeAfter).expiresAt;
  return r.expiresAt;
}

/** A discount's state at `now` from its bounds (§4): UPCOMING before `startsAt`, EXPIRED from `endsAt`. */
export function withDiscountState(discount: Discount, now: Date): Discount {
  const t = now.getTime();
  const starts = discount.startsAt ? Date.parse(discount.startsAt) : Number.NaN;
  const ends = discount.endsAt ? Date.parse(discount.endsAt) : Number.NaN;
  const state = t < starts ? 'UPCOMING' : t >= ends ? 'EXPIRED' : Number.isNaN(starts) && Number.isNaN(ends) ? discount.state : 'ACTIVE';
  return { ...discount, state };
}

/** A catalogue licence in the wire shape (`GET /licence`, families). Expired offers are left out. */
export function toCatalogueLicence(cat: CatalogueRow, now: Date): Licence {
  const licence: Licence = {
    id: cat.id,
    name: cat.name,
    type: cat.type,
    rank: cat.rank,
    amounts: cat.amounts.map((a) => ({ ...a, periodAmounts: a.periodAmounts?.map((p) => ({ ...p })) })),
  };
  if (cat.description) licence.description = cat.description;
  if (cat.familyId) licence.family = cat.familyId;
  if (cat.purchaseStrategyType) {
    licence.purchaseStrategy = {
      type: cat.purchaseStrategyType as 'SUBSCRIPTION' | 'FIXED_DATE' | 'PPV',
      ...(cat.subscriptionPeriod ? { subscriptionPeriod: cat.subscriptionPeriod } : {}),
    };
  }
  if (cat.trialPeriod) licence.trialDetails = { trialPeriodDuration: cat.trialPeriod };
  if (cat.defaultMarketingPricePeriod) licence.defaultMarketingPricePeriod = cat.defaultMarketingPricePeriod;
  const discounts = cat.discounts.map((d) => withDiscountState(d, now)).filter((d) => d.state !== 'EXPIRED');
  if (discounts.length > 0) licence.discounts = discounts;
  if (cat.fixedEndAt) (licence as Record<string, unknown>).validUntil = cat.fixedEndAt.toISOString();
  return licence;
}

/**
 * An account's licence in the wire shape (`GET /user/licence` items and every lifecycle answer):
 * the catalogue licence plus `status`, `pauseState`, `autoRenewingStatus`, `licenceStatus`,
 * `licencePayment`, `subscriptionPendingActions`, `discounts`, `priceMigration` and
 * `trialDetails.trialEndTimestamp`, all computed at `now`. `row` must be settled. `cardId` is the
 * payment details paying for it (`licencePayment.paymentProviderInfo.cardId`; left out when none).
 */
export function toAccountLicence(row: AccountLicenceRow, cat: CatalogueRow, now: Date, cardId: string | null = null): Licence {
  const base = toCatalogueLicence(cat, now);
  delete base.discounts; // offers to buyers; the holder's own discounts follow
  const status = statusOf(row, now);
  const pauseState = pauseStateOf(row, cat, now);
  const autoRenewingStatus = row.autoRenewing && status !== 'EXPIRED' ? AUTO_RENEWING : NOT_AUTO_RENEWING;
  const expiry = expiryOf(row);
  const expiryTimestamp = expiry ? expiry.toISOString() : null;

  let priceMigration = row.priceMigration ?? null;
  let amounts = base.amounts ?? [];
  if (priceMigration && priceMigration.consent !== 'LEAVE' && Date.parse(priceMigration.effectiveFrom) <= now.getTime()) {
    // The new price is in force: the migration is done.
    amounts = migratedAmounts(amounts, priceMigration.newAmount, cat.subscriptionPeriod);
    priceMigration = null;
  }

  const pendingActions: NonNullable<Licence['subscriptionPendingActions']> = row.pendingActions.map((a) => ({ ...a }));
  if (row.scheduledChange && status !== 'EXPIRED') {
    // A downgrade scheduled for the period end (docs/api.md "Plan changes"): this project's pending action.
    pendingActions.push({
      action: DOWNGRADE_ACTION,
      requestedAt: row.scheduledChange.requestedAt,
      ...(expiry ? { actionDueBy: expiry.toISOString() } : {}),
      licenceId: row.scheduledChange.licenceId,
      licenceName: row.scheduledChange.licenceName,
    });
  }
  if (row.grantedBy !== null && row.grantedBy !== undefined) {
    // Granted by a TV operator (entitlement sync, licence code): §3 purchaseStrategy.externalAuthProviderDetails.
    base.purchaseStrategy = {
      ...(base.purchaseStrategy ?? { type: 'SUBSCRIPTION' }),
      externalAuthProviderDetails: { provider: 'ADOBE', operatorName: row.grantedBy },
    };
  }
  const licence: Licence = {
    ...base,
    amounts,
    status,
    pauseState,
    autoRenewingStatus,
    subscriptionPendingActions: pendingActions,
    licenceStatus: { status, autoRenewingStatus, expiryTimestamp, pauseState },
    licencePayment: {
      paymentEventType: row.paymentEventType,
      purchaseTimestamp: row.startedAt.toISOString(),
      expiryTimestamp,
      paymentProviderInfo: isIap(cat.id)
        ? { managed: false, purchaseId: `iap-${row.id}` }
        : { managed: true, ...(cardId ? { cardId } : {}), purchaseId: `purchase-${row.id}` },
    },
    discounts: row.discounts.map((d) => withDiscountState(d, now)),
    priceMigration: priceMigration ? { ...priceMigration } : null,
  };
  if (cat.trialPeriod || row.trialEndsAt) {
    licence.trialDetails = {
      ...(cat.trialPeriod ? { trialPeriodDuration: cat.trialPeriod } : {}),
      ...(row.trialEndsAt ? { trialEndTimestamp: row.trialEndsAt.toISOString() } : {}),
    };
  }
  if (isPaused(row)) {
    // This sandbox's extra fields: when the pause began and when it ends.
    Object.assign(licence, {
      pausedAt: row.pausedAt!.toISOString(),
      resumeAfter: row.resumeAfter ? row.resumeAfter.toISOString() : null,
    });
  }
  if (row.cancelledAt && !row.autoRenewing) Object.assign(licence, { cancelledAt: row.cancelledAt.toISOString() });
  return licence;
}

function migratedAmounts(
  amounts: LicenceAmount[],
  next: { amount: number; scale: number; currency: string },
  period: string | null,
): LicenceAmount[] {
  return amounts.map((a) =>
    a.currency !== next.currency
      ? a
      : {
          ...a,
          amount: next.amount,
          scale: next.scale,
          ...(a.periodAmounts
            ? { periodAmounts: a.periodAmounts.map((p) => (p.period === period ? { ...p, amount: next.amount } : p)) }
            : {}),
        },
  );
}
