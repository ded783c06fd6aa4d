/**
 * Renewal wording of an account's licence: the display state and the label choice.
 * Implements commerce-and-account-data.md §4 "Renewal display states" and "Label choice".
 */
import type { Licence } from '../contracts/licences.js';
import { formatDisplayDate, parseIsoTimestamp, utcDayNumber } from './dates.js';
import {
  expiryOf,
  isActive,
  isAutoRenewUnknown,
  isAutoRenewing,
  isLicenceExpired,
  isPaused,
  isTrialActive,
  needsPaymentConfirmation,
  pausedUntil,
  pendingAction,
  purchaseStrategyOf,
} from './licences.js';
import { periodWording } from './periods.js';

/** Renewal display states (§4). */
export const RENEWAL_DISPLAY_STATES = ['CONFIRMED', 'UNCONFIRMED', 'UNKNOWN_RENEWING', 'RENEWAL'] as const;
export type RenewalDisplayState = (typeof RENEWAL_DISPLAY_STATES)[number];

/** Every message key a renewal label can carry (the web translates each). */
export const RENEWAL_LABEL_KEYS = [
  'pauseRequested',
  'resumeRequested',
  'paymentPending',
  'paused',
  'freeTrial',
  'renewsToday',
  'renewsTomorrow',
  'expiresToday',
  'expiresTomorrow',
  'renewsDaily',
  'renewsWeekly',
  'renewsMonthly',
  'renewsYearly',
  'renewsOn',
  'expiresOn',
  'expired',
  'noRenewalDate',
] as const;
export type RenewalLabelKey = (typeof RENEWAL_LABEL_KEYS)[number];

/**
 * A renewal label: the message key, and `params.date` (already formatted with
 * `formatDisplayDate` for the locale) when the label has a date to show.
 */
export interface RenewalLabel {
  key: RenewalLabelKey;
  params: { date?: string };
}

/** Options of {@link renewalLabel}. */
export interface RenewalLabelOptions {
  /** Now, in milliseconds since the epoch. A non-finite value disables the today/tomorrow/expired checks. */
  nowMs: number;
  /** The UI locale tag, for the date. */
  locale: string;
}

const isRecord = <T>(value: T): value is T & object => typeof value === 'object' && value !== null;

/**
 * The renewal display state (§4; the spec names the states, this is this project's reading):
 * - UNCONFIRMED: `licencePayment.paymentEventType` is UNCONFIRMED, or the licence needs payment
 *   confirmation (`needsPaymentConfirmation`).
 * - RENEWAL: auto-renewing (`isAutoRenewing`): it renews at expiry.
 * - UNKNOWN_RENEWING: an active SUBSCRIPTION whose auto-renewing status is absent or UNKNOWN
 *   (`isAutoRenewUnknown`): whether it renews is not known.
 * - CONFIRMED: otherwise (paid, with a known end: a cancelled subscription, FIXED_DATE, PPV, an
 *   expired or inactive licence).
 * Never throws.
 */
export function renewalDisplayState(l: Licence): RenewalDisplayState {
  if (!isRecord(l)) return 'CONFIRMED';
  const payment = isRecord(l.licencePayment) ? l.licencePayment.paymentEventType : undefined;
  if (payment === 'UNCONFIRMED' || needsPaymentConfirmation(l)) return 'UNCONFIRMED';
  if (isAutoRenewing(l)) return 'RENEWAL';
  if (isActive(l) && purchaseStrategyOf(l) === 'SUBSCRIPTION' && isAutoRenewUnknown(l)) return 'UNKNOWN_RENEWING';
  return 'CONFIRMED';
}

const PERIOD_KEYS = {
  daily: 'renewsDaily',
  weekly: 'renewsWeekly',
  monthly: 'renewsMonthly',
  yearly: 'renewsYearly',
} as const satisfies Record<string, RenewalLabelKey>;

