import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appDeepLinkUrl,
  AUTH_PROVIDER_KINDS,
  isAuthProviderKind,
  loginProviderPath,
  offersAccountSecurity,
  offersMagicLink,
  offersPasswordReset,
  providerCanSignUp,
  providerPagePath,
  providerSubRoute,
  singleExternalProviderRedirect,
} from './providers.js';
import { safeReturnPath } from './redirects.js';
import { matchRoute } from './routes.js';

const OIDC = { name: 'OPENID_CONNECT', clientName: 'stream-idp' };
const providerName = fc.oneof(fc.constantFrom(...AUTH_PROVIDER_KINDS), fc.string());
const provider = fc.record({ name: providerName, clientName: fc.option(fc.string(), { nil: undefined }) });

describe('provider capabilities (§3, §6)', () => {
  it('every kind but magic link and SPTV can sign up; unknown names cannot', () => {
    const cannot = AUTH_PROVIDER_KINDS.filter((kind) => !providerCanSignUp(kind));
    expect(cannot).toEqual(['SPTV', 'MAGIC_LINK']);
    expect(providerCanSignUp('TWITTER')).toBe(false);
    expect(providerCanSignUp(undefined)).toBe(false);
  });

  it('password reset and account security: firebase, PBR, GIGYA and ID only', () => {
    const reset = AUTH_PROVIDER_KINDS.filter(offersPasswordReset);
    expect(reset.sort()).toEqual(['FIREBASE', 'GIGYA', 'ID', 'PBR']);
    expect(AUTH_PROVIDER_KINDS.filter(offersAccountSecurity)).toEqual(AUTH_PROVIDER_KINDS.filter(offersPasswordReset));
    expect(offersPasswordReset('GOOGLE')).toBe(false);
  });

  it('magic link: offered when enabled, unless ADOBE is the only provider', () => {
    expect(offersMagicLink(true, [{ name: 'ID' }])).toBe(true);
    expect(offersMagicLink(true, [])).toBe(true);
    expect(offersMagicLink(true, [{ name: 'ADOBE' }])).toBe(false);
    expect(offersMagicLink(true, [{ name: 'ADOBE' }, { name: 'ID' }])).toBe(true);
    expect(offersMagicLink(false, [{ name: 'ID' }])).toBe(false);
  });

  it('isAuthProviderKind accepts exactly the listed kinds', () => {
    fc.assert(fc.property(fc.anything(), (value) => {
      expect(isAuthProviderKind(value)).toBe(typeof value === 'string' && AUTH_PROVIDER_KINDS.includes(value as never));
    }));
  });
});

describe('provider sub-routes and links (§2)', () => {
  it('OPENID_CONNECT goes to openid/{clientName}; the others to their segment', () => {
    expect(providerSubRoute(OIDC)).toEqual({ authProvider: 'openid', clientName: 'stream-idp' });
    expect(providerSubRoute({ name: 'OPENID_CONNECT' })).toBeNull();
    expect(providerSubRoute({ name: 'OPENID_CONNECT', clientName: '../x' })).toBeNull();
    expect(providerSubRoute({ name: 'APPLE_ID' })).toEqual({ authProvider: 'apple' });
    expect(providerSubRoute({ name: 'GIGYA' })).toEqual({ authProvider: 'GIGYA' });
    expect(providerSubRoute({ name: 'ID' })).toBeNull();
    expect(providerSubRoute({ name: 'MAGIC_LINK' })).toBeNull();
  });

  it('keeps from, entryPage, redirectTo, type and licences; drops the rest and unsafe values', () => {
    expect(loginProviderPath(OIDC, '?from=%2Faccount&code=x&state=y')).toBe('/login/openid/stream-idp?from=%2Faccount');
    expect(loginProviderPath(OIDC, 'from=https%3A%2F%2Fevil.test&type=signup&licences=1&licences=2&redirectTo=%2F%2Fevil')).toBe(
      '/login/openid/stream-idp?type=signup&licences=1&licences=2',
    );
    expect(loginProviderPath(OIDC, '', 'es')).toMatch(/^\/[^?]+\/openid\/stream-idp$/);
    expect(loginProviderPath({ name: 'ID' }, '?from=%2Faccount')).toBeNull();
  });

  it('a provider link is always a safe in-app LOGIN_REDIRECT path, or the OAUTH path of a generic OAuth provider', () => {
    fc.assert(fc.property(provider, fc.string(), (entry, search) => {
      const path = loginProviderPath(entry, search);
      if (path === null) return;
      expect(safeReturnPath(path)).toBe(path);
      const match = matchRoute(path.split('?')[0]!);
      const tv = entry.name === 'ADOBE' || entry.name === 'ADOBE_DCR';
      expect(match?.key).toBe(entry.name === 'GENERIC_OAUTH' ? 'OAUTH' : tv ? 'PROVIDERS' : 'LOGIN_REDIRECT');
      if (tv) expect(new URLSearchParams(path.split('?')[1]).get('provider')).toBe(entry.name);
      if (entry.name === 'GENERIC_OAUTH') expect(match?.params.provider).toBe(entry.clientName);
    }));
  });

  it('GENERIC_OAUTH goes to its OAUTH route /oauth/{clientName}, keeping the sign-in params', () => {
    const oauth = { name: 'GENERIC_OAUTH', clientName: 'partner' };
    expect(providerSubRoute(oauth)).toBeNull();
    expect(providerPagePath(oauth)).toBe('/oauth/partner');
    expect(loginProviderPath(oauth, '?from=%2Faccount&type=signup&code=x')).toBe('/oauth/partner?from=%2Faccount&type=signup');
    expect(loginProviderPath({ name: 'GENERIC_OAUTH' }, '?from=%2Faccount')).toBeNull();
    expect(loginProviderPath({ name: 'GENERIC_OAUTH', clientName: '../x' }, '')).toBeNull();
    expect(matchRoute(loginProviderPath(oauth, '', 'es')!, 'es')?.key).toBe('OAUTH');
  });
});

