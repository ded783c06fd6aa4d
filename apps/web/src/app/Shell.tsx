import { lazy, Suspense, useEffect, useRef, type LazyExoticComponent, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { buildPath, matchRouteAnyLocale, routeDenial, signInPath, type RouteKey } from '@stream/core/domain';
import { Header } from '../components/Header';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import { LogoutPage } from '../pages/LogoutPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useI18n } from './context';
import { SiteFooter } from './Frame';
import { useSession } from './hooks';
import { pageLabelKeys } from './labelSets';
import { loadedPage, pageOf, type Page } from './pages';

const pages = new Map<string, Page | LazyExoticComponent<Page>>();

/** What a page the session may not open shows instead (core's `routeDenial`), loaded on demand. */
const NotAllowed = lazy(() => import('../household/NotAllowed'));

/**
 * The component of a route's page, one per page module (routes sharing a page keep it across
 * navigation): the page itself when its module has loaded already (main.tsx preloads the first
 * page, so that it renders without suspending), else a lazy one. Null for a route the shell
 * renders itself.
 */
function routePage(key: RouteKey): Page | LazyExoticComponent<Page> | null {
  const page = pageOf(key);
  if (!page) return null;
  let component = pages.get(page.name);
  if (!component) {
    component = loadedPage(page.name) ?? lazy(page.load);
    pages.set(page.name, component);
  }
  return component;
}

/** Header, the `<main>` landmark with the page of the current route, and the footer. */
export function Shell() {
  const { t } = useI18n();
  const mainRef = useRef<HTMLElement>(null);
  const [pathname] = useLocation();
  const firstRender = useRef(true);

  // Moves focus to the main landmark after client-side navigation, so that screen readers start
  // reading the new page (not on the first load).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" ref={mainRef} tabIndex={-1} className="site-main">
        <SessionExpiredRedirect />
        <Suspense fallback={<LoadingScreen label={t('loading')} />}>
          <RouteView />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}

/** Renders the page of the current path, matched against the route table of the active locale. */
function RouteView() {
  const [pathname] = useLocation();
  const search = useSearch();
  const { t, routeLocale, path } = useI18n();
  const { user } = useSession();
  const match = matchRouteAnyLocale(pathname, routeLocale);

  if (!match) return <NotFoundPage />;
  // A path of another language's route set: show it in the active language's set.
  if (match.locale !== routeLocale) {
    return <Redirect to={buildPath(match.key, match.params, routeLocale) + (search ? `?${search}` : '')} replace />;
  }
  if (match.key === 'ROOT') return <Redirect to={path('HOME') + (search ? `?${search}` : '')} replace />;
  if (match.key === 'LOGOUT') return <LogoutPage />;
  // A page the session's profile may not open (a child's: buying, signing up, the account).
  const denial = routeDenial(user, match.key);
  if (denial) return <NotAllowed reason={denial} />;
  const RoutePage = routePage(match.key);
  if (!RoutePage) return <NotFoundPage />;
  // One boundary per page module: leaving a page unmounts it at once, even while the next page's
  // code loads, so that coming back (the browser's Back before the next page showed) starts a
  // fresh page and flow instead of revealing the hidden one.
  const page = pageOf(match.key)!;
  return (
    <Suspense key={page.name} fallback={<LoadingScreen label={t('loading')} />}>
      <PageLabels page={page}>
        <RouteElement RoutePage={RoutePage} match={match} />
      </PageLabels>
    </Suspense>
  );
}

/**
 * Renders its page once the labels of the page's key set (app/labelSets.ts) are loaded: meanwhile
 * the loading screen (the page's code loads at the same time), never a page with raw keys; an
 * error with Retry while loading them fails (the labels machine also retries by itself).
 */
function PageLabels({ page, children }: { page: NonNullable<ReturnType<typeof pageOf>>; children: ReactNode }) {
  const { t, labelKeys } = useI18n();
  const keys = labelKeys ? pageLabelKeys(page.name) : null;
  const ready = !labelKeys || !keys || labelKeys.hasKeys(keys);
  useEffect(() => {
    if (ready || !labelKeys || !keys) return;
    labelKeys.need(keys);
    // The page's code loads beside its labels, not after them.
    void page.load().catch(() => undefined);
  }, [ready, labelKeys, keys, page]);
  if (ready) return <>{children}</>;
  if (labelKeys?.keysStatus === 'failed') {
    return <ErrorScreen title={t('somethingWentWrong')} message={t('networkError')} retryLabel={t('retry')} onRetry={labelKeys.retry} />;
  }
  return <LoadingScreen label={t('loading')} />;
}

/** The page of a matched route, keyed where the route's params select what the page shows. */
function RouteElement({ RoutePage, match }: { RoutePage: Page | LazyExoticComponent<Page>; match: NonNullable<ReturnType<typeof matchRouteAnyLocale>> }) {
  // A key per page instance where the route's params select what the page shows, so that a new
  // provider, licence or event starts a fresh page.
  const { params } = match;
  switch (match.key) {
    case 'LOGIN_REDIRECT':
      return <RoutePage key={`${params.authProvider ?? ''}:${params.clientName ?? ''}`} />;
    case 'PAY':
    case 'PAYMENT_CONFIRMATION':
      return <RoutePage key={params.providerId ?? ''} />;
    case 'PAYMENT_UPDATE':
      return <RoutePage key={params.licenceId ?? ''} />;
    case 'VOD':
    case 'LIVE':
      return <RoutePage key={`${match.key}:${params.eventId ?? ''}`} type={match.key} eventId={params.eventId ?? ''} />;
    case 'WATCH_TOGETHER':
      return <RoutePage key={`${match.key}:${params.eventId ?? ''}`} eventId={params.eventId ?? ''} />;
    case 'OAUTH':
    case 'OAUTH_APP':
      return <RoutePage key={`${params.provider ?? ''}:${params.appname ?? ''}`} />;
    default:
      return <RoutePage />;
  }
}

/**
 * When a signed-in session expires (§4 "An expired session leads to logout"), shows the sign-in
 * page, which carries the session-expired message, with `from` set to where the user was.
 */
function SessionExpiredRedirect() {
  const { notice } = useSession();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const { routeLocale } = useI18n();
  useEffect(() => {
    if (notice !== 'sessionExpired') return;
    const here = matchRouteAnyLocale(pathname, routeLocale);
    if (here?.key === 'LOGIN') return;
    navigate(signInPath(pathname + (search ? `?${search}` : ''), routeLocale), { replace: true });
  }, [notice, pathname, search, routeLocale, navigate]);
  return null;
}
