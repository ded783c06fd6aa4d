import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ROUTE_KEYS,
  ROUTE_LOCALES,
  ROUTE_PATHS,
  ROUTE_TABLES,
  RouteParamError,
  buildPath,
  isAuthAreaPage,
  matchRoute,
  matchRouteAnyLocale,
  queryIdToPath,
  routeLocaleFor,
  routeShapes,
  staticSegments,
  type RouteKey,
  type RouteLocale,
} from './index.js';

function paramsOf(path: string): Array<{ name: string; optional: boolean }> {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => ({ name: segment.replace(/^:|\?$/g, ''), optional: segment.endsWith('?') }));
}

/** Params of a route as buildPath keeps them: a later optional after an absent optional is dropped. */
function expectedParams(path: string, params: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  let previousOptionalAbsent = false;
  for (const segment of path.split('/').filter((s) => s !== '')) {
    if (!segment.startsWith(':')) {
      previousOptionalAbsent = false;
      continue;
    }
    const name = segment.replace(/^:|\?$/g, '');
    const value = params[name];
    const optional = segment.endsWith('?');
    if (optional && (value === undefined || value === '' || previousOptionalAbsent)) {
      previousOptionalAbsent = true;
      continue;
    }
    previousOptionalAbsent = false;
    if (value !== undefined) out[name] = value;
  }
  return out;
}

const paramValue = fc.oneof(
  fc.string({ minLength: 1 }),
  fc.string({ unit: 'grapheme', minLength: 1 }),
  fc.constantFrom('a/b', '/', '//', '%', '%2F', '?x=1', '#h', 'é', '日本', '🎬', 'a b', '..', '\\'),
);

describe('route table', () => {
  it('has every key of the spec with its English path', () => {
    expect(ROUTE_PATHS.LOGIN).toBe('/login');
    expect(ROUTE_PATHS.LOGIN_REDIRECT).toBe('/login/:authProvider/:clientName?');
    expect(ROUTE_PATHS.GIFT_LOGIN_REDIRECT).toBe('/gift/:giftId?/login/redirect');
    expect(ROUTE_PATHS.GIFT_REDEMPTION_LOGIN).toBe('/gift/redeem/:redeemCode/login');
    expect(ROUTE_PATHS.PROVIDERS).toBe('/providers/:result?/:device?');
    expect(ROUTE_PATHS.MEMBER_AREA).toBe('/members');
    expect(ROUTE_PATHS.WATCHLISTS).toBe('/watchlists');
    expect(ROUTE_KEYS).toHaveLength(70);
  });

  it('keeps ROOT at / and the same keys and param names in every locale', () => {
    for (const locale of ROUTE_LOCALES) {
      const table = ROUTE_TABLES[locale];
      expect(table.ROOT).toBe('/');
      expect(Object.keys(table).sort()).toEqual([...ROUTE_KEYS].sort());
      for (const key of ROUTE_KEYS) {
        expect(paramsOf(table[key])).toEqual(paramsOf(ROUTE_PATHS[key]));
      }
    }
  });

  it('translates es and pt and marks debug', () => {
    expect(ROUTE_TABLES.es.LOGIN).toBe('/iniciar-sesion');
    expect(ROUTE_TABLES.es.SIGNUP).toBe('/registro');
    expect(ROUTE_TABLES.es.ACCOUNT).toBe('/cuenta');
    expect(ROUTE_TABLES.es.HOME).toBe('/inicio');
    expect(ROUTE_TABLES.pt.LOGIN).toBe('/entrar');
    expect(ROUTE_TABLES.pt.SIGNUP).toBe('/cadastro');
    expect(ROUTE_TABLES.pt.ACCOUNT).toBe('/conta');
    expect(ROUTE_TABLES.pt.HOME).toBe('/inicio');
    expect(ROUTE_TABLES.debug.MAGIC_LINK).toBe('/~login/~magic-link');
    for (const key of ROUTE_KEYS) {
      if (key === 'ROOT') continue;
      const statics = ROUTE_TABLES.debug[key].split('/').filter((s) => s !== '' && !s.startsWith(':'));
      expect(statics.every((s) => s.startsWith('~'))).toBe(true);
    }
  });

  it.each(ROUTE_LOCALES)('is unambiguous in %s: no two route forms share a shape', (locale) => {
    const seen = new Map<string, RouteKey>();
    for (const { key, shape } of routeShapes(locale)) {
      expect(seen.get(shape), `${shape} of ${key}`).toBeUndefined();
      seen.set(shape, key);
    }
    // every key's static form matches itself
    for (const key of ROUTE_KEYS) {
      const needed = Object.fromEntries(paramsOf(ROUTE_TABLES[locale][key]).map((p) => [p.name, 'x1']));
      expect(matchRoute(buildPath(key, needed, locale), locale)?.key).toBe(key);
    }
  });
});

