/**
 * The PROVIDERS page's TV-provider sign-in with fake actors (identity-and-routes.md §4
 * "TV-provider sign-in", "Adobe flows", §8 "Adobe"): pick, leave, return, exchange, entitlement
 * sync; 400 and 412 restarting the picker once and only on the first attempt; local storage
 * cleared on every exit path; a linked account; and the property that the regcode call is made at
 * most twice and the picker shown at most twice whatever the actors answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type Actor } from 'xstate';
import type { AdobeConfig, LoginResponse } from '../../contracts/index.js';
import {
  adobeAuthenticateUrl,
  adobeClientStorageKey,
  readProvidersRoute,
  TV_PROVIDER_FLOW_KEYS,
  TV_PROVIDER_STORAGE_KEYS,
  type TvProviderSettings,
} from '../../domain/adobe.js';
import { memoryNavigation } from '../../platform/navigation.js';
import { apiError, CONFIG, DCR, fakeHost, PRIMETIME } from '../adobeRegistration/adobeRegistration.arbitrary.js';
import type { SessionEvent } from '../session/session.types.js';
import { connectTvProviderSignIn, tvProviderSignInMachine, type TvProviderSignInInput } from '../index.js';
import { fakeApi, testStorage } from '../test-helpers.js';

const NOW = Date.UTC(2026, 0, 1);
const TOKENS: LoginResponse = { authorisationToken: 'access-1', refreshToken: 'refresh-1' };

type Answer<T> = (n: number) => Promise<T>;

/** One browser: storage and the calls of every page load. */
function browser(
  options: {
    provider?: TvProviderSettings | null;
    regcode?: Answer<{ code: string; accessToken?: string }>;
    exchange?: Answer<LoginResponse>;
    config?: Answer<AdobeConfig>;
    sync?: Answer<unknown>;
    unlink?: Answer<unknown>;
  } = {},
) {
  const storage = testStorage();
  const calls = { regcode: 0, exchange: [] as unknown[], config: 0, sync: [] as string[], unlink: [] as string[] };
  const sessionEvents: SessionEvent[] = [];
  const regcode = options.regcode ?? (async () => ({ code: 'REG1', accessToken: 'at-1' }));
  const exchange = options.exchange ?? (async () => TOKENS);
  const api = fakeApi({
    adobe: {
      regcode: async () => ({ code: (await regcode(++calls.regcode)).code }),
      regcodeV3: async () => {
        const out = await regcode(++calls.regcode);
        return { code: out.code, accessToken: out.accessToken ?? 'at' };
      },
      user: async ({ body }) => {
        calls.exchange.push(body);
        return exchange(calls.exchange.length);
      },
      token: async ({ body }) => {
        calls.exchange.push(body);
        return exchange(calls.exchange.length);
      },
      entitlementSync: async ({ body }) => {
        calls.sync.push(body.refreshToken);
        await (options.sync ?? (async () => ({})))(calls.sync.length);
        return {};
      },
    },
    social: {
      unlink: async ({ params }) => {
        calls.unlink.push(String(params.provider));
        await (options.unlink ?? (async () => ({})))(calls.unlink.length);
        return { linkedAccounts: [{ provider: 'GOOGLE', email: 'viewer@example.com' }] };
      },
    },
  });
  const host = fakeHost({ config: () => (options.config ?? (async () => CONFIG))(++calls.config) });
  const provider = options.provider === undefined ? DCR : options.provider;
  const open = (path: string, extra: Partial<TvProviderSignInInput> = {}) => {
    const [pathname = '', search = ''] = path.split('?');
    const parts = pathname.split('/').filter(Boolean);
    const navigation = memoryNavigation(path);
    const actor = createActor(tvProviderSignInMachine, {
      input: {
        api,
        session: { send: (event) => sessionEvents.push(event) },
        realm: 'stream',
        storage,
        navigation,
        provider,
        route: readProvidersRoute({ result: parts[1], device: parts[2] }, search),
        origin: 'http://web.test',
        now: () => NOW,
        adobeHost: host.factory,
        ...extra,
      },
    }).start();
    const view = () => connectTvProviderSignIn(actor.getSnapshot(), actor.send);
    return { actor, navigation, view };
  };
  return { storage, calls, sessionEvents, open };
}

type Page = ReturnType<ReturnType<typeof browser>['open']>;

