/**
 * The payment machine's captcha flags (issue 18; commerce §3 app-state captcha flags, §8
 * `CAPTCHA_FAIL_ERROR` → `captchaFailed`; docs/api.md "Captcha"): a token goes with one call
 * only, and every retry (after a refusal, the 424 billing form, a declined card, the free-trial
 * choice, a provider left and come back from) needs a fresh solve; without one nothing is sent
 * and the view is prompted (never `captchaFailed`, which only a platform refusal shows).
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorLogic } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { PaymentDetails, PaymentProvider } from '../../contracts/baskets.js';
import type { PaymentDetailsLike } from '../../domain/index.js';
import { memoryNavigation } from '../../platform/index.js';
import { connectPayment, paymentMachine, type BillingForm, type PayActorInput, type PayResultLike } from '../index.js';
import type { InitProviderActorInput } from './payment.actors.js';
import { paymentApiFromClient } from './payment.client.js';
import { fakeActor, keySequence as keys, paymentAt as at, paymentFlowOf as flowOf } from '../test-helpers.js';

const card = { paymentDetailsExid: 'pd-1', targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' };
const refused = { status: 403, code: 'CAPTCHA_FAIL_ERROR', messages: ['captchaFailed'] };
const failure = (status: number, code: string, messages: string[], details?: Record<string, unknown>) =>
  new ApiError({ call: 'baskets.payCurrent', status, code, messages, requestId: 'r', ...(details ? { details } : {}) });
const declined = failure(402, 'card_declined', ['Your card was declined.']);
const missingFields = failure(424, 'BASKET_REQUIREMENTS_FAILED', [], { missingFields: ['postalCode'] });
const freeTrialDenied = failure(409, 'CONFLICT', ['freeTrialDenied']);
const PAYPAL: PaymentProvider = { paymentProviderId: 'PAYPAL', providerType: 'PAYPAL', paymentMethodType: 'PAYPAL', hasVouchers: false };

/** The pay call's answers in order (`{ reject }` rejects). */
const payAnswers = (answers: Array<PayResultLike | { reject: unknown }>) =>
  fakeActor<PayActorInput, PayResultLike>((_, call) => {
    const answer = answers[Math.min(call - 1, answers.length - 1)] ?? {};
    if ('reject' in answer) throw answer.reject;
    return answer;
  });

/** A payment ready to pay at once (no checkout load), with these fake actors. */
function start(answers: Array<PayResultLike | { reject: unknown }>, captchaRequired = true, actors: Record<string, AnyActorLogic> = {}) {
  const { calls, logic: pay } = payAnswers(answers);
  const navigation = memoryNavigation('/purchase?licenceId=lic-1');
  const machine = paymentMachine.provide({ actors: { pay, ...actors } } as Parameters<typeof paymentMachine.provide>[0]);
  const actor = createActor(machine, {
    input: { item: 'lic-1', providers: [], createKey: keys(), captchaRequired, navigation, origin: 'https://app.example' },
  }).start();
  const view = () => connectPayment(actor.getSnapshot(), actor.send);
  const tokens = () => calls.map((c) => c.captchaHeaders?.['X-Captcha-Token'] ?? null);
  return { actor, view, calls, tokens, navigation };
}

const NOT_SOLVED = { required: true, solved: false, failed: false, prompt: false };
const PROMPTED = { required: true, solved: false, failed: false, prompt: true };

