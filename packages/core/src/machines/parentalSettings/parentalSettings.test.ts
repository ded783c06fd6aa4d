import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { ApiClient } from '../../api/types.js';
import type { ParentalControlState } from '../../contracts/parentalControl.js';
import {
  connectParentalSettings,
  connectPinPad,
  parentalSettingsMachine,
  pinPadMachine,
  type RemovePinActorInput,
  type SaveSettingsActorInput,
  type SpendResetCodeActorInput,
  type VerifyPinActorInput,
} from '../index.js';
import { fakeApi } from '../test-helpers.js';

const wrongPin = () => new ApiError({ call: 'parentalControl.set', status: 403, code: 'INVALID_PIN', messages: ['wrongPin'], requestId: 'r1' });
const throttled = () =>
  Object.assign(new ApiError({ call: 'parentalControl.set', status: 429, code: 'TOO_MANY_ATTEMPTS', messages: [], requestId: 'r2' }), { retryAfterSeconds: 900 });

const usedCode = () => new ApiError({ call: 'parentalControl.pin', status: 404, code: 'NOT_FOUND', messages: ['invalidPinResetCode'], requestId: 'r3' });

/** A fake platform holding one account's PIN (`pin`, null: none); `resetCode` opens the machine from a reset link whose good code is `'good'`. */
function start(initial: { pin: string | null; fail?: unknown; loadFails?: boolean; resetCode?: string; spendFails?: unknown }) {
  let pin = initial.pin;
  let status: ParentalControlState['status'] = pin ? 'RESTRICTED' : 'NON_RESTRICTED';
  const load = vi.fn(async () => {
    if (initial.loadFails) throw new Error('offline');
    return { status, pinSet: pin !== null };
  });
  const save = vi.fn(async (input: SaveSettingsActorInput) => {
    if (initial.fail) throw initial.fail;
    if (pin !== null && input.currentPin !== pin) throw wrongPin();
    pin = input.pin;
    status = input.status;
    return { status, pinSet: true };
  });
  const remove = vi.fn(async (input: RemovePinActorInput) => {
    if (input.pin !== pin) throw wrongPin();
    pin = null;
    status = 'NON_RESTRICTED';
    return { status, pinSet: false };
  });
  const verify = vi.fn(async (input: VerifyPinActorInput) => {
    if (input.pin !== pin) throw wrongPin();
    return {};
  });
  const spend = vi.fn(async (input: SpendResetCodeActorInput) => {
    if (initial.spendFails) throw initial.spendFails;
    if (input.resetCode !== 'good') throw usedCode();
    pin = null;
    status = 'NON_RESTRICTED';
    return {};
  });
  const machine = parentalSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise<ParentalControlState, { api: ApiClient }>(() => load()),
      saveSettings: fromPromise<ParentalControlState, SaveSettingsActorInput>(({ input }) => save(input)),
      removePin: fromPromise<ParentalControlState, RemovePinActorInput>(({ input }) => remove(input)),
      spendResetCode: fromPromise<Record<string, unknown>, SpendResetCodeActorInput>(({ input }) => spend(input)),
      pad: pinPadMachine.provide({ actors: { verifyPin: fromPromise<Record<string, unknown>, VerifyPinActorInput>(({ input }) => verify(input)) } }),
    },
  });
  const actor = createActor(machine, { input: { api: fakeApi(), ...(initial.resetCode === undefined ? {} : { resetCode: initial.resetCode }) } }).start();
  const view = () => connectParentalSettings(actor.getSnapshot(), actor.send);
  const ready = () => waitFor(actor, (s) => s.matches('ready'));
  /** The invoked PIN pad's view (in `currentPin`). */
  const pad = () => {
    const ref = view().pad;
    if (!ref) throw new Error('no pad');
    return { ref, view: connectPinPad(ref.getSnapshot(), ref.send) };
  };
  /** Types `pin` on the invoked pad. */
  const typeOnPad = (digits: string) => [...digits].forEach((key) => pad().view.press(key));
  /** Types `pin` on the new PIN's pad. */
  const typeNew = (digits: string) => [...digits].forEach((key) => view().pressDigit(key));
  return { actor, view, ready, save, remove, verify, spend, pad, typeOnPad, typeNew, current: () => pin };
}

