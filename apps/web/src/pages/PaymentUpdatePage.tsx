import { Redirect, useLocation, useSearch } from 'wouter';
import { matchRouteAnyLocale, routeAccess, signInPath } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { LoadingScreen } from '../components/StatusScreen';
import { CardUpdate } from '../payments/CardUpdate';

/**
 * PAYMENT_UPDATE (`/payment-update/:licenceId`, identity-and-routes.md §2 route table;
 * commerce-and-account-data.md §7 `POST licences/{licenceId}/card/{cardId}`): choose which stored
 * card pays for one of the viewer's licences. Signed-in only: a guest goes to LOGIN with `from`
 * set to this page and comes back after signing in (§2 "After sign-in completion").
 */
export default function PaymentUpdatePage() {
  const { t, routeLocale } = useI18n();
  const { status, user } = useSession();
  const [pathname] = useLocation();
  const search = useSearch();
  useDocumentTitle(t('changePaymentCard'), t('appName'));

  if (status === 'loading') return <LoadingScreen label={t('loading')} />;
  const here = pathname + (search ? `?${search}` : '');
  const viewer = status === 'signedIn' && user ? 'signedIn' : 'guest';
  const access = routeAccess('PAYMENT_UPDATE', viewer, here, routeLocale);
  if (access.kind === 'redirect') return <Redirect to={access.path} replace />;
  // Core's routeAccess lists ACCOUNT only as signed-in; this page shows account data too.
  if (viewer === 'guest' || !user) return <Redirect to={signInPath(here, routeLocale)} replace />;

  const licenceId = matchRouteAnyLocale(pathname, routeLocale)?.params.licenceId ?? '';
  return <CardUpdate key={`${user.id}:${licenceId}`} licenceId={licenceId} />;
}
