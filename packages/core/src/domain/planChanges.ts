/**
 * Changing plan within a licence family, licences an external provider grants, and the
 * cancellation offer's price. This project's rules (docs/api.md "Plan changes"), built on
 * commerce-and-account-data.md §4 "Selectable", "Downgrade" and "Among active licences the one
 * with the highest rank is chosen":
 * - a licence the account holds active is not purchasable (`LICENCE_ALREADY_ACTIVE`);
 * - an upgrade (same family, higher rank) replaces the lower licence at once, and the basket
 *   credits the unused part of the current period pro rata ({@link upgradeCredit});
 * - a downgrade (same family, lower rank) is scheduled for the end of the current period;
 * - so at most one licence of a family is ever active and renewing ({@link applyPlanEvent}).
 */
import type { Discount, Licence, Money } from '../contracts/licences.js';
import { highestRankActive, isActive, isSelectable, pendingAction } from './licences.js';

const DAY_MS = 86_400_000;

const isRecord = <T>(value: T): value is T & object => typeof value === 'object' && value !== null;

/** The pending action naming a scheduled downgrade (this project's; §3 `subscriptionPendingActions`). */
export const DOWNGRADE_ACTION = 'DOWNGRADE';

/**
 * The name of the external provider (a TV operator) that grants the licence, from
 * `purchaseStrategy.externalAuthProviderDetails` (§3): its `operatorName`, `displayName` or
 * `name` string, or the value itself when it is a non-empty string; `''` when the details are
 * present without a name; `null` when the licence is not granted by an external provider.
 */
