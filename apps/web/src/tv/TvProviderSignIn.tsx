import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Link } from 'wouter';
import type { MvpdEntry, ProvidersRoute, TvProviderSettings } from '@stream/core/domain';
import { connectTvProviderSignIn, tvProviderSignInMachine, type TvProviderSignInApi } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { LoadingScreen } from '../components/StatusScreen';
import { BusyContent } from '../components/SubmitButton';
import { useLeaveOnNavigation } from './useLeaveOnNavigation';
import '../styles/tv.css';

/** Props of {@link TvProviderSignIn}. */
export interface TvProviderSignInProps {
  /** The realm's TV provider entry (core's `tvProviderEntry`), or null when the realm has none. */
  provider: TvProviderSettings | null;
  /** The PROVIDERS route's params and query (core's `readProvidersRoute`). */
  route: ProvidersRoute;
  /**
   * Called by the error's "Try again" link (to core's `restartPath`) before it navigates: the
   * page starts a new flow (a new machine) even when the address does not change.
   */
  onRestart?: () => void;
}

/** Progress text of each busy phase. */
const BUSY_LABELS: Partial<Record<TvProviderSignInApi['phase'], string>> = {
  leaving: 'takingYouToProvider',
  signedIn: 'tvProviderSigningIn',
  continued: 'tvProviderSigningIn',
};

/**
 * The PROVIDERS page's sign-in (identity-and-routes.md §2 "Providers page", §4 "TV-provider
 * sign-in"; commerce-and-account-data.md §8): renders core's `tvProviderSignIn` machine. While it
 * works: progress. Picking: the featured operators, the separator label and the other operators
 * (logos load lazily; each is a button named by the operator), with the retry message on the
 * second attempt. A linked Adobe account: continue and unlink. Failed (§8 "a mapped message by
 * error code or generic, showing requestId and the first message"): the mapped message (focused,
 * `role="alert"`) with the server's first message and the request id for support, a button back
 * to the default menu page (which ends the flow: `leave`) and, when a TV provider is configured,
 * "Try again" (a new flow at the same provider, keeping `from`). Once signed in (or continued)
 * the session replaces the address with the stored from-path or the default page. Navigating
 * elsewhere in the app sends `leave` from the click or
 * popstate event itself.
 */
export function TvProviderSignIn({ provider, route, onRestart }: TvProviderSignInProps) {
  const { t, routeLocale } = useI18n();
  const { api, session, navigation, storage, config } = useServices();
  // The providers the viewer's sign-in answer listed as linked: a linked Adobe account offers continue and unlink (§4).
  const { linkedAccounts } = useSession();
  const [view] = useFlow(tvProviderSignInMachine, {
    connect: connectTvProviderSignIn,
    input: {
      api,
      session,
      realm: config.realm,
      storage,
      navigation,
      provider,
      route,
      linkedAccounts,
      origin: window.location.origin,
      now: () => Date.now(),
      locale: routeLocale,
    },
  });
  const title = view.phase === 'failed' ? t('tvProviderErrorTitle') : view.phase === 'linked' || view.phase === 'unlinking' ? t('tvProviderLinkedTitle') : t('tvProvidersTitle');
  useDocumentTitle(title, t('appName'));
  useLeaveOnNavigation(view.leave);

  useEffect(() => {
    // Log the reason for support; never a token or a regcode.
    if (view.error) console.warn('[tv-provider] sign-in failed', { key: view.error.key, status: view.error.status, code: view.error.code, requestId: view.error.requestId });
  }, [view.error]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (view.phase === 'failed') alertRef.current?.focus();
    else if (view.phase === 'picking' || view.phase === 'linked') headingRef.current?.focus();
  }, [view.phase, view.retryMessage]);

  if (view.phase === 'failed' && view.error) {
    return (
      <ProvidersFrame title={title} headingRef={headingRef}>
        <div className="card">
          <div ref={alertRef} role="alert" tabIndex={-1} className="alert">
            <p>{t(view.error.key)}</p>
            {view.error.firstMessage ? <p className="tv-providers__reference">{t('tvProviderErrorDetails', { message: view.error.firstMessage })}</p> : null}
            {view.error.requestId ? <p className="tv-providers__reference">{t('tvProviderRequestId', { requestId: view.error.requestId })}</p> : null}
          </div>
          <div className="form">
            <Link href={view.homePath} className="button" onClick={view.leave}>
              {t('backToHome')}
            </Link>
            {view.restartPath && onRestart ? (
              <Link href={view.restartPath} className="button button--secondary" onClick={onRestart}>
                {t('tryAgain')}
              </Link>
            ) : null}
          </div>
        </div>
      </ProvidersFrame>
    );
  }
  if (view.phase === 'linked' || view.phase === 'unlinking') {
    return (
      <ProvidersFrame title={title} headingRef={headingRef}>
        <div className="card form">
          <p>{t('tvProviderLinkedText')}</p>
          <div role="alert">{view.unlinkError ? <p className="alert">{t(view.unlinkError)}</p> : null}</div>
          <button type="button" className="button button--block" onClick={view.continue} disabled={view.busy}>
            {t('continue')}
          </button>
          <button type="button" className="button button--secondary button--block" onClick={view.unlink} disabled={view.busy} aria-busy={view.busy || undefined}>
            <BusyContent busy={view.phase === 'unlinking'} busyLabel={t('unlinking')}>
              {t('tvProviderUnlink')}
            </BusyContent>
          </button>
        </div>
      </ProvidersFrame>
    );
  }
  if (view.phase !== 'picking') return <LoadingScreen label={t(BUSY_LABELS[view.phase] ?? 'tvProvidersLoading')} />;
  return (
    <ProvidersFrame title={title} headingRef={headingRef}>
      <p>{t('tvProvidersIntro')}</p>
      <div role="status" aria-live="polite">
        {view.retryMessage ? <p className="alert alert--info tv-providers__retry">{t(view.retryMessage)}</p> : null}
      </div>
      {view.featured.length > 0 ? (
        <section aria-labelledby="tv-featured-title">
          <h2 id="tv-featured-title" className="visually-hidden">
            {t('tvProvidersFeatured')}
          </h2>
          <MvpdList mvpds={view.featured} onPick={view.pick} featured />
        </section>
      ) : null}
      {view.nonFeatured.length > 0 ? (
        <section aria-labelledby="tv-more-title">
          <h2 id="tv-more-title" className="tv-providers__separator">
            {t('tvProvidersMore')}
          </h2>
          <MvpdList mvpds={view.nonFeatured} onPick={view.pick} />
        </section>
      ) : null}
    </ProvidersFrame>
  );
}

/** The page frame of every PROVIDERS state: the page's `h1` (focusable, for focus on step change), then `children`. */
function ProvidersFrame({ title, headingRef, children }: { title: string; headingRef: RefObject<HTMLHeadingElement | null>; children: ReactNode }) {
  return (
    <div className="page tv-providers">
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}

/** One list of operators: a button per operator, named by its display name, with its logo (lazy, decorative). */
function MvpdList({ mvpds, onPick, featured = false }: { mvpds: readonly MvpdEntry[]; onPick(id: string): void; featured?: boolean }) {
  return (
    <ul className={featured ? 'tv-providers__list tv-providers__list--featured' : 'tv-providers__list'}>
      {mvpds.map((mvpd) => (
        <li key={mvpd.id}>
          <button type="button" className="tv-providers__operator" onClick={() => onPick(mvpd.id)}>
            {mvpd.logoUrl ? <img src={mvpd.logoUrl} alt="" loading="lazy" width={96} height={40} /> : null}
            <span>{mvpd.displayName}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
