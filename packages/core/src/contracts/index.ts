/**
 * @stream/core/contracts: zod schemas of every platform call (request, response, error).
 * Types are `z.infer` of the schemas. Objects accept unknown extra fields.
 */
export {
  defineCall,
  type HttpMethod,
  type CallAuth,
  type PathParamNames,
  type CallContract,
  type AnyCallContract,
  type CallArea,
  type CallAreas,
  type CallParams,
  type CallInput,
  type CallOutput,
  type CallArgs,
  type CallMethod,
  type CallOptions,
  type ApiFromCalls,
} from './define.js';
export { platformErrorSchema, type PlatformError, ERROR_CODES } from './error.js';
export {
  missingInformationStatusSchema,
  linkedAccountSchema,
  loginResponseSchema,
  type LoginResponse,
  loginRequestSchema,
  type LoginRequest,
  tokenRefreshRequestSchema,
  tokenRefreshResponseSchema,
  type TokenRefreshResponse,
  logoutRequestSchema,
  type LogoutRequest,
  consentAnswerSchema,
  signUpRequestSchema,
  type SignUpRequest,
  authCalls,
} from './auth.js';
export { userProfileSchema, type UserProfile, userCalls } from './user.js';
export {
  labelsResponseSchema,
  type LabelsResponse,
  labelsQuerySchema,
  labelsCalls,
  LABELS_BY_KEYS_MAX,
  labelsByKeysRequestSchema,
  type LabelsByKeysRequest,
  labelsByKeysResponseSchema,
  type LabelsByKeysResponse,
} from './labels.js';
export {
  acceptableValueSchema,
  addressRequiredFieldSchema,
  countrySchema,
  type Country,
  countriesResponseSchema,
  type CountriesResponse,
  countriesCalls,
} from './countries.js';
export {
  moneySchema,
  type Money,
  periodAmountSchema,
  licenceAmountSchema,
  type LicenceAmount,
  PURCHASE_STRATEGY_TYPES,
  purchaseStrategySchema,
  LICENCE_STATUSES,
  type LicenceStatusValue,
  PAUSE_STATES,
  type PauseState,
  trialDetailsSchema,
  pendingActionSchema,
  licenceStatusSchema,
  licencePaymentSchema,
  DISCOUNT_STATES,
  type DiscountState,
  discountSchema,
  type Discount,
  PRICE_MIGRATION_CONSENTS,
  type PriceMigrationConsent,
  priceMigrationSchema,
  licenceSchema,
  type Licence,
  licenceFamilySchema,
  type LicenceFamily,
  licencesResponseSchema,
  licenceFamiliesQuerySchema,
  licenceFamiliesResponseSchema,
  licenceUpdateResponseSchema,
  pauseLicenceRequestSchema,
  cancelLicenceQuerySchema,
  scheduleDowngradeRequestSchema,
  cancellationPromoSchema,
  type CancellationPromo,
  priceMigrationConsentRequestSchema,
  licencesCalls,
  promosCalls,
} from './licences.js';
export {
  CONTENT_TYPES,
  type ContentType,
  contentItemSchema,
  type ContentItem,
  contentListResponseSchema,
  playbackSchema,
  type Playback,
  contentParamsSchema,
  contentCalls,
} from './content.js';
export {
  TITLE_TYPES,
  type TitleType,
  EVENT_STATES,
  type EventState,
  RAIL_LAYOUTS,
  type RailLayout,
  RAIL_SOURCES,
  type RailSource,
  SEARCH_TYPES,
  type SearchType,
  SEARCH_REFINE_KEYS,
  type SearchRefineKey,
  ACCESS_VALUES,
  type Access,
  WIN_METHODS,
  type WinMethod,
  FIGHT_RESULTS,
  type FightResult,
  WEIGHT_CLASSES,
  type WeightClass,
  PAGE_BLOCK_TYPES,
  type PageBlockType,
  artworkTemplateSchema,
  imagesSchema,
  type Images,
  pagingInfoSchema,
  type PagingInfo,
  queryInteger,
  MAX_RPP,
  pageQuerySchema,
  tileSchema,
  type Tile,
  programmeSchema,
  type Programme,
  titleRefSchema,
  titleSchema,
  type Title,
  titleParamsSchema,
  tilePageSchema,
  type TilePage,
  seasonsResponseSchema,
  episodesResponseSchema,
  playlistItemsResponseSchema,
  railSchema,
  type Rail,
  sectionSummarySchema,
  type SectionSummary,
  sectionsResponseSchema,
  sectionSchema,
  type Section,
  sectionQuerySchema,
  eventsQuerySchema,
  eventsResponseSchema,
  isTimeZone,
  isCalendarDate,
  scheduleQuerySchema,
  scheduleResponseSchema,
  GUIDE_MAX_WINDOW_MS,
  guideQuerySchema,
  guideChannelSchema,
  type GuideChannel,
  guideResponseSchema,
  type Guide,
  SEARCH_QUERY_MAX_LENGTH,
  searchQuerySchema,
  searchGroupSchema,
  type SearchGroup,
  refineValueSchema,
  refineSchema,
  type Refine,
  searchResponseSchema,
  type SearchResponse,
  newsItemTileSchema,
  type NewsItemTile,
  newsFeedSummarySchema,
  newsFeedsResponseSchema,
  newsFeedResponseSchema,
  newsItemSchema,
  type NewsItem,
  fighterRecordSchema,
  fighterRankingSchema,
  fighterTileSchema,
  type FighterTile,
  fightResultSchema,
  type FightResultEntry,
  fighterSchema,
  type Fighter,
  fightersQuerySchema,
  fightersResponseSchema,
  rankingsQuerySchema,
  weightClassRankingSchema,
  rankingsResponseSchema,
  pageBlockSchema,
  externalPageSchema,
  type ExternalPage,
  catalogueCalls,
} from './catalogue.js';
export {
  basketVoucherSchema,
  basketAmountsSchema,
  basketItemSchema,
  basketSchema,
  type Basket,
  redeemVoucherRequestSchema,
  paymentDetailsSchema,
  type PaymentDetails,
  initPaymentMethodRequestSchema,
  validatePaymentMethodRequestSchema,
  payRequestSchema,
  type PayRequest,
  PAYMENT_STATUSES,
  payResponseSchema,
  type PayResponse,
  paymentProviderSchema,
  type PaymentProvider,
  cardSchema,
  type Card,
  paymentHistoryItemSchema,
  type PaymentHistoryItem,
  payHeadersSchema,
  voucherCodeParamsSchema,
  basketsCalls,
  vouchersCalls,
  paymentMethodsCalls,
  paymentsCalls,
  cardsCalls,
} from './baskets.js';
export {
  consentTermSchema,
  providerFieldSchema,
  checkoutContextSchema,
  type CheckoutContext,
  billingDetailsSchema,
  type BillingDetails,
  cardTokenRequestSchema,
  type CardTokenRequest,
  cardTokenSchema,
  type CardToken,
  checkoutCalls,
  processorCalls,
} from './checkout.js';
export {
  emptyAnswerSchema,
  passwordResetCreateRequestSchema,
  type PasswordResetCreateRequest,
  passwordResetRequestSchema,
  type PasswordResetRequest,
  magicLinkRequestQuerySchema,
  magicLinkExchangeRequestSchema,
  emailConfirmationRequestSchema,
  emailConfirmationResponseSchema,
  type EmailConfirmationResponse,
  passwordResetCalls,
  magicLinkCalls,
  emailConfirmationCalls,
} from './emailFlows.js';
export {
  openIdFlowSchema,
  type OpenIdFlow,
  openIdAuthUriQuerySchema,
  openIdAuthUriResponseSchema,
  type OpenIdAuthUri,
  openIdTokenRequestSchema,
  type OpenIdTokenRequest,
  openIdLogoutUriResponseSchema,
  type OpenIdLogoutUri,
  openidCalls,
} from './openid.js';
export {
  authProviderSchema,
  type AuthProvider,
  realmSettingsSchema,
  realmCaptchaSchema,
  type RealmCaptcha,
  CAPTCHA_TOKEN_HEADER,
  type RealmSettings,
  realmCalls,
} from './realm.js';
export {
  appleSignInRequestSchema,
  type AppleSignInRequest,
  facebookSignInRequestSchema,
  type FacebookSignInRequest,
  googleSignInRequestSchema,
  type GoogleSignInRequest,
  socialConflictDetailsSchema,
  type SocialConflictDetails,
  linkedAccountEntrySchema,
  type LinkedAccountEntry,
  linkedAccountsResponseSchema,
  type LinkedAccounts,
  socialSignInHeadersSchema,
  socialCalls,
} from './social.js';
export {
  providerCredentialsSchema,
  type ProviderCredentials,
  opinAuthRequestSchema,
  type OpinAuthRequest,
  gigyaLoginRequestSchema,
  type GigyaLoginRequest,
  credentialProvidersCalls,
} from './credentialProviders.js';
export {
  externalOAuthAuthUriQuerySchema,
  externalOAuthAuthUriResponseSchema,
  type ExternalOAuthAuthUri,
  externalOAuthTokenRequestSchema,
  type ExternalOAuthTokenRequest,
  externalOAuthLogoutRequestSchema,
  impersonationTokenRequestSchema,
  impersonationResponseSchema,
  type ImpersonationResponse,
  externalOAuthCalls,
  impersonationCalls,
} from './externalOAuth.js';
export {
  firebaseSignUpRequestSchema,
  type FirebaseSignUpRequest,
  firebaseSignUpResponseSchema,
  type FirebaseSignUpResponse,
  firebaseSignInRequestSchema,
  type FirebaseSignInRequest,
  firebaseCalls,
} from './firebase.js';
export {
  tvProviderKindSchema,
  type TvProviderKind,
  allowedProviderSchema,
  type AllowedProvider,
  tvProviderSchema,
  type TvProvider,
  adobeUserRequestSchema,
  type AdobeUserRequest,
  adobeTokenRequestSchema,
  type AdobeTokenRequest,
  adobeRegcodeResponseSchema,
  type AdobeRegcode,
  adobeRegcodeV3RequestSchema,
  type AdobeRegcodeV3Request,
  adobeRegcodeV3ResponseSchema,
  type AdobeRegcodeV3,
  entitlementSyncRequestSchema,
  adobeClientRegisterRequestSchema,
  adobeClientRegistrationSchema,
  type AdobeClientRegistration,
  mvpdSchema,
  type Mvpd,
  adobeChannelSchema,
  type AdobeChannel,
  adobeConfigSchema,
  type AdobeConfig,
  externalLicenceTokenRequestSchema,
  externalLicenceTokenResponseSchema,
  type ExternalLicenceTokenResponse,
  devicePinSchema,
  devicePinResponseSchema,
  type DevicePin,
  devicePinStatusSchema,
  type DevicePinStatus,
  pollDevicePinRequestSchema,
  confirmDevicePinRequestSchema,
  adobeCalls,
  adobeHostCalls,
  externalLicenceCalls,
  tvDeviceCalls,
} from './adobe.js';

