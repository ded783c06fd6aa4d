import type * as zc from 'zod/v4/core';
import type {
  Basket,
  BillingDetails,
  CallContract,
  CheckoutContext,
  Card,
  initPaymentMethodRequestSchema,
  PaymentDetails,
  PaymentHistoryItem,
  PaymentProvider,
  PayRequest,
  PayResponse,
  validatePaymentMethodRequestSchema,
  CancellationPromo,
  ContentItem,
  ContentType,
  CountriesResponse,
  Licence,
  LicenceFamily,
  Playback,
  PriceMigrationConsent,
  LabelsResponse,
  LoginRequest,
  LogoutRequest,
  LoginResponse,
  SignUpRequest,
  TokenRefreshResponse,
  UserProfile,
} from '../contracts/index.js';
import type { OpenIdAuthUri, OpenIdFlow, OpenIdLogoutUri, RealmSettings } from '../contracts/index.js';
import type { ExternalOAuthAuthUri, ImpersonationResponse } from '../contracts/index.js';
import type { AppleSignInRequest, FacebookSignInRequest, LinkedAccounts } from '../contracts/index.js';
import type { FirebaseSignInRequest, FirebaseSignUpRequest, FirebaseSignUpResponse } from '../contracts/index.js';
import type {
  AdobeRegcode,
  AdobeRegcodeV3,
  AdobeRegcodeV3Request,
  AdobeTokenRequest,
  AdobeUserRequest,
  DevicePin,
  DevicePinStatus,
  ExternalLicenceTokenResponse,
} from '../contracts/index.js';
import type { KeyValueStorage } from '../platform/types.js';

/** `primaryPaymentDetails` of `POST /api/v4/payment-method/init` (§7). */
export type PaymentMethodInit = zc.input<typeof initPaymentMethodRequestSchema>['primaryPaymentDetails'];
/** Body of `POST /api/v4/payment-method/validate`. */
export type PaymentMethodValidation = zc.input<typeof validatePaymentMethodRequestSchema>;

/** Options of the social sign-in calls ({@link ApiClient.social}). */
export interface SocialCallOptions {
  /** An ID account's access token, sent as `Authorization: Bearer` to link the provider to it (the conflict case). */
  bearer?: string;
}

/** Options of {@link ApiClient.baskets}' `pay`. */
export interface PayOptions {
  /**
   * Sent as the `Idempotency-Key` header: the platform charges at most once per key, so a retry
   * of the same attempt reuses it and a new attempt (another basket or card) takes a new one.
   * Required; an empty key raises `ContractError` before sending.
   */
  idempotencyKey: string;
  /** `?acknowledgeNoFreeTrial=true|false`: the buyer accepts that no free trial applies. */
  acknowledgeNoFreeTrial?: boolean;
}

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /** Platform base URL, for example `http://127.0.0.1:8787`. Paths start with `/api/...`. */
  baseUrl: string;
  /** Realm sent in the `Realm` header and the labels query. */
  realm: string;
  /** API key sent in the `x-api-key` header. */
  apiKey: string;
  /** Where tokens and the device id are kept (STORAGE_KEYS). */
  storage: KeyValueStorage;
  /** Fetch implementation. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** Locale sent in `Accept-Language`; can be a getter so that a language change applies at once. @default 'en' */
  locale?: string | (() => string);
}

/** Events the client emits to whoever holds the session (the session machine). */
export type ApiClientEvent =
  | { type: 'session.refreshed'; authorisationToken: string; refreshToken: string }
  | { type: 'session.expired' };

/**
 * The platform API client. Every method validates the answer against its contract and raises
 * `ApiError` (the platform answered an error) or `ContractError` (the answer broke the
 * contract); network failures raise `NetworkError`.
 */
