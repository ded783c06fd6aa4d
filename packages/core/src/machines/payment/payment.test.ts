import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  connectPayment,
  defaultCreateKey,
  paymentMachine,
  type PayActorInput,
  type PaymentEvent,
  type PayResultLike,
  type PaymentSnapshot,
} from '../index.js';
import { paymentMethodId } from '../../domain/index.js';
import { fakeApi, keySequence as keys, paymentAt as at, paymentFlowOf as flowOf } from '../test-helpers.js';

const card = { paymentDetailsExid: 'pd-1', targetPaymentProvider: 'stripe', paymentMethodType: 'CARD' };
const ideal = { paymentDetailsExid: 'pd-2', targetPaymentProvider: 'ideal', paymentMethodType: 'IDEAL' };

const freeTrialDenied = { status: 409, code: 'CONFLICT', messages: ['freeTrialDenied'] };
const missing = { status: 424, code: 'BASKET_REQUIREMENTS_FAILED', messages: [], details: { missingFields: ['postalCode', 'city'] } };
const declined = { status: 402, code: 'card_declined', messages: ['Your card was declined.'] };

/** Fake pay actor: answers from `answers` in order (an Error-like object rejects), recording every input. */
function fakePay(answers: Array<PayResultLike | { reject: unknown }>) {
  const calls: PayActorInput[] = [];
  const pay = fromPromise<PayResultLike, PayActorInput>(async ({ input }) => {
    calls.push(input);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)] ?? {};
    if ('reject' in answer) throw answer.reject;
    return answer;
  });
  return { calls, pay };
}

function start(pay = fakePay([{ status: 'SUCCEEDED' }]).pay, providers = [{ id: 'p-ideal', name: 'ideal', hasVouchers: true }]) {
  const actor = createActor(paymentMachine.provide({ actors: { pay } }), {
    input: { item: 'lic-1', providers, createKey: keys() },
  }).start();
  const view = () => connectPayment(actor.getSnapshot(), actor.send);
  return { actor, view };
}

describe('payment: flow state events (§4)', () => {
  it('starts idle with the item, providers and a key', () => {
    const { actor, view } = start();
    expect(flowOf(actor.getSnapshot())).toBe('idle');
    expect(view()).toMatchObject({ item: 'lic-1', processing: false, error: null, billingDetailsRequired: false, missingFields: [], canPay: true });
    expect(actor.getSnapshot().context.idempotencyKey).toBe('k1');
  });

  it('payment.start sets processing, payment.complete clears it', () => {
    const { actor, view } = start();
    view().providerPaymentStarted();
    expect(flowOf(actor.getSnapshot())).toBe('providerPaying');
    expect(view()).toMatchObject({ processing: true, canPay: false });
    view().providerPaymentCompleted();
    expect(flowOf(actor.getSnapshot())).toBe('complete');
    expect(view()).toMatchObject({ processing: false, complete: true });
  });

  it('payment.error stores the message and clears processing; error.clear removes it', () => {
    const { actor, view } = start();
    view().providerPaymentStarted();
    view().providerPaymentFailed('paypalCancelled');
    expect(flowOf(actor.getSnapshot())).toBe('error');
    expect(view()).toMatchObject({ error: 'paypalCancelled', processing: false });
    view().clearError();
    expect(flowOf(actor.getSnapshot())).toBe('idle');
    expect(view().error).toBeNull();
    view().providerPaymentFailed('other');
    expect(view().error).toBe('other');
  });

  it('billingDetails.required sets the flag and fields; unset clears them', () => {
    const { actor, view } = start();
    actor.send({ type: 'billingDetails.required', missingFields: ['street'] });
    expect(view()).toMatchObject({ billingDetailsRequired: true, missingFields: ['street'] });
    actor.send({ type: 'billingDetails.required', missingFields: ['street', 'city'] });
    expect(view().missingFields).toEqual(['street', 'city']);
    actor.send({ type: 'billingDetails.unset' });
    expect(flowOf(actor.getSnapshot())).toBe('idle');
    expect(view()).toMatchObject({ billingDetailsRequired: false, missingFields: [] });
  });

  it("the view's unsetBillingDetails clears them, and idempotencyKey is the next attempt's key", () => {
    const { actor, view } = start();
    expect(view().idempotencyKey).toBe('k1');
    actor.send({ type: 'billingDetails.required', missingFields: ['postalCode'] });
    view().unsetBillingDetails();
    expect(flowOf(actor.getSnapshot())).toBe('idle');
    expect(view()).toMatchObject({ billingDetailsRequired: false, missingFields: [] });
    view().cardChanged();
    expect(view().idempotencyKey).toBe('k2');
  });

  it('provider.select records the id and whether it has vouchers', () => {
    const { view } = start();
    view().selectProvider('p-ideal', true);
    expect(view()).toMatchObject({ providerId: 'p-ideal', vouchers: true });
    view().selectProvider('p-card', false);
    expect(view()).toMatchObject({ providerId: 'p-card', vouchers: false });
  });
});

