import type { AuthProvider } from '@stream/core/contracts';
import { useRealmSettings } from '../app/useRealmSettings';

/** The realm's entry of one provider kind, as it loads. */
export type RealmProviderEntry =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `entry` is undefined when the realm does not list the provider. */
  | { status: 'ready'; entry: AuthProvider | undefined };

/**
 * The realm settings' entry of provider kind `name` (identity-and-routes.md §3 "Auth provider"):
 * its extra fields (`baseUri` of OPIN, `scriptUrl` and `apiKey` of GIGYA) configure the sign-in.
 */
export function useRealmProvider(name: string): RealmProviderEntry {
  const settings = useRealmSettings();
  if (settings.status === 'ready' && settings.data) return { status: 'ready', entry: settings.data.authProviders.find((p) => p.name === name) };
  if (settings.status === 'failed') return { status: 'failed' };
  return { status: 'loading' };
}
