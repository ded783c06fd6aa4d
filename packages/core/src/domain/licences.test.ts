import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LICENCE_STATUSES, PURCHASE_STRATEGY_TYPES, type Licence } from '../contracts/licences.js';
import {
  LICENCE_STATUS_VALUES,
  PURCHASE_STRATEGIES,
  canPause,
  expiryOf,
  familyViewType,
  hasPendingAction,
  highestRankActive,
  isActive,
  isAutoRenewUnknown,
  isAutoRenewing,
  isDowngrade,
  isIap,
  isLicenceExpired,
  isPaused,
  isSelectable,
  isTrialActive,
  licenceStatusOf,
  needsPaymentConfirmation,
  pausedUntil,
  pendingAction,
  purchaseStrategyOf,
} from './index.js';
import { isExpired } from './licences.js';
import { arbitraryLicence } from './licences.arbitrary.js';
import { DAY, NOW, active, iso, licence, withStatus } from './licences.fixtures.js';

describe('status predicates (§4)', () => {
  it('repeats the contract\'s value lists exactly', () => {
    expect(LICENCE_STATUS_VALUES).toEqual(LICENCE_STATUSES);
    expect(PURCHASE_STRATEGIES).toEqual(PURCHASE_STRATEGY_TYPES);
  });

  it('reads licenceStatus.status, else a known top-level status', () => {
    expect(licenceStatusOf(withStatus('EXPIRED', { status: 'ACTIVE' }))).toBe('EXPIRED');
    expect(licenceStatusOf(licence({ status: 'TRIAL_ACTIVE' }))).toBe('TRIAL_ACTIVE');
    expect(licenceStatusOf(licence({ status: 'SOMETHING' }))).toBeNull();
    expect(licenceStatusOf(licence())).toBeNull();
    expect(licenceStatusOf(null as never)).toBeNull();
  });

  it('counts ACTIVE and TRIAL_ACTIVE as active', () => {
    expect(isActive(withStatus('ACTIVE'))).toBe(true);
    expect(isActive(withStatus('TRIAL_ACTIVE'))).toBe(true);
    expect(isActive(withStatus('INACTIVE'))).toBe(false);
    expect(isActive(withStatus('EXPIRED'))).toBe(false);
    expect(isActive(licence())).toBe(false);
    expect(isTrialActive(withStatus('TRIAL_ACTIVE'))).toBe(true);
    expect(isTrialActive(withStatus('ACTIVE'))).toBe(false);
    expect(isLicenceExpired(withStatus('EXPIRED'))).toBe(true);
    expect(isLicenceExpired(withStatus('ACTIVE'))).toBe(false);
    expect(isExpired).toBe(isLicenceExpired);
  });

  it('sees a pause in either pause state field', () => {
    expect(isPaused(licence({ pauseState: 'PAUSED' }))).toBe(true);
    expect(isPaused(licence({ licenceStatus: { status: 'ACTIVE', pauseState: 'PAUSED' } }))).toBe(true);
    expect(isPaused(licence({ pauseState: 'NOT_ALLOWED' }))).toBe(false);
    expect(isPaused(licence())).toBe(false);
  });

  it('sees auto-renewal in either field, and tells unknown from cancelled', () => {
    expect(isAutoRenewing(licence({ autoRenewingStatus: 'AUTO_RENEWING' }))).toBe(true);
    expect(isAutoRenewing(withStatus('ACTIVE', {}))).toBe(false);
    expect(isAutoRenewing(licence({ licenceStatus: { status: 'ACTIVE', autoRenewingStatus: 'AUTO_RENEWING' } }))).toBe(true);
    expect(isAutoRenewUnknown(withStatus('ACTIVE'))).toBe(true);
    expect(isAutoRenewUnknown(licence({ autoRenewingStatus: 'UNKNOWN' }))).toBe(true);
    expect(isAutoRenewUnknown(licence({ autoRenewingStatus: 'NOT_AUTO_RENEWING' }))).toBe(false);
    expect(isAutoRenewUnknown(licence({ autoRenewingStatus: 'AUTO_RENEWING' }))).toBe(false);
  });

  it('lets only active, unpaused subscriptions that allow it be paused', () => {
    expect(canPause(active())).toBe(true);
    expect(canPause(active({ pauseState: 'ALLOWED' }))).toBe(true);
    expect(canPause(active({ pauseState: 'NOT_ALLOWED' }))).toBe(false);
    expect(canPause(licence({ licenceStatus: { status: 'ACTIVE', pauseState: 'NOT_ALLOWED' } }))).toBe(false);
    expect(canPause(active({ pauseState: 'PAUSED' }))).toBe(false);
    expect(canPause(active({ purchaseStrategy: { type: 'PPV' } }))).toBe(false);
    expect(canPause(active({ purchaseStrategy: { type: 'SUBSCRIPTION', subscriptionPeriod: 'P1M' } }))).toBe(true);
    expect(canPause(withStatus('INACTIVE'))).toBe(false);
  });

  it('finds pending actions by name', () => {
    const l = licence({
      subscriptionPendingActions: [{ action: 'PAUSE', actionDueBy: iso(NOW) }, { action: 'REFRESH_PAYMENT_DETAILS' }],
    });
    expect(pendingAction(l, 'PAUSE')).toEqual({ action: 'PAUSE', actionDueBy: iso(NOW) });
    expect(hasPendingAction(l, 'REFRESH_PAYMENT_DETAILS')).toBe(true);
    expect(hasPendingAction(l, 'RESUME')).toBe(false);
    expect(hasPendingAction(licence(), 'PAUSE')).toBe(false);
  });
});

