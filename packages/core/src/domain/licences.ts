/**
 * Licence rules: status, pause and auto-renew predicates, pending actions, highest rank,
 * Selectable, Downgrade, purchase strategy, IAP, the family view type, payment confirmation and
 * expiry. The account page's view of a licence, which combines these with prices, discounts,
 * renewal labels and plan changes, is `subscriptions.ts`.
 * Implements commerce-and-account-data.md §3 "Licence", "Licence family" and §4 "States and
 * transitions" (licence statuses … IAP).
 */
import type { Licence, LicenceStatusValue } from '../contracts/licences.js';
import { parseIsoTimestamp } from './dates.js';
import { choosePrice } from './money.js';

/** One entry of a licence's `subscriptionPendingActions`: `{ action, requestedAt?, actionDueBy? }`. */
export type PendingAction = NonNullable<Licence['subscriptionPendingActions']>[number];

/** Pending actions this product acts on (§3, §4); the platform's set is open. */
export type KnownPendingAction = 'PAUSE' | 'RESUME' | 'CONFIRMED_PAYMENT_REQUIRED' | 'REFRESH_PAYMENT_DETAILS';

/** Purchase strategy of a licence (§4). */
export type PurchaseStrategy = NonNullable<Licence['purchaseStrategy']>['type'];

/*
 * The contract's value lists, repeated here so that the rules do not pull the zod schemas of
 * `contracts/` into a bundle (types only are imported); a test checks they match the contract.
 */
/** Licence statuses (§4), as `LICENCE_STATUSES` of the contract. */
export const LICENCE_STATUS_VALUES = ['ACTIVE', 'INACTIVE', 'TRIAL_ACTIVE', 'EXPIRED'] as const satisfies readonly LicenceStatusValue[];
/** Purchase strategies (§4), as `PURCHASE_STRATEGY_TYPES` of the contract. */
export const PURCHASE_STRATEGIES = ['SUBSCRIPTION', 'FIXED_DATE', 'PPV'] as const satisfies readonly PurchaseStrategy[];

/** The auto-renewing status meaning "renews at expiry" (§4). */
export const AUTO_RENEWING = 'AUTO_RENEWING';

const isRecord = <T>(value: T): value is T & object => typeof value === 'object' && value !== null;

const isStatus = (value: unknown): value is LicenceStatusValue =>
  typeof value === 'string' && (LICENCE_STATUS_VALUES as readonly string[]).includes(value);

/**
 * The licence's status (§4 "Licence statuses"): `licenceStatus.status` (the account's view) when
 * it is one of ACTIVE, INACTIVE, TRIAL_ACTIVE, EXPIRED, else the top-level `status` when it is
 * one of them, else `null` (a catalogue licence, or an unknown value). Never throws.
 */
export function licenceStatusOf(l: Licence): LicenceStatusValue | null {
  if (!isRecord(l)) return null;
  const fromStatus = isRecord(l.licenceStatus) ? l.licenceStatus.status : undefined;
  if (isStatus(fromStatus)) return fromStatus;
  return isStatus(l.status) ? l.status : null;
}

/** True when the status is ACTIVE or TRIAL_ACTIVE (§4; a paused licence keeps its status). */
export function isActive(l: Licence): boolean {
  const status = licenceStatusOf(l);
  return status === 'ACTIVE' || status === 'TRIAL_ACTIVE';
}

/** True when the status is TRIAL_ACTIVE (§4). */
export function isTrialActive(l: Licence): boolean {
  return licenceStatusOf(l) === 'TRIAL_ACTIVE';
}

/**
 * True when the status is EXPIRED (§4). Reads the status only: a past expiry timestamp alone does
 * not make a licence expired here (the renewal label compares timestamps with `now`).
 * Exported from `@stream/core/domain` as {@link isLicenceExpired}: the name `isExpired` there
 * belongs to the token-claims rule of `claims.ts`.
 */
export function isLicenceExpired(l: Licence): boolean {
  return licenceStatusOf(l) === 'EXPIRED';
}

/** Alias of {@link isLicenceExpired} for imports from this module (`./licences.js`). */
export const isExpired = isLicenceExpired;

/**
 * True when the licence is paused: `pauseState` or `licenceStatus.pauseState` is PAUSED (§4
 * "Pause state: PAUSED, NOT_ALLOWED"). Either field suffices.
 */
export function isPaused(l: Licence): boolean {
  if (!isRecord(l)) return false;
  return l.pauseState === 'PAUSED' || (isRecord(l.licenceStatus) && l.licenceStatus.pauseState === 'PAUSED');
}

