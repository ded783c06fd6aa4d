import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { buildPath, matchRouteAnyLocale } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { LoadingScreen } from '../components/StatusScreen';
import { ProviderNotAvailable } from '../signin/ProviderNotAvailable';

const ExternalSignIn = lazy(() => import('../oauth/ExternalSignIn').then((module) => ({ default: module.ExternalSignIn })));
const SocialSignInPage = lazy(() => import('./login/SocialSignInPage'));
const FirebaseSignInPage = lazy(() => import('./login/FirebaseSignInPage'));
const CredentialSignInPage = lazy(() => import('./login/CredentialSignInPage'));
const OpinSignInPage = lazy(() => import('./login/OpinSignInPage'));
const GigyaSignInPage = lazy(() => import('./login/GigyaSignInPage'));

/**
 * LOGIN_REDIRECT (`/login/:authProvider/:clientName?`, identity-and-routes.md §2 "Login page"
 * sub-routes, §4): the provider sub-routes and return points of external sign-in. Each provider's
 * page loads on demand (its SDK with it): `openid/{clientName}` runs the OpenID Connect sign-in
 * (the `oidcSignIn` machine through `ExternalSignIn`); `apple`, `google`, `facebook` the social sign-in; `firebase`; `pbr` and
 * `sptv` the id/secret form; `opin`; `GIGYA`. Any other provider shows that it is not available
 * here, with a link back to the login page.
 */
export default function LoginProviderPage() {
  const { t, routeLocale } = useI18n();
  const [location] = useLocation();
  // Shell matched LOGIN_REDIRECT in some locale's route set; its params name the provider.
  const params = matchRouteAnyLocale(location, routeLocale)?.params ?? {};
  useDocumentTitle(t('signIn'), t('appName'));

  const page = (() => {
    switch (params.authProvider) {
      case 'openid':
        return params.clientName ? (
          <ExternalSignIn
            kind="openid"
            clientName={params.clientName}
            // The provider knows one callback per client: the English path (every locale's router matches it).
            redirectUri={`${window.location.origin}${buildPath('LOGIN_REDIRECT', { authProvider: 'openid', clientName: params.clientName }, 'en')}`}
          />
        ) : null;
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
  return <ProviderNotAvailable />;
}
