import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, NetworkError } from '../../api/errors.js';
import { connectEmailConfirmation, emailConfirmationMachine, type ConfirmActorInput } from '../index.js';
import { fakeApi } from '../test-helpers.js';

function start(token: string | null, confirm: (input: ConfirmActorInput) => Promise<{ email: string }>) {
  const fake = vi.fn(confirm);
  const machine = emailConfirmationMachine.provide({
    actors: { confirm: fromPromise<{ email: string }, ConfirmActorInput>(({ input }) => fake(input)) },
  });
  const actor = createActor(machine, { input: { api: fakeApi(), token } }).start();
  return { actor, confirm: fake, view: () => connectEmailConfirmation(actor.getSnapshot()) };
}

const apiError = (status: number, code: string) =>
  new ApiError({ call: 'emailConfirmation.confirm', status, code, messages: [], requestId: 'r' });

describe('emailConfirmation (§2 "Email confirmation page", §8)', () => {
  it('a good token: confirming, then confirmed with the email', async () => {
    const { actor, view, confirm } = start('tok-1', async () => ({ email: 'viewer@example.com' }));
    expect(view()).toEqual({ status: 'confirming', email: null, error: null });
    await waitFor(actor, (s) => s.status === 'done');
    expect(confirm.mock.calls.map(([input]) => input.token)).toEqual(['tok-1']);
    expect(view()).toEqual({ status: 'confirmed', email: 'viewer@example.com', error: null });
  });

  it('a 404 shows the invalid-token message', async () => {
    const { actor, view } = start('used', async () => Promise.reject(apiError(404, 'NOT_FOUND')));
    await waitFor(actor, (s) => s.status === 'done');
    expect(view()).toEqual({ status: 'invalidToken', email: null, error: 'invalidConfirmationToken' });
  });

  it('any other failure shows something went wrong', async () => {
    for (const error of [apiError(500, 'INTERNAL_ERROR'), apiError(400, 'BAD_REQUEST'), new NetworkError('emailConfirmation.confirm', new TypeError('x'))]) {
      const { actor, view } = start('tok', async () => Promise.reject(error));
      await waitFor(actor, (s) => s.status === 'done');
      expect(view()).toEqual({ status: 'failed', email: null, error: 'somethingWentWrong' });
    }
  });

  it('a missing or empty token fails at once and sends nothing', () => {
    for (const token of [null, '', '   ']) {
      const { actor, view, confirm } = start(token, async () => ({ email: 'x@example.com' }));
      expect(actor.getSnapshot().status).toBe('done');
      expect(view()).toEqual({ status: 'failed', email: null, error: 'somethingWentWrong' });
      expect(confirm).not.toHaveBeenCalled();
    }
  });

  it('confirms once per token through the real actor, even when the effect repeats', async () => {
    const confirm = vi.fn(async () => ({ email: 'viewer@example.com' }));
    const api = fakeApi({ emailConfirmation: { confirm } });
    const first = createActor(emailConfirmationMachine, { input: { api, token: 'tok-once' } }).start();
    first.stop();
    const second = createActor(emailConfirmationMachine, { input: { api, token: 'tok-once' } }).start();
    await waitFor(second, (s) => s.status === 'done');
    expect(second.getSnapshot().value).toBe('confirmed');
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});
