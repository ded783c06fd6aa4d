/**
 * The payment machine's I/O on each page that runs it (the checkout's payment step, PAY,
 * PAYMENT_AUTHORIZATION), with fake actors (`.provide()`), an in-memory tab storage and a
 * recording navigation. commerce-and-account-data.md §2, §3, §4, §5, §7, §8.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorLogic } from 'xstate';
import type { Basket, Card, PaymentDetails, PaymentProvider } from '../../contracts/baskets.js';
import type { CardTokenRequest } from '../../contracts/checkout.js';
import { ApiError } from '../../api/errors.js';
import { encodePendingPayment, PENDING_PAYMENT_KEY, type PaidItem } from '../../domain/index.js';
import { fixedClock, memoryNavigation, memoryStorage } from '../../platform/index.js';
import {
  connectPayment,
  paymentMachine,
  type BillingForm,
  type CheckoutLoad,
  type PayActorInput,
  type PaymentInput,
  type PaymentJourneyEvent,
  type PayResultLike,
  type PaymentSnapshot,
} from '../index.js';
import { paymentActors } from './payment.actors.js';
import { fakeActor, keySequence as keys, paymentAt as at, paymentFlowOf as flowOf } from '../test-helpers.js';

const NOW = Date.UTC(2026, 0, 15, 12);

const provider = (paymentProviderId: string, providerType: string, paymentMethodType: string, hasVouchers = false): PaymentProvider => ({
  paymentProviderId,
  providerType,
  paymentMethodType,
  hasVouchers,
});
const CARDS = provider('CARDS', 'CARDS', 'CARD', true);
const PAYPAL = provider('PAYPAL', 'PAYPAL', 'PAYPAL');
const IDEAL = provider('IDEAL', 'IDEAL', 'IDEAL');
const KLARNA = provider('KLARNA', 'KLARNA', 'KLARNA');

const basket = (total: number, vouchers: { name: string }[] = []): Basket =>
  ({ basketItems: [{ sku: '102' }], amounts: { total, subTotal: 1299, scale: 2, currency: 'GBP', vouchers } }) as unknown as Basket;

const storedCard: Card = { cardId: 'pd_saved', last4Digits: '4242', cardType: 'VISA' };

const declined = new ApiError({ call: 'baskets.payCurrent', status: 402, code: 'card_declined', messages: ['Your card was declined.'], requestId: 'r' });
const missing = new ApiError({
  call: 'baskets.payCurrent',
  status: 424,
  code: 'BASKET_REQUIREMENTS_FAILED',
  messages: [],
  requestId: 'r',
  details: { missingFields: ['postalCode'] },
});
const notFound = new ApiError({ call: 'vouchers.add', status: 404, code: 'NOT_FOUND', messages: [], requestId: 'r' });

/** Pay answers in order (an `{ reject }` rejects), recording every attempt. */
const payAnswers = (answers: Array<PayResultLike | { reject: unknown }>) =>
  fakeActor<PayActorInput, PayResultLike>((_, n) => {
    const answer = answers[Math.min(n - 1, answers.length - 1)] ?? {};
    if ('reject' in answer) throw answer.reject;
    return answer;
  });

const defaultLoad = (): CheckoutLoad => ({ basket: basket(1299), licenceName: 'Sports Premium', cards: [storedCard], providers: [KLARNA, PAYPAL, CARDS, IDEAL] });

/** Runs the machine with these fake actors and input; the connected view, the journey's events, the storage and the navigation. */
function run(options: { actors?: Record<string, AnyActorLogic>; input?: Partial<PaymentInput>; storage?: ReturnType<typeof memoryStorage> } = {}) {
  const storage = options.storage ?? memoryStorage();
  const navigation = memoryNavigation('/purchase?licenceId=102');
  const journey: PaymentJourneyEvent[] = [];
  const machine = paymentMachine.provide({ actors: options.actors ?? {} } as Parameters<typeof paymentMachine.provide>[0]);
  const actor = createActor(machine, {
    input: {
      start: { kind: 'checkout', licenceId: '102', consent: [{ fieldName: 'terms', answer: true }], from: '/video/a' },
      createKey: keys(),
      storage,
      navigation,
      clock: fixedClock(NOW),
      origin: 'https://app.example',
      locale: 'en',
      journey: { send: (event) => journey.push(event) },
      ...options.input,
    },
  }).start();
  const view = () => connectPayment(actor.getSnapshot(), actor.send);
  return { actor, view, journey, storage, navigation };
}

