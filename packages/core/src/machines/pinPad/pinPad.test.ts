import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { ApiClient } from '../../api/types.js';
import { connectPinPad, pinPadMachine, PIN_COUNTDOWN_STEP_MS, type VerifyPinActorInput } from '../index.js';
import { fakeApi } from '../test-helpers.js';

const wrong = () => new ApiError({ call: 'parentalControl.verify', status: 403, code: 'INVALID_PIN', messages: ['wrongPin'], requestId: 'r1' });
const throttled = (seconds: number) =>
  Object.assign(new ApiError({ call: 'parentalControl.verify', status: 429, code: 'TOO_MANY_ATTEMPTS', messages: ['tooManyAttempts'], requestId: 'r2' }), {
    retryAfterSeconds: seconds,
  });

/** Starts the PIN pad whose PIN is `right`; after `lockAfter` wrong PINs the fake platform answers 429 with `seconds`. */
function start(options: { right?: string; lockAfter?: number; seconds?: number; reset?: () => Promise<Record<string, unknown>> } = {}) {
  let wrongCount = 0;
  const verify = vi.fn(async ({ pin }: VerifyPinActorInput) => {
    if (wrongCount >= (options.lockAfter ?? 5)) throw throttled(options.seconds ?? 3);
    if (pin === (options.right ?? '0042')) return {};
    wrongCount += 1;
    throw wrong();
  });
  const reset = vi.fn(options.reset ?? (async () => ({})));
  const machine = pinPadMachine.provide({
    actors: {
      verifyPin: fromPromise<Record<string, unknown>, VerifyPinActorInput>(({ input }) => verify(input)),
      requestReset: fromPromise<Record<string, unknown>, { api: ApiClient }>(() => reset()),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { api: fakeApi() }, clock }).start();
  const view = () => connectPinPad(actor.getSnapshot(), actor.send);
  const type = (pin: string) => [...pin].forEach((key) => view().press(key));
  return { actor, view, type, verify, reset, clock };
}

describe('pinPad', () => {
  it('sends the PIN on its 4th digit, as a string with its leading zeros, and accepts the right one', async () => {
    const { actor, view, type, verify } = start();
    type('004');
    expect(view()).toMatchObject({ status: 'entering', length: 3, canType: true });
    expect(verify).not.toHaveBeenCalled();
    view().press('2');
    expect(view().status).toBe('checking');
    await waitFor(actor, (s) => s.status === 'done');
    expect(verify.mock.calls[0]![0].pin).toBe('0042');
    expect(view().status).toBe('accepted');
  });

  it('ignores keys that are not one digit, and deletes the last digit', () => {
    const { view, type } = start();
    type('1a');
    view().press('12');
    expect(view().length).toBe(1);
    view().deleteDigit();
    expect(view().length).toBe(0);
  });

  it('shows wrongPin and clears the digits for a wrong PIN', async () => {
    const { actor, view, type } = start();
    type('1111');
    await waitFor(actor, (s) => s.matches('entering'));
    expect(view()).toMatchObject({ status: 'entering', error: 'wrongPin', length: 0 });
    type('0');
    expect(view().error).toBeNull();
  });

  it('counts the throttle down from Retry-After, ignoring digits, then accepts the PIN again', async () => {
    const { actor, view, type, clock, verify } = start({ lockAfter: 1, seconds: 3 });
    type('1111');
    await waitFor(actor, (s) => s.matches('entering'));
    type('0042');
    await waitFor(actor, (s) => s.matches('throttled'));
    expect(view()).toMatchObject({ status: 'throttled', error: 'tooManyAttempts', errorVars: { seconds: '3' }, canType: false });
    const calls = verify.mock.calls.length;
    type('0042');
    expect(verify.mock.calls.length).toBe(calls);
    clock.increment(PIN_COUNTDOWN_STEP_MS);
    expect(view().errorVars).toEqual({ seconds: '2' });
    clock.increment(PIN_COUNTDOWN_STEP_MS);
    expect(view().errorVars).toEqual({ seconds: '1' });
    clock.increment(PIN_COUNTDOWN_STEP_MS);
    expect(view()).toMatchObject({ status: 'entering', error: null, errorVars: {} });
  });

  it('sends the reset email for a forgotten PIN, also while throttled', async () => {
    const { actor, view, type, reset } = start({ lockAfter: 0, seconds: 900 });
    view().forgot();
    await waitFor(actor, (s) => s.context.resetSent);
    expect(view()).toMatchObject({ status: 'entering', resetSent: true });
    type('0042');
    await waitFor(actor, (s) => s.matches('throttled'));
    expect(view().errorVars).toEqual({ seconds: '900' });
    view().forgot();
    await waitFor(actor, (s) => s.matches('throttled') && reset.mock.calls.length === 2);
    expect(view().status).toBe('throttled');
  });

  it('shows anErrorOccured when the reset email cannot be sent', async () => {
    const { actor, view } = start({ reset: async () => Promise.reject(new Error('offline')) });
    view().forgot();
    await waitFor(actor, (s) => s.matches('entering') && s.context.error !== null);
    expect(view()).toMatchObject({ error: 'anErrorOccured', resetSent: false });
  });
});