describe('buildPath / matchRoute', () => {
  it('prefers static segments over params', () => {
    expect(matchRoute('/login/magic-link')).toEqual({ key: 'MAGIC_LINK', params: {} });
    expect(matchRoute('/login/google')).toEqual({ key: 'LOGIN_REDIRECT', params: { authProvider: 'google' } });
    expect(matchRoute('/login/openid/acme')).toEqual({
      key: 'LOGIN_REDIRECT',
      params: { authProvider: 'openid', clientName: 'acme' },
    });
    expect(matchRoute('/login/resetpwd')?.key).toBe('LOGIN_RESET_PASSWORD');
    expect(matchRoute('/live/42/watch-together')).toEqual({ key: 'WATCH_TOGETHER', params: { eventId: '42' } });
    expect(matchRoute('/live/42/final')?.key).toBe('LIVE');
    expect(matchRoute('/gift/redeem/abc/login')).toEqual({ key: 'GIFT_REDEMPTION_LOGIN', params: { redeemCode: 'abc' } });
    expect(matchRoute('/gift/redeem/abc/register')?.key).toBe('GIFT_REDEMPTION_REGISTER');
    expect(matchRoute('/gift/login')).toEqual({ key: 'GIFT_LOGIN', params: {} });
    expect(matchRoute('/gift/g1/login')).toEqual({ key: 'GIFT_LOGIN', params: { giftId: 'g1' } });
    expect(matchRoute('/gift/g1/login/redirect')?.key).toBe('GIFT_LOGIN_REDIRECT');
    expect(matchRoute('/gift/login/redirect')?.key).toBe('GIFT_LOGIN_REDIRECT');
    expect(matchRoute('/gift/pay')?.key).toBe('GIFT_PAY');
    expect(matchRoute('/gift/g1')).toEqual({ key: 'GIFT', params: { giftId: 'g1' } });
    expect(matchRoute('/gift')?.key).toBe('GIFT_LIST');
    expect(matchRoute('/pay')?.key).toBe('PAYMENT_CONFIRMATION');
    expect(matchRoute('/pay/stripe')?.key).toBe('PAY');
    expect(matchRoute('/fighters/7')?.key).toBe('FIGHTER');
    expect(matchRoute('/providers')).toEqual({ key: 'PROVIDERS', params: {} });
    expect(matchRoute('/providers/success/tv')).toEqual({
      key: 'PROVIDERS',
      params: { result: 'success', device: 'tv' },
    });
    expect(matchRoute('/iniciar-sesion/enlace-magico', 'es')?.key).toBe('MAGIC_LINK');
    expect(matchRoute('/entrar', 'pt')?.key).toBe('LOGIN');
  });

  it('tolerates a trailing slash, ignores query and hash, rejects the rest', () => {
    expect(matchRoute('/home/')?.key).toBe('HOME');
    expect(matchRoute('/')?.key).toBe('ROOT');
    expect(matchRoute('')?.key).toBe('ROOT');
    expect(matchRoute('/account?x=1#y')?.key).toBe('ACCOUNT');
    expect(matchRoute('/home//x')).toBeNull();
    expect(matchRoute('/nope')).toBeNull();
    expect(matchRoute('home')).toBeNull();
    expect(matchRoute('/video/%E0%A4%A')).toBeNull();
    expect(matchRoute('/video/%')).toBeNull();
    expect(matchRoute('/login', 'es')).toBeNull();
    expect(matchRouteAnyLocale('/entrar', 'es')).toEqual({ key: 'LOGIN', params: {}, locale: 'pt' });
    expect(matchRoute(undefined as unknown as string)).toBeNull();
  });

  it('builds paths, encodes params and drops missing optionals', () => {
    expect(buildPath('HOME')).toBe('/home');
    expect(buildPath('ROOT', {}, 'debug')).toBe('/');
    expect(buildPath('VOD', { eventId: 42, eventTitle: 'Final match' })).toBe('/video/42/Final%20match');
    expect(buildPath('VOD', { eventId: 'a/b' })).toBe('/video/a%2Fb');
    expect(buildPath('GIFT_LOGIN')).toBe('/gift/login');
    expect(buildPath('GIFT_LOGIN', { giftId: 'g' }, 'es')).toBe('/regalo/g/iniciar-sesion');
    expect(buildPath('PROVIDERS', { device: 'tv' })).toBe('/providers');
    expect(buildPath('LOGIN', {}, 'debug')).toBe('/~login');
  });

  it('throws RouteParamError only for a missing required param', () => {
    expect(() => buildPath('VOD', {})).toThrow(RouteParamError);
    expect(() => buildPath('VOD', { eventId: '' })).toThrow(RouteParamError);
    try {
      buildPath('NEWS_ITEM', { feedName: 'f' });
    } catch (error) {
      expect(error).toBeInstanceOf(RouteParamError);
      expect((error as RouteParamError).param).toBe('newId');
    }
    expect(() => buildPath('NOPE' as RouteKey)).toThrow(RouteParamError);
  });

  it('round-trips every key in every locale (property)', () => {
    const cases = ROUTE_LOCALES.flatMap((locale) => ROUTE_KEYS.map((key) => ({ locale, key })));
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.array(fc.option(paramValue, { nil: undefined }), { minLength: 3, maxLength: 3 }),
        ({ locale, key }: { locale: RouteLocale; key: RouteKey }, values) => {
          const pattern = ROUTE_TABLES[locale][key];
          const statics = staticSegments(locale);
          const params: Record<string, string | undefined> = {};
          paramsOf(pattern).forEach((param, i) => {
            const value = values[i];
            // Required params always get a value; a value equal to a static segment would be
            // resolved to the more specific sibling route by design.
            const chosen = value ?? (param.optional ? undefined : 'v');
            params[param.name] = chosen !== undefined && statics.has(chosen) ? `${chosen}-x` : chosen;
          });
          const path = buildPath(key, params, locale);
          expect(path.startsWith('/')).toBe(true);
          expect(matchRoute(path, locale)).toEqual({ key, params: expectedParams(pattern, params) });
          expect(matchRoute(`${path === '/' ? '' : path}/`, locale)?.key).toBe(key);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never throws on arbitrary pathnames', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 64 }), fc.constantFrom(...ROUTE_LOCALES), (path, locale) => {
        const slash = `/${path}`;
        for (const candidate of [path, slash]) {
          const match = matchRoute(candidate, locale);
          if (match) expect(ROUTE_KEYS).toContain(match.key);
        }
      }),
    );
  });
});

