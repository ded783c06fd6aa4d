import { Link, useLocation } from 'wouter';
import { useI18n } from '../app/context';
import '../styles/library.css';
import { LIBRARY_PAGES } from './libraryPages';

/**
 * "Your library" (issue 15): links to FAVOURITES, WATCHLISTS and HISTORY, the current one marked
 * `aria-current="page"`. Shown on the account page, so that every library page is reachable
 * from the header's Account link.
 */
export function LibraryNav() {
  const { t, path } = useI18n();
  const [pathname] = useLocation();
  return (
    <nav className="card library-nav" aria-labelledby="library-nav-title">
      <h2 id="library-nav-title">{t('yourLibrary')}</h2>
      <ul className="library-nav__list">
        {LIBRARY_PAGES.map(([key, label]) => {
          const href = path(key);
          return (
            <li key={key}>
              <Link href={href} aria-current={pathname === href ? 'page' : undefined}>
                {t(label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
