import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { DEFAULT_MENU_ROUTE } from '@stream/core/domain';
import { connectLicenceRedirect, licenceRedirectMachine } from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';

/**
 * LICENCE_REDIRECT (`/licence-redirect?code=…&extraParams=…`, commerce-and-account-data.md §2
 * "Licence redirect page", identity-and-routes.md §7 external licence provider `token`): renders
 * core's `licenceRedirect` machine. No visible content (a progress status for screen readers
 * only); once the code is redeemed (or not) the machine's in-app target (core's
 * `licenceRedirectTarget`: never an absolute address or a sign-in page) replaces the address, so
 * the code does not stay in the history. A failure is logged with its
 * message key and request id only (never the code).
 */
export default function LicenceRedirectPage() {
  const { t, path, routeLocale } = useI18n();
  const { api } = useServices();
  const search = useSearch();
  const [, navigate] = useLocation();
  useDocumentTitle(t('licenceRedirecting'), t('appName'));
  const [snapshot] = useMachine(licenceRedirectMachine, {
    input: { api, search: `?${search}`, defaultPath: path(DEFAULT_MENU_ROUTE), locale: routeLocale },
  });
  const view = connectLicenceRedirect(snapshot);

  useEffect(() => {
    if (view.error) console.warn('[licence-redirect] redemption failed', { key: view.error.key, status: view.error.status, requestId: view.error.requestId });
  }, [view.error]);
  useEffect(() => {
    if (view.target) navigate(view.target, { replace: true });
  }, [view.target, navigate]);

  // §2 "no visible content": the progress is for screen readers only.
  return (
    <div role="status" aria-live="polite" className="visually-hidden">
      <h1>{t('licenceRedirecting')}</h1>
    </div>
  );
}
