import type { RouteKey } from '@stream/core/domain';

/**
 * The page module (a file of `src/pages/`, default export) of each route the app renders a page
 * for; each is a chunk of its own, loaded on demand (app/pages.ts). Routes without an entry are
 * rendered by the shell itself (the root redirect, logout) or are not found. Plain data, so that
 * the build reads it too: vite.config.ts prerenders the public routes with the chunks their
 * page needs.
 */
export const ROUTE_PAGES: Partial<Record<RouteKey, string>> = {
  HOME: 'HomePage',
  BROWSE: 'BrowsePage',
  SECTION: 'SectionPage',
  GRID: 'GridPage',
  SERIES: 'SeriesPage',
  SEASON: 'SeasonPage',
  PLAYLIST: 'PlaylistPage',
  LOGIN: 'LoginPage',
  GIFT_LOGIN: 'LoginPage',
  GIFT_REDEMPTION_LOGIN: 'LoginPage',
  SIGNUP: 'SignUpPage',
  LOGIN_REDIRECT: 'LoginProviderPage',
  LOGIN_REQUEST_PASSWORD: 'PasswordRequestPage',
  REQUEST_PASSWORD: 'PasswordRequestPage',
  LOGIN_RESET_PASSWORD: 'PasswordResetPage',
  RESET_PASSWORD: 'PasswordResetPage',
  MAGIC_LINK: 'MagicLinkPage',
  EMAIL_CONFIRMATION: 'EmailConfirmationPage',
  ACCOUNT: 'AccountPage',
  PURCHASE: 'CheckoutPage',
  PAY: 'PayPage',
  PAYMENT_CONFIRMATION: 'PayPage',
  PAYMENT_AUTHORIZATION: 'PaymentAuthorizationPage',
  PAYMENT_UPDATE: 'PaymentUpdatePage',
  FAVOURITES: 'FavouritesPage',
  HISTORY: 'HistoryPage',
  VOD: 'WatchPage',
  LIVE: 'WatchPage',
  WATCH_TOGETHER: 'WatchTogetherPage',
  INTERSTITIAL: 'InterstitialPage',
  LIVE_EVENTS: 'LiveEventsPage',
  UPCOMING: 'UpcomingPage',
  SCHEDULE: 'SchedulePage',
  EPG: 'EpgPage',
  RELEASES: 'ReleasesPage',
  OAUTH: 'OAuthPage',
  OAUTH_APP: 'OAuthPage',
  IMPERSONATE: 'ImpersonatePage',
  PROVIDERS: 'ProvidersPage',
  TV_LOGIN: 'TvLoginPage',
  WATCHLISTS: 'WatchlistsPage',
  LICENCE_REDIRECT: 'LicenceRedirectPage',
  SEARCH: 'SearchPage',
  NEWS: 'NewsPage',
  NEWS_ITEM: 'NewsItemPage',
  FIGHTERS: 'FightersPage',
  FIGHTER: 'FighterPage',
  EXTERNAL_PAGE: 'ExternalPage',
  MOBILE_EXTERNAL_PAGE: 'MobileExternalPage',
  PLUGIN: 'PluginPage',
  PREFERENCES: 'PreferencesPage',
  CONFIRM_PIN_PROTECTION_RESET: 'PinResetPage',
  PROFILES: 'ProfilesPage',
  ACTIVATE_USER: 'ActivateUserPage',
  PAYMENT: 'PaymentPage',
  MEMBER_AREA: 'MemberAreaPage',
  ADMIN_404_PREVIEW: 'AdminPreviewPage',
  ADMIN_NAVBAR_PREVIEW: 'AdminPreviewPage',
  ADMIN_PLUGIN_PREVIEW: 'AdminPreviewPage',
  ADMIN_PREVIEW: 'AdminPreviewPage',
  ADMIN_SECTION_PREVIEW: 'AdminPreviewPage',
  GIFT_LOGIN_REDIRECT: 'GiftLoginRedirectPage',
  REDEEM: 'RedeemPage',
  GIFT: 'GiftPage',
  MULTI_VIEW: 'MultiViewPage',
  GIFT_LIST: 'GiftListPage',
  GIFT_PAY: 'GiftPayPage',
  GIFT_REDEMPTION_REGISTER: 'GiftRedemptionRegisterPage',
};

/**
 * The public routes whose HTML the build prerenders (with the page's frame, its stylesheets and
 * its code preloaded): the pages a guest opens first, all without path params.
 */
export const PRERENDERED_ROUTES: readonly RouteKey[] = [
  'HOME', 'LOGIN', 'SIGNUP', 'REQUEST_PASSWORD', 'LOGIN_REQUEST_PASSWORD', 'RESET_PASSWORD',
  'LOGIN_RESET_PASSWORD', 'MAGIC_LINK', 'EMAIL_CONFIRMATION',
];
