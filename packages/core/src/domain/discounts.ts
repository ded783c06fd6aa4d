/**
 * Discounts of a licence: the current one, its label, and the discounted price.
 * Implements commerce-and-account-data.md §3 "Discount" and §4 "Discount states".
 */
import type { Discount, DiscountState, Licence, Money } from '../contracts/licences.js';
import { isPaused } from './licences.js';

/** Message keys of discount labels. */
export const DISCOUNT_LABEL_KEYS = ['discountActive', 'discountUpcoming', 'discountExpired', 'discountPaused'] as const;
export type DiscountLabelKey = (typeof DISCOUNT_LABEL_KEYS)[number];

/** The label of a discount: a message key, and the discount's state as sent. */
export interface DiscountLabel {
  key: DiscountLabelKey;
  state: DiscountState;
}

const isRecord = <T>(value: T): value is T & object => typeof value === 'object' && value !== null;

/**
 * The label of `discount` on `licence` (§4 "labels active, upcoming, expired; upcoming shows the
 * paused label when the licence is paused"): ACTIVE → `discountActive`; UPCOMING →
 * `discountUpcoming`, or `discountPaused` when the licence is paused (`isPaused`); EXPIRED (and
 * any state outside the contract) → `discountExpired`. Never throws.
 */
export function discountLabel(discount: Discount, licence: Licence): DiscountLabel {
  const state = isRecord(discount) ? discount.state : undefined;
  if (state === 'ACTIVE') return { key: 'discountActive', state };
  if (state === 'UPCOMING') return { key: isPaused(licence) ? 'discountPaused' : 'discountUpcoming', state };
  return { key: 'discountExpired', state: 'EXPIRED' };
}

/**
 * The discount the account page shows: the first ACTIVE one in `licence.discounts`, else the
 * first UPCOMING one, else `null` (none, or only EXPIRED ones). §4 "Discount states".
 */
export function currentDiscount(licence: Licence): Discount | null {
  if (!isRecord(licence) || !Array.isArray(licence.discounts)) return null;
  let upcoming: Discount | null = null;
  for (const discount of licence.discounts) {
    if (!isRecord(discount)) continue;
    if (discount.state === 'ACTIVE') return discount;
    if (upcoming === null && discount.state === 'UPCOMING') upcoming = discount;
  }
  return upcoming;
}

/** Rounds half up (toward +∞) after removing floating-point noise below 1e-6 minor units. */
function roundHalfUp(value: number): number {
  return Math.floor(Math.round(value * 1e6) / 1e6 + 0.5);
}

/**
 * `money` with `discount` applied, in the same currency and scale (§3 "Discount: type
 * (percentage with percentage, or amount with amount)"):
 * - PERCENTAGE: `amount × (100 − percentage) / 100` in minor units, rounded half up
 *   (999 at 50 % → 500); `percentage` is clamped to 0..100, a missing one counts as 0.
 * - AMOUNT: `amount − discount.amount` (minor units of the same currency); a missing or negative
 *   discount amount counts as 0.
 * The result is never below zero; an unknown type leaves the price unchanged. Never throws.
 */
export function discountedAmount(money: Money, discount: Discount): Money {
  const amount = isRecord(money) && typeof money.amount === 'number' && Number.isFinite(money.amount) ? money.amount : 0;
  const base = { amount, scale: isRecord(money) ? money.scale : 0, currency: isRecord(money) ? money.currency : '' };
  if (!isRecord(discount)) return { ...base, amount: Math.max(0, amount) };
  let next = amount;
  if (discount.type === 'PERCENTAGE') {
    const raw = typeof discount.percentage === 'number' && Number.isFinite(discount.percentage) ? discount.percentage : 0;
    const percentage = Math.min(100, Math.max(0, raw));
    next = roundHalfUp((amount * (100 - percentage)) / 100);
  } else if (discount.type === 'AMOUNT') {
    const off = typeof discount.amount === 'number' && Number.isFinite(discount.amount) ? Math.max(0, discount.amount) : 0;
    next = amount - off;
  }
  return { ...base, amount: Math.max(0, next) };
}
