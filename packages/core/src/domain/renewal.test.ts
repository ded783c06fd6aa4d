import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Licence } from '../contracts/licences.js';
import {
  RENEWAL_LABEL_KEYS,
  expiryOf,
  isAutoRenewing,
  purchaseStrategyOf,
  renewalDisplayState,
  renewalLabel,
  type RenewalLabelKey,
} from './index.js';
import { ARBITRARY_BASE_MS, arbitraryLicence } from './licences.arbitrary.js';

const NOW = Date.UTC(2026, 10, 22, 12); // Sunday 22 November 2026, noon UTC
const DAY = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString();
const en = { nowMs: NOW, locale: 'en' };

const licence = (overrides: Partial<Licence> = {}): Licence => ({ id: 'monthly', name: 'Monthly', ...overrides });
/** An active, auto-renewing monthly subscription expiring in `days`. */
const renewing = (days = 10, overrides: Partial<Licence> = {}): Licence =>
  licence({
    purchaseStrategy: { type: 'SUBSCRIPTION', subscriptionPeriod: 'P1M' },
    licenceStatus: { status: 'ACTIVE', autoRenewingStatus: 'AUTO_RENEWING', expiryTimestamp: iso(NOW + days * DAY) },
    licencePayment: { paymentEventType: 'CONFIRMED' },
    ...overrides,
  });
const cancelled = (days = 10, overrides: Partial<Licence> = {}): Licence =>
  renewing(days, {
    licenceStatus: { status: 'ACTIVE', autoRenewingStatus: 'NOT_AUTO_RENEWING', expiryTimestamp: iso(NOW + days * DAY) },
    ...overrides,
  });

describe('renewalDisplayState (§4)', () => {
  it('is UNCONFIRMED for an unconfirmed payment or a licence needing confirmation', () => {
    expect(renewalDisplayState(renewing(10, { licencePayment: { paymentEventType: 'UNCONFIRMED' } }))).toBe('UNCONFIRMED');
    expect(
      renewalDisplayState(
        licence({
          licenceStatus: { status: 'INACTIVE' },
          subscriptionPendingActions: [{ action: 'CONFIRMED_PAYMENT_REQUIRED' }],
          licencePayment: { paymentEventType: 'UNCONFIRMED' },
        }),
      ),
    ).toBe('UNCONFIRMED');
  });

  it('is RENEWAL when auto-renewing, UNKNOWN_RENEWING when an active subscription does not say, else CONFIRMED', () => {
    expect(renewalDisplayState(renewing())).toBe('RENEWAL');
    expect(renewalDisplayState(licence({ licenceStatus: { status: 'ACTIVE' } }))).toBe('UNKNOWN_RENEWING');
    expect(renewalDisplayState(licence({ licenceStatus: { status: 'ACTIVE', autoRenewingStatus: 'UNKNOWN' } }))).toBe('UNKNOWN_RENEWING');
    expect(renewalDisplayState(cancelled())).toBe('CONFIRMED');
    expect(renewalDisplayState(licence({ licenceStatus: { status: 'ACTIVE' }, purchaseStrategy: { type: 'PPV' } }))).toBe('CONFIRMED');
    expect(renewalDisplayState(licence({ licenceStatus: { status: 'EXPIRED' } }))).toBe('CONFIRMED');
    expect(renewalDisplayState(null as never)).toBe('CONFIRMED');
  });
});

