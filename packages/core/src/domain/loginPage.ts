/**
 * The login page's frame: its title, its back button and the sign-in provider block's links.
 * Implements identity-and-routes.md §2 "Login page" (title, back button, sub-routes, signup link
 * rule, the guest redirects), §6 (the mandatory flag) and §2 "Other screens in this area" (sign-in provider block).
 */
import { carriedFrom, showsSignUpLink } from './access.js';
import { adobeSignInRequirement, isTvProviderKind } from './adobe.js';
import { isAuthProviderKind, loginProviderPath, offersMagicLink, singleExternalProviderRedirect, type ProviderEntry } from './providers.js';
import { safeReturnPath } from './redirects.js';
import { buildPath, type RouteKey, type RouteLocale } from './routes.js';

/** Routes that show the login page (§2: the login route, gift-login and gift-redemption-login) and its sub-pages. */
export const LOGIN_PAGE_ROUTE_KEYS: readonly RouteKey[] = [
  'LOGIN', 'GIFT_LOGIN', 'GIFT_REDEMPTION_LOGIN', 'LOGIN_REDIRECT', 'MAGIC_LINK',
  'LOGIN_REQUEST_PASSWORD', 'REQUEST_PASSWORD', 'LOGIN_RESET_PASSWORD', 'RESET_PASSWORD',
];

/**
 * The label key of the login page's title (§2 "Title: sign in; a magic-link heading on the
 * magic-link sub-page; forgot-password title or forgotten-password title on the reset paths"):
 * `magicLinkTitle` on MAGIC_LINK, `forgotPasswordWeb` on the request-password routes,
 * `forgottenPassword` on the reset routes, `signIn` everywhere else. Never throws.
 */
export function loginPageTitleKey(route: RouteKey | null | undefined): 'signIn' | 'magicLinkTitle' | 'forgotPasswordWeb' | 'forgottenPassword' {
  switch (route) {
    case 'MAGIC_LINK':
      return 'magicLinkTitle';
    case 'LOGIN_REQUEST_PASSWORD':
    case 'REQUEST_PASSWORD':
      return 'forgotPasswordWeb';
    case 'LOGIN_RESET_PASSWORD':
    case 'RESET_PASSWORD':
      return 'forgottenPassword';
    default:
      return 'signIn';
  }
}

/** Whether the login page at `route` shows the back button (§2: every sub-page, not the main login page). */
export function showsLoginBackButton(route: RouteKey | null | undefined): boolean {
  return route != null && LOGIN_PAGE_ROUTE_KEYS.includes(route) && route !== 'LOGIN' && route !== 'GIFT_LOGIN' && route !== 'GIFT_REDEMPTION_LOGIN';
}

/** What {@link loginBackTarget} decides on. */
export interface LoginBackFacts {
  /** The gift-login route's `giftId` param, when on it. */
  giftId?: string | null | undefined;
  /** The gift-redemption-login route's `redeemCode` param, or the query's `redeemCode`. */
  redeemCode?: string | null | undefined;
  /** The current query (with or without `?`): its `from` is used when safe. */
  search?: string | null | undefined;
  locale?: RouteLocale;
}

/** A gift id or redeem code usable in a path or query: 1–100 letters, digits, `_` or `-`. */
const GIFT_TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Where the login page's back button goes (§2): the gift page (`/gift/{giftId}`), else the
 * gift-redemption page (`/redeem?redeemCode=…`), else the query's `from` (a safe in-app path that
 * is not a sign-in page), else the login page keeping that `from`. The result always passes
 * `safeReturnPath`. Never throws.
 */
export function loginBackTarget(facts: LoginBackFacts = {}): string {
  const locale = facts.locale ?? 'en';
  if (typeof facts.giftId === 'string' && GIFT_TOKEN.test(facts.giftId)) return buildPath('GIFT', { giftId: facts.giftId }, locale);
  const query = new URLSearchParams(typeof facts.search === 'string' ? facts.search.replace(/^\?/, '') : '');
  const redeemCode = facts.redeemCode ?? query.get('redeemCode');
  if (typeof redeemCode === 'string' && GIFT_TOKEN.test(redeemCode)) {
    return `${buildPath('REDEEM', undefined, locale)}?${new URLSearchParams({ redeemCode }).toString()}`;
  }
  const from = carriedFrom(query.get('from'));
  if (from) return from;
  return buildPath('LOGIN', undefined, locale);
}

/** One link of the sign-in provider block: a provider and where its button goes. */
export interface ProviderLink {
  provider: ProviderEntry;
  href: string;
}

/** Facts {@link signInProviderBlock} decides on. */
export interface ProviderBlockFacts {
  /** The realm's providers (realm settings `authProviders`, in display order). */
  providers: readonly ProviderEntry[];
  /** The provider whose form the page shows (`ID` on the main login page). */
  current: ProviderEntry;
  /** Realm settings `selfRegistration` (§6 application setting). */
  selfRegistration: boolean;
  /** Realm settings `magicLink`. */
  magicLink: boolean;
  /** Realm settings `requestAccessUri`: an external registration address, when configured. */
  requestAccessUri?: string | null | undefined;
  /**
   * Provider kinds the current provider's form offers itself (the Firebase form's Google,
   * Facebook and Apple buttons): left out of `others`, so no provider is offered twice.
   */
  offeredByCurrent?: readonly string[] | undefined;
  /** The current query, with or without `?`. */
  search: string;
  /**
   * The gift-redemption login route's `redeemCode` (GIFT_REDEMPTION_LOGIN): the sign-up button
   * then goes to GIFT_REDEMPTION_REGISTER with that code, so a recipient without an account
   * registers and redeems (issue 18). Ignored unless 1–100 letters, digits, `_` or `-`.
   */
  redeemCode?: string | null | undefined;
  locale?: RouteLocale;
}

