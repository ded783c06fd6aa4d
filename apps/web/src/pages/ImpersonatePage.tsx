import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { matchRouteAnyLocale } from '@stream/core/domain';
import { connectImpersonation, impersonationMachine } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { InlineStatus } from '../components/StatusScreen';
import { LoginSubPage } from '../signin/LoginSubPage';

/**
 * IMPERSONATE (`/impersonate/:token`, identity-and-routes.md §6: an administrator acting as a
 * user): renders the core `impersonation` machine. The route's token is exchanged once for the
 * user's session (handed to the session actor), which then replaces this history entry with HOME,
 * so the token leaves the address bar and Back does not return to it. A link that is unknown, used or
 * expired says so, with links home and to sign in; any other failure offers Try again. The
 * token is never logged.
 */
export default function ImpersonatePage() {
  const { t, routeLocale, path } = useI18n();
  const { api, session } = useServices();
  const [location] = useLocation();
  const token = matchRouteAnyLocale(location, routeLocale)?.params.token;
  const [view] = useFlow(impersonationMachine, { input: { api, session, token }, connect: connectImpersonation });

  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (view.phase === 'failed') alertRef.current?.focus();
  }, [view.phase]);

  if (view.phase !== 'failed') {
    return (
      <LoginSubPage title={t('impersonationHeading')}>
        <InlineStatus label={t('impersonationSigningIn')} />
      </LoginSubPage>
    );
  }
  return (
    <LoginSubPage title={t('impersonationHeading')}>
      <div ref={alertRef} role="alert" tabIndex={-1} className="alert">
        {t(view.error ?? 'impersonationFailed')}
      </div>
      {view.canRetry ? (
        <div className="form">
          <button type="button" className="button" onClick={view.retry}>
            {t('tryAgain')}
          </button>
        </div>
      ) : null}
      <p className="auth-card__footer">
        <Link href={path('HOME')}>{t('backToHome')}</Link>
      </p>
      <p className="auth-card__footer">
        <Link href={path('LOGIN')}>{t('backToSignIn')}</Link>
      </p>
    </LoginSubPage>
  );
}
