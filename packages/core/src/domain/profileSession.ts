/**
 * The household's rules applied to the session (issue 16; docs/api.md "Profiles and
 * preferences"): which profile a session is for, what it may do, which pages a child's session
 * is refused, and "who's watching" after a sign-in. Implements commerce-and-account-data.md §3
 * "Profile", §6 ("Child profiles cannot buy or sign up") and identity-and-routes.md §2 "After
 * sign-in completion", §6 "Roles and permissions". Pure and total: any value in, a typed answer
 * out, never a throw.
 */
import type { SessionUser } from './claims.js';
import { profileMay, type ProfileAction, type ProfileRef } from './household.js';
import { safeReturnPath } from './redirects.js';
import { buildPath, matchRouteAnyLocale, type RouteKey, type RouteLocale } from './routes.js';

/** The `par` claim of a child profile's session. */
export const RESTRICTED_PAR = 'RESTRICTED';

/** What the rules read of the session user (a guest, none, or anything else counts as no child). */
type SessionUserLike = Partial<SessionUser> | null | undefined;

/**
 * The profile a session is for, as the household rules see it: `par` `RESTRICTED` → a child with
 * the `arl` limit (`ageRatingLimit`; absent: 0, the narrowest); anything else (`NON_RESTRICTED`,
 * no `par`, a guest, no user) → an adult.
 */
export function sessionProfileRef(user: SessionUserLike): ProfileRef {
  if (user !== null && typeof user === 'object' && user.par === RESTRICTED_PAR) {
    return { type: 'CHILD', ageRatingLimit: typeof user.ageRatingLimit === 'number' ? user.ageRatingLimit : 0 };
  }
  return { type: 'ADULT' };
}

/** True for a child profile's session (`par` `RESTRICTED`). */
export function isChildSession(user: SessionUserLike): boolean {
  return sessionProfileRef(user).type === 'CHILD';
}

/** Whether the session's profile may do `action` (household's `profileMay` on {@link sessionProfileRef}). */
export function sessionMay(user: SessionUserLike, action: ProfileAction): boolean {
  return profileMay(sessionProfileRef(user), action);
}

/**
 * The pages a profile may open only when it may do the action: buying (the purchase journey and
 * its payment pages, gifts, vouchers), signing up, and the account's pages.
 */
export const ROUTE_ACTIONS: Readonly<Partial<Record<RouteKey, ProfileAction>>> = {
  PURCHASE: 'purchase',
  PAY: 'purchase',
  PAYMENT: 'purchase',
  PAYMENT_CONFIRMATION: 'purchase',
  PAYMENT_UPDATE: 'purchase',
  PAYMENT_AUTHORIZATION: 'purchase',
  GIFT: 'purchase',
  GIFT_LIST: 'purchase',
  GIFT_PAY: 'purchase',
  REDEEM: 'purchase',
  GIFT_REDEMPTION_REGISTER: 'signUp',
  SIGNUP: 'signUp',
  ACCOUNT: 'accountPages',
};

/** The message a refused page shows instead of its content. */
export type RouteDenial = 'kidPurchasePermissionDenied';

/**
 * Why the session may not open the page of route `key`, or null when it may: a child's session
 * opening a page of {@link ROUTE_ACTIONS} → `kidPurchasePermissionDenied` (the account's pages
 * hold its plans and payments, so they say the same). Every other page, and every adult or guest
 * session: null.
 */
export function routeDenial(user: SessionUserLike, key: RouteKey): RouteDenial | null {
  const action = ROUTE_ACTIONS[key];
  return action !== undefined && !sessionMay(user, action) ? 'kidPurchasePermissionDenied' : null;
}

/** Routes a sign-in may lead to without "who's watching" first: the purchase and sign-up journeys (the account's first adult buys), and the picker itself. */
const PICKER_EXEMPT_ACTIONS: readonly ProfileAction[] = ['purchase', 'signUp'];

/**
 * Where a sign-in leads, through "who's watching": a signed-in session that has not chosen its
 * profile yet (no `profileId`, as every sign-in gives) goes to PROFILES with `from` set to
 * `target` (the picker goes on to it, at once when the account has one profile); a session with
 * a profile, a guest, no user, a target of the purchase or sign-up journeys, or PROFILES itself
 * keeps `target`. `target` is an in-app path (`postSignInTarget`'s answer); an unsafe one is
 * kept as is (never made into a `from`). `locale`: the route set of PROFILES.
 */
export function throughProfilePicker(
  target: string,
  user: Pick<SessionUser, 'guest' | 'profileId'> | null | undefined,
  locale: RouteLocale = 'en',
): string {
  if (user === null || typeof user !== 'object' || user.guest !== false || typeof user.profileId === 'string') return target;
  const safe = safeReturnPath(target);
  if (safe === null) return target;
  const key = matchRouteAnyLocale(safe.split(/[?#]/)[0] ?? '', locale)?.key;
  if (key === 'PROFILES') return target;
  const action = key === undefined ? undefined : ROUTE_ACTIONS[key];
  if (action !== undefined && PICKER_EXEMPT_ACTIONS.includes(action)) return target;
  return `${buildPath('PROFILES', {}, locale)}?${new URLSearchParams({ from: safe }).toString()}`;
}