/**
 * The renewal label of an account's licence. The first rule that applies wins, in §4's order:
 * 1. `pauseRequested`: a PAUSE action is pending (date: its `actionDueBy`, when the pause starts).
 * 2. `resumeRequested`: a RESUME action is pending (date: its `actionDueBy`).
 * 3. `paymentPending`: display state UNCONFIRMED (see {@link renewalDisplayState}).
 * 4. `paused`: the licence is paused (date: `pausedUntil`, the resume date, when known).
 * 5. `freeTrial`: TRIAL_ACTIVE (date: `trialDetails.trialEndTimestamp`, else the expiry).
 * 6. `expired`: status EXPIRED, or the expiry is at or before `nowMs` (date: the expiry, if known).
 * 7. `noRenewalDate`: no valid expiry (`expiryOf`: licenceStatus, then licencePayment).
 * 8. `renewsToday`/`expiresToday`, `renewsTomorrow`/`expiresTomorrow`: the expiry falls on the
 *    UTC calendar day of `nowMs`, or the next one; "renews" when auto-renewing, else "expires".
 * 9. SUBSCRIPTION, auto-renewing: by `purchaseStrategy.subscriptionPeriod` (`periodWording`):
 *    `renewsDaily`, `renewsWeekly`, `renewsMonthly`, `renewsYearly`, else `renewsOn`; date: the
 *    expiry, which is the next renewal. SUBSCRIPTION not auto-renewing (cancelled, or status
 *    unknown): `expiresOn` with the expiry.
 * 10. FIXED_DATE and PPV: `renewsOn` when auto-renewing, else `expiresOn`, with the expiry.
 * Rules 6 and 7 are this project's additions (the spec's list does not cover a past or missing
 * expiry). Total: every licence, `nowMs` and locale gives a label; never throws.
 * Implements commerce-and-account-data.md §4 "Label choice".
 */
export function renewalLabel(l: Licence, options: RenewalLabelOptions): RenewalLabel {
  const nowMs = isRecord(options) && typeof options.nowMs === 'number' ? options.nowMs : Number.NaN;
  const locale = isRecord(options) && typeof options.locale === 'string' ? options.locale : 'en';
  const dated = (key: RenewalLabelKey, ms: number | null): RenewalLabel => {
    const date = ms === null ? '' : formatDisplayDate(ms, locale);
    return date === '' ? { key, params: {} } : { key, params: { date } };
  };
  if (!isRecord(l)) return { key: 'noRenewalDate', params: {} };

  const pause = pendingAction(l, 'PAUSE');
  if (pause !== null) return dated('pauseRequested', parseIsoTimestamp(pause.actionDueBy));
  const resume = pendingAction(l, 'RESUME');
  if (resume !== null) return dated('resumeRequested', parseIsoTimestamp(resume.actionDueBy));
  if (renewalDisplayState(l) === 'UNCONFIRMED') return { key: 'paymentPending', params: {} };
  if (isPaused(l)) return dated('paused', pausedUntil(l));

  const expiry = expiryOf(l);
  if (isTrialActive(l)) {
    const trialEnd = isRecord(l.trialDetails) ? parseIsoTimestamp(l.trialDetails.trialEndTimestamp) : null;
    return dated('freeTrial', trialEnd ?? expiry);
  }
  if (isLicenceExpired(l) || (expiry !== null && expiry <= nowMs)) return dated('expired', expiry);
  if (expiry === null) return { key: 'noRenewalDate', params: {} };

  const renews = isAutoRenewing(l);
  const days = utcDayNumber(expiry) - utcDayNumber(nowMs);
  if (days === 0) return dated(renews ? 'renewsToday' : 'expiresToday', expiry);
  if (days === 1) return dated(renews ? 'renewsTomorrow' : 'expiresTomorrow', expiry);

  if (purchaseStrategyOf(l) === 'SUBSCRIPTION' && renews) {
    const period = isRecord(l.purchaseStrategy) ? l.purchaseStrategy.subscriptionPeriod : undefined;
    const wording = typeof period === 'string' ? periodWording(period) : null;
    return dated(wording === null ? 'renewsOn' : PERIOD_KEYS[wording], expiry);
  }
  return dated(renews ? 'renewsOn' : 'expiresOn', expiry);
}
