/**
 * The route table of the whole product and the pure helpers around it: build a path from a key,
 * match a pathname to a key, tell auth-area pages apart, turn an id query into a path.
 * Implements identity-and-routes.md §2 "Route table".
 *
 * Path syntax: `/static`, `:param` (required) and `:param?` (optional). A run of consecutive
 * optional params fills from the left: `/providers/:result?/:device?` has the forms
 * `/providers`, `/providers/:result` and `/providers/:result/:device`.
 */

/**
 * English paths of every route (the spec's default set). Keys as the spec spells them; rows the
 * spec gives without a key got SCREAMING_SNAKE keys (ADMIN_*, GIFT_*, REDEEM, MEMBER_AREA, ...).
 * MEMBER_AREA's path is a brand word in the spec; this product uses `/members`.
 */
export const ROUTE_PATHS = {
  ROOT: '/',
  HOME: '/home',
  ACCOUNT: '/account',
  ACTIVATE_USER: '/activate/:id',
  ADMIN_404_PREVIEW: '/_admin/404-preview',
  ADMIN_NAVBAR_PREVIEW: '/_admin/navbar-preview',
  ADMIN_PLUGIN_PREVIEW: '/_admin/plugin-preview',
  ADMIN_PREVIEW: '/_admin/preview',
  ADMIN_SECTION_PREVIEW: '/_admin/section-preview',
  BROWSE: '/browse',
  CONFIRM_PIN_PROTECTION_RESET: '/confirm-reset/:code',
  EMAIL_CONFIRMATION: '/email-confirmation',
  EPG: '/epg',
  EXTERNAL_PAGE: '/externalpage/:pageId',
  MOBILE_EXTERNAL_PAGE: '/mobile-external',
  FAVOURITES: '/favourites',
  FIGHTERS: '/fighters',
  FIGHTER: '/fighters/:id',
  GIFT_LOGIN_REDIRECT: '/gift/:giftId?/login/redirect',
  GIFT_LOGIN: '/gift/:giftId?/login',
  GIFT_PAY: '/gift/:giftId?/pay',
  GIFT_REDEMPTION_LOGIN: '/gift/redeem/:redeemCode/login',
  GIFT_REDEMPTION_REGISTER: '/gift/redeem/:redeemCode/register',
  REDEEM: '/redeem',
  GIFT: '/gift/:giftId',
  GIFT_LIST: '/gift',
  GRID: '/grid',
  HISTORY: '/history',
  IMPERSONATE: '/impersonate/:token',
  INTERSTITIAL: '/interstitial/:eventId',
  LICENCE_REDIRECT: '/licence-redirect',
  LIVE_EVENTS: '/livenow',
  LIVE: '/live/:eventId/:eventTitle?',
  WATCH_TOGETHER: '/live/:eventId/watch-together',
  LOGIN: '/login',
  LOGIN_REDIRECT: '/login/:authProvider/:clientName?',
  LOGIN_REQUEST_PASSWORD: '/login/request-password',
  LOGIN_RESET_PASSWORD: '/login/resetpwd',
  MAGIC_LINK: '/login/magic-link',
  LOGOUT: '/logout',
  MULTI_VIEW: '/multi-video/:eventId',
  MEMBER_AREA: '/members',
  NEWS: '/news',
  NEWS_ITEM: '/news/:feedName/:newId',
  OAUTH: '/oauth/:provider',
  OAUTH_APP: '/oauth/:provider/:appname',
  PAY: '/pay/:providerId',
  PAYMENT_CONFIRMATION: '/pay',
  PAYMENT_AUTHORIZATION: '/payment-authorization',
  PAYMENT_UPDATE: '/payment-update/:licenceId',
  PAYMENT: '/payment/:id',
  PLAYLIST: '/playlist/:playlistId/:playlistTitle?',
  PLUGIN: '/plugin/:id',
  PREFERENCES: '/preferences',
  PROFILES: '/profiles',
  PROVIDERS: '/providers/:result?/:device?',
  PURCHASE: '/purchase',
  RELEASES: '/releases',
  REQUEST_PASSWORD: '/requestnewpwd',
  RESET_PASSWORD: '/resetpwd',
  SCHEDULE: '/schedule',
  SEARCH: '/search',
  SEASON: '/season/:seasonId/:seasonTitle?',
  SECTION: '/section/:id',
  SERIES: '/series/:seriesId/:seriesTitle?',
  SIGNUP: '/signup',
  TV_LOGIN: '/tv-login/:tvAuthType?',
  UPCOMING: '/upcoming',
  VOD: '/video/:eventId/:eventTitle?',
  WATCHLISTS: '/watchlists',
} as const;