describe('renewalLabel (§4 label choice, in order)', () => {
  it('1. pause requested comes first', () => {
    const l = renewing(0, {
      pauseState: 'PAUSED',
      subscriptionPendingActions: [{ action: 'RESUME' }, { action: 'PAUSE', actionDueBy: iso(NOW + 3 * DAY) }],
      licencePayment: { paymentEventType: 'UNCONFIRMED' },
    });
    expect(renewalLabel(l, en)).toEqual({ key: 'pauseRequested', params: { date: 'Nov 25th, 2026' } });
    expect(renewalLabel(renewing(5, { subscriptionPendingActions: [{ action: 'PAUSE' }] }), en)).toEqual({ key: 'pauseRequested', params: {} });
  });

  it('2. then resume requested', () => {
    const l = renewing(0, { pauseState: 'PAUSED', subscriptionPendingActions: [{ action: 'RESUME' }], licencePayment: { paymentEventType: 'UNCONFIRMED' } });
    expect(renewalLabel(l, en)).toEqual({ key: 'resumeRequested', params: {} });
  });

  it('3. then payment pending', () => {
    const l = renewing(0, { pauseState: 'PAUSED', licencePayment: { paymentEventType: 'UNCONFIRMED' } });
    expect(renewalLabel(l, en)).toEqual({ key: 'paymentPending', params: {} });
  });

  it('4. then paused, with the resume date when known', () => {
    expect(renewalLabel(renewing(0, { pauseState: 'PAUSED' }), en)).toEqual({ key: 'paused', params: {} });
    const withDate = renewing(0, {
      licenceStatus: { status: 'TRIAL_ACTIVE', pauseState: 'PAUSED', resumeAfter: iso(NOW + 30 * DAY), expiryTimestamp: iso(NOW) },
    });
    expect(renewalLabel(withDate, { nowMs: NOW, locale: 'en-gb' })).toEqual({ key: 'paused', params: { date: '22nd Dec, 2026' } });
  });

  it('5. then free trial, with the trial end', () => {
    const trial = renewing(1, {
      licenceStatus: { status: 'TRIAL_ACTIVE', autoRenewingStatus: 'AUTO_RENEWING', expiryTimestamp: iso(NOW + DAY) },
      trialDetails: { trialPeriodDuration: 'P7D', trialEndTimestamp: iso(NOW + 7 * DAY) },
    });
    expect(renewalLabel(trial, en)).toEqual({ key: 'freeTrial', params: { date: 'Nov 29th, 2026' } });
    expect(renewalLabel({ ...trial, trialDetails: {} }, en)).toEqual({ key: 'freeTrial', params: { date: 'Nov 23rd, 2026' } });
  });

  it('6. renews or expires today or tomorrow, by UTC calendar day', () => {
    const endOfToday = Date.UTC(2026, 10, 22, 23, 59);
    const startOfTomorrow = Date.UTC(2026, 10, 23, 0, 0);
    const endOfTomorrow = Date.UTC(2026, 10, 23, 23, 59);
    const at = (ms: number, base: Licence): Licence => ({ ...base, licenceStatus: { ...base.licenceStatus!, expiryTimestamp: iso(ms) } });
    expect(renewalLabel(at(endOfToday, renewing()), en).key).toBe('renewsToday');
    expect(renewalLabel(at(startOfTomorrow, renewing()), en).key).toBe('renewsTomorrow');
    expect(renewalLabel(at(endOfTomorrow, renewing()), en).key).toBe('renewsTomorrow');
    expect(renewalLabel(at(endOfTomorrow + 2 * 60_000, renewing()), en).key).toBe('renewsMonthly');
    expect(renewalLabel(at(endOfToday, cancelled()), en)).toEqual({ key: 'expiresToday', params: { date: 'Nov 22nd, 2026' } });
    expect(renewalLabel(at(startOfTomorrow, cancelled()), en).key).toBe('expiresTomorrow');
    const ppv = licence({ purchaseStrategy: { type: 'PPV' }, licenceStatus: { status: 'ACTIVE', expiryTimestamp: iso(endOfToday) } });
    expect(renewalLabel(ppv, en).key).toBe('expiresToday');
  });

  it('7. otherwise by period for auto-renewing subscriptions, with the next renewal date', () => {
    const byPeriod = (period: string | undefined): RenewalLabelKey =>
      renewalLabel(renewing(10, { purchaseStrategy: { type: 'SUBSCRIPTION', subscriptionPeriod: period } }), en).key;
    expect(byPeriod('P1D')).toBe('renewsDaily');
    expect(byPeriod('P7D')).toBe('renewsWeekly');
    expect(byPeriod('P1W')).toBe('renewsWeekly');
    expect(byPeriod('P1M')).toBe('renewsMonthly');
    expect(byPeriod('P1Y')).toBe('renewsYearly');
    expect(byPeriod('P3M')).toBe('renewsOn');
    expect(byPeriod(undefined)).toBe('renewsOn');
    expect(renewalLabel(renewing(10), { nowMs: NOW, locale: 'en-gb' })).toEqual({ key: 'renewsMonthly', params: { date: '2nd Dec, 2026' } });
  });

  it('8. a cancelled subscription expires on its date', () => {
    expect(renewalLabel(cancelled(10), en)).toEqual({ key: 'expiresOn', params: { date: 'Dec 2nd, 2026' } });
    const unknown = licence({ licenceStatus: { status: 'ACTIVE', expiryTimestamp: iso(NOW + 10 * DAY) } });
    expect(renewalLabel(unknown, en).key).toBe('expiresOn');
  });

  it('9. FIXED_DATE and PPV renew or expire on a date', () => {
    const fixed = renewing(10, { purchaseStrategy: { type: 'FIXED_DATE' } });
    expect(renewalLabel(fixed, en)).toEqual({ key: 'renewsOn', params: { date: 'Dec 2nd, 2026' } });
    expect(renewalLabel(cancelled(10, { purchaseStrategy: { type: 'PPV' } }), en)).toEqual({ key: 'expiresOn', params: { date: 'Dec 2nd, 2026' } });
  });

  it('expired when EXPIRED or past the expiry; no renewal date without a valid expiry', () => {
    expect(renewalLabel(renewing(-1), en)).toEqual({ key: 'expired', params: { date: 'Nov 21st, 2026' } });
    expect(renewalLabel(renewing(0), en).key).toBe('expired');
    expect(renewalLabel(licence({ licenceStatus: { status: 'EXPIRED', expiryTimestamp: iso(NOW + DAY) } }), en).key).toBe('expired');
    expect(renewalLabel(licence({ licenceStatus: { status: 'EXPIRED' } }), en)).toEqual({ key: 'expired', params: {} });
    expect(renewalLabel(licence({ licenceStatus: { status: 'ACTIVE', expiryTimestamp: 'soon' } }), en)).toEqual({ key: 'noRenewalDate', params: {} });
    expect(renewalLabel(licence(), en)).toEqual({ key: 'noRenewalDate', params: {} });
    expect(renewalLabel(null as never, en)).toEqual({ key: 'noRenewalDate', params: {} });
  });

  it('formats the date for the locale', () => {
    expect(renewalLabel(renewing(10), { nowMs: NOW, locale: 'es' }).params.date).toBe('dic 2º, 2026');
    expect(renewalLabel(renewing(10), { nowMs: NOW, locale: 'pt' }).params.date).toBe('dez 2º, 2026');
  });

  it('without a usable now, skips the today, tomorrow and past checks', () => {
    expect(renewalLabel(renewing(0), { nowMs: Number.NaN, locale: 'en' }).key).toBe('renewsMonthly');
    expect(renewalLabel(renewing(0), null as never).key).toBe('renewsMonthly');
  });
});