export {
  watchlistNameSchema,
  watchlistOwnershipSchema,
  watchlistContentSchema,
  type WatchlistContent,
  watchlistSummarySchema,
  type WatchlistSummary,
  watchlistSchema,
  type Watchlist,
  watchlistsResponseSchema,
  type WatchlistsPage,
  watchlistNameRequestSchema,
  createWatchlistResponseSchema,
  watchlistContentRefSchema,
  addWatchlistContentRequestSchema,
  addWatchlistContentResponseSchema,
  reorderWatchlistQuerySchema,
  reorderWatchlistRequestSchema,
  reorderWatchlistResponseSchema,
  adjacentQuerySchema,
  adjacentContentResponseSchema,
  type AdjacentContent,
  watchlistsCalls,
  userWatchlistCalls,
} from './watchlists.js';
export {
  libraryParamsSchema,
  favouriteSchema,
  type Favourite,
  favouritesPageSchema,
  type FavouritesPage,
  favouriteStatusSchema,
  type FavouriteStatus,
  FAVOURITE_STATUS_MAX_IDS,
  favouriteStatusQuerySchema,
  favouriteStatusesSchema,
  type FavouriteStatuses,
  progressReportSchema,
  type ProgressReport,
  progressSchema,
  type TitleProgress,
  titleProgressSchema,
  type TitleProgressAnswer,
  historyItemSchema,
  type HistoryItem,
  historyPageSchema,
  type HistoryPage,
  CONTINUE_WATCHING_REASONS,
  type ContinueWatchingReason,
  continueWatchingItemSchema,
  type ContinueWatchingItem,
  continueWatchingPageSchema,
  type ContinueWatchingPage,
  historyRemovedSchema,
  favouritesCalls,
  historyCalls,
} from './favourites.js';
export {
  profileParamsSchema,
  profileSchema,
  type Profile,
  profileListItemSchema,
  type ProfileListItem,
  profileListSchema,
  type ProfileList,
  createProfileRequestSchema,
  type CreateProfileRequest,
  updateProfileRequestSchema,
  type UpdateProfileRequest,
  profileDeletedSchema,
  selectProfileRequestSchema,
  type SelectProfileRequest,
  MAX_PLUGIN_ACCESS_TOKENS,
  preferencesSchema,
  type PreferencesAnswer,
  preferencesUpdateSchema,
  type PreferencesUpdate,
  profilesCalls,
  preferencesCalls,
} from './profiles.js';
export {
  parentalPinSchema,
  parentalStatusSchema,
  parentalControlStateSchema,
  type ParentalControlState,
  parentalControlRequestSchema,
  type ParentalControlRequest,
  parentalPinResetRequestSchema,
  parentalPinRequestSchema,
  parentalControlCalls,
} from './parentalControl.js';
export { CONCURRENCY_LIMIT_CODE, CONCURRENCY_LIMIT_MESSAGE, HEARTBEAT_MAX_LEASES, DEVICE_NAME_MAX_LENGTH, leaseIdSchema, streamStartRequestSchema, type StreamStartRequest, streamStartSchema, type StreamStart, liveStreamSchema, type LiveStream, liveStreamsSchema, type LiveStreams, concurrencyLimitDetailsSchema, type ConcurrencyLimitDetails, heartbeatRequestSchema, type HeartbeatRequest, leaseStateSchema, type LeaseState, heartbeatAnswerSchema, type HeartbeatAnswer, leaseParamsSchema, streamLeasesCalls } from './streamLeases.js';
export { GIFT_CODE_INVALID, GIFT_CODE_USED, GIFT_CODE_EXPIRED, GIFT_REDEEM_MESSAGE_KEYS, giftPlanSchema, type GiftPlan, giftPlansSchema, type GiftPlans, createGiftRequestSchema, type CreateGiftRequest, giftSchema, type Gift, createdGiftSchema, type CreatedGift, giftListSchema, type GiftList, giftParamsSchema, redeemGiftRequestSchema, type RedeemGiftRequest, giftRedemptionSchema, type GiftRedemption, giftsCalls } from './gifts.js';
export { NOT_ROOM_HOST_CODE, NOT_ROOM_MEMBER_CODE, ROOM_EVENT, roomIdSchema, roomParamsSchema, roomCreateRequestSchema, type RoomCreateRequest, roomPlaybackRequestSchema, type RoomPlaybackRequest, roomMemberSchema, type RoomMember, roomPlaybackSchema, type RoomPlayback, roomSchema, type Room, watchTogetherCalls } from './watchTogether.js';