describe('payment: captcha (issue 18)', () => {
  it('a pay without a solved challenge sends nothing and prompts for one (not captchaFailed)', () => {
    const { actor, view, calls } = start([{ status: 'SUCCEEDED' }]);
    expect(view().captcha).toEqual(NOT_SOLVED);
    view().pay(card);
    expect(flowOf(actor.getSnapshot())).toBe('idle');
    expect(view()).toMatchObject({ error: null, captcha: PROMPTED });
    expect(calls).toEqual([]);
    view().solveCaptcha('tok-1');
    expect(view().captcha).toEqual({ ...NOT_SOLVED, solved: true });
  });

  it('a solved challenge goes with the pay call once, and is spent', async () => {
    const { actor, view, calls } = start([{ status: 'SUCCEEDED' }]);
    view().solveCaptcha('tok-1');
    view().pay(card);
    await waitFor(actor, at('complete'));
    expect(calls[0]?.captchaHeaders).toEqual({ 'X-Captcha-Token': 'tok-1' });
    expect(view().captcha).toEqual(NOT_SOLVED);
  });

  it('403 CAPTCHA_FAIL_ERROR: captchaFailed and failed; a pay again without a solve sends nothing; a new solve pays with the same key', async () => {
    const { actor, view, calls, tokens } = start([{ reject: refused }, { status: 'SUCCEEDED' }]);
    view().solveCaptcha('tok-old');
    view().pay(card);
    await waitFor(actor, at('error'));
    expect(view()).toMatchObject({ error: 'captchaFailed', captcha: { solved: false, failed: true } });
    view().pay(card);
    expect(calls).toHaveLength(1);
    expect(view()).toMatchObject({ error: 'captchaFailed', captcha: { solved: false, failed: true, prompt: true } });
    view().solveCaptcha('tok-new');
    expect(view().captcha).toEqual({ ...NOT_SOLVED, solved: true });
    view().pay(card);
    await waitFor(actor, at('complete'));
    expect(tokens()).toEqual(['tok-old', 'tok-new']);
    expect(calls[0]?.idempotencyKey).toBe(calls[1]?.idempotencyKey);
  });

  it('the 424 billing form: its submit needs a fresh solve (the details kept), and never resends the spent token', async () => {
    const form = { context: { country: 'GB', fields: [], purpose: 'PURCHASE' }, countries: [] } as unknown as BillingForm;
    const loadBillingForm = fakeActor<unknown, BillingForm>(() => form);
    const { actor, view, calls, tokens } = start([{ reject: missingFields }, { status: 'SUCCEEDED' }], true, { loadBillingForm: loadBillingForm.logic });
    view().solveCaptcha('tok-1');
    view().pay(card);
    await waitFor(actor, (s) => connectPayment(s, actor.send).billingForm.status === 'ready');
    expect(view().captcha).toEqual(NOT_SOLVED);

    view().submitBillingDetails({ postalCode: 'SW1A 1AA' });
    expect(calls).toHaveLength(1);
    expect(flowOf(actor.getSnapshot())).toBe('billingDetailsRequired');
    expect(view()).toMatchObject({ billingFields: ['postalCode'], error: null, captcha: PROMPTED });

    view().solveCaptcha('tok-2');
    view().submitBillingDetails({ postalCode: 'SW1A 1AA' });
    await waitFor(actor, at('complete'));
    expect(tokens()).toEqual(['tok-1', 'tok-2']);
    expect(calls[1]).toMatchObject({ idempotencyKey: calls[0]?.idempotencyKey, billingDetails: { postalCode: 'SW1A 1AA' } });
  });

  it('a declined card then another card: the second card is not even prepared before a fresh solve', async () => {
    const prepareCard = fakeActor<unknown, PaymentDetailsLike>((_, n) => ({ ...card, paymentDetailsExid: `pd_new${n}` }));
    const typed = { number: '4000000000000002', expMonth: 12, expYear: 2034, cvc: '123' };
    const { actor, view, calls, tokens } = start([{ reject: declined }, { status: 'SUCCEEDED' }], true, { prepareCard: prepareCard.logic });
    // No solve yet: the card does not go to the processor.
    view().submitCard(typed);
    expect(prepareCard.calls).toHaveLength(0);
    expect(view().captcha).toEqual(PROMPTED);

    view().solveCaptcha('tok-1');
    view().submitCard(typed);
    await waitFor(actor, (s) => at('error')(s) && calls.length === 1);
    expect(view()).toMatchObject({ error: 'Your card was declined.', captcha: NOT_SOLVED });

    view().cardEdited();
    view().submitCard({ ...typed, number: '4242424242424242' });
    expect(prepareCard.calls).toHaveLength(1);
    expect(view()).toMatchObject({ error: 'Your card was declined.', captcha: PROMPTED });
    view().solveCaptcha('tok-2');
    view().submitCard({ ...typed, number: '4242424242424242' });
    await waitFor(actor, at('complete'));
    expect(prepareCard.calls).toHaveLength(2);
    expect(tokens()).toEqual(['tok-1', 'tok-2']);
    expect(calls.map((c) => c.details.paymentDetailsExid)).toEqual(['pd_new1', 'pd_new2']);
  });

  it('the free-trial choice: buying without the trial needs a fresh solve; the question stays until then', async () => {
    const { actor, view, calls, tokens } = start([{ reject: freeTrialDenied }, { status: 'SUCCEEDED' }]);
    view().solveCaptcha('tok-1');
    view().pay(card);
    await waitFor(actor, at('freeTrialDenied'));
    view().acknowledgeNoFreeTrial();
    expect(calls).toHaveLength(1);
    expect(view()).toMatchObject({ freeTrialDenied: true, captcha: PROMPTED });
    view().solveCaptcha('tok-2');
    view().acknowledgeNoFreeTrial();
    await waitFor(actor, at('complete'));
    expect(tokens()).toEqual(['tok-1', 'tok-2']);
    expect(calls[1]).toMatchObject({ acknowledgeNoFreeTrial: true });
  });

  it("a redirecting provider: its init carries the solved challenge and spends it; back without approving, continuing needs a fresh solve", async () => {
    const initProvider = fakeActor<InitProviderActorInput, PaymentDetails>(() => ({
      paymentDetailsExid: 'pd_pp',
      targetPaymentProvider: 'PAYPAL',
      redirectUrl: 'https://paypal.example/approve',
    }));
    const { actor, view, navigation } = start([{ status: 'SUCCEEDED' }], true, { initProvider: initProvider.logic });
    view().select({ kind: 'provider', provider: PAYPAL });
    view().continueToProvider();
    expect(initProvider.calls).toHaveLength(0);
    expect(view().captcha).toEqual(PROMPTED);

    view().solveCaptcha('tok-1');
    view().continueToProvider();
    await waitFor(actor, at('leaving'));
    expect(initProvider.calls[0]?.captchaHeaders).toEqual({ 'X-Captcha-Token': 'tok-1' });
    expect(navigation.calls).toEqual([{ type: 'assign', url: 'https://paypal.example/approve' }]);
    expect(view().captcha).toEqual(NOT_SOLVED);

    // The browser's Back from the provider's page: the spent challenge is not sent again.
    actor.send({ type: 'page.restored' });
    view().continueToProvider();
    expect(initProvider.calls).toHaveLength(1);
    expect(view().captcha).toEqual(PROMPTED);
  });

  it('a provider init the platform refuses for its captcha shows captchaFailed and asks for a fresh challenge', async () => {
    const initProvider = fakeActor<InitProviderActorInput, PaymentDetails>(() => {
      throw new ApiError({ call: 'paymentMethods.init', status: 403, code: 'CAPTCHA_FAIL_ERROR', messages: ['captchaFailed'], requestId: 'r' });
    });
    const { actor, view } = start([{ status: 'SUCCEEDED' }], true, { initProvider: initProvider.logic });
    view().select({ kind: 'provider', provider: PAYPAL });
    view().solveCaptcha('tok-1');
    view().continueToProvider();
    await waitFor(actor, at('error'));
    expect(view()).toMatchObject({ error: 'captchaFailed', captcha: { solved: false, failed: true, prompt: false } });
  });

  it('a realm without the captcha pays without a header', async () => {
    const { actor, view, calls } = start([{ status: 'SUCCEEDED' }], false);
    view().pay(card);
    await waitFor(actor, at('complete'));
    expect(calls[0]?.captchaHeaders).toEqual({});
  });

  it('the client sends X-Captcha-Token beside Idempotency-Key', async () => {
    const seen: Array<Record<string, string>> = [];
    const api = {
      baskets: { payCurrent: async (args: { headers: Record<string, string> }) => (seen.push(args.headers), { status: 'SUCCEEDED' }) },
      checkout: { saveBillingDetails: async () => ({}) },
    };
    await paymentApiFromClient(api as never).pay({
      item: 'lic-1',
      details: card,
      idempotencyKey: 'k1',
      consent: [],
      zeroBalance: false,
      acknowledgeNoFreeTrial: false,
      billingDetails: {},
      captchaHeaders: { 'X-Captcha-Token': 'tok' },
    });
    expect(seen).toEqual([{ 'X-Captcha-Token': 'tok', 'Idempotency-Key': 'k1' }]);
  });
});
