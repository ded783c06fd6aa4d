import { lazy, Suspense } from 'react';
import { useResource } from '@stream/react';
import { Link } from 'wouter';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { InlineStatus } from '../components/StatusScreen';

// The catalogue is loaded on demand, so that the login route's JavaScript does not grow with it.
const ContentCatalogue = lazy(() => import('../components/ContentCatalogue'));

/** HOME: a welcome (a signed-in user is greeted by name) and the content catalogue. */
export default function HomePage() {
  const { t, path } = useI18n();
  const { isSignedIn, user } = useSession();
  useDocumentTitle(t('home'), t('appName'));
  return (
    <div className="page">
      <section className="hero" aria-labelledby="home-title">
        {isSignedIn && user ? (
          <SignedInWelcome key={user.id} />
        ) : (
          <>
            <h1 id="home-title">{t('welcomeTitle')}</h1>
            <p>{t('welcomeGuest')}</p>
            <div className="actions">
              <Link href={path('SIGNUP')} className="button">
                {t('createAnAccount')}
              </Link>
            </div>
          </>
        )}
      </section>
      <Suspense fallback={<InlineStatus label={t('loadingContent')} />}>
        <ContentCatalogue />
      </Suspense>
    </div>
  );
}

function SignedInWelcome() {
  const { t } = useI18n();
  const { queries } = useServices();
  const profile = useResource(queries.user.profile());
  const name = profile.data?.name ?? '';
  return (
    <>
      <h1 id="home-title">{name ? t('welcomeBack', { name }) : t('welcomeTitle')}</h1>
      <p>{t('welcomeSignedIn')}</p>
    </>
  );
}
