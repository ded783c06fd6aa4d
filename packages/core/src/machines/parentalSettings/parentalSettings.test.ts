import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { ApiClient } from '../../api/types.js';
import type { ParentalControlState } from '../../contracts/parentalControl.js';
import { connectParentalSettings, parentalSettingsMachine, type RemovePinActorInput, type SaveSettingsActorInput } from '../index.js';
import { fakeApi } from '../test-helpers.js';

const wrongPin = () => new ApiError({ call: 'parentalControl.set', status: 403, code: 'INVALID_PIN', messages: ['wrongPin'], requestId: 'r1' });
const throttled = () =>
  Object.assign(new ApiError({ call: 'parentalControl.set', status: 429, code: 'TOO_MANY_ATTEMPTS', messages: [], requestId: 'r2' }), { retryAfterSeconds: 900 });

/** A fake platform holding one account's PIN (`pin`, null: none). */
function start(initial: { pin: string | null; fail?: unknown; loadFails?: boolean }) {
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
  const machine = parentalSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise<ParentalControlState, { api: ApiClient }>(() => load()),
      saveSettings: fromPromise<ParentalControlState, SaveSettingsActorInput>(({ input }) => save(input)),
      removePin: fromPromise<ParentalControlState, RemovePinActorInput>(({ input }) => remove(input)),
    },
  });
  const actor = createActor(machine, { input: { api: fakeApi() } }).start();
  const view = () => connectParentalSettings(actor.getSnapshot(), actor.send);
  const ready = () => waitFor(actor, (s) => s.matches('ready'));
  return { actor, view, ready, save, remove, current: () => pin };
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
});
