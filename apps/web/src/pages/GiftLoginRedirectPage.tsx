import { Redirect } from 'wouter';
import { useI18n } from '../app/context';
import { useSession } from '../app/hooks';
import { LoadingScreen } from '../components/StatusScreen';
import { useRouteParams } from '../info/Loaded';

/**
 * GIFT_LOGIN_REDIRECT (`/gift/:giftId?/login/redirect`, identity-and-routes.md §2 route table;
 * issue 18): the return point of a sign-in made for the gift journey. Once the session has
 * started: a signed-in viewer goes on to the gift (GIFT with `giftId`, else the gift list
 * GIFT_LIST); a guest goes back to the gift's login page (GIFT_LOGIN with the same `giftId`).
 * No visible content of its own (a loading status while the session starts).
 */
export default function GiftLoginRedirectPage() {
  const { t, path } = useI18n();
  const { status } = useSession();
  const { giftId } = useRouteParams();
  if (status === 'loading') return <LoadingScreen label={t('loading')} />;
  if (status !== 'signedIn') return <Redirect to={path('GIFT_LOGIN', { giftId })} replace />;
  return <Redirect to={giftId ? path('GIFT', { giftId }) : path('GIFT_LIST')} replace />;
}
