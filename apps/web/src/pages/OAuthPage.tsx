import { useLocation } from 'wouter';
import { buildPath, matchRouteAnyLocale } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { ExternalSignIn } from '../oauth/ExternalSignIn';

/**
 * OAUTH and OAUTH_APP (`/oauth/:provider`, `/oauth/:provider/:appname`; identity-and-routes.md
 * §2 route table, §4 "Generic external OAuth or OpenID"): the generic external OAuth sign-in with
 * the realm provider `provider` ({@link ExternalSignIn} of kind `oauth`). The provider always
 * sends the browser back to the OAUTH page (`/oauth/{provider}`, in English: every locale's
 * router matches it); on OAUTH_APP, `appname` names the mobile app that gets the code back
 * through its deep link instead of an exchange here.
 */
export default function OAuthPage() {
  const { routeLocale } = useI18n();
  const [location] = useLocation();
  const params = matchRouteAnyLocale(location, routeLocale)?.params ?? {};
  const provider = params.provider ?? '';
  const redirectUri = `${window.location.origin}${buildPath('OAUTH', { provider }, 'en')}`;
  return <ExternalSignIn kind="oauth" clientName={provider} redirectUri={redirectUri} appName={params.appname} />;
}
