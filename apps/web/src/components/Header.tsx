import { Link, useLocation } from 'wouter';
import { matchRouteAnyLocale, sessionMay, type RouteKey } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { useSession } from '../app/hooks';
import { CurrentProfile } from '../household/CurrentProfile';
import { LanguagePicker } from './LanguagePicker';
import { useCampaignLink } from '../app/useCampaignLink';
import { useNavbar } from './useNavbar';
import '../styles/navbar.css';

/** The main navigation's destinations, in order, with the label of each (commerce-and-account-data.md §4 "Navbar"). */
export const NAV_LINKS: readonly { key: RouteKey; label: string }[] = [
  { key: 'HOME', label: 'home' },
  { key: 'BROWSE', label: 'navBrowse' },
  { key: 'LIVE_EVENTS', label: 'navLive' },
  { key: 'SCHEDULE', label: 'navSchedule' },
  { key: 'SEARCH', label: 'navSearch' },
];

const NAV_ID = 'site-nav';

/**
 * Site header: logo, the main navigation (Home, Browse, Live, Schedule, Search; the current page
 * marked `aria-current="page"`), the guest or signed-in links (the session's profile with "Switch
 * profile"; the account's pages only for a profile that may open them, core's `sessionMay`: never
 * a child's), and the language picker. Below
 * 1024 px (§9) the navigation is a drawer behind a hamburger button (`useNavbar`): a route change
 * closes it, Escape closes it and returns focus to the button.
 */
export function Header() {
  const { t, path, routeLocale } = useI18n();
  const { status, isSignedIn, user } = useSession();
  const [pathname] = useLocation();
  const { state, toggle, onKeyDown, buttonRef } = useNavbar();
  const currentKey = matchRouteAnyLocale(pathname, routeLocale)?.key;
  const current = (key: RouteKey) => (currentKey === key ? ('page' as const) : undefined);
  const drawerClosed = state.mobile && !state.open;
  return (
    <header className={`site-header${state.mobile ? ' site-header--mobile' : ''}`} onKeyDown={onKeyDown}>
      <Link href={path('HOME')} className="site-header__brand">
        <img src="/img/logo.svg" alt={t('appName')} width={110} height={32} />
      </Link>
      <button
        ref={buttonRef}
        type="button"
        className="site-header__menu"
        aria-expanded={state.mobile ? state.open : undefined}
        aria-controls={NAV_ID}
        onClick={toggle}
      >
        <span className="site-header__menu-icon" aria-hidden="true" />
        <span className="visually-hidden">{t('navMenu')}</span>
      </button>
      <nav id={NAV_ID} aria-label={t('mainNavigation')} className={`site-nav${state.open ? ' site-nav--open' : ''}`} hidden={drawerClosed || undefined}>
        <ul className="site-nav__primary">
          {NAV_LINKS.map(({ key, label }) => (
            <li key={key}>
              <Link href={path(key)} aria-current={current(key)}>
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
        {status === 'loading' ? null : (
          <ul className="site-nav__account">
            {isSignedIn ? (
              <>
                <CurrentProfile current={current('PROFILES')} />
                {sessionMay(user, 'accountPages') ? (
                  <li>
                    <Link href={path('ACCOUNT')} aria-current={current('ACCOUNT')}>{t('account')}</Link>
                  </li>
                ) : null}
                <li>
                  <Link href={path('LOGOUT')}>{t('signOut')}</Link>
                </li>
              </>
            ) : (
              <GuestLinks current={current} />
            )}
          </ul>
        )}
      </nav>
      <LanguagePicker />
    </header>
  );
}

/**
 * A guest's "Sign in" and "Sign up" links, carrying the realm's campaign tags of the `login` and
 * `signup` flows (`useCampaignLink`; a component of its own so that only a guest's header reads
 * the realm settings).
 */
function GuestLinks({ current }: { current: (key: RouteKey) => 'page' | undefined }) {
  const { t, path } = useI18n();
  const tagged = useCampaignLink();
  return (
    <>
      <li>
        <Link href={tagged(path('LOGIN'), 'login')} aria-current={current('LOGIN')}>{t('signIn')}</Link>
      </li>
      <li>
        <Link href={tagged(path('SIGNUP'), 'signup')} aria-current={current('SIGNUP')} className="button">
          {t('signUp')}
        </Link>
      </li>
    </>
  );
}
