import { useLocation, Redirect } from 'wouter';
import { useI18n } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { JourneySignUp } from '../checkout/journey/JourneyAuth';
import { LoadingScreen } from '../components/StatusScreen';
import { useRouteParams } from '../info/Loaded';
import '../styles/journey.css';

/**
 * GIFT_REDEMPTION_REGISTER (`/gift/redeem/:redeemCode/register`; issue 18 "Gifting", docs/api.md
 * "Gifts"): the recipient of a gift creates an account (the SIGNUP page's form, embedded as in the
 * purchase journey), then redeems: once signed up, or when already signed in, REDEEM opens with
 * the code (`?redeemCode=`). "Sign in" instead goes to GIFT_REDEMPTION_LOGIN with the same code.
 * A child profile never gets here (core's `routeDenial`: a sign-up page).
 */
export default function GiftRedemptionRegisterPage() {
  const { t, path } = useI18n();
  const { status } = useSession();
  const [, navigate] = useLocation();
  const { redeemCode = '' } = useRouteParams();
  useDocumentTitle(t('giftRegisterTitle'), t('appName'));
  const redeem = `${path('REDEEM')}?${new URLSearchParams({ redeemCode }).toString()}`;

  if (status === 'loading') return <LoadingScreen label={t('loading')} />;
  if (status === 'signedIn') return <Redirect to={redeem} replace />;
  return (
    <div className="page journey journey--auth">
      <JourneySignUp
        title={t('giftRegisterTitle')}
        subtitle={t('giftRegisterSubtitle')}
        onDone={() => navigate(redeem, { replace: true })}
        onSwitch={() => navigate(path('GIFT_REDEMPTION_LOGIN', { redeemCode }))}
      />
    </div>
  );
}
