/** @stream/core/api: the platform API client. */
export type * from './types.js';
export { createApiClient, NO_REFRESH_CALLS, type RefreshedTokens } from './client.js';
export * from './errors.js';
export { authEndpoints } from './auth.js';
export { userEndpoints } from './user.js';
export { labelsEndpoints } from './labels.js';
export { countriesEndpoints } from './countries.js';
export { licencesEndpoints } from './licences.js';
export { promosEndpoints } from './promos.js';
export { contentEndpoints } from './content.js';
export { basketsEndpoints, vouchersEndpoints } from './baskets.js';
export { cardsEndpoints, checkoutEndpoints, paymentMethodsEndpoints, paymentsEndpoints } from './payments.js';
export { createCardProcessor, type CardProcessor } from './processor.js';
export {
  DEFAULT_PASSWORD_RESET_PROVIDER,
  emailConfirmationEndpoints,
  magicLinkEndpoints,
  passwordResetEndpoints,
} from './emailFlows.js';
export { openidEndpoints, realmEndpoints } from './openid.js';
export { externalOAuthEndpoints, impersonationEndpoints } from './externalOAuth.js';
export { socialEndpoints } from './social.js';
export { credentialProvidersEndpoints } from './credentialProviders.js';
export { firebaseEndpoints } from './firebase.js';
export { adobeEndpoints, createAdobeHost, externalLicenceEndpoints, tvDeviceEndpoints, type AdobeHost, type AdobeHostOptions } from './adobe.js';
