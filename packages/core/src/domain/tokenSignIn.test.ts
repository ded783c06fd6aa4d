import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { opinPortalUrl, readTokenReturn } from './tokenSignIn.js';

const tokenArb = fc.stringMatching(/^[A-Za-z0-9\-_.~]{8,80}$/);
const fromArb = fc.constantFrom('/account', '/video/1/x', '/browse?x=1');

describe('readTokenReturn (§2 query param token)', () => {
  it('reads a well-formed token and state and leaves only the other params', () => {
    fc.assert(
      fc.property(tokenArb, tokenArb, fc.option(fromArb, { nil: undefined }), (token, state, from) => {
        const query = new URLSearchParams();
        if (from) query.set('from', from);
        query.set('token', token);
        query.set('state', state);
        const result = readTokenReturn(`?${query.toString()}`);
        expect(result.token).toBe(token);
        expect(result.state).toBe(state);
        expect(result.hadParams).toBe(true);
        expect(result.search).toBe(from ? `?${new URLSearchParams({ from }).toString()}` : '');
        expect(result.search).not.toMatch(/token=|state=/);
      }),
    );
  });

  it('a malformed or repeated token reads as null and is still removed; never throws', () => {
    expect(readTokenReturn('?token=short&from=%2Fa')).toEqual({ token: null, state: null, search: '?from=%2Fa', hadParams: true });
    expect(readTokenReturn('token=aaaaaaaaaa&token=bbbbbbbbbb').token).toBeNull();
    expect(readTokenReturn('?token=%3Cscript%3Eaaaaaaa').token).toBeNull();
    expect(readTokenReturn('')).toEqual({ token: null, state: null, search: '', hadParams: false });
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const result = readTokenReturn(value);
        expect(result.search).not.toMatch(/(^|[?&])(token|state)=/);
      }),
    );
  });
});

describe('opinPortalUrl', () => {
  it('builds {baseUri}/login with redirect_uri and state, resolving a path against the platform', () => {
    fc.assert(
      fc.property(tokenArb, fromArb, (state, from) => {
        const returnUrl = `http://127.0.0.1:5173/login/opin?from=${encodeURIComponent(from)}`;
        const url = new URL(opinPortalUrl({ baseUri: '/_opin', base: 'http://127.0.0.1:8787', returnUrl, state })!);
        expect(url.origin).toBe('http://127.0.0.1:8787');
        expect(url.pathname).toBe('/_opin/login');
        expect(url.searchParams.get('redirect_uri')).toBe(returnUrl);
        expect(url.searchParams.get('state')).toBe(state);
      }),
    );
  });

  it('null for an unusable portal, return address or state; never throws', () => {
    const ok = { baseUri: 'https://opin.example.test', returnUrl: 'https://web.test/login/opin', state: 'abcdefgh12' };
    expect(opinPortalUrl(ok)).toBe('https://opin.example.test/login?redirect_uri=https%3A%2F%2Fweb.test%2Flogin%2Fopin&state=abcdefgh12');
    expect(opinPortalUrl({ ...ok, baseUri: undefined })).toBeNull();
    expect(opinPortalUrl({ ...ok, baseUri: 'javascript:alert(1)' })).toBeNull();
    expect(opinPortalUrl({ ...ok, returnUrl: '/login/opin' })).toBeNull();
    expect(opinPortalUrl({ ...ok, state: 'x' })).toBeNull();
    fc.assert(
      fc.property(fc.anything(), (facts) => {
        const result = opinPortalUrl(facts as never);
        if (result !== null) expect(new URL(result).pathname.endsWith('/login')).toBe(true);
      }),
    );
  });
});
