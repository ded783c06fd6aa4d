import { Link } from 'wouter';
import { useI18n } from '../app/context';
import { useDocumentTitle } from '../app/hooks';

/** Any path that is not a route of the app. */
export function NotFoundPage() {
  const { t, path } = useI18n();
  useDocumentTitle(t('pageNotFound'), t('appName'));
  return (
    <div className="page page--centered">
      <h1>{t('pageNotFound')}</h1>
      <p>{t('pageNotFoundText')}</p>
      <Link href={path('HOME')} className="button">
        {t('backToHome')}
      </Link>
    </div>
  );
}
