import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import { PROVIDER_CREDENTIALS_INVALID_KEY } from './providerSignIn.machine.js';
import type { LoginResponse } from '../../contracts/index.js';
import { connectProviderSignIn, pbrSignInMachine, sptvSignInMachine } from '../index.js';
import type { CredentialProvider, ProviderLoginActorInput, SessionEvent } from '../index.js';
import { fakeApi, userTokens } from '../test-helpers.js';

function setup(options: { provider?: CredentialProvider; search?: string; isKnownKey?: (key: string) => boolean; login?: (input: ProviderLoginActorInput) => Promise<LoginResponse> } = {}) {
  const sent: SessionEvent[] = [];
  const login = vi.fn(options.login ?? (async () => userTokens(Date.now())));
  const machine = (options.provider === 'sptv' ? sptvSignInMachine : pbrSignInMachine).provide({
    actors: { providerLogin: fromPromise<LoginResponse, ProviderLoginActorInput>(({ input }) => login(input)) },
  });
  const actor = createActor(machine, {
    input: {
      api: fakeApi(),
      session: { send: (event) => sent.push(event) },
      search: options.search ?? '',
      ...(options.isKnownKey ? { isKnownKey: options.isKnownKey } : {}),
    },
  }).start();
  const view = () => connectProviderSignIn(actor.getSnapshot(), actor.send);
  return { actor, sent, login, view };
}

describe('providerSignIn (§7 PBR and SPTV id/secret)', () => {
  it('PBR success hands the tokens to the session, which goes to from', async () => {
    const tokens = await userTokens(Date.now());
    const { actor, sent, login, view } = setup({ login: async () => tokens, search: '?from=%2Faccount' });
    view().change('username', ' pbr.viewer ');
    view().change('password', 'pbr secret');
    view().submit();
    expect(view().isSubmitting).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(login).toHaveBeenCalledWith(expect.objectContaining({ provider: 'pbr', id: 'pbr.viewer', secret: 'pbr secret' }));
    expect(sent).toEqual([{ type: 'session.signedIn', tokens, afterSignIn: { search: '?from=%2Faccount' } }]);
    expect(actor.getSnapshot().output).toEqual({ tokens });
    expect(view()).toMatchObject({ isDone: true, error: null });
  });

  it('an empty form shows EMPTY_INPUTS, one empty field its own key; nothing is sent', () => {
    const { login, view } = setup();
    view().submit();
    expect(view().error).toBe('EMPTY_INPUTS');
    view().change('username', 'someone');
    view().submit();
    expect(view().fieldErrors).toEqual({ password: 'passwordIsEmpty' });
    expect(login).not.toHaveBeenCalled();
  });

  it('a refused secret shows the known server message, else the code table, values kept', async () => {
    const refused = new ApiError({ call: 'credentialProviders.pbr', status: 404, code: 'NOT_FOUND', messages: [PROVIDER_CREDENTIALS_INVALID_KEY], requestId: 'r' });
    const known = setup({ login: () => Promise.reject(refused), isKnownKey: (key) => key === 'providerCredentialsInvalid' });
    known.view().change('username', 'pbr.viewer');
    known.view().change('password', 'wrong');
    known.view().submit();
    await waitFor(known.actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(known.view()).toMatchObject({ error: 'providerCredentialsInvalid', values: { username: 'pbr.viewer', password: 'wrong' }, isDone: false });
    expect(known.sent).toEqual([]);

    const unknown = setup({ provider: 'sptv', login: () => Promise.reject(refused) });
    unknown.view().change('username', 'tv');
    unknown.view().change('password', 'x');
    unknown.view().submit();
    await waitFor(unknown.actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(unknown.view().error).toBe('invalidCredentials');
  });

  it('the real actor calls the chosen provider with the trimmed id and the secret as typed', async () => {
    const tokens = await userTokens(Date.now());
    const pbr = vi.fn(async () => tokens);
    const sptv = vi.fn(async () => tokens);
    const actor = createActor(sptvSignInMachine, {
      input: { api: fakeApi({ credentialProviders: { pbr, sptv } }), session: { send: () => {} }, search: '' },
    }).start();
    actor.send({ type: 'form.change', field: 'username', value: ' tv.viewer ' });
    actor.send({ type: 'form.change', field: 'password', value: ' s ' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sptv).toHaveBeenCalledWith({ body: { id: 'tv.viewer', secret: ' s ' } });
    expect(pbr).not.toHaveBeenCalled();
  });
});