/** Waits until the page asks the viewer something or ends. */
const settle = (actor: Actor<typeof tvProviderSignInMachine>) =>
  waitFor(actor, (s) => s.status === 'done' || s.matches('picking') || s.matches('linked'));

/** The flow's items left in storage. */
const flowItems = (storage: ReturnType<typeof testStorage>) => TV_PROVIDER_FLOW_KEYS.filter((key) => storage.getItem(key) !== null);

async function pickAndLeave(page: Page, mvpdId = 'acme') {
  await settle(page.actor);
  page.view().pick(mvpdId);
  expect(page.view().phase).toBe('leaving');
}

describe('tvProviderSignIn: picking and leaving', () => {
  it('a fresh visit registers, shows featured and non-featured operators, stores the ids and leaves for Adobe', async () => {
    const b = browser();
    const page = b.open('/providers?provider=ADOBE_DCR&from=%2Faccount');
    await settle(page.actor);
    const view = page.view();
    expect(view).toMatchObject({ phase: 'picking', busy: false, retryMessage: null, unlinkAllowed: false });
    expect(view.featured.map((m) => m.id)).toEqual(['acme', 'coral']);
    expect(view.nonFeatured.map((m) => m.id)).toEqual(['bolt']);
    page.view().pick('acme');
    const pending = JSON.parse(b.storage.getItem(TV_PROVIDER_STORAGE_KEYS.pending)!);
    expect(pending).toEqual({
      kind: 'ADOBE_DCR',
      requestorId: 'stream',
      resourceId: 'stream-res',
      baseUri: 'http://adobe.test/_adobe',
      mvpdId: 'acme',
      regcode: 'REG1',
      accessToken: 'at-1',
      from: '/account',
      createdAt: NOW,
    });
    const url = adobeAuthenticateUrl({
      baseUri: 'http://adobe.test/_adobe',
      requestorId: 'stream',
      regcode: 'REG1',
      mvpdId: 'acme',
      redirectUrl: 'http://web.test/providers/success?provider=ADOBE_DCR',
    });
    expect(page.navigation.calls).toEqual([{ type: 'assign', url }]);
    expect(url).not.toContain('at-1');
    expect(page.actor.getSnapshot().status).toBe('done');
  });

  it('an operator that is not listed (hidden by allowedProviders) cannot be picked', async () => {
    const b = browser();
    const page = b.open('/providers');
    await settle(page.actor);
    page.view().pick('hidden');
    expect(page.view().phase).toBe('picking');
    expect(page.navigation.calls).toEqual([]);
  });

  it('handed provider data skips the registration', async () => {
    const b = browser();
    const data = {
      kind: 'ADOBE' as const,
      requestorId: 'stream',
      resourceId: 'stream',
      baseUri: 'http://adobe.test/_adobe',
      regcode: 'HANDED',
      accessToken: null,
      lists: { featured: [{ id: 'acme', displayName: 'Acme', logoUrl: null, featured: true }], nonFeatured: [] },
      channels: [],
    };
    const page = b.open('/providers', { providerData: data, provider: PRIMETIME });
    await settle(page.actor);
    expect(b.calls.regcode).toBe(0);
    page.view().pick('acme');
    expect(JSON.parse(b.storage.getItem(TV_PROVIDER_STORAGE_KEYS.pending)!)).toMatchObject({ kind: 'ADOBE', regcode: 'HANDED' });
  });

  it('a fresh visit forgets the items of an abandoned flow (no retry message)', async () => {
    const b = browser();
    b.storage.setItem(TV_PROVIDER_STORAGE_KEYS.secondIntent, 'true');
    b.storage.setItem(TV_PROVIDER_STORAGE_KEYS.pending, '{"stale":true}');
    const page = b.open('/providers');
    await settle(page.actor);
    expect(page.view().retryMessage).toBeNull();
    expect(flowItems(b.storage)).toEqual([]);
  });

  it('leaving the page clears the flow; the realm client stays', async () => {
    const b = browser();
    const page = b.open('/providers');
    await settle(page.actor);
    b.storage.setItem(TV_PROVIDER_STORAGE_KEYS.secondIntent, 'true');
    page.view().leave();
    expect(page.view().phase).toBe('closed');
    expect(flowItems(b.storage)).toEqual([]);
    expect(b.storage.getItem(adobeClientStorageKey('stream'))).not.toBeNull();
  });

  it('no usable TV provider: providerNotAvailable', async () => {
    const b = browser({ provider: null });
    const page = b.open('/providers');
    await settle(page.actor);
    // Nothing to try again with: no restart path.
    expect(page.view()).toMatchObject({ phase: 'failed', error: { key: 'providerNotAvailable' }, homePath: '/home', restartPath: null });
  });

  it('a failed registration shows its error and the way home', async () => {
    const b = browser({ regcode: () => Promise.reject(apiError(400)) });
    const page = b.open('/providers');
    await settle(page.actor);
    expect(b.calls.regcode).toBe(2);
    expect(page.view()).toMatchObject({ phase: 'failed', error: { requestId: 'req-400', firstMessage: 'm400' }, homePath: '/home', restartPath: '/providers?provider=ADOBE_DCR' });
  });
});

