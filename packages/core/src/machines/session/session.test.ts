import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import { ApiError, NetworkError } from '../../api/errors.js';
import type { LoginResponse } from '../../contracts/index.js';
import { decodeSessionClaims } from '../../domain/claims.js';
import { memoryNavigation } from '../../platform/navigation.js';
import { createTokenStore, type TokenStore } from '../../platform/tokens.js';
import { STORAGE_KEYS } from '../../platform/types.js';
import type { Clock, KeyValueStorage } from '../../platform/types.js';
import {
  connectSession,
  selectLinkedAccounts,
  selectIsGuest,
  selectIsSignedIn,
  selectSessionNotice,
  selectSessionStatus,
  selectSessionUser,
  sessionMachine,
} from '../index.js';
import type { OAuthLogoutInput, SessionBroadcastMessage, SessionInput, SessionTokens } from '../index.js';
import { postSignInTarget } from '../../domain/redirects.js';
import { fakeApi, guestTokens, testStorage, twoTabBroadcast, userTokens } from '../test-helpers.js';

const clock: Clock = { now: () => Date.now() };

function stored(tokens: LoginResponse): Record<string, string> {
  return { [STORAGE_KEYS.authToken]: tokens.authorisationToken, [STORAGE_KEYS.refreshToken]: tokens.refreshToken };
}