describe('payment: pay', () => {
  it('pay → paying (processing, key, consent) → complete; the key is renewed after the success', async () => {
    const { calls, pay } = fakePay([{ status: 'SUCCEEDED' }]);
    const { actor, view } = start(pay);
    const consent = [{ fieldName: 'terms', answer: true }];
    view().pay(card, { consent });
    expect(flowOf(actor.getSnapshot())).toBe('paying');
    expect(view()).toMatchObject({ processing: true, canPay: false });
    await waitFor(actor, at('complete'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ item: 'lic-1', details: card, idempotencyKey: 'k1', consent, zeroBalance: false, acknowledgeNoFreeTrial: false });
    expect(view()).toMatchObject({ complete: true, processing: false, paymentResult: { status: 'SUCCEEDED' } });
    expect(actor.getSnapshot().context.idempotencyKey).toBe('k2');
  });

  it('failing preconditions → error failedPayment, pay is never called', async () => {
    const { calls, pay } = fakePay([{ status: 'SUCCEEDED' }]);
    const { actor, view } = start(pay);
    view().pay({ paymentDetailsExid: 'pd-1', targetPaymentProvider: 'stripe' });
    expect(flowOf(actor.getSnapshot())).toBe('error');
    expect(view().error).toBe('failedPayment');
    view().pay({});
    expect(view().error).toBe('failedPayment');
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toHaveLength(0);
  });

  it('a zero balance pays without card details', async () => {
    const { calls, pay } = fakePay([{ status: 'SUCCEEDED' }]);
    const { actor, view } = start(pay);
    view().pay({}, { zeroBalance: true });
    await waitFor(actor, at('complete'));
    expect(calls[0]?.zeroBalance).toBe(true);
  });

  it('a retry after a failure reuses the key; the server message is shown', async () => {
    const { calls, pay } = fakePay([{ reject: declined }, { status: 'SUCCEEDED' }]);
    const { actor, view } = start(pay);
    view().pay(card);
    await waitFor(actor, at('error'));
    expect(view()).toMatchObject({ error: 'Your card was declined.', processing: false });
    view().pay(card);
    expect(view().error).toBeNull();
    await waitFor(actor, at('complete'));
    expect(calls.map((c) => c.idempotencyKey)).toEqual(['k1', 'k1']);
  });

  it('an unknown failure shows anErrorOccured', async () => {
    const { actor, view } = start(fakePay([{ reject: new TypeError('fetch failed') }]).pay);
    view().pay(card);
    await waitFor(actor, at('error'));
    expect(view().error).toBe('anErrorOccured');
  });

  it('basket.changed and card.changed renew the key before the retry', async () => {
    const { calls, pay } = fakePay([{ reject: declined }]);
    const { actor, view } = start(pay);
    view().pay(card);
    await waitFor(actor, at('error'));
    view().basketChanged();
    expect(actor.getSnapshot().context.idempotencyKey).toBe('k2');
    view().pay(card);
    await waitFor(actor, (s) => at('error')(s) && calls.length === 2);
    view().cardChanged();
    view().pay(card);
    await waitFor(actor, (s) => at('error')(s) && calls.length === 3);
    expect(calls.map((c) => c.idempotencyKey)).toEqual(['k1', 'k2', 'k3']);
  });

  it('424 BASKET_REQUIREMENTS_FAILED → billingDetailsRequired with the fields; submit pays again with the same key', async () => {
    const { calls, pay } = fakePay([{ reject: missing }, { status: 'SUCCEEDED' }]);
    const { actor, view } = start(pay);
    view().pay(card);
    await waitFor(actor, at('billingDetailsRequired'));
    expect(view()).toMatchObject({ billingDetailsRequired: true, missingFields: ['postalCode', 'city'], error: null, processing: false });
    view().submitBillingDetails({ postalCode: '1000', city: 'Brussels' });
    expect(view()).toMatchObject({ processing: true, billingDetailsRequired: false, missingFields: [] });
    await waitFor(actor, at('complete'));
    expect(calls[1]).toMatchObject({ idempotencyKey: 'k1', details: card, billingDetails: { postalCode: '1000', city: 'Brussels' } });
  });

  it('409 freeTrialDenied → freeTrialDenied; acknowledge pays again with acknowledgeNoFreeTrial', async () => {
    const { calls, pay } = fakePay([{ reject: freeTrialDenied }, { status: 'SUCCEEDED' }]);
    const { actor, view } = start(pay);
    view().pay(card);
    await waitFor(actor, at('freeTrialDenied'));
    expect(view()).toMatchObject({ freeTrialDenied: true, processing: false, canPay: true });
    view().acknowledgeNoFreeTrial();
    await waitFor(actor, at('complete'));
    expect(calls.map((c) => c.acknowledgeNoFreeTrial)).toEqual([false, true]);
    expect(calls[1]?.idempotencyKey).toBe('k1');
  });

  it('declining the free-trial denial goes back to idle without paying', async () => {
    const { calls, pay } = fakePay([{ reject: freeTrialDenied }]);
    const { actor, view } = start(pay);
    view().pay(card);
    await waitFor(actor, at('freeTrialDenied'));
    view().declineFreeTrial();
    expect(flowOf(actor.getSnapshot())).toBe('idle');
    expect(calls).toHaveLength(1);
  });

  it('REQUIRES_ACTION with a redirectUrl → redirecting', async () => {
    const { actor, view } = start(fakePay([{ status: 'REQUIRES_ACTION', redirectUrl: 'https://pay.example/3ds' }]).pay);
    view().pay(card);
    await waitFor(actor, at('redirecting'));
    expect(view()).toMatchObject({ redirectUrl: 'https://pay.example/3ds', processing: false, complete: false });
  });

  it('a redirecting provider (iDEAL) with a redirectUrl → redirecting; a card with a url but no action → complete', async () => {
    const first = start(fakePay([{ status: 'PENDING', redirectUrl: 'https://ideal.example/approve' }]).pay);
    first.view().pay(ideal);
    await waitFor(first.actor, at('redirecting'));
    expect(first.view().redirectUrl).toBe('https://ideal.example/approve');

    const second = start(fakePay([{ status: 'SUCCEEDED', redirectUrl: 'https://x.example/' }]).pay);
    second.view().pay(card);
    await waitFor(second.actor, at('complete'));
    expect(second.view().redirectUrl).toBeNull();
  });

  it('the selected provider decides redirecting when the details name none', async () => {
    const { actor, view } = start(fakePay([{ status: 'PENDING', redirectUrl: 'https://ideal.example/a' }]).pay);
    view().selectProvider('p-ideal', true);
    view().pay({}, { zeroBalance: true });
    await waitFor(actor, at('redirecting'));
  });

  it('REQUIRES_ACTION without a redirectUrl → error anErrorOccured', async () => {
    const { actor, view } = start(fakePay([{ status: 'REQUIRES_ACTION' }]).pay);
    view().pay(card);
    await waitFor(actor, at('error'));
    expect(view().error).toBe('anErrorOccured');
  });

  it('ignores pay while paying (no double submit)', async () => {
    const { calls, pay } = fakePay([{ status: 'SUCCEEDED' }]);
    const { actor, view } = start(pay);
    view().pay(card);
    view().pay(card);
    actor.send({ type: 'payment.error', message: 'x' });
    await waitFor(actor, at('complete'));
    expect(calls).toHaveLength(1);
    expect(view().error).toBeNull();
  });

  it('the default pay actor pays the open basket through the client, with the attempt\'s key', async () => {
    const seen: unknown[] = [];
    const api = fakeApi({
      baskets: {
        payCurrent: async (input) => {
          seen.push(input);
          return { status: 'SUCCEEDED', paymentId: 'pay-1' };
        },
      },
    });
    const actor = createActor(paymentMachine, { input: { item: 'sku-1', createKey: () => 'key', api } }).start();
    actor.send({ type: 'pay', details: card });
    await waitFor(actor, at('complete'));
    expect(seen).toEqual([
      {
        body: { paymentArrangement: { primaryPaymentDetailsAttributes: { paymentDetailsExternalId: 'pd-1', targetPaymentProvider: 'stripe', paymentMethodType: 'CARD' } } },
        headers: { 'Idempotency-Key': 'key' },
        query: {},
      },
    ]);
  });

  it('without an api the default actor fails into error', async () => {
    const actor = createActor(paymentMachine, { input: { item: 'sku-1' } }).start();
    actor.send({ type: 'pay', details: card });
    await waitFor(actor, at('error'));
    expect(actor.getSnapshot().context.error).toBe('anErrorOccured');
  });

  it('defaultCreateKey gives distinct non-empty keys', () => {
    const a = defaultCreateKey();
    const b = defaultCreateKey();
    expect(a).not.toBe('');
    expect(a).not.toBe(b);
  });
});

