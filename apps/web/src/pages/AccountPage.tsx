import { useResource } from '@stream/react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { routeAccess } from '@stream/core/domain';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import Subscriptions from '../components/Subscriptions';
import Cards from '../payments/Cards';
import { PreferencesLink } from '../preferences/PreferencesLink';
import PaymentHistory from '../payments/PaymentHistory';
import LinkedAccounts from '../social/LinkedAccounts';
import { LibraryNav } from '../library/LibraryNav';
import { TvProviderCard } from '../tv/TvProviderCard';
import { ParentalControlSection } from '../household/ParentalControlSection';

/**
 * ACCOUNT: the signed-in user's details, subscriptions, payment methods (stored cards), payment history,
 * linked accounts and, in a realm with a TV provider, the way to the providers page
 * (commerce-and-account-data.md §3 "Account state"; identity-and-routes.md §2 "Providers page"). A guest is sent to LOGIN with `from` set to this page,
 * and comes back here after signing in (§2 "After sign-in completion").
 */
export default function AccountPage() {
  const { t, routeLocale } = useI18n();
  const { status, user } = useSession();
  const [pathname] = useLocation();
  const search = useSearch();
  useDocumentTitle(t('yourAccount'), t('appName'));

  if (status === 'loading') return <LoadingScreen label={t('loadingAccount')} />;
  const viewer = status === 'signedIn' && user ? 'signedIn' : 'guest';
  const access = routeAccess('ACCOUNT', viewer, pathname + (search ? `?${search}` : ''), routeLocale);
  if (access.kind === 'redirect' || !user) return <Redirect to={access.kind === 'redirect' ? access.path : '/'} replace />;
  return <AccountDetails key={user.id} />;
}

/** The account's details (`queries.user.profile()`) and its sections; a failure shows Retry. */
function AccountDetails() {
  const { t } = useI18n();
  const { queries } = useServices();
  const details = useResource(queries.user.profile());

  if (details.status === 'failed' || (details.status === 'ready' && !details.data)) {
    return (
      <div className="page">
        <ErrorScreen title={t('yourAccount')} message={t('accountLoadFailed')} retryLabel={t('retry')} onRetry={details.reload} />
      </div>
    );
  }
  if (!details.data) return <LoadingScreen label={t('loadingAccount')} />;

  const profile = details.data;
  const optional: Array<[string, string | null | undefined]> = [
    ['birthDate', profile.birthDate],
    ['phoneNumber', profile.phoneNumber],
    ['taxNumber', profile.taxNumber],
  ];
  return (
    <div className="page">
      <h1>{t('yourAccount')}</h1>
      <section className="card" aria-labelledby="account-details-title">
        <h2 id="account-details-title">{t('accountDetails')}</h2>
        <dl className="details">
          <dt>{t('name')}</dt>
          <dd>{profile.name}</dd>
          <dt>{t('email')}</dt>
          <dd>{profile.contactEmail}</dd>
          {optional.map(([key, value]) =>
            value ? (
              <FragmentRow key={key} term={t(key)} value={value} />
            ) : null,
          )}
        </dl>
      </section>
      <LibraryNav />
      <PreferencesLink />
      <Subscriptions />
      <Cards />
      <PaymentHistory />
      <LinkedAccounts />
      <TvProviderCard />
      <ParentalControlSection />
    </div>
  );
}

function FragmentRow({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd dir="auto">{value}</dd>
    </>
  );
}
