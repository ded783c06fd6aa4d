import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Licence } from '../contracts/licences.js';
import {
  applyPlanEvent,
  externalProviderOf,
  isExternallyProvided,
  planChange,
  retentionOfferPrice,
  scheduledDowngrade,
  upgradeCredit,
  type PlanEvent,
  type PlanState,
} from './planChanges.js';
import { subscriptionActions } from './subscriptions.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1);

const held = (id: string, rank: number, extra: Partial<Licence> = {}): Licence => ({
  id,
  name: id,
  family: 'sports',
  rank,
  status: 'ACTIVE',
  autoRenewingStatus: 'AUTO_RENEWING',
  purchaseStrategy: { type: 'SUBSCRIPTION', subscriptionPeriod: 'P1M' },
  ...extra,
});
const catalogue = (id: string, rank: number, family = 'sports'): Licence => ({ id, name: id, family, rank });

describe('planChange', () => {
  it('refuses a licence the account holds active (HELD), and allows it once expired', () => {
    expect(planChange(catalogue('101', 1), [held('101', 1)])).toEqual({ kind: 'HELD', current: held('101', 1) });
    expect(planChange(catalogue('101', 1), [held('101', 1, { status: 'TRIAL_ACTIVE' })]).kind).toBe('HELD');
    expect(planChange(catalogue('101', 1), [held('101', 1, { status: 'EXPIRED' })]).kind).toBe('NEW');
  });

  it('a higher rank in the family is an upgrade replacing the held licence; a lower one a downgrade', () => {
    const basic = held('101', 1);
    const premium = held('102', 2);
    expect(planChange(catalogue('102', 2), [basic])).toEqual({ kind: 'UPGRADE', from: basic, replaces: [basic] });
    expect(planChange(catalogue('101', 1), [premium])).toEqual({ kind: 'DOWNGRADE', from: premium });
    // The same rank with another period replaces it too.
    expect(planChange(catalogue('103', 2), [premium]).kind).toBe('UPGRADE');
    // Another family, or a licence without a family, is a plain purchase.
    expect(planChange(catalogue('201', 1, 'cinema'), [premium]).kind).toBe('NEW');
    expect(planChange({ id: '302', name: 'PPV' }, [premium]).kind).toBe('NEW');
  });

  it('leaves licences granted by an external provider out of the family comparison', () => {
    const operator = held('102', 2, { autoRenewingStatus: 'NOT_AUTO_RENEWING', purchaseStrategy: { type: 'SUBSCRIPTION', externalAuthProviderDetails: { operatorName: 'Northwind Cable' } } });
    expect(planChange(catalogue('101', 1), [operator]).kind).toBe('NEW');
    expect(planChange(catalogue('102', 2), [operator]).kind).toBe('HELD');
  });
});

describe('upgradeCredit', () => {
  const period = fc.record({
    paid: fc.integer({ min: 0, max: 1_000_000 }),
    periodStartMs: fc.integer({ min: T0 - 400 * DAY, max: T0 + 400 * DAY }),
    days: fc.integer({ min: 1, max: 366 }),
    offset: fc.integer({ min: -40 * DAY, max: 400 * DAY }),
  });

  it('never exceeds what was paid for the period and is never negative', () => {
    fc.assert(
      fc.property(period, ({ paid, periodStartMs, days, offset }) => {
        const credit = upgradeCredit({ paid, periodStartMs, periodEndMs: periodStartMs + days * DAY, nowMs: periodStartMs + offset });
        expect(Number.isInteger(credit)).toBe(true);
        expect(credit).toBeGreaterThanOrEqual(0);
        expect(credit).toBeLessThanOrEqual(paid);
      }),
    );
  });

  it('is zero on the last day of the period and after it', () => {
    fc.assert(
      fc.property(period, fc.integer({ min: 0, max: DAY - 1 }), ({ paid, periodStartMs, days }, intoLastDay) => {
        const periodEndMs = periodStartMs + days * DAY;
        expect(upgradeCredit({ paid, periodStartMs, periodEndMs, nowMs: periodEndMs - DAY + intoLastDay + 1 })).toBe(0);
        expect(upgradeCredit({ paid, periodStartMs, periodEndMs, nowMs: periodEndMs + intoLastDay })).toBe(0);
      }),
    );
  });

  it('never grows as time passes', () => {
    fc.assert(
      fc.property(period, fc.nat({ max: 30 * DAY }), ({ paid, periodStartMs, days, offset }, later) => {
        const at = (nowMs: number) => upgradeCredit({ paid, periodStartMs, periodEndMs: periodStartMs + days * DAY, nowMs });
        expect(at(periodStartMs + offset + later)).toBeLessThanOrEqual(at(periodStartMs + offset));
      }),
    );
  });

  it('credits the unused whole days, rounded down', () => {
    // 30-day period, 799 paid, 20 whole days unused: floor(799 × 20 / 30) = 532.
    expect(upgradeCredit({ paid: 799, periodStartMs: T0, periodEndMs: T0 + 30 * DAY, nowMs: T0 + 10 * DAY - 1 })).toBe(532);
    expect(upgradeCredit({ paid: 799, periodStartMs: T0, periodEndMs: T0 + 30 * DAY, nowMs: T0 })).toBe(799);
    expect(upgradeCredit({ paid: Number.NaN, periodStartMs: T0, periodEndMs: T0 + DAY, nowMs: T0 })).toBe(0);
  });
});