export function externalProviderOf(l: Licence): string | null {
  if (!isRecord(l) || !isRecord(l.purchaseStrategy)) return null;
  const details: unknown = l.purchaseStrategy.externalAuthProviderDetails;
  if (typeof details === 'string') return details.trim() === '' ? null : details.trim();
  if (!isRecord(details)) return null;
  const named = details as Record<string, unknown>;
  for (const key of ['operatorName', 'displayName', 'name']) {
    const value = named[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return '';
}

/** True when an external provider (a TV operator) grants the licence: see {@link externalProviderOf}. */
export function isExternallyProvided(l: Licence): boolean {
  return externalProviderOf(l) !== null;
}

/** What buying a catalogue licence would do to the account's plans; see {@link planChange}. */
export type PlanChange =
  /** Not purchasable: the account holds it active (409 `LICENCE_ALREADY_ACTIVE`), or §4 "Selectable" refuses it. */
  | { kind: 'HELD'; current: Licence | null }
  /** A plain purchase: no active, paid licence of its family is held. */
  | { kind: 'NEW' }
  /** Same family, rank higher than or equal to the held one's: replaces `replaces` at once, with a credit. */
  | { kind: 'UPGRADE'; from: Licence; replaces: Licence[] }
  /** Same family, lower rank (§4 "Downgrade"): scheduled for the end of `from`'s current period. */
  | { kind: 'DOWNGRADE'; from: Licence };

const rankOf = (l: Licence): number => (typeof l.rank === 'number' && Number.isFinite(l.rank) ? l.rank : Number.NEGATIVE_INFINITY);

/**
 * What buying `candidate` (a catalogue licence) does, given the account's `owned` licences:
 * - HELD when §4 "Selectable" ({@link isSelectable}, free licences allowed with `allowFree`)
 *   refuses it, for example because the account holds it ACTIVE or TRIAL_ACTIVE;
 * - else, when the candidate has a family and the account holds active licences of that family
 *   paid by the account (licences an external provider grants are left out: the operator
 *   manages them), `from` is the highest-ranked of them ({@link highestRankActive}):
 *   DOWNGRADE when the candidate's rank is lower, otherwise UPGRADE (a higher rank, or the same
 *   rank with another period) replacing every such licence;
 * - else NEW.
 * Never throws. Implements §4 "Selectable" and "Downgrade" and this project's upgrade rule.
 */
export function planChange(candidate: Licence, owned: readonly Licence[], options: { allowFree?: boolean } = {}): PlanChange {
  const list = Array.isArray(owned) ? owned.filter(isRecord) : [];
  if (!isRecord(candidate) || !isSelectable(candidate, list, options)) {
    const current = isRecord(candidate) ? (list.find((l) => l.id === candidate.id && isActive(l)) ?? null) : null;
    return { kind: 'HELD', current };
  }
  const family = typeof candidate.family === 'string' && candidate.family !== '' ? candidate.family : null;
  if (family === null) return { kind: 'NEW' };
  const sameFamily = list.filter((l) => l.family === family && l.id !== candidate.id && isActive(l) && !isExternallyProvided(l));
  const from = highestRankActive(sameFamily);
  if (from === null) return { kind: 'NEW' };
  if (rankOf(candidate) < rankOf(from)) return { kind: 'DOWNGRADE', from };
  return { kind: 'UPGRADE', from, replaces: sameFamily };
}

/** Input of {@link upgradeCredit}. Times in milliseconds since the epoch; `paid` in minor units. */
export interface UpgradeCreditInput {
  /** What was paid for the current period, minor units (≥ 0; anything else counts as 0). */
  paid: number;
  /** Start of the current period (ms). */
  periodStartMs: number;
  /** End of the current period: the next renewal or the expiry (ms). */
  periodEndMs: number;
  /** Now (ms). */
  nowMs: number;
}

/**
 * The credit for the unused part of the current period when a licence is replaced by an
 * upgrade, in minor units of what was paid: `floor(paid × unusedDays / periodDays)`, where
 * `periodDays` is the period's length in days (rounded, at least 1) and `unusedDays` the whole
 * days left before `periodEndMs` (rounded down, so the last day, and any time after the end,
 * credits 0). Never below 0, never above `paid`; 0 for a non-finite input or an empty period.
 * This project's rule (docs/api.md "Plan changes").
 */
export function upgradeCredit(input: UpgradeCreditInput): number {
  if (!isRecord(input)) return 0;
  const { paid, periodStartMs, periodEndMs, nowMs } = input;
  if (![paid, periodStartMs, periodEndMs, nowMs].every((n) => typeof n === 'number' && Number.isFinite(n))) return 0;
  const amount = Math.max(0, Math.floor(paid));
  if (amount === 0 || periodEndMs <= periodStartMs) return 0;
  const periodDays = Math.max(1, Math.round((periodEndMs - periodStartMs) / DAY_MS));
  const unusedDays = Math.min(periodDays, Math.max(0, Math.floor((periodEndMs - Math.max(nowMs, periodStartMs)) / DAY_MS)));
  return Math.min(amount, Math.max(0, Math.floor((amount * unusedDays) / periodDays)));
}

/** A scheduled downgrade read from a licence: the licence it becomes, and when (ms). */
export interface ScheduledDowngrade {
  licenceId: string;
  licenceName: string;
  /** When the change applies: the end of the current period (ms since the epoch), or null when unknown. */
  atMs: number | null;
}

/**
 * The downgrade scheduled on a held licence: its pending action DOWNGRADE (`actionDueBy` = when
 * it applies, `licenceId` and `licenceName` = what it becomes; this project's fields), or `null`.
 */
export function scheduledDowngrade(l: Licence): ScheduledDowngrade | null {
  const action = pendingAction(l, DOWNGRADE_ACTION) as (Record<string, unknown> & { actionDueBy?: string }) | null;
  if (action === null || typeof action.licenceId !== 'string' || action.licenceId === '') return null;
  const at = typeof action.actionDueBy === 'string' ? Date.parse(action.actionDueBy) : Number.NaN;
  return {
    licenceId: action.licenceId,
    licenceName: typeof action.licenceName === 'string' ? action.licenceName : action.licenceId,
    atMs: Number.isFinite(at) ? at : null,
  };
}

/** The cancellation offer's price, see {@link retentionOfferPrice}. */
export interface RetentionOfferPrice {
  /** The price per period while the offer lasts (minor units, the price's currency and scale). */
  price: Money;
  /** The percentage off (PERCENTAGE offers), or null. */
  percentage: number | null;
  /** How many billing periods the offer lasts (`lifeTimeRepeat`, at least 1). */
  periods: number;
}

/**
 * The price a cancellation offer (§3 "Discount") gives per billing period, for the licence's
 * `price` (minor units): PERCENTAGE takes `percentage` (clamped 0–100) off, the amount off
 * rounded up to the minor unit so the price is rounded down in the buyer's favour (1299 at 50 %
 * → 649: "£6.49"); AMOUNT takes `amount` minor units off. Never below zero; `periods` is
 * `lifeTimeRepeat` (1 when absent or below 1). Never throws.
 */
export function retentionOfferPrice(price: Money, discount: Discount): RetentionOfferPrice {
  const amount = isRecord(price) && typeof price.amount === 'number' && Number.isFinite(price.amount) ? Math.max(0, price.amount) : 0;
  const base = { scale: isRecord(price) ? price.scale : 2, currency: isRecord(price) ? price.currency : 'GBP' };
  const repeat = isRecord(discount) && typeof discount.lifeTimeRepeat === 'number' ? Math.floor(discount.lifeTimeRepeat) : 1;
  const periods = Number.isFinite(repeat) && repeat >= 1 ? repeat : 1;
  if (!isRecord(discount)) return { price: { ...base, amount }, percentage: null, periods };
  if (discount.type === 'PERCENTAGE') {
    const raw = typeof discount.percentage === 'number' && Number.isFinite(discount.percentage) ? discount.percentage : 0;
    const percentage = Math.min(100, Math.max(0, raw));
    const off = Math.ceil(Math.round(amount * percentage * 1e4) / 1e6);
    return { price: { ...base, amount: Math.max(0, amount - off) }, percentage, periods };
  }
  const off = typeof discount.amount === 'number' && Number.isFinite(discount.amount) ? Math.max(0, discount.amount) : 0;
  return { price: { ...base, amount: Math.max(0, amount - off) }, percentage: null, periods };
}

/*
 * The model of a family's plans over time: the transitions (purchase, upgrade, downgrade,
 * renewal, cancel) the sandbox applies, as a pure reducer, so the invariant "at most one
 * licence of a family is active and renewing" can be checked over random sequences.
 */

/** One held plan in the model. Times in ms. */
export interface PlanState {
  id: string;
  family: string;
  rank: number;
  /** Length of a billing period (ms, > 0). */
  periodMs: number;
  status: 'ACTIVE' | 'EXPIRED';
  autoRenewing: boolean;
  /** End of the current period (ms). */
  periodEndMs: number;
  /** A scheduled downgrade: the plan it becomes at `periodEndMs`. */
  downgradeTo: { id: string; rank: number; periodMs: number } | null;
}

/** An event of the model. */
export type PlanEvent =
  | { type: 'purchase'; licence: { id: string; family: string; rank: number; periodMs: number }; nowMs: number }
  | { type: 'cancel'; id: string }
  | { type: 'cancelDowngrade'; id: string }
  | { type: 'advance'; nowMs: number };

/** A model plan as the licence the rules read. */
function asLicence(p: PlanState): Licence {
  return { id: p.id, name: p.id, family: p.family, rank: p.rank, status: p.status, autoRenewingStatus: p.autoRenewing ? 'AUTO_RENEWING' : 'NOT_AUTO_RENEWING' };
}

/**
 * The plans after `event`, deciding with {@link planChange}: a purchase that is HELD changes
 * nothing; NEW adds the plan; UPGRADE ends the replaced plans now and adds the new one; DOWNGRADE
 * schedules the change on `from`. `advance` moves time: at each period end a scheduled downgrade
 * ends the plan and starts the lower one, else an auto-renewing plan renews, else it expires.
 * `cancel` stops renewing; `cancelDowngrade` withdraws a scheduled downgrade. Pure.
 */
export function applyPlanEvent(plans: readonly PlanState[], event: PlanEvent): PlanState[] {
  let next = plans.map((p) => ({ ...p }));
  switch (event.type) {
    case 'purchase': {
      const candidate: Licence = { id: event.licence.id, name: event.licence.id, family: event.licence.family, rank: event.licence.rank };
      const change = planChange(candidate, next.map(asLicence));
      if (change.kind === 'HELD') return next;
      const start = (): PlanState => ({ ...event.licence, status: 'ACTIVE', autoRenewing: true, periodEndMs: event.nowMs + event.licence.periodMs, downgradeTo: null });
      if (change.kind === 'DOWNGRADE') {
        return next.map((p) => (p.id === change.from.id ? { ...p, downgradeTo: { id: event.licence.id, rank: event.licence.rank, periodMs: event.licence.periodMs } } : p));
      }
      if (change.kind === 'UPGRADE') {
        const replaced = new Set(change.replaces.map((l) => l.id));
        next = next.map((p) => (replaced.has(p.id) ? { ...p, status: 'EXPIRED', autoRenewing: false, periodEndMs: event.nowMs, downgradeTo: null } : p));
      }
      return [...next.filter((p) => p.id !== event.licence.id), start()];
    }
    case 'cancel':
      return next.map((p) => (p.id === event.id ? { ...p, autoRenewing: false } : p));
    case 'cancelDowngrade':
      return next.map((p) => (p.id === event.id ? { ...p, downgradeTo: null } : p));
    case 'advance': {
      const started: PlanState[] = [];
      next = next.map((p) => {
        let plan = p;
        while (plan.status === 'ACTIVE' && plan.periodEndMs <= event.nowMs) {
          if (plan.downgradeTo) {
            const to = plan.downgradeTo;
            started.push({ id: to.id, family: plan.family, rank: to.rank, periodMs: to.periodMs, status: 'ACTIVE', autoRenewing: true, periodEndMs: plan.periodEndMs + to.periodMs, downgradeTo: null });
            plan = { ...plan, status: 'EXPIRED', autoRenewing: false, downgradeTo: null };
          } else if (plan.autoRenewing) plan = { ...plan, periodEndMs: plan.periodEndMs + plan.periodMs };
          else plan = { ...plan, status: 'EXPIRED' };
        }
        return plan;
      });
      const ids = new Set(started.map((p) => p.id));
      const merged = [...next.filter((p) => !ids.has(p.id)), ...started];
      // A started plan may itself reach its end before now.
      return started.length > 0 ? applyPlanEvent(merged, event) : merged;
    }
  }
}

/**
 * A date for sentences such as "Your access ends on 2 December 2026": the UTC calendar day of
 * `ms` (milliseconds since the epoch) in `locale`'s long style, formatted with
 * `Intl.DateTimeFormat` (`{ dateStyle: 'long', timeZone: 'UTC' }`); English when Intl refuses
 * the locale; `''` for a non-finite `ms`. Never throws.
 */
export function formatLongDate(ms: number, locale: string): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return '';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
  } catch {
    return new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
  }
}
