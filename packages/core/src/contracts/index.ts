/**
 * @stream/core/contracts: zod schemas of every platform call (request, response, error).
 * Types are `z.infer` of the schemas. Objects accept unknown extra fields.
 */
export * from './define.js';
export * from './error.js';
export * from './auth.js';
export * from './user.js';
export * from './labels.js';
export * from './countries.js';
export * from './licences.js';
export * from './content.js';
export * from './baskets.js';
export * from './checkout.js';
export * from './emailFlows.js';
export * from './openid.js';
export * from './realm.js';
export * from './social.js';
export * from './credentialProviders.js';
export * from './externalOAuth.js';
export * from './firebase.js';
export * from './adobe.js';

import * as auth from './auth.js';
import * as user from './user.js';
import * as labels from './labels.js';
import * as countries from './countries.js';
import * as licences from './licences.js';
import * as content from './content.js';
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

/** Every call contract by area, for the client and the sandbox. */
export const calls = {
  auth: { login: auth.login, signUp: auth.signUp, tokenRefresh: auth.tokenRefresh, guestCheckin: auth.guestCheckin, logout: auth.logout },
  user: { profile: user.getProfile },
  labels: { get: labels.getLabels },
  countries: { list: countries.getCountries },
  licences: {
    list: licences.getLicences,
    families: licences.getLicenceFamilies,
    mine: licences.getUserLicences,
    pause: licences.pauseLicence,
    resume: licences.resumeLicence,
    cancel: licences.cancelLicence,
    reactivate: licences.reactivateLicence,
    scheduleDowngrade: licences.scheduleDowngrade,
    cancelDowngrade: licences.cancelDowngrade,
    priceMigrationConsent: licences.consentPriceMigration,
  },
  promos: {
    verify: licences.verifyCancellationPromo,
    redeem: licences.redeemCancellationPromo,
    refuse: licences.refuseCancellationPromo,
  },
  content: { list: content.listContent, get: content.getContent, playback: content.getPlayback },
  baskets: {
    get: baskets.getBasket,
    put: baskets.putBasket,
    pay: baskets.payBasket,
    payCurrent: baskets.payCurrentBasket,
  },
  vouchers: { add: baskets.addVoucher, remove: baskets.removeVoucher, redeem: baskets.redeemVoucher },
  paymentMethods: { init: baskets.initPaymentMethod, validate: baskets.validatePaymentMethod },
  payments: {
    providers: baskets.getPaymentProviders,
    history: baskets.getPaymentHistory,
    attachDetails: baskets.attachPaymentDetails,
    attachDetailsWithBilling: baskets.attachPaymentDetailsWithBilling,
  },
  cards: {
    list: baskets.getCards,
    attachToLicence: baskets.attachCardToLicence,
    remove: checkout.deleteCard,
    setDefault: checkout.setDefaultCard,
  },
  checkout: { context: checkout.getCheckoutContext, saveBillingDetails: checkout.saveBillingDetails },
  processor: { tokens: checkout.createCardToken },
  passwordReset: { request: emailFlows.createPasswordReset, reset: emailFlows.resetPassword },
  magicLink: { request: emailFlows.requestMagicLink, exchange: emailFlows.exchangeMagicLink },
  emailConfirmation: { confirm: emailFlows.confirmEmail },
  openid: { authUri: openid.getOpenIdAuthUri, token: openid.exchangeOpenIdCode, logoutUri: openid.getOpenIdLogoutUri },
  realm: { settings: realm.getRealmSettings },
  social: {
    apple: social.signInWithApple,
    facebook: social.signInWithFacebook,
    google: social.signInWithGoogle,
    linkedAccounts: social.getLinkedAccounts,
    unlink: social.unlinkAccount,
  },
  credentialProviders: {
    pbr: credentialProviders.pbrLogin,
    sptv: credentialProviders.sptvLogin,
    opin: credentialProviders.opinLogin,
    gigya: credentialProviders.gigyaLogin,
  },
  externalOAuth: {
    authUri: externalOAuth.getExternalOAuthAuthUri,
    token: externalOAuth.exchangeExternalOAuthCode,
    logout: externalOAuth.externalOAuthLogout,
  },
  impersonation: { token: externalOAuth.exchangeImpersonationToken },
  firebase: { signUp: firebase.firebaseSignUp, signIn: firebase.firebaseSignIn },
  adobe: {
    user: adobe.adobeUserToken,
    token: adobe.adobeToken,
    regcode: adobe.adobeRegcode,
    regcodeV3: adobe.adobeRegcodeV3,
    entitlementSync: adobe.entitlementSync,
  },
  adobeHost: { register: adobe.adobeRegisterClient, config: adobe.adobeRequestorConfig },
  externalLicence: { token: adobe.externalLicenceToken },
  tvDevice: { createPin: adobe.createDevicePin, pollPin: adobe.pollDevicePin, confirmPin: adobe.confirmDevicePin },
} as const;
