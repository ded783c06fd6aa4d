import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  loginBackTarget,
  loginPageRedirect,
  loginPageTitleKey,
  requestAccessAddress,
  showsLoginBackButton,
  signInProviderBlock,
  type ProviderBlockFacts,
} from './loginPage.js';
import type { ProviderEntry } from './providers.js';
import { AUTH_PROVIDER_KINDS } from './providers.js';
import { safeReturnPath } from './redirects.js';
import { matchRoute, ROUTE_KEYS } from './routes.js';

const ID = { name: 'ID' };
const OIDC = { name: 'OPENID_CONNECT', clientName: 'stream-idp', displayName: 'Stream ID' };
const GOOGLE = { name: 'GOOGLE' };
const SPTV = { name: 'SPTV' };

const facts = (over: Partial<ProviderBlockFacts> = {}): ProviderBlockFacts => ({
  providers: [ID, GOOGLE, OIDC, SPTV],
  current: ID,
  selfRegistration: true,
  magicLink: true,
  search: '',
  ...over,
});

describe('login page title (§2)', () => {
  it('sign in, the magic-link heading, and the forgot/forgotten titles on the reset paths', () => {
    expect(loginPageTitleKey('LOGIN')).toBe('signIn');
    expect(loginPageTitleKey('LOGIN_REDIRECT')).toBe('signIn');
    expect(loginPageTitleKey('GIFT_LOGIN')).toBe('signIn');
    expect(loginPageTitleKey('MAGIC_LINK')).toBe('magicLinkTitle');
    expect(loginPageTitleKey('LOGIN_REQUEST_PASSWORD')).toBe('forgotPasswordWeb');
    expect(loginPageTitleKey('REQUEST_PASSWORD')).toBe('forgotPasswordWeb');
    expect(loginPageTitleKey('LOGIN_RESET_PASSWORD')).toBe('forgottenPassword');
    expect(loginPageTitleKey(null)).toBe('signIn');
  });
});

describe('login back button (§2)', () => {
  it('shows on every sub-page, never on the main login pages', () => {
    expect(showsLoginBackButton('LOGIN')).toBe(false);
    expect(showsLoginBackButton('GIFT_LOGIN')).toBe(false);
    expect(showsLoginBackButton('GIFT_REDEMPTION_LOGIN')).toBe(false);
    for (const key of ['LOGIN_REDIRECT', 'MAGIC_LINK', 'LOGIN_REQUEST_PASSWORD', 'LOGIN_RESET_PASSWORD'] as const) {
      expect(showsLoginBackButton(key)).toBe(true);
    }
    expect(showsLoginBackButton('HOME')).toBe(false);
  });

  it('goes to the gift page, else the redemption page, else from, else login', () => {
    expect(loginBackTarget({ giftId: 'g-1', redeemCode: 'R1', search: '?from=%2Faccount' })).toBe('/gift/g-1');
    expect(loginBackTarget({ redeemCode: 'R1', search: '?from=%2Faccount' })).toBe('/redeem?redeemCode=R1');
    expect(loginBackTarget({ search: '?redeemCode=R2' })).toBe('/redeem?redeemCode=R2');
    expect(loginBackTarget({ search: '?from=%2Faccount' })).toBe('/account');
    expect(loginBackTarget({ search: '?from=https%3A%2F%2Fevil.test' })).toBe('/login');
    expect(loginBackTarget({ search: '?from=%2Flogin' })).toBe('/login');
    expect(loginBackTarget()).toBe('/login');
    expect(matchRoute(loginBackTarget({ locale: 'es' }), 'es')?.key).toBe('LOGIN');
  });

  it('always answers a safe in-app path, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        fc.string(),
        (giftId, redeemCode, search) => {
          const target = loginBackTarget({ giftId, redeemCode, search });
          expect(safeReturnPath(target)).toBe(target);
        },
      ),
    );
  });
});