describe('tvProviderSignIn: back from the operator', () => {
  it('exchanges (DCR: client and access token), hands the tokens over, syncs entitlements, goes to the stored from-path', async () => {
    const b = browser();
    await pickAndLeave(b.open('/providers?from=%2Fvideo%2F42'));
    const back = b.open('/providers/success?provider=ADOBE_DCR');
    await settle(back.actor);
    expect(b.calls.exchange).toEqual([{ requestorId: 'stream', clientId: 'client-1', clientSecret: 'secret-1', accessToken: 'at-1' }]);
    // Stored at once (the sync needs them); the session goes on to the from-path once signed in.
    expect(b.sessionEvents).toEqual([
      { type: 'session.signedIn', tokens: TOKENS },
      { type: 'session.afterSignIn', search: '?from=%2Fvideo%2F42' },
    ]);
    expect(b.calls.sync).toEqual(['refresh-1']);
    expect(back.view()).toMatchObject({ phase: 'signedIn' });
    expect(back.actor.getSnapshot().output).toEqual({ tokens: TOKENS });
    expect(back.actor.getSnapshot().context.entitlements).toBe('synced');
    expect(flowItems(b.storage)).toEqual([]);
  });

  it('Primetime exchanges at /user/adobe; no from-path goes to the default page', async () => {
    const b = browser({ provider: PRIMETIME });
    await pickAndLeave(b.open('/providers?provider=ADOBE'));
    const back = b.open('/providers/success?provider=ADOBE');
    await settle(back.actor);
    expect(b.calls.exchange).toEqual([{ requestorId: 'stream', resourceId: 'stream' }]);
    expect(back.view()).toMatchObject({ phase: 'signedIn' });
    expect(b.sessionEvents.at(-1)).toEqual({ type: 'session.afterSignIn', search: '' });
  });

  it('a failed entitlement sync does not undo the sign-in', async () => {
    const b = browser({ sync: () => Promise.reject(apiError(500, 'INTERNAL_ERROR')) });
    await pickAndLeave(b.open('/providers'));
    const back = b.open('/providers/success');
    await settle(back.actor);
    expect(back.view().phase).toBe('signedIn');
    expect(back.actor.getSnapshot().context.entitlements).toBe('failed');
    expect(flowItems(b.storage)).toEqual([]);
  });

  for (const status of [400, 412]) {
    it(`${status} on the first attempt restarts the picker once with the retry message; a second failure shows the error`, async () => {
      const b = browser({ exchange: () => Promise.reject(apiError(status, status === 400 ? 'BAD_REQUEST' : 'PRECONDITION_FAILED')) });
      await pickAndLeave(b.open('/providers?from=%2Faccount'));
      const back = b.open('/providers/success');
      await settle(back.actor);
      expect(back.view()).toMatchObject({ phase: 'picking', retryMessage: 'tvProviderRetry' });
      expect(back.view().featured.map((m) => m.id)).toEqual(['acme', 'coral']);
      expect(b.storage.getItem(TV_PROVIDER_STORAGE_KEYS.secondIntent)).toBe('true');
      expect(b.calls.regcode).toBe(1);
      back.view().pick('bolt');
      expect(JSON.parse(b.storage.getItem(TV_PROVIDER_STORAGE_KEYS.pending)!)).toMatchObject({ mvpdId: 'bolt', regcode: 'REG1', from: '/account' });
      const again = b.open('/providers/success');
      await settle(again.actor);
      // Try again starts a new flow at the same provider, keeping the from-path of the round trip.
      expect(again.view()).toMatchObject({
        phase: 'failed',
        error: { status, requestId: `req-${status}`, firstMessage: `m${status}` },
        homePath: '/home',
        restartPath: '/providers?provider=ADOBE_DCR&from=%2Faccount',
      });
      expect(flowItems(b.storage)).toEqual([]);
      expect(b.calls.exchange).toHaveLength(2);
    });
  }

  it('the second attempt succeeds after a 412', async () => {
    const b = browser({ exchange: (n) => (n === 1 ? Promise.reject(apiError(412, 'PRECONDITION_FAILED')) : Promise.resolve(TOKENS)) });
    await pickAndLeave(b.open('/providers?from=%2Faccount'));
    const back = b.open('/providers/success');
    await settle(back.actor);
    back.view().pick('coral');
    const again = b.open('/providers/success');
    await settle(again.actor);
    expect(again.view()).toMatchObject({ phase: 'signedIn' });
    expect(b.sessionEvents.at(-1)).toEqual({ type: 'session.afterSignIn', search: '?from=%2Faccount' });
    expect(flowItems(b.storage)).toEqual([]);
  });

  it('any other failure of the first attempt shows the mapped error at once', async () => {
    const b = browser({ exchange: () => Promise.reject(apiError(403, 'FORBIDDEN')) });
    await pickAndLeave(b.open('/providers'));
    const back = b.open('/providers/success');
    await settle(back.actor);
    expect(back.view()).toMatchObject({ phase: 'failed', error: { key: 'tvProviderNotEntitled', requestId: 'req-403' } });
    expect(flowItems(b.storage)).toEqual([]);
  });

  it('result=success without a stored pick fails (and clears)', async () => {
    const b = browser();
    b.storage.setItem(TV_PROVIDER_STORAGE_KEYS.secondIntent, 'true');
    const back = b.open('/providers/success');
    await settle(back.actor);
    expect(back.view()).toMatchObject({ phase: 'failed', error: { key: 'anErrorOccured' } });
    expect(b.calls.exchange).toEqual([]);
    expect(flowItems(b.storage)).toEqual([]);
  });

  it('leaving while the exchange or the second attempt\'s configuration is under way clears the flow and signs nothing in', async () => {
    const never = () => new Promise<never>(() => {});
    // Leaving during the exchange.
    const b = browser({ exchange: never });
    await pickAndLeave(b.open('/providers'));
    const back = b.open('/providers/success');
    expect(back.view()).toMatchObject({ phase: 'loading', busy: true });
    expect(flowItems(b.storage)).toEqual([TV_PROVIDER_STORAGE_KEYS.pending]);
    back.view().leave();
    expect(back.view().phase).toBe('closed');
    expect(flowItems(b.storage)).toEqual([]);
    expect(b.sessionEvents).toEqual([]);
    // Leaving while the picker of the second attempt loads (pending gone, second-intent set).
    const c = browser({ exchange: () => Promise.reject(apiError(412, 'PRECONDITION_FAILED')), config: (n) => (n === 1 ? Promise.resolve(CONFIG) : never()) });
    await pickAndLeave(c.open('/providers'));
    const again = c.open('/providers/success');
    await waitFor(again.actor, (s) => s.matches('reloading'));
    expect(flowItems(c.storage)).toEqual([TV_PROVIDER_STORAGE_KEYS.secondIntent]);
    again.view().leave();
    expect(again.view().phase).toBe('closed');
    expect(flowItems(c.storage)).toEqual([]);
  });

  it('leaving while the registration runs ends the flow (nothing stored)', async () => {
    const b = browser({ regcode: () => new Promise<never>(() => {}) });
    const page = b.open('/providers');
    expect(page.view().phase).toBe('loading');
    page.view().leave();
    expect(page.view().phase).toBe('closed');
    expect(page.actor.getSnapshot().status).toBe('done');
    expect(flowItems(b.storage)).toEqual([]);
  });

  it('the device param is carried through the round trip', async () => {
    const b = browser();
    const page = b.open('/providers/x/tv-1');
    await settle(page.actor);
    page.view().pick('acme');
    expect(new URL((page.navigation.calls[0] as { url: string }).url).searchParams.get('redirect_url')).toBe('http://web.test/providers/success/tv-1?provider=ADOBE_DCR');
    expect(JSON.parse(b.storage.getItem(TV_PROVIDER_STORAGE_KEYS.pending)!).device).toBe('tv-1');
  });
});