/** A route key of the table, for example `'LOGIN'`. */
export type RouteKey = keyof typeof ROUTE_PATHS;

/** Every route key, in table order. */
export const ROUTE_KEYS = Object.keys(ROUTE_PATHS) as readonly RouteKey[];

/** A path set: English (default), Spanish, Portuguese, or the debug set that marks every path. */
export type RouteLocale = 'en' | 'es' | 'pt' | 'debug';

/** Every route locale, default first. */
export const ROUTE_LOCALES: readonly RouteLocale[] = ['en', 'es', 'pt', 'debug'];

/** Prefix the debug set puts before every static segment, so a hard-coded English link stands out. */
export const DEBUG_SEGMENT_PREFIX = '~';

/** The page the app falls back to after sign-in and on errors (§2 "default menu page"). */
export const DEFAULT_MENU_ROUTE: RouteKey = 'HOME';

const ES_SEGMENTS: Readonly<Record<string, string>> = {
  home: 'inicio',
  account: 'cuenta',
  activate: 'activar',
  browse: 'explorar',
  'confirm-reset': 'confirmar-restablecimiento',
  'email-confirmation': 'confirmacion-email',
  epg: 'guia',
  externalpage: 'pagina-externa',
  'mobile-external': 'externo-movil',
  favourites: 'favoritos',
  fighters: 'luchadores',
  gift: 'regalo',
  login: 'iniciar-sesion',
  redirect: 'redireccion',
  pay: 'pagar',
  redeem: 'canjear',
  register: 'registrarse',
  grid: 'cuadricula',
  history: 'historial',
  impersonate: 'suplantar',
  interstitial: 'intersticial',
  'licence-redirect': 'redireccion-licencia',
  livenow: 'en-vivo-ahora',
  live: 'en-vivo',
  'watch-together': 'ver-juntos',
  'request-password': 'solicitar-contrasena',
  resetpwd: 'restablecer-contrasena',
  'magic-link': 'enlace-magico',
  logout: 'cerrar-sesion',
  'multi-video': 'multi-video',
  members: 'miembros',
  news: 'noticias',
  oauth: 'oauth',
  'payment-authorization': 'autorizacion-pago',
  'payment-update': 'actualizar-pago',
  payment: 'pago',
  playlist: 'lista',
  plugin: 'plugin',
  preferences: 'preferencias',
  profiles: 'perfiles',
  providers: 'proveedores',
  purchase: 'comprar',
  releases: 'lanzamientos',
  requestnewpwd: 'solicitar-nueva-contrasena',
  schedule: 'programacion',
  search: 'buscar',
  season: 'temporada',
  section: 'seccion',
  series: 'series',
  signup: 'registro',
  'tv-login': 'tv-iniciar-sesion',
  upcoming: 'proximamente',
  video: 'video',
  watchlists: 'mis-listas',
};

const PT_SEGMENTS: Readonly<Record<string, string>> = {
  home: 'inicio',
  account: 'conta',
  activate: 'ativar',
  browse: 'explorar',
  'confirm-reset': 'confirmar-redefinicao',
  'email-confirmation': 'confirmacao-email',
  epg: 'guia',
  externalpage: 'pagina-externa',
  'mobile-external': 'externo-movel',
  favourites: 'favoritos',
  fighters: 'lutadores',
  gift: 'presente',
  login: 'entrar',
  redirect: 'redirecionamento',
  pay: 'pagar',
  redeem: 'resgatar',
  register: 'cadastrar',
  grid: 'grade',
  history: 'historico',
  impersonate: 'personificar',
  interstitial: 'intersticial',
  'licence-redirect': 'redirecionamento-licenca',
  livenow: 'ao-vivo-agora',
  live: 'ao-vivo',
  'watch-together': 'assistir-juntos',
  'request-password': 'solicitar-senha',
  resetpwd: 'redefinir-senha',
  'magic-link': 'link-magico',
  logout: 'sair',
  'multi-video': 'multi-video',
  members: 'membros',
  news: 'noticias',
  oauth: 'oauth',
  'payment-authorization': 'autorizacao-pagamento',
  'payment-update': 'atualizar-pagamento',
  payment: 'pagamento',
  playlist: 'playlist',
  plugin: 'plugin',
  preferences: 'preferencias',
  profiles: 'perfis',
  providers: 'provedores',
  purchase: 'comprar',
  releases: 'lancamentos',
  requestnewpwd: 'solicitar-nova-senha',
  schedule: 'programacao',
  search: 'buscar',
  season: 'temporada',
  section: 'secao',
  series: 'series',
  signup: 'cadastro',
  'tv-login': 'tv-entrar',
  upcoming: 'em-breve',
  video: 'video',
  watchlists: 'minhas-listas',
};