describe('sign-in provider block (§2, §6)', () => {
  it('links every other provider with a page, in the realm order, ID to the main login page', () => {
    const block = signInProviderBlock(facts({ current: GOOGLE, search: '?from=%2Faccount' }));
    expect(block.others.map((link) => [link.provider.name, link.href])).toEqual([
      ['ID', '/login?from=%2Faccount'],
      ['OPENID_CONNECT', '/login/openid/stream-idp?from=%2Faccount'],
      ['SPTV', '/login/sptv?from=%2Faccount'],
    ]);
    expect(block.magicLink).toBe('/login/magic-link?from=%2Faccount');
  });

  it('on the gift-redemption login page, sign-up goes to the gift-redemption register page with the code (issue 18)', () => {
    const search = '?from=%2Fredeem%3FredeemCode%3DABC';
    expect(signInProviderBlock(facts({ current: ID, search, redeemCode: 'ABC23' })).signUp).toBe(`/gift/redeem/ABC23/register${search}`);
    expect(signInProviderBlock(facts({ current: ID, search, redeemCode: 'no/such' })).signUp).toBe(`/signup${search}`);
    expect(signInProviderBlock(facts({ current: ID, search })).signUp).toBe(`/signup${search}`);
  });

  it('shows one TV provider button, the realm\'s first TV entry, when the realm lists both kinds', () => {
    const dcr = { name: 'ADOBE_DCR', displayName: 'TV provider' };
    const primetime = { name: 'ADOBE', displayName: 'TV provider (Primetime)' };
    const block = signInProviderBlock(facts({ providers: [ID, dcr, GOOGLE, primetime], search: '?from=%2Faccount' }));
    expect(block.others.map((link) => [link.provider.name, link.href])).toEqual([
      ['ADOBE_DCR', '/providers?provider=ADOBE_DCR&from=%2Faccount'],
      ['GOOGLE', '/login/google?from=%2Faccount'],
    ]);
    expect(signInProviderBlock(facts({ providers: [ID, primetime, dcr] })).others.map((link) => link.provider.name)).toEqual(['ADOBE']);
  });

  it('leaves out the kinds the current form offers itself: Google and Facebook are not listed twice on the Firebase page', () => {
    const firebase = { name: 'FIREBASE' };
    const facebook = { name: 'FACEBOOK' };
    const providers = [ID, GOOGLE, facebook, firebase];
    const plain = signInProviderBlock(facts({ providers, current: firebase }));
    expect(plain.others.map((link) => link.provider.name)).toEqual(['ID', 'GOOGLE', 'FACEBOOK']);
    const block = signInProviderBlock(facts({ providers, current: firebase, offeredByCurrent: ['GOOGLE', 'FACEBOOK', 'APPLE_ID'] }));
    expect(block.others.map((link) => link.provider.name)).toEqual(['ID']);
    fc.assert(
      fc.property(fc.subarray(['ID', 'GOOGLE', 'FACEBOOK', 'APPLE_ID', 'SPTV']), (offered) => {
        const names = signInProviderBlock(facts({ providers, current: firebase, offeredByCurrent: offered })).others.map((link) => link.provider.name);
        for (const name of offered) expect(names).not.toContain(name);
        expect(new Set(names).size).toBe(names.length);
      }),
    );
  });

  it('never lists the current provider, and every link is a safe in-app path', () => {
    const entry = fc.record({
      name: fc.oneof(fc.constantFrom(...AUTH_PROVIDER_KINDS), fc.string()),
      clientName: fc.option(fc.string(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), entry, fc.string(), fc.boolean(), fc.boolean(), (providers, current, search, self, magic) => {
        const block = signInProviderBlock({ providers, current, selfRegistration: self, magicLink: magic, search });
        for (const link of block.others) {
          expect(link.provider.name === current.name && (link.provider.clientName ?? null) === (current.clientName ?? null)).toBe(false);
          expect(safeReturnPath(link.href)).toBe(link.href);
        }
        for (const href of [block.magicLink, block.signUp]) if (href !== null) expect(safeReturnPath(href)).toBe(href);
        expect(block.signUp !== null && block.requestAccess !== null).toBe(false);
        // One TV provider button at most, and none when the page is the TV provider's own.
        const tvLinks = block.others.filter((link) => link.provider.name === 'ADOBE' || link.provider.name === 'ADOBE_DCR').length;
        expect(tvLinks).toBeLessThanOrEqual(current.name === 'ADOBE' || current.name === 'ADOBE_DCR' ? 0 : 1);
      }),
    );
  });

  it('offers sign-up only when the realm allows it and the provider can sign up', () => {
    expect(signInProviderBlock(facts()).signUp).toBe('/signup');
    expect(signInProviderBlock(facts({ search: '?from=%2Faccount' })).signUp).toBe('/signup?from=%2Faccount');
    expect(signInProviderBlock(facts({ selfRegistration: false })).signUp).toBeNull();
    expect(signInProviderBlock(facts({ current: SPTV })).signUp).toBeNull();
    expect(signInProviderBlock(facts({ current: { name: 'MAGIC_LINK' } })).signUp).toBeNull();
  });

  it('offers request access instead, only for an absolute http(s) address', () => {
    const closed = facts({ selfRegistration: false, requestAccessUri: 'https://example.com/join' });
    expect(signInProviderBlock(closed).requestAccess).toBe('https://example.com/join');
    expect(signInProviderBlock({ ...closed, selfRegistration: true }).requestAccess).toBeNull();
    expect(requestAccessAddress('javascript:alert(1)')).toBeNull();
    expect(requestAccessAddress('/relative')).toBeNull();
    expect(requestAccessAddress('')).toBeNull();
    expect(requestAccessAddress(42)).toBeNull();
  });

  it('offers magic link unless it is the page itself or the only provider is ADOBE', () => {
    expect(signInProviderBlock(facts({ current: { name: 'MAGIC_LINK' } })).magicLink).toBeNull();
    expect(signInProviderBlock(facts({ providers: [{ name: 'ADOBE' }], current: { name: 'ADOBE' } })).magicLink).toBeNull();
    expect(signInProviderBlock(facts({ magicLink: false })).magicLink).toBeNull();
  });
});

it('every route key has a title key', () => {
  for (const key of ROUTE_KEYS) expect(typeof loginPageTitleKey(key)).toBe('string');
});

describe('login page redirect for a guest (§2 single external provider, §6 mandatory flag)', () => {
  const TV = { name: 'ADOBE_DCR', mandatory: true, baseUri: 'https://adobe.example', softwareStatement: 'statement', requestorId: 'stream', resourceId: 'stream' };
  it('the mandatory flag sends a guest to the TV provider page, keeping from', () => {
    expect(loginPageRedirect({ providers: [ID, TV], isGuest: true, search: '?from=%2Faccount' })).toBe(
      '/providers?provider=ADOBE_DCR&from=%2Faccount',
    );
  });
  /** The TV entry with `mandatory` set (realm entries carry more fields than `ProviderEntry` names). */
  const tvWith = (mandatory: boolean): ProviderEntry => ({ ...TV, mandatory }) as ProviderEntry;
  it('without the flag, only a single external provider redirects', () => {
    expect(loginPageRedirect({ providers: [ID, tvWith(false)], isGuest: true, search: '' })).toBeNull();
    expect(loginPageRedirect({ providers: [OIDC], isGuest: true, search: '?from=%2Faccount' })).toBe('/login/openid/stream-idp?from=%2Faccount');
  });
  it('never for a signed-in viewer or a query with a code; always a safe in-app path', () => {
    expect(loginPageRedirect({ providers: [ID, TV], isGuest: false, search: '' })).toBeNull();
    expect(loginPageRedirect({ providers: [ID, TV], isGuest: true, search: '?code=abc' })).toBeNull();
    fc.assert(
      fc.property(fc.boolean(), fc.string(), fc.boolean(), (mandatory, search, guest) => {
        const target = loginPageRedirect({ providers: [ID, tvWith(mandatory)], isGuest: guest, search });
        if (target !== null) expect(safeReturnPath(target)).toBe(target);
        if (!guest) expect(target).toBeNull();
      }),
    );
  });
});