/** A checkout loaded with {@link defaultLoad} (or `load`), paying with `pay`. */
async function loadedCheckout(actors: Record<string, AnyActorLogic> = {}, load: CheckoutLoad = defaultLoad()) {
  const loader = fakeActor<{ licenceId: string }, CheckoutLoad>(() => load);
  const started = run({ actors: { loadCheckout: loader.logic, ...actors } });
  await waitFor(started.actor, at('idle'));
  return { ...started, loader };
}

describe('payment: the checkout loads its order, providers and stored cards', () => {
  it('puts the licence in the basket and offers the known providers with the card provider chosen', async () => {
    const { view, loader } = await loadedCheckout();
    expect(loader.calls).toEqual([expect.objectContaining({ licenceId: '102' })]);
    expect(view()).toMatchObject({
      status: 'ready',
      licenceName: 'Sports Premium',
      total: { amount: 1299, scale: 2, currency: 'GBP' },
      zeroBalance: false,
      providersStatus: 'ready',
      cards: [storedCard],
      choice: { kind: 'provider', provider: CARDS },
      providerId: 'CARDS',
      vouchers: true,
    });
    // KLARNA has no label: not offered.
    expect(view().offered.map((p) => p.paymentProviderId)).toEqual(['PAYPAL', 'CARDS', 'IDEAL']);
  });

  it("a gift's checkout loads the gift's basket (gifts.basket), not the licence's", async () => {
    const loader = fakeActor<{ licenceId: string; giftId?: string | null }, CheckoutLoad>(() => defaultLoad());
    const { actor } = run({
      actors: { loadCheckout: loader.logic },
      input: { start: { kind: 'checkout', licenceId: '102', giftId: 'a0a0a0a0-0000-4000-8000-000000000001' } },
    });
    await waitFor(actor, at('idle'));
    expect(loader.calls).toEqual([expect.objectContaining({ licenceId: '102', giftId: 'a0a0a0a0-0000-4000-8000-000000000001' })]);
    expect(actor.getSnapshot().context.giftId).toBe('a0a0a0a0-0000-4000-8000-000000000001');
  });

  it('the default loader puts the gift in the basket through api.gifts.basket, and a licence through api.baskets.put', async () => {
    const log: string[] = [];
    const api = {
      gifts: { basket: async ({ params }: { params: { giftId: string } }) => (log.push(`gift ${params.giftId}`), basket(3897)) },
      baskets: { put: async ({ params }: { params: { id: string } }) => (log.push(`licence ${params.id}`), basket(1299)) },
      licences: { list: async () => ({ licences: [{ id: '102', name: 'Sports Premium' }] }) },
      cards: { list: async () => ({ cards: [] }) },
      payments: { providers: async () => ({ providers: [CARDS] }) },
    };
    const load = (giftId: string | null) =>
      new Promise<CheckoutLoad>((resolve, reject) => {
        const actor = createActor(paymentActors.loadCheckout, { input: { api: api as never, licenceId: '102', giftId } });
        actor.subscribe({ complete: () => resolve(actor.getSnapshot().output!), error: reject });
        actor.start();
      });
    expect((await load('g-1')).basket.amounts.total).toBe(3897);
    expect((await load(null)).basket.amounts.total).toBe(1299);
    expect(log).toEqual(['gift g-1', 'licence 102']);
  });

  it("a gift draft's checkout creates the gift once: the load's gift id is kept, and a retry loads that gift's basket", async () => {
    const draft = { licenceId: '102', months: 3 as const, recipientName: 'Ana', recipientEmail: 'ana@example.com', deliveryDate: '2030-01-01' };
    const loader = fakeActor<{ licenceId: string; giftId?: string | null; gift?: unknown }, CheckoutLoad>((_, n) => {
      if (n === 1) return { ...defaultLoad(), giftId: 'a0a0a0a0-0000-4000-8000-000000000002' };
      return defaultLoad();
    });
    const { actor, view } = run({ actors: { loadCheckout: loader.logic }, input: { start: { kind: 'checkout', licenceId: '102', gift: draft } } });
    await waitFor(actor, at('idle'));
    expect(loader.calls[0]).toEqual(expect.objectContaining({ giftId: null, gift: draft }));
    expect(view().giftId).toBe('a0a0a0a0-0000-4000-8000-000000000002');
    expect(actor.getSnapshot().context.giftDraft).toBeNull();
  });

  it('the default loader creates a draft gift through api.gifts.create and answers its id', async () => {
    const log: string[] = [];
    const api = {
      gifts: {
        create: async ({ body }: { body: { recipientName: string } }) => (
          log.push(`create ${body.recipientName}`), { gift: { giftId: 'g-9' }, basket: basket(3897) }
        ),
      },
      baskets: { put: async () => (log.push('licence'), basket(1299)) },
      licences: { list: async () => ({ licences: [{ id: '102', name: 'Sports Premium' }] }) },
      cards: { list: async () => ({ cards: [] }) },
      payments: { providers: async () => ({ providers: [CARDS] }) },
    };
    const gift = { licenceId: '102', months: 1 as const, recipientName: 'Ana', recipientEmail: 'ana@example.com', deliveryDate: '2030-01-01' };
    const output = await new Promise<CheckoutLoad>((resolve, reject) => {
      const actor = createActor(paymentActors.loadCheckout, { input: { api: api as never, licenceId: '102', giftId: null, gift } });
      actor.subscribe({ complete: () => resolve(actor.getSnapshot().output!), error: reject });
      actor.start();
    });
    expect(output.giftId).toBe('g-9');
    expect(output.basket.amounts.total).toBe(3897);
    expect(log).toEqual(['create Ana']);
  });

  it('a failed load shows loadFailed; retry loads again', async () => {
    const loader = fakeActor<unknown, CheckoutLoad>((_, n) => {
      if (n === 1) throw new Error('offline');
      return defaultLoad();
    });
    const { actor, view } = run({ actors: { loadCheckout: loader.logic } });
    expect(view().status).toBe('loading');
    await waitFor(actor, at('loadFailed'));
    expect(view().status).toBe('loadFailed');
    view().retry();
    await waitFor(actor, at('idle'));
    expect(loader.calls).toHaveLength(2);
  });

  it('providers that failed to load are offered again by retryProviders', async () => {
    const providers = fakeActor<unknown, PaymentProvider[]>(() => [PAYPAL, IDEAL]);
    const { actor, view } = await loadedCheckout({ loadProviders: providers.logic }, { ...defaultLoad(), providers: null });
    expect(view()).toMatchObject({ providersStatus: 'failed', choice: null });
    view().retryProviders();
    expect(view().providersStatus).toBe('loading');
    await waitFor(actor, at('idle'));
    expect(view()).toMatchObject({ providersStatus: 'ready', choice: { kind: 'provider', provider: PAYPAL } });
  });

  it('a voucher that makes the total zero makes a zero balance, paid with ZERO_BALANCE', async () => {
    const pay = payAnswers([{ status: 'SUCCEEDED', paymentId: 'p1' }]);
    const { actor, view, journey } = await loadedCheckout({ pay: pay.logic }, { ...defaultLoad(), basket: basket(0) });
    expect(view().zeroBalance).toBe(true);
    view().confirmZeroBalance();
    await waitFor(actor, at('complete'));
    expect(pay.calls[0]).toMatchObject({ zeroBalance: true, consent: [{ fieldName: 'terms', answer: true }] });
    expect(journey).toEqual([{ type: 'payment.done', completion: { licenceName: 'Sports Premium', paid: { amount: 0, scale: 2, currency: 'GBP' }, status: 'succeeded' } }]);
  });
});

