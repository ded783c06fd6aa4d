/**
 * Property and example tests of the TV-operator rules (identity-and-routes.md §2 "Providers page",
 * §3, §4 "Adobe flows", "TV-provider sign-in", §6, §8 "Adobe").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/errors.js';
import {
  adobeAuthenticateUrl,
  adobeConfigLists,
  adobeSignInRequirement,
  isDevicePin,
  isListedMvpd,
  licenceRedirectTarget,
  normaliseDevicePin,
  parseAdobeClient,
  parseTvProviderPending,
  providersPath,
  readLicenceRedirect,
  readProvidersRoute,
  regcodeRetryAllowed,
  shouldSyncEntitlements,
  splitMvpds,
  TV_PROVIDER_FLOW_KEYS,
  TV_PROVIDER_PENDING_TTL_MS,
  TV_PROVIDER_STORAGE_KEYS,
  tvCodeErrorKey,
  tvProviderEntry,
  tvProviderError,
  tvProviderFailure,
  tvProviderReturnUrl,
  tvProviderSettings,
  type AllowedMvpd,
  type MvpdEntry,
} from './index.js';
import { matchRoute } from './routes.js';

const apiError = (status: number, code = 'BAD_REQUEST', messages: string[] = ['first', 'second'], requestId: string | null = 'req-1') =>
  new ApiError({ call: 'adobe.token', status, code, messages, requestId: requestId ?? undefined });

const mvpdId = fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/);
const mvpd: fc.Arbitrary<MvpdEntry> = fc.record({ id: mvpdId, displayName: fc.string(), logoUrl: fc.constant(null), featured: fc.boolean() });
const allowed: fc.Arbitrary<AllowedMvpd> = fc.record({ name: mvpdId, display: fc.boolean() });

describe('splitMvpds', () => {
  it('every shown MVPD is in exactly one list, by its featured flag, in the configuration order', () => {
    fc.assert(
      fc.property(fc.array(mvpd, { maxLength: 20 }), fc.array(allowed, { maxLength: 8 }), (mvpds, allow) => {
        const lists = splitMvpds(mvpds, allow);
        const shown = [...lists.featured, ...lists.nonFeatured];
        expect(lists.featured.every((m) => m.featured)).toBe(true);
        expect(lists.nonFeatured.every((m) => !m.featured)).toBe(true);
        expect(new Set(shown.map((m) => m.id)).size).toBe(shown.length);
        // Order: each list is a subsequence of the first occurrences in the configuration.
        const firsts = mvpds.filter((m, i) => mvpds.findIndex((o) => o.id === m.id) === i);
        for (const list of [lists.featured, lists.nonFeatured]) {
          const positions = list.map((m) => firsts.indexOf(m));
          expect(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
        }
        // Filter: with allowed providers, only the ones named with display true.
        const displayed = new Set(allow.filter((a) => a.display).map((a) => a.name));
        const expected = allow.length === 0 ? firsts : firsts.filter((m) => displayed.has(m.id));
        expect(new Set(shown.map((m) => m.id))).toEqual(new Set(expected.map((m) => m.id)));
        for (const m of shown) expect(isListedMvpd(lists, m.id)).toBe(true);
      }),
    );
  });

  it('an allowed entry with display false hides the MVPD; an empty list restricts nothing', () => {
    const mvpds: MvpdEntry[] = [
      { id: 'a', displayName: 'A', logoUrl: null, featured: true },
      { id: 'b', displayName: 'B', logoUrl: null, featured: false },
      { id: 'c', displayName: 'C', logoUrl: null, featured: false },
    ];
    expect(splitMvpds(mvpds, [{ name: 'a', display: true }, { name: 'b', display: false }])).toEqual({ featured: [mvpds[0]], nonFeatured: [] });
    expect(splitMvpds(mvpds, [])).toEqual({ featured: [mvpds[0]], nonFeatured: [mvpds[1], mvpds[2]] });
    expect(isListedMvpd(splitMvpds(mvpds, [{ name: 'a', display: true }]), 'b')).toBe(false);
  });
});

describe('adobeConfigLists', () => {
  it('reads both list shapes; entries without an id are dropped, the name defaults to the id', () => {
    const flat = { requestor: { id: 'r', mvpds: [{ id: 'acme', displayName: 'Acme', logoUrl: 'http://l/a.png', featured: true }, { displayName: 'x' }, { id: 'zed' }] } };
    expect(adobeConfigLists(flat)).toEqual({
      mvpds: [
        { id: 'acme', displayName: 'Acme', logoUrl: 'http://l/a.png', featured: true },
        { id: 'zed', displayName: 'zed', logoUrl: null, featured: false },
      ],
      channels: [],
    });
    const wrapped = { requestor: { id: 'r', mvpds: { mvpd: [{ id: 'acme' }] }, channels: { channel: [{ id: 'c1' }, {}] } } };
    expect(adobeConfigLists(wrapped)).toEqual({ mvpds: [{ id: 'acme', displayName: 'acme', logoUrl: null, featured: false }], channels: ['c1'] });
  });

  it('never throws', () => {
    fc.assert(fc.property(fc.anything(), (value) => void adobeConfigLists(value)));
  });
});

describe('tvProviderSettings and tvProviderEntry', () => {
  const dcr = { name: 'ADOBE_DCR', requestorId: 'stream', baseUri: 'http://adobe.test/_adobe/', softwareStatement: 'jwt', allowedProviders: [{ name: 'acme' }, { name: 'x', display: false }, {}] };

  it('reads an entry: resourceId defaults to the requestor, allowedProviders normalised', () => {
    expect(tvProviderSettings(dcr)).toEqual({
      kind: 'ADOBE_DCR',
      requestorId: 'stream',
      resourceId: 'stream',
      baseUri: 'http://adobe.test/_adobe',
      softwareStatement: 'jwt',
      redirectUri: null,
      allowedProviders: [{ name: 'acme', display: true }, { name: 'x', display: false }],
      mandatory: false,
      displayName: null,
    });
  });

  it('refuses entries it cannot use', () => {
    expect(tvProviderSettings({ ...dcr, softwareStatement: undefined })).toBeNull();
    expect(tvProviderSettings({ ...dcr, baseUri: 'javascript:alert(1)' })).toBeNull();
    expect(tvProviderSettings({ ...dcr, name: 'ID' })).toBeNull();
    expect(tvProviderSettings({ ...dcr, requestorId: ' ' })).toBeNull();
    expect(tvProviderSettings({ name: 'ADOBE', requestorId: 'r', baseUri: 'https://a.test' })?.softwareStatement).toBeNull();
    fc.assert(fc.property(fc.anything(), (value) => void tvProviderSettings(value)));
  });

  it('picks the preferred kind when the realm has it, else the first usable TV entry', () => {
    const primetime = { name: 'ADOBE', requestorId: 'prime', baseUri: 'https://a.test' };
    const providers = [{ name: 'ID' }, { ...dcr, softwareStatement: '' }, primetime, dcr];
    expect(tvProviderEntry(providers)?.requestorId).toBe('prime');
    expect(tvProviderEntry(providers, 'ADOBE_DCR')?.kind).toBe('ADOBE_DCR');
    expect(tvProviderEntry([{ name: 'ID' }])).toBeNull();
    expect(tvProviderEntry('nope')).toBeNull();
  });
});

describe('the PROVIDERS route', () => {
  const route = fc.record({
    result: fc.constantFrom('success' as const, null),
    device: fc.option(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/), { nil: null }),
    provider: fc.constantFrom('ADOBE' as const, 'ADOBE_DCR' as const, null),
    from: fc.constantFrom(null, '/account', '/video/42?t=1'),
  });

  it('reading the built path gives the route back (a device needs a result)', () => {
    fc.assert(
      fc.property(route, fc.constantFrom('en' as const, 'es' as const, 'pt' as const), (value, locale) => {
        const path = providersPath(value, locale);
        const [pathname, search = ''] = path.split('?');
        const match = matchRoute(pathname!, locale);
        expect(match?.key).toBe('PROVIDERS');
        expect(readProvidersRoute(match!.params, search)).toEqual({ ...value, device: value.result ? value.device : null });
      }),
    );
  });

  it('ignores unknown results, providers, unsafe from and odd devices', () => {
    expect(readProvidersRoute({ result: 'failure', device: '../x' }, '?provider=ID&from=https://evil.test')).toEqual({ result: null, device: null, provider: null, from: null });
    expect(readProvidersRoute(undefined, '')).toEqual({ result: null, device: null, provider: null, from: null });
    expect(providersPath({ device: 'tv1' })).toBe('/providers');
    expect(readProvidersRoute({}, '?from=%2Flogin').from).toBeNull();
  });

  it('the return address: the configured one, else origin + /providers/success', () => {
    expect(tvProviderReturnUrl('http://web.test/anything', { provider: 'ADOBE', device: 'tv1' })).toBe('http://web.test/providers/success/tv1?provider=ADOBE');
    expect(tvProviderReturnUrl('http://web.test', { provider: 'ADOBE', configured: 'https://web.example/providers/success' })).toBe('https://web.example/providers/success');
    expect(tvProviderReturnUrl('file:///x', { provider: 'ADOBE' })).toBeNull();
  });

  it('the authenticate address carries the regcode and ids, never a token', () => {
    const url = adobeAuthenticateUrl({ baseUri: 'http://adobe.test/_adobe/', requestorId: 'stream', regcode: 'ABC', mvpdId: 'acme', redirectUrl: 'http://web.test/providers/success?provider=ADOBE' });
    const parsed = new URL(url!);
    expect(parsed.origin + parsed.pathname).toBe('http://adobe.test/_adobe/api/v1/authenticate');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      reg_code: 'ABC',
      requestor_id: 'stream',
      mso_id: 'acme',
      redirect_url: 'http://web.test/providers/success?provider=ADOBE',
      domain_name: 'web.test',
      noflash: 'true',
      no_iframe: 'true',
    });
    expect(adobeAuthenticateUrl({ baseUri: 'javascript:x', requestorId: 's', regcode: 'A', mvpdId: 'm', redirectUrl: 'http://w.test' })).toBeNull();
    expect(adobeAuthenticateUrl({ baseUri: 'http://a.test', requestorId: 's', regcode: '', mvpdId: 'm', redirectUrl: 'http://w.test' })).toBeNull();
  });
});

describe('TV-provider errors (§8)', () => {
  it('400 or 412 restarts the picker only on the first attempt; any other failure shows the error', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), fc.boolean(), (status, secondIntent) => {
        const decision = tvProviderFailure(apiError(status), { secondIntent });
        const restart = !secondIntent && (status === 400 || status === 412);
        expect(decision.action).toBe(restart ? 'restart' : 'show');
        if (decision.action === 'show') expect(decision.error).toMatchObject({ status, requestId: 'req-1', firstMessage: 'first' });
      }),
    );
  });

  it('maps the code, else the generic key; a network failure says so', () => {
    expect(tvProviderError(apiError(403, 'FORBIDDEN')).key).toBe('tvProviderNotEntitled');
    expect(tvProviderError(apiError(401, 'UNKNOWN', [], null))).toEqual({ key: 'tvProviderNotAuthenticated', status: 401, code: 'UNAUTHORIZED', requestId: null, firstMessage: null });
    expect(tvProviderError(apiError(500, 'INTERNAL_ERROR')).key).toBe('anErrorOccured');
    expect(tvProviderError(new NetworkError('adobe.token', new Error('x'))).key).toBe('networkError');
    expect(tvProviderError({ data: { status: 409, code: 'CONFLICT', messages: ['m'], requestId: 'r9' } })).toMatchObject({ key: 'tvProviderAccountLinked', requestId: 'r9', firstMessage: 'm' });
    fc.assert(fc.property(fc.anything(), (value) => void tvProviderError(value)));
  });

  it('the regcode retry: a 400 that was not retried yet, nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), fc.boolean(), (status, retried) => {
        expect(regcodeRetryAllowed(apiError(status), retried)).toBe(status === 400 && !retried);
      }),
    );
  });
});

describe('local storage of the flow', () => {
  const NOW = Date.UTC(2026, 0, 1);
  const pending = { kind: 'ADOBE', requestorId: 'r', resourceId: 'res', baseUri: 'http://adobe.test/_adobe', mvpdId: 'acme', regcode: 'ABC', from: '/account', device: 'tv1', createdAt: NOW };

  it('cleared on leaving means every flow key; the realm client key is not one of them', () => {
    expect(TV_PROVIDER_FLOW_KEYS).toEqual([TV_PROVIDER_STORAGE_KEYS.pending, TV_PROVIDER_STORAGE_KEYS.secondIntent]);
    expect(TV_PROVIDER_FLOW_KEYS.some((key) => key.startsWith('stream.adobe.client'))).toBe(false);
  });

  it('a pending sign-in is read back within its life only', () => {
    expect(parseTvProviderPending(JSON.stringify(pending), NOW + 1000)).toEqual(pending);
    expect(parseTvProviderPending(JSON.stringify(pending), NOW + TV_PROVIDER_PENDING_TTL_MS)).toBeNull();
    expect(parseTvProviderPending(JSON.stringify(pending), NOW - 1)).toBeNull();
    expect(parseTvProviderPending(JSON.stringify({ ...pending, kind: 'ADOBE_DCR' }), NOW)).toBeNull();
    expect(parseTvProviderPending(JSON.stringify({ ...pending, from: '//evil.test' }), NOW)).not.toHaveProperty('from');
    fc.assert(fc.property(fc.string(), fc.integer(), (raw, now) => void parseTvProviderPending(raw, now)));
  });

  it('the stored DCR client', () => {
    expect(parseAdobeClient('{"clientId":"c","clientSecret":"s"}')).toEqual({ clientId: 'c', clientSecret: 's' });
    expect(parseAdobeClient('{"clientId":"c"}')).toBeNull();
    expect(parseAdobeClient('nope')).toBeNull();
  });
});

describe('mandatory flag, linked accounts and entitlement sync', () => {
  const tv = { name: 'ADOBE', requestorId: 'r', baseUri: 'https://a.test' };

  it('a linked Adobe account lets the viewer continue; a mandatory flag forces Adobe; else nothing', () => {
    expect(adobeSignInRequirement([{ name: 'ID', mandatory: true }, tv], [{ provider: 'ADOBE' }])).toEqual({ kind: 'linked', unlinkAllowed: true });
    expect(adobeSignInRequirement([{ name: 'ID', mandatory: true }, tv], [{ provider: 'GOOGLE' }])).toEqual({ kind: 'required', provider: 'ADOBE' });
    expect(adobeSignInRequirement([{ name: 'ID' }, tv], [])).toEqual({ kind: 'none' });
    expect(adobeSignInRequirement([{ name: 'ID', mandatory: true }], [])).toEqual({ kind: 'none' });
    fc.assert(fc.property(fc.anything(), fc.anything(), (a, b) => void adobeSignInRequirement(a, b)));
  });

  it('entitlements sync after a TV-operator sign-in with a refresh token only', () => {
    expect(shouldSyncEntitlements({ provider: 'ADOBE_DCR', refreshToken: 'r' })).toBe(true);
    expect(shouldSyncEntitlements({ provider: 'ID', refreshToken: 'r' })).toBe(false);
    expect(shouldSyncEntitlements({ provider: 'ADOBE', refreshToken: '' })).toBe(false);
  });
});

describe('device PIN', () => {
  it('normalising is idempotent and a normalised PIN is well formed exactly when the regex says', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (raw) => {
        const pin = normaliseDevicePin(raw);
        expect(normaliseDevicePin(pin)).toBe(pin);
        expect(isDevicePin(raw)).toBe(/^[A-Z0-9]{4,12}$/.test(pin));
      }),
    );
    expect(normaliseDevicePin(' abcd-2345 ')).toBe('ABCD2345');
  });

  it('confirmation errors', () => {
    expect(tvCodeErrorKey(apiError(404, 'NOT_FOUND'))).toBe('tvCodeInvalid');
    expect(tvCodeErrorKey(apiError(403, 'FORBIDDEN'))).toBe('tvCodeSignInRequired');
    expect(tvCodeErrorKey(new NetworkError('tvDevice.confirmPin', new Error('x')))).toBe('networkError');
    expect(tvCodeErrorKey(apiError(500, 'INTERNAL_ERROR'))).toBe('anErrorOccured');
  });
});

describe('licence redirect', () => {
  it('reads code and extraParams', () => {
    expect(readLicenceRedirect('?code=c1&extraParams=from%3D%252Faccount')).toEqual({ code: 'c1', extraParams: 'from=%2Faccount' });
    expect(readLicenceRedirect('')).toEqual({ code: null, extraParams: null });
  });

  it('goes to the answer, else extraParams, else the default page; always an in-app path', () => {
    expect(licenceRedirectTarget({ answerRedirect: '/account', extraParams: 'from=/video/1' })).toBe('/account');
    expect(licenceRedirectTarget({ answerRedirect: 'https://evil.test', extraParams: 'from=/video/1' })).toBe('/video/1');
    expect(licenceRedirectTarget({ extraParams: 'from=/login' })).toBe('/home');
    // Absolute, protocol-relative, backslashed or encoded addresses are never followed, wherever they come from.
    for (const hostile of ['https://evil.test/x', '//evil.test', '/\\evil.test', '/%2F%2Fevil.test', '/%5Cevil.test', 'javascript:alert(1)', ' /account']) {
      expect(licenceRedirectTarget({ answerRedirect: hostile })).toBe('/home');
      expect(licenceRedirectTarget({ extraParams: new URLSearchParams({ redirectTo: hostile }).toString() })).toBe('/home');
      expect(licenceRedirectTarget({ extraParams: new URLSearchParams({ from: hostile }).toString(), defaultPath: hostile })).toBe('/home');
    }
    // A sign-in page is not a target, even when the platform's answer names it (it would sign the viewer out).
    expect(licenceRedirectTarget({ answerRedirect: '/logout', extraParams: 'redirectTo=%2Faccount' })).toBe('/account');
    expect(licenceRedirectTarget({ answerRedirect: '/login?from=%2Faccount' })).toBe('/home');
    expect(licenceRedirectTarget({ extraParams: 'redirectTo=%2Fvideo%2F7&from=%2Faccount', defaultPath: '/browse' })).toBe('/video/7');
    expect(licenceRedirectTarget({ extraParams: 'x=1', defaultPath: '/browse' })).toBe('/browse');
    fc.assert(
      fc.property(fc.anything(), fc.option(fc.string(), { nil: null }), (answerRedirect, extraParams) => {
        const target = licenceRedirectTarget({ answerRedirect, extraParams });
        expect(target.startsWith('/') && !target.startsWith('//')).toBe(true);
      }),
    );
  });
});