describe('tvProviderSignIn: a linked Adobe account', () => {
  const linked = [{ provider: 'ADOBE_DCR' }];

  it('continue: goes on with unlink allowed shown, and clears', async () => {
    const b = browser();
    const page = b.open('/providers?from=%2Faccount', { linkedAccounts: linked });
    await settle(page.actor);
    expect(page.view()).toMatchObject({ phase: 'linked', unlinkAllowed: true });
    expect(b.calls.regcode).toBe(0);
    page.view().continue();
    expect(page.view()).toMatchObject({ phase: 'continued' });
    expect(b.sessionEvents).toEqual([{ type: 'session.afterSignIn', search: '?from=%2Faccount' }]);
    expect(flowItems(b.storage)).toEqual([]);
  });

  it('unlink: the link goes, then the picker; a failed unlink shows the generic error', async () => {
    const b = browser({ unlink: (n) => (n === 1 ? Promise.reject(apiError(500, 'INTERNAL_ERROR')) : Promise.resolve({})) });
    const page = b.open('/providers', { linkedAccounts: linked });
    await settle(page.actor);
    page.view().unlink();
    await waitFor(page.actor, (s) => s.matches('linked') && s.context.unlinkError !== null);
    expect(page.view()).toMatchObject({ phase: 'linked', unlinkError: 'anErrorOccured' });
    page.view().unlink();
    await waitFor(page.actor, (s) => s.matches('picking'));
    expect(b.calls.unlink).toEqual(['ADOBE_DCR', 'ADOBE_DCR']);
    expect(page.view().unlinkError).toBeNull();
    // Only the successful unlink tells the session the links left.
    expect(b.sessionEvents).toEqual([{ type: 'session.linkedAccounts', linkedAccounts: [{ provider: 'GOOGLE', email: 'viewer@example.com' }] }]);
  });
});