describe('highestRankActive (§4)', () => {
  it('picks the active licence with the highest rank, the first on ties', () => {
    const low = withStatus('ACTIVE', { id: 'low', rank: 1 });
    const high = withStatus('TRIAL_ACTIVE', { id: 'high', rank: 3 });
    const highToo = withStatus('ACTIVE', { id: 'high2', rank: 3 });
    const expiredTop = withStatus('EXPIRED', { id: 'top', rank: 9 });
    expect(highestRankActive([low, expiredTop, high, highToo])).toBe(high);
    expect(highestRankActive([expiredTop])).toBeNull();
    expect(highestRankActive([])).toBeNull();
    expect(highestRankActive([withStatus('ACTIVE', { id: 'unranked' }), low])).toBe(low);
    expect(highestRankActive(null as never)).toBeNull();
  });

  it('is always an active licence of maximal rank, or null when none is active (property)', () => {
    fc.assert(
      fc.property(fc.array(arbitraryLicence(), { maxLength: 8 }), (licences) => {
        const pick = highestRankActive(licences);
        const actives = licences.filter(isActive);
        if (actives.length === 0) {
          expect(pick).toBeNull();
          return;
        }
        expect(pick).not.toBeNull();
        expect(isActive(pick as Licence)).toBe(true);
        const rank = (l: Licence): number => l.rank ?? Number.NEGATIVE_INFINITY;
        expect(actives.every((l) => rank(l) <= rank(pick as Licence))).toBe(true);
        expect(actives.find((l) => rank(l) === rank(pick as Licence))).toBe(pick);
      }),
    );
  });
});

describe('isDowngrade (§4)', () => {
  const basic = licence({ id: 'basic', family: 'sports', rank: 1 });
  const premium = licence({ id: 'premium', family: 'sports', rank: 3 });
  const ownedPremium = withStatus('ACTIVE', { id: 'premium', family: 'sports', rank: 3 });

  it('is a lower rank than the highest active licence of the family', () => {
    expect(isDowngrade(basic, [ownedPremium])).toBe(true);
    expect(isDowngrade(premium, [ownedPremium])).toBe(false);
    expect(isDowngrade(licence({ id: 'ultra', family: 'sports', rank: 5 }), [ownedPremium])).toBe(false);
  });

  it('ignores other families, inactive licences and unranked or family-less candidates', () => {
    expect(isDowngrade(basic, [withStatus('ACTIVE', { id: 'm', family: 'movies', rank: 9 })])).toBe(false);
    expect(isDowngrade(basic, [withStatus('EXPIRED', { id: 'premium', family: 'sports', rank: 3 })])).toBe(false);
    expect(isDowngrade(licence({ id: 'x', rank: 0 }), [ownedPremium])).toBe(false);
    expect(isDowngrade(licence({ id: 'x', family: 'sports' }), [ownedPremium])).toBe(false);
    expect(isDowngrade(basic, [])).toBe(false);
  });

  it('is never true for the highest active licence itself, and only below its rank (property)', () => {
    fc.assert(
      fc.property(fc.array(arbitraryLicence(), { maxLength: 8 }), arbitraryLicence(), (owned, candidate) => {
        for (const l of [...owned, candidate]) {
          const top = highestRankActive(owned.filter((o) => o.family === l.family));
          const down = isDowngrade(l, owned);
          if (top !== null && (top === l || top.id === l.id)) expect(down).toBe(false);
          if (down) {
            expect(top).not.toBeNull();
            expect((l.rank as number) < (top?.rank as number)).toBe(true);
          }
        }
      }),
    );
  });
});

describe('isSelectable (§4)', () => {
  const paid = licence({ id: 'paid', type: 'STANDARD' });
  const free = licence({ id: 'free', type: 'FREE' });

  it('allows a licence not already active', () => {
    expect(isSelectable(paid, [])).toBe(true);
    expect(isSelectable(paid, [withStatus('EXPIRED', { id: 'paid' })])).toBe(true);
    expect(isSelectable(paid, [withStatus('ACTIVE', { id: 'paid' })])).toBe(false);
    expect(isSelectable(paid, [withStatus('ACTIVE', { id: 'other' })])).toBe(true);
  });

  it('allows a free licence only with the flag', () => {
    expect(isSelectable(free, [])).toBe(false);
    expect(isSelectable(free, [], { allowFree: true })).toBe(true);
  });

  it('refuses a licence that is expired and paused', () => {
    const stale = withStatus('EXPIRED', { id: 'paid', pauseState: 'PAUSED' });
    expect(isSelectable(paid, [stale])).toBe(false);
    expect(isSelectable(free, [withStatus('EXPIRED', { id: 'free', pauseState: 'PAUSED' })], { allowFree: true })).toBe(false);
    expect(isSelectable(null as never, [])).toBe(false);
  });
});

