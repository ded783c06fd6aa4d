/**
 * Sign-in provider kinds and what each offers, and the login page's provider links.
 * Implements identity-and-routes.md §3 "Provider kinds", §6 (self-registration, password reset
 * and account security), §2 "Login page" (provider sub-routes, single external provider redirect).
 */
import { carriedFrom, PROVIDERS_WITHOUT_SIGN_UP, type AuthProviderKind } from './access.js';
import { safeReturnPath } from './redirects.js';
import { buildPath, type RouteLocale } from './routes.js';

/** Every provider kind of §3, plus `MAGIC_LINK` (magic link, when enabled). */
export const AUTH_PROVIDER_KINDS: readonly AuthProviderKind[] = [
  'ID', 'PBR', 'APPLE_ID', 'GOOGLE', 'FACEBOOK', 'SPTV', 'OPENID_CONNECT', 'ADOBE',
  'FIREBASE', 'ADOBE_DCR', 'GENERIC_OAUTH', 'OPIN', 'GIGYA', 'MAGIC_LINK',
];

/** Providers that offer password reset and the account security pages (§6): firebase, PBR, GIGYA, ID. */
export const PASSWORD_RESET_PROVIDERS: readonly AuthProviderKind[] = ['FIREBASE', 'PBR', 'GIGYA', 'ID'];

/**
 * Providers that sign in by leaving the app for the provider's own pages and coming back with a
 * code (§4 "Generic external OAuth or OpenID"): the ones the single-provider redirect of §2 applies to.
 */
export const EXTERNAL_REDIRECT_PROVIDERS: readonly AuthProviderKind[] = ['OPENID_CONNECT', 'GENERIC_OAUTH'];

/** A configured provider as the realm settings list it (`name` may be any string). */
export interface ProviderEntry {
  name: string;
  clientName?: string | undefined;
}

/** True when `value` is one of {@link AUTH_PROVIDER_KINDS}. Never throws. */
export function isAuthProviderKind(value: unknown): value is AuthProviderKind {
  return typeof value === 'string' && (AUTH_PROVIDER_KINDS as readonly string[]).includes(value);
}

/** Whether the provider can sign up (§6): every kind except magic link and SPTV; unknown names cannot. */
export function providerCanSignUp(provider: unknown): boolean {
  return isAuthProviderKind(provider) && !PROVIDERS_WITHOUT_SIGN_UP.includes(provider);
}

/** Whether the provider offers password reset (§6): firebase, PBR, GIGYA and ID; social providers do not. */
export function offersPasswordReset(provider: unknown): boolean {
  return isAuthProviderKind(provider) && PASSWORD_RESET_PROVIDERS.includes(provider);
}

/** Whether the provider offers the account security pages (§6): the same providers as password reset. */
export function offersAccountSecurity(provider: unknown): boolean {
  return offersPasswordReset(provider);
}

/**
 * Whether magic link is offered (§3): it is enabled and the realm's only provider is not ADOBE
 * (several providers, or one that is not ADOBE, or none).
 */
export function offersMagicLink(enabled: boolean, providers: readonly ProviderEntry[]): boolean {
  return enabled === true && !(providers.length === 1 && providers[0]?.name === 'ADOBE');
}

/** Route params of a provider's LOGIN_REDIRECT sub-route (`/login/:authProvider/:clientName?`). */
export interface ProviderSubRoute {
  authProvider: string;
  clientName?: string;
}

/** Path segment of each provider kind that has a login sub-route (§2), except OPENID_CONNECT. */
const SUB_ROUTE_SEGMENTS: Partial<Record<AuthProviderKind, string>> = {
  FIREBASE: 'firebase',
  APPLE_ID: 'apple',
  GOOGLE: 'google',
  FACEBOOK: 'facebook',
  PBR: 'pbr',
  SPTV: 'sptv',
  OPIN: 'opin',
  GIGYA: 'GIGYA',
};

