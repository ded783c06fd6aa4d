import { Link, useSearch } from 'wouter';
import { pathKeepingFrom } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { LoginSubPage } from './LoginSubPage';

/**
 * A login sub-route whose provider the realm does not offer here (identity-and-routes.md §2
 * "Login page" sub-routes): the login frame with `providerNotAvailable` as an alert and a link
 * back to the login page keeping `from`.
 */
export function ProviderNotAvailable() {
  const { t, routeLocale } = useI18n();
  const search = useSearch();
  return (
    <LoginSubPage>
      <p role="alert" className="alert">
        {t('providerNotAvailable')}
      </p>
      <p className="auth-card__footer">
        <Link href={pathKeepingFrom('LOGIN', search, routeLocale)}>{t('backToSignIn')}</Link>
      </p>
    </LoginSubPage>
  );
}
