import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, NetworkError } from '../../api/errors.js';
import type { LoginResponse } from '../../contracts/index.js';
import { connectIdSignIn, idSignInMachine } from '../index.js';
import type { IdSignInInput, LoginActorInput, SessionEvent } from '../index.js';
import { fakeApi, userTokens } from '../test-helpers.js';

function setup(options: { login?: (input: { id: string; secret: string }) => Promise<LoginResponse> } & Partial<IdSignInInput> = {}) {
  const sent: SessionEvent[] = [];
  const login = vi.fn(options.login ?? (async () => userTokens(Date.now())));
  const machine = idSignInMachine.provide({
    actors: { login: fromPromise<LoginResponse, LoginActorInput>(({ input }) => login({ id: input.id, secret: input.secret })) },
  });
  const actor = createActor(machine, {
    input: {
      api: fakeApi(),
      session: { send: (event) => sent.push(event) },
      search: options.search ?? '',
      ...(options.embedded ? { embedded: true } : {}),
      ...(options.isKnownKey ? { isKnownKey: options.isKnownKey } : {}),
    },
  }).start();
  const view = () => connectIdSignIn(actor.getSnapshot(), actor.send);
  return { actor, sent, login, view };
}

describe('idSignIn (§4 "ID sign-in")', () => {
  it('success outputs the tokens and hands them to the session once, with the query of the target (§2)', async () => {
    const tokens = await userTokens(Date.now());
    const { actor, sent, login, view } = setup({ login: async () => tokens, search: '?from=%2Faccount' });
    view().change('email', 'viewer@example.com');
    view().change('password', 'secret-pass');
    view().submit();
    expect(view().isSubmitting).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(login).toHaveBeenCalledWith({ id: 'viewer@example.com', secret: 'secret-pass' });
    expect(sent).toEqual([{ type: 'session.signedIn', tokens, afterSignIn: { search: '?from=%2Faccount' } }]);
    expect(actor.getSnapshot().output).toEqual({ tokens });
    expect(view()).toMatchObject({ isDone: true, isSubmitting: false, error: null });
  });

  it('embedded in another flow (the checkout journey), it hands the tokens over without a target: the flow goes on', async () => {
    const tokens = await userTokens(Date.now());
    const { actor, sent, view } = setup({ login: async () => tokens, search: '?from=%2Faccount', embedded: true });
    view().change('email', 'viewer@example.com');
    view().change('password', 'x');
    view().submit();
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ type: 'session.signedIn', tokens }]);
    expect(actor.getSnapshot().output).toEqual({ tokens });
  });

  it('submitting an empty form shows EMPTY_INPUTS and calls nothing', () => {
    const { actor, login, sent, view } = setup();
    view().submit();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().error).toBe('EMPTY_INPUTS');
    expect(login).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('an invalid email gives a field error; editing the field clears it', () => {
    const { login, view } = setup();
    view().change('email', 'not-an-email');
    view().submit();
    expect(view().fieldErrors).toEqual({ password: 'passwordIsEmpty', email: 'pleaseProvideValidEmail' });
    expect(view().error).toBeNull();
    view().change('email', 'viewer@example.com');
    expect(view().fieldErrors).toEqual({ password: 'passwordIsEmpty' });
    expect(login).not.toHaveBeenCalled();
  });

  it('a server failure shows the known server message, ends loading and keeps the values', async () => {
    const error = new ApiError({ call: 'auth.login', status: 401, code: 'UNAUTHORIZED', messages: ['wrongPassword'], requestId: 'r1' });
    const { actor, sent, view } = setup({
      login: async () => Promise.reject(error),
      isKnownKey: (key) => key === 'wrongPassword',
    });
    view().change('email', 'viewer@example.com');
    view().change('password', 'bad-pass');
    view().submit();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(view()).toMatchObject({
      error: 'wrongPassword',
      isSubmitting: false,
      isDone: false,
      values: { email: 'viewer@example.com', password: 'bad-pass' },
    });
    expect(sent).toEqual([]);
  });

  it('an unknown server message falls back to the code table, a network error to networkError', async () => {
    const unknown = new ApiError({ call: 'auth.login', status: 401, code: 'UNAUTHORIZED', messages: ['???'], requestId: 'r2' });
    const first = setup({ login: async () => Promise.reject(unknown) });
    first.view().change('email', 'viewer@example.com');
    first.view().change('password', 'p');
    first.view().submit();
    await waitFor(first.actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(first.view().error).toBe('invalidCredentials');

    const second = setup({ login: async () => Promise.reject(new NetworkError('auth.login', new TypeError('fetch failed'))) });
    second.view().change('email', 'viewer@example.com');
    second.view().change('password', 'p');
    second.view().submit();
    await waitFor(second.actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(second.view().error).toBe('networkError');
  });

  it('a throttled attempt (429 TOO_MANY_ATTEMPTS) shows tooManyAttempts with the wait in seconds', async () => {
    const throttled = new ApiError({ call: 'auth.login', status: 429, code: 'TOO_MANY_ATTEMPTS', messages: ['tooManyAttempts'], requestId: 'r3', retryAfterSeconds: 30 });
    const { actor, view } = setup({ login: async () => Promise.reject(throttled) });
    view().change('email', 'viewer@example.com');
    view().change('password', 'p');
    view().submit();
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(view()).toMatchObject({ error: 'tooManyAttempts', errorVars: { seconds: '30' } });
    // Editing and submitting again clears the wait with the error.
    view().change('password', '');
    view().submit();
    expect(view().errorVars).toEqual({});
  });

  it('calls api.auth.login through the real actor with the trimmed email', async () => {
    const tokens = await userTokens(Date.now());
    const api = fakeApi({ login: async () => tokens });
    const sent: SessionEvent[] = [];
    const actor = createActor(idSignInMachine, {
      input: { api, session: { send: (e) => sent.push(e) }, search: '', email: ' viewer@example.com ' },
    }).start();
    expect(actor.getSnapshot().context.values.email).toBe(' viewer@example.com ');
    actor.send({ type: 'form.change', field: 'password', value: 'pw' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(api.calls.login).toEqual([{ id: 'viewer@example.com', secret: 'pw' }]);
    expect(sent).toHaveLength(1);
  });
});