describe('helpers', () => {
  it('routeLocaleFor', () => {
    expect(routeLocaleFor('es')).toBe('es');
    expect(routeLocaleFor('es-MX')).toBe('es');
    expect(routeLocaleFor('pt')).toBe('pt');
    expect(routeLocaleFor('pt-br')).toBe('pt');
    expect(routeLocaleFor('pt-BR')).toBe('pt');
    expect(routeLocaleFor('ar')).toBe('en');
    expect(routeLocaleFor('')).toBe('en');
    expect(routeLocaleFor('debug')).toBe('debug');
  });

  it('isAuthAreaPage', () => {
    expect(isAuthAreaPage('/home')).toBe(true);
    expect(isAuthAreaPage('/login/')).toBe(true);
    expect(isAuthAreaPage('/signup')).toBe(true);
    expect(isAuthAreaPage('/resetpwd')).toBe(true);
    expect(isAuthAreaPage('/requestnewpwd')).toBe(true);
    expect(isAuthAreaPage('/account')).toBe(false);
    expect(isAuthAreaPage('/login/magic-link')).toBe(false);
    expect(isAuthAreaPage('/login/magic-link', ['MAGIC_LINK'])).toBe(true);
    expect(isAuthAreaPage('/registro', [], 'es')).toBe(true);
    expect(isAuthAreaPage('/nope')).toBe(false);
  });

  it('queryIdToPath', () => {
    expect(queryIdToPath('?video=42&t=10', ['live', 'video'])).toBe('/video/42?t=10');
    expect(queryIdToPath('live=1&video=2', ['live', 'video'])).toBe('/live/1?video=2');
    expect(queryIdToPath('?x=1', ['video'])).toBeNull();
    expect(queryIdToPath('?video=', ['video'])).toBeNull();
    expect(queryIdToPath('?video=a%2Fb', ['video'])).toBe('/video/a%2Fb');
    expect(queryIdToPath('', [])).toBeNull();
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), (search, keys) => {
        const out = queryIdToPath(search, keys);
        if (out !== null) expect(out.startsWith('/')).toBe(true);
      }),
    );
  });
});