function start(input: Omit<SessionInput, 'clock'> & { clock?: Clock }) {
  const actor = createActor(sessionMachine, { input: { clock, ...input } });
  actor.start();
  return actor;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('session: initialising from storage', () => {
  it('a stored user token starts signedIn with the decoded user', async () => {
    const tokens = await userTokens(Date.now(), { sub: 'u-42' });
    const api = fakeApi();
    const actor = start({ api, storage: testStorage(stored(tokens)) });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('signedIn');
    expect(selectIsSignedIn(snapshot)).toBe(true);
    expect(selectIsGuest(snapshot)).toBe(false);
    expect(selectSessionUser(snapshot)).toMatchObject({ id: 'u-42', guest: false, role: 'user', country: 'GB' });
    expect(snapshot.context.authorisationToken).toBe(tokens.authorisationToken);
    expect(api.calls.guestCheckin).toBe(0);
    actor.stop();
  });

  it('a stored guest token starts as guest without a check-in', async () => {
    const tokens = await guestTokens(Date.now());
    const api = fakeApi();
    const actor = start({ api, storage: testStorage(stored(tokens)) });
    expect(actor.getSnapshot().value).toBe('guest');
    expect(selectIsGuest(actor.getSnapshot())).toBe(true);
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
    expect(api.calls.guestCheckin).toBe(0);
    actor.stop();
  });

  it('no token: checkingIn, then guest with the check-in tokens stored and announced without tokens', async () => {
    const guest = await guestTokens(Date.now(), { sub: 'g-7' });
    const storage = testStorage();
    const tabs = twoTabBroadcast<SessionBroadcastMessage>();
    const actor = start({ api: fakeApi({ guestCheckin: async () => guest }), storage, broadcast: tabs.a });
    expect(actor.getSnapshot().value).toBe('checkingIn');
    expect(selectSessionStatus(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (s) => s.matches('guest'));
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe(guest.authorisationToken);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe(guest.refreshToken);
    expect(selectSessionUser(actor.getSnapshot())).toMatchObject({ id: 'g-7', guest: true });
    expect(tabs.posted).toEqual([{ type: 'session.changed', change: 'guest' }]);
    expect(JSON.stringify(tabs.posted)).not.toContain(guest.authorisationToken);
    actor.stop();
  });

  it('an undecodable stored token is treated as none', async () => {
    const guest = await guestTokens(Date.now());
    const api = fakeApi({ guestCheckin: async () => guest });
    const actor = start({ api, storage: testStorage({ [STORAGE_KEYS.authToken]: 'not-a-jwt' }) });
    expect(actor.getSnapshot().value).toBe('checkingIn');
    await waitFor(actor, (s) => s.matches('guest'));
    expect(api.calls.guestCheckin).toBe(1);
    actor.stop();
  });

  it('a failed check-in goes to unavailable and is retried after checkInRetry', async () => {
    vi.useFakeTimers();
    const guest = await guestTokens(Date.now());
    let attempts = 0;
    const machine = sessionMachine.provide({
      actors: {
        guestCheckin: fromPromise(async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('offline');
          return guest;
        }),
      },
    });
    const actor = createActor(machine, { input: { api: fakeApi(), storage: testStorage(), clock } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(selectSessionStatus(actor.getSnapshot())).toBe('unavailable');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('guest');
    expect(attempts).toBe(2);
    actor.stop();
  });
});

describe('session: sign-in and logout (§4 "Session")', () => {
  it('session.signedIn stores the tokens, keeps missingInformationStatus and announces without tokens', async () => {
    const storage = testStorage(stored(await guestTokens(Date.now())));
    const tabs = twoTabBroadcast<SessionBroadcastMessage>();
    const actor = start({ api: fakeApi(), storage, broadcast: tabs.a });
    const tokens = { ...(await userTokens(Date.now(), { sub: 'u-1' })), missingInformationStatus: 'REQUIRED' };
    actor.send({ type: 'session.signedIn', tokens });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('signedIn');
    expect(selectSessionUser(snapshot)).toMatchObject({ id: 'u-1', guest: false, missingInformationStatus: 'REQUIRED' });
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe(tokens.authorisationToken);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe(tokens.refreshToken);
    expect(tabs.posted).toEqual([{ type: 'session.changed', change: 'signedIn' }]);
    expect(JSON.stringify(tabs.posted)).not.toContain(tokens.refreshToken);
    actor.stop();
  });

  it('a plain logout keeps a guest session: nothing cleared, no new check-in', async () => {
    const guest = await guestTokens(Date.now());
    const storage = testStorage(stored(guest));
    const api = fakeApi();
    const actor = start({ api, storage });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('guest');
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe(guest.authorisationToken);
    expect(api.calls.guestCheckin).toBe(0);
    actor.stop();
  });

  it.each([
    ['forced', { forced: true }],
    ['sessionExpired', { reason: 'sessionExpired' as const }],
  ])('a %s logout clears a guest session and checks in a fresh guest (no notice)', async (_, options) => {
    const old = await guestTokens(Date.now(), { sub: 'g-old' });
    const fresh = await guestTokens(Date.now(), { sub: 'g-new' });
    const storage = testStorage(stored(old));
    const api = fakeApi({ guestCheckin: async () => fresh });
    const actor = start({ api, storage });
    actor.send({ type: 'session.logout', ...options });
    expect(actor.getSnapshot().value).toBe('checkingIn');
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    await waitFor(actor, (s) => s.matches('guest'));
    expect(selectSessionUser(actor.getSnapshot())?.id).toBe('g-new');
    expect(selectSessionNotice(actor.getSnapshot())).toBeNull();
    expect(api.calls.guestCheckin).toBe(1);
    actor.stop();
  });

  it('a user logout clears the stored items (not the language) and becomes a fresh guest', async () => {
    const user = await userTokens(Date.now());
    const guest = await guestTokens(Date.now());
    const storage = testStorage({
      ...stored(user),
      [STORAGE_KEYS.signupRehydration]: '{"step":"CONSENT"}',
      [STORAGE_KEYS.selectedLanguage]: 'es',
    });
    const tabs = twoTabBroadcast<SessionBroadcastMessage>();
    const actor = start({ api: fakeApi({ guestCheckin: async () => guest }), storage, broadcast: tabs.a });
    connectSession(actor.getSnapshot(), actor.send).logout();
    expect(actor.getSnapshot().value).toBe('checkingIn');
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
    expect(storage.dump()).toEqual({ [STORAGE_KEYS.selectedLanguage]: 'es' });
    await waitFor(actor, (s) => s.matches('guest'));
    expect(tabs.posted.map((m) => m.change)).toEqual(['loggedOut', 'guest']);
    expect(selectSessionNotice(actor.getSnapshot())).toBeNull();
    actor.stop();
  });

  it('a user logout with reason sessionExpired goes to expired and keeps the notice until dismissed', async () => {
    const storage = testStorage(stored(await userTokens(Date.now())));
    const guest = await guestTokens(Date.now());
    const actor = start({ api: fakeApi({ guestCheckin: async () => guest }), storage });
    actor.send({ type: 'session.logout', reason: 'sessionExpired' });
    expect(actor.getSnapshot().value).toBe('expired');
    expect(selectSessionStatus(actor.getSnapshot())).toBe('expired');
    await waitFor(actor, (s) => s.matches('guest'));
    expect(selectSessionNotice(actor.getSnapshot())).toBe('sessionExpired');
    connectSession(actor.getSnapshot(), actor.send).dismissNotice();
    expect(selectSessionNotice(actor.getSnapshot())).toBeNull();
    actor.stop();
  });
});

describe('session: logout of a generic OAuth session (identity §7 {ext-oauth-route}/logout)', () => {
  /** A fake API whose `externalOAuth.logout` records its calls and answers with `answer`. */
  function oauthApi(answer: () => Promise<Record<string, never>>, guest: LoginResponse) {
    const logoutCalls: [string, string][] = [];
    const api = fakeApi({
      guestCheckin: async () => guest,
      externalOAuth: {
        logout: ({ params, body }) => {
          logoutCalls.push([String(params.provider), body.refreshToken]);
          return answer();
        },
      },
    });
    return { api, logoutCalls };
  }

  /** A started session of a stored user (with `provider` stored as its OAuth provider unless null); the provider logout answers `{}`. */
  async function storedUserSession(provider: string | null) {
    const guest = await guestTokens(Date.now());
    const storage = testStorage({ ...stored(await userTokens(Date.now())), ...(provider ? { [STORAGE_KEYS.oauthProvider]: provider } : {}) });
    const { api, logoutCalls } = oauthApi(async () => ({}), guest);
    return { api, storage, logoutCalls, actor: start({ api, storage }) };
  }

  it('an OAuth sign-in records its provider; the logout calls its route once with the current refresh token, then clears the key', async () => {
    const guest = await guestTokens(Date.now());
    const storage = testStorage(stored(guest));
    const { api, logoutCalls } = oauthApi(async () => ({}), guest);
    const actor = start({ api, storage });
    const signedIn = await userTokens(Date.now(), { sub: 'u-oauth', refresh: 'refresh-first' });
    actor.send({ type: 'session.signedIn', tokens: signedIn, oauthProvider: 'partner' });
    expect(storage.getItem(STORAGE_KEYS.oauthProvider)).toBe('partner');
    // The client refreshed meanwhile: the logout revokes the refresh token held now.
    const renewed = await userTokens(Date.now(), { sub: 'u-oauth', refresh: 'refresh-renewed' });
    api.emit({ type: 'session.refreshed', ...renewed });
    expect(storage.getItem(STORAGE_KEYS.oauthProvider)).toBe('partner');
    actor.send({ type: 'session.logout' });
    expect(logoutCalls).toEqual([['partner', 'refresh-renewed']]);
    expect(actor.getSnapshot().value).toBe('checkingIn');
    expect(storage.getItem(STORAGE_KEYS.oauthProvider)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    await waitFor(actor, (s) => s.matches('guest'));
    expect(logoutCalls).toHaveLength(1);
    actor.stop();
  });

  it("a profile switch keeps the sign-in's OAuth provider and linked providers; another sign-in does not", async () => {
    const guest = await guestTokens(Date.now());
    const storage = testStorage(stored(guest));
    const { api, logoutCalls } = oauthApi(async () => ({}), guest);
    const actor = start({ api, storage });
    const signedIn = { ...(await userTokens(Date.now(), { sub: 'u-oauth' })), linkedAccounts: [{ provider: 'GOOGLE' }] };
    actor.send({ type: 'session.signedIn', tokens: signedIn, oauthProvider: 'partner' });
    const child = await userTokens(Date.now(), { sub: 'u-oauth', pid: 'kid', refresh: 'refresh-kid' });
    actor.send({ type: 'session.signedIn', tokens: child, profileSwitch: true });
    expect(selectSessionUser(actor.getSnapshot())?.profileId).toBe('kid');
    expect(storage.getItem(STORAGE_KEYS.oauthProvider)).toBe('partner');
    expect(selectLinkedAccounts(actor.getSnapshot())).toEqual([{ provider: 'GOOGLE' }]);
    actor.send({ type: 'session.signedIn', tokens: await userTokens(Date.now(), { sub: 'u-other' }) });
    expect(storage.getItem(STORAGE_KEYS.oauthProvider)).toBeNull();
    expect(selectLinkedAccounts(actor.getSnapshot())).toEqual([]);
    expect(logoutCalls).toEqual([]);
    actor.stop();
  });

  it('the logout never waits on the provider: an unanswered call still leaves a fresh guest', async () => {
    const guest = await guestTokens(Date.now(), { sub: 'g-after' });
    const user = await userTokens(Date.now());
    const storage = testStorage({ ...stored(user), [STORAGE_KEYS.oauthProvider]: 'partner' });
    const { api, logoutCalls } = oauthApi(() => new Promise(() => undefined), guest);
    const actor = start({ api, storage });
    expect(actor.getSnapshot().value).toBe('signedIn');
    connectSession(actor.getSnapshot(), actor.send).logout();
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
    await waitFor(actor, (s) => s.matches('guest'));
    expect(selectSessionUser(actor.getSnapshot())?.id).toBe('g-after');
    expect(logoutCalls).toEqual([['partner', user.refreshToken]]);
    actor.stop();
  });

  it('a failing provider logout is only logged (without the token) and the user is logged out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const guest = await guestTokens(Date.now());
    const user = await userTokens(Date.now(), { refresh: 'refresh-secret' });
    const storage = testStorage({ ...stored(user), [STORAGE_KEYS.oauthProvider]: 'partner' });
    const refused = new ApiError({ call: 'externalOAuth.logout', status: 401, code: 'UNAUTHORIZED', messages: [], requestId: 'r' });
    const { api, logoutCalls } = oauthApi(() => Promise.reject(refused), guest);
    const actor = start({ api, storage });
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('guest'));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(warn.mock.calls[0]).toEqual(['[@stream/core] external OAuth logout failed', { error: 'ApiError', status: 401 }]);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('refresh-secret');
    expect(logoutCalls).toHaveLength(1);
    expect(storage.getItem(STORAGE_KEYS.oauthProvider)).toBeNull();
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });

  it('with a fake oauthLogout actor: started once with the provider and refresh token, its rejection still logs out', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const guest = await guestTokens(Date.now());
    const user = await userTokens(Date.now(), { refresh: 'refresh-oauth' });
    const storage = testStorage({ ...stored(user), [STORAGE_KEYS.oauthProvider]: 'partner' });
    const inputs: { provider: string; refreshToken: string }[] = [];
    const machine = sessionMachine.provide({
      actors: {
        oauthLogout: fromPromise<unknown, OAuthLogoutInput>(async ({ input }) => {
          inputs.push({ provider: input.provider, refreshToken: input.refreshToken });
          throw new NetworkError('externalOAuth.logout', new Error('offline'));
        }),
      },
    });
    const actor = createActor(machine, { input: { api: fakeApi({ guestCheckin: async () => guest }), storage, clock } }).start();
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('guest'));
    expect(inputs).toEqual([{ provider: 'partner', refreshToken: 'refresh-oauth' }]);
    expect(storage.getItem(STORAGE_KEYS.oauthProvider)).toBeNull();
    actor.stop();
  });

  it('a logout with reason sessionExpired also ends the OAuth session at the provider', async () => {
    const guest = await guestTokens(Date.now());
    const user = await userTokens(Date.now());
    const storage = testStorage({ ...stored(user), [STORAGE_KEYS.oauthProvider]: 'partner' });
    const { api, logoutCalls } = oauthApi(async () => ({}), guest);
    const actor = start({ api, storage });
    actor.send({ type: 'session.logout', reason: 'sessionExpired' });
    expect(actor.getSnapshot().value).toBe('expired');
    expect(logoutCalls).toEqual([['partner', user.refreshToken]]);
    await waitFor(actor, (s) => s.matches('guest'));
    actor.stop();
  });

  it.each([
    ['an ID sign-in', undefined],
    ['an empty provider', ''],
  ])('%s after an OAuth session removes the stale key: its logout does not call the OAuth route', async (_, oauthProvider) => {
    const { storage, logoutCalls, actor } = await storedUserSession('partner');
    const tokens = await userTokens(Date.now(), { sub: 'u-id' });
    actor.send({ type: 'session.signedIn', tokens, ...(oauthProvider === undefined ? {} : { oauthProvider }) });
    expect(storage.getItem(STORAGE_KEYS.oauthProvider)).toBeNull();
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('guest'));
    expect(logoutCalls).toEqual([]);
    actor.stop();
  });

  it('a plain user session (no provider stored) logs out without calling the OAuth route', async () => {
    const { logoutCalls, actor } = await storedUserSession(null);
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('guest'));
    expect(logoutCalls).toEqual([]);
    actor.stop();
  });

  it('an expiry reported by the client (refresh refused) clears the key without calling the provider', async () => {
    const { api, storage, logoutCalls, actor } = await storedUserSession('partner');
    api.emit({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('expired');
    expect(storage.getItem(STORAGE_KEYS.oauthProvider)).toBeNull();
    await waitFor(actor, (s) => s.matches('guest'));
    expect(logoutCalls).toEqual([]);
    actor.stop();
  });
});