const hasOwn = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

function translateTable(translate: (segment: string) => string): Record<RouteKey, string> {
  const table = {} as Record<RouteKey, string>;
  for (const key of ROUTE_KEYS) {
    const path: string = ROUTE_PATHS[key];
    table[key] =
      path === '/'
        ? '/'
        : '/' +
          path
            .split('/')
            .filter((segment) => segment !== '')
            .map((segment) => (segment.startsWith(':') ? segment : translate(segment)))
            .join('/');
  }
  return table;
}

/**
 * Every path set by locale. `en` is the spec's table; `es` and `pt` translate the static
 * segments (`/iniciar-sesion`, `/registro`, `/cuenta`, `/inicio`; `/entrar`, `/cadastro`,
 * `/conta`, `/inicio`) and keep param names; `debug` prefixes every static segment with
 * {@link DEBUG_SEGMENT_PREFIX} (`/~login/~magic-link`). ROOT is `/` in every set. Admin preview
 * segments (`_admin/...`) are not translated in `es`/`pt`.
 */
export const ROUTE_TABLES: Readonly<Record<RouteLocale, Readonly<Record<RouteKey, string>>>> = {
  en: { ...ROUTE_PATHS },
  es: translateTable((segment) => (hasOwn(ES_SEGMENTS, segment) ? (ES_SEGMENTS[segment] ?? segment) : segment)),
  pt: translateTable((segment) => (hasOwn(PT_SEGMENTS, segment) ? (PT_SEGMENTS[segment] ?? segment) : segment)),
  debug: translateTable((segment) => DEBUG_SEGMENT_PREFIX + segment),
};

/**
 * The route locale of a UI language: `es*` → `'es'`, `pt*` (pt, pt-BR, pt_PT) → `'pt'`,
 * `'debug'` → `'debug'`, anything else (including empty or non-string input) → `'en'`.
 * Implements identity-and-routes.md §2 "the active locale selects the set".
 */
export function routeLocaleFor(language: string): RouteLocale {
  if (typeof language !== 'string') return 'en';
  const lower = language.trim().toLowerCase();
  if (lower === 'debug') return 'debug';
  const primary = lower.split(/[-_]/)[0] ?? '';
  if (primary === 'es') return 'es';
  if (primary === 'pt') return 'pt';
  return 'en';
}

/** Thrown by {@link buildPath} for a programmer error: a missing required param or an unknown key. */
export class RouteParamError extends Error {
  /** The route key asked for. */
  readonly key: string;
  /** The missing param's name, or `undefined` when the key itself is unknown. */
  readonly param: string | undefined;

  constructor(key: string, param: string | undefined) {
    super(param === undefined ? `Unknown route key ${key}` : `Route ${key} needs param "${param}"`);
    this.name = 'RouteParamError';
    this.key = key;
    this.param = param;
  }
}

type Segment = { kind: 'static'; value: string } | { kind: 'param'; name: string; optional: boolean };

function parsePattern(path: string): Segment[] {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment): Segment => {
      if (!segment.startsWith(':')) return { kind: 'static', value: segment };
      const optional = segment.endsWith('?');
      return { kind: 'param', name: segment.slice(1, optional ? -1 : undefined), optional };
    });
}

/** One concrete form of a pattern: its optional params resolved to present or absent. */
interface Variant {
  key: RouteKey;
  segments: ReadonlyArray<{ kind: 'static'; value: string } | { kind: 'param'; name: string }>;
}

/**
 * Expands optional params. In a run of consecutive optional params a later one may be present
 * only when the one before it is (fill from the left), so no two forms of a route look alike.
 */
