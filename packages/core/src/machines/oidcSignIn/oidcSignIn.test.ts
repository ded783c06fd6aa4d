import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { ApiClient } from '../../api/types.js';
import type { LoginResponse } from '../../contracts/index.js';
import { memoryNavigation } from '../../platform/navigation.js';
import type { SessionEvent } from '../session/session.types.js';
import {
  connectOidcSignIn,
  createExchangeRegistry,
  OIDC_PENDING_TTL_MS,
  oidcPendingKey,
  oidcSignInMachine,
  type OidcExchangeRegistry,
  type OidcSignInInput,
} from '../index.js';
import { fakeApi, testStorage } from '../test-helpers.js';

const CLIENT = 'stream-idp';
const PATH = `/login/openid/${CLIENT}`;
const NOW = Date.UTC(2026, 0, 1);
const TOKENS: LoginResponse = { authorisationToken: 'access-1', refreshToken: 'refresh-1' };
const authUri = (state: string | null) =>
  `http://idp.test/_oidc/auth?client_id=${CLIENT}&code_challenge=abc${state === null ? '' : `&state=${state}`}`;

/** A world shared by every page load of one tab: storage, the exchange registry, the calls made. */
function tab(options: { token?: (code: string, state: string) => Promise<LoginResponse>; uriState?: string | null } = {}) {
  const storage = testStorage();
  const exchanges: OidcExchangeRegistry = createExchangeRegistry();
  const tokenCalls: { code: string; state: string }[] = [];
  const uriCalls: Parameters<ApiClient['openid']['authUri']>[0][] = [];
  const sessionEvents: SessionEvent[] = [];
  let now = NOW;
  let uriCount = 0;
  const api = fakeApi({
    openid: {
      authUri: async (input) => {
        uriCalls.push(input);
        uriCount += 1;
        return { authorisationUri: authUri(options.uriState === undefined ? `state-${uriCount}` : options.uriState) };
      },
      token: async ({ params, body }) => {
        expect(params.client).toBe(CLIENT);
        tokenCalls.push({ code: body.authorisationCode, state: body.state });
        return (options.token ?? (async () => TOKENS))(body.authorisationCode, body.state);
      },
    },
  });
  const open = (search: string, extra: Partial<OidcSignInInput> = {}) => {
    const navigation = memoryNavigation(`${PATH}${search}`);
    const actor = createActor(oidcSignInMachine, {
      input: {
        api,
        session: { send: (event) => sessionEvents.push(event) },
        clientName: CLIENT,
        pathname: PATH,
        search,
        storage,
        navigation,
        redirectUri: `http://web.test${PATH}`,
        now: () => now,
        exchanges,
        ...extra,
      },
    }).start();
    return { actor, navigation, view: () => connectOidcSignIn(actor.getSnapshot(), actor.send) };
  };
  return { storage, tokenCalls, uriCalls, sessionEvents, open, exchanges, advance: (ms: number) => void (now += ms) };
}

/** Leaves for the provider from `search`; answers the state the tab stored. */
async function leave(world: ReturnType<typeof tab>, search = '?from=%2Faccount') {
  const page = world.open(search);
  await waitFor(page.actor, (s) => s.status === 'done' || s.matches('failed'));
  const stored = JSON.parse(world.storage.getItem(oidcPendingKey(CLIENT)) ?? 'null') as { state: string } | null;
  return { page, state: stored?.state ?? null };
}

