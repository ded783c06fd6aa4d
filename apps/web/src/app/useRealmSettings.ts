import type { RealmSettings } from '@stream/core/contracts';
import { useResource, type ResourceView } from '@stream/react';
import { useServices } from './context';

/**
 * The realm's page-wide sign-in settings (identity-and-routes.md §3 "Auth provider", §6
 * self-registration) as a {@link ResourceView}: `{ selfRegistration, authProviders, magicLink,
 * requestAccessUri? }`. The resource `queries.realm.settings()`: loaded once per page load and
 * shared by every page, kept when the viewer changes; a failed load is tried again by the next view.
 */
export function useRealmSettings(): ResourceView<RealmSettings> {
  const { queries } = useServices();
  return useResource(queries.realm.settings());
}
