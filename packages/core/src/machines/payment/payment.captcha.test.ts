/**
 * The payment machine's captcha flags (issue 18; commerce §3 app-state captcha flags, §8
 * `CAPTCHA_FAIL_ERROR` → `captchaFailed`).
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { connectPayment, paymentMachine, type PayActorInput, type PayResultLike } from '../index.js';
import { paymentApiFromClient } from './payment.client.js';
import { fakeActor, keySequence as keys, paymentFlowOf as flowOf } from '../test-helpers.js';

const card = { paymentDetailsExid: 'pd-1', targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' };
const refused = { status: 403, code: 'CAPTCHA_FAIL_ERROR', messages: ['captchaFailed'] };

function start(answers: Array<PayResultLike | { reject: unknown }>, captchaRequired = true) {
  const { calls, logic: pay } = fakeActor<PayActorInput, PayResultLike>((_, call) => {
    const answer = answers[Math.min(call - 1, answers.length - 1)] ?? {};
    if ('reject' in answer) throw answer.reject;
    return answer;
  });
  const actor = createActor(paymentMachine.provide({ actors: { pay } }), {
    input: { item: 'lic-1', providers: [], createKey: keys(), captchaRequired },
  }).start();
  const view = () => connectPayment(actor.getSnapshot(), actor.send);
  return { actor, view, calls };
}

describe('payment: captcha (issue 18)', () => {
  it('a pay without a solved challenge sends nothing and shows captchaFailed', () => {
    const { actor, view, calls } = start([{ status: 'SUCCEEDED' }]);
    expect(view().captcha).toEqual({ required: true, solved: false, failed: false });
    view().pay(card);
    expect(flowOf(actor.getSnapshot())).toBe('error');
    expect(view()).toMatchObject({ error: 'captchaFailed', captcha: { required: true, solved: false, failed: true } });
    expect(calls).toEqual([]);
  });

  it('a solved challenge goes with the pay call once, and is spent', async () => {
    const { actor, view, calls } = start([{ status: 'SUCCEEDED' }]);
    view().solveCaptcha('tok-1');
    view().pay(card);
    await waitFor(actor, (s) => flowOf(s) === 'complete');
    expect(calls[0]?.captchaHeaders).toEqual({ 'X-Captcha-Token': 'tok-1' });
    expect(view().captcha).toEqual({ required: true, solved: false, failed: false });
  });

  it('403 CAPTCHA_FAIL_ERROR: captchaFailed, the flags say failed; a new solve pays with the same key', async () => {
    const { actor, view, calls } = start([{ reject: refused }, { status: 'SUCCEEDED' }]);
    view().solveCaptcha('tok-old');
    view().pay(card);
    await waitFor(actor, (s) => flowOf(s) === 'error');
    expect(view()).toMatchObject({ error: 'captchaFailed', captcha: { solved: false, failed: true } });
    view().solveCaptcha('tok-new');
    expect(view().captcha).toEqual({ required: true, solved: true, failed: false });
    view().pay(card);
    await waitFor(actor, (s) => flowOf(s) === 'complete');
    expect(calls.map((c) => c.captchaHeaders)).toEqual([{ 'X-Captcha-Token': 'tok-old' }, { 'X-Captcha-Token': 'tok-new' }]);
    expect(calls[0]?.idempotencyKey).toBe(calls[1]?.idempotencyKey);
  });

  it('a realm without the captcha pays without a header', async () => {
    const { actor, view, calls } = start([{ status: 'SUCCEEDED' }], false);
    view().pay(card);
    await waitFor(actor, (s) => flowOf(s) === 'complete');
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
