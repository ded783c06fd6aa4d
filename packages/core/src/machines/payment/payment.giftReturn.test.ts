/**
 * A gift paid with 3-D Secure or a redirecting provider (issue 18 "Gifting", docs/api.md "Gifts"):
 * the checkout keeps the gift's id in the tab's pending checkout; back on PAYMENT_AUTHORIZATION or
 * PAY, the machine (not the page) ends on the gift's page GIFT, never on a plan's confirmation; a
 * failed challenge keeps the gift so that the way back reopens its checkout (GIFT_PAY).
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorLogic } from 'xstate';
import type { Basket, Card, PaymentDetails } from '../../contracts/baskets.js';
import { buildPath, encodePendingPayment, PENDING_PAYMENT_KEY, type PaidItem } from '../../domain/index.js';
import { fixedClock, memoryNavigation, memoryStorage } from '../../platform/index.js';
import { connectPayment, paymentMachine, type CheckoutLoad, type PayActorInput, type PaymentInput, type PayResultLike } from '../index.js';
import { fakeActor, keySequence as keys, paymentAt as at } from '../test-helpers.js';

const NOW = Date.UTC(2026, 0, 15, 12);
const GIFT = 'a0a0a0a0-0000-4000-8000-000000000001';
const CARDS = { paymentProviderId: 'CARDS', providerType: 'CARDS', paymentMethodType: 'CARD', hasVouchers: true };
const storedCard: Card = { cardId: 'pd_saved', last4Digits: '4242', cardType: 'VISA' };
const basket = { basketItems: [{ sku: '102' }], amounts: { total: 3897, subTotal: 3897, scale: 2, currency: 'GBP', vouchers: [] } } as unknown as Basket;

function run(options: { actors?: Record<string, AnyActorLogic>; input?: Partial<PaymentInput>; storage?: ReturnType<typeof memoryStorage> } = {}) {
  const storage = options.storage ?? memoryStorage();
  const navigation = memoryNavigation('/es/payment-authorization');
  const machine = paymentMachine.provide({ actors: options.actors ?? {} } as Parameters<typeof paymentMachine.provide>[0]);
  const actor = createActor(machine, {
    input: { createKey: keys(), storage, navigation, clock: fixedClock(NOW), origin: 'https://app.example', locale: 'en', ...options.input },
  }).start();
  return { actor, view: () => connectPayment(actor.getSnapshot(), actor.send), storage, navigation };
}

const pendingStorage = (giftId: string | null, kind: 'authentication' | 'provider' = 'authentication') => {
  const storage = memoryStorage();
  storage.setItem(
    PENDING_PAYMENT_KEY,
    encodePendingPayment({ licenceId: '102', consent: [], idempotencyKey: 'k1', from: '/gift', kind, giftId }, NOW - 1000),
  );
  return storage;
};

const giftPaid: PaidItem = { licenceName: 'Sports Premium', paid: null, status: 'succeeded', giftId: GIFT };

describe('payment: a gift back from 3-D Secure or a provider ends on the gift page', () => {
  it("the gift checkout's challenge keeps the gift's id in the pending checkout", async () => {
    const load = fakeActor<unknown, CheckoutLoad>(() => ({ basket, licenceName: 'Sports Premium', cards: [storedCard], providers: [CARDS] }));
    const pay = fakeActor<PayActorInput, PayResultLike>(() => ({ status: 'REQUIRES_ACTION', paymentId: 'p1', redirectUrl: 'https://bank.example/3ds' }));
    const { actor, view, storage } = run({
      actors: { loadCheckout: load.logic, pay: pay.logic },
      input: { start: { kind: 'checkout', licenceId: '102', giftId: GIFT, from: '/gift' } },
    });
    await waitFor(actor, at('idle'));
    view().select({ kind: 'savedCard', card: storedCard, provider: CARDS });
    view().continueWithChoice();
    await waitFor(actor, at('redirecting'));
    expect(JSON.parse(storage.getItem(PENDING_PAYMENT_KEY) ?? '{}')).toMatchObject({ kind: 'authentication', giftId: GIFT, licenceId: '102' });
  });

  it('PAYMENT_AUTHORIZATION: a succeeded gift payment navigates (replace) to GIFT in the route set, not the plan confirmation', async () => {
    const find = fakeActor<{ paymentId: string }, PaidItem | null>(() => ({ ...giftPaid }));
    const { actor, view, navigation, storage } = run({
      storage: pendingStorage(GIFT),
      actors: { findPayment: find.logic },
      input: { locale: 'es', start: { kind: 'authorization', paymentId: 'pay_1' } },
    });
    await waitFor(actor, at('complete'));
    const giftPage = buildPath('GIFT', { giftId: GIFT }, 'es');
    expect(giftPage).toBe(`/regalo/${GIFT}`);
    expect(navigation.calls).toEqual([{ type: 'navigate', path: giftPage, replace: true }]);
    expect(view()).toMatchObject({ complete: true, giftId: GIFT, destination: giftPage });
    expect(storage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it("the history item's gift decides it even when the tab kept no gift id", async () => {
    const find = fakeActor<{ paymentId: string }, PaidItem | null>(() => ({ ...giftPaid }));
    const { actor, view, navigation } = run({ storage: pendingStorage(null), actors: { findPayment: find.logic }, input: { start: { kind: 'authorization', paymentId: 'pay_1' } } });
    await waitFor(actor, at('complete'));
    expect(navigation.calls).toEqual([{ type: 'navigate', path: `/gift/${GIFT}`, replace: true }]);
    expect(view().destination).toBe(`/gift/${GIFT}`);
  });

  it("a plan's payment stays on the confirmation (no navigation, no destination)", async () => {
    const find = fakeActor<{ paymentId: string }, PaidItem | null>(() => ({ licenceName: 'Sports Premium', paid: null, status: 'succeeded' }));
    const { actor, view, navigation } = run({ storage: pendingStorage(null), actors: { findPayment: find.logic }, input: { start: { kind: 'authorization', paymentId: 'pay_1' } } });
    await waitFor(actor, at('complete'));
    expect(navigation.calls).toEqual([]);
    expect(view()).toMatchObject({ complete: true, destination: null, giftId: null });
  });

  it('a failed challenge of a gift is a problem that keeps the gift (the way back is its checkout), without navigating', async () => {
    const find = fakeActor<{ paymentId: string }, PaidItem | null>(() => ({ ...giftPaid, status: 'failed' }));
    const { actor, view, navigation, storage } = run({ storage: pendingStorage(GIFT), actors: { findPayment: find.logic }, input: { start: { kind: 'authorization', paymentId: 'pay_1' } } });
    await waitFor(actor, at('problem'));
    expect(view()).toMatchObject({ status: 'problem', problem: 'paymentCardError', giftId: GIFT, destination: null });
    expect(navigation.calls).toEqual([]);
    expect(storage.getItem(PENDING_PAYMENT_KEY)).not.toBeNull();
  });

  it('PAY (a redirecting provider): the gift from the pending checkout, paid, ends on GIFT', async () => {
    const query = { targetPaymentProvider: 'PAYPAL', paymentProviderId: 'PAYPAL', paymentMethodType: 'PAYPAL', paymentDetailsExid: 'pd_pp', redirectStatus: 'succeeded' };
    const validate = fakeActor<unknown, PaymentDetails>(() => ({ paymentDetailsExid: 'pd_pp', targetPaymentProvider: 'PAYPAL' }));
    const pay = fakeActor<PayActorInput, PayResultLike>(() => ({ status: 'SUCCEEDED', paymentId: 'pay_1' }));
    const find = fakeActor<{ paymentId: string }, PaidItem | null>(() => ({ ...giftPaid }));
    const { actor, navigation } = run({
      storage: pendingStorage(GIFT, 'provider'),
      actors: { validateReturn: validate.logic, pay: pay.logic, findPayment: find.logic },
      input: { start: { kind: 'providerReturn', query } },
    });
    await waitFor(actor, at('complete'));
    expect(pay.calls[0]).toMatchObject({ idempotencyKey: 'k1' });
    expect(navigation.calls).toEqual([{ type: 'navigate', path: `/gift/${GIFT}`, replace: true }]);
  });

  it("a gift paid at the checkout itself does not navigate: the journey shows the gift's confirmation", async () => {
    const load = fakeActor<unknown, CheckoutLoad>(() => ({ basket, licenceName: 'Sports Premium', cards: [storedCard], providers: [CARDS] }));
    const pay = fakeActor<PayActorInput, PayResultLike>(() => ({ status: 'SUCCEEDED', paymentId: 'p1' }));
    const { actor, view, navigation } = run({
      actors: { loadCheckout: load.logic, pay: pay.logic },
      input: { start: { kind: 'checkout', licenceId: '102', giftId: GIFT } },
    });
    await waitFor(actor, at('idle'));
    view().select({ kind: 'savedCard', card: storedCard, provider: CARDS });
    view().continueWithChoice();
    await waitFor(actor, at('complete'));
    expect(navigation.calls).toEqual([]);
    expect(view()).toMatchObject({ giftId: GIFT, destination: null });
  });
});
