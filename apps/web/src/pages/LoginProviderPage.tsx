import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { Link, useLocation, useSearch } from 'wouter';
import { buildPath, DEFAULT_MENU_ROUTE, matchRouteAnyLocale, pathKeepingFrom } from '@stream/core/domain';
import { connectOidcSignIn, oidcSignInMachine, type OidcSignInApi } from '@stream/core/machines';
import { webStorage } from '@stream/core/platform';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { AuthLayout } from '../components/AuthLayout';
import { LoadingScreen } from '../components/StatusScreen';

const SocialSignInPage = lazy(() => import('./login/SocialSignInPage'));
const FirebaseSignInPage = lazy(() => import('./login/FirebaseSignInPage'));
const CredentialSignInPage = lazy(() => import('./login/CredentialSignInPage'));
const OpinSignInPage = lazy(() => import('./login/OpinSignInPage'));
const GigyaSignInPage = lazy(() => import('./login/GigyaSignInPage'));

/**
 * LOGIN_REDIRECT (`/login/:authProvider/:clientName?`, identity-and-routes.md §2 "Login page"
 * sub-routes, §4): the provider sub-routes and return points of external sign-in. Each provider's
 * page loads on demand (its SDK with it): `openid/{clientName}` runs the OpenID Connect sign-in
 * ({@link OidcSignIn}); `apple`, `google`, `facebook` the social sign-in; `firebase`; `pbr` and
 * `sptv` the id/secret form; `opin`; `GIGYA`. Any other provider shows that it is not available
 * here, with a link back to the login page.
 */
export default function LoginProviderPage() {
  const { t, routeLocale } = useI18n();
  const [location] = useLocation();
  const search = useSearch();
  // Shell matched LOGIN_REDIRECT in some locale's route set; its params name the provider.
  const params = matchRouteAnyLocale(location, routeLocale)?.params ?? {};
  useDocumentTitle(t('signIn'), t('appName'));

  const page = (() => {
    switch (params.authProvider) {
      case 'openid':
        return params.clientName ? <OidcSignIn clientName={params.clientName} /> : null;
      case 'apple':
      case 'google':
      case 'facebook':
        return <SocialSignInPage provider={params.authProvider} />;
      case 'firebase':
        return <FirebaseSignInPage />;
      case 'pbr':
      case 'sptv':
        return <CredentialSignInPage provider={params.authProvider} />;
      case 'opin':
        return <OpinSignInPage />;
      case 'GIGYA':
        return <GigyaSignInPage />;
      default:
        return null;
    }
  })();
  if (page) return <Suspense fallback={<LoadingScreen label={t('loading')} />}>{page}</Suspense>;

  return (
    <AuthLayout>
      <h1>{t('signIn')}</h1>
      <p role="alert" className="alert">
        {t('providerNotAvailable')}
      </p>
      <p className="auth-card__footer">
        <Link href={pathKeepingFrom('LOGIN', search, routeLocale)}>{t('backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}

/**
 * The OpenID Connect sign-in of realm client `clientName`: renders the `oidcSignIn` machine.
 * Shows progress while it leaves for the provider or exchanges the code; puts the machine's
 * clean URL (no `code` or `state`) in the address bar; once signed in goes (replace) to the
 * machine's target (`from`, §2 "After sign-in completion"); on failure shows the error (focused,
 * `role="alert"`), Start sign-in again and a link back to the login page. The pending sign-in is
 * kept in the tab's sessionStorage; codes and tokens are never logged.
 */
function OidcSignIn({ clientName }: { clientName: string }) {
  const { t, tError, isKnownKey, path, routeLocale } = useI18n();
  const { api, session, navigation } = useServices();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [storage] = useState(() => webStorage('session'));

  const [snapshot, send] = useMachine(oidcSignInMachine, {
    input: {
      api,
      session,
      clientName,
      pathname: location,
      search: `?${search}`,
      storage,
      navigation,
      // The provider knows one callback per client: the English path (every locale's router matches it).
      redirectUri: `${window.location.origin}${buildPath('LOGIN_REDIRECT', { authProvider: 'openid', clientName }, 'en')}`,
      now: () => Date.now(),
      defaultPath: path(DEFAULT_MENU_ROUTE),
      locale: routeLocale,
      isKnownKey,
    },
  });
  const view: OidcSignInApi = connectOidcSignIn(snapshot, send);

  // The code and state leave the address bar (and the history entry) as soon as the machine says so.
  const replaced = useRef<string | null>(null);
  useEffect(() => {
    if (!view.cleanUrl || replaced.current === view.cleanUrl) return;
    replaced.current = view.cleanUrl;
    navigate(view.cleanUrl, { replace: true });
    if (view.phase === 'returning') send({ type: 'url.replaced' });
  }, [view.cleanUrl, view.phase, send, navigate]);

  useEffect(() => {
    if (view.phase === 'signedIn' && view.target) navigate(view.target, { replace: true });
  }, [view.phase, view.target, navigate]);

  // §8: failures are logged, with the reason and the message key only (never a code or token).
  useEffect(() => {
    if (view.failure) console.warn('[oidc] sign-in failed', { client: clientName, reason: view.failure, message: view.error });
  }, [view.failure, view.error, clientName]);

  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (view.phase === 'failed') errorRef.current?.focus();
  }, [view.phase]);

  if (view.phase !== 'failed') {
    const label = view.phase === 'starting' || view.phase === 'leaving' ? t('takingYouToProvider') : view.phase === 'toApp' ? t('openingApp') : t('finishingSignIn');
    return (
      <AuthLayout>
        <LoadingScreen label={label} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <h1>{t('signInProblem')}</h1>
      <div ref={errorRef} role="alert" tabIndex={-1} className="alert">
        {tError(view.error ?? 'ssoSignInFailed')}
      </div>
      <div className="form">
        <button type="button" className="button" onClick={view.retry}>
          {t('startSignInAgain')}
        </button>
      </div>
      <p className="auth-card__footer">
        <Link href={pathKeepingFrom('LOGIN', search, routeLocale)}>{t('backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}
