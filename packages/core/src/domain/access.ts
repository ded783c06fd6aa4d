import { safeReturnPath } from './redirects.js';
import { buildPath, DEFAULT_MENU_ROUTE, matchRouteAnyLocale, type RouteKey, type RouteLocale } from './routes.js';

/**
 * Who may open which route, and the links of the sign-in area that carry `from`.
 * Implements identity-and-routes.md §2 ("Signed-in users who open login or signup are sent to
 * the default menu", "Login page": forgot-password and signup links) and §6 (guest versus
 * signed-in user, self-registration).
 */

/** Routes a signed-in user does not open: they go to the default menu (§2). */
export const GUEST_ONLY_ROUTE_KEYS: readonly RouteKey[] = ['LOGIN', 'SIGNUP'];

/** Routes only a signed-in user opens: a guest goes to LOGIN with `from` set to the page (§6). */
export const SIGNED_IN_ROUTE_KEYS: readonly RouteKey[] = ['ACCOUNT', 'PAYMENT_UPDATE', 'TV_LOGIN', 'WATCHLISTS', 'FAVOURITES', 'HISTORY'];

/** The viewer as route access sees it. */
export type Viewer = 'guest' | 'signedIn';

/** Result of {@link routeAccess}: open the route, or go to `path` instead (replace the entry). */
export type RouteAccess = { kind: 'open' } | { kind: 'redirect'; path: string };

/**
 * Decides whether `viewer` may open route `key` found at `here` (path plus search, for example
 * `/account?tab=1`): a signed-in user on LOGIN or SIGNUP goes to the default menu page; a guest
 * on a signed-in route goes to LOGIN with `from=here`. Paths are built for `locale`.
 */
export function routeAccess(key: RouteKey, viewer: Viewer, here: string, locale: RouteLocale = 'en'): RouteAccess {
  if (viewer === 'signedIn' && GUEST_ONLY_ROUTE_KEYS.includes(key)) {
    return { kind: 'redirect', path: buildPath(DEFAULT_MENU_ROUTE, undefined, locale) };
  }
  if (viewer === 'guest' && SIGNED_IN_ROUTE_KEYS.includes(key)) {
    return { kind: 'redirect', path: signInPath(here, locale) };
  }
  return { kind: 'open' };
}

/** True when `path` (path plus optional search) is a page of the sign-in area that `from` must not name. */
function isSignInPage(path: string): boolean {
  const match = matchRouteAnyLocale(path.split(/[?#]/, 1)[0] ?? '');
  return match !== null && (match.key === 'LOGIN' || match.key === 'SIGNUP' || match.key === 'LOGOUT');
}

/** `from` to carry: `raw` when it is a safe in-app path that is not a sign-in page, else null. */
export function carriedFrom(raw: unknown): string | null {
  const safe = safeReturnPath(raw);
  return safe !== null && !isSignInPage(safe) ? safe : null;
}

/** Builds `path` plus a query of `params` (entries with null or undefined dropped). */
function withQuery(path: string, params: Readonly<Record<string, string | null | undefined>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value != null && value !== '') query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The LOGIN path with `from` (when it is a safe in-app path that is not a sign-in page), for
 * example `signInPath('/account')` → `/login?from=%2Faccount`.
 */
export function signInPath(from: string | null | undefined, locale: RouteLocale = 'en'): string {
  return withQuery(buildPath('LOGIN', undefined, locale), { from: carriedFrom(from) });
}

/**
 * A link from a sign-in page to route `key` that keeps the current query's `from` (a safe
 * in-app path only), for example the signup link of the login page or the login link of the
 * signup page. `search` is the current query string, with or without `?`.
 */
export function pathKeepingFrom(key: RouteKey, search: string, locale: RouteLocale = 'en'): string {
  return withQuery(buildPath(key, undefined, locale), { from: carriedFrom(new URLSearchParams(search).get('from')) });
}

/**
 * The forgot-password link of the login form (§2): the login page's request-password sub-route
 * (LOGIN_REQUEST_PASSWORD, `/login/request-password`) with `providerName`, and `from` when the
 * current query has one that is not the login page.
 */
export function forgotPasswordPath(providerName: string, search: string, locale: RouteLocale = 'en'): string {
  return withQuery(buildPath('LOGIN_REQUEST_PASSWORD', undefined, locale), {
    providerName,
    from: carriedFrom(new URLSearchParams(search).get('from')),
  });
}

/** Sign-in provider kinds (§3); `MAGIC_LINK` stands for magic link when enabled. */
export type AuthProviderKind =
  | 'ID' | 'PBR' | 'APPLE_ID' | 'GOOGLE' | 'FACEBOOK' | 'SPTV' | 'OPENID_CONNECT' | 'ADOBE'
  | 'FIREBASE' | 'ADOBE_DCR' | 'GENERIC_OAUTH' | 'OPIN' | 'GIGYA' | 'MAGIC_LINK';

/** Providers that cannot sign up (§6): magic link and SPTV. */
export const PROVIDERS_WITHOUT_SIGN_UP: readonly AuthProviderKind[] = ['MAGIC_LINK', 'SPTV'];

/**
 * Whether the signup link shows (§2, §6): self-registration is allowed by the application
 * setting and the provider can sign up.
 */
export function showsSignUpLink(selfRegistrationAllowed: boolean, provider: AuthProviderKind): boolean {
  return selfRegistrationAllowed && !PROVIDERS_WITHOUT_SIGN_UP.includes(provider);
}