function expandVariants(key: RouteKey, pattern: readonly Segment[]): Variant[] {
  let forms: Array<{ segments: Variant['segments'][number][]; previousOptionalAbsent: boolean }> = [
    { segments: [], previousOptionalAbsent: false },
  ];
  for (const segment of pattern) {
    const next: typeof forms = [];
    for (const form of forms) {
      if (segment.kind === 'static') {
        next.push({ segments: [...form.segments, segment], previousOptionalAbsent: false });
      } else if (!segment.optional) {
        next.push({ segments: [...form.segments, { kind: 'param', name: segment.name }], previousOptionalAbsent: false });
      } else {
        next.push({ segments: form.segments, previousOptionalAbsent: true });
        if (!form.previousOptionalAbsent) {
          next.push({ segments: [...form.segments, { kind: 'param', name: segment.name }], previousOptionalAbsent: false });
        }
      }
    }
    forms = next;
  }
  return forms.map((form) => ({ key, segments: form.segments }));
}

const variantCache = new Map<RouteLocale, Variant[]>();

function variantsOf(locale: RouteLocale): Variant[] {
  const cached = variantCache.get(locale);
  if (cached) return cached;
  const table = ROUTE_TABLES[locale] ?? ROUTE_TABLES.en;
  const variants = ROUTE_KEYS.flatMap((key) => expandVariants(key, parsePattern(table[key])));
  variantCache.set(locale, variants);
  return variants;
}

/**
 * Every concrete form of every route of a locale set as a shape string (`/login/*` for a param),
 * with its key. Two entries with the same shape would make the set ambiguous; tests check there
 * are none. Exposed for tests and tooling.
 */
export function routeShapes(locale: RouteLocale = 'en'): Array<{ key: RouteKey; shape: string }> {
  return variantsOf(locale).map((variant) => ({
    key: variant.key,
    shape: '/' + variant.segments.map((segment) => (segment.kind === 'static' ? segment.value : '*')).join('/'),
  }));
}

/** Static segments of a locale set (for example `login`, `magic-link`). */
export function staticSegments(locale: RouteLocale = 'en'): ReadonlySet<string> {
  const set = new Set<string>();
  for (const variant of variantsOf(locale)) {
    for (const segment of variant.segments) if (segment.kind === 'static') set.add(segment.value);
  }
  return set;
}

/**
 * Builds the path of a route in a locale set.
 *
 * - `params`: values by param name; numbers are stringified; every value is encoded with
 *   `encodeURIComponent` (so `/` becomes `%2F`). `undefined` and `''` count as missing.
 * - A missing optional param is dropped; in a run of optional params (`:result?/:device?`) the
 *   ones after a missing one are dropped too (the path could not tell them apart).
 * - Returns an absolute path such as `/video/42/Final%20match`; ROOT is `/`.
 *
 * @throws RouteParamError when a required param is missing or the key is unknown: both are
 *   programmer errors, not user input.
 * Implements identity-and-routes.md §2 "Route table".
 */
export function buildPath(
  key: RouteKey,
  params?: Readonly<Record<string, string | number | undefined>>,
  locale: RouteLocale = 'en',
): string {
  const table = ROUTE_TABLES[locale] ?? ROUTE_TABLES.en;
  if (!hasOwn(table, key)) throw new RouteParamError(String(key), undefined);
  const out: string[] = [];
  let previousOptionalAbsent = false;
  for (const segment of parsePattern(table[key])) {
    if (segment.kind === 'static') {
      out.push(segment.value);
      previousOptionalAbsent = false;
      continue;
    }
    const raw = params && hasOwn(params, segment.name) ? params[segment.name] : undefined;
    const value = raw === undefined || raw === null ? '' : String(raw);
    if (segment.optional) {
      if (value === '' || previousOptionalAbsent) {
        previousOptionalAbsent = true;
        continue;
      }
    } else if (value === '') {
      throw new RouteParamError(key, segment.name);
    }
    previousOptionalAbsent = false;
    out.push(encodeURIComponent(value));
  }
  return '/' + out.join('/');
}

/** A matched route: its key and its decoded params (absent optional params are left out). */
export interface RouteMatch {
  key: RouteKey;
  params: Record<string, string>;
}

/** Compares two variants' specificity at each position: static beats param, first difference wins. */
function moreSpecific(a: Variant, b: Variant): boolean {
  for (let i = 0; i < a.segments.length; i += 1) {
    const sa = a.segments[i];
    const sb = b.segments[i];
    if (!sa || !sb) break;
    if (sa.kind !== sb.kind) return sa.kind === 'static';
  }
  return false;
}