/**
 * True when the viewer may pause the licence: active (ACTIVE or TRIAL_ACTIVE), not paused, a
 * SUBSCRIPTION, and neither `pauseState` nor `licenceStatus.pauseState` is NOT_ALLOWED (an absent
 * pause state allows pausing: the spec names NOT_ALLOWED as the only refusal). §4, §6.
 */
export function canPause(l: Licence): boolean {
  if (!isRecord(l) || !isActive(l) || isPaused(l) || purchaseStrategyOf(l) !== 'SUBSCRIPTION') return false;
  const statusPause = isRecord(l.licenceStatus) ? l.licenceStatus.pauseState : undefined;
  return l.pauseState !== 'NOT_ALLOWED' && statusPause !== 'NOT_ALLOWED';
}

/**
 * True when `autoRenewingStatus` or `licenceStatus.autoRenewingStatus` is AUTO_RENEWING (§4
 * "Auto-renewing status: AUTO_RENEWING or unknown"). Either field suffices.
 */
export function isAutoRenewing(l: Licence): boolean {
  if (!isRecord(l)) return false;
  return (
    l.autoRenewingStatus === AUTO_RENEWING ||
    (isRecord(l.licenceStatus) && l.licenceStatus.autoRenewingStatus === AUTO_RENEWING)
  );
}

/**
 * True when neither auto-renewing field says anything definite: both are absent (or empty), or
 * the one present is `UNKNOWN` (§4 "AUTO_RENEWING or unknown"). Any other value (for example
 * `NOT_AUTO_RENEWING` after a cancel) is a known "does not renew".
 */
export function isAutoRenewUnknown(l: Licence): boolean {
  if (!isRecord(l) || isAutoRenewing(l)) return false;
  const values = [l.autoRenewingStatus, isRecord(l.licenceStatus) ? l.licenceStatus.autoRenewingStatus : undefined];
  return values.every((value) => typeof value !== 'string' || value === '' || value.toUpperCase() === 'UNKNOWN');
}

/**
 * The first pending action named `action` (exact match, for example `'PAUSE'`,
 * `'CONFIRMED_PAYMENT_REQUIRED'`) in `subscriptionPendingActions`, or `null`. §3, §4.
 */
export function pendingAction(l: Licence, action: KnownPendingAction | (string & {})): PendingAction | null {
  if (!isRecord(l) || !Array.isArray(l.subscriptionPendingActions)) return null;
  for (const entry of l.subscriptionPendingActions) {
    if (isRecord(entry) && entry.action === action) return entry;
  }
  return null;
}

/** True when {@link pendingAction} finds `action`. */
export function hasPendingAction(l: Licence, action: KnownPendingAction | (string & {})): boolean {
  return pendingAction(l, action) !== null;
}

/** The rank as a finite number, else -Infinity (an unranked licence ranks below every ranked one). */
function rankOf(l: Licence): number {
  return isRecord(l) && typeof l.rank === 'number' && Number.isFinite(l.rank) ? l.rank : Number.NEGATIVE_INFINITY;
}

/**
 * Among the active licences (ACTIVE or TRIAL_ACTIVE, paused or not), the one with the highest
 * `rank`; ties (and licences without a rank) go to the first in list order; `null` when none is
 * active. Implements commerce-and-account-data.md §4 "Among active licences the one with the
 * highest rank is chosen".
 */
export function highestRankActive(licences: readonly Licence[]): Licence | null {
  if (!Array.isArray(licences)) return null;
  let best: Licence | null = null;
  for (const licence of licences) {
    if (!isRecord(licence) || !isActive(licence)) continue;
    if (best === null || rankOf(licence) > rankOf(best)) best = licence;
  }
  return best;
}

const sameLicence = (a: Licence, b: Licence): boolean => a === b || (typeof a.id === 'string' && a.id === b.id);

/**
 * True when buying `candidate` (a catalogue licence) would be a downgrade: it has a family and a
 * finite rank, and among the `owned` licences (the account's) of that family the highest-ranked
 * active one ({@link highestRankActive}) has a higher rank. False when the candidate has no
 * family or rank, when no owned licence of the family is active or ranked, and always for that
 * highest licence itself (same object or same id). Implements commerce-and-account-data.md §4
 * "Downgrade".
 */
export function isDowngrade(candidate: Licence, owned: readonly Licence[]): boolean {
  if (!isRecord(candidate) || typeof candidate.family !== 'string' || candidate.family === '') return false;
  const candidateRank = rankOf(candidate);
  if (candidateRank === Number.NEGATIVE_INFINITY || !Array.isArray(owned)) return false;
  const family = candidate.family;
  const top = highestRankActive(owned.filter((licence) => isRecord(licence) && licence.family === family));
  if (top === null || sameLicence(candidate, top)) return false;
  return candidateRank < rankOf(top);
}