const statuses = [undefined, 'ACTIVE', 'INACTIVE', 'TRIAL_ACTIVE', 'EXPIRED'] as const;
const pauses = [undefined, 'PAUSED', 'NOT_ALLOWED', 'ALLOWED'] as const;
const strategies = [undefined, 'SUBSCRIPTION', 'FIXED_DATE', 'PPV'] as const;
const renewals = [undefined, 'AUTO_RENEWING', 'UNKNOWN', 'NOT_AUTO_RENEWING'] as const;
const actions = [undefined, 'PAUSE', 'RESUME', 'CONFIRMED_PAYMENT_REQUIRED', 'REFRESH_PAYMENT_DETAILS'] as const;
const payments = [undefined, 'CONFIRMED', 'UNCONFIRMED'] as const;
const expiries = [undefined, null, 'garbage', iso(NOW - DAY), iso(NOW), iso(NOW + DAY / 2), iso(NOW + DAY), iso(NOW + 40 * DAY)] as const;

const DATE_TEXT = /^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4}$/;
const PERIOD_KEYS: readonly string[] = ['renewsDaily', 'renewsWeekly', 'renewsMonthly', 'renewsYearly'];

/**
 * The rules that pin each key down, as plain checks (fast enough for tens of thousands of
 * licences): returns the broken rules, `[]` when the label is right.
 */