/** A client name usable as one path segment: letters, digits, `.`, `_`, `-`, at most 100 characters. */
const CLIENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * The login sub-route of a provider (§2 "Sub-routes are appended per provider: firebase, apple,
 * google, facebook, pbr, sptv, magic-link, opin, GIGYA, and openid/{clientName}"): OPENID_CONNECT
 * → `{ authProvider: 'openid', clientName }` (null without a valid `clientName`); the others of
 * that list → their segment; ID, ADOBE, ADOBE_DCR, GENERIC_OAUTH (its own OAUTH route), MAGIC_LINK
 * (its own MAGIC_LINK route) and unknown names → null. Never throws.
 */
export function providerSubRoute(provider: ProviderEntry): ProviderSubRoute | null {
  if (!provider || typeof provider.name !== 'string') return null;
  if (provider.name === 'OPENID_CONNECT') {
    const clientName = provider.clientName;
    return typeof clientName === 'string' && CLIENT_NAME.test(clientName) ? { authProvider: 'openid', clientName } : null;
  }
  const segment = isAuthProviderKind(provider.name) ? SUB_ROUTE_SEGMENTS[provider.name] : undefined;
  return segment ? { authProvider: segment } : null;
}

/** TV-operator providers (§1, §2 "Providers page"): their button opens the PROVIDERS page. */
const TV_PROVIDER_NAMES: readonly string[] = ['ADOBE', 'ADOBE_DCR'];

/**
 * The page a provider's button opens, without query: GENERIC_OAUTH with a valid `clientName` →
 * its OAUTH route `/oauth/{clientName}` (§2 route table "OAUTH"); ADOBE and ADOBE_DCR → the
 * PROVIDERS page `/providers` (§2 "Providers page"); the others → their login sub-route
 * ({@link providerSubRoute}); null when the provider has none. Never throws.
 */
export function providerPagePath(provider: ProviderEntry, locale: RouteLocale = 'en'): string | null {
  if (provider && TV_PROVIDER_NAMES.includes(provider.name)) return buildPath('PROVIDERS', {}, locale);
  if (provider && provider.name === 'GENERIC_OAUTH') {
    const clientName = provider.clientName;
    return typeof clientName === 'string' && CLIENT_NAME.test(clientName) ? buildPath('OAUTH', { provider: clientName }, locale) : null;
  }
  const route = providerSubRoute(provider);
  return route ? buildPath('LOGIN_REDIRECT', { authProvider: route.authProvider, clientName: route.clientName }, locale) : null;
}

/** The sign-in query params a provider link carries over (§2 "Query params read"). */
export const PROVIDER_LINK_PARAMS = ['from', 'entryPage', 'redirectTo', 'type', 'licences'] as const;

/**
 * The link of the login page to a provider's page ({@link providerPagePath}: its login sub-route,
 * or the OAUTH route of a GENERIC_OAUTH provider), keeping the sign-in params of `search` (the
 * current query, with or without `?`): `from` (a safe in-app path that is not a sign-in page),
 * `redirectTo` (a safe in-app path), `entryPage`, `type` and every `licences`. Null when the
 * provider has no page. The result passes `safeReturnPath`.
 * Example: `{ name: 'OPENID_CONNECT', clientName: 'stream-idp' }`, `?from=%2Faccount` →
 * `/login/openid/stream-idp?from=%2Faccount`; `{ name: 'GENERIC_OAUTH', clientName: 'partner' }`
 * → `/oauth/partner?from=%2Faccount`; `{ name: 'ADOBE' }` → `/providers?provider=ADOBE&from=%2Faccount`.
 */
export function loginProviderPath(provider: ProviderEntry, search: string, locale: RouteLocale = 'en'): string | null {
  const path = providerPagePath(provider, locale);
  if (!path) return null;
  const current = new URLSearchParams(typeof search === 'string' ? search.replace(/^\?/, '') : '');
  const query = new URLSearchParams();
  // The PROVIDERS page picks the realm's TV entry by its `provider` query.
  if (TV_PROVIDER_NAMES.includes(provider.name)) query.set('provider', provider.name);
  const from = carriedFrom(current.get('from'));
  if (from) query.set('from', from);
  const entryPage = current.get('entryPage');
  if (entryPage && safeReturnPath(entryPage) !== null) query.set('entryPage', entryPage);
  const redirectTo = safeReturnPath(current.get('redirectTo'));
  if (redirectTo) query.set('redirectTo', redirectTo);
  const type = current.get('type');
  if (type) query.set('type', type);
  for (const licence of current.getAll('licences')) if (licence !== '') query.append('licences', licence);
  const text = query.toString();
  const target = text ? `${path}?${text}` : path;
  return safeReturnPath(target) ?? path;
}

/** Facts {@link singleExternalProviderRedirect} decides on. */
export interface SingleProviderFacts {
  /** The realm's providers (realm settings `authProviders`). */
  providers: readonly ProviderEntry[];
  /** Whether magic link is enabled (it counts as a provider when {@link offersMagicLink}). */
  magicLink?: boolean;
  /** Whether the viewer is a guest. */
  isGuest: boolean;
  /** The login page's query, with or without `?`. */
  search: string;
  locale?: RouteLocale;
}

/**
 * The single-external-provider rule (§2 "When a single external provider is configured and no
 * code is present, a guest is redirected straight to that provider"): the provider's
 * {@link loginProviderPath} when the viewer is a guest, the query has no `code`, the realm offers
 * exactly one way to sign in (magic link counts when offered) and it is one of
 * {@link EXTERNAL_REDIRECT_PROVIDERS} with a sub-route; otherwise null. Never throws.
 */
export function singleExternalProviderRedirect(facts: SingleProviderFacts): string | null {
  if (!facts || facts.isGuest !== true || !Array.isArray(facts.providers)) return null;
  const query = new URLSearchParams(typeof facts.search === 'string' ? facts.search.replace(/^\?/, '') : '');
  if (query.has('code')) return null;
  const ways = facts.providers.length + (facts.magicLink && offersMagicLink(true, facts.providers) ? 1 : 0);
  const only = facts.providers[0];
  if (ways !== 1 || !only || !isAuthProviderKind(only.name) || !EXTERNAL_REDIRECT_PROVIDERS.includes(only.name)) return null;
  return loginProviderPath(only, facts.search, facts.locale ?? 'en');
}

/**
 * Mobile apps that start an OpenID Connect sign-in in the browser (query `bundle_id`) and take
 * the code back themselves (§4 "If a stored app route is a known app deep link, the browser
 * redirects to the app with the code and extra params instead"): bundle id → the app's deep link.
 */
export const APP_DEEP_LINKS: Readonly<Record<string, string>> = {
  'tv.stream.app': 'streamapp://login/openid',
};

/**
 * The deep link that hands a sign-in back to the mobile app `bundleId`: its entry of `links`
 * (default {@link APP_DEEP_LINKS}) with `params` added to the query (arrays repeat the name;
 * empty values dropped); null for an unknown bundle id or a link that does not parse. Never throws.
 */
export function appDeepLinkUrl(
  bundleId: unknown,
  params: Readonly<Record<string, string | readonly string[] | null | undefined>>,
  links: Readonly<Record<string, string>> = APP_DEEP_LINKS,
): string | null {
  if (typeof bundleId !== 'string' || !Object.prototype.hasOwnProperty.call(links, bundleId)) return null;
  let url: URL;
  try {
    url = new URL(links[bundleId]!);
  } catch {
    return null;
  }
  for (const [name, value] of Object.entries(params)) {
    for (const item of typeof value === 'string' ? [value] : value ?? []) if (item !== '') url.searchParams.append(name, item);
  }
  return url.toString();
}
