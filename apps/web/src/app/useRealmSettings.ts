import type { ApiClient } from '@stream/core/api';
import type { RealmSettings } from '@stream/core/contracts';
import { useServices } from './context';
import { useResource, type Resource } from './useResource';

/** One request per API client and page load; a failed one is forgotten so that the next use asks again. */
const cache = new WeakMap<ApiClient, Promise<RealmSettings>>();

/** The realm's sign-in settings (`api.realm.settings()`), loaded once per page load and shared. */
export function realmSettingsOf(api: ApiClient): Promise<RealmSettings> {
  let pending = cache.get(api);
  if (!pending) {
    pending = api.realm.settings();
    cache.set(api, pending);
    pending.catch(() => cache.delete(api));
  }
  return pending;
}

/**
 * The realm's page-wide sign-in settings (identity-and-routes.md §3 "Auth provider", §6
 * self-registration) as a {@link Resource}: `{ selfRegistration, authProviders, magicLink,
 * requestAccessUri? }`. Shared by every page of the page load.
 */
export function useRealmSettings(): Resource<RealmSettings> {
  const { api } = useServices();
  return useResource(() => realmSettingsOf(api));
}
