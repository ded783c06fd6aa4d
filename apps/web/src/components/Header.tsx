import { Link, useLocation } from 'wouter';
import { matchRouteAnyLocale, type RouteKey } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { useSession } from '../app/hooks';
import { LanguagePicker } from './LanguagePicker';

/** Site header: logo, the guest or signed-in links, and the language picker. */
export function Header() {
  const { t, path, routeLocale } = useI18n();
  const { status, isSignedIn } = useSession();
  const [pathname] = useLocation();
  const currentKey = matchRouteAnyLocale(pathname, routeLocale)?.key;
  const current = (key: RouteKey) => (currentKey === key ? ('page' as const) : undefined);
  return (
    <header className="site-header">
      <Link href={path('HOME')} className="site-header__brand">
        <img src="/img/logo.svg" alt={t('appName')} width={110} height={32} />
      </Link>
      <nav aria-label={t('mainNavigation')} className="site-nav">
        {status === 'loading' ? null : (
          <ul>
            {isSignedIn ? (
              <>
                <li>
                  <Link href={path('ACCOUNT')} aria-current={current('ACCOUNT')}>{t('account')}</Link>
                </li>
                <li>
                  <Link href={path('LOGOUT')}>{t('signOut')}</Link>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link href={path('LOGIN')} aria-current={current('LOGIN')}>{t('signIn')}</Link>
                </li>
                <li>
                  <Link href={path('SIGNUP')} aria-current={current('SIGNUP')} className="button">
                    {t('signUp')}
                  </Link>
                </li>
              </>
            )}
          </ul>
        )}
      </nav>
      <LanguagePicker />
    </header>
  );
}
