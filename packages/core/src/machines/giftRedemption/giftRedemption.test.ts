import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, NetworkError } from '../../api/errors.js';
import type { GiftRedemption } from '../../contracts/gifts.js';
import { connectGiftRedemption, giftRedemptionMachine, type RedeemGiftActorInput } from '../index.js';
import { fakeApi } from '../test-helpers.js';

const CODE = 'ABCD0123EFGH4567JKMN89PQ';
const RESULT: GiftRedemption = { licenceId: '102', licenceName: 'Sports Premium', months: 3, outcome: 'new', expiresAt: '2027-02-26T12:00:00.000Z', redeemedAt: '2026-11-26T12:00:00.000Z' };
const apiError = (status: number, code: string) => new ApiError({ call: 'gifts.redeem', status, code, messages: [], requestId: 'r' });

function start(redeem: (input: RedeemGiftActorInput) => Promise<GiftRedemption>, input: { code?: string | null; autoSubmit?: boolean } = {}) {
  const fake = vi.fn(redeem);
  const machine = giftRedemptionMachine.provide({ actors: { redeem: fromPromise<GiftRedemption, RedeemGiftActorInput>(({ input }) => fake(input)) } });
  const actor = createActor(machine, { input: { api: fakeApi(), ...input } }).start();
  return { actor, redeem: fake, view: () => connectGiftRedemption(actor.getSnapshot(), actor.send) };
}
const settled = (actor: { getSnapshot(): { value: unknown } }) => waitFor(actor as never, (s: { value: unknown }) => s.value !== 'redeeming');

describe('giftRedemption (issue 18)', () => {
  it('a typed code, in any case with dashes, is sent in its stored form; redeemed shows the result', async () => {
    const { actor, view, redeem } = start(async () => RESULT);
    expect(view().status).toBe('editing');
    view().setCode('abcd-0123-efgh-4567-jkmn-89pq');
    view().submit();
    await waitFor(actor, (s) => s.status === 'done');
    expect(redeem.mock.calls.map(([input]) => input.code)).toEqual([CODE]);
    expect(view()).toMatchObject({ status: 'redeemed', error: null, result: RESULT });
  });

  it('a code that is not a whole code is refused without a call', () => {
    const { view, redeem } = start(async () => RESULT);
    view().setCode('ABC');
    view().submit();
    expect(view()).toMatchObject({ status: 'editing', error: 'giftCodeInvalid' });
    expect(redeem).not.toHaveBeenCalled();
    view().setCode('ABCD');
    expect(view().error).toBeNull();
  });

  it('shows why a code cannot be used, and lets the viewer try again', async () => {
    const cases: [unknown, string][] = [
      [apiError(404, 'GIFT_CODE_INVALID'), 'giftCodeInvalid'],
      [apiError(409, 'GIFT_CODE_USED'), 'giftCodeAlreadyUsed'],
      [apiError(409, 'GIFT_CODE_EXPIRED'), 'giftCodeExpired'],
      [apiError(429, 'TOO_MANY_ATTEMPTS'), 'tooManyAttempts'],
      [new NetworkError('gifts.redeem', new TypeError('offline')), 'somethingWentWrong'],
    ];
    for (const [error, key] of cases) {
      let n = 0;
      const { actor, view } = start(async () => (++n === 1 ? Promise.reject(error) : RESULT), { code: CODE });
      view().submit();
      await settled(actor);
      expect(view()).toMatchObject({ status: 'editing', error: key });
      view().submit();
      await waitFor(actor, (s) => s.status === 'done');
      expect(view().status).toBe('redeemed');
    }
  });

  it('the emailed link redeems at once with autoSubmit; without it, it waits for submit', async () => {
    const auto = start(async () => RESULT, { code: CODE, autoSubmit: true });
    await waitFor(auto.actor, (s) => s.status === 'done');
    expect(auto.redeem).toHaveBeenCalledTimes(1);
    const manual = start(async () => RESULT, { code: CODE });
    expect(manual.view()).toMatchObject({ status: 'editing', code: CODE });
    expect(manual.redeem).not.toHaveBeenCalled();
    const empty = start(async () => RESULT, { code: '', autoSubmit: true });
    expect(empty.view().status).toBe('editing');
  });
});
