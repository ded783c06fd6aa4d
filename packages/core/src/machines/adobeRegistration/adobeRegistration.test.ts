/**
 * The Adobe registration with fake actors and a fake Adobe host (identity-and-routes.md §4 "Adobe
 * flows", §8 "Adobe"): the DCR client registered once per realm, the regcode 400 retried exactly
 * once after clearing the stored client, the configuration split, sign in first, a linked account.
 */
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { LoginResponse } from '../../contracts/index.js';
import { adobeClientStorageKey } from '../../domain/adobe.js';
import { apiError, DCR, fakeHost, PRIMETIME } from './adobeRegistration.arbitrary.js';
import type { SessionEvent } from '../session/session.types.js';
import { adobeRegistrationMachine, connectAdobeRegistration, type AdobeRegistrationInput } from '../index.js';
import { fakeApi, testStorage } from '../test-helpers.js';

function run(input: Partial<AdobeRegistrationInput> & { regcode?: (n: number) => Promise<{ code: string; accessToken?: string }> }, host = fakeHost()) {
  const storage = input.storage ?? testStorage();
  const regcodeCalls: unknown[] = [];
  const sessionEvents: SessionEvent[] = [];
  const answer = input.regcode ?? (async () => ({ code: 'REG1', accessToken: 'at-1' }));
  const api =
    input.api ??
    fakeApi({
      login: async () => ({ authorisationToken: 'a', refreshToken: 'r' }),
      adobe: {
        regcode: async ({ params }) => {
          regcodeCalls.push(params.requestorId);
          const out = await answer(regcodeCalls.length);
          return { code: out.code };
        },
        regcodeV3: async ({ body }) => {
          regcodeCalls.push(body);
          const out = await answer(regcodeCalls.length);
          return { code: out.code, accessToken: out.accessToken ?? 'at' };
        },
      },
    });
  const actor = createActor(adobeRegistrationMachine, {
    input: { api, realm: 'stream', storage, provider: DCR, adobeHost: host.factory, session: { send: (e) => sessionEvents.push(e) }, ...input },
  }).start();
  return { actor, storage, regcodeCalls, sessionEvents, host, done: toPromise(actor) };
}