describe('strategy, IAP, family view, payment confirmation', () => {
  it('defaults the purchase strategy to SUBSCRIPTION', () => {
    expect(purchaseStrategyOf(licence())).toBe('SUBSCRIPTION');
    expect(purchaseStrategyOf(licence({ purchaseStrategy: { type: 'FIXED_DATE' } }))).toBe('FIXED_DATE');
    expect(purchaseStrategyOf(licence({ purchaseStrategy: { type: 'PPV' } }))).toBe('PPV');
    expect(purchaseStrategyOf(licence({ purchaseStrategy: { type: 'OTHER' as 'PPV' } }))).toBe('SUBSCRIPTION');
  });

  it('recognises IAP licences by the _IAP suffix', () => {
    expect(isIap(licence({ id: 'monthly_IAP' }))).toBe(true);
    expect(isIap(licence({ id: 'monthly_iap' }))).toBe(false);
    expect(isIap(licence({ id: '_IAP_monthly' }))).toBe(false);
  });

  it('shows priced licences as STANDARD and unpriced ones as FREE', () => {
    expect(familyViewType(licence({ amounts: [{ amount: 999, currency: 'GBP', scale: 2, default: true }] }))).toBe('STANDARD');
    expect(familyViewType(licence({ amounts: [{ amount: 0, currency: 'GBP', scale: 2, default: true }] }))).toBe('FREE');
    expect(familyViewType(licence({ amounts: [{ amount: 999, currency: 'GBP', scale: 2 }] }))).toBe('FREE');
    expect(familyViewType(licence())).toBe('FREE');
  });

  it('needs payment confirmation only when INACTIVE, CONFIRMED_PAYMENT_REQUIRED and UNCONFIRMED', () => {
    const waiting = withStatus('INACTIVE', {
      subscriptionPendingActions: [{ action: 'CONFIRMED_PAYMENT_REQUIRED' }],
      licencePayment: { paymentEventType: 'UNCONFIRMED' },
    });
    expect(needsPaymentConfirmation(waiting)).toBe(true);
    expect(needsPaymentConfirmation({ ...waiting, licenceStatus: { status: 'ACTIVE' } })).toBe(false);
    expect(needsPaymentConfirmation({ ...waiting, subscriptionPendingActions: [] })).toBe(false);
    expect(needsPaymentConfirmation({ ...waiting, licencePayment: { paymentEventType: 'CONFIRMED' } })).toBe(false);
  });
});

describe('expiryOf and pausedUntil', () => {
  it('reads the status expiry, else the payment expiry; invalid gives null', () => {
    const a = iso(NOW + DAY);
    const b = iso(NOW + 2 * DAY);
    expect(expiryOf(licence({ licenceStatus: { status: 'ACTIVE', expiryTimestamp: a }, licencePayment: { expiryTimestamp: b } }))).toBe(NOW + DAY);
    expect(expiryOf(licence({ licenceStatus: { status: 'ACTIVE', expiryTimestamp: null }, licencePayment: { expiryTimestamp: b } }))).toBe(NOW + 2 * DAY);
    expect(expiryOf(licence({ licenceStatus: { status: 'ACTIVE', expiryTimestamp: 'garbage' }, licencePayment: { expiryTimestamp: b } }))).toBe(NOW + 2 * DAY);
    expect(expiryOf(licence({ licencePayment: { expiryTimestamp: 'garbage' } }))).toBeNull();
    expect(expiryOf(licence())).toBeNull();
  });

  it('gives the resume date of a paused licence only', () => {
    const resumeAt = iso(NOW + 5 * DAY);
    const paused = licence({ licenceStatus: { status: 'ACTIVE', pauseState: 'PAUSED', resumeAfter: resumeAt } });
    expect(pausedUntil(paused)).toBe(NOW + 5 * DAY);
    expect(pausedUntil(licence({ pauseState: 'PAUSED', resumeAfter: iso(NOW + 6 * DAY) }))).toBe(NOW + 6 * DAY);
    expect(pausedUntil(licence({ pauseState: 'PAUSED', resumeAfter: null }))).toBeNull();
    expect(pausedUntil(licence({ pauseState: 'PAUSED', subscriptionPendingActions: [{ action: 'RESUME', actionDueBy: resumeAt }] }))).toBe(NOW + 5 * DAY);
    expect(pausedUntil(licence({ pauseState: 'PAUSED' }))).toBeNull();
    expect(pausedUntil(licence({ licenceStatus: { status: 'ACTIVE', resumeAfter: resumeAt } }))).toBeNull();
  });
});