describe('at most one licence of a family is active and renewing', () => {
  const licences = [
    { id: '101', family: 'sports', rank: 1, periodMs: 30 * DAY },
    { id: '102', family: 'sports', rank: 2, periodMs: 30 * DAY },
    { id: '103', family: 'sports', rank: 2, periodMs: 365 * DAY },
    { id: '201', family: 'cinema', rank: 1, periodMs: 30 * DAY },
    { id: '202', family: 'cinema', rank: 2, periodMs: 30 * DAY },
  ];
  const event = (): fc.Arbitrary<(nowMs: number) => { event: PlanEvent; nowMs: number }> =>
    fc.oneof(
      fc.record({ licence: fc.constantFrom(...licences), step: fc.nat({ max: 10 * DAY }) }).map(({ licence, step }) => (now: number) => ({ event: { type: 'purchase' as const, licence, nowMs: now + step }, nowMs: now + step })),
      fc.record({ step: fc.nat({ max: 70 * DAY }) }).map(({ step }) => (now: number) => ({ event: { type: 'advance' as const, nowMs: now + step }, nowMs: now + step })),
      fc.constantFrom(...licences).map((l) => (now: number) => ({ event: { type: 'cancel' as const, id: l.id }, nowMs: now })),
      fc.constantFrom(...licences).map((l) => (now: number) => ({ event: { type: 'cancelDowngrade' as const, id: l.id }, nowMs: now })),
    );

  it('holds over random sequences of purchases, upgrades, downgrades, renewals and cancels', () => {
    fc.assert(
      fc.property(fc.array(event(), { maxLength: 40 }), (steps) => {
        let plans: PlanState[] = [];
        let now = T0;
        for (const step of steps) {
          const next = step(now);
          now = next.nowMs;
          plans = applyPlanEvent(plans, next.event);
          for (const family of ['sports', 'cinema']) {
            const renewing = plans.filter((p) => p.family === family && p.status === 'ACTIVE' && p.autoRenewing);
            expect(renewing.length).toBeLessThanOrEqual(1);
          }
          // A licence the account holds active is never bought twice.
          expect(new Set(plans.map((p) => p.id)).size).toBe(plans.length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('an upgrade ends the lower plan at once; a downgrade starts at the period end', () => {
    const [basic, premium] = licences;
    let plans = applyPlanEvent([], { type: 'purchase', licence: basic!, nowMs: T0 });
    plans = applyPlanEvent(plans, { type: 'purchase', licence: premium!, nowMs: T0 + DAY });
    expect(plans.filter((p) => p.status === 'ACTIVE').map((p) => p.id)).toEqual(['102']);
    plans = applyPlanEvent(plans, { type: 'purchase', licence: basic!, nowMs: T0 + 2 * DAY });
    expect(plans.find((p) => p.id === '102')?.downgradeTo?.id).toBe('101');
    expect(plans.filter((p) => p.status === 'ACTIVE').map((p) => p.id)).toEqual(['102']);
    plans = applyPlanEvent(plans, { type: 'advance', nowMs: T0 + 31 * DAY + 1 });
    expect(plans.filter((p) => p.status === 'ACTIVE').map((p) => p.id)).toEqual(['101']);
    expect(plans.find((p) => p.id === '101')?.periodEndMs).toBe(T0 + DAY + 60 * DAY);
  });
});

describe('licences granted by an external provider', () => {
  const operator = held('102', 2, {
    autoRenewingStatus: 'NOT_AUTO_RENEWING',
    purchaseStrategy: { type: 'SUBSCRIPTION', externalAuthProviderDetails: { provider: 'ADOBE', operatorName: 'Northwind Cable' } },
  });

  it('names the operator, and offers no pause, cancel or reactivate', () => {
    expect(externalProviderOf(operator)).toBe('Northwind Cable');
    expect(isExternallyProvided(held('101', 1))).toBe(false);
    expect(externalProviderOf(held('101', 1, { purchaseStrategy: { type: 'SUBSCRIPTION', externalAuthProviderDetails: {} } }))).toBe('');
    expect(subscriptionActions(operator)).toEqual({ pause: false, resume: false, cancel: false, reactivate: false });
    // The same licence paid by the account offers reactivate.
    expect(subscriptionActions({ ...operator, purchaseStrategy: { type: 'SUBSCRIPTION' } }).reactivate).toBe(true);
  });
});

describe('scheduledDowngrade', () => {
  it('reads the DOWNGRADE pending action', () => {
    const l = held('102', 2, {
      subscriptionPendingActions: [{ action: 'DOWNGRADE', actionDueBy: '2026-12-01T00:00:00.000Z', licenceId: '101', licenceName: 'Sports Basic' }],
    });
    expect(scheduledDowngrade(l)).toEqual({ licenceId: '101', licenceName: 'Sports Basic', atMs: Date.UTC(2026, 11, 1) });
    expect(scheduledDowngrade(held('102', 2))).toBeNull();
  });
});

describe('retentionOfferPrice', () => {
  it('rounds the offer price down in the buyer’s favour: 50 % of £12.99 for 3 months is £6.49', () => {
    const offer = retentionOfferPrice({ amount: 1299, scale: 2, currency: 'GBP' }, { type: 'PERCENTAGE', percentage: 50, state: 'ACTIVE', lifeTimeRepeat: 3 });
    expect(offer).toEqual({ price: { amount: 649, scale: 2, currency: 'GBP' }, percentage: 50, periods: 3 });
    expect(retentionOfferPrice({ amount: 799, scale: 2, currency: 'GBP' }, { type: 'AMOUNT', amount: 900, state: 'ACTIVE' }).price.amount).toBe(0);
  });

  it('is between zero and the price, and never above the price less the exact percentage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (amount, percentage) => {
        const { price } = retentionOfferPrice({ amount, scale: 2, currency: 'GBP' }, { type: 'PERCENTAGE', percentage, state: 'ACTIVE' });
        expect(price.amount).toBeGreaterThanOrEqual(0);
        expect(price.amount).toBeLessThanOrEqual(amount);
        expect(price.amount).toBeLessThanOrEqual((amount * (100 - percentage)) / 100);
        expect(price.amount).toBeGreaterThan((amount * (100 - percentage)) / 100 - 1);
      }),
    );
  });
});

describe('formatLongDate', () => {
  it('formats the UTC day in the locale with Intl, falling back to English', async () => {
    const { formatLongDate } = await import('./planChanges.js');
    const ms = Date.UTC(2026, 11, 2, 23, 30);
    expect(formatLongDate(ms, 'en-GB')).toBe('2 December 2026');
    expect(formatLongDate(ms, 'es')).toBe('2 de diciembre de 2026');
    expect(formatLongDate(ms, 'not a locale!')).toBe('December 2, 2026');
    expect(formatLongDate(Number.NaN, 'en')).toBe('');
  });
});