/**
 * Finds the route of a pathname in a locale set.
 *
 * - `pathname`: an absolute path such as `/live/42/watch-together`; a trailing slash is
 *   tolerated, anything from `?` or `#` on is ignored, `''` counts as `/`.
 * - The most specific route wins: at the first position where two candidates differ, a static
 *   segment beats a param (`/login/magic-link` is MAGIC_LINK, not LOGIN_REDIRECT; a param value
 *   equal to a sibling static segment therefore resolves to that sibling route).
 * - Params are decoded with `decodeURIComponent`.
 * - Returns `null` for no match, an empty segment (`/home//x`), malformed percent-encoding,
 *   or non-string input. Never throws. Static segments compare case-sensitively.
 * Implements identity-and-routes.md §2 "Route table".
 */
export function matchRoute(pathname: string, locale: RouteLocale = 'en'): RouteMatch | null {
  if (typeof pathname !== 'string') return null;
  let path = pathname;
  const cut = path.search(/[?#]/);
  if (cut >= 0) path = path.slice(0, cut);
  if (path === '') path = '/';
  if (!path.startsWith('/')) return null;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const parts = path === '/' ? [] : path.slice(1).split('/');
  if (parts.some((part) => part === '')) return null;

  let best: Variant | null = null;
  for (const variant of variantsOf(locale)) {
    if (variant.segments.length !== parts.length) continue;
    const fits = variant.segments.every((segment, i) => segment.kind === 'param' || segment.value === parts[i]);
    if (fits && (best === null || moreSpecific(variant, best))) best = variant;
  }
  if (best === null) return null;

  const params: Record<string, string> = {};
  for (let i = 0; i < best.segments.length; i += 1) {
    const segment = best.segments[i];
    const part = parts[i];
    if (segment?.kind !== 'param' || part === undefined) continue;
    try {
      params[segment.name] = decodeURIComponent(part);
    } catch {
      return null;
    }
  }
  return { key: best.key, params };
}

/**
 * Like {@link matchRoute}, trying `preferred` first and then every other locale set (a link
 * built in another language still resolves). Returns the match plus the locale that matched,
 * or `null`. Never throws.
 */
export function matchRouteAnyLocale(
  pathname: string,
  preferred: RouteLocale = 'en',
): (RouteMatch & { locale: RouteLocale }) | null {
  const order = [preferred, ...ROUTE_LOCALES.filter((locale) => locale !== preferred)];
  for (const locale of order) {
    const match = matchRoute(pathname, locale);
    if (match) return { ...match, locale };
  }
  return null;
}

/** Keys that are auth-area pages by default: home, login, signup, reset and request password (§2). */
export const AUTH_AREA_ROUTE_KEYS: readonly RouteKey[] = ['HOME', 'LOGIN', 'SIGNUP', 'RESET_PASSWORD', 'REQUEST_PASSWORD'];

/**
 * True when `pathname` (see {@link matchRoute}) is an auth-area page of the locale set: one of
 * {@link AUTH_AREA_ROUTE_KEYS} or of `extra` (for example `['LOGIN_RESET_PASSWORD', 'MAGIC_LINK']`).
 * False for unknown paths. Never throws.
 * Implements identity-and-routes.md §2 "A route counts as an auth-area page...".
 */
export function isAuthAreaPage(pathname: string, extra: readonly RouteKey[] = [], locale: RouteLocale = 'en'): boolean {
  const match = matchRoute(pathname, locale);
  if (!match) return false;
  return AUTH_AREA_ROUTE_KEYS.includes(match.key) || (Array.isArray(extra) && extra.includes(match.key));
}

/**
 * Turns a query holding one of the known id keys into a path `/{key}/{value}`, keeping the
 * other params as a query string.
 *
 * - `search`: a query string with or without the leading `?`, for example `?video=42&t=10`.
 * - `keys`: the id keys to look for, in priority order, for example `['video', 'live']`.
 * - Returns `/video/42?t=10` (key and value URI-encoded; every occurrence of the chosen key is
 *   removed from the query), or `null` when no key is present with a non-empty value.
 * Never throws. Implements identity-and-routes.md §2 (id query helper).
 */
export function queryIdToPath(search: string, keys: readonly string[]): string | null {
  if (typeof search !== 'string' || !Array.isArray(keys)) return null;
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  for (const key of keys) {
    if (typeof key !== 'string' || key === '') continue;
    const value = query.get(key);
    if (value === null || value === '') continue;
    query.delete(key);
    const rest = query.toString();
    return `/${encodeURIComponent(key)}/${encodeURIComponent(value)}${rest ? `?${rest}` : ''}`;
  }
  return null;
}
