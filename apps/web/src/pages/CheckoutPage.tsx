import { useState } from 'react';
import { useSearch } from 'wouter';
import type { ApiClient } from '@stream/core/api';
import { licenceFamiliesQuery } from '@stream/core/domain';
import { journeyInput, readCheckoutQuery, type CheckoutQuery } from '@stream/core/machines';
import { PurchaseJourney } from '../checkout/journey/PurchaseJourney';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { useResource } from '../app/useResource';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';

/**
 * The catalogue by family (`GET licence-family?includeEntitlements=ALL_ACTIVE_USER_ENTITLEMENTS`):
 * for a signed-in viewer the platform puts the account's active licences, with their status, in
 * place of the catalogue entries, so owned plans and downgrades are known from one answer.
 */
async function loadFamilies(api: ApiClient) {
  return (await api.licences.families({ query: licenceFamiliesQuery() })).licenceFamilies;
}

/**
 * PURCHASE (`/purchase`, query `licenceId`, `from`, `entry=signup`; identity-and-routes.md §4,
 * commerce-and-account-data.md §2): once the session is known, loads the checkout context (who
 * may buy, the consent terms) and the plans, then runs the purchase journey. Load failures show
 * `couldntLoadLicences` (plans) or `unknownError` (context), each with Retry.
 */
export default function CheckoutPage() {
  const { t } = useI18n();
  const { status } = useSession();
  const search = useSearch();
  // The query the journey starts with; later changes (the chosen licence) are the journey's own.
  const [query] = useState(() => readCheckoutQuery(search));
  // The journey starts once the session is known (a guest, or the stored signed-in viewer).
  const [sessionKnown, setSessionKnown] = useState(false);
  if (!sessionKnown && (status === 'guest' || status === 'signedIn')) setSessionKnown(true);
  useDocumentTitle(t('checkoutTitle'), t('appName'));

  if (!sessionKnown) return <LoadingScreen label={t('loadingCheckout')} />;
  return <CheckoutLoader query={query} />;
}

/** Loads what the journey needs, then starts it with the viewer as they are now. */
function CheckoutLoader({ query }: { query: CheckoutQuery }) {
  const { t } = useI18n();
  const { api } = useServices();
  const { isSignedIn, user } = useSession();
  // The plans are loaded again when the viewer changes (signed in during the journey): owned
  // plans and downgrades follow the account. The journey itself keeps running.
  const families = useResource(() => loadFamilies(api), `${isSignedIn}:${user?.id ?? ''}`);
  const context = useResource(() => api.checkout.context());
  const [signedInAtStart] = useState(isSignedIn);

  if (families.status === 'loading' || context.status === 'loading') return <LoadingScreen label={t('loadingCheckout')} />;
  if (families.status === 'failed' || !families.data) {
    return (
      <div className="page">
        <ErrorScreen title={t('plansTitle')} message={t('couldntLoadLicences')} retryLabel={t('retry')} onRetry={families.reload} />
      </div>
    );
  }
  if (context.status === 'failed' || !context.data) {
    return (
      <div className="page">
        <ErrorScreen title={t('checkoutTitle')} message={t('unknownError')} retryLabel={t('retry')} onRetry={context.reload} />
      </div>
    );
  }
  return (
    <PurchaseJourney
      input={journeyInput(query, signedInAtStart, context.data, families.data)}
      families={families.data}
      query={query}
    />
  );
}
