import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { postSignInTarget, safeReturnPath } from './index.js';

const ORIGIN = 'https://app.example';

/** The result stays on the app's origin, even if its pathname is reused as a URL again. */
function staysInApp(path: string): boolean {
  const url = new URL(path, ORIGIN);
  if (url.origin !== ORIGIN) return false;
  const again = new URL(url.pathname + url.search, ORIGIN);
  if (again.origin !== ORIGIN) return false;
  // A consumer that percent-decodes the path part before navigating must stay in the app too.
  let decoded = path.split(/[?#]/)[0] ?? '';
  for (let i = 0; i < 6; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
    decoded = next;
    if (new URL(decoded, ORIGIN).origin !== ORIGIN) return false;
  }
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

const fragment = fc.constantFrom(
  '/',
  '//',
  '\\',
  '/\\',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%252f',
  '%25',
  'http:',
  'https:',
  'javascript:',
  'data:',
  '\t',
  '\n',
  '\r',
  '\u0000',
  ' ',
  '\u3000',
  '\u200b',
  '\u202e',
  '\ufeff',
  '@',
  'example.com',
  '.',
  '..',
  '?',
  '#',
  '&',
  '=',
  'é',
  '日本',
  '％２ｆ',
  'account',
  'from=',
  '%09',
  '%0a',
  '%2e',
);
const adversarial = fc.oneof(
  fc.array(fragment, { maxLength: 8 }).map((parts) => parts.join('')),
  fc.array(fc.oneof(fragment, fc.string({ maxLength: 4 })), { maxLength: 8 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary' }),
  fc.string().map((s) => `/${s}`),
);

describe('safeReturnPath', () => {
  it('accepts in-app paths', () => {
    expect(safeReturnPath('/account?x=1')).toBe('/account?x=1');
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath('/video/a%2Fb')).toBe('/video/a%2Fb');
    expect(safeReturnPath('/search?q=a%20b#top')).toBe('/search?q=a%20b#top');
    expect(safeReturnPath('/account?next=https://x')).toBe('/account?next=https://x');
    expect(safeReturnPath('/iniciar-sesion')).toBe('/iniciar-sesion');
  });

  it('rejects everything that could leave the app', () => {
    for (const bad of [
      '//example.com',
      '/\\example.com',
      '\\\\example.com',
      '/%2F%2Fexample.com',
      '/%2f/example.com',
      '/%5Cexample.com',
      '/%252F%252Fexample.com',
      '/%09/example.com',
      '/\t/example.com',
      '/\n/example.com',
      ' /account',
      '/account ',
      'https://x',
      'http://example.com/path',
      'javascript:alert(1)',
      'account',
      '',
      '/..//example.com',
      '/%2e%2e//example.com',
      '/a//b',
      '/\u200b/example.com',
      '/%',
    ]) {
      expect(safeReturnPath(bad), JSON.stringify(bad)).toBeNull();
    }
    for (const bad of [null, undefined, 42, {}, ['/'], new String('/home')]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });

  it('never returns anything that leaves the origin (property)', () => {
    fc.assert(
      fc.property(adversarial, (raw) => {
        const result = safeReturnPath(raw);
        if (result !== null) {
          expect(result).toBe(raw);
          expect(staysInApp(result), JSON.stringify(result)).toBe(true);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(adversarial, (raw) => {
        const once = safeReturnPath(raw);
        expect(safeReturnPath(once)).toBe(once);
      }),
    );
  });
});

describe('postSignInTarget', () => {
  it('rule 1: signup or purchase entry carries licences, redirectTo and from', () => {
    const target = postSignInTarget(
      '?entryPage=%2Fsignup&licences=L1&licences=L2&redirectTo=%2Fpay&from=%2Fvideo%2F7&other=1',
    );
    const url = new URL(target, ORIGIN);
    expect(url.pathname).toBe('/signup');
    expect(url.searchParams.getAll('licences')).toEqual(['L1', 'L2']);
    expect(url.searchParams.get('redirectTo')).toBe('/pay');
    expect(url.searchParams.get('from')).toBe('/video/7');
    expect(url.searchParams.has('other')).toBe(false);

    expect(postSignInTarget('?entryPage=/purchase&licences=GOLD')).toBe('/purchase?licences=GOLD');
    expect(postSignInTarget('?entryPage=PURCHASE')).toBe('/purchase');
    expect(postSignInTarget('?entryPage=/comprar&licences=X', { locale: 'es' })).toBe('/comprar?licences=X');
    // unsafe carried paths are dropped, not carried
    expect(postSignInTarget('?entryPage=/signup&redirectTo=https://evil.example&from=//evil')).toBe('/signup');
  });

  it('rule 1: login entry with from goes to from', () => {
    expect(postSignInTarget('?entryPage=/login&from=/account')).toBe('/account');
    expect(postSignInTarget('?entryPage=/login/google&from=%2Fvideo%2F1')).toBe('/video/1');
    expect(postSignInTarget('?entryPage=LOGIN&from=/account')).toBe('/account');
    expect(postSignInTarget('?entryPage=/login')).toBe('/home');
  });

  it('rule 2 and 3: from, else the default menu page', () => {
    expect(postSignInTarget('?from=/epg')).toBe('/epg');
    expect(postSignInTarget('?entryPage=/browse&from=/epg')).toBe('/epg');
    expect(postSignInTarget('')).toBe('/home');
    expect(postSignInTarget('?from=https://evil.example')).toBe('/home');
    expect(postSignInTarget('?from=//evil.example', { defaultPath: '/browse' })).toBe('/browse');
    expect(postSignInTarget('?from=/login')).toBe('/home');
    expect(postSignInTarget('?from=/logout')).toBe('/home');
    expect(postSignInTarget('', { locale: 'pt' })).toBe('/inicio');
    expect(postSignInTarget('', { defaultPath: 'https://evil' })).toBe('/home');
  });

  it('always returns an in-app path (property)', () => {
    const value = fc.oneof(adversarial, fc.constantFrom('/signup', '/purchase', '/login', 'SIGNUP', 'LOGIN'));
    const key = fc.constantFrom('entryPage', 'from', 'redirectTo', 'licences', 'x');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, value), { maxLength: 5 }),
        fc.option(adversarial, { nil: undefined }),
        fc.constantFrom('en', 'es', 'pt', 'debug' as const),
        fc.boolean(),
        (pairs, defaultPath, locale, raw) => {
          const search = raw
            ? pairs.map(([k, v]) => `${k}=${v}`).join('&')
            : new URLSearchParams(pairs).toString();
          const target = postSignInTarget(search, { defaultPath, locale });
          expect(safeReturnPath(target)).toBe(target);
          expect(staysInApp(target)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
