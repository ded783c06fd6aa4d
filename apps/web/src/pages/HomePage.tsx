import { lazy, Suspense } from 'react';
import { useResource } from '@stream/react';
import { Link } from 'wouter';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { ReadError } from '../discovery/CatalogueRead';
import { Hero, HeroSkeleton } from '../discovery/Hero';
import { TileGrid } from '../discovery/Rail';
import { RailsSkeleton, SectionRails } from '../discovery/SectionRails';
import type { Rail } from '@stream/core/contracts';
import { heroOf, homeSectionQuery } from '../app/homeHero';

// The catalogue is loaded on demand, so that the login route's JavaScript does not grow with it.
const ContentCatalogue = lazy(() => import('../components/ContentCatalogue'));
// A signed-in viewer's "Continue watching" row, on demand too (a guest never downloads it).
const ContinueWatchingRail = lazy(() => import('../history/ContinueWatchingRail'));

/**
 * HOME: a welcome (a signed-in user is greeted by name, then their "Continue watching" row), the home section (docs/api.md
 * "Catalogue": a hero, the first item of its HERO rail, then its rails, "live now" among them)
 * and the content catalogue of `content.list` under them (its first thumbnails are the page's
 * first paint, scripts/first-paint.mjs).
 */
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
      {isSignedIn && user ? (
        <Suspense fallback={null}>
          <ContinueWatchingRail key={user.id} />
        </Suspense>
      ) : null}
      <HomeSection />
      <Suspense fallback={<TileGrid tiles={undefined} label={t('loadingContent')} />}>
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

/** The tiles a home rail shows: the HERO rail without its first item (the hero). */
function railTiles(rail: Rail) {
  return rail.layout === 'HERO' ? rail.items.slice(1) : rail.items;
}

function HomeSection() {
  const { queries } = useServices();
  const section = useResource(homeSectionQuery(queries));
  if (section.status === 'failed') return <ReadError onRetry={section.reload} />;
  if (!section.data) {
    return (
      <div aria-busy="true">
        <HeroSkeleton />
        <RailsSkeleton />
      </div>
    );
  }
  const hero = heroOf(section.data);
  return (
    <>
      {hero ? <Hero tile={hero} /> : null}
      <SectionRails rails={section.data.rails} tilesOf={railTiles} eagerFirst />
    </>
  );
}