import * as auth from './auth.js';
import * as user from './user.js';
import * as labels from './labels.js';
import * as countries from './countries.js';
import * as licences from './licences.js';
import * as content from './content.js';
import * as catalogue from './catalogue.js';
import * as baskets from './baskets.js';
import * as checkout from './checkout.js';
import * as emailFlows from './emailFlows.js';
import * as openid from './openid.js';
import * as realm from './realm.js';
import * as social from './social.js';
import * as credentialProviders from './credentialProviders.js';
import * as externalOAuth from './externalOAuth.js';
import * as firebase from './firebase.js';
import * as adobe from './adobe.js';
import * as watchlists from './watchlists.js';
import * as favourites from './favourites.js';
import * as profiles from './profiles.js';
import * as parentalControl from './parentalControl.js';
import * as streamLeases from './streamLeases.js';
import * as gifts from './gifts.js';
import * as watchTogether from './watchTogether.js';

/**
 * The type of {@link calls}: every area of the API and its contracts. Each area is the type of
 * its declaration (`typeof auth.authCalls`, ...), so the docs of each call reach the derived
 * client, also through the package's declaration files.
 */
export interface Calls {
  /**
   * ID sign-in and sign-up, token refresh, guest check-in and logout (identity-and-routes.md §7).
   * Sign-ins answer the tokens of §3 "Login response"; the session machine stores them.
   */
  readonly auth: typeof auth.authCalls;
  /** The signed-in account's details. Errors: 401 for a guest or no token. */
  readonly user: typeof user.userCalls;
  /**
   * Every visible text of the app, keyed by message key (identity-and-routes.md §3 "Labels
   * response", §7).
   */
  readonly labels: typeof labels.labelsCalls;
  /** Countries and their address fields (identity-and-routes.md §3 "Country"). */
  readonly countries: typeof countries.countriesCalls;
  /**
   * Licences (commerce-and-account-data.md §3 "Licence", §4, §7 "Licences"). Lifecycle calls
   * answer the account's licence as it now stands, `{ licence }`. Errors: 401 without a session,
   * 404 `NOT_FOUND` for a licence the account does not hold, 409 `CONFLICT` for an action its
   * state does not allow; `ContractError` for a bad `resumeAfter`.
   */
  readonly licences: typeof licences.licencesCalls;
  /** The cancellation promo of an account's licence (§7 "Licences"): verify, redeem, refuse. */
  readonly promos: typeof licences.promosCalls;
  /**
   * Content and playback (this project's calls, docs/api.md). Errors: 404 `NOT_FOUND` for an
   * unknown item, 403 `LICENCE_REQUIRED` from `playback` when no licence of the viewer grants
   * the item.
   */
  readonly content: typeof content.contentCalls;
  /**
   * The catalogue (this project's calls, docs/api.md "Catalogue"): sections and rails, titles,
   * series, seasons, playlists, live events by state and day, releases, the programme guide,
   * search, news, fighters and rankings, external pages. Texts in the `Accept-Language` locale.
   * Errors: 404 `NOT_FOUND` for an unknown id, 400 `BAD_REQUEST` for a malformed query.
   */
  readonly catalogue: typeof catalogue.catalogueCalls;
  /**
   * The basket (commerce-and-account-data.md §3 "Basket", §7 "Baskets and payments"). Basket
   * calls answer `{ id, basketItems [{ sku, subscriptionSetting }], amounts { total, currency,
   * scale, vouchers, tax, discountedTax, subTotal, discountedTotal, isTaxInclusive,
   * isTaxRateEstimated } }`, amounts in minor units. Errors (§8): 401 without a session; 404 for
   * an unknown licence or basket; 409 `CONFLICT` with `freeTrialDenied` when the licence's free
   * trial is refused and `acknowledgeNoFreeTrial` is not `true`; from `pay`/`payCurrent`, 424
   * `BASKET_REQUIREMENTS_FAILED` with the missing fields in `ApiError.details.missingFields` and
   * 402 card codes (`card_declined`, `insufficient_funds`, `expired_card`, `incorrect_cvc`,
   * `processing_error`, `incorrect_number`) with the server message.
   */
  readonly baskets: typeof baskets.basketsCalls;
  /**
   * Vouchers (§7; §5 "Voucher code is URL-encoded before sending. A licence voucher is applied
   * with licenceId only when it is an integer"). Errors: 401; 404 for an unknown code (or, on
   * `remove`, one not in the basket); 409 for a voucher that does not apply; `ContractError` for
   * an empty, `.` or `..` code (nothing is sent).
   */
  readonly vouchers: typeof baskets.vouchersCalls;
  /**
   * Payment methods (§3 "Payment details", §7, v4 paths). Errors: 401; 400 for an unknown provider
   * or token; 402 card codes (§8).
   */
  readonly paymentMethods: typeof baskets.paymentMethodsCalls;
  /**
   * Payment providers, history and payment details per licence (§3, §7; the providers and history
   * paths are this project's). Errors: 401; 404 for a licence or payment details the account does
   * not hold; 424 `BASKET_REQUIREMENTS_FAILED` with `details.missingFields` from `attachDetails`
   * and `attachDetailsWithBilling`.
   */
  readonly payments: typeof baskets.paymentsCalls;
  /**
   * Stored cards (§3 "Card", §7; the list path is this project's). Errors: 401; 404 for a card or
   * licence the account does not hold; 424 `BASKET_REQUIREMENTS_FAILED` with
   * `details.missingFields` when `checkBillingDetails` finds missing fields.
   */
  readonly cards: typeof baskets.cardsCalls;
  /**
   * The checkout's own calls (this project's paths, docs/api.md "Checkout"). Errors: 401
   * (`saveBillingDetails` without a session), 400 for a malformed value.
   */
  readonly checkout: typeof checkout.checkoutCalls;
  /** The card processor's tokenisation: another host than the platform's (see `createCardProcessor`). */
  readonly processor: typeof checkout.processorCalls;
  /**
   * Password reset (identity-and-routes.md §4 "Password reset", §7; docs/api.md "Email flows").
   * Sent without a bearer. Errors: 404 `NOT_FOUND` `invalidResetToken` for an unknown, used or
   * expired token; 400 with the password rule's key `passwordTooShort` or `passwordTooLong`.
   */
  readonly passwordReset: typeof emailFlows.passwordResetCalls;
  /**
   * Magic link (identity-and-routes.md §4 "Magic link", §7). Sent without a bearer. Errors: 404
   * `NOT_FOUND` for an unknown, used or expired token.
   */
  readonly magicLink: typeof emailFlows.magicLinkCalls;
  /**
   * Email confirmation (this project's call, docs/api.md "Email flows"). Sent without a bearer.
   * Errors: 404 `NOT_FOUND` for an unknown, used or expired token.
   */
  readonly emailConfirmation: typeof emailFlows.emailConfirmationCalls;
  /**
   * OpenID Connect sign-in through a realm client named `client` (identity-and-routes.md §4
   * "Generic external OAuth or OpenID", §7). Sent without a bearer. Errors: 404 `NOT_FOUND` for a
   * client the realm does not have; 409 `CONFLICT` from `token` when the state is unknown, expired
   * or already used; 400 when the provider refuses the code.
   */
  readonly openid: typeof openid.openidCalls;
  /** The realm's page-wide sign-in settings (this project's call, docs/api.md). No bearer. */
  readonly realm: typeof realm.realmCalls;
  /**
   * Apple, Google and Facebook sign-in and the account's linked providers (identity-and-routes.md
   * §4 "Social sign-in", §7; docs/api.md "Social sign-in"). The sign-ins answer the login tokens
   * with `linkedAccounts`; they send no session bearer, only the caller's `headers.Authorization`
   * (the ID account's token in the conflict case: the platform then links the provider to that
   * account). Errors: 409 `CONFLICT` with `details { provider, email }` when an ID account has
   * the provider's email, 409 `cannotLinkAccount` when linking is not possible, 400 for a refused
   * credential, 404 for a provider the realm lacks or a link the account lacks, 401 without a
   * session on `linkedAccounts`/`unlink`.
   */
  readonly social: typeof social.socialCalls;
  /**
   * Sign-in with the id/secret, token and script providers (identity-and-routes.md §1 "PBR, SPTV,
   * OPIN, GIGYA", §7; docs/api.md). Sent without a bearer; each answers the tokens of `POST
   * /login`. Errors: 404 `NOT_FOUND` `invalidCredentials` for a wrong id or secret, whether or not
   * the account exists; 401 `UNAUTHORIZED` for an unknown, used or expired OPIN token or a GIGYA
   * token that fails verification; 400 for a malformed body.
   */
  readonly credentialProviders: typeof credentialProviders.credentialProvidersCalls;
  /**
   * Generic external OAuth sign-in through the realm provider `provider` (its `clientName`;
   * identity-and-routes.md §4 "Generic external OAuth or OpenID", §7 "{ext-oauth-route}", here
   * `/api/v2/oauth/{provider}`). Sent without a bearer. Errors: 404 `NOT_FOUND` for a provider the
   * realm does not have; 409 `CONFLICT` from `token` when the state is unknown, expired or already
   * used; 400 when the provider refuses the code.
   */
  readonly externalOAuth: typeof externalOAuth.externalOAuthCalls;
  /**
   * Impersonation (identity-and-routes.md §6; this project's call, docs/api.md "Impersonation").
   * No bearer. Errors: 404 `NOT_FOUND` for an unknown, used or expired token.
   */
  readonly impersonation: typeof externalOAuth.impersonationCalls;
  /**
   * Firebase sign-in, the platform side (identity-and-routes.md §4 "Firebase", §7; docs/api.md
   * "Firebase"). Sent without a bearer. Errors: 409 `emailAlreadyInUse`, 403
   * `selfRegistrationDisabled`, 401 for a Firebase token that does not verify, 400 for a bad body,
   * 503 when Firebase is not available.
   */
  readonly firebase: typeof firebase.firebaseCalls;
  /**
   * Adobe Pass, the platform side (identity-and-routes.md §4 "Adobe flows", "TV-provider sign-in",
   * §7; docs/api.md "Adobe Pass and TV"). The bearer is sent when one is stored (a signed-in
   * viewer's regcode and sign-in link Adobe to the account). Errors: 400 from a regcode call (the
   * flow retries once); 400 or 412 from `user`/`token` (the picker restarts on a first attempt);
   * 401, 403, 409 mapped by the domain's `tvProviderFailure`.
   */
  readonly adobe: typeof adobe.adobeCalls;
  /** The Adobe host's own calls: another host than the platform's (see `createAdobeHost`). */
  readonly adobeHost: typeof adobe.adobeHostCalls;
  /**
   * The external licence provider of the LICENCE_REDIRECT page (commerce-and-account-data.md §2,
   * identity-and-routes.md §7; route `/api/v2/external-licence`). No bearer. Errors: 404 for an
   * unknown, used or expired code.
   */
  readonly externalLicence: typeof adobe.externalLicenceCalls;
  /**
   * Device PIN login (TV_LOGIN; this project's calls, docs/api.md "Adobe Pass and TV"). Errors: 404
   * `NOT_FOUND` for an unknown, expired or used PIN or anchor; 401 or 403 on `confirmPin` without
   * a signed-in session; `ContractError` for a malformed PIN (nothing is sent).
   */
  readonly tvDevice: typeof adobe.tvDeviceCalls;
  /**
   * Watchlists, the older API and sharing (commerce-and-account-data.md §3, §4, §7 "Watchlists
   * (older)"; docs/api.md "Watchlists"). Errors: 401 without a signed-in user; 404 `NOT_FOUND` for
   * a list the caller neither owns nor reached by its link; 403 `NOT_OWNER` for an owner's action
   * on a `SHARED` list; 409 `CONFLICT` for saving one's own list or past a limit; 400 for bad input.
   */
  readonly watchlists: typeof watchlists.watchlistsCalls;
  /** One watchlist's content, the newer API (§7 "Watchlists (newer)", `/api/v4/user/watchlist`); errors as `watchlists`. */
  readonly userWatchlist: typeof watchlists.userWatchlistCalls;
  /**
   * Favourites (commerce-and-account-data.md §7 "Favourites", §9; docs/api.md "Favourites,
   * history and continue watching"). Signed-in only. Errors: 401; 404 `NOT_FOUND` for an unknown
   * title; 400 for a bad `rpp` or `lastSeen`.
   */
  readonly favourites: typeof favourites.favouritesCalls;
  /**
   * Watch history, progress and continue watching (this project's calls, docs/api.md). Signed-in
   * only. Errors: 401; 404 `NOT_FOUND` for an unknown title; 400 `titleNotTracked` for a report
   * of a title that is not tracked (a live stream), 400 for a malformed query or body.
   */
  readonly history: typeof favourites.historyCalls;
  /**
   * The household's profiles and selecting one (this project's calls, docs/api.md "Profiles and
   * preferences"). Errors: 401; 403 `kidProfileManagementDenied` from a child's session, 403
   * `parentalPinRequired`, 403 `INVALID_PIN` `wrongPin` and 429 from `select`; 404; 409 `PROFILE_LIMIT`,
   * `PROFILE_NAME_TAKEN`, `PROFILE_IN_USE`, `LAST_ADULT_PROFILE`; 400 for a bad name.
   */
  readonly profiles: typeof profiles.profilesCalls;
  /** The session profile's preferences (commerce-and-account-data.md §3, §7). Errors: 401; 400 for a bad value. */
  readonly preferences: typeof profiles.preferencesCalls;
  /**
   * Parental control (commerce-and-account-data.md §3, §7; docs/api.md "Parental control"): the
   * PIN and status, its reset by email, the throttled PIN check. Errors: 401; 403 `INVALID_PIN`;
   * 429 `TOO_MANY_ATTEMPTS`; 404 for a bad reset code.
   */
  readonly parentalControl: typeof parentalControl.parentalControlCalls;
  /** Concurrent streams: start (a lease), heartbeat, list, stop (issue 17; docs/api.md "Concurrent streams"). Errors: 401; 404; 429 `CONCURRENCY_LIMIT` with `details.streams`; 400. */
  readonly streamLeases: typeof streamLeases.streamLeasesCalls;
  /**
   * Gifting (issue 18; docs/api.md "Gifts"): giftable offers, creating a gift into the basket (paid
   * with the ordinary pay call), the buyer's gifts with resend and cancel, redeeming a code.
   * Errors: 401; 403 `kidPurchasePermissionDenied`; 404 `GIFT_CODE_INVALID`; 409 `GIFT_CODE_USED`,
   * `GIFT_CODE_EXPIRED`, `CONFLICT`; 429 `TOO_MANY_ATTEMPTS`; 400.
   */
  readonly gifts: typeof gifts.giftsCalls;
  /** Watch together: rooms for a live event, members, the host's playback (issue 17; docs/api.md "Watch together"). Errors: 401; 403 `LICENCE_REQUIRED`, `NOT_ROOM_HOST`; 404; 409 `ROOM_FULL`, `NOT_LIVE`; 400. */
  readonly watchTogether: typeof watchTogether.watchTogetherCalls;
}