describe('adobeRegistration', () => {
  it('DCR without a stored client: registers it, stores it per realm, gets a regcode, splits the configuration', async () => {
    const world = run({});
    const output = await world.done;
    expect(world.host.calls).toEqual(['register:statement.jwt', 'config:stream']);
    expect(JSON.parse(world.storage.getItem(adobeClientStorageKey('stream'))!)).toEqual({ clientId: 'client-1', clientSecret: 'secret-1' });
    expect(world.regcodeCalls).toEqual([{ requestorId: 'stream', clientId: 'client-1', clientSecret: 'secret-1' }]);
    expect(output).toMatchObject({ status: 'ready', data: { kind: 'ADOBE_DCR', regcode: 'REG1', accessToken: 'at-1', resourceId: 'stream-res', channels: ['ch1'] } });
    if (output.status !== 'ready') throw new Error('not ready');
    expect(output.data.lists.featured.map((m) => m.id)).toEqual(['acme', 'coral']);
    expect(output.data.lists.nonFeatured.map((m) => m.id)).toEqual(['bolt']);
    const view = connectAdobeRegistration(world.actor.getSnapshot());
    expect(view).toMatchObject({ phase: 'ready', busy: false, providersPath: '/providers?provider=ADOBE_DCR', error: null });
  });

  it('a stored client is reused: no registration', async () => {
    const storage = testStorage({ [adobeClientStorageKey('stream')]: JSON.stringify({ clientId: 'kept', clientSecret: 'kept-secret' }) });
    const world = run({ storage });
    await world.done;
    expect(world.host.calls).toEqual(['config:stream']);
    expect(world.regcodeCalls).toEqual([{ requestorId: 'stream', clientId: 'kept', clientSecret: 'kept-secret' }]);
  });

  it('a regcode 400 clears the stored client before the single retry, which registers a new one', async () => {
    const storage = testStorage({ [adobeClientStorageKey('stream')]: JSON.stringify({ clientId: 'stale', clientSecret: 'stale-secret' }) });
    const seenClients: (string | null)[] = [];
    const world = run({
      storage,
      regcode: async (n) => {
        seenClients.push(storage.getItem(adobeClientStorageKey('stream')));
        if (n === 1) throw apiError(400);
        return { code: 'REG2', accessToken: 'at-2' };
      },
    });
    const output = await world.done;
    expect(output).toMatchObject({ status: 'ready', data: { regcode: 'REG2' } });
    expect(world.regcodeCalls).toEqual([
      { requestorId: 'stream', clientId: 'stale', clientSecret: 'stale-secret' },
      { requestorId: 'stream', clientId: 'client-1', clientSecret: 'secret-1' },
    ]);
    // The stale client was cleared before the retry registered the new one.
    expect(world.host.calls).toEqual(['register:statement.jwt', 'config:stream']);
    expect(seenClients).toEqual([JSON.stringify({ clientId: 'stale', clientSecret: 'stale-secret' }), JSON.stringify({ clientId: 'client-1', clientSecret: 'secret-1' })]);
    expect(JSON.parse(storage.getItem(adobeClientStorageKey('stream'))!)).toEqual({ clientId: 'client-1', clientSecret: 'secret-1' });
  });

  it('the stored client is gone from storage when the retry starts: a failing re-registration leaves none behind', async () => {
    const key = adobeClientStorageKey('stream');
    const storage = testStorage({ [key]: JSON.stringify({ clientId: 'stale', clientSecret: 'stale-secret' }), [adobeClientStorageKey('other')]: '{"clientId":"o","clientSecret":"os"}' });
    const storedAtRegistration: (string | null)[] = [];
    const host = fakeHost({
      register: async () => {
        storedAtRegistration.push(storage.getItem(key));
        throw apiError(400);
      },
    });
    const world = run({ storage, regcode: async () => Promise.reject(apiError(400)) }, host);
    expect(await world.done).toMatchObject({ status: 'failed', error: { status: 400 } });
    expect(storedAtRegistration).toEqual([null]);
    expect(storage.getItem(key)).toBeNull();
    // Only this realm's client is cleared.
    expect(storage.getItem(adobeClientStorageKey('other'))).not.toBeNull();
    expect(world.regcodeCalls).toHaveLength(1);
  });

  it('Primetime: a first 400 is retried once and the retry succeeds silently', async () => {
    const world = run({ provider: PRIMETIME, regcode: async (n) => (n === 1 ? Promise.reject(apiError(400)) : { code: 'REG2' }) });
    expect(await world.done).toMatchObject({ status: 'ready', data: { kind: 'ADOBE', regcode: 'REG2', accessToken: null } });
    expect(world.regcodeCalls).toEqual(['stream', 'stream']);
    expect(world.host.calls).toEqual(['config:stream']);
  });

  it('a second 400 fails: the regcode call is made exactly twice', async () => {
    const world = run({ provider: PRIMETIME, regcode: async () => Promise.reject(apiError(400)) });
    const output = await world.done;
    expect(world.regcodeCalls).toEqual(['stream', 'stream']);
    expect(output).toEqual({ status: 'failed', error: { key: 'anErrorOccured', status: 400, code: 'BAD_REQUEST', requestId: 'req-400', firstMessage: 'm400' } });
    expect(world.host.calls).toEqual([]);
  });

  it('any other regcode error fails at once with the mapped message', async () => {
    const world = run({ provider: PRIMETIME, regcode: async () => Promise.reject(apiError(403, 'FORBIDDEN')) });
    expect(await world.done).toMatchObject({ status: 'failed', error: { key: 'tvProviderNotEntitled', requestId: 'req-403', firstMessage: 'm403' } });
    expect(world.regcodeCalls).toHaveLength(1);
    expect(connectAdobeRegistration(world.actor.getSnapshot())).toMatchObject({ phase: 'failed', providersPath: null, error: { key: 'tvProviderNotEntitled' } });
  });

  it('a failing registration or configuration fails', async () => {
    const badRegister = run({}, fakeHost({ register: () => Promise.reject(apiError(400)) }));
    expect(await badRegister.done).toMatchObject({ status: 'failed', error: { status: 400 } });
    expect(badRegister.regcodeCalls).toEqual([]);
    const badConfig = run({}, fakeHost({ config: () => Promise.reject(apiError(404, 'NOT_FOUND')) }));
    expect(await badConfig.done).toMatchObject({ status: 'failed', error: { key: 'tvProviderNotFound' } });
  });

  it('signs in first when given credentials; the tokens go to the session', async () => {
    const world = run({ provider: PRIMETIME, credentials: { id: 'a@b.test', secret: 'pw' } });
    expect(await world.done).toMatchObject({ status: 'ready' });
    expect(world.sessionEvents).toEqual([{ type: 'session.signedIn', tokens: { authorisationToken: 'a', refreshToken: 'r' } }]);
  });

  it('a linked Adobe account found at login: continue with unlink allowed, no registration', async () => {
    const tokens: LoginResponse = { authorisationToken: 'a', refreshToken: 'r', linkedAccounts: [{ provider: 'ADOBE' }] };
    const api = fakeApi({ login: async () => tokens });
    const world = run({ api, provider: PRIMETIME, credentials: { id: 'a@b.test', secret: 'pw' } });
    expect(await world.done).toEqual({ status: 'linked', unlinkAllowed: true });
    expect(world.sessionEvents).toHaveLength(1);
    expect(world.host.calls).toEqual([]);
    expect(connectAdobeRegistration(world.actor.getSnapshot())).toMatchObject({ phase: 'linked', unlinkAllowed: true, providersPath: '/providers?provider=ADOBE' });
    const before = run({ api: fakeApi(), provider: PRIMETIME, linkedAccounts: [{ provider: 'ADOBE_DCR' }] });
    expect(await before.done).toEqual({ status: 'linked', unlinkAllowed: true });
  });

  it('a failed sign-in first fails with the mapped message', async () => {
    const api = fakeApi({ login: () => Promise.reject(apiError(401, 'UNAUTHORIZED')) });
    const world = run({ api, provider: PRIMETIME, credentials: { id: 'a@b.test', secret: 'bad' } });
    expect(await world.done).toMatchObject({ status: 'failed', error: { key: 'tvProviderNotAuthenticated' } });
  });
});
