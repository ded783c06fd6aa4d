import type { ApiClient } from '../api/types.js';
import type { ResourceCache } from './cache.js';
import { catalogueResources, type CatalogueResources } from './catalogue.js';
import { commerceResources, type CommerceResources } from './commerce.js';
import { countriesResources, type CountriesResources } from './countries.js';
import { householdResources, type HouseholdResources } from './household.js';
import { identityResources, type IdentityResources } from './identity.js';
import { libraryResources, type LibraryResources } from './library.js';
import { preferencesResources, type PreferencesResources } from './preferences.js';

/**
 * The resource definitions, by API area: each read is a `ResourceQuery` (its key and its load)
 * that a view watches through the cache (`useResource(resources.licences.mine())` in
 * `@stream/react`), and each mutation outside a flow runs through the cache and invalidates
 * exactly the keys it changes (`resources.cards.remove(cardId)`). Keys: `RESOURCE_KEYS`.
 */
export type Resources = IdentityResources & CommerceResources & CatalogueResources & CountriesResources & LibraryResources & PreferencesResources & HouseholdResources;

/**
 * The resource definitions over the platform client `api`, mutating through `cache` (the one
 * `createResourceCache()` of the page load, which views watch). Creating them costs nothing: no
 * call is made until a view watches a read or a mutation runs.
 */
export function createResources(api: ApiClient, cache: ResourceCache): Resources {
  return {
    ...identityResources(api),
    ...commerceResources(api, cache),
    ...catalogueResources(api),
    ...countriesResources(api),
    ...libraryResources(api, cache),
    ...preferencesResources(api, cache),
    ...householdResources(api, cache),
  };
}