describe('oidcSignIn: leaving for the provider', () => {
  it('no code: asks for the authorisation URI, keeps its state and the sign-in params, and leaves', async () => {
    const world = tab();
    const { page, state } = await leave(world, '?from=%2Faccount&entryPage=LOGIN&licences=101&licences=102');
    expect(world.uriCalls).toEqual([{ params: { client: CLIENT }, query: { authoriseUriFlow: 'SIGNIN', redirectUri: `http://web.test${PATH}` } }]);
    expect(state).toBe('state-1');
    expect(JSON.parse(world.storage.getItem(oidcPendingKey(CLIENT))!)).toEqual({
      state: 'state-1',
      createdAt: NOW,
      from: '/account',
      entryPage: 'LOGIN',
      licences: ['101', '102'],
    });
    expect(page.navigation.calls).toEqual([{ type: 'assign', url: authUri('state-1') }]);
    expect(page.view()).toMatchObject({ phase: 'leaving', busy: true, error: null });
  });

  it('type=signup asks for the SIGNUP flow', async () => {
    const world = tab();
    await leave(world, '?type=signup');
    expect(world.uriCalls[0]?.query.authoriseUriFlow).toBe('SIGNUP');
  });

  it('a URI without state is refused: no storage, no leaving', async () => {
    const world = tab({ uriState: null });
    const { page } = await leave(world);
    expect(page.view()).toMatchObject({ phase: 'failed', error: 'ssoSignInFailed', failure: 'noStateInUri' });
    expect(page.navigation.calls).toEqual([]);
    expect(world.storage.getItem(oidcPendingKey(CLIENT))).toBeNull();
  });

  it('an auth-uri failure shows the first server message when known, else the default SSO error', async () => {
    const failing = (known: boolean) => {
      const navigation = memoryNavigation(PATH);
      const api = fakeApi({
        openid: {
          authUri: () =>
            Promise.reject(new ApiError({ call: 'openid.authUri', status: 404, code: 'NOT_FOUND', messages: ['unknownOpenIdClient'], requestId: undefined })),
        },
      });
      return createActor(oidcSignInMachine, {
        input: { api, session: { send: () => undefined }, clientName: CLIENT, pathname: PATH, search: '', storage: testStorage(), navigation, now: () => NOW, isKnownKey: () => known },
      }).start();
    };
    const known = failing(true);
    await waitFor(known, (s) => s.matches('failed'));
    expect(known.getSnapshot().context).toMatchObject({ error: 'unknownOpenIdClient', failure: 'authUri' });
    const unknown = failing(false);
    await waitFor(unknown, (s) => s.matches('failed'));
    expect(unknown.getSnapshot().context.error).toBe('ssoSignInFailed');
  });
});

