import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { LoginResponse } from '../../contracts/index.js';
import {
  connectGigyaSignIn,
  connectOpinSignIn,
  createGigyaSignInMachine,
  gigyaFailureMessage,
  OPIN_STATE_KEY,
  opinSignInMachine,
  type GigyaAccounts,
  type SessionEvent,
  type TokenExchangeActorInput,
} from '../index.js';
import { fakeApi, testStorage, userTokens } from '../test-helpers.js';

const TOKEN = 'opin-token-0123456789';
const STATE = 'state-abcdef123456';

function opin(options: { search?: string; stored?: string; exchange?: (input: TokenExchangeActorInput) => Promise<LoginResponse>; isKnownKey?: (k: string) => boolean } = {}) {
  const sent: SessionEvent[] = [];
  const assigned: string[] = [];
  const storage = testStorage(options.stored ? { [OPIN_STATE_KEY]: JSON.stringify({ state: options.stored }) } : {});
  const exchange = vi.fn(options.exchange ?? (async () => userTokens(Date.now())));
  const machine = opinSignInMachine.provide({
    actors: { exchange: fromPromise<LoginResponse, TokenExchangeActorInput>(({ input }) => exchange(input)) },
  });
  const actor = createActor(machine, {
    input: {
      api: fakeApi(),
      session: { send: (e) => sent.push(e) },
      search: options.search ?? '',
      pathname: '/login/opin',
      storage,
      navigation: { assign: (url) => assigned.push(url) },
      returnUrl: 'http://web.test/login/opin',
      randomState: () => 'fresh-state-0001',
      ...(options.isKnownKey ? { isKnownKey: options.isKnownKey } : {}),
    },
  }).start();
  const view = () => connectOpinSignIn(actor.getSnapshot(), actor.send);
  return { actor, sent, assigned, storage, exchange, view };
}

