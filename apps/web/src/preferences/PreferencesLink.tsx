import { Link } from 'wouter';
import { useI18n } from '../app/context';

/**
 * The account page's way to PREFERENCES (issue 16): a card naming what is there (language,
 * subtitles, playback) with the link.
 */
export function PreferencesLink() {
  const { t, path } = useI18n();
  return (
    <nav className="card" aria-labelledby="preferences-link-title">
      <h2 id="preferences-link-title">{t('preferencesTitle')}</h2>
      <p>
        <Link href={path('PREFERENCES')}>{t('preferencesLinkText')}</Link>
      </p>
    </nav>
  );
}