describe('payment: property', () => {
  type Step = { event: PaymentEvent } | { settle: 'ok' | 'redirect' | 'declined' | 'missing' | 'trial' };
  const detailsArb = fc.constantFrom<PaymentEvent & { type: 'pay' }>(
    { type: 'pay', details: card },
    { type: 'pay', details: {} },
    { type: 'pay', details: {}, zeroBalance: true },
  );
  const eventArb: fc.Arbitrary<Step> = fc.oneof(
    detailsArb.map((event) => ({ event })),
    fc
      .constantFrom<PaymentEvent>(
        { type: 'payment.start' },
        { type: 'payment.complete' },
        { type: 'payment.error', message: 'm' },
        { type: 'error.clear' },
        { type: 'billingDetails.required', missingFields: ['city'] },
        { type: 'billingDetails.unset' },
        { type: 'billingDetails.submit' },
        { type: 'provider.select', providerId: 'p-ideal', hasVouchers: true },
        { type: 'freeTrial.acknowledge' },
        { type: 'freeTrial.decline' },
        { type: 'basket.changed' },
        { type: 'card.changed' },
      )
      .map((event) => ({ event })),
    fc.constantFrom('ok', 'redirect', 'declined', 'missing', 'trial').map((settle) => ({ settle }) as Step),
  );

  it('processing only while a payment runs; the key changes only on basket/card change, after a success, or for another method', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { maxLength: 40 }), async (steps) => {
        // A pay actor the test settles by hand, so every interleaving is reachable.
        let settle: ((answer: PayResultLike | { reject: unknown }) => void) | null = null;
        const pay = fromPromise<PayResultLike, PayActorInput>(
          () =>
            new Promise((resolve, reject) => {
              settle = (answer) => ('reject' in answer ? reject(answer.reject) : resolve(answer));
            }),
        );
        const actor = createActor(paymentMachine.provide({ actors: { pay } }), { input: { item: 'lic-1', createKey: keys() } }).start();
        const check = () => {
          const s = actor.getSnapshot();
          expect(s.context.processing).toBe(at('paying')(s) || at('providerPaying')(s));
        };
        // The idempotency rule's memory, modelled: the method of the last pay taken (a card change forgets it).
        let lastMethod: string | undefined;
        const resting = ['idle', 'freeTrialDenied', 'billingDetailsRequired', 'error'];
        for (const step of steps) {
          const before = actor.getSnapshot();
          let allowed = false;
          if ('event' in step) {
            allowed = step.event.type === 'basket.changed' || step.event.type === 'card.changed' ||
              (step.event.type === 'payment.complete' && at('providerPaying')(before));
            if (step.event.type === 'card.changed') lastMethod = undefined;
            if (step.event.type === 'pay' && resting.includes(flowOf(before))) {
              const method = paymentMethodId(step.event.details, step.event.zeroBalance === true);
              allowed = lastMethod !== undefined && lastMethod !== method;
              lastMethod = method;
            }
            actor.send(step.event);
          } else if (at('paying')(before) && settle !== null) {
            const answers = {
              ok: { status: 'SUCCEEDED' },
              redirect: { status: 'REQUIRES_ACTION', redirectUrl: 'https://r.example/' },
              declined: { reject: declined },
              missing: { reject: missing },
              trial: { reject: freeTrialDenied },
            } as const;
            allowed = step.settle === 'ok' || step.settle === 'redirect';
            (settle as (a: PayResultLike | { reject: unknown }) => void)(answers[step.settle]);
            settle = null;
            await waitFor(actor, (s) => !at('paying')(s));
          }
          check();
          if (!allowed) expect(actor.getSnapshot().context.idempotencyKey).toBe(before.context.idempotencyKey);
        }
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});
