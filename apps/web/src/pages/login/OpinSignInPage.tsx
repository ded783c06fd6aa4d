import { useEffect, useRef, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { buildPath, DEFAULT_MENU_ROUTE } from '@stream/core/domain';
import { connectOpinSignIn, opinSignInMachine } from '@stream/core/machines';
import { webStorage } from '@stream/core/platform';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../../app/context';
import { useSession } from '../../app/hooks';
import { AuthLayout } from '../../components/AuthLayout';
import { BusyContent } from '../../components/SubmitButton';
import { LoadingScreen } from '../../components/StatusScreen';
import { useRealmProvider } from '../../providers/realmProvider';
import { LoginSubPage } from '../../signin/LoginSubPage';
import { SignInProviderBlock } from '../../signin/SignInProviderBlock';
import { useReturnAddress } from '../../social/useReturnAddress';
import '../../styles/providers.css';

const noop = () => undefined;

/** A fresh random `state` for a trip to the portal. */
const randomState = () => globalThis.crypto.randomUUID();

/**
 * OPIN sign-in (`/login/opin`; identity-and-routes.md §2 sub-route `opin` and query param `token`,
 * §7 `POST /api/v1/opin-auth`, §8 "Login failure"): renders the `opinSignIn` machine. Without a
 * token it offers Continue to OPIN, which leaves for the realm's OPIN portal (its `baseUri`) with
 * a random `state` kept in the tab. Back with `token` and `state`, the token leaves the address
 * bar at once (replace; never logged) and is exchanged once; the session then goes (replace) to
 * the target of §2 "After sign-in completion". Failures show in a focused alert with the way back.
 */
export default function OpinSignInPage() {
  const { t, tError, path, isKnownKey } = useI18n();
  const { api, session, navigation, config } = useServices();
  const { isSignedIn } = useSession();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [storage] = useState(() => webStorage('session'));
  const realm = useRealmProvider('OPIN');

  const [view] = useFlow(opinSignInMachine, {
    connect: connectOpinSignIn,
    input: {
      api,
      session,
      search: `?${search}`,
      pathname: location,
      storage,
      navigation,
      // The portal knows the English path (every locale's router matches it).
      returnUrl: `${window.location.origin}${buildPath('LOGIN_REDIRECT', { authProvider: 'opin' }, 'en')}`,
      randomState,
      isKnownKey,
    },
  });

  // The token and state leave the address bar (and the history entry) as soon as they are read.
  useReturnAddress({ cleanUrl: view.cleanUrl ?? null, waitingForAddress: false, urlReplaced: noop });

  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (view.phase === 'failed') errorRef.current?.focus();
  }, [view.phase, view.error]);

  // §2: a signed-in viewer who opens the page (no sign-in under way) goes to the default menu.
  const [signedInAtOpen] = useState(isSignedIn && view.phase === 'idle');
  if (signedInAtOpen) return <Redirect to={path(DEFAULT_MENU_ROUTE)} replace />;

  if (view.phase === 'leaving' || view.phase === 'exchanging' || view.phase === 'signedIn') {
    return (
      <AuthLayout>
        <LoadingScreen label={view.phase === 'leaving' ? t('takingYouToProvider') : t('finishingSignIn')} />
      </AuthLayout>
    );
  }

  const loadingRealm = realm.status === 'loading';
  const start = () => view.start(realm.status === 'ready' ? realm.entry?.baseUri : undefined, config.apiBaseUrl);
  const cleanSearch = view.cleanUrl ? new URL(view.cleanUrl, window.location.origin).search.replace(/^\?/, '') : search;

  return (
    <LoginSubPage subtitle={t('opinSignInSubtitle')}>
      <SignInProviderBlock current={{ name: 'OPIN' }} search={cleanSearch}>
        <div className="form provider-form" data-provider="OPIN">
          <div role="alert" aria-atomic="true">
            {view.error ? (
              <div ref={errorRef} tabIndex={-1} className="alert">
                {tError(view.error)}
              </div>
            ) : null}
          </div>
          <p className="provider-form__intro">{t('opinSignInIntro')}</p>
          <button
            type="button"
            className="button button--block"
            onClick={start}
            disabled={loadingRealm}
            aria-busy={loadingRealm || undefined}
          >
            <BusyContent busy={loadingRealm} busyLabel={t('loading')}>
              {t('continueToOpin')}
            </BusyContent>
          </button>
        </div>
      </SignInProviderBlock>
    </LoginSubPage>
  );
}