export interface ApiClient {
  auth: {
    login(body: LoginRequest): Promise<LoginResponse>;
    signUp(body: SignUpRequest): Promise<LoginResponse>;
    /** Refreshes with the stored refresh token (single flight); stores and returns the new tokens. */
    refresh(): Promise<TokenRefreshResponse & { refreshToken: string }>;
    guestCheckin(): Promise<LoginResponse>;
    /** `POST /api/v2/logout`: ends this session (`{ refreshToken }`) or every one (`{ everywhere: true }`) server side. */
    logout(body: LogoutRequest): Promise<Record<string, unknown>>;
  };
  user: {
    profile(): Promise<UserProfile>;
  };
  labels: {
    get(): Promise<LabelsResponse>;
  };
  countries: {
    list(): Promise<CountriesResponse>;
  };
  /**
   * Licences (commerce-and-account-data.md §3 "Licence", §4, §7 "Licences"). Lifecycle calls
   * answer the account's licence as it now stands. Errors: `ApiError` (401 without a session,
   * 404 `NOT_FOUND` for a licence the account does not hold, 409 `CONFLICT` for an action its
   * state does not allow), `ContractError`, `NetworkError`.
   */
  licences: {
    /** `GET /api/v2/licence`: the realm's catalogue. */
    list(): Promise<{ licences: Licence[] }>;
    /**
     * `GET /api/v2/licence-family?includeEntitlements=ALL_ACTIVE_USER_ENTITLEMENTS`, with
     * `licenceId=<ids comma-joined>` when `licenceIds` is given and not empty.
     */
    families(options?: { licenceIds?: readonly string[] }): Promise<{ licenceFamilies: LicenceFamily[] }>;
    /** `GET /api/v2/user/licence` (bearer required): the account's licences with status and payment. */
    mine(): Promise<{ licences: Licence[] }>;
    /**
     * `POST /api/v2/active-licences/{id}/pause`; `resumeAfter` (ISO 8601 date-time) is sent as
     * `config.resumeAfter`, no body config otherwise.
     */
    pause(id: string, options?: { resumeAfter?: string }): Promise<{ licence: Licence }>;
    /** `POST /api/v2/active-licences/{id}/resume`, empty body. */
    resume(id: string): Promise<{ licence: Licence }>;
    /**
     * `DELETE /api/v2/active-licences/{id}`; `ignoreDiscount: true` adds
     * `cancellationDiscount=IGNORE` (cancel without the cancellation promo).
     */
    cancel(id: string, options?: { ignoreDiscount?: boolean }): Promise<{ licence: Licence }>;
    /** `PUT /api/v2/reactivate-licence/{id}`: a cancelled licence renews again. */
    reactivate(id: string): Promise<{ licence: Licence }>;
    /**
     * `POST /api/v2/active-licences/{id}/downgrade { licenceId }`: held licence `id` becomes
     * `licenceId` (same family, lower rank) at the end of its period (docs/api.md "Plan changes").
     */
    scheduleDowngrade(id: string, licenceId: string): Promise<{ licence: Licence }>;
    /** `DELETE /api/v2/active-licences/{id}/downgrade`: withdraws the scheduled downgrade. */
    cancelDowngrade(id: string): Promise<{ licence: Licence }>;
    /** `PUT /api/v2/price-migration/{migrationId}/consent`, body `{ status }` (§4 "Price migration consent"). */
    priceMigrationConsent(migrationId: string, status: PriceMigrationConsent): Promise<{ licence: Licence }>;
  };
  /** The cancellation promo of an account's licence (§7 "Licences"): verify, redeem, refuse. */
  promos: {
    /** `GET /api/v2/cancellation-promo/{licenceId}/verify`: whether a discount to stay is offered. */
    verify(licenceId: string): Promise<CancellationPromo>;
    /** `POST /api/v2/cancellation-promo/{licenceId}/redeem`: the discount applies, the licence stays. */
    redeem(licenceId: string): Promise<{ licence: Licence }>;
    /** `POST /api/v2/cancellation-promo/{licenceId}/refuse`: the offer is declined; cancel separately. */
    refuse(licenceId: string): Promise<Record<string, unknown>>;
  };
  /**
   * Content and playback (this project's calls, docs/api.md). Errors: `ApiError` 404
   * `NOT_FOUND` for an unknown item, 403 `LICENCE_REQUIRED` from `playback` when no licence of
   * the viewer grants the item.
   */
  content: {
    /** `GET /api/v2/content`: the catalogue of videos and live events. */
    list(): Promise<{ items: ContentItem[] }>;
    /** `GET /api/v2/content/{type}/{id}`: one item. */
    get(type: ContentType, id: string): Promise<ContentItem>;
    /** `GET /api/v2/playback/{type}/{id}`: a short-lived playable source `{ url, mimeType, expiresAt? }`. */
    playback(type: ContentType, id: string): Promise<Playback>;
  };
  /**
   * The basket (commerce-and-account-data.md §3 "Basket", §7 "Baskets and payments"). Basket
   * calls answer `{ id, basketItems [{ sku, subscriptionSetting }], amounts { total, currency,
   * scale, vouchers, tax, discountedTax, subTotal, discountedTotal, isTaxInclusive,
   * isTaxRateEstimated } }`, amounts in minor units. Errors (§8): `ApiError` 401 without a
   * session; 404 for an unknown licence or basket; 409 `CONFLICT` with `freeTrialDenied` when
   * the licence's free trial is refused and `acknowledgeNoFreeTrial` is not `true`; from `pay`,
   * 424 `BASKET_REQUIREMENTS_FAILED` with the missing fields in `ApiError.details.missingFields`
   * and 402 card codes (`card_declined`, `insufficient_funds`, `expired_card`, `incorrect_cvc`,
   * `processing_error`, `incorrect_number`) with the server message; `ContractError`;
   * `NetworkError`.
   */
  baskets: {
    /** `GET /api/v2/customer/basket`: the viewer's current basket. */
    get(): Promise<Basket>;
    /**
     * `PUT /api/v2/baskets/{licenceId}`: the basket now holds that licence; with
     * `?acknowledgeNoFreeTrial=true|false` when the option is given.
     */
    put(licenceId: string, options?: { acknowledgeNoFreeTrial?: boolean }): Promise<Basket>;
    /**
     * `POST /api/v2/customer/baskets/pay/{basketId}` (`basketId` null: `…/pay/`, the current
     * basket) with the `Idempotency-Key` header and body `{ paymentArrangement: {
     * primaryPaymentDetailsAttributes: { paymentDetailsExternalId?, targetPaymentProvider,
     * paymentMethodType } }, consent? }`. Answers `{ status: SUCCEEDED | REQUIRES_ACTION |
     * PENDING | FAILED, paymentId, redirectUrl?, licenceId? }`; the same key answers the same
     * payment and never charges twice. Never retried by the client.
     */
    pay(basketId: string | null, body: PayRequest, options: PayOptions): Promise<PayResponse>;
  };
  /**
   * Vouchers (§7; §5 "Voucher code is URL-encoded before sending. A licence voucher is applied
   * with licenceId only when it is an integer"). Errors: `ApiError` 401; 404 for an unknown code
   * (or, on `remove`, one not in the basket); 409 for a voucher that does not apply;
   * `ContractError` for an empty, `.` or `..` code (nothing is sent); `NetworkError`.
   */
  vouchers: {
    /** `PUT /api/v2/baskets/vouchers/{code}` (code URL-encoded, one path segment): the basket with the voucher. */
    add(code: string): Promise<Basket>;
    /** `DELETE /api/v2/baskets/vouchers/{code}`: the basket without it. */
    remove(code: string): Promise<Basket>;
    /**
     * `POST /api/v2/promotions/voucher/redeem`, body `{ voucherCode, licenceId? }` from the
     * domain's `voucherRedeemBody`: `licenceId` only when it is an integer (`'42'` → 42, `'abc'`
     * left out). Answers `{ redeemed }`.
     */
    redeem(code: string, licenceId?: string | number | null): Promise<{ redeemed: boolean }>;
  };
  /**
   * Payment methods (§3 "Payment details", §7, v4 paths). Answer payment details
   * `{ paymentDetailsExid, targetPaymentProvider, paymentProviderType?, paymentMethodDetails?,
   * redirectUrl? }`. Errors: `ApiError` 401; 400 for an unknown provider or token; 402 card codes
   * (§8); `ContractError`; `NetworkError`.
   */
  paymentMethods: {
    /**
     * `POST /api/v4/payment-method/init`, body `{ primaryPaymentDetails: details }`:
     * `{ targetPaymentProvider, paymentMethodType, token?, returnUrl? }`; `token` is the card
     * processor's token (card numbers never reach the platform), `returnUrl` where a
     * redirecting provider sends the payer back.
     */
    init(details: PaymentMethodInit): Promise<PaymentDetails>;
    /** `POST /api/v4/payment-method/validate`, body `{ paymentDetailsExid, redirectStatus? }`, after a redirect. */
    validate(body: PaymentMethodValidation): Promise<PaymentDetails>;
  };
  /**
   * Payment providers, history and payment details per licence (§3, §7; the providers and
   * history paths are this project's). Errors: `ApiError` 401; 404 for a licence or payment
   * details the account does not hold; 424 `BASKET_REQUIREMENTS_FAILED` with
   * `details.missingFields` from `attachDetails`; `ContractError`; `NetworkError`.
   */
  payments: {
    /**
     * `GET /api/v2/payment-providers`: `{ providers [{ providerType, paymentMethodType,
     * paymentProviderId, paymentProviderGroupType?, hasVouchers? }] }`.
     */
    providers(): Promise<{ providers: PaymentProvider[] }>;
    /**
     * `GET /api/v2/customer/payments`: `{ items [{ id, when, skuLicence?, skus?, sku?, itemType?,
     * status, externalPaymentId?, refunds? }] }` (§3 "Payment history item").
     */
    history(): Promise<{ items: PaymentHistoryItem[] }>;
    /**
     * `POST /api/v2/licence/{licenceId}/payment-details/{paymentDetailsId}`, no body; with
     * `billingDetails: true`, the `/billing-details` suffix. Answers `{}`.
     */
    attachDetails(
      licenceId: string,
      paymentDetailsId: string,
      options?: { billingDetails?: boolean },
    ): Promise<Record<string, unknown>>;
  };
  /**
   * Stored cards (§3 "Card", §7; the list path is this project's): never the number, only
   * brand, last four digits, holder and expiry. Errors: `ApiError` 401; 404 for a card or licence
   * the account does not hold; 424 `BASKET_REQUIREMENTS_FAILED` with `details.missingFields` when
   * `checkBillingDetails` finds missing fields; `ContractError`; `NetworkError`.
   */
  cards: {
    /**
     * `GET /api/v2/customer/cards`: `{ cards [{ cardId, cardType?, last4Digits?, cardHolder?,
     * paymentMethodType?, default?, expiryMonth?, expiryYear?, licences? }] }`.
     */
    list(): Promise<{ cards: Card[] }>;
    /**
     * `POST /api/v2/licences/{licenceId}/card/{cardId}`, empty body, with
     * `?checkBillingDetails=true|false` when the option is given: the licence renews on that card.
     * Answers `{}`.
     */
    attachToLicence(
      licenceId: string,
      cardId: string,
      options?: { checkBillingDetails?: boolean },
    ): Promise<Record<string, unknown>>;
    /** `DELETE /api/v2/customer/cards/{cardId}` (this project's path): removes the card. Answers `{}`. */
    remove(cardId: string): Promise<Record<string, unknown>>;
    /** `PUT /api/v2/customer/cards/{cardId}/default` (this project's path): answers the card, now the default. */
    setDefault(cardId: string): Promise<Card>;
  };
  /**
   * The checkout's own calls (this project's paths, docs/api.md "Checkout"). Errors: `ApiError`
   * 401 (saveBillingDetails without a session), 400 for a malformed value; `ContractError` for a
   * body that breaks the contract (nothing is sent); `NetworkError`.
   */
  checkout: {
    /**
     * `GET /api/v2/checkout/context` (guests too): `{ country, isChildProfile,
     * inAllowedTerritory, onVpn, realmAllowsVpn, purpose, consentTerms, fields }`, what the
     * journey needs for the domain's `purchaseBlockReason`, consent and restricted-field rules.
     */
    context(): Promise<CheckoutContext>;
    /**
     * `PUT /api/v2/customer/billing-details`, body `{ country?, address?, birthDate?
     * (YYYY-MM-DD), taxNumber?, phoneNumber? (E.164) }`: stores the billing details a 424 asked
     * for. Answers what is stored.
     */
    saveBillingDetails(details: BillingDetails): Promise<{ address?: Record<string, string> }>;
  };
  /**
   * Password reset (identity-and-routes.md §4 "Password reset", §7; docs/api.md "Email flows").
   * Sent without a bearer. Errors: `ApiError` (404 `NOT_FOUND` `invalidResetToken` for an
   * unknown, used or expired token; 400 with the password rule's key `passwordTooShort` or
   * `passwordTooLong`), `ContractError` (an empty value: nothing is sent), `NetworkError`.
   */
  passwordReset: {
    /**
     * `POST /api/v2/reset-password/create { id: email, provider }` (`provider` default `'ID'`):
     * answers `{}` whether or not the account exists; a known one gets the reset email.
     */
    request(email: string, provider?: string): Promise<Record<string, unknown>>;
    /** `PUT /api/v2/reset-password { token, secret }`: the new password; answers `{}`. */
    reset(token: string, secret: string): Promise<Record<string, unknown>>;
  };
  /**
   * Magic link (identity-and-routes.md §4 "Magic link", §7). Sent without a bearer. Errors:
   * `ApiError` (404 `NOT_FOUND` for an unknown, used or expired token), `ContractError`,
   * `NetworkError`.
   */
  magicLink: {
    /** `GET /api/v2/token/alt/magic-email?email=`: answers `{}` whether or not the account exists. */
    request(email: string): Promise<Record<string, unknown>>;
    /** `POST /api/v2/token/alt/magic-email { token }`: the session's tokens, as `POST /login` answers. */
    exchange(token: string): Promise<LoginResponse>;
  };
  /**
   * Email confirmation (this project's call, docs/api.md "Email flows"). Sent without a bearer.
   * Errors: `ApiError` (404 `NOT_FOUND` for an unknown, used or expired token), `ContractError`,
   * `NetworkError`.
   */
  emailConfirmation: {
    /** `POST /api/v2/user/email-confirmation { token }`: answers the confirmed `{ email }`. */
    confirm(token: string): Promise<{ email: string }>;
  };
  /**
   * OpenID Connect sign-in through a realm client named `client` (identity-and-routes.md §4
   * "Generic external OAuth or OpenID", §7). Sent without a bearer. Errors: `ApiError` (404
   * `NOT_FOUND` for a client the realm does not have; 409 `CONFLICT` from `token` when the state
   * is unknown, expired or already used; 400 when the provider refuses the code), `ContractError`,
   * `NetworkError`.
   */
  openid: {
    /**
     * `GET /api/v2/openid/{client}/auth-uri?authoriseUriFlow=SIGNIN|SIGNUP[&redirectUri=]`: the
     * provider's authorisation address `{ authorisationUri, silentAuthorisationUri? }`, whose query
     * holds the `state` the platform keeps (with the PKCE verifier and nonce) for the exchange.
     */
    authUri(client: string, flow: OpenIdFlow, options?: { redirectUri?: string }): Promise<OpenIdAuthUri>;
    /** `POST /api/v2/openid/{client}/token { authorisationCode: code, state }`: the session's tokens. */
    token(client: string, body: { code: string; state: string }): Promise<LoginResponse>;
    /** `GET /api/v2/openid/{client}/logout-uri`: `{ logoutUri }`, the provider's end-session address. */
    logoutUri(client: string): Promise<OpenIdLogoutUri>;
  };
  /** The realm's page-wide sign-in settings (this project's call, docs/api.md). No bearer. */
  realm: {
    /** `GET /api/v2/realm/settings`: `{ selfRegistration, authProviders [{ name, clientName?, displayName?, logoUri? }], magicLink }`. */
    settings(): Promise<RealmSettings>;
  };
  /**
   * Generic external OAuth sign-in through the realm provider `provider` (its `clientName`;
   * identity-and-routes.md §4 "Generic external OAuth or OpenID", §7 "{ext-oauth-route}", here
   * `/api/v2/oauth/{provider}`). Sent without a bearer. Errors: `ApiError` (404 `NOT_FOUND` for a
   * provider the realm does not have; 409 `CONFLICT` from `token` when the state is unknown,
   * expired or already used; 400 when the provider refuses the code), `ContractError`, `NetworkError`.
   */
  externalOAuth: {
    /**
     * `GET /api/v2/oauth/{provider}/auth-uri[?extraParams=][&redirectUri=]`: `{ authorisationUri }`,
     * whose query holds the `state` the platform keeps (with the PKCE verifier) for the exchange;
     * `extraParams` (`name=value&…`) is passed on to the provider.
     */
    authUri(provider: string, options?: { extraParams?: string; redirectUri?: string }): Promise<ExternalOAuthAuthUri>;
    /** `POST /api/v2/oauth/{provider}/token { authorisationCode: code, state }`: the session's tokens. */
    token(provider: string, body: { code: string; state: string }): Promise<LoginResponse>;
    /** `POST /api/v2/oauth/{provider}/logout { refreshToken }`: revokes the session; answers `{}` (§7: a failure is only logged). */
    logout(provider: string, refreshToken: string): Promise<Record<string, unknown>>;
  };
  /**
   * Impersonation (identity-and-routes.md §6; this project's call, docs/api.md "Impersonation").
   * No bearer. Errors: `ApiError` 404 `NOT_FOUND` for an unknown, used or expired token,
   * `ContractError`, `NetworkError`.
   */
  impersonation: {
    /** `POST /api/v2/impersonation/token { impersonationToken }`: the user's tokens, `impersonated: true`. */
    exchange(token: string): Promise<ImpersonationResponse>;
  };
  /**
   * Apple, Google and Facebook sign-in and the account's linked providers (identity-and-routes.md
   * §4 "Social sign-in", §7; docs/api.md "Social sign-in"). The sign-in calls answer the login
   * tokens with `linkedAccounts`; they send no session bearer, only `options.bearer` (the ID
   * account's token in the conflict case: the platform then links the provider to that account).
   * Errors: `ApiError` (409 `CONFLICT` with `details { provider, email }` when an ID account has
   * the provider's email, 409 `cannotLinkAccount` when linking is not possible, 400 for a refused
   * credential, 404 for a provider the realm lacks or a link the account lacks, 401 without a
   * session on `linkedAccounts`/`unlink`), `ContractError`, `NetworkError`.
   */
  social: {
    /** `POST /api/v2/login/apple-id { code, nonce, callbackUri }`. */
    apple(body: AppleSignInRequest, options?: SocialCallOptions): Promise<LoginResponse>;
    /** `POST /api/v2/login/social/facebook { code, redirectUri? }`. */
    facebook(body: FacebookSignInRequest, options?: SocialCallOptions): Promise<LoginResponse>;
    /** `POST /api/v2/login/social/google { idToken }`. */
    google(body: { idToken: string }, options?: SocialCallOptions): Promise<LoginResponse>;
    /** `GET /api/v2/user/linked-accounts` (bearer required): `{ linkedAccounts [{ provider, email?, linkedAt? }] }`. */
    linkedAccounts(): Promise<LinkedAccounts>;
    /** `DELETE /api/v2/user/linked-accounts/{provider}` (bearer required): the remaining links. */
    unlink(provider: string): Promise<LinkedAccounts>;
  };
  /**
   * Sign-in with the id/secret, token and script providers (identity-and-routes.md §1 "PBR, SPTV,
   * OPIN, GIGYA", §7; docs/api.md). Sent without a bearer; each answers the tokens of `POST /login`.
   * Errors: `ApiError` (404 `NOT_FOUND` `invalidCredentials` for a wrong id or secret, whether or
   * not the account exists; 401 `UNAUTHORIZED` for an unknown, used or expired OPIN token or a
   * GIGYA token that fails verification; 400 for a malformed body), `ContractError`, `NetworkError`.
   */
  credentialProviders: {
    /** `POST /api/v2/login/auth-provider/pbr { id, secret }`. */
    pbr(credentials: { id: string; secret: string }): Promise<LoginResponse>;
    /** `POST /api/v2/login/sptv { id, secret }`. */
    sptv(credentials: { id: string; secret: string }): Promise<LoginResponse>;
    /** `POST /api/v1/opin-auth { opinAuthToken }`: the single-use token the OPIN portal sent back. */
    opin(opinAuthToken: string): Promise<LoginResponse>;
    /** `POST /api/v2/login/auth-provider/gigya { idToken }`: the JWT the GIGYA script answered. */
    gigya(idToken: string): Promise<LoginResponse>;
  };
  /**
   * Firebase sign-in, the platform side (identity-and-routes.md §4 "Firebase", §7; docs/api.md
   * "Firebase"). Sent without a bearer. Errors: `ApiError` (409 `emailAlreadyInUse`, 403
   * `selfRegistrationDisabled`, 401 for a Firebase token that does not verify, 400 for a bad body,
   * 503 when Firebase is not available), `ContractError`, `NetworkError`.
   */
  firebase: {
    /** `POST /api/v1/firebase-auth/signup { username, password, consentAnswers, appCheckToken? }`: creates the Firebase user and the account; `{ uid? }`. */
    signUp(body: FirebaseSignUpRequest): Promise<FirebaseSignUpResponse>;
    /** `POST /api/v1/firebase-auth { firebaseAuthToken, firebaseRefreshToken }`: the session's tokens. */
    signIn(body: FirebaseSignInRequest): Promise<LoginResponse>;
  };
  /**
   * Adobe Pass, the platform side (identity-and-routes.md §4 "Adobe flows", "TV-provider sign-in",
   * §7; docs/api.md "Adobe Pass and TV"). The bearer is sent when one is stored (a signed-in
   * viewer's regcode and sign-in link Adobe to the account). Errors: `ApiError` (400 from a regcode
   * call: the flow retries once; 400 or 412 from `user`/`token`: the picker restarts on a first
   * attempt; 401, 403, 409 mapped by the domain's `tvProviderFailure`), `ContractError`, `NetworkError`.
   */
  adobe: {
    /** `POST /api/v2/user/adobe { requestorId, resourceId }` (Primetime): the session's tokens. */
    user(body: AdobeUserRequest): Promise<LoginResponse>;
    /** `POST /api/v3/adobe/token { requestorId, clientId, clientSecret, accessToken }` (DCR): the session's tokens. */
    token(body: AdobeTokenRequest): Promise<LoginResponse>;
    /** `POST /api/v2/adobe/{requestorId}/regcode`, empty body (Primetime): `{ code }`. */
    regcode(requestorId: string): Promise<AdobeRegcode>;
    /** `POST /api/v3/adobe/regcode { requestorId, clientId, clientSecret }` (DCR): `{ accessToken, code }`. */
    regcodeV3(body: AdobeRegcodeV3Request): Promise<AdobeRegcodeV3>;
    /** `POST /api/v1/entitlement-sync { refreshToken }` (bearer required): `{ licenceIds? }`, the operator's licences granted. */
    entitlementSync(refreshToken: string): Promise<{ licenceIds?: string[] | undefined }>;
  };
  /**
   * Device PIN login (TV_LOGIN; this project's calls, docs/api.md "Adobe Pass and TV"). Errors:
   * `ApiError` (404 `NOT_FOUND` for an unknown, expired or used PIN or anchor; 401 or 403 on
   * `confirmPin` without a signed-in session), `ContractError` (a malformed PIN: nothing is sent),
   * `NetworkError`.
   */
  tvDevice: {
    /** `POST /api/v2/device/pin {}` (the TV, no bearer): `{ pin, anchor, expiresAt, pollIntervalSeconds? }`. */
    createPin(): Promise<DevicePin>;
    /** `GET /api/v2/device/pin/{anchor}` (the TV, no bearer): `pending`, `confirmed` with the TV's tokens, or `expired`. */
    pollPin(anchor: string): Promise<DevicePinStatus>;
    /** `POST /api/v2/device/pin/confirm { pin }` (the signed-in viewer's bearer): answers `{}`. */
    confirmPin(pin: string): Promise<Record<string, unknown>>;
  };
  /**
   * The external licence provider of the LICENCE_REDIRECT page (commerce-and-account-data.md §2,
   * identity-and-routes.md §7; route `/api/v2/external-licence`). No bearer. Errors: `ApiError`
   * 404 for an unknown, used or expired code, `ContractError`, `NetworkError`.
   */
  externalLicence: {
    /** `POST /api/v2/external-licence/token { authorisationCode }`: `{ licenceIds?, redirectTo? }`. */
    token(authorisationCode: string): Promise<ExternalLicenceTokenResponse>;
  };
  /** Subscribes to session events; returns the unsubscribe function. */
  subscribe(listener: (event: ApiClientEvent) => void): () => void;
}

