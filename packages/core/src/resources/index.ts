/**
 * @stream/core/resources: the resource layer, reads outside a flow (a rail, a title, the
 * account's cards) cached and shared, and invalidated by the mutations that change them.
 */
export {
  createResourceCache,
  DEFAULT_RESOURCE_RETRY,
  type ResourceCache,
  type ResourceCacheOptions,
  type ResourceKey,
  type ResourceKeyPart,
  type ResourceQuery,
  type ResourceRetry,
  type ResourceScope,
  type ResourceState,
} from './cache.js';
export { resetOnViewerChange, type ViewerSource } from './viewer.js';
export { createResources, type Resources } from './definitions.js';
export { contentItemKey, giftKey, RESOURCE_KEYS } from './keys.js';
export type { IdentityResources } from './identity.js';
export type { CardList, CommerceResources, GiftAnswer, GiftPlanList, LicenceList, PaymentHistory } from './commerce.js';
export type { CatalogueAnswer, CatalogueApi, CatalogueCall, CatalogueRequest, CatalogueResources, ContentList } from './catalogue.js';
export type { CountriesResources } from './countries.js';
export type { LibraryPageQuery, LibraryResources } from './library.js';
export type { PreferencesResources } from './preferences.js';
export type { HouseholdResources } from './household.js';
