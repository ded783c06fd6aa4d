import { authCalls } from '../contracts/auth.js';
import { labelsCalls } from '../contracts/labels.js';
import { realmCalls } from '../contracts/realm.js';
import type { PlatformCalls } from './types.js';

/** Where the client finds one area's contracts: the area itself (eager), or a loader (lazy). */
export type AreaSource<T> = T | (() => Promise<T>);

/** One source per area of {@link PlatformCalls}, none missing and none extra. */
export type AreaSources = { readonly [A in keyof PlatformCalls]: AreaSource<PlatformCalls[A]> };

/**
 * Where the client finds each area of `calls`, typed so that an area of `calls` missing here
 * (or one that `calls` does not have) is a compile error; the calls of an area are never listed
 * here, so adding a call to an existing area touches no client file.
 *
 * Eager (in the first page's bundle): `auth` (the session's guest check-in and refresh on every
 * page, and the sign-in form), `labels` (every page's text) and `realm` (the login page's
 * provider block). Every other area is loaded on its first call with a dynamic `import()` of its
 * contract module, so that the login page does not download the contracts it never uses;
 * bundlers put each module in a chunk of its own (areas declared in one module share it).
 */
export const AREA_SOURCES: AreaSources = {
  auth: authCalls,
  labels: labelsCalls,
  realm: realmCalls,
  user: () => import('../contracts/user.js').then((m) => m.userCalls),
  countries: () => import('../contracts/countries.js').then((m) => m.countriesCalls),
  licences: () => import('../contracts/licences.js').then((m) => m.licencesCalls),
  promos: () => import('../contracts/licences.js').then((m) => m.promosCalls),
  content: () => import('../contracts/content.js').then((m) => m.contentCalls),
  catalogue: () => import('../contracts/catalogue.js').then((m) => m.catalogueCalls),
  baskets: () => import('../contracts/baskets.js').then((m) => m.basketsCalls),
  vouchers: () => import('../contracts/baskets.js').then((m) => m.vouchersCalls),
  paymentMethods: () => import('../contracts/baskets.js').then((m) => m.paymentMethodsCalls),
  payments: () => import('../contracts/baskets.js').then((m) => m.paymentsCalls),
  cards: () => import('../contracts/baskets.js').then((m) => m.cardsCalls),
  checkout: () => import('../contracts/checkout.js').then((m) => m.checkoutCalls),
  passwordReset: () => import('../contracts/emailFlows.js').then((m) => m.passwordResetCalls),
  magicLink: () => import('../contracts/emailFlows.js').then((m) => m.magicLinkCalls),
  emailConfirmation: () => import('../contracts/emailFlows.js').then((m) => m.emailConfirmationCalls),
  openid: () => import('../contracts/openid.js').then((m) => m.openidCalls),
  social: () => import('../contracts/social.js').then((m) => m.socialCalls),
  credentialProviders: () => import('../contracts/credentialProviders.js').then((m) => m.credentialProvidersCalls),
  externalOAuth: () => import('../contracts/externalOAuth.js').then((m) => m.externalOAuthCalls),
  impersonation: () => import('../contracts/externalOAuth.js').then((m) => m.impersonationCalls),
  firebase: () => import('../contracts/firebase.js').then((m) => m.firebaseCalls),
  adobe: () => import('../contracts/adobe.js').then((m) => m.adobeCalls),
  externalLicence: () => import('../contracts/adobe.js').then((m) => m.externalLicenceCalls),
  tvDevice: () => import('../contracts/adobe.js').then((m) => m.tvDeviceCalls),
  watchlists: () => import('../contracts/watchlists.js').then((m) => m.watchlistsCalls),
  userWatchlist: () => import('../contracts/watchlists.js').then((m) => m.userWatchlistCalls),
  favourites: () => import('../contracts/favourites.js').then((m) => m.favouritesCalls),
  history: () => import('../contracts/favourites.js').then((m) => m.historyCalls),
  profiles: () => import('../contracts/profiles.js').then((m) => m.profilesCalls),
  preferences: () => import('../contracts/profiles.js').then((m) => m.preferencesCalls),
  parentalControl: () => import('../contracts/parentalControl.js').then((m) => m.parentalControlCalls),
  streamLeases: () => import('../contracts/streamLeases.js').then((m) => m.streamLeasesCalls),
  gifts: () => import('../contracts/gifts.js').then((m) => m.giftsCalls),
  watchTogether: () => import('../contracts/watchTogether.js').then((m) => m.watchTogetherCalls),
};
