import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { Gift } from '../../contracts/gifts.js';
import { connectGiftOrder, giftOrderMachine, type GiftOrderActorInput } from '../index.js';
import { fakeApi } from '../test-helpers.js';

const ID = 'a0a0a0a0-0000-4000-8000-000000000001';
const gift = (changes: Partial<Gift> = {}): Gift => ({
  giftId: ID,
  status: 'SCHEDULED',
  licenceId: '102',
  licenceName: 'Sports Premium',
  months: 3,
  recipientName: 'Sam',
  recipientEmail: 'sam@example.com',
  deliveryDate: '2026-12-24',
  price: { amount: 3897, currency: 'GBP', scale: 2 },
  createdAt: '2026-11-26T12:00:00.000Z',
  canResend: false,
  canCancel: true,
  ...changes,
});
const apiError = (status: number) => new ApiError({ call: 'gifts.get', status, code: status === 404 ? 'NOT_FOUND' : 'CONFLICT', messages: [], requestId: 'r' });

function start(fakes: { load?: () => Promise<Gift>; resend?: () => Promise<Gift>; cancel?: () => Promise<Gift> }) {
  const load = vi.fn(fakes.load ?? (async () => gift()));
  const resend = vi.fn(fakes.resend ?? (async () => gift()));
  const cancel = vi.fn(fakes.cancel ?? (async () => gift()));
  const machine = giftOrderMachine.provide({
    actors: {
      load: fromPromise<Gift, GiftOrderActorInput>(() => load()),
      resend: fromPromise<Gift, GiftOrderActorInput>(() => resend()),
      cancel: fromPromise<Gift, GiftOrderActorInput>(() => cancel()),
    },
  });
  const actor = createActor(machine, { input: { api: fakeApi(), giftId: ID } }).start();
  return { actor, load, resend, cancel, view: () => connectGiftOrder(actor.getSnapshot(), actor.send) };
}
const idle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('ready') || s.matches('loadFailed') || s.matches('notFound'));

describe('giftOrder (issue 18)', () => {
  it('loads the gift; cancel (scheduled only) answers the cancelled gift with a notice', async () => {
    const { actor, view, cancel, resend } = start({ cancel: async () => gift({ status: 'CANCELLED', canCancel: false, refunded: true }) });
    expect(view().status).toBe('loading');
    await idle(actor);
    expect(view()).toMatchObject({ status: 'ready', canCancel: true, canResend: false });
    view().resend();
    expect(resend).not.toHaveBeenCalled();
    view().cancel();
    expect(view().busy).toBe('cancel');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view()).toMatchObject({ notice: 'giftCancelled', canCancel: false, gift: { status: 'CANCELLED' } });
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it('resend (delivered only) says so; a failed action says so and reads the gift again', async () => {
    let n = 0;
    const delivered = gift({ status: 'DELIVERED', canResend: true, canCancel: false });
    const { actor, view, load } = start({ load: async () => delivered, resend: async () => (++n === 1 ? Promise.reject(apiError(409)) : delivered) });
    await idle(actor);
    view().resend();
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(view()).toMatchObject({ error: 'giftActionFailed', notice: null });
    expect(load).toHaveBeenCalledTimes(2);
    view().resend();
    await waitFor(actor, (s) => s.matches('ready') && s.context.notice !== null);
    expect(view()).toMatchObject({ error: null, notice: 'giftResent' });
  });

  it('an unknown gift is not found; another failure offers retry', async () => {
    const missing = start({ load: async () => Promise.reject(apiError(404)) });
    await idle(missing.actor);
    expect(missing.view().status).toBe('notFound');
    let n = 0;
    const flaky = start({ load: async () => (++n === 1 ? Promise.reject(new Error('offline')) : gift()) });
    await idle(flaky.actor);
    expect(flaky.view().status).toBe('loadFailed');
    flaky.view().retry();
    await waitFor(flaky.actor, (s) => s.matches('ready'));
    expect(flaky.view().gift?.giftId).toBe(ID);
  });
});
