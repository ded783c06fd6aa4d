import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  carriedFrom,
  forgotPasswordPath,
  pathKeepingFrom,
  routeAccess,
  showsSignUpLink,
  signInPath,
} from './access.js';
import { ROUTE_KEYS } from './routes.js';

const ORIGIN = 'https://app.example';

describe('routeAccess (§2, §6)', () => {
  it('sends a signed-in user on login or signup to the default menu page', () => {
    expect(routeAccess('LOGIN', 'signedIn', '/login')).toEqual({ kind: 'redirect', path: '/home' });
    expect(routeAccess('SIGNUP', 'signedIn', '/signup?from=%2Faccount')).toEqual({ kind: 'redirect', path: '/home' });
    expect(routeAccess('SIGNUP', 'signedIn', '/registro', 'es')).toEqual({ kind: 'redirect', path: '/inicio' });
  });

  it('sends a guest on the account page to login with from', () => {
    expect(routeAccess('ACCOUNT', 'guest', '/account')).toEqual({ kind: 'redirect', path: '/login?from=%2Faccount' });
    expect(routeAccess('ACCOUNT', 'guest', '/cuenta', 'es')).toEqual({
      kind: 'redirect',
      path: '/iniciar-sesion?from=%2Fcuenta',
    });
  });

  it('sends a guest on PAYMENT_UPDATE to login with from (changing a card needs an account)', () => {
    expect(routeAccess('PAYMENT_UPDATE', 'guest', '/payment-update/101')).toEqual({
      kind: 'redirect',
      path: '/login?from=%2Fpayment-update%2F101',
    });
    expect(routeAccess('PAYMENT_UPDATE', 'signedIn', '/payment-update/101')).toEqual({ kind: 'open' });
  });

  it('sends a guest on HISTORY to login with from (a watch history needs an account)', () => {
    expect(routeAccess('HISTORY', 'guest', '/history')).toEqual({ kind: 'redirect', path: '/login?from=%2Fhistory' });
    expect(routeAccess('HISTORY', 'signedIn', '/history')).toEqual({ kind: 'open' });
  });

  it('sends a guest on TV_LOGIN to login with from (confirming a TV code needs an account)', () => {
    expect(routeAccess('TV_LOGIN', 'guest', '/tv-login?code=AB12')).toEqual({ kind: 'redirect', path: '/login?from=%2Ftv-login%3Fcode%3DAB12' });
    expect(routeAccess('TV_LOGIN', 'signedIn', '/tv-login')).toEqual({ kind: 'open' });
  });

  it('opens everything else', () => {
    expect(routeAccess('ACCOUNT', 'signedIn', '/account')).toEqual({ kind: 'open' });
    expect(routeAccess('LOGIN', 'guest', '/login')).toEqual({ kind: 'open' });
    expect(routeAccess('HOME', 'guest', '/home')).toEqual({ kind: 'open' });
  });

  it('never redirects outside the app, whatever the page says it is', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROUTE_KEYS), fc.constantFrom('guest' as const, 'signedIn' as const), fc.string(), (key, viewer, here) => {
        const access = routeAccess(key, viewer, here);
        if (access.kind === 'redirect') expect(new URL(access.path, ORIGIN).origin).toBe(ORIGIN);
      }),
    );
  });
});

describe('links that carry from', () => {
  it('signInPath carries a safe from, and drops an unsafe or sign-in-page one', () => {
    expect(signInPath('/account?x=1')).toBe('/login?from=%2Faccount%3Fx%3D1');
    expect(signInPath('//example.com')).toBe('/login');
    expect(signInPath('/login?from=%2Faccount')).toBe('/login');
    expect(signInPath(undefined)).toBe('/login');
  });

  it('forgotPasswordPath carries providerName and from when not the login page (§2)', () => {
    expect(forgotPasswordPath('ID', '?from=%2Faccount')).toBe('/login/request-password?providerName=ID&from=%2Faccount');
    expect(forgotPasswordPath('ID', '')).toBe('/login/request-password?providerName=ID');
    expect(forgotPasswordPath('ID', '?from=%2Flogin')).toBe('/login/request-password?providerName=ID');
    expect(forgotPasswordPath('ID', '?from=https%3A%2F%2Fevil.example')).toBe('/login/request-password?providerName=ID');
  });

  it('pathKeepingFrom keeps only a safe from', () => {
    expect(pathKeepingFrom('SIGNUP', '?from=%2Faccount&x=1')).toBe('/signup?from=%2Faccount');
    expect(pathKeepingFrom('LOGIN', 'from=%2F%2Fevil.example')).toBe('/login');
  });

  it('carriedFrom is always null or an in-app path', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const from = carriedFrom(raw);
        if (from !== null) expect(new URL(from, ORIGIN).origin).toBe(ORIGIN);
      }),
    );
  });
});

describe('showsSignUpLink (§6)', () => {
  it('needs self-registration and a provider that can sign up', () => {
    expect(showsSignUpLink(true, 'ID')).toBe(true);
    expect(showsSignUpLink(false, 'ID')).toBe(false);
    expect(showsSignUpLink(true, 'MAGIC_LINK')).toBe(false);
    expect(showsSignUpLink(true, 'SPTV')).toBe(false);
    expect(showsSignUpLink(true, 'FIREBASE')).toBe(true);
  });
});
