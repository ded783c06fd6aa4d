import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { pathKeepingFrom } from '@stream/core/domain';
import { connectOidcSignIn, oidcSignInMachine, type ExternalSignInKind, type OidcSignInApi } from '@stream/core/machines';
import { webStorage } from '@stream/core/platform';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { InlineStatus } from '../components/StatusScreen';
import { LoginSubPage } from '../signin/LoginSubPage';
import { useReturnAddress } from '../social/useReturnAddress';

/** Props of {@link ExternalSignIn}. */
export interface ExternalSignInProps {
  /** Which platform calls the sign-in makes (`oauth`: `/api/v2/oauth/{provider}`). */
  kind: ExternalSignInKind;
  /** The realm provider (OAUTH route param `provider`, or the OpenID client name). */
  clientName: string;
  /** The absolute address the provider sends the browser back to (the page's own route, in English). */
  redirectUri: string;
  /** OAUTH_APP's `appname`: the mobile app that gets the code back through its deep link. */
  appName?: string | undefined;
}

/** The progress text of each busy phase. */
const BUSY_LABELS: Record<string, string> = {
  starting: 'takingYouToProvider',
  leaving: 'takingYouToProvider',
  toApp: 'openingApp',
  returning: 'finishingSignIn',
  exchanging: 'finishingSignIn',
  signedIn: 'finishingSignIn',
};

/**
 * External sign-in by authorisation code (identity-and-routes.md §4 "Generic external OAuth or
 * OpenID", §8): renders the core `oidcSignIn` machine of `kind` inside the login frame
 * (`LoginSubPage`). Without a code it asks the platform for the authorisation address and the
 * browser leaves (progress shown); back with a code it puts the machine's clean address (the
 * sign-in params plus `PAGE_READY=true`, never `code` or `state`) in the address bar with
 * replace and lets the machine exchange the code once and hand the tokens to the session, which
 * goes (replace) to the target of §2 "After sign-in completion" (`from`). A known mobile app gets
 * the code through its deep link instead;
 * with `skipExchange` the page only says to go back to the app. A failure shows the machine's
 * message (focused, `role="alert"`), Start sign-in again and Back to sign in, and is logged with
 * its reason and message key only (never a code, state or token).
 */
export function ExternalSignIn({ kind, clientName, redirectUri, appName }: ExternalSignInProps) {
  const { t, tError, isKnownKey, routeLocale } = useI18n();
  const { api, session, navigation } = useServices();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [storage] = useState(() => webStorage('session'));
  const [view] = useFlow(oidcSignInMachine, {
    connect: connectOidcSignIn,
    input: {
      api,
      kind,
      session,
      clientName,
      appName,
      pathname: location,
      search: `?${search}`,
      storage,
      navigation,
      redirectUri,
      now: () => Date.now(),
      isKnownKey,
    },
  });
  useReturnAddress({ cleanUrl: view.cleanUrl, waitingForAddress: view.phase === 'returning', urlReplaced: view.urlReplaced });

  useEffect(() => {
    if (view.failure) console.warn(`[${kind}] sign-in failed`, { provider: clientName, reason: view.failure, message: view.error });
  }, [kind, view.failure, view.error, clientName]);

  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (view.phase === 'failed' || view.phase === 'skipped') alertRef.current?.focus();
  }, [view.phase]);

  if (view.phase === 'skipped') {
    return (
      <LoginSubPage>
        <div ref={alertRef} role="status" tabIndex={-1} className="status-screen__message">
          {t('returnToAppToFinish')}
        </div>
      </LoginSubPage>
    );
  }
  if (view.phase !== 'failed') {
    return (
      <LoginSubPage>
        <InlineStatus label={t(BUSY_LABELS[view.phase] ?? 'finishingSignIn')} />
      </LoginSubPage>
    );
  }
  return (
    <LoginSubPage title={t('signInProblem')}>
      <div ref={alertRef} role="alert" tabIndex={-1} className="alert">
        {tError(view.error ?? 'ssoSignInFailed')}
      </div>
      <div className="form">
        <button type="button" className="button" onClick={view.retry}>
          {t('startSignInAgain')}
        </button>
      </div>
      <p className="auth-card__footer">
        <Link href={pathKeepingFrom('LOGIN', search, routeLocale)}>{t('backToSignIn')}</Link>
      </p>
    </LoginSubPage>
  );
}