describe('payment: the payment page choice', () => {
  it('a stored card pays at once with its details; a provider goes to its journey step', async () => {
    const pay = payAnswers([{ reject: declined }]);
    const { actor, view, journey } = await loadedCheckout({ pay: pay.logic });
    view().select({ kind: 'provider', provider: PAYPAL });
    expect(view()).toMatchObject({ providerId: 'PAYPAL', vouchers: false });
    view().continueWithChoice();
    expect(journey).toEqual([{ type: 'payment.method', kind: 'paypal' }]);
    view().select({ kind: 'provider', provider: IDEAL });
    view().continueWithChoice();
    expect(journey.at(-1)).toEqual({ type: 'payment.method', kind: 'new' });

    view().select({ kind: 'savedCard', card: storedCard, provider: CARDS });
    view().continueWithChoice();
    await waitFor(actor, at('error'));
    expect(pay.calls[0]).toMatchObject({
      details: { paymentDetailsExid: 'pd_saved', targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' },
      idempotencyKey: 'k1',
      consent: [{ fieldName: 'terms', answer: true }],
    });
    expect(view()).toMatchObject({ error: 'Your card was declined.', failures: 1 });
  });

  it('keeps the key for a retry with the same method and takes a new one for another method', async () => {
    const pay = payAnswers([{ reject: declined }, { reject: declined }, { reject: declined }]);
    const { actor, view } = await loadedCheckout({ pay: pay.logic });
    view().select({ kind: 'savedCard', card: storedCard, provider: CARDS });
    view().continueWithChoice();
    await waitFor(actor, (s) => at('error')(s) && pay.calls.length === 1);
    view().continueWithChoice();
    await waitFor(actor, (s) => at('error')(s) && pay.calls.length === 2);
    view().select({ kind: 'savedCard', card: { ...storedCard, cardId: 'pd_other' }, provider: CARDS });
    view().continueWithChoice();
    await waitFor(actor, (s) => at('error')(s) && pay.calls.length === 3);
    expect(pay.calls.map((c) => c.idempotencyKey)).toEqual(['k1', 'k1', 'k2']);
    expect(view().failures).toBe(3);
  });
});

describe('payment: the card form', () => {
  const typed: CardTokenRequest = { number: '4000000000000002', expMonth: 12, expYear: 2034, cvc: '123' };
  const prepared = { paymentDetailsExid: 'pd_new', targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' };

  it('prepares the card once, pays with it, reuses it for a retry and prepares it again after an edit (new key)', async () => {
    const prepare = fakeActor<{ card: CardTokenRequest }, typeof prepared>((_, n) => ({ ...prepared, paymentDetailsExid: `pd_new${n}` }));
    const pay = payAnswers([{ reject: declined }, { reject: declined }, { status: 'SUCCEEDED', paymentId: 'p1' }]);
    const { actor, view } = await loadedCheckout({ prepareCard: prepare.logic, pay: pay.logic });
    view().submitCard(typed);
    expect(view().busy).toBe(true);
    await waitFor(actor, (s) => at('error')(s) && pay.calls.length === 1);
    expect(prepare.calls.map((c) => c.card)).toEqual([typed]);
    // The card itself is never kept by the machine.
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('4000000000000002');

    view().submitCard(typed);
    await waitFor(actor, (s) => at('error')(s) && pay.calls.length === 2);
    expect(prepare.calls).toHaveLength(1);
    view().cardEdited();
    view().cardEdited();
    view().submitCard({ ...typed, number: '4242424242424242' });
    await waitFor(actor, at('complete'));
    expect(prepare.calls).toHaveLength(2);
    expect(pay.calls.map((c) => [c.details.paymentDetailsExid, c.idempotencyKey])).toEqual([
      ['pd_new1', 'k1'],
      ['pd_new1', 'k1'],
      ['pd_new2', 'k2'],
    ]);
  });

  it('a card the processor refuses shows its message; nothing is paid', async () => {
    const refused = new ApiError({ call: 'processor.tokens', status: 402, code: 'incorrect_number', messages: ['Your card number is incorrect.'], requestId: undefined });
    const prepare = fakeActor<unknown, never>(() => {
      throw refused;
    });
    const pay = payAnswers([{ status: 'SUCCEEDED' }]);
    const { actor, view } = await loadedCheckout({ prepareCard: prepare.logic, pay: pay.logic });
    view().submitCard(typed);
    await waitFor(actor, at('error'));
    expect(view()).toMatchObject({ error: 'Your card number is incorrect.', failures: 1, busy: false });
    expect(pay.calls).toHaveLength(0);
  });

  it('the default prepareCard sends the card to the processor and only its token to the platform', async () => {
    const inits: unknown[] = [];
    const tokenised: CardTokenRequest[] = [];
    const api = (await import('../test-helpers.js')).fakeApi({
      paymentMethods: {
        init: async (input) => {
          inits.push(input);
          return { paymentDetailsExid: 'pd_9', targetPaymentProvider: '' } as PaymentDetails;
        },
      },
    });
    const pay = payAnswers([{ status: 'SUCCEEDED' }]);
    const loader = fakeActor<unknown, CheckoutLoad>(() => defaultLoad());
    const { actor, view } = run({
      actors: { loadCheckout: loader.logic, pay: pay.logic },
      input: { api, processor: { tokenize: async (card) => (tokenised.push(card), { token: 'tok_1' }) } },
    });
    await waitFor(actor, at('idle'));
    view().submitCard(typed);
    await waitFor(actor, at('complete'));
    expect(tokenised).toEqual([typed]);
    expect(inits).toEqual([{ body: { primaryPaymentDetails: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token: 'tok_1' } } }]);
    expect(JSON.stringify(inits)).not.toContain('4000');
    expect(pay.calls[0]?.details).toEqual({ paymentDetailsExid: 'pd_9', targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' });
  });
});

describe('payment: a redirecting provider', () => {
  it('initialises the method with the way back, keeps the checkout in the tab and leaves; Back makes the page usable again', async () => {
    const init = fakeActor<{ provider: PaymentProvider; origin: string; locale: string }, PaymentDetails>(() => ({
      paymentDetailsExid: 'pd_pp',
      targetPaymentProvider: 'PAYPAL',
      redirectUrl: 'https://paypal.example/approve?token=x',
    }));
    const { actor, view, storage, navigation } = await loadedCheckout({ initProvider: init.logic });
    view().select({ kind: 'provider', provider: PAYPAL });
    view().continueToProvider();
    expect(view().busy).toBe(true);
    await waitFor(actor, at('leaving'));
    expect(init.calls[0]).toMatchObject({ provider: PAYPAL, origin: 'https://app.example', locale: 'en' });
    expect(navigation.calls).toEqual([{ type: 'assign', url: 'https://paypal.example/approve?token=x' }]);
    // A new method: a new key, kept for the payment after the approval.
    expect(JSON.parse(storage.getItem(PENDING_PAYMENT_KEY) ?? '{}')).toEqual({
      licenceId: '102',
      consent: [{ fieldName: 'terms', answer: true }],
      idempotencyKey: 'k2',
      from: '/video/a',
      kind: 'provider',
      savedAt: NOW,
    });
    expect(view()).toMatchObject({ leaving: true, busy: true });
    view().pageRestored();
    expect(view()).toMatchObject({ leaving: false, busy: false, canPay: true });
  });

  it('the default initProvider asks for the way back to the PAY route of the provider', async () => {
    const inits: unknown[] = [];
    const api = (await import('../test-helpers.js')).fakeApi({
      paymentMethods: { init: async (input) => (inits.push(input), { paymentDetailsExid: 'pd_pp', targetPaymentProvider: 'PAYPAL', redirectUrl: 'https://paypal.example/a' }) },
    });
    const loader = fakeActor<unknown, CheckoutLoad>(() => defaultLoad());
    const { actor, view } = run({ actors: { loadCheckout: loader.logic }, input: { api, locale: 'es' } });
    await waitFor(actor, at('idle'));
    view().select({ kind: 'provider', provider: PAYPAL });
    view().continueToProvider();
    await waitFor(actor, at('leaving'));
    expect(inits).toEqual([
      { body: { primaryPaymentDetails: { targetPaymentProvider: 'PAYPAL', paymentMethodType: 'PAYPAL', returnUrl: expect.stringMatching(/^https:\/\/app\.example\/.+\/PAYPAL$/) } }, headers: {} },
    ]);
  });

  it('with nothing to approve (or an address the browser must not go to) it pays at once', async () => {
    const init = fakeActor<unknown, PaymentDetails>(() => ({ paymentDetailsExid: 'pd_i', targetPaymentProvider: '', redirectUrl: 'javascript:alert(1)' }));
    const pay = payAnswers([{ status: 'SUCCEEDED', paymentId: 'p1' }]);
    const { actor, view, navigation } = await loadedCheckout({ initProvider: init.logic, pay: pay.logic });
    view().select({ kind: 'provider', provider: IDEAL });
    view().continueToProvider();
    await waitFor(actor, at('complete'));
    expect(navigation.calls).toEqual([]);
    expect(pay.calls[0]?.details).toEqual({ paymentDetailsExid: 'pd_i', targetPaymentProvider: 'IDEAL', paymentMethodType: 'IDEAL' });
  });

  it('a failed init shows the message and stays', async () => {
    const init = fakeActor<unknown, never>(() => {
      throw new ApiError({ call: 'paymentMethods.init', status: 400, code: 'BAD_REQUEST', messages: [], requestId: 'r' });
    });
    const { actor, view, navigation } = await loadedCheckout({ initProvider: init.logic });
    view().select({ kind: 'provider', provider: PAYPAL });
    view().continueToProvider();
    await waitFor(actor, at('error'));
    expect(view()).toMatchObject({ error: 'paymentError', busy: false });
    expect(navigation.calls).toEqual([]);
  });
});

describe('payment: the 3-D Secure challenge', () => {
  it('keeps the checkout with the key of the attempt and goes to the challenge with the way back; Back reloads', async () => {
    const pay = payAnswers([{ status: 'REQUIRES_ACTION', paymentId: 'p1', redirectUrl: 'https://bank.example/3ds?s=1' }]);
    const { actor, view, storage, navigation } = await loadedCheckout({ pay: pay.logic });
    view().select({ kind: 'savedCard', card: storedCard, provider: CARDS });
    view().continueWithChoice();
    await waitFor(actor, at('redirecting'));
    expect(JSON.parse(storage.getItem(PENDING_PAYMENT_KEY) ?? '{}')).toMatchObject({ idempotencyKey: 'k1', kind: 'authentication', licenceId: '102' });
    expect(actor.getSnapshot().context.idempotencyKey).toBe('k2');
    expect(navigation.calls).toEqual([
      { type: 'assign', url: 'https://bank.example/3ds?s=1&returnUrl=https%3A%2F%2Fapp.example%2Fpayment-authorization' },
    ]);
    expect(view()).toMatchObject({ busy: true, canPay: false });
    view().pageRestored();
    expect(navigation.calls.at(-1)).toEqual({ type: 'reload' });
  });

  it('refuses a challenge address that is not http(s): an error, nothing stored, nowhere to go', async () => {
    const pay = payAnswers([{ status: 'REQUIRES_ACTION', redirectUrl: 'javascript:alert(1)' }]);
    const { actor, view, storage, navigation } = await loadedCheckout({ pay: pay.logic });
    view().select({ kind: 'savedCard', card: storedCard, provider: CARDS });
    view().continueWithChoice();
    await waitFor(actor, at('error'));
    expect(view().error).toBe('anErrorOccured');
    expect(navigation.calls).toEqual([]);
    expect(storage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });
});

describe('payment: billing details after a 424', () => {
  const form: BillingForm = { context: { country: 'GB' } as BillingForm['context'], countries: [{ iso3166alpha2: 'GB', name: 'United Kingdom' }] };

  it("loads the form's data, keeps the form on screen while paying again, and drops it after", async () => {
    const loadForm = fakeActor<unknown, BillingForm>(() => form);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pay = fakeActor<PayActorInput, PayResultLike>(async (_, n) => {
      if (n === 1) throw missing;
      await held;
      throw declined;
    });
    const { actor, view } = await loadedCheckout({ pay: pay.logic, loadBillingForm: loadForm.logic });
    view().select({ kind: 'savedCard', card: storedCard, provider: CARDS });
    view().continueWithChoice();
    await waitFor(actor, (s) => connectPayment(s, actor.send).billingForm.status === 'ready');
    expect(view()).toMatchObject({ billingDetailsRequired: true, billingFields: ['postalCode'], billingForm: { data: form } });
    view().submitBillingDetails({ postalCode: 'SW1A 1AA' });
    expect(view()).toMatchObject({ processing: true, billingDetailsRequired: false, billingFields: ['postalCode'] });
    release();
    await waitFor(actor, at('error'));
    expect(view().billingFields).toBeNull();
    expect(pay.calls[1]).toMatchObject({ idempotencyKey: 'k1', billingDetails: { postalCode: 'SW1A 1AA' } });
    // A second 424 shows the form at once: its data is known.
    expect(loadForm.calls).toHaveLength(1);
  });

  it("a form that cannot load offers retry and a way out", async () => {
    const loadForm = fakeActor<unknown, BillingForm>((_, n) => {
      if (n === 1) throw new Error('offline');
      return form;
    });
    const pay = payAnswers([{ reject: missing }]);
    const { actor, view } = await loadedCheckout({ pay: pay.logic, loadBillingForm: loadForm.logic });
    view().select({ kind: 'savedCard', card: storedCard, provider: CARDS });
    view().continueWithChoice();
    await waitFor(actor, (s) => connectPayment(s, actor.send).billingForm.status === 'failed');
    view().retryBillingForm();
    await waitFor(actor, (s) => connectPayment(s, actor.send).billingForm.status === 'ready');
    view().unsetBillingDetails();
    expect(view()).toMatchObject({ billingFields: null, canPay: true, billingDetailsRequired: false });
  });
});

describe('payment: vouchers', () => {
  it('checks the code, applies it (new basket, new key), says a 404 is not valid, removes it', async () => {
    const add = fakeActor<{ code: string }, Basket>((input) => {
      if (input.code === 'NOSUCH') throw notFound;
      return basket(649, [{ name: input.code }]);
    });
    const remove = fakeActor<{ code: string }, Basket>(() => basket(1299));
    const { actor, view } = await loadedCheckout({ addVoucher: add.logic, removeVoucher: remove.logic });
    view().addVoucher('   ');
    expect(view().voucher).toMatchObject({ error: 'voucherCodeEmpty', outcome: { kind: 'refused', seq: 1 } });
    view().editVoucher();
    expect(view().voucher.error).toBeNull();

    view().addVoucher(' NOSUCH ');
    expect(view().voucher.busy).toEqual({ kind: 'add' });
    await waitFor(actor, (s) => s.matches({ voucher: 'idle' }));
    expect(add.calls[0]?.code).toBe('NOSUCH');
    expect(view().voucher).toMatchObject({ error: 'voucherNotValid', outcome: { kind: 'failed', seq: 2 } });
    expect(view().idempotencyKey).toBe('k1');

    view().addVoucher('HALF');
    await waitFor(actor, (s) => s.matches({ voucher: 'idle' }) && add.calls.length === 2);
    expect(view()).toMatchObject({ total: { amount: 649 }, idempotencyKey: 'k2' });
    expect(view().voucher).toMatchObject({ error: null, notice: { key: 'voucherApplied', code: 'HALF' }, outcome: { kind: 'applied', seq: 3 } });

    view().removeVoucher('HALF');
    expect(view().voucher.busy).toEqual({ kind: 'remove', code: 'HALF' });
    await waitFor(actor, (s) => s.matches({ voucher: 'idle' }) && remove.calls.length === 1);
    expect(view()).toMatchObject({ total: { amount: 1299 }, idempotencyKey: 'k3' });
    expect(view().voucher.notice).toEqual({ key: 'voucherRemoved', code: 'HALF' });
  });

  it('leaves the basket alone while a payment runs', async () => {
    const add = fakeActor<{ code: string }, Basket>(() => basket(0));
    let release: () => void = () => undefined;
    const pay = fakeActor<PayActorInput, PayResultLike>(() => new Promise((resolve) => (release = () => resolve({ status: 'SUCCEEDED' }))));
    const { actor, view } = await loadedCheckout({ addVoucher: add.logic, pay: pay.logic });
    view().select({ kind: 'savedCard', card: storedCard, provider: CARDS });
    view().continueWithChoice();
    view().addVoucher('FREE100');
    expect(add.calls).toHaveLength(0);
    await waitFor(actor, () => pay.calls.length === 1);
    release();
    await waitFor(actor, at('complete'));
    expect(add.calls).toHaveLength(0);
  });
});

describe('payment: PAY (back from a redirecting provider)', () => {
  const query = { targetPaymentProvider: 'PAYPAL', paymentProviderId: 'PAYPAL', paymentMethodType: 'PAYPAL', paymentDetailsExid: 'pd_pp', redirectStatus: 'succeeded' };
  const pendingStorage = () => {
    const storage = memoryStorage();
    storage.setItem(
      PENDING_PAYMENT_KEY,
      encodePendingPayment({ licenceId: '102', consent: [{ fieldName: 'terms', answer: true }], idempotencyKey: 'pending-key', from: '/video/a', kind: 'provider' }, NOW - 1000),
    );
    return storage;
  };
  const paid: PaidItem = { licenceName: 'Sports Premium', paid: { amount: 1299, scale: 2, currency: 'GBP' }, status: 'succeeded' };

  it("validates the method, pays with the pending checkout's key and consent, and confirms from the history", async () => {
    const validate = fakeActor<{ back: typeof query }, PaymentDetails>(() => ({ paymentDetailsExid: 'pd_pp', targetPaymentProvider: 'PAYPAL' }));
    const pay = payAnswers([{ status: 'SUCCEEDED', paymentId: 'pay_1' }]);
    const find = fakeActor<{ paymentId: string }, PaidItem | null>(() => paid);
    const storage = pendingStorage();
    const { actor, view } = run({
      storage,
      actors: { validateReturn: validate.logic, pay: pay.logic, findPayment: find.logic },
      input: { start: { kind: 'providerReturn', query } },
    });
    expect(view().status).toBe('loading');
    await waitFor(actor, at('complete'));
    expect(validate.calls[0]?.back).toEqual(query);
    expect(pay.calls[0]).toMatchObject({
      item: '102',
      idempotencyKey: 'pending-key',
      consent: [{ fieldName: 'terms', answer: true }],
      details: { paymentDetailsExid: 'pd_pp', targetPaymentProvider: 'PAYPAL', paymentMethodType: 'PAYPAL' },
    });
    expect(find.calls[0]?.paymentId).toBe('pay_1');
    expect(view()).toMatchObject({ complete: true, paid, from: '/video/a' });
    expect(storage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it('a declined approval is a problem (after validating); a validate failure shows its message', async () => {
    const validate = fakeActor<unknown, PaymentDetails>(() => ({ paymentDetailsExid: 'pd_pp', targetPaymentProvider: 'PAYPAL' }));
    const pay = payAnswers([{ status: 'SUCCEEDED' }]);
    const declinedRun = run({
      storage: pendingStorage(),
      actors: { validateReturn: validate.logic, pay: pay.logic },
      input: { start: { kind: 'providerReturn', query: { ...query, redirectStatus: 'failed' } } },
    });
    await waitFor(declinedRun.actor, at('problem'));
    expect(declinedRun.view()).toMatchObject({ status: 'problem', problem: 'paymentError' });
    expect(validate.calls).toHaveLength(1);
    expect(pay.calls).toHaveLength(0);
    expect(declinedRun.storage.getItem(PENDING_PAYMENT_KEY)).not.toBeNull();

    const failing = fakeActor<unknown, never>(() => {
      throw new ApiError({ call: 'paymentMethods.validate', status: 400, code: 'x', messages: ['The payer declined the payment at the provider.'], requestId: 'r' });
    });
    const failed = run({ storage: pendingStorage(), actors: { validateReturn: failing.logic }, input: { start: { kind: 'providerReturn', query } } });
    await waitFor(failed.actor, at('problem'));
    expect(failed.view().problem).toBe('The payer declined the payment at the provider.');
  });

  it('without a pending checkout or the parameters there is nothing to confirm', () => {
    const noPending = run({ input: { start: { kind: 'providerReturn', query } } });
    expect(noPending.view()).toMatchObject({ status: 'problem', problem: 'paymentNothingToConfirm', item: '' });
    const noQuery = run({ storage: pendingStorage(), input: { start: { kind: 'providerReturn', query: null } } });
    expect(noQuery.view()).toMatchObject({ status: 'problem', problem: 'paymentNothingToConfirm', item: '102', from: '/video/a' });
  });

  it('a declined free-trial offer ends as cancelled', async () => {
    const validate = fakeActor<unknown, PaymentDetails>(() => ({ paymentDetailsExid: 'pd_pp', targetPaymentProvider: 'PAYPAL' }));
    const pay = payAnswers([{ reject: new ApiError({ call: 'baskets.payCurrent', status: 409, code: 'CONFLICT', messages: ['freeTrialDenied'], requestId: 'r' }) }]);
    const { actor, view } = run({ storage: pendingStorage(), actors: { validateReturn: validate.logic, pay: pay.logic }, input: { start: { kind: 'providerReturn', query } } });
    await waitFor(actor, at('freeTrialDenied'));
    expect(view().cancelled).toBe(false);
    view().declineFreeTrial();
    expect(view().cancelled).toBe(true);
  });
});

describe('payment: PAYMENT_AUTHORIZATION (back from the challenge)', () => {
  const pendingStorage = () => {
    const storage = memoryStorage();
    storage.setItem(
      PENDING_PAYMENT_KEY,
      encodePendingPayment({ licenceId: '102', consent: [], idempotencyKey: 'k1', from: '/account', kind: 'authentication' }, NOW),
    );
    return storage;
  };

  it('a succeeded payment in the history completes and forgets the pending checkout', async () => {
    const paid: PaidItem = { licenceName: 'Sports Premium', paid: null, status: 'succeeded' };
    const find = fakeActor<{ paymentId: string }, PaidItem | null>(() => paid);
    const storage = pendingStorage();
    const { actor, view } = run({ storage, actors: { findPayment: find.logic }, input: { start: { kind: 'authorization', paymentId: ' pay_1 ' } } });
    await waitFor(actor, at('complete'));
    expect(find.calls[0]?.paymentId).toBe('pay_1');
    expect(view()).toMatchObject({ paid, from: '/account' });
    expect(storage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it('anything else is the failed authentication, the pending checkout kept for another try', async () => {
    for (const item of [{ licenceName: null, paid: null, status: 'failed' }, null]) {
      const find = fakeActor<unknown, PaidItem | null>(() => item);
      const storage = pendingStorage();
      const { actor, view } = run({ storage, actors: { findPayment: find.logic }, input: { start: { kind: 'authorization', paymentId: 'pay_1' } } });
      await waitFor(actor, at('problem'));
      expect(view()).toMatchObject({ problem: 'paymentCardError', item: '102' });
      expect(storage.getItem(PENDING_PAYMENT_KEY)).not.toBeNull();
    }
  });

  it('a history that cannot be read offers retry; no paymentId is nothing to confirm', async () => {
    const find = fakeActor<unknown, PaidItem | null>((_, n) => {
      if (n === 1) throw new Error('offline');
      return { licenceName: null, paid: null, status: 'succeeded' };
    });
    const { actor, view } = run({ storage: pendingStorage(), actors: { findPayment: find.logic }, input: { start: { kind: 'authorization', paymentId: 'pay_1' } } });
    await waitFor(actor, at('confirmFailed'));
    expect(view().status).toBe('confirmFailed');
    view().retry();
    await waitFor(actor, at('complete'));
    expect(run({ input: { start: { kind: 'authorization', paymentId: '  ' } } }).view()).toMatchObject({ problem: 'paymentNothingToConfirm' });
  });

  it('the default findPayment reads the payment history', async () => {
    const api = (await import('../test-helpers.js')).fakeApi({
      payments: {
        history: async () => ({
          items: [
            { id: 'pay_0', when: '2026-01-01T00:00:00Z', status: 'FAILED' },
            { id: 'pay_1', when: '2026-01-02T00:00:00Z', status: 'SUCCEEDED', skuLicence: { licenceName: 'Cinema' } },
          ],
        }),
      },
    });
    const { actor, view } = run({ storage: pendingStorage(), input: { api, start: { kind: 'authorization', paymentId: 'pay_1' } } });
    await waitFor(actor, at('complete'));
    expect(view().paid).toEqual({ licenceName: 'Cinema', paid: null, status: 'succeeded' });
  });
});
