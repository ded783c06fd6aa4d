import { Fragment, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { signInPath } from '@stream/core/domain';
import { LoadingScreen } from '../components/StatusScreen';
import { useI18n } from './context';
import { useSession } from './hooks';

/**
 * A page for signed-in viewers only (FAVOURITES, the library's pages): while the session starts,
 * `loadingLabel`; a guest is sent to LOGIN with `from` set to this address, and comes back here
 * after signing in; a signed-in viewer sees `children`, keyed by the account (another account
 * starts afresh).
 */
export function SignedInOnly({ loadingLabel, children }: { loadingLabel: string; children: ReactNode }) {
  const { routeLocale } = useI18n();
  const { status, user } = useSession();
  const [pathname] = useLocation();
  const search = useSearch();
  if (status === 'loading') return <LoadingScreen label={loadingLabel} />;
  if (status !== 'signedIn' || !user) return <Redirect to={signInPath(pathname + (search ? `?${search}` : ''), routeLocale)} replace />;
  return <Fragment key={user.id}>{children}</Fragment>;
}