describe('oidcSignIn: back from the provider', () => {
  it('matching state: the params come back with PAGE_READY=true, the code leaves the address bar, one exchange, signed in to from', async () => {
    const world = tab();
    const { state } = await leave(world, '?from=%2Faccount&type=login');
    const back = world.open(`?code=the-code&state=${state}&iss=http%3A%2F%2Fidp.test`);
    expect(back.view()).toMatchObject({ phase: 'returning', busy: true, cleanUrl: `${PATH}?from=%2Faccount&type=login&PAGE_READY=true` });
    expect(back.view().cleanUrl).not.toMatch(/code|state/);
    expect(world.tokenCalls).toEqual([]); // not before PAGE_READY
    back.view().urlReplaced();
    await waitFor(back.actor, (s) => s.status === 'done');
    expect(world.tokenCalls).toEqual([{ code: 'the-code', state }]);
    expect(world.sessionEvents).toEqual([{ type: 'session.signedIn', tokens: TOKENS, afterSignIn: { search: '?from=%2Faccount&type=login' } }]);
    expect(back.actor.getSnapshot().output).toEqual({ tokens: TOKENS });
    expect(back.view()).toMatchObject({ phase: 'signedIn', busy: false, error: null });
    expect(world.storage.getItem(oidcPendingKey(CLIENT))).toBeNull();
  });

  it('a state that differs is refused: error, no exchange, the code leaves the address bar', async () => {
    const world = tab();
    await leave(world);
    const back = world.open('?code=the-code&state=forged');
    expect(back.view()).toMatchObject({ phase: 'failed', error: 'ssoStateMismatch', failure: 'stateMismatch', cleanUrl: `${PATH}?from=%2Faccount` });
    back.view().urlReplaced();
    expect(world.tokenCalls).toEqual([]);
  });

  it('a return without a pending sign-in (another tab, or none) is refused', () => {
    const world = tab();
    const back = world.open('?code=the-code&state=state-1');
    expect(back.view()).toMatchObject({ phase: 'failed', error: 'ssoStateMismatch', cleanUrl: PATH });
    expect(world.tokenCalls).toEqual([]);
  });

  it('a pending sign-in older than 10 minutes is refused', async () => {
    const world = tab();
    const { state } = await leave(world);
    world.advance(OIDC_PENDING_TTL_MS);
    const back = world.open(`?code=the-code&state=${state}`);
    expect(back.view()).toMatchObject({ phase: 'failed', error: 'ssoStateMismatch' });
  });

  it('replaying the callback URL after the sign-in does not exchange again', async () => {
    const world = tab();
    const { state } = await leave(world);
    const first = world.open(`?code=the-code&state=${state}`);
    first.view().urlReplaced();
    await waitFor(first.actor, (s) => s.status === 'done');
    const replay = world.open(`?code=the-code&state=${state}`);
    expect(replay.view()).toMatchObject({ phase: 'failed', error: 'ssoStateMismatch' });
    const readyReplay = world.open('?from=%2Faccount&PAGE_READY=true');
    expect(readyReplay.view()).toMatchObject({ phase: 'failed', error: 'ssoStateMismatch' });
    expect(world.tokenCalls).toHaveLength(1);
  });

  it('a second mount on the callback URL before the address was replaced resumes the same sign-in: one exchange', async () => {
    const world = tab();
    const { state } = await leave(world);
    const callback = `?code=the-code&state=${state}`;
    const first = world.open(callback);
    expect(first.view().phase).toBe('returning');
    // The page mounts again while the address still holds the code (the first mount marked it ready).
    const second = world.open(callback);
    expect(second.view()).toMatchObject({ phase: 'returning', cleanUrl: first.view().cleanUrl });
    first.view().urlReplaced();
    second.view().urlReplaced();
    await Promise.all([first, second].map(({ actor }) => waitFor(actor, (s) => s.status === 'done')));
    expect(world.tokenCalls).toEqual([{ code: 'the-code', state }]);
    expect(second.view()).toMatchObject({ phase: 'signedIn' });
    expect(second.actor.getSnapshot().output).toEqual({ tokens: TOKENS });
    expect(world.sessionEvents.map((event) => event.type === 'session.signedIn' && event.afterSignIn)).toEqual([
      { search: '?from=%2Faccount' },
      { search: '?from=%2Faccount' },
    ]);
    // Another code with the same state is still refused.
    expect(world.open(`?code=other-code&state=${state}`).view().phase).toBe('failed');
  });

  it('a second mount on the clean URL and a restarted exchange share the one token call', async () => {
    let release!: (tokens: LoginResponse) => void;
    const world = tab({ token: () => new Promise((resolve) => (release = resolve)) });
    const { state } = await leave(world);
    const first = world.open(`?code=the-code&state=${state}`);
    first.view().urlReplaced();
    // The page mounts again on the clean URL while the first exchange is in flight (double mount).
    const second = world.open(first.view().cleanUrl!.slice(PATH.length));
    expect(second.view().phase).toBe('exchanging');
    // The effect runs again: the same snapshot restarted re-invokes the exchange actor.
    const restarted = createActor(oidcSignInMachine, { snapshot: first.actor.getPersistedSnapshot(), input: first.actor.getSnapshot().context.env }).start();
    while (world.tokenCalls.length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    release(TOKENS);
    await Promise.all([first, second].map(({ actor }) => waitFor(actor, (s) => s.status === 'done')));
    await waitFor(restarted, (s) => s.status === 'done');
    expect(world.tokenCalls).toHaveLength(1);
    expect(second.actor.getSnapshot().output).toEqual({ tokens: TOKENS });
  });

  it('PAGE_READY=true without a ready sign-in in this tab is refused', () => {
    const world = tab();
    const page = world.open('?PAGE_READY=true&from=%2Faccount');
    expect(page.view()).toMatchObject({ phase: 'failed', error: 'ssoStateMismatch' });
  });

  it('the provider answered an error: the default SSO error, the pending sign-in is dropped', async () => {
    const world = tab();
    const { state } = await leave(world);
    const back = world.open(`?error=access_denied&state=${state}`);
    expect(back.view()).toMatchObject({ phase: 'failed', error: 'ssoSignInFailed', failure: 'providerError', cleanUrl: PATH });
    expect(world.storage.getItem(oidcPendingKey(CLIENT))).toBeNull();
  });

  it('a refused exchange shows the default SSO error; retry leaves again with the same params', async () => {
    const world = tab({
      token: () => Promise.reject(new ApiError({ call: 'openid.token', status: 409, code: 'CONFLICT', messages: ['Code already used'], requestId: undefined })),
    });
    const { state } = await leave(world, '?from=%2Faccount');
    const back = world.open(`?code=the-code&state=${state}`);
    back.view().urlReplaced();
    await waitFor(back.actor, (s) => s.matches('failed'));
    expect(back.view()).toMatchObject({ phase: 'failed', error: 'ssoSignInFailed', failure: 'exchange' });
    back.view().retry();
    await waitFor(back.actor, (s) => s.matches('leaving'));
    expect(world.uriCalls).toHaveLength(2);
    expect(JSON.parse(world.storage.getItem(oidcPendingKey(CLIENT))!)).toMatchObject({ state: 'state-2', from: '/account' });
    expect(back.navigation.calls.at(-1)).toEqual({ type: 'assign', url: authUri('state-2') });
  });
});

describe('oidcSignIn: mobile app (bundle_id)', () => {
  it('skips the exchange and hands the code to the known app deep link', async () => {
    const world = tab();
    const { state } = await leave(world, '?bundle_id=tv.stream.app&from=%2Faccount');
    const back = world.open(`?code=the-code&state=${state}`);
    expect(back.view().phase).toBe('toApp');
    expect(back.navigation.calls).toEqual([
      { type: 'assign', url: `streamapp://login/openid?code=the-code&state=${state}&clientName=${CLIENT}&from=%2Faccount` },
    ]);
    expect(world.tokenCalls).toEqual([]);
    expect(JSON.parse(world.storage.getItem(oidcPendingKey(CLIENT))!)).toMatchObject({ state, code: 'the-code', handedToApp: true });
  });

  it('the same callback loaded again (mounted again, or reloaded by the browser) stays handing to the app: no failure, no second deep link', async () => {
    const world = tab();
    const { state } = await leave(world, '?bundle_id=tv.stream.app&from=%2Faccount');
    const first = world.open(`?code=the-code&state=${state}`);
    expect(first.view().phase).toBe('toApp');
    const again = world.open(`?code=the-code&state=${state}`);
    expect(again.view()).toMatchObject({ phase: 'toApp', failure: null });
    expect(first.navigation.calls).toHaveLength(1);
    expect(again.navigation.calls).toEqual([]);
    // Another code with that state is not this hand-over: refused, never exchanged.
    const other = world.open(`?code=another-code&state=${state}`);
    expect(other.view()).toMatchObject({ phase: 'failed', error: 'ssoStateMismatch' });
    expect(world.tokenCalls).toEqual([]);
  });

  it('an unknown app gets an error, never a redirect', async () => {
    const world = tab();
    const { state } = await leave(world, '?bundle_id=com.evil.app');
    const back = world.open(`?code=the-code&state=${state}`);
    expect(back.view()).toMatchObject({ phase: 'failed', error: 'ssoSignInFailed', failure: 'unknownApp' });
    expect(back.navigation.calls).toEqual([]);
    expect(world.tokenCalls).toEqual([]);
  });
});

describe('oidcSignIn: property', () => {
  type Step = 'replaced' | 'retry' | 'remountCallback' | 'remountClean' | 'restart';
  const step = fc.constantFrom<Step>('replaced', 'retry', 'remountCallback', 'remountClean', 'restart');

  it('whatever the sequence of events and mounts, the token call is made at most once per code', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), fc.boolean(), async (steps, failing) => {
        const world = tab({ token: failing ? () => Promise.reject(new Error('refused')) : undefined });
        const { state } = await leave(world);
        const callback = `?code=the-code&state=${state}`;
        const pages = [world.open(callback)];
        for (const s of steps) {
          const last = pages.at(-1)!;
          const active = last.actor.getSnapshot().status === 'active';
          if ((s === 'replaced' || s === 'retry') && !active) continue;
          if (s === 'replaced') last.view().urlReplaced();
          else if (s === 'retry') last.view().retry();
          else if (s === 'remountCallback') pages.push(world.open(callback));
          else if (s === 'remountClean') pages.push(world.open(`?from=%2Faccount&PAGE_READY=true`));
          else {
            const snapshot = last.actor.getPersistedSnapshot();
            createActor(oidcSignInMachine, { snapshot, input: last.actor.getSnapshot().context.env }).start();
          }
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        const perCode = new Map<string, number>();
        for (const call of world.tokenCalls) perCode.set(call.code, (perCode.get(call.code) ?? 0) + 1);
        for (const count of perCode.values()) expect(count).toBe(1);
      }),
      { numRuns: 150 },
    );
  });
});