/**
 * Every call contract by area: the one declaration of the API. The typed client
 * (`@stream/core/api`, `ApiClient`) is derived from it and the sandbox registers its routes from
 * it. Each area's calls are declared, with their docs, in its module (`authCalls` in `auth.ts`,
 * ...); the docs here describe an area as a whole. Errors of every call: `ApiError` (the platform
 * answered an error status; the codes below), `ContractError` (a request or answer off contract;
 * for a request, nothing was sent), `NetworkError` (no answer).
 */
export const calls: Calls = {
  auth: auth.authCalls,
  user: user.userCalls,
  labels: labels.labelsCalls,
  countries: countries.countriesCalls,
  licences: licences.licencesCalls,
  promos: licences.promosCalls,
  content: content.contentCalls,
  catalogue: catalogue.catalogueCalls,
  baskets: baskets.basketsCalls,
  vouchers: baskets.vouchersCalls,
  paymentMethods: baskets.paymentMethodsCalls,
  payments: baskets.paymentsCalls,
  cards: baskets.cardsCalls,
  checkout: checkout.checkoutCalls,
  processor: checkout.processorCalls,
  passwordReset: emailFlows.passwordResetCalls,
  magicLink: emailFlows.magicLinkCalls,
  emailConfirmation: emailFlows.emailConfirmationCalls,
  openid: openid.openidCalls,
  realm: realm.realmCalls,
  social: social.socialCalls,
  credentialProviders: credentialProviders.credentialProvidersCalls,
  externalOAuth: externalOAuth.externalOAuthCalls,
  impersonation: externalOAuth.impersonationCalls,
  firebase: firebase.firebaseCalls,
  adobe: adobe.adobeCalls,
  adobeHost: adobe.adobeHostCalls,
  externalLicence: adobe.externalLicenceCalls,
  tvDevice: adobe.tvDeviceCalls,
  watchlists: watchlists.watchlistsCalls,
  userWatchlist: watchlists.userWatchlistCalls,
  favourites: favourites.favouritesCalls,
  history: favourites.historyCalls,
  profiles: profiles.profilesCalls,
  preferences: profiles.preferencesCalls,
  parentalControl: parentalControl.parentalControlCalls,
  streamLeases: streamLeases.streamLeasesCalls,
  gifts: gifts.giftsCalls,
  watchTogether: watchTogether.watchTogetherCalls,
};
