import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { LoginResponse } from '../../contracts/index.js';
import { connectSignUp, signUpMachine } from '../index.js';
import type { SessionEvent, SignUpActorInput } from '../index.js';
import { fakeApi, userTokens } from '../test-helpers.js';

type Body = { id: string; secret: string; name: string };

function setup(signUp: (body: Body) => Promise<LoginResponse>, search = '') {
  const sent: SessionEvent[] = [];
  const spy = vi.fn(signUp);
  const machine = signUpMachine.provide({
    actors: { signUp: fromPromise<LoginResponse, SignUpActorInput>(({ input }) => spy({ id: input.id, secret: input.secret, name: input.name })) },
  });
  const actor = createActor(machine, {
    input: { api: fakeApi(), session: { send: (event) => sent.push(event) }, search },
  }).start();
  const view = () => connectSignUp(actor.getSnapshot(), actor.send);
  const fill = () => {
    view().change('name', ' Ada ');
    view().change('email', 'ada@example.com');
    view().change('password', 'long-enough-pw');
  };
  return { actor, sent, spy, view, fill };
}

describe('signUp', () => {
  it('success outputs the tokens and hands them to the session with the query of the target', async () => {
    const tokens = await userTokens(Date.now());
    const { actor, sent, spy, view, fill } = setup(async () => tokens, '?from=%2Fpreferences');
    fill();
    view().submit();
    expect(view().isSubmitting).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(spy).toHaveBeenCalledWith({ id: 'ada@example.com', secret: 'long-enough-pw', name: 'Ada' });
    expect(sent).toEqual([{ type: 'session.signedIn', tokens, afterSignIn: { search: '?from=%2Fpreferences' } }]);
    expect(actor.getSnapshot().output).toEqual({ tokens });
    expect(view()).toMatchObject({ isDone: true });
  });

  it('an empty form gives per-field messages and calls nothing', () => {
    const { spy, view, actor } = setup(async () => userTokens(Date.now()));
    view().submit();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().fieldErrors).toEqual({
      name: 'pleaseProvideYourName',
      email: 'pleaseProvideYourEmail',
      password: 'passwordIsEmpty',
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it('409 shows emailAlreadyInUse and keeps the values', async () => {
    const conflict = new ApiError({ call: 'auth.signUp', status: 409, code: 'CONFLICT', messages: [], requestId: 'r' });
    const { actor, sent, view, fill } = setup(async () => Promise.reject(conflict));
    fill();
    view().submit();
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(view()).toMatchObject({
      error: 'emailAlreadyInUse',
      isSubmitting: false,
      values: { name: ' Ada ', email: 'ada@example.com', password: 'long-enough-pw' },
    });
    expect(sent).toEqual([]);
  });

  it('calls api.auth.signUp through the real actor', async () => {
    const tokens = await userTokens(Date.now());
    const api = fakeApi({ signUp: async () => tokens });
    const actor = createActor(signUpMachine, { input: { api, session: { send: () => {} }, search: '' } }).start();
    actor.send({ type: 'form.change', field: 'name', value: 'Ada' });
    actor.send({ type: 'form.change', field: 'email', value: 'ada@example.com' });
    actor.send({ type: 'form.change', field: 'password', value: 'long-enough-pw' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(api.calls.signUp).toEqual([{ id: 'ada@example.com', secret: 'long-enough-pw', name: 'Ada' }]);
  });
});
