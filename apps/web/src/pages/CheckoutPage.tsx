import { useState } from 'react';
import { useSearch } from 'wouter';
import { readCheckoutQuery } from '@stream/core/machines';
import { PurchaseJourney } from '../checkout/journey/PurchaseJourney';
import { useI18n } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { LoadingScreen } from '../components/StatusScreen';

/**
 * PURCHASE (`/purchase`, query `licenceId`, `from`, `entry=signup`; identity-and-routes.md §4,
 * commerce-and-account-data.md §2): once the session is known, runs the purchase journey with the
 * viewer as they are then (the journey loads the checkout context and the plans itself, and shows
 * `couldntLoadLicences` or `unknownError` with Retry when they fail).
 */
export default function CheckoutPage() {
  const { t } = useI18n();
  const { status, isSignedIn } = useSession();
  const search = useSearch();
  // The query the journey starts with; later changes (the chosen licence) are the journey's own.
  const [query] = useState(() => readCheckoutQuery(search));
  // The journey starts once the session is known (a guest, or the stored signed-in viewer).
  const [signedInAtStart, setSignedInAtStart] = useState<boolean | null>(null);
  if (signedInAtStart === null && (status === 'guest' || status === 'signedIn')) setSignedInAtStart(isSignedIn);
  useDocumentTitle(t('checkoutTitle'), t('appName'));

  if (signedInAtStart === null) return <LoadingScreen label={t('loadingCheckout')} />;
  return <PurchaseJourney query={query} signedIn={signedInAtStart} />;
}
