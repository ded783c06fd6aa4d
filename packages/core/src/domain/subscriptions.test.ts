import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { licenceSchema } from '../contracts/licences.js';
import { accountSubscriptions, subscriptionActions } from './index.js';
import { ARBITRARY_BASE_MS, arbitraryLicence } from './licences.arbitrary.js';
import { DAY, NOW, active, licence, withStatus } from './licences.fixtures.js';

describe('subscriptionActions', () => {
  it('offers pause and cancel on a renewing subscription', () => {
    expect(subscriptionActions(active())).toEqual({ pause: true, resume: false, cancel: true, reactivate: false });
  });

  it('offers resume (not pause) when paused or a pause is pending, until a resume is pending', () => {
    expect(subscriptionActions(active({ pauseState: 'PAUSED' }))).toMatchObject({ pause: false, resume: true });
    expect(subscriptionActions(active({ subscriptionPendingActions: [{ action: 'PAUSE' }] }))).toMatchObject({ pause: false, resume: true });
    expect(
      subscriptionActions(active({ pauseState: 'PAUSED', subscriptionPendingActions: [{ action: 'RESUME' }] })),
    ).toMatchObject({ pause: false, resume: false });
  });

  it('offers reactivate (not cancel) on a cancelled subscription until it expires', () => {
    const cancelled = licence({ licenceStatus: { status: 'ACTIVE', autoRenewingStatus: 'NOT_AUTO_RENEWING' } });
    expect(subscriptionActions(cancelled)).toMatchObject({ cancel: false, reactivate: true });
    expect(subscriptionActions({ ...cancelled, licenceStatus: { status: 'EXPIRED' } })).toMatchObject({ reactivate: false });
    expect(subscriptionActions({ ...cancelled, purchaseStrategy: { type: 'PPV' } })).toMatchObject({ reactivate: false });
  });

  it('offers neither cancel nor reactivate on IAP licences', () => {
    expect(subscriptionActions(active({ id: 'm_IAP' }))).toMatchObject({ cancel: false, reactivate: false });
    expect(subscriptionActions(withStatus('ACTIVE', { id: 'm_IAP' }))).toMatchObject({ cancel: false, reactivate: false });
  });
});

describe('accountSubscriptions', () => {
  it('derives everything the account page shows', () => {
    const monthly = active({
      id: 'monthly',
      name: 'Monthly',
      purchaseStrategy: { type: 'SUBSCRIPTION', subscriptionPeriod: 'P1M' },
      amounts: [{ amount: 999, currency: 'GBP', scale: 2, local: true }],
      discounts: [{ type: 'PERCENTAGE', percentage: 50, state: 'UPCOMING' }],
    });
    const [view] = accountSubscriptions([monthly, null as never], { nowMs: NOW, locale: 'en-gb' });
    expect(view).toEqual({
      licence: monthly,
      id: 'monthly',
      name: 'Monthly',
      price: { amount: 999, scale: 2, currency: 'GBP' },
      priceText: '£9.99',
      status: 'ACTIVE',
      renewal: { key: 'renewsMonthly', params: { date: '2nd Dec, 2026' } },
      discount: { key: 'discountUpcoming', state: 'UPCOMING' },
      actions: { pause: true, resume: false, cancel: true, reactivate: false },
      isIap: false,
      needsPaymentConfirmation: false,
      includedWith: null,
      scheduledDowngrade: null,
    });
    expect(accountSubscriptions([monthly, null as never], { nowMs: NOW, locale: 'en-gb' })).toHaveLength(1);
    expect(accountSubscriptions(undefined as never, { nowMs: NOW, locale: 'en' })).toEqual([]);
  });

  it('generated licences all pass the contract', () => {
    fc.assert(
      fc.property(arbitraryLicence(), (l) => {
        expect(licenceSchema.safeParse(l).success).toBe(true);
      }),
    );
  });

  it('never throws for arbitrary licences and keeps one view per licence (property)', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryLicence(), { maxLength: 10 }),
        fc.oneof(fc.integer({ min: ARBITRARY_BASE_MS - 400 * DAY, max: ARBITRARY_BASE_MS + 400 * DAY }), fc.constant(Number.NaN)),
        fc.constantFrom('en', 'en-gb', 'es', 'pt-BR', 'ar', 'xx', '!!'),
        (licences, nowMs, locale) => {
          const views = accountSubscriptions(licences, { nowMs, locale });
          expect(views).toHaveLength(licences.length);
          views.forEach((view, i) => {
            expect(view.licence).toBe(licences[i]);
            expect(typeof view.priceText).toBe('string');
            expect(view.actions.pause && view.actions.resume).toBe(false);
            expect(view.actions.cancel && view.actions.reactivate).toBe(false);
          });
        },
      ),
    );
  });

  it('derives 1,000 licences quickly', () => {
    const licences = fc.sample(arbitraryLicence(), { numRuns: 1000, seed: 42 });
    const start = performance.now();
    accountSubscriptions(licences, { nowMs: NOW, locale: 'en-gb' });
    expect(performance.now() - start).toBeLessThan(1000);
  }, 30_000);
});