describe('session: client events, refresh and expiry', () => {
  it('session.expired from the client clears storage, shows expired, then checks in a guest', async () => {
    const storage = testStorage(stored(await userTokens(Date.now())));
    const guest = await guestTokens(Date.now(), { sub: 'g-after' });
    const api = fakeApi({ guestCheckin: async () => guest });
    const actor = start({ api, storage });
    api.emit({ type: 'session.expired' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('expired');
    expect(snapshot.context.authorisationToken).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    await waitFor(actor, (s) => s.matches('guest'));
    expect(selectSessionNotice(actor.getSnapshot())).toBe('sessionExpired');
    expect(selectSessionUser(actor.getSnapshot())?.id).toBe('g-after');
    actor.stop();
    expect(api.listenerCount()).toBe(0);
  });

  it('session.refreshed from the client updates the user and keeps missingInformationStatus', async () => {
    const now = Date.now();
    const storage = testStorage();
    const api = fakeApi();
    const actor = start({ api, storage: testStorage(stored(await guestTokens(now))) });
    actor.send({
      type: 'session.signedIn',
      tokens: { ...(await userTokens(now, { ttlSeconds: 60 })), missingInformationStatus: 'MISSING' },
    });
    const before = selectSessionUser(actor.getSnapshot());
    const renewed = await userTokens(now + 1_000, { ttlSeconds: 600, refresh: 'refresh-2' });
    api.emit({ type: 'session.refreshed', ...renewed });
    const after = selectSessionUser(actor.getSnapshot());
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.authorisationToken).toBe(renewed.authorisationToken);
    expect(actor.getSnapshot().context.refreshToken).toBe('refresh-2');
    expect(after?.expiresAt).toBeGreaterThan(before?.expiresAt ?? Infinity);
    expect(after?.missingInformationStatus).toBe('MISSING');
    expect(storage.dump()).toEqual({});
    actor.stop();
  });

  it('refreshes refreshBeforeExpiry (60 s before exp) with the refresh actor and re-arms the timer', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const start0 = Date.now();
    const first = await userTokens(start0, { ttlSeconds: 600 });
    const second = await userTokens(start0 + 540_000, { ttlSeconds: 600, refresh: 'r2' });
    const storage = testStorage(stored(first));
    // As `api.refresh()` does: the client stores what the refresh brings.
    const refresh = vi.fn(async () => (createTokenStore(storage).write(second), second));
    const machine = sessionMachine.provide({ actors: { refresh: fromPromise<SessionTokens, { api: ApiClient }>(refresh) } });
    const actor = createActor(machine, { input: { api: fakeApi(), storage, clock } }).start();
    await vi.advanceTimersByTimeAsync(539_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.authorisationToken).toBe(second.authorisationToken);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r2');
    await vi.advanceTimersByTimeAsync(539_999);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('a short-lived token is refreshed at 80% of its lifetime, not in a loop', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const start0 = Date.now();
    const first = await userTokens(start0, { ttlSeconds: 4 });
    const second = await userTokens(start0 + 3_200, { ttlSeconds: 4, refresh: 'r2' });
    const refresh = vi.fn(async () => second);
    const machine = sessionMachine.provide({ actors: { refresh: fromPromise<SessionTokens, { api: ApiClient }>(refresh) } });
    const actor = createActor(machine, { input: { api: fakeApi(), storage: testStorage(stored(first)), clock } }).start();
    await vi.advanceTimersByTimeAsync(3_199);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(refresh).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('a failed refresh of a user session expires it', async () => {
    const storage = testStorage(stored(await userTokens(Date.now())));
    const guest = await guestTokens(Date.now());
    const refused = new ApiError({ call: 'auth.refresh', status: 401, code: 'UNAUTHORIZED', messages: [], requestId: 'r' });
    const api = fakeApi({ refresh: async () => Promise.reject(refused), guestCheckin: async () => guest });
    const actor = start({ api, storage });
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    const seen: string[] = [];
    actor.subscribe((s) => seen.push(String(s.value)));
    await waitFor(actor, (s) => s.matches('guest'));
    expect(seen).toEqual(['expired', 'guest']);
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe(guest.authorisationToken);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe(guest.refreshToken);
    expect(selectSessionNotice(actor.getSnapshot())).toBe('sessionExpired');
    actor.stop();
  });

  it('a refresh that gets no answer keeps the user signed in and retries with backoff', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const tokens = await userTokens(Date.now(), { ttlSeconds: 600 });
    const renewed = await userTokens(Date.now(), { ttlSeconds: 600, refresh: 'r2' });
    const storage = testStorage(stored(tokens));
    let calls = 0;
    const api = fakeApi({
      refresh: async () => {
        calls += 1;
        if (calls <= 2) throw new NetworkError('auth.refresh', new TypeError('offline'));
        return renewed;
      },
    });
    const actor = start({ api, storage });
    actor.send({ type: 'session.refresh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe(tokens.authorisationToken);
    expect(selectSessionNotice(actor.getSnapshot())).toBeNull();
    // Not due yet (540 s left before the lead): the next try waits for the usual timer.
    await vi.advanceTimersByTimeAsync(539_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    // Second failure while due: backs off 2 s instead of retrying at once.
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(3);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.refreshToken).toBe('r2');
    expect(actor.getSnapshot().context.refreshFailures).toBe(0);
    actor.stop();
  });

  it('a failed refresh adopts a fresher session another tab stored meanwhile', async () => {
    const mine = await userTokens(Date.now(), { refresh: 'r-mine' });
    const theirs = await userTokens(Date.now() + 5_000, { refresh: 'r-theirs' });
    const storage = testStorage(stored(mine));
    const api = fakeApi({
      refresh: async () => {
        storage.setItem(STORAGE_KEYS.authToken, theirs.authorisationToken);
        storage.setItem(STORAGE_KEYS.refreshToken, theirs.refreshToken);
        throw new Error('refresh token already rotated');
      },
    });
    const actor = start({ api, storage });
    actor.send({ type: 'session.refresh' });
    await waitFor(actor, (s) => !s.matches('refreshing'));
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.refreshToken).toBe('r-theirs');
    actor.stop();
  });
});

describe('session: cross-tab sync', () => {
  it('sign-in in one tab signs in the other; logout in one tab logs out both', async () => {
    const storage = testStorage(stored(await guestTokens(Date.now())));
    const tabs = twoTabBroadcast<SessionBroadcastMessage>();
    const freshGuest = await guestTokens(Date.now(), { sub: 'g-fresh' });
    const api = fakeApi({ guestCheckin: async () => freshGuest });
    const tabA = start({ api, storage, broadcast: tabs.a });
    const tabB = start({ api: fakeApi({ guestCheckin: async () => freshGuest }), storage, broadcast: tabs.b });
    expect(tabB.getSnapshot().value).toBe('guest');

    tabA.send({ type: 'session.signedIn', tokens: await userTokens(Date.now(), { sub: 'u-tabs' }) });
    await waitFor(tabB, (s) => s.matches('signedIn'));
    expect(selectSessionUser(tabB.getSnapshot())?.id).toBe('u-tabs');

    tabA.send({ type: 'session.logout' });
    await waitFor(tabB, (s) => !selectIsSignedIn(s));
    await waitFor(tabA, (s) => s.matches('guest'));
    await waitFor(tabB, (s) => s.matches('guest'));
    expect(selectIsSignedIn(tabB.getSnapshot())).toBe(false);
    expect(tabB.getSnapshot().context.authorisationToken).toBe(storage.getItem(STORAGE_KEYS.authToken));
    for (const message of tabs.posted) expect(Object.keys(message).sort()).toEqual(['change', 'type']);
    tabA.stop();
    tabB.stop();
  });

  it('an expiry in one tab shows the sessionExpired notice in the other', async () => {
    const storage = testStorage(stored(await userTokens(Date.now())));
    const tabs = twoTabBroadcast<SessionBroadcastMessage>();
    const guest = await guestTokens(Date.now());
    const apiA = fakeApi({ guestCheckin: async () => guest });
    const tabA = start({ api: apiA, storage, broadcast: tabs.a });
    const tabB = start({ api: fakeApi({ guestCheckin: async () => guest }), storage, broadcast: tabs.b });
    apiA.emit({ type: 'session.expired' });
    await waitFor(tabB, (s) => s.matches('guest'));
    expect(selectSessionNotice(tabB.getSnapshot())).toBe('sessionExpired');
    tabA.stop();
    tabB.stop();
  });

  it('ignores foreign messages on the channel', async () => {
    const storage = testStorage(stored(await userTokens(Date.now())));
    const tabs = twoTabBroadcast<SessionBroadcastMessage>();
    const tabB = start({ api: fakeApi(), storage, broadcast: tabs.b });
    storage.removeItem(STORAGE_KEYS.authToken);
    tabs.a.post({ type: 'something.else' } as unknown as SessionBroadcastMessage);
    await Promise.resolve();
    await Promise.resolve();
    expect(tabB.getSnapshot().value).toBe('signedIn');
    tabB.stop();
  });
});

describe('session: the linked accounts of the sign-in (identity-and-routes.md §3 "Login response", §4 "Adobe flows")', () => {
  it('a sign-in answer listing linked accounts keeps the providers only, in storage and for views; a logout clears them', async () => {
    const guest = await guestTokens(Date.now());
    const storage = testStorage(stored(guest));
    const tabs = twoTabBroadcast<SessionBroadcastMessage>();
    const actor = start({ api: fakeApi({ guestCheckin: async () => guest }), storage, broadcast: tabs.a });
    expect(selectLinkedAccounts(actor.getSnapshot())).toEqual([]);
    const tokens = await userTokens(Date.now(), { sub: 'u-linked' });
    actor.send({
      type: 'session.signedIn',
      tokens: { ...tokens, linkedAccounts: [{ provider: 'ADOBE_DCR' }, { provider: 'GOOGLE', email: 'viewer@example.com' } as { provider: string }, { provider: 'ADOBE_DCR' }] },
    });
    expect(connectSession(actor.getSnapshot(), actor.send).linkedAccounts).toEqual([{ provider: 'ADOBE_DCR' }, { provider: 'GOOGLE' }]);
    expect(storage.getItem(STORAGE_KEYS.linkedAccounts)).toBe('[{"provider":"ADOBE_DCR"},{"provider":"GOOGLE"}]');
    expect(storage.getItem(STORAGE_KEYS.linkedAccounts)).not.toContain('viewer@example.com');

    // A reload reads them back.
    const reloaded = start({ api: fakeApi(), storage });
    expect(selectLinkedAccounts(reloaded.getSnapshot())).toEqual([{ provider: 'ADOBE_DCR' }, { provider: 'GOOGLE' }]);
    reloaded.stop();

    actor.send({ type: 'session.logout' });
    expect(storage.getItem(STORAGE_KEYS.linkedAccounts)).toBeNull();
    expect(selectLinkedAccounts(actor.getSnapshot())).toEqual([]);
    actor.stop();
  });

  it('a later sign-in whose answer lists none removes the earlier list', async () => {
    const user = await userTokens(Date.now());
    const storage = testStorage({ ...stored(user), [STORAGE_KEYS.linkedAccounts]: '[{"provider":"ADOBE"}]' });
    const actor = start({ api: fakeApi(), storage });
    expect(selectLinkedAccounts(actor.getSnapshot())).toEqual([{ provider: 'ADOBE' }]);
    actor.send({ type: 'session.signedIn', tokens: await userTokens(Date.now(), { sub: 'u-other' }) });
    expect(storage.getItem(STORAGE_KEYS.linkedAccounts)).toBeNull();
    expect(selectLinkedAccounts(actor.getSnapshot())).toEqual([]);
    actor.stop();
  });

  it('session.linkedAccounts replaces the list (after an unlink) and tells the other tabs; a guest ignores it', async () => {
    const user = await userTokens(Date.now());
    const storage = testStorage({ ...stored(user), [STORAGE_KEYS.linkedAccounts]: '[{"provider":"ADOBE_DCR"},{"provider":"APPLE_ID"}]' });
    const tabs = twoTabBroadcast<SessionBroadcastMessage>();
    const actor = start({ api: fakeApi(), storage, broadcast: tabs.a });
    actor.send({ type: 'session.linkedAccounts', linkedAccounts: [{ provider: 'APPLE_ID' }] });
    expect(selectLinkedAccounts(actor.getSnapshot())).toEqual([{ provider: 'APPLE_ID' }]);
    expect(storage.getItem(STORAGE_KEYS.linkedAccounts)).toBe('[{"provider":"APPLE_ID"}]');
    expect(tabs.posted).toEqual([{ type: 'session.changed', change: 'linkedAccounts' }]);
    actor.send({ type: 'session.linkedAccounts', linkedAccounts: [] });
    expect(storage.getItem(STORAGE_KEYS.linkedAccounts)).toBeNull();
    actor.stop();

    const guest = await guestTokens(Date.now());
    const guestStorage = testStorage(stored(guest));
    const guestActor = start({ api: fakeApi(), storage: guestStorage });
    guestActor.send({ type: 'session.linkedAccounts', linkedAccounts: [{ provider: 'ADOBE' }] });
    expect(guestStorage.getItem(STORAGE_KEYS.linkedAccounts)).toBeNull();
    expect(selectLinkedAccounts(guestActor.getSnapshot())).toEqual([]);
    guestActor.stop();
  });

  it('a stored value that is not a list of providers counts as none', async () => {
    const user = await userTokens(Date.now());
    for (const raw of ['not json', '{"provider":"ADOBE"}', '[1,null,{"provider":""},{"provider":7}]']) {
      const actor = start({ api: fakeApi(), storage: testStorage({ ...stored(user), [STORAGE_KEYS.linkedAccounts]: raw }) });
      expect(selectLinkedAccounts(actor.getSnapshot())).toEqual([]);
      actor.stop();
    }
  });
});

/** A token store over `storage` that counts its writes and clears. */
function countingStore(storage: KeyValueStorage): TokenStore & { writes: string[]; clears: number } {
  const store = createTokenStore(storage);
  const counted = {
    writes: [] as string[],
    clears: 0,
    read: () => store.read(),
    write: (pair: { authorisationToken: string; refreshToken: string }) => {
      counted.writes.push(pair.refreshToken);
      store.write(pair);
    },
    clear: () => {
      counted.clears += 1;
      store.clear();
    },
  };
  return counted;
}

describe('session: the one owner of a sign-in (stores once, decodes once, goes to the §2 target)', () => {
  it('a sign-in handed over with afterSignIn: the tokens are written once, decoded once, and the viewer goes (replace) to the target', async () => {
    const guest = await guestTokens(Date.now());
    const storage = testStorage(stored(guest));
    const tokens = countingStore(storage);
    const decodeClaims = vi.fn(decodeSessionClaims);
    const navigation = memoryNavigation('/login?from=%2Faccount');
    const actor = start({ api: fakeApi(), storage, tokens, decodeClaims, navigation });
    expect(decodeClaims).toHaveBeenCalledTimes(1);
    const signIn = { ...(await userTokens(Date.now(), { sub: 'u-once' })), linkedAccounts: [{ provider: 'ADOBE' }] };
    actor.send({ type: 'session.signedIn', tokens: signIn, afterSignIn: { search: '?from=%2Faccount' } });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(selectSessionUser(actor.getSnapshot())?.id).toBe('u-once');
    expect(selectLinkedAccounts(actor.getSnapshot())).toEqual([{ provider: 'ADOBE' }]);
    // One decode for the guest token at start, one for the sign-in's token, whatever reads it after.
    expect(decodeClaims.mock.calls.map(([token]) => token)).toEqual([guest.authorisationToken, signIn.authorisationToken]);
    expect(tokens.writes).toEqual([signIn.refreshToken]);
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe(signIn.authorisationToken);
    expect(navigation.calls).toEqual([{ type: 'navigate', path: '/account', replace: true }]);
    actor.stop();
  });

  it('goes to the entry page with its carried params, else the default menu page, in the route set of routeLocale', async () => {
    const storage = testStorage(stored(await guestTokens(Date.now())));
    const navigation = memoryNavigation('/es/iniciar-sesion');
    const actor = start({ api: fakeApi(), storage, navigation, routeLocale: () => 'es' });
    actor.send({ type: 'session.signedIn', tokens: await userTokens(Date.now()), afterSignIn: { search: '' } });
    actor.send({
      type: 'session.signedIn',
      tokens: await userTokens(Date.now(), { sub: 'u-2' }),
      afterSignIn: { search: '?entryPage=PURCHASE&licences=l1&from=%2Faccount' },
    });
    const home = postSignInTarget('', { locale: 'es' });
    expect(home).not.toBe(postSignInTarget('', { locale: 'en' }));
    expect(navigation.calls).toEqual([
      { type: 'navigate', path: home, replace: true },
      { type: 'navigate', path: postSignInTarget('?entryPage=PURCHASE&licences=l1&from=%2Faccount', { locale: 'es' }), replace: true },
    ]);
    expect(navigation.calls[1]).toMatchObject({ path: expect.stringContaining('licences=l1') });
    actor.stop();
  });

  it('navigates before any observer sees the new session: a view never renders the signed-in viewer on the sign-in page', async () => {
    const storage = testStorage(stored(await guestTokens(Date.now())));
    const navigation = memoryNavigation('/login?from=%2Fwatch%2F1');
    const actor = start({ api: fakeApi(), storage, navigation });
    const seenAt: string[] = [];
    actor.subscribe((snapshot) => {
      if (selectIsSignedIn(snapshot)) seenAt.push(navigation.current().pathname);
    });
    actor.send({ type: 'session.signedIn', tokens: await userTokens(Date.now()), afterSignIn: { search: '?from=%2Fwatch%2F1' } });
    expect(seenAt).toEqual(['/watch/1']);
    actor.stop();
  });

  it('a sign-in embedded in another flow (no afterSignIn) stores the tokens and stays; session.afterSignIn goes on later', async () => {
    const storage = testStorage(stored(await guestTokens(Date.now())));
    const navigation = memoryNavigation('/checkout');
    const actor = start({ api: fakeApi(), storage, navigation });
    const tokens = await userTokens(Date.now());
    actor.send({ type: 'session.signedIn', tokens });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(storage.getItem(STORAGE_KEYS.authToken)).toBe(tokens.authorisationToken);
    expect(navigation.calls).toEqual([]);
    actor.send({ type: 'session.afterSignIn', search: '?from=%2Faccount' });
    expect(navigation.calls).toEqual([{ type: 'navigate', path: '/account', replace: true }]);
    actor.stop();
  });

  it("with chooseProfileAfterSignIn, a sign-in without a profile goes through who's watching; one with a profile, or a purchase, goes straight on", async () => {
    const storage = testStorage(stored(await guestTokens(Date.now())));
    const navigation = memoryNavigation('/login?from=%2Faccount');
    const actor = start({ api: fakeApi(), storage, navigation, chooseProfileAfterSignIn: true });
    actor.send({ type: 'session.signedIn', tokens: await userTokens(Date.now()), afterSignIn: { search: '?from=%2Faccount' } });
    actor.send({ type: 'session.signedIn', tokens: await userTokens(Date.now(), { pid: 'p1' }), afterSignIn: { search: '?from=%2Faccount' } });
    actor.send({ type: 'session.signedIn', tokens: await userTokens(Date.now(), { sub: 'u-3' }), afterSignIn: { search: '?entryPage=PURCHASE' } });
    expect(navigation.calls).toEqual([
      { type: 'navigate', path: '/profiles?from=%2Faccount', replace: true },
      { type: 'navigate', path: '/account', replace: true },
      { type: 'navigate', path: '/purchase', replace: true },
    ]);
    actor.stop();
  });

  it('session.afterSignIn without a signed-in user, or a sign-in whose token does not decode, goes nowhere', async () => {
    const storage = testStorage(stored(await guestTokens(Date.now())));
    const navigation = memoryNavigation('/login');
    const actor = start({ api: fakeApi(), storage, navigation });
    actor.send({ type: 'session.afterSignIn', search: '?from=%2Faccount' });
    actor.send({ type: 'session.signedIn', tokens: { authorisationToken: 'not-a-jwt', refreshToken: 'r' }, afterSignIn: { search: '' } });
    expect(navigation.calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe('guest');
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).not.toBe('r');
    actor.stop();
  });

  it("what a refresh brings is written by the client only: the session adopts it and writes nothing (client event or its own refresh)", async () => {
    const now = Date.now();
    const storage = testStorage(stored(await userTokens(now)));
    const tokens = countingStore(storage);
    const renewed = await userTokens(now + 1_000, { refresh: 'r-client' });
    const again = await userTokens(now + 2_000, { refresh: 'r-own' });
    const api = fakeApi({ refresh: async () => again });
    const actor = start({ api, storage, tokens });
    api.emit({ type: 'session.refreshed', ...renewed });
    expect(actor.getSnapshot().context.refreshToken).toBe('r-client');
    actor.send({ type: 'session.refresh' });
    await waitFor(actor, (s) => s.context.refreshToken === 'r-own');
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(tokens.writes).toEqual([]);
    expect(tokens.clears).toBe(0);
    actor.stop();
  });

  it('the session writes what a guest check-in brings and clears the store on logout, once each', async () => {
    const storage = testStorage();
    const tokens = countingStore(storage);
    const guest = await guestTokens(Date.now(), { sub: 'g-w' });
    const actor = start({ api: fakeApi({ guestCheckin: async () => guest }), storage, tokens });
    await waitFor(actor, (s) => s.matches('guest'));
    const user = await userTokens(Date.now());
    actor.send({ type: 'session.signedIn', tokens: user });
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('guest'));
    expect(tokens.writes).toEqual([guest.refreshToken, user.refreshToken, guest.refreshToken]);
    expect(tokens.clears).toBe(1);
    actor.stop();
  });
});
