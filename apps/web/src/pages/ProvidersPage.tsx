import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { matchRouteAnyLocale, readProvidersRoute, tvProviderEntry } from '@stream/core/domain';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { useRealmSettings } from '../app/useRealmSettings';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import { resolveTvProviders } from '../tv/resolveTvProviders';
import { TvProviderSignIn } from '../tv/TvProviderSignIn';

/**
 * PROVIDERS (`/providers/:result?/:device?`, query `provider` and `from`; identity-and-routes.md
 * §2 "Providers page", §4 "TV-provider sign-in"): loads the realm settings, picks the realm's
 * ADOBE / ADOBE_DCR entry (its `baseUri` resolved against the API base URL, then core's
 * `tvProviderEntry`, preferring the query's `provider`) and runs
 * the TV-operator sign-in ({@link TvProviderSignIn}). A failed settings load shows Retry.
 */
export default function ProvidersPage() {
  const { t, routeLocale } = useI18n();
  const { config } = useServices();
  const [location] = useLocation();
  const search = useSearch();
  const settings = useRealmSettings();
  // Bumped by the error's "Try again": a new flow (a new machine) even at the same address.
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(t('tvProvidersTitle'), t('appName'));

  if (settings.status === 'failed') {
    return (
      <div className="page">
        <ErrorScreen title={t('tvProvidersTitle')} message={t('anErrorOccured')} retryLabel={t('retry')} onRetry={settings.reload} />
      </div>
    );
  }
  if (!settings.data) return <LoadingScreen label={t('tvProvidersLoading')} />;
  const route = readProvidersRoute(matchRouteAnyLocale(location, routeLocale)?.params ?? {}, search);
  const provider = tvProviderEntry(resolveTvProviders(settings.data.authProviders, config.apiBaseUrl, window.location.href), route.provider);
  return (
    <TvProviderSignIn
      key={`${route.result ?? ''}:${route.device ?? ''}:${attempt}`}
      provider={provider}
      route={route}
      onRestart={() => setAttempt((n) => n + 1)}
    />
  );
}
