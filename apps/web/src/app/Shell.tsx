import { lazy, Suspense, useEffect, useRef } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { buildPath, matchRouteAnyLocale, signInPath } from '@stream/core/domain';
import { Header } from '../components/Header';
import { LoadingScreen } from '../components/StatusScreen';
import { HomePage } from '../pages/HomePage';
import { LogoutPage } from '../pages/LogoutPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useI18n } from './context';
import { useSession } from './hooks';

const LoginPage = lazy(() => import('../pages/LoginPage'));
const SignUpPage = lazy(() => import('../pages/SignUpPage'));
const AccountPage = lazy(() => import('../pages/AccountPage'));
const WatchPage = lazy(() => import('../pages/WatchPage'));
const CheckoutPage = lazy(() => import('../pages/CheckoutPage'));
const PayPage = lazy(() => import('../pages/PayPage'));
const PaymentAuthorizationPage = lazy(() => import('../pages/PaymentAuthorizationPage'));
const PaymentUpdatePage = lazy(() => import('../pages/PaymentUpdatePage'));
const PasswordRequestPage = lazy(() => import('../pages/PasswordRequestPage'));
const PasswordResetPage = lazy(() => import('../pages/PasswordResetPage'));
const MagicLinkPage = lazy(() => import('../pages/MagicLinkPage'));
const EmailConfirmationPage = lazy(() => import('../pages/EmailConfirmationPage'));
const LoginProviderPage = lazy(() => import('../pages/LoginProviderPage'));
const OAuthPage = lazy(() => import('../pages/OAuthPage'));
const ImpersonatePage = lazy(() => import('../pages/ImpersonatePage'));
const ProvidersPage = lazy(() => import('../pages/ProvidersPage'));
const TvLoginPage = lazy(() => import('../pages/TvLoginPage'));
const LicenceRedirectPage = lazy(() => import('../pages/LicenceRedirectPage'));

/** Header, the `<main>` landmark with the page of the current route, and the footer. */
export function Shell() {
  const { t } = useI18n();
  const mainRef = useRef<HTMLElement>(null);
  const [pathname] = useLocation();
  const firstRender = useRef(true);

  // Moves focus to the main landmark after client-side navigation, so that screen readers start
  // reading the new page (not on the first load).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" ref={mainRef} tabIndex={-1} className="site-main">
        <SessionExpiredRedirect />
        <Suspense fallback={<LoadingScreen label={t('loading')} />}>
          <RouteView />
        </Suspense>
      </main>
      <footer className="site-footer">
        <p>© Stream</p>
      </footer>
    </>
  );
}

/** Renders the page of the current path, matched against the route table of the active locale. */
function RouteView() {
  const [pathname] = useLocation();
  const search = useSearch();
  const { routeLocale, path } = useI18n();
  const match = matchRouteAnyLocale(pathname, routeLocale);

  if (!match) return <NotFoundPage />;
  // A path of another language's route set: show it in the active language's set.
  if (match.locale !== routeLocale) {
    return <Redirect to={buildPath(match.key, match.params, routeLocale) + (search ? `?${search}` : '')} replace />;
  }
  switch (match.key) {
    case 'ROOT':
      return <Redirect to={path('HOME') + (search ? `?${search}` : '')} replace />;
    case 'HOME':
      return <HomePage />;
    case 'LOGIN':
    case 'GIFT_LOGIN':
    case 'GIFT_REDEMPTION_LOGIN':
      return <LoginPage />;
    case 'SIGNUP':
      return <SignUpPage />;
    case 'LOGIN_REDIRECT':
      return <LoginProviderPage key={`${match.params.authProvider ?? ''}:${match.params.clientName ?? ''}`} />;
    case 'LOGIN_REQUEST_PASSWORD':
    case 'REQUEST_PASSWORD':
      return <PasswordRequestPage />;
    case 'LOGIN_RESET_PASSWORD':
    case 'RESET_PASSWORD':
      return <PasswordResetPage />;
    case 'MAGIC_LINK':
      return <MagicLinkPage />;
    case 'EMAIL_CONFIRMATION':
      return <EmailConfirmationPage />;
    case 'ACCOUNT':
      return <AccountPage />;
    case 'PURCHASE':
      return <CheckoutPage />;
    case 'PAY':
    case 'PAYMENT_CONFIRMATION':
      return <PayPage key={match.params.providerId ?? ''} />;
    case 'PAYMENT_AUTHORIZATION':
      return <PaymentAuthorizationPage />;
    case 'PAYMENT_UPDATE':
      return <PaymentUpdatePage key={match.params.licenceId ?? ''} />;
    case 'VOD':
    case 'LIVE':
      return <WatchPage key={`${match.key}:${match.params.eventId ?? ''}`} type={match.key} eventId={match.params.eventId ?? ''} />;
    case 'LOGOUT':
      return <LogoutPage />;
    case 'OAUTH':
    case 'OAUTH_APP':
      return <OAuthPage key={`${match.params.provider ?? ''}:${match.params.appname ?? ''}`} />;
    case 'IMPERSONATE':
      return <ImpersonatePage />;
    case 'PROVIDERS':
      return <ProvidersPage />;
    case 'TV_LOGIN':
      return <TvLoginPage />;
    case 'LICENCE_REDIRECT':
      return <LicenceRedirectPage />;
    default:
      return <NotFoundPage />;
  }
}

/**
 * When a signed-in session expires (§4 "An expired session leads to logout"), shows the sign-in
 * page, which carries the session-expired message, with `from` set to where the user was.
 */
function SessionExpiredRedirect() {
  const { notice } = useSession();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const { routeLocale } = useI18n();
  useEffect(() => {
    if (notice !== 'sessionExpired') return;
    const here = matchRouteAnyLocale(pathname, routeLocale);
    if (here?.key === 'LOGIN') return;
    navigate(signInPath(pathname + (search ? `?${search}` : ''), routeLocale), { replace: true });
  }, [notice, pathname, search, routeLocale, navigate]);
  return null;
}