describe('opinSignIn (§7 POST /api/v1/opin-auth)', () => {
  it('without a token: waits, then stores a fresh state and leaves for the portal with the sign-in params', () => {
    const { view, assigned, storage, exchange } = opin({ search: '?from=%2Faccount' });
    expect(view()).toMatchObject({ phase: 'idle', cleanUrl: null, error: null });
    view().start('/_opin', 'http://api.test');
    expect(view().phase).toBe('leaving');
    expect(JSON.parse(storage.dump()[OPIN_STATE_KEY]!)).toEqual({ state: 'fresh-state-0001' });
    expect(assigned).toHaveLength(1);
    const url = new URL(assigned[0]!);
    expect(`${url.origin}${url.pathname}`).toBe('http://api.test/_opin/login');
    expect(url.searchParams.get('redirect_uri')).toBe('http://web.test/login/opin?from=%2Faccount');
    expect(url.searchParams.get('state')).toBe('fresh-state-0001');
    expect(exchange).not.toHaveBeenCalled();
  });

  it('a realm entry without a portal address shows providerNotAvailable and goes nowhere', () => {
    const { view, assigned, storage } = opin();
    view().start(undefined, 'http://api.test');
    expect(view()).toMatchObject({ phase: 'failed', error: 'providerNotAvailable' });
    expect(assigned).toEqual([]);
    expect(storage.dump()).toEqual({});
  });

  it('back with the token and this tab\'s state: the address is cleaned, the token exchanged once, the session goes to from', async () => {
    const tokens = await userTokens(Date.now());
    const { actor, view, sent, storage, exchange } = opin({
      search: `?from=%2Faccount&token=${TOKEN}&state=${STATE}`,
      stored: STATE,
      exchange: async () => tokens,
    });
    expect(view().cleanUrl).toBe('/login/opin?from=%2Faccount');
    expect(view().phase).toBe('exchanging');
    expect(JSON.parse(storage.dump()[OPIN_STATE_KEY]!)).toEqual({ state: STATE, token: TOKEN });
    await waitFor(actor, (s) => s.status === 'done');
    expect(storage.dump()).toEqual({});
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(exchange.mock.calls[0]![0].token).toBe(TOKEN);
    // The session goes to the target of the query without the portal's token and state.
    expect(sent).toEqual([{ type: 'session.signedIn', tokens, afterSignIn: { search: '?from=%2Faccount' } }]);
    expect(actor.getSnapshot().output).toEqual({ tokens });
    expect(view()).toMatchObject({ phase: 'signedIn' });
  });

  it('a token whose state is not this tab\'s (or no state stored) is refused without a call', () => {
    for (const stored of ['other-state-0001', undefined]) {
      const { view, exchange } = opin({ search: `?token=${TOKEN}&state=${STATE}`, ...(stored ? { stored } : {}) });
      expect(view()).toMatchObject({ phase: 'failed', error: 'opinReturnRefused', cleanUrl: '/login/opin' });
      expect(exchange).not.toHaveBeenCalled();
    }
    const malformed = opin({ search: '?token=%3Cx%3E&state=' + STATE, stored: STATE });
    expect(malformed.view()).toMatchObject({ phase: 'failed', error: 'opinReturnRefused' });
  });

  it('mounted again after the address was cleaned, the page resumes the pending exchange of the same token', async () => {
    const tokens = await userTokens(Date.now());
    const first = opin({ search: `?token=${TOKEN}&state=${STATE}`, stored: STATE, exchange: () => new Promise(() => {}) });
    expect(first.view().phase).toBe('exchanging');
    first.actor.stop();
    const resumed = createActor(
      opinSignInMachine.provide({ actors: { exchange: fromPromise<LoginResponse, TokenExchangeActorInput>(async ({ input }) => (input.token === TOKEN ? tokens : Promise.reject(new Error('x')))) } }),
      {
        input: {
          api: fakeApi(), session: { send: () => {} }, search: '', pathname: '/login/opin', storage: first.storage,
          navigation: { assign: () => {} }, returnUrl: 'http://web.test/login/opin', randomState: () => 'unused-state',
        },
      },
    ).start();
    await waitFor(resumed, (s) => s.status === 'done');
    expect(first.storage.dump()).toEqual({});
    // Without a pending return, a page with no token just waits.
    expect(opin().view().phase).toBe('idle');
  });

  it('a refused token shows the §8 message and offers the portal again', async () => {
    const refused = new ApiError({ call: 'credentialProviders.opin', status: 401, code: 'UNAUTHORIZED', messages: ['opinTokenInvalid'], requestId: 'r' });
    const { actor, view, sent, assigned } = opin({
      search: `?token=${TOKEN}&state=${STATE}`,
      stored: STATE,
      exchange: () => Promise.reject(refused),
      isKnownKey: (k) => k === 'opinTokenInvalid',
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().error).toBe('opinTokenInvalid');
    expect(sent).toEqual([]);
    view().start('https://opin.example.test');
    expect(view().phase).toBe('leaving');
    expect(assigned[0]).toMatch(/^https:\/\/opin\.example\.test\/login\?/);
  });

  it('the real exchange actor spends a token once even when two pages start on it', async () => {
    const tokens = await userTokens(Date.now());
    const opinCall = vi.fn(async () => tokens);
    const api = fakeApi({ credentialProviders: { opin: opinCall } });
    const start = () =>
      createActor(opinSignInMachine, {
        input: {
          api,
          session: { send: () => {} },
          search: `?token=${TOKEN}&state=${STATE}`,
          pathname: '/login/opin',
          storage: testStorage({ [OPIN_STATE_KEY]: JSON.stringify({ state: STATE }) }),
          navigation: { assign: () => {} },
          returnUrl: 'http://web.test/login/opin',
          randomState: () => 'unused-state',
        },
      }).start();
    const [a, b] = [start(), start()];
    await Promise.all([waitFor(a, (s) => s.status === 'done'), waitFor(b, (s) => s.status === 'done')]);
    expect(opinCall).toHaveBeenCalledTimes(1);
    expect(opinCall).toHaveBeenCalledWith({ body: { opinAuthToken: TOKEN } });
  });
});

function gigya(options: {
  scriptUrl?: unknown;
  apiKey?: unknown;
  load?: (config: { scriptUrl: string; apiKey: string }) => Promise<GigyaAccounts>;
  login?: (credentials: { loginID: string; password: string }) => Promise<{ idToken: string }>;
  exchange?: (idToken: string) => Promise<LoginResponse>;
  search?: string;
} = {}) {
  const sent: SessionEvent[] = [];
  const login = vi.fn(options.login ?? (async () => ({ idToken: 'gigya.id.token' })));
  const load = vi.fn(options.load ?? (async () => ({ login })));
  const exchange = vi.fn(options.exchange ?? (async () => userTokens(Date.now())));
  const machine = createGigyaSignInMachine({
    scriptUrl: 'scriptUrl' in options ? options.scriptUrl : '/_gigya/gigya.js',
    apiKey: 'apiKey' in options ? options.apiKey : 'gigya-key',
    base: 'http://api.test',
    loader: { load },
  });
  const actor = createActor(machine, {
    input: { api: fakeApi({ credentialProviders: { gigya: ({ body }) => exchange(body.idToken) } }), session: { send: (e) => sent.push(e) }, search: options.search ?? '' },
  }).start();
  const view = () => connectGigyaSignIn(actor.getSnapshot(), actor.send);
  const fill = (email = 'gigya.user@example.test', password = 'gigya-pass') => {
    view().change('email', email);
    view().change('password', password);
    view().submit();
  };
  const failed = () => waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
  return { actor, sent, load, login, exchange, view, fill, failed };
}

describe('gigyaSignIn (§5 the sign-in script rule)', () => {
  it('without a script URL or an api key: missingScriptUrlOrApiKey, and no script loads', async () => {
    for (const settings of [{ scriptUrl: undefined }, { apiKey: '' }, { scriptUrl: 'javascript:alert(1)' }]) {
      const { view, load, fill, failed } = gigya(settings);
      fill();
      await failed();
      expect(view().error).toBe('missingScriptUrlOrApiKey');
      expect(load).not.toHaveBeenCalled();
    }
  });

  it('loads the script (path resolved on the platform), signs in with it, trades the id token, hands it over to go to from', async () => {
    const tokens = await userTokens(Date.now());
    const { actor, view, load, login, exchange, sent, fill } = gigya({ search: '?from=%2Faccount', exchange: async () => tokens });
    fill(' gigya.user@example.test ');
    expect(view().isSubmitting).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(load).toHaveBeenCalledWith({ scriptUrl: 'http://api.test/_gigya/gigya.js', apiKey: 'gigya-key' });
    expect(login).toHaveBeenCalledWith({ loginID: 'gigya.user@example.test', password: 'gigya-pass' });
    expect(exchange).toHaveBeenCalledWith('gigya.id.token');
    expect(sent).toEqual([{ type: 'session.signedIn', tokens, afterSignIn: { search: '?from=%2Faccount' } }]);
    expect(actor.getSnapshot().output).toEqual({ tokens });
    expect(view()).toMatchObject({ isDone: true, error: null });
  });

  it('a script that does not load shows couldntLoadSignInScript; the next submit loads again', async () => {
    let fail = true;
    const { actor, view, load, fill, failed } = gigya({
      load: async () => (fail ? Promise.reject(new Error('blocked')) : { login: async () => ({ idToken: 't' }) }),
    });
    fill();
    await failed();
    expect(view().error).toBe('couldntLoadSignInScript');
    fail = false;
    view().submit();
    await waitFor(actor, (s) => s.status === 'done');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('validation first; a refused sign-in at the script or at the platform shows the §8 message, values kept', async () => {
    const wrong = { status: 401, code: 'UNAUTHORIZED', messages: [] };
    const { view, login, exchange, fill, failed } = gigya({ login: () => Promise.reject(wrong) });
    view().submit();
    expect(view().error).toBe('EMPTY_INPUTS');
    fill('not-an-email', 'x');
    expect(view().fieldErrors).toEqual({ email: 'pleaseProvideValidEmail' });
    fill('gigya.user@example.test', 'x');
    await failed();
    expect(view()).toMatchObject({ error: 'invalidCredentials', values: { email: 'gigya.user@example.test', password: 'x' } });
    expect(login).toHaveBeenCalledTimes(1);
    expect(exchange).not.toHaveBeenCalled();

    const refused = new ApiError({ call: 'credentialProviders.gigya', status: 401, code: 'UNAUTHORIZED', messages: ['gigyaTokenInvalid'], requestId: 'r' });
    const second = gigya({ exchange: () => Promise.reject(refused) });
    second.fill();
    await second.failed();
    expect(second.view().error).toBe('invalidCredentials');
    expect(gigyaFailureMessage(refused, (k) => k === 'gigyaTokenInvalid')).toBe('gigyaTokenInvalid');
    expect(gigyaFailureMessage({ signInScriptFailure: 'couldntLoadSignInScript' }, () => true)).toBe('couldntLoadSignInScript');
  });
});
