import { Link } from 'wouter';
import { hasLinkedTvProvider, loginProviderPath, tvProviderEntry } from '@stream/core/domain';
import { useI18n, useServices } from '../app/context';
import { useSession } from '../app/hooks';
import { useRealmSettings } from '../app/useRealmSettings';
import { resolveTvProviders } from './resolveTvProviders';

/**
 * The account page's TV provider card (identity-and-routes.md §2 "Providers page", §4 "Adobe
 * flows"): in a realm with a TV provider (core's `tvProviderEntry`, the `baseUri` resolved as the
 * PROVIDERS page does), a link to the PROVIDERS page that comes back to the account page: to
 * sign in with a TV operator and add its package, or,
 * when the sign-in found a linked Adobe account (core's `hasLinkedTvProvider` on the session's
 * linked accounts), to continue with it or unlink it there. Nothing while the realm settings
 * load, when they fail, or when the realm has no TV provider.
 */
export function TvProviderCard() {
  const { t, path, routeLocale } = useI18n();
  const { config } = useServices();
  const { linkedAccounts } = useSession();
  const settings = useRealmSettings();
  const provider = settings.data ? tvProviderEntry(resolveTvProviders(settings.data.authProviders, config.apiBaseUrl, window.location.href)) : null;
  // Back to this page (in the viewer's locale) once done.
  const href = provider ? loginProviderPath({ name: provider.kind }, `?${new URLSearchParams({ from: path('ACCOUNT') }).toString()}`, routeLocale) : null;
  if (!href) return null;
  const linked = hasLinkedTvProvider(linkedAccounts);
  return (
    <section className="card" aria-labelledby="tv-provider-card-title">
      <h2 id="tv-provider-card-title">{t('providerNameTv')}</h2>
      <p>{t(linked ? 'tvProviderCardLinked' : 'tvProviderCardText')}</p>
      <Link href={href} className="button button--secondary">
        {t(linked ? 'tvProviderManage' : 'tvProviderConnect')}
      </Link>
    </section>
  );
}