/** Input of a contract's optional schema: the schema's input type, or `never` when the call has none. */
type SchemaInput<T> = T extends zc.$ZodType ? zc.input<T> : never;

/** Options of {@link HttpApiClient.request}: JSON body, query and `:param` path values. */
export interface RequestOptions<C extends CallContract = CallContract> {
  /** JSON body, validated with `contract.body` before sending. */
  body?: SchemaInput<C['body']>;
  /** Query parameters, validated with `contract.query` when the contract has one. */
  query?: SchemaInput<C['query']>;
  /** Values of the `:name` segments of `contract.path`; URL-encoded. */
  params?: Record<string, string | number>;
  /**
   * Extra headers of this call, for example `Idempotency-Key` on a payment. The client's own
   * headers (API key, realm, language, device id, bearer) take precedence.
   */
  headers?: Readonly<Record<string, string>>;
}

/**
 * The client {@link createApiClient} returns: {@link ApiClient} plus the generic `request` that
 * every endpoint module uses, for calls that have no endpoint method yet.
 */
export interface HttpApiClient extends ApiClient {
  /**
   * Sends one call of the contract and returns its answer parsed with `contract.response`.
   * Throws `ContractError` (bad request input or answer), `ApiError` (non-2xx) or `NetworkError`.
   */
  request<C extends CallContract>(contract: C, options?: RequestOptions<C>): Promise<zc.output<C['response']>>;
}