describe('parentalSettings', () => {
  it('sets a first PIN typed twice, without asking a current one', async () => {
    const { view, ready, save, current } = start({ pin: null });
    await ready();
    expect(view()).toMatchObject({ step: 'ready', status: 'NON_RESTRICTED', pinSet: false });
    view().changePin();
    expect(view().step).toBe('ready');
    view().setPin();
    expect(view().step).toBe('newPin');
    view().giveNewPin('123', '123', 'RESTRICTED');
    expect(view().error).toBe('pinLength');
    view().giveNewPin('0042', '0043', 'RESTRICTED');
    expect(view().error).toBe('pinMismatch');
    expect(save).not.toHaveBeenCalled();
    view().giveNewPin('0042', '0042', 'RESTRICTED');
    await ready();
    expect(save.mock.calls[0]![0]).not.toHaveProperty('currentPin');
    expect(current()).toBe('0042');
    expect(view()).toMatchObject({ step: 'ready', status: 'RESTRICTED', pinSet: true, message: 'pinSaved', error: null });
  });

  it('changes the PIN with the current one asked first; a wrong one asks again', async () => {
    const { actor, view, ready, current } = start({ pin: '1111' });
    await ready();
    view().setPin();
    expect(view().step).toBe('ready');
    view().changePin();
    expect(view()).toMatchObject({ step: 'currentPin', action: 'change' });
    view().giveCurrentPin('11a1');
    expect(view()).toMatchObject({ step: 'currentPin', error: 'pinDigits' });
    view().giveCurrentPin('9999');
    view().giveNewPin('2222', '2222', 'RESTRICTED');
    await waitFor(actor, (s) => s.matches('currentPin') && s.context.error !== null);
    expect(view()).toMatchObject({ step: 'currentPin', error: 'wrongPin' });
    expect(current()).toBe('1111');
    view().giveCurrentPin('1111');
    view().giveNewPin('2222', '2222', 'NON_RESTRICTED');
    await ready();
    expect(current()).toBe('2222');
    expect(view()).toMatchObject({ status: 'NON_RESTRICTED', pinSet: true, message: 'pinSaved' });
  });

  it('removes the PIN with the current one', async () => {
    const { actor, view, ready, current } = start({ pin: '1111' });
    await ready();
    view().removePin();
    view().giveCurrentPin('0000');
    await waitFor(actor, (s) => s.matches('currentPin') && s.context.error === 'wrongPin');
    view().giveCurrentPin('1111');
    await ready();
    expect(current()).toBeNull();
    expect(view()).toMatchObject({ pinSet: false, status: 'NON_RESTRICTED', message: 'pinRemoved' });
  });

  it('shows a throttled profile’s wait, and cancel returns to the status', async () => {
    const { actor, view, ready } = start({ pin: '1111', fail: throttled() });
    await ready();
    view().changePin();
    view().cancel();
    expect(view().step).toBe('ready');
    view().changePin();
    view().giveCurrentPin('1111');
    view().giveNewPin('2222', '2222', 'RESTRICTED');
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(view()).toMatchObject({ error: 'tooManyAttempts', errorVars: { seconds: '900' }, pinSet: true });
  });

  it('offers a reload when the settings cannot be read', async () => {
    const { actor, view } = start({ pin: null, loadFails: true });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(view()).toMatchObject({ step: 'loadFailed', error: 'anErrorOccured' });
  });

  it('asks the current PIN on core’s PIN pad: a wrong one shows wrongPin on the pad, the right one goes on to the new PIN', async () => {
    const { actor, view, ready, pad, typeOnPad, typeNew, verify, save, current } = start({ pin: '1111' });
    await ready();
    view().changePin();
    expect(view().pad).not.toBeNull();
    typeOnPad('9999');
    await waitFor(pad().ref, (s) => s.matches('entering') && s.context.error !== null);
    expect(pad().view).toMatchObject({ error: 'wrongPin', length: 0 });
    expect(view().step).toBe('currentPin');
    typeOnPad('1111');
    await waitFor(actor, (s) => s.matches('newPin'));
    expect(verify).toHaveBeenCalledTimes(2);
    expect(view()).toMatchObject({ step: 'newPin', pad: null, entered: 0, confirming: false });
    typeNew('20');
    expect(view().entered).toBe(2);
    view().deleteDigit();
    typeNew('222');
    expect(view()).toMatchObject({ entered: 0, confirming: true });
    typeNew('2222');
    await ready();
    expect(save.mock.calls[0]![0]).toMatchObject({ pin: '2222', currentPin: '1111', status: 'RESTRICTED' });
    expect(current()).toBe('2222');
    expect(view()).toMatchObject({ message: 'pinSaved', pinSet: true });
  });

  it('types a first PIN twice on the pad: a different second entry shows pinMismatch and starts over; a first PIN is saved RESTRICTED', async () => {
    const { view, ready, typeNew, save } = start({ pin: null });
    await ready();
    view().setPin();
    view().pressDigit('x');
    expect(view().entered).toBe(0);
    typeNew('12341235');
    expect(view()).toMatchObject({ step: 'newPin', error: 'pinMismatch', entered: 0, confirming: false });
    expect(save).not.toHaveBeenCalled();
    typeNew('1');
    expect(view().error).toBeNull();
    typeNew('2341234');
    await ready();
    expect(save.mock.calls[0]![0]).toMatchObject({ pin: '1234', status: 'RESTRICTED' });
    expect(view()).toMatchObject({ status: 'RESTRICTED', message: 'pinSaved' });
  });

  it('turns the restriction off and on with the current PIN, keeping the PIN', async () => {
    const { actor, view, ready, typeOnPad, save, current } = start({ pin: '1111' });
    await ready();
    expect(view().status).toBe('RESTRICTED');
    view().toggleRestriction();
    expect(view()).toMatchObject({ step: 'currentPin', action: 'status' });
    typeOnPad('1111');
    await waitFor(actor, (s) => s.matches('ready') && s.context.message !== null);
    expect(save.mock.calls[0]![0]).toMatchObject({ pin: '1111', currentPin: '1111', status: 'NON_RESTRICTED' });
    expect(view()).toMatchObject({ status: 'NON_RESTRICTED', message: 'restrictionOff' });
    view().toggleRestriction();
    typeOnPad('1111');
    await waitFor(actor, (s) => s.matches('ready') && s.context.message === 'restrictionOn');
    expect(current()).toBe('1111');
  });

  it('removes the PIN with the current one given on the pad', async () => {
    const { actor, view, typeOnPad, ready, current } = start({ pin: '0042' });
    await ready();
    view().removePin();
    typeOnPad('0042');
    await waitFor(actor, (s) => s.matches('ready') && s.context.message !== null);
    expect(current()).toBeNull();
    expect(view()).toMatchObject({ message: 'pinRemoved', pinSet: false });
  });

  it('from a reset link: spends the code (the PIN is cleared), then asks a new PIN without the old one', async () => {
    const { actor, view, ready, typeNew, spend, save, current } = start({ pin: '1111', resetCode: 'good' });
    expect(view().step).toBe('resetting');
    await waitFor(actor, (s) => s.matches('newPin'));
    expect(spend.mock.calls[0]![0].resetCode).toBe('good');
    expect(view()).toMatchObject({ step: 'newPin', action: 'set', wasReset: true, pinSet: false });
    typeNew('56785678');
    await ready();
    expect(save.mock.calls[0]![0]).not.toHaveProperty('currentPin');
    expect(current()).toBe('5678');
    expect(view()).toMatchObject({ message: 'pinSaved', wasReset: true });
  });

  it('from a used or expired link: invalidPinResetCode, and the PIN stays', async () => {
    const { actor, view, current } = start({ pin: '1111', resetCode: 'spent' });
    await waitFor(actor, (s) => s.matches('resetFailed'));
    expect(view()).toMatchObject({ step: 'resetFailed', error: 'invalidPinResetCode', wasReset: false });
    expect(current()).toBe('1111');
  });

  it('from a reset link that could not be checked: reload tries the code again', async () => {
    const failure = { spendFails: new Error('offline') as unknown };
    const { actor, view, spend } = start({ pin: '1111', resetCode: 'good', get spendFails() { return failure.spendFails; } });
    await waitFor(actor, (s) => s.matches('resetFailed'));
    expect(view().error).toBe('anErrorOccured');
    failure.spendFails = undefined;
    view().reload();
    await waitFor(actor, (s) => s.matches('newPin'));
    expect(spend).toHaveBeenCalledTimes(2);
  });
});