describe('tvProviderSignIn: property', () => {
  type RegcodeAnswer = 'ok' | 400 | 500;
  type ExchangeAnswer = 'ok' | 400 | 412 | 401 | 500;
  const answers = fc.record({
    regcode: fc.array(fc.constantFrom<RegcodeAnswer>('ok', 400, 500), { minLength: 4, maxLength: 4 }),
    exchange: fc.array(fc.constantFrom<ExchangeAnswer>('ok', 400, 412, 401, 500), { minLength: 4, maxLength: 4 }),
    config: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    sync: fc.boolean(),
    provider: fc.constantFrom(DCR, PRIMETIME),
  });

  it('whatever the actors answer, the regcode call is made at most twice, the picker shown at most twice, and the flow ends with its items cleared', async () => {
    await fc.assert(
      fc.asyncProperty(answers, async (a) => {
        const b = browser({
          provider: a.provider,
          regcode: (n) => (a.regcode[n - 1] === 'ok' ? Promise.resolve({ code: `REG${n}`, accessToken: `at-${n}` }) : Promise.reject(apiError(a.regcode[n - 1] as number))),
          exchange: (n) => (a.exchange[n - 1] === 'ok' ? Promise.resolve(TOKENS) : Promise.reject(apiError(a.exchange[n - 1] as number))),
          config: (n) => (a.config[n - 1] ? Promise.resolve(CONFIG) : Promise.reject(apiError(503, 'INTERNAL_ERROR'))),
          sync: () => (a.sync ? Promise.resolve({}) : Promise.reject(apiError(500))),
        });
        let pickers = 0;
        let page = b.open('/providers');
        for (let load = 0; load < 6; load += 1) {
          const snapshot = await settle(page.actor);
          if (snapshot.matches('picking')) {
            pickers += 1;
            page.view().pick('acme');
            page = b.open('/providers/success');
            continue;
          }
          break;
        }
        expect(b.calls.regcode).toBeLessThanOrEqual(2);
        expect(pickers).toBeLessThanOrEqual(2);
        expect(page.actor.getSnapshot().status).toBe('done');
        expect(['signedIn', 'failed']).toContain(page.view().phase);
        expect(flowItems(b.storage)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