function labelViolations(l: Licence, nowMs: number): string[] {
  const label = renewalLabel(l, { nowMs, locale: 'en' });
  const broken: string[] = [];
  const rule = (ok: boolean, name: string): void => {
    if (!ok) broken.push(`${name}: ${label.key} for ${JSON.stringify(l)}`);
  };
  const pending = (action: string): boolean => (l.subscriptionPendingActions ?? []).some((a) => a.action === action);
  const expiry = expiryOf(l);
  rule((RENEWAL_LABEL_KEYS as readonly string[]).includes(label.key), 'known key');
  rule(Object.keys(label.params).every((key) => key === 'date'), 'only a date param');
  rule(label.params.date === undefined || DATE_TEXT.test(label.params.date), 'formatted date');
  if (pending('PAUSE')) rule(label.key === 'pauseRequested', 'pause requested first');
  else if (pending('RESUME')) rule(label.key === 'resumeRequested', 'resume requested second');
  else if (renewalDisplayState(l) === 'UNCONFIRMED') rule(label.key === 'paymentPending', 'payment pending third');
  if (label.key.startsWith('renews')) rule(isAutoRenewing(l), 'renews only when auto-renewing');
  if (label.key.startsWith('expires')) rule(!isAutoRenewing(l), 'expires only when not auto-renewing');
  if (PERIOD_KEYS.includes(label.key)) rule(purchaseStrategyOf(l) === 'SUBSCRIPTION', 'period wording for subscriptions');
  if (label.key === 'noRenewalDate') rule(expiry === null, 'no renewal date only without expiry');
  if (/Today|Tomorrow|On$|Daily|Weekly|Monthly|Yearly/.test(label.key)) {
    rule(expiry !== null && expiry > nowMs, 'renews or expires in the future');
  }
  if (label.key === 'renewsToday' || label.key === 'expiresToday') {
    rule(expiry !== null && Math.floor(expiry / DAY) === Math.floor(nowMs / DAY), 'today is the same UTC day');
  }
  return broken;
}

describe('renewalLabel is total', () => {
  it('is defined for every combination of status, pause, strategy, auto-renew, pending action, payment and expiry', () => {
    let count = 0;
    const failures: string[] = [];
    for (const status of statuses)
      for (const pauseState of pauses)
        for (const type of strategies)
          for (const autoRenewingStatus of renewals)
            for (const action of actions)
              for (const paymentEventType of payments)
                for (const expiryTimestamp of expiries) {
                  const l = licence({
                    ...(type === undefined ? {} : { purchaseStrategy: { type, subscriptionPeriod: 'P1M' } }),
                    ...(status === undefined
                      ? { pauseState, autoRenewingStatus, licencePayment: { paymentEventType, expiryTimestamp } }
                      : {
                          licenceStatus: { status, pauseState, autoRenewingStatus, expiryTimestamp },
                          licencePayment: { paymentEventType },
                        }),
                    subscriptionPendingActions: action === undefined ? [] : [{ action }],
                  });
                  failures.push(...labelViolations(l, NOW));
                  count += 1;
                }
    expect(failures.slice(0, 3)).toEqual([]);
    expect(count).toBe(5 * 4 * 4 * 4 * 5 * 3 * 8);
  }, 30_000);

  it('is defined for arbitrary licences and instants (property)', () => {
    fc.assert(
      fc.property(
        arbitraryLicence(),
        fc.integer({ min: ARBITRARY_BASE_MS - 400 * 86_400_000, max: ARBITRARY_BASE_MS + 400 * 86_400_000 }),
        (l, nowMs) => {
          expect(labelViolations(l, nowMs)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  }, 30_000);

  it('never throws on junk (property)', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (l, options) => {
        expect(RENEWAL_LABEL_KEYS).toContain(renewalLabel(l as Licence, options as never).key);
        expect(['CONFIRMED', 'UNCONFIRMED', 'UNKNOWN_RENEWING', 'RENEWAL']).toContain(renewalDisplayState(l as Licence));
      }),
    );
  });
});