describe('oidcSignIn: repeated effect while leaving', () => {
  it('a restarted actor shares the auth-uri request in flight: the stored state is the one the browser leaves with', async () => {
    let answer!: (uri: { authorisationUri: string }) => void;
    let calls = 0;
    const api = fakeApi({ openid: { authUri: () => ((calls += 1), new Promise((resolve) => (answer = resolve))) } });
    const storage = testStorage();
    const navigation = memoryNavigation(PATH);
    const input: OidcSignInInput = { api, session: { send: () => undefined }, clientName: CLIENT, pathname: PATH, search: '', storage, navigation, now: () => NOW };
    const first = createActor(oidcSignInMachine, { input }).start();
    const again = createActor(oidcSignInMachine, { snapshot: first.getPersistedSnapshot(), input }).start();
    answer({ authorisationUri: authUri('only-state') });
    await waitFor(again, (s) => s.status === 'done');
    expect(calls).toBe(1);
    expect(JSON.parse(storage.getItem(oidcPendingKey(CLIENT))!).state).toBe('only-state');
    expect(navigation.calls.every((call) => call.type === 'assign' && call.url === authUri('only-state'))).toBe(true);
  });
});

describe('oidcSignIn: generic external OAuth (kind oauth)', () => {
  const PROVIDER = 'partner';
  const OAUTH_PATH = `/oauth/${PROVIDER}`;
  const oauthUri = (state: string) => `http://idp.test/_oidc/auth?client_id=partner-oauth&code_challenge=abc&state=${state}`;

  /** A tab whose platform answers the external OAuth calls; the OpenID calls would reject. */
  function oauthTab() {
    const storage = testStorage();
    const exchanges = createExchangeRegistry();
    const uriCalls: unknown[] = [];
    const tokenCalls: unknown[] = [];
    const sessionEvents: SessionEvent[] = [];
    const api = fakeApi({
      externalOAuth: {
        authUri: async (input) => {
          uriCalls.push(input);
          return { authorisationUri: oauthUri(`oauth-state-${uriCalls.length}`) };
        },
        token: async (input) => {
          tokenCalls.push(input);
          return TOKENS;
        },
      },
    });
    const open = (pathname: string, search: string, extra: Partial<OidcSignInInput> = {}) => {
      const navigation = memoryNavigation(`${pathname}${search}`);
      const actor = createActor(oidcSignInMachine, {
        input: {
          api,
          kind: 'oauth',
          session: { send: (event) => sessionEvents.push(event) },
          clientName: PROVIDER,
          pathname,
          search,
          storage,
          navigation,
          redirectUri: `http://web.test${OAUTH_PATH}`,
          now: () => NOW,
          exchanges,
          ...extra,
        },
      }).start();
      return { actor, navigation, view: () => connectOidcSignIn(actor.getSnapshot(), actor.send) };
    };
    const leaveFrom = async (pathname: string, search: string, extra: Partial<OidcSignInInput> = {}) => {
      const page = open(pathname, search, extra);
      await waitFor(page.actor, (s) => s.status === 'done' || s.matches('failed'));
      return { page, stored: JSON.parse(storage.getItem(oidcPendingKey(PROVIDER, 'oauth')) ?? 'null') as Record<string, unknown> | null };
    };
    return { storage, uriCalls, tokenCalls, sessionEvents, open, leaveFrom };
  }

  it('asks the external OAuth route (extraParams passed on), keeps the state under its own key, and exchanges there once', async () => {
    const world = oauthTab();
    const { page, stored } = await world.leaveFrom(OAUTH_PATH, '?from=%2Faccount&extraParams=ui_locales%3Des');
    expect(world.uriCalls).toEqual([
      { params: { provider: PROVIDER }, query: { redirectUri: `http://web.test${OAUTH_PATH}`, extraParams: 'ui_locales=es' } },
    ]);
    expect(stored).toEqual({ state: 'oauth-state-1', createdAt: NOW, from: '/account', extraParams: 'ui_locales=es' });
    expect(world.storage.getItem(oidcPendingKey(PROVIDER))).toBeNull(); // not the OpenID key
    expect(page.navigation.calls).toEqual([{ type: 'assign', url: oauthUri('oauth-state-1') }]);

    const back = world.open(OAUTH_PATH, '?code=oauth-code&state=oauth-state-1');
    expect(back.view()).toMatchObject({ phase: 'returning', cleanUrl: `${OAUTH_PATH}?from=%2Faccount&PAGE_READY=true` });
    back.view().urlReplaced();
    await waitFor(back.actor, (s) => s.status === 'done');
    expect(world.tokenCalls).toEqual([{ params: { provider: PROVIDER }, body: { authorisationCode: 'oauth-code', state: 'oauth-state-1' } }]);
    expect(world.sessionEvents).toEqual([
      { type: 'session.signedIn', tokens: TOKENS, oauthProvider: PROVIDER, afterSignIn: { search: '?from=%2Faccount' } },
    ]);
    expect(back.actor.getSnapshot().output).toEqual({ tokens: TOKENS, oauthProvider: PROVIDER });
    expect(back.view()).toMatchObject({ phase: 'signedIn' });
    expect(world.storage.getItem(oidcPendingKey(PROVIDER, 'oauth'))).toBeNull();
  });

  it('a tampered state is refused without an exchange', async () => {
    const world = oauthTab();
    await world.leaveFrom(OAUTH_PATH, '?from=%2Faccount');
    const back = world.open(OAUTH_PATH, '?code=oauth-code&state=oauth-state-1x');
    expect(back.view()).toMatchObject({ phase: 'failed', error: 'ssoStateMismatch', cleanUrl: `${OAUTH_PATH}?from=%2Faccount` });
    expect(world.tokenCalls).toEqual([]);
  });

  it('OAUTH_APP: the app name is kept; back on the OAUTH page the browser goes to its deep link with the code and extra params, no exchange', async () => {
    const world = oauthTab();
    const { stored } = await world.leaveFrom(`${OAUTH_PATH}/tv.stream.app`, '?extraParams=channel%3D7&from=%2Flivenow', { appName: 'tv.stream.app' });
    expect(stored).toMatchObject({ bundleId: 'tv.stream.app', extraParams: 'channel=7' });
    const back = world.open(OAUTH_PATH, '?code=oauth-code&state=oauth-state-1');
    expect(back.view()).toMatchObject({ phase: 'toApp', busy: true });
    expect(back.navigation.calls).toEqual([
      {
        type: 'assign',
        url: 'streamapp://login/openid?code=oauth-code&state=oauth-state-1&provider=partner&extraParams=channel%3D7&from=%2Flivenow',
      },
    ]);
    expect(world.tokenCalls).toEqual([]);
    expect(JSON.parse(world.storage.getItem(oidcPendingKey(PROVIDER, 'oauth'))!)).toMatchObject({ code: 'oauth-code', handedToApp: true });
  });

  it('the query bundle_id wins over the app name; an unknown app is refused, never redirected', async () => {
    const world = oauthTab();
    await world.leaveFrom(`${OAUTH_PATH}/tv.stream.app`, '?bundle_id=com.evil.app', { appName: 'tv.stream.app' });
    const back = world.open(OAUTH_PATH, '?code=oauth-code&state=oauth-state-1');
    expect(back.view()).toMatchObject({ phase: 'failed', failure: 'unknownApp' });
    expect(back.navigation.calls).toEqual([]);
    expect(world.tokenCalls).toEqual([]);
  });

  it('skipExchange: the app takes the code from the address; the page neither exchanges nor cleans it', async () => {
    const world = oauthTab();
    const { stored } = await world.leaveFrom(OAUTH_PATH, '?skipExchange=true&bundle_id=com.unknown.app');
    expect(stored).toMatchObject({ skipExchange: true });
    const back = world.open(OAUTH_PATH, '?code=oauth-code&state=oauth-state-1');
    expect(back.view()).toMatchObject({ phase: 'skipped', busy: false, cleanUrl: null, error: null });
    expect(back.navigation.calls).toEqual([]);
    expect(world.tokenCalls).toEqual([]);
    expect(world.storage.getItem(oidcPendingKey(PROVIDER, 'oauth'))).toBeNull();
    // The same return again is no longer a pending sign-in of this tab.
    expect(world.open(OAUTH_PATH, '?code=oauth-code&state=oauth-state-1').view().phase).toBe('failed');
  });

  it('an OpenID sign-in and an OAuth sign-in of the same name do not see each other', async () => {
    const world = oauthTab();
    await world.leaveFrom(OAUTH_PATH, '');
    const openid = world.open(`/login/openid/${PROVIDER}`, '?code=oauth-code&state=oauth-state-1', { kind: 'openid' });
    expect(openid.view()).toMatchObject({ phase: 'failed', error: 'ssoStateMismatch' });
    expect(world.tokenCalls).toEqual([]);
  });
});