/** Options of {@link isSelectable}. */
export interface SelectableOptions {
  /**
   * Whether free licences (type FREE) may be selected, for example where the product offers
   * signing up to a free tier.
   * @default false
   */
  allowFree?: boolean;
}

/**
 * Whether `candidate` may be chosen for purchase, given the account's `owned` licences. The
 * state of the candidate is that of the owned licence with the same id, else the candidate's own.
 * - Not selectable when that state is both expired (EXPIRED) and paused.
 * - A free licence (`type` FREE) is selectable only with `allowFree`.
 * - Any other licence is selectable when it is not active (not owned as ACTIVE/TRIAL_ACTIVE).
 * The spec's "further conditions (not shown)" are unknown and not applied.
 * Implements commerce-and-account-data.md §4 "Selectable".
 */
export function isSelectable(candidate: Licence, owned: readonly Licence[], options: SelectableOptions = {}): boolean {
  if (!isRecord(candidate)) return false;
  const mine = Array.isArray(owned) ? owned.find((licence) => isRecord(licence) && sameLicence(candidate, licence)) : undefined;
  const state = mine ?? candidate;
  if (isLicenceExpired(state) && isPaused(state)) return false;
  if (candidate.type === 'FREE') return options?.allowFree === true;
  return !isActive(state);
}

/**
 * The purchase strategy (§4): `purchaseStrategy.type` when it is SUBSCRIPTION, FIXED_DATE or PPV,
 * else SUBSCRIPTION (the default when absent or unknown).
 */
export function purchaseStrategyOf(l: Licence): PurchaseStrategy {
  const type = isRecord(l) && isRecord(l.purchaseStrategy) ? l.purchaseStrategy.type : undefined;
  return typeof type === 'string' && (PURCHASE_STRATEGIES as readonly string[]).includes(type)
    ? (type as PurchaseStrategy)
    : 'SUBSCRIPTION';
}

/** True for an in-app-purchase licence: its id ends with `_IAP` (§4, case-sensitive). */
export function isIap(l: Licence): boolean {
  return isRecord(l) && typeof l.id === 'string' && l.id.endsWith('_IAP');
}

/**
 * The type shown in the family view (§3 "STANDARD if priced, else FREE in the family view"):
 * STANDARD when the chosen price ({@link choosePrice}: local, default, zero) is above zero, else
 * FREE.
 */
export function familyViewType(l: Licence): 'FREE' | 'STANDARD' {
  return isRecord(l) && choosePrice(l.amounts).amount > 0 ? 'STANDARD' : 'FREE';
}

/**
 * True for a licence waiting for the viewer to confirm the payment (§4): status INACTIVE, a
 * pending action CONFIRMED_PAYMENT_REQUIRED, and `licencePayment.paymentEventType` UNCONFIRMED.
 */
export function needsPaymentConfirmation(l: Licence): boolean {
  return (
    isRecord(l) &&
    licenceStatusOf(l) === 'INACTIVE' &&
    hasPendingAction(l, 'CONFIRMED_PAYMENT_REQUIRED') &&
    isRecord(l.licencePayment) &&
    l.licencePayment.paymentEventType === 'UNCONFIRMED'
  );
}

/**
 * The expiry (end of the current period, the next renewal of a subscription) in milliseconds
 * since the epoch: `licenceStatus.expiryTimestamp` when it is a valid ISO 8601 timestamp (see
 * `parseIsoTimestamp`), else `licencePayment.expiryTimestamp` when valid, else `null`.
 */
export function expiryOf(l: Licence): number | null {
  if (!isRecord(l)) return null;
  const fromStatus = isRecord(l.licenceStatus) ? parseIsoTimestamp(l.licenceStatus.expiryTimestamp) : null;
  if (fromStatus !== null) return fromStatus;
  return isRecord(l.licencePayment) ? parseIsoTimestamp(l.licencePayment.expiryTimestamp) : null;
}

/**
 * When a paused licence resumes, in milliseconds since the epoch, or `null` (not paused, or no
 * valid date known). The contract has no field for it, so this reads, in order: the licence's
 * `resumeAfter` (this project's extra field, as the sandbox sends it: the pause call's
 * `config.resumeAfter`), `licenceStatus.resumeAfter`, then the `actionDueBy` of a pending
 * RESUME action.
 */
export function pausedUntil(l: Licence): number | null {
  if (!isPaused(l)) return null;
  const stored =
    parseIsoTimestamp(l.resumeAfter) ??
    (isRecord(l.licenceStatus) ? parseIsoTimestamp(l.licenceStatus['resumeAfter']) : null);
  if (stored !== null) return stored;
  const resume = pendingAction(l, 'RESUME');
  return resume === null ? null : parseIsoTimestamp(resume.actionDueBy);
}
