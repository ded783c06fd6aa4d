/**
 * The account page's subscriptions: the view of each of the viewer's licences (price, renewal
 * label, discount label, actions, flags), combining the rules of `licences.ts`, `money.ts`,
 * `discounts.ts`, `renewal.ts` and `planChanges.ts`.
 * Implements commerce-and-account-data.md §3, §4 and §6 for the account page.
 */
import type { Licence, LicenceStatusValue, Money } from '../contracts/licences.js';
import { currentDiscount, discountLabel, type DiscountLabel } from './discounts.js';
import {
  canPause,
  hasPendingAction,
  isActive,
  isAutoRenewing,
  isIap,
  isLicenceExpired,
  isPaused,
  licenceStatusOf,
  needsPaymentConfirmation,
  purchaseStrategyOf,
} from './licences.js';
import { choosePrice, formatMoney } from './money.js';
import { externalProviderOf, isExternallyProvided, scheduledDowngrade, type ScheduledDowngrade } from './planChanges.js';
import { renewalLabel, type RenewalLabel, type RenewalLabelOptions } from './renewal.js';

const isRecord = <T>(value: T): value is T & object => typeof value === 'object' && value !== null;

/** The actions the account page offers on one subscription. */
export interface SubscriptionActions {
  /** {@link canPause} and no PAUSE is pending. */
  pause: boolean;
  /** Paused, or a PAUSE is pending (resuming withdraws it); and no RESUME is pending yet. */
  resume: boolean;
  /** Active (ACTIVE/TRIAL_ACTIVE), auto-renewing, not IAP (an app store manages IAP licences). */
  cancel: boolean;
  /**
   * A SUBSCRIPTION that is active or paused, not auto-renewing (cancelled: access lasts until
   * expiry), not EXPIRED, not IAP. FIXED_DATE and PPV never renew, so there is nothing to reactivate.
   */
  reactivate: boolean;
}

/** Everything the account page shows for one of the viewer's licences (no rules in the view). */
export interface SubscriptionView {
  licence: Licence;
  id: string;
  name: string;
  /** {@link choosePrice} of the licence's amounts. */
  price: Money;
  /** `price` formatted for the locale ({@link formatMoney}). */
  priceText: string;
  status: LicenceStatusValue | null;
  /** The renewal label of §4 (message key and formatted date). */
  renewal: RenewalLabel;
  /** The label of the current discount (ACTIVE, else UPCOMING), or `null`. */
  discount: DiscountLabel | null;
  actions: SubscriptionActions;
  isIap: boolean;
  needsPaymentConfirmation: boolean;
  /**
   * The external provider (TV operator) the licence is included with ({@link externalProviderOf}):
   * its name, `''` when unnamed, or `null` for a licence the account pays for. When not null the
   * page shows "Included with {operator}" instead of a price and renewal.
   */
  includedWith: string | null;
  /** A downgrade scheduled for the end of the period (a pending change, cancellable), or null. */
  scheduledDowngrade: ScheduledDowngrade | null;
}

/**
 * The actions of one licence; each rule is documented on {@link SubscriptionActions}. A licence
 * an external provider grants (a TV operator, {@link isExternallyProvided}) offers none: the
 * operator manages it.
 * Implements commerce-and-account-data.md §6 "Pause, resume and cancel are per-licence actions".
 */
export function subscriptionActions(l: Licence): SubscriptionActions {
  if (!isRecord(l) || isExternallyProvided(l)) return { pause: false, resume: false, cancel: false, reactivate: false };
  const iap = isIap(l);
  const paused = isPaused(l);
  const pausePending = hasPendingAction(l, 'PAUSE');
  const autoRenewing = isAutoRenewing(l);
  return {
    pause: canPause(l) && !pausePending,
    resume: (paused || pausePending) && !hasPendingAction(l, 'RESUME'),
    cancel: isActive(l) && autoRenewing && !iap,
    reactivate:
      purchaseStrategyOf(l) === 'SUBSCRIPTION' &&
      (isActive(l) || paused) &&
      !autoRenewing &&
      !isLicenceExpired(l) &&
      !iap,
  };
}

/** Options of {@link accountSubscriptions}. */
export interface AccountSubscriptionsOptions {
  /** Now, in milliseconds since the epoch (the caller's clock). */
  nowMs: number;
  /** The UI locale tag, for prices and dates. */
  locale: string;
}

/**
 * The account page's view of each of the viewer's licences (`GET /user/licence`), in input
 * order: id, name, price (local → default → zero) and its text, status, renewal label, discount
 * label, the applicable actions, IAP and payment-confirmation flags. Entries that are not objects
 * are skipped. Never throws; linear in the number of licences.
 * Implements commerce-and-account-data.md §3, §4 and §6 for the account page.
 */
export function accountSubscriptions(licences: readonly Licence[], options: AccountSubscriptionsOptions): SubscriptionView[] {
  if (!Array.isArray(licences)) return [];
  const nowMs = isRecord(options) && typeof options.nowMs === 'number' ? options.nowMs : Number.NaN;
  const locale = isRecord(options) && typeof options.locale === 'string' ? options.locale : 'en';
  const renewalOptions: RenewalLabelOptions = { nowMs, locale };
  const views: SubscriptionView[] = [];
  for (const licence of licences) {
    if (!isRecord(licence)) continue;
    const price = choosePrice(licence.amounts);
    const discount = currentDiscount(licence);
    views.push({
      licence,
      id: typeof licence.id === 'string' ? licence.id : '',
      name: typeof licence.name === 'string' ? licence.name : '',
      price,
      priceText: formatMoney(price, locale),
      status: licenceStatusOf(licence),
      renewal: renewalLabel(licence, renewalOptions),
      discount: discount === null ? null : discountLabel(discount, licence),
      actions: subscriptionActions(licence),
      isIap: isIap(licence),
      needsPaymentConfirmation: needsPaymentConfirmation(licence),
      includedWith: externalProviderOf(licence),
      scheduledDowngrade: scheduledDowngrade(licence),
    });
  }
  return views;
}