describe('TV-operator providers (§2 "Providers page")', () => {
  it('ADOBE and ADOBE_DCR open the PROVIDERS page naming the provider, keeping from', () => {
    expect(providerSubRoute({ name: 'ADOBE' })).toBeNull();
    expect(providerPagePath({ name: 'ADOBE' })).toBe('/providers');
    expect(loginProviderPath({ name: 'ADOBE' }, '?from=%2Faccount&code=x')).toBe('/providers?provider=ADOBE&from=%2Faccount');
    expect(loginProviderPath({ name: 'ADOBE_DCR' }, '')).toBe('/providers?provider=ADOBE_DCR');
    expect(matchRoute(loginProviderPath({ name: 'ADOBE' }, '', 'es')!.split('?')[0]!, 'es')?.key).toBe('PROVIDERS');
  });
});

describe('singleExternalProviderRedirect (§2)', () => {
  const base = { providers: [OIDC], isGuest: true, search: '?from=%2Faccount' };

  it('a guest goes straight to the only provider when it is external and no code is present', () => {
    expect(singleExternalProviderRedirect(base)).toBe('/login/openid/stream-idp?from=%2Faccount');
    expect(singleExternalProviderRedirect({ ...base, providers: [{ name: 'GENERIC_OAUTH', clientName: 'partner' }] })).toBe('/oauth/partner?from=%2Faccount');
  });

  it('no redirect for a signed-in viewer, with a code, with several ways in, or for a non-external provider', () => {
    expect(singleExternalProviderRedirect({ ...base, isGuest: false })).toBeNull();
    expect(singleExternalProviderRedirect({ ...base, search: '?code=abc' })).toBeNull();
    expect(singleExternalProviderRedirect({ ...base, providers: [{ name: 'ID' }, OIDC] })).toBeNull();
    expect(singleExternalProviderRedirect({ ...base, magicLink: true })).toBeNull();
    expect(singleExternalProviderRedirect({ ...base, providers: [{ name: 'ID' }] })).toBeNull();
    expect(singleExternalProviderRedirect({ ...base, providers: [] })).toBeNull();
  });

  it('never redirects unless exactly one external provider is configured and the viewer is a guest without a code', () => {
    fc.assert(fc.property(fc.array(provider, { maxLength: 3 }), fc.boolean(), fc.boolean(), fc.string(), (providers, isGuest, magicLink, search) => {
      const target = singleExternalProviderRedirect({ providers, isGuest, magicLink, search });
      if (target === null) return;
      expect(isGuest).toBe(true);
      expect(providers).toHaveLength(1);
      expect(['OPENID_CONNECT', 'GENERIC_OAUTH']).toContain(providers[0]!.name);
      expect(new URLSearchParams(search.replace(/^\?/, '')).has('code')).toBe(false);
      expect(safeReturnPath(target)).toBe(target);
    }));
  });
});

describe('appDeepLinkUrl (§4)', () => {
  it('adds the code and the extra params to a known app deep link', () => {
    expect(appDeepLinkUrl('tv.stream.app', { code: 'c 1', clientName: 'stream-idp', licences: ['1', '2'], from: null })).toBe(
      'streamapp://login/openid?code=c+1&clientName=stream-idp&licences=1&licences=2',
    );
  });

  it('refuses an unknown bundle id (no open redirect)', () => {
    expect(appDeepLinkUrl('com.evil', { code: 'x' })).toBeNull();
    expect(appDeepLinkUrl('__proto__', { code: 'x' })).toBeNull();
    expect(appDeepLinkUrl(undefined, { code: 'x' })).toBeNull();
  });
});
