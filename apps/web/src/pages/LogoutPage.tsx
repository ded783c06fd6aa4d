import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { DEFAULT_MENU_ROUTE } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { useSession } from '../app/hooks';
import { LoadingScreen } from '../components/StatusScreen';

/** LOGOUT: ends the session (§4 "Session") and goes to the home page. */
export function LogoutPage() {
  const { t, path } = useI18n();
  const { logout } = useSession();
  const [, navigate] = useLocation();
  useEffect(() => {
    logout();
    navigate(path(DEFAULT_MENU_ROUTE), { replace: true });
    // Once per visit of the route.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <LoadingScreen label={t('signingOut')} />;
}