/** What the sign-in provider block shows below the current provider's form. */
export interface ProviderBlock {
  /**
   * Small buttons for the other providers, in the realm's order (ID leads to the main login page);
   * at most one TV provider (ADOBE / ADOBE_DCR) button, the realm's first.
   */
  others: ProviderLink[];
  /** The magic-link button's target, when magic link is offered and is not the current provider. */
  magicLink: string | null;
  /**
   * The sign-up button's target (SIGNUP keeping `from`; GIFT_REDEMPTION_REGISTER for a
   * `redeemCode`), when self-registration and the provider allow it.
   */
  signUp: string | null;
  /** The request-access button's external address, when sign-up is not offered and one is configured (https or http only). */
  requestAccess: string | null;
}

/**
 * The sign-in provider block (§2 "Sign-in provider block: shows the provider's sign-in form,
 * small buttons for other providers, and either a sign-up button or a request-access button"):
 * `others` lists every realm provider except `current` that has a page (ID → LOGIN, the others →
 * their {@link loginProviderPath}), keeping the sign-in params of `search`, with one TV provider
 * button however many TV entries the realm lists (the first; the providers page serves either
 * kind by its `provider` query, and two buttons would offer the viewer the same operators
 * twice), and without the kinds the current form offers itself (`offeredByCurrent`: the Firebase
 * page's own Google and Facebook buttons, so neither is listed twice); `signUp` follows `showsSignUpLink(selfRegistration, current)`; `requestAccess` is given only when there is no
 * sign-up and `requestAccessUri` is an absolute http(s) address. Never throws.
 */
export function signInProviderBlock(facts: ProviderBlockFacts): ProviderBlock {
  const locale = facts.locale ?? 'en';
  const search = typeof facts.search === 'string' ? facts.search : '';
  const providers = Array.isArray(facts.providers) ? facts.providers : [];
  const sameAs = (a: ProviderEntry, b: ProviderEntry) => a.name === b.name && (a.clientName ?? null) === (b.clientName ?? null);
  const others: ProviderLink[] = [];
  const offered = new Set(Array.isArray(facts.offeredByCurrent) ? facts.offeredByCurrent.filter((kind) => typeof kind === 'string') : []);
  let tvListed = isTvProviderKind(facts.current.name);
  for (const provider of providers) {
    if (!provider || sameAs(provider, facts.current) || offered.has(provider.name)) continue;
    if (isTvProviderKind(provider.name)) {
      if (tvListed) continue;
      tvListed = true;
    }
    const href = provider.name === 'ID' ? loginPathKeeping(search, locale) : loginProviderPath(provider, search, locale);
    if (href) others.push({ provider, href });
  }
  const magicLink =
    facts.current.name !== 'MAGIC_LINK' && offersMagicLink(facts.magicLink === true, providers)
      ? withFrom(buildPath('MAGIC_LINK', undefined, locale), search)
      : null;
  const current = isAuthProviderKind(facts.current.name) ? facts.current.name : null;
  const signUpPage =
    typeof facts.redeemCode === 'string' && GIFT_TOKEN.test(facts.redeemCode)
      ? buildPath('GIFT_REDEMPTION_REGISTER', { redeemCode: facts.redeemCode }, locale)
      : buildPath('SIGNUP', undefined, locale);
  const signUp = current && showsSignUpLink(facts.selfRegistration === true, current) ? withFrom(signUpPage, search) : null;
  return { others, magicLink, signUp, requestAccess: signUp ? null : requestAccessAddress(facts.requestAccessUri) };
}

function loginPathKeeping(search: string, locale: RouteLocale): string {
  return withFrom(buildPath('LOGIN', undefined, locale), search);
}

function withFrom(path: string, search: string): string {
  const from = carriedFrom(new URLSearchParams(search.replace(/^\?/, '')).get('from'));
  const target = from ? `${path}?${new URLSearchParams({ from }).toString()}` : path;
  return safeReturnPath(target) ?? path;
}

/**
 * The request-access button's address (§2 "Sign-in provider block"): `raw` when it is an absolute
 * http(s) URL, else null (a `javascript:` or relative value is never followed). Never throws.
 */
export function requestAccessAddress(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Facts {@link loginPageRedirect} decides on. */
export interface LoginRedirectFacts {
  /** The realm's providers (realm settings `authProviders`). */
  providers: readonly ProviderEntry[];
  /** Realm settings `magicLink`. */
  magicLink?: boolean;
  /** Whether the viewer is a guest. */
  isGuest: boolean;
  /** The login page's query, with or without `?`. */
  search: string;
  locale?: RouteLocale;
}

/**
 * Where the login page sends a guest before showing its form, or null to show it: §6 "A
 * provider's mandatory flag forces Adobe sign-in" first (core's `adobeSignInRequirement`: the
 * realm's TV provider page, keeping `from`), then §2 "a single external provider is configured
 * and no code is present" (`singleExternalProviderRedirect`). Signed-in viewers and a query with
 * a `code` are never redirected. The result passes `safeReturnPath`. Never throws.
 */
export function loginPageRedirect(facts: LoginRedirectFacts): string | null {
  if (!facts || facts.isGuest !== true) return null;
  const search = typeof facts.search === 'string' ? facts.search : '';
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  if (query.has('code')) return null;
  const locale = facts.locale ?? 'en';
  const requirement = adobeSignInRequirement(facts.providers);
  if (requirement.kind === 'required') return loginProviderPath({ name: requirement.provider }, search, locale);
  return singleExternalProviderRedirect({ providers: facts.providers, magicLink: facts.magicLink, isGuest: true, search, locale });
}
