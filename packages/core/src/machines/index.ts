/**
 * @stream/core/machines: one XState v5 machine per flow, each with a `connect` function that
 * turns a snapshot into what a view needs. State charts: docs/flows/.
 */
export {
  type AfterSignIn,
  type OAuthLogoutInput,
  type SessionBroadcastMessage,
  type SessionChange,
  type SessionContext,
  type SessionEvent,
  type SessionInput,
  type SessionLinkedAccount,
  type SessionNotice,
} from './session/session.types.js';
export {
  DEFAULT_REFRESH_LEAD_MS,
  DEFAULT_CHECK_IN_RETRY_MS,
  type SessionTokens,
  sessionMachine,
  type SessionMachine,
} from './session/session.machine.js';
export {
  selectIsSignedIn,
  selectIsGuest,
  selectSessionUser,
  selectSessionNotice,
  selectLinkedAccounts,
  selectSessionStatus,
  connectSession,
  type SessionActorRef,
  type SessionSnapshot,
  type SessionStatus,
  type SessionApi,
} from './session/session.connect.js';
export {
  handOverToSession,
  continueAfterSignIn,
  type SignInOutput,
  type SessionReceiver,
  type SignInHandOver,
  type ReturningSignInApi,
} from './session/session.signIn.js';
export {
  type IdSignInContext,
  type IdSignInEvent,
  type IdSignInField,
  type IdSignInInput,
} from './idSignIn/idSignIn.types.js';
export {
  type LoginActorInput,
  idSignInMachine,
  type IdSignInMachine,
} from './idSignIn/idSignIn.machine.js';
export {
  connectIdSignIn,
  type IdSignInSnapshot,
  type IdSignInApi,
} from './idSignIn/idSignIn.connect.js';
export {
  type SignUpContext,
  type SignUpEvent,
  type SignUpField,
  type SignUpInput,
} from './signUp/signUp.types.js';
export {
  type SignUpActorInput,
  signUpMachine,
  type SignUpMachine,
} from './signUp/signUp.machine.js';
export { connectSignUp, type SignUpSnapshot, type SignUpApi } from './signUp/signUp.connect.js';
export {
  createCredentialsFormMachine,
  type CredentialsSubmitLogic,
  type CredentialsFormTypes,
  type CredentialsFormSubmit,
  type CredentialsFormOptions,
  type CredentialsFormAction,
  type CredentialsFormMachine,
} from './credentialsForm/credentialsForm.machine.js';
export {
  type CredentialsFormContext,
  type CredentialsFormEvent,
  type CredentialsFormInput,
} from './credentialsForm/credentialsForm.types.js';
export {
  connectCredentialsForm,
  type CredentialsFormSnapshot,
  type CredentialsFormApi,
} from './credentialsForm/credentialsForm.connect.js';
export { type LabelsContext, type LabelsEvent, type LabelsInput } from './labels/labels.types.js';
export {
  LABELS_RETRY_BASE_MS,
  LABELS_RETRY_MAX_MS,
  labelsMachine,
  type LabelsMachine,
} from './labels/labels.machine.js';
export { connectLabels, type LabelsSnapshot, type LabelsApi, type LabelsByKeysApi } from './labels/labels.connect.js';
export { changeLanguage, storedLanguage, uiLanguage } from './language/language.js';
export {
  joinedServerMessages,
  GENERIC_ERROR_KEY,
  subscriptionMachine,
  type SubscriptionMachine,
} from './subscription/subscription.machine.js';
export {
  type LicenceActorInput,
  type PauseActorInput,
  type SubscriptionContext,
  type SubscriptionEvent,
  type SubscriptionInput,
} from './subscription/subscription.types.js';
export {
  connectSubscription,
  type SubscriptionActorRef,
  type SubscriptionSnapshot,
  type SubscriptionBusy,
  type SubscriptionApi,
} from './subscription/subscription.connect.js';
export {
  type ConsentActorInput,
  type PriceMigrationContext,
  type PriceMigrationEvent,
  type PriceMigrationInput,
} from './priceMigration/priceMigration.types.js';
export {
  priceMigrationMachine,
  type PriceMigrationMachine,
} from './priceMigration/priceMigration.machine.js';
export {
  connectPriceMigration,
  type PriceMigrationSnapshot,
  type PriceMigrationApi,
} from './priceMigration/priceMigration.connect.js';
export {
  clampVolume,
  isLicenceRequired,
  isConcurrencyLimit,
  concurrencyLimitStreams,
  PLAYER_DEFAULT_VOLUME,
  playbackMachine,
  type PlaybackMachine,
} from './player/player.machine.js';
export {
  type PlaybackActorInput,
  type PlaybackContext,
  type PlaybackEvent,
  type PlaybackInput,
  type PlayableType,
  type PlaybackSource,
} from './player/player.types.js';
export {
  connectPlayback,
  type PlaybackActorRef,
  type PlaybackSnapshot,
  type PlaybackStatus,
  type PlaybackApi,
} from './player/player.connect.js';
export {
  defaultCreateKey,
  REQUIRES_ACTION,
  paymentMachine,
  type PaymentMachine,
} from './payment/payment.machine.js';
export {
  type ApiActorInput,
  type BillingForm,
  type CheckoutLoad,
  type CheckoutOrder,
  type FindPaymentInput,
  type InitProviderInput,
  type LoadCheckoutInput,
  type PayActorInput,
  type PayAttempt,
  type PaymentApiLike,
  type PaymentChoice,
  type PaymentContext,
  type PaymentEvent,
  type PaymentInput,
  type PaymentJourneyEvent,
  type PaymentJourneyLike,
  type PaymentProviderLike,
  type PaymentStart,
  type PayResultLike,
  type PrepareCardInput,
  type ValidateReturnInput,
  type VoucherActorInput,
  type VoucherNoticeKey,
  type VoucherState,
} from './payment/payment.types.js';
export {
  clearPendingPayment,
  readPendingPayment,
  savePendingPayment,
} from './payment/payment.actors.js';
export {
  paymentFlowIs,
  connectPayment,
  type PaymentActorRef,
  type PaymentSnapshot,
  type PaymentFlowState,
  type PaymentApi,
} from './payment/payment.connect.js';
export {
  type AccountCheck,
  type CheckoutQuery,
  type JourneyEntryMode,
  type JourneyFlowType,
  type JourneyLoad,
  type JourneyPhase,
  type JourneyRefusal,
  type JourneyStep,
  type PurchaseJourneyContext,
  type PurchaseJourneyEvent,
  type PurchaseJourneyInput,
  type PurchaseJourneyRouteInput,
  JOURNEY_STEPS,
} from './purchaseJourney/purchaseJourney.types.js';
export {
  JourneyLoadError,
  purchaseJourneyMachine,
  type PurchaseJourneyMachine,
} from './purchaseJourney/purchaseJourney.machine.js';
export {
  connectPurchaseJourney,
  type PurchaseJourneyActorRef,
  type PurchaseJourneySnapshot,
  type PurchaseJourneyApi,
} from './purchaseJourney/purchaseJourney.connect.js';
export {
  readCheckoutQuery,
  queryWithLicence,
  journeyEntryMode,
  journeyInput,
  journeyPhases,
  phaseOf,
} from './purchaseJourney/purchaseJourney.input.js';
export { billingDetailsBody, paymentApiFromClient } from './payment/payment.client.js';
export {
  type AccountCards,
  type CardUpdateContext,
  type CardUpdateEvent,
  type CardUpdateFailure,
  type CardUpdateInput,
} from './cardUpdate/cardUpdate.types.js';
export { cardUpdateMachine, type CardUpdateMachine } from './cardUpdate/cardUpdate.machine.js';
export {
  connectCardUpdate,
  type CardUpdateActorRef,
  type CardUpdateSnapshot,
  type CardUpdateApi,
} from './cardUpdate/cardUpdate.connect.js';
export {
  type PasswordResetContext,
  type PasswordResetEvent,
  type PasswordResetInput,
  type PasswordResetMode,
} from './passwordReset/passwordReset.types.js';
export {
  type RequestResetActorInput,
  type ResetPasswordActorInput,
  passwordResetMachine,
  type PasswordResetMachine,
} from './passwordReset/passwordReset.machine.js';
export {
  connectPasswordReset,
  type PasswordResetSnapshot,
  type PasswordResetStatus,
  type PasswordResetApi,
} from './passwordReset/passwordReset.connect.js';
export {
  oncePerToken,
  exchangeMagicLinkOnce,
  type SendLinkActorInput,
  type ExchangeActorInput,
  magicLinkMachine,
  type MagicLinkMachine,
} from './magicLink/magicLink.machine.js';
export {
  type MagicLinkContext,
  type MagicLinkEvent,
  type MagicLinkInput,
} from './magicLink/magicLink.types.js';
export {
  connectMagicLink,
  type MagicLinkSnapshot,
  type MagicLinkStatus,
  type MagicLinkApi,
} from './magicLink/magicLink.connect.js';
export {
  type EmailConfirmationContext,
  type EmailConfirmationEvent,
  type EmailConfirmationInput,
} from './emailConfirmation/emailConfirmation.types.js';
export {
  confirmEmailOnce,
  type ConfirmActorInput,
  emailConfirmationMachine,
  type EmailConfirmationMachine,
} from './emailConfirmation/emailConfirmation.machine.js';
export {
  connectEmailConfirmation,
  type EmailConfirmationSnapshot,
  type EmailConfirmationStatus,
  type EmailConfirmationApi,
} from './emailConfirmation/emailConfirmation.connect.js';
export {
  createExchangeRegistry,
  readOidcPending,
  oidcFailureMessage,
  SSO_ERROR_KEY,
  SSO_STATE_MISMATCH_KEY,
  OIDC_PENDING_TTL_MS,
  PAGE_READY_PARAM,
  SKIP_EXCHANGE_PARAM,
  oidcPendingKey,
  OidcStateError,
  oidcSignInMachine,
  type OidcSignInMachine,
} from './oidcSignIn/oidcSignIn.machine.js';
export {
  type ExternalSignInKind,
  type OidcAuthUriActorInput,
  type OidcExchangeActorInput,
  type OidcExchangeRegistry,
  type OidcFailure,
  type OidcPending,
  type OidcSignInContext,
  type OidcSignInEvent,
  type OidcSignInInput,
} from './oidcSignIn/oidcSignIn.types.js';
export {
  connectOidcSignIn,
  type OidcSignInSnapshot,
  type OidcSignInPhase,
  type OidcSignInApi,
} from './oidcSignIn/oidcSignIn.connect.js';
export {
  createProviderSignInMachine,
  type ProviderLoginActorInput,
  pbrSignInMachine,
  sptvSignInMachine,
  type ProviderSignInMachine,
} from './providerSignIn/providerSignIn.machine.js';
export {
  type CredentialProvider,
  type ProviderSignInContext,
  type ProviderSignInEvent,
  type ProviderSignInField,
  type ProviderSignInInput,
} from './providerSignIn/providerSignIn.types.js';
export {
  connectProviderSignIn,
  type ProviderSignInSnapshot,
  type ProviderSignInApi,
} from './providerSignIn/providerSignIn.connect.js';
export {
  gigyaFailureMessage,
  gigyaSignIn,
  createGigyaSignInMachine,
  OPIN_STATE_KEY,
  OPIN_RETURN_REFUSED_KEY,
  PROVIDER_NOT_AVAILABLE_KEY,
  SIGN_IN_SCRIPT_LOAD_FAILED_KEY,
  exchangeOpinOnce,
  type TokenExchangeActorInput,
  opinSignInMachine,
  type OpinSignInMachine,
  type GigyaLoginActorInput,
  type GigyaScript,
  type SignInScriptFailure,
  gigyaSignInMachine,
  type GigyaSignInMachine,
} from './tokenSignIn/tokenSignIn.machine.js';
export {
  type OpinSignInInput,
  type OpinSignInContext,
  type OpinSignInEvent,
  type GigyaAccounts,
  type GigyaScriptLoader,
  type GigyaSignInField,
} from './tokenSignIn/tokenSignIn.types.js';
export {
  connectOpinSignIn,
  connectGigyaSignIn,
  type OpinSignInSnapshot,
  type OpinSignInPhase,
  type OpinSignInApi,
  type GigyaSignInSnapshot,
  type GigyaSignInApi,
} from './tokenSignIn/tokenSignIn.connect.js';
export {
  readSocialPending,
  sendSocialCredential,
  socialPendingKey,
  socialSignInMachine,
  type SocialSignInMachine,
} from './socialSignIn/socialSignIn.machine.js';
export {
  type SocialAuthRequest,
  type SocialAdapterResult,
  type SocialProviderAdapter,
  type SocialSignInInput,
  type SocialFailure,
  type SocialLinkOffer,
  type SocialSignInContext,
  type SocialSignInEvent,
  type SocialObtainActorInput,
  type SocialSignInActorInput,
  type SocialSignInResult,
  type SocialSignInOutput,
} from './socialSignIn/socialSignIn.types.js';
export {
  connectSocialSignIn,
  type SocialSignInSnapshot,
  type SocialSignInPhase,
  type SocialSignInApi,
} from './socialSignIn/socialSignIn.connect.js';
export {
  ACCOUNT_LINK_FAILED_KEY,
  accountLinkMachine,
  type AccountLinkMachine,
} from './accountLink/accountLink.machine.js';
export {
  type AccountLinkField,
  type AccountLinkInput,
  type AccountLinkContext,
  type AccountLinkEvent,
  type AccountLinkLoginInput,
  type AccountLinkLinkInput,
} from './accountLink/accountLink.types.js';
export {
  connectAccountLink,
  type AccountLinkSnapshot,
  type AccountLinkPhase,
  type AccountLinkApi,
} from './accountLink/accountLink.connect.js';
export {
  connectLinkedAccounts,
  type LinkedAccountsInput,
  type LinkedAccountsContext,
  type LinkedAccountsEvent,
  linkedAccountsMachine,
  type LinkedAccountsApi,
} from './accountLink/accountLink.linked.js';
export {
  type ImpersonationContext,
  type ImpersonationEvent,
  type ImpersonationExchangeInput,
  type ImpersonationInput,
} from './impersonation/impersonation.types.js';
export {
  exchangeImpersonationOnce,
  impersonationMachine,
  type ImpersonationMachine,
} from './impersonation/impersonation.machine.js';
export {
  connectImpersonation,
  type ImpersonationSnapshot,
  type ImpersonationApi,
} from './impersonation/impersonation.connect.js';
export {
  type FirebaseAuthPort,
  type FirebaseCredentials,
  type FirebaseSignInContext,
  type FirebaseSignInEvent,
  type FirebaseSignInInput,
  type FirebaseSocialProvider,
} from './firebaseSignIn/firebaseSignIn.types.js';
export {
  FIREBASE_LOGIN_ATTEMPT_KEY,
  type FirebaseSignUpActorInput,
  type FirebasePasswordActorInput,
  type FirebaseProviderActorInput,
  type FirebaseExchangeActorInput,
  firebaseSignInMachine,
  type FirebaseSignInMachine,
} from './firebaseSignIn/firebaseSignIn.machine.js';
export {
  connectFirebaseSignIn,
  type FirebaseSignInSnapshot,
  type FirebaseSignInPhase,
  type FirebaseSignInApi,
} from './firebaseSignIn/firebaseSignIn.connect.js';
export {
  adobeHostFor,
  requestAdobeRegcode,
  adobeRegistrationMachine,
  type AdobeRegistrationMachine,
} from './adobeRegistration/adobeRegistration.machine.js';
export {
  type AdobeHostFactory,
  type AdobeProviderData,
  type AdobeRegistrationInput,
  type AdobeRegistrationOutput,
  type AdobeRegistrationContext,
  type AdobeRegistrationEvent,
  type AdobeLoginActorInput,
  type RegisterClientActorInput,
  type RegcodeActorInput,
  type LoadConfigActorInput,
} from './adobeRegistration/adobeRegistration.types.js';
export {
  connectAdobeRegistration,
  type AdobeRegistrationSnapshot,
  type AdobeRegistrationPhase,
  type AdobeRegistrationApi,
} from './adobeRegistration/adobeRegistration.connect.js';
export {
  exchangeTvProviderSignIn,
  tvProviderSignInMachine,
  type TvProviderSignInMachine,
} from './tvProviderSignIn/tvProviderSignIn.machine.js';
export {
  type TvProviderSignInInput,
  type TvProviderSignInContext,
  type TvProviderSignInEvent,
  type TvExchangeActorInput,
} from './tvProviderSignIn/tvProviderSignIn.types.js';
export {
  connectTvProviderSignIn,
  type TvProviderSignInSnapshot,
  type TvProviderSignInPhase,
  type TvProviderSignInApi,
} from './tvProviderSignIn/tvProviderSignIn.connect.js';
export {
  connectLicenceRedirect,
  type LicenceRedirectInput,
  type LicenceRedirectContext,
  licenceRedirectMachine,
  type LicenceRedirectMachine,
  type LicenceRedirectApi,
} from './tvProviderSignIn/tvProviderSignIn.licence.js';
export {
  TV_PIN_MAX_POLL_FAILURES,
  TV_PIN_DEFAULT_INTERVAL_MS,
  tvDeviceLoginMachine,
  type TvDeviceLoginMachine,
  tvDevicePinMachine,
  type TvDevicePinMachine,
} from './tvDeviceLogin/tvDeviceLogin.machine.js';
export {
  type TvDeviceLoginInput,
  type TvDeviceLoginContext,
  type TvDeviceLoginEvent,
  type TvDevicePinInput,
  type TvDevicePinContext,
  type TvDevicePinEvent,
} from './tvDeviceLogin/tvDeviceLogin.types.js';
export {
  connectTvDeviceLogin,
  connectTvDevicePin,
  type TvDeviceLoginSnapshot,
  type TvDeviceLoginApi,
  type TvDevicePinSnapshot,
  type TvDevicePinApi,
} from './tvDeviceLogin/tvDeviceLogin.connect.js';
export { trackForLanguage, videoPlayerMachine, type VideoPlayerMachine } from './videoPlayer/videoPlayer.machine.js';
export {
  type VideoPlayerStatus,
  type VideoPlayerRendition,
  type VideoPlayerTrack,
  type VideoPlayerTracks,
  type VideoPlayerQuality,
  type VideoPlayerSubtitle,
  type VideoPlayerNextEpisode,
  type VideoPlayerInput,
  type VideoPlayerContext,
  type VideoPlayerEvent,
  type VideoPlayerCommand,
} from './videoPlayer/videoPlayer.types.js';
export {
  connectVideoPlayer,
  type VideoPlayerActorRef,
  type VideoPlayerSnapshot,
  type VideoPlayerApi,
} from './videoPlayer/videoPlayer.connect.js';
export {
  SEARCH_DEBOUNCE_MS,
  createSearchMachine,
  searchMachine,
  type SearchMachine,
} from './search/search.machine.js';
export {
  type SearchRequest,
  type SearchFunction,
  type PopularContentFunction,
  type SearchInput,
  type SearchContext,
  type SearchEvent,
  type SearchActorInput,
  type SearchActorOutput,
} from './search/search.types.js';
export {
  connectSearch,
  type SearchActorRef,
  type SearchSnapshot,
  type SearchStatus,
  type SearchApi,
} from './search/search.connect.js';
export { createCarouselMachine, carouselMachine, type CarouselMachine } from './carousel/carousel.machine.js';
export {
  type CarouselRequest,
  type CarouselFetch,
  type CarouselInput,
  type CarouselContext,
  type CarouselEvent,
} from './carousel/carousel.types.js';
export { connectCarousel, type CarouselActorRef, type CarouselSnapshot, type CarouselApi } from './carousel/carousel.connect.js';
export { watchlistEditorMachine, type WatchlistEditorMachine } from './watchlistEditor/watchlistEditor.machine.js';
export {
  type WatchlistContentRequest,
  type WatchlistEditorCalls,
  type WatchlistEditorInput,
  type WatchlistEditorList,
  type WatchlistEditorOperation,
  type WatchlistEditorContext,
  type WatchlistEditorEvent,
} from './watchlistEditor/watchlistEditor.types.js';
export {
  connectWatchlistEditor,
  watchlistEditorCalls,
  type WatchlistEditorActorRef,
  type WatchlistEditorSnapshot,
  type WatchlistEditorStatus,
  type WatchlistEditorApi,
} from './watchlistEditor/watchlistEditor.connect.js';
export { favouriteToggleMachine, type FavouriteToggleMachine } from './favouriteToggle/favouriteToggle.machine.js';
export {
  type SetFavouriteRequest,
  type SetFavouriteFunction,
  type FavouriteToggleInput,
  type FavouriteToggleContext,
  type FavouriteToggleEvent,
  type SetFavouriteActorInput,
} from './favouriteToggle/favouriteToggle.types.js';
export {
  connectFavouriteToggle,
  type FavouriteToggleActorRef,
  type FavouriteToggleSnapshot,
  type FavouriteToggleApi,
} from './favouriteToggle/favouriteToggle.connect.js';
export { historyReporterMachine, type HistoryReporterMachine } from './historyReporter/historyReporter.machine.js';
export {
  type HistoryReport,
  type HistoryReportRequest,
  type HistoryReportFunction,
  type HistoryReporterInput,
  type HistoryReporterContext,
  type HistoryReporterEvent,
  type HistoryReportActorInput,
} from './historyReporter/historyReporter.types.js';
export {
  connectHistoryReporter,
  type HistoryReporterSnapshot,
  type HistoryReporterApi,
} from './historyReporter/historyReporter.connect.js';
export { carouselCalls } from './carousel/carousel.calls.js';
export {
  historyRemovalsMachine,
  afterRemovals,
  type HistoryRemovalsMachine,
  type HistoryRemovalsInput,
  type HistoryRemovalsContext,
  type HistoryRemovalsEvent,
  type RemoveTitleActorInput,
} from './historyRemovals/historyRemovals.machine.js';
export { connectHistoryRemovals, type HistoryRemovalsSnapshot, type HistoryRemovalsApi } from './historyRemovals/historyRemovals.connect.js';
export { profilePickerMachine, type ProfilePickerMachine } from './profilePicker/profilePicker.machine.js';
export {
  type ListProfilesFunction,
  type ProfileSelection,
  type SelectProfileFunction,
  type ProfilePickerInput,
  type ProfilePickerOutput,
  type ProfilePickerContext,
  type ProfilePickerEvent,
} from './profilePicker/profilePicker.types.js';
export {
  connectProfilePicker,
  profilePickerCalls,
  type ProfilePickerActorRef,
  type ProfilePickerSnapshot,
  type ProfilePickerApi,
} from './profilePicker/profilePicker.connect.js';
export { profileEditorMachine, type ProfileEditorMachine } from './profileEditor/profileEditor.machine.js';
export {
  type CreateProfileFunction,
  type UpdateProfileFunction,
  type RemoveProfileFunction,
  type ProfileEditorInput,
  type ProfileDraft,
  type ProfileEditorOutput,
  type ProfileEditorContext,
  type ProfileEditorEvent,
} from './profileEditor/profileEditor.types.js';
export {
  connectProfileEditor,
  type ProfileEditorActorRef,
  type ProfileEditorSnapshot,
  type ProfileEditorApi,
} from './profileEditor/profileEditor.connect.js';
export { preferencesMachine, type PreferencesMachine } from './preferences/preferences.machine.js';
export {
  type ReadPreferencesFunction,
  type SavePreferencesFunction,
  type PreferencesInput,
  type PreferencesContext,
  type PreferencesEvent,
} from './preferences/preferences.types.js';
export {
  connectPreferences,
  type PreferencesActorRef,
  type PreferencesSnapshot,
  type PreferencesApi,
} from './preferences/preferences.connect.js';
export {
  pinPadMachine,
  type PinPadMachine,
  type PinPadInput,
  type PinPadContext,
  type PinPadEvent,
  type VerifyPinActorInput,
  type PinPadOutput,
  PIN_COUNTDOWN_STEP_MS,
} from './pinPad/pinPad.machine.js';
export { connectPinPad, type PinPadApi, type PinPadSnapshot, type PinPadStatus } from './pinPad/pinPad.connect.js';
export {
  parentalSettingsMachine,
  type ParentalSettingsMachine,
  type ParentalSettingsInput,
  type ParentalSettingsContext,
  type ParentalSettingsEvent,
  type SaveSettingsActorInput,
  type RemovePinActorInput,
  type SpendResetCodeActorInput,
  type ParentalSettingsAction,
  type ParentalSettingsMessage,
} from './parentalSettings/parentalSettings.machine.js';
export {
  connectParentalSettings,
  type ParentalSettingsApi,
  type ParentalSettingsSnapshot,
  type ParentalSettingsStep,
  type ParentalSettingsPadRef,
} from './parentalSettings/parentalSettings.connect.js';
export { streamLeaseMachine, type StreamLeaseMachine } from './streamLease/streamLease.machine.js';
export { type StreamHeartbeatAnswer, type StreamHeartbeatFunction, type StreamStopFunction, type StreamLeaseInput, type LostLease, type StreamLeaseContext, type StreamLeaseEvent, type StreamLeaseOutput } from './streamLease/streamLease.types.js';
export { connectStreamLease, type StreamLeaseSnapshot, type StreamLeaseApi } from './streamLease/streamLease.connect.js';
export type { GiftRedemptionInput, GiftRedemptionContext, GiftRedemptionEvent } from './giftRedemption/giftRedemption.types.js';
export { giftRedemptionMachine, type GiftRedemptionMachine, type RedeemGiftActorInput } from './giftRedemption/giftRedemption.machine.js';
export { connectGiftRedemption, type GiftRedemptionApi, type GiftRedemptionSnapshot } from './giftRedemption/giftRedemption.connect.js';
export { giftOrderMachine, type GiftOrderMachine, type GiftOrderInput, type GiftOrderContext, type GiftOrderEvent, type GiftOrderActorInput } from './giftOrder/giftOrder.machine.js';
export { connectGiftOrder, type GiftOrderApi, type GiftOrderSnapshot } from './giftOrder/giftOrder.connect.js';
export { multiViewMachine, reconcileMultiView, type MultiViewMachine } from './multiView/multiView.machine.js';
export { type MultiViewTileStatus, type MultiViewTilePlayer, type MultiViewInput, type MultiViewEvent, type MultiViewContext } from './multiView/multiView.types.js';
export { connectMultiView, type MultiViewSnapshot, type MultiViewTileView, type MultiViewApi } from './multiView/multiView.connect.js';
export { watchTogetherMachine, type WatchTogetherMachine, problemOf as watchTogetherProblemOf } from './watchTogether/watchTogether.machine.js';
export { type RoomStreamEvent, type WatchTogetherCalls, type WatchTogetherInput, type WatchTogetherProblem, type WatchTogetherContext, type WatchTogetherEvent } from './watchTogether/watchTogether.types.js';
export { watchTogetherPlatform } from './watchTogether/watchTogether.platform.js';
export { connectWatchTogether, type WatchTogetherSnapshot, type WatchTogetherStatus, type WatchTogetherApi } from './watchTogether/watchTogether.connect.js';
