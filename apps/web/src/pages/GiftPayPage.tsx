import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { formatDisplayDate } from '@stream/core/domain';
import type { CheckoutQuery } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { PurchaseJourney } from '../checkout/journey/PurchaseJourney';
import type { PaymentGift } from '../checkout/PaymentStep';
import { LoadingScreen } from '../components/StatusScreen';
import { clearTabGift, readTabGift, rememberGiftId, type TabGift } from '../gifts/giftDraft';
import { useRouteParams } from '../info/Loaded';
import '../styles/gifts.css';

/**
 * GIFT_PAY (`/gift/:giftId?/pay`; issue 18 "Gifting", docs/api.md "Gifts"): the gift chosen on
 * GIFT_LIST (kept in this tab, `gifts/giftDraft.ts`) bought through the SAME purchase journey and
 * payment machine as a plan, in gift mode (core's `purchaseJourney` with the query's `gift`; the
 * payment's `start` carries the draft or the gift's id): a guest signs in or signs up inside it,
 * then the consent, the payment method, the card and 3-D Secure, the 424 billing form. The first
 * payment load creates the gift (`POST /api/v2/gifts`, once: its id is kept in the tab, so a
 * reload or a retry pays the same gift). Paid: when the recipient gets the email and a link to the
 * buyer's view of the gift (GIFT). Without a gift in this tab: a message and a link to GIFT_LIST
 * (or to the gift named in the address).
 */
export default function GiftPayPage() {
  const { t, path } = useI18n();
  const { status, isSignedIn } = useSession();
  const { giftId: routeGiftId } = useRouteParams();
  // The tab's gift, read once; a gift named in the address must be the tab's.
  const [tabGift] = useState<TabGift | null>(() => {
    const found = readTabGift(Date.now());
    return found !== null && (routeGiftId === undefined || found.giftId === routeGiftId) ? found : null;
  });
  const [signedInAtStart, setSignedInAtStart] = useState<boolean | null>(null);
  if (signedInAtStart === null && (status === 'guest' || status === 'signedIn')) setSignedInAtStart(isSignedIn);
  useDocumentTitle(t('giftPayTitle'), t('appName'));

  if (tabGift === null) {
    return (
      <div className="page gift-pay">
        <h1>{t('giftPayTitle')}</h1>
        <p role="alert">{t('giftNothingToPay')}</p>
        <p>
          <Link href={routeGiftId ? path('GIFT', { giftId: routeGiftId }) : path('GIFT_LIST')}>
            {routeGiftId ? t('giftSeeGift') : t('giftGiveAnother')}
          </Link>
        </p>
      </div>
    );
  }
  if (signedInAtStart === null) return <LoadingScreen label={t('loadingCheckout')} />;
  return <GiftJourney tabGift={tabGift} signedIn={signedInAtStart} />;
}

function GiftJourney({ tabGift, signedIn }: { tabGift: TabGift; signedIn: boolean }) {
  const { t, path, language } = useI18n();
  const { draft } = tabGift;
  const query = useMemo<CheckoutQuery>(() => ({ licenceId: draft.licenceId, from: path('GIFT_LIST'), signUpEntry: false, gift: true }), [draft, path]);
  const date = formatDisplayDate(Date.parse(`${draft.deliveryDate}T00:00:00Z`), language);
  const gift = useMemo<PaymentGift>(
    () => ({
      giftId: tabGift.giftId,
      draft: tabGift.giftId === null ? draft : null,
      onCreated: rememberGiftId,
      complete: (giftId) => <GiftPaid giftId={giftId} recipientName={draft.recipientName} date={date} />,
    }),
    [tabGift, draft, date],
  );
  return (
    <>
      <p className="gift-pay__for">
        <bdi>{t('giftForRecipient', { recipientName: draft.recipientName, date })}</bdi>
      </p>
      <PurchaseJourney query={query} signedIn={signedIn} gift={gift} />
    </>
  );
}

/** The confirmation of a paid gift: when the recipient is emailed, and the buyer's view of it. */
function GiftPaid({ giftId, recipientName, date }: { giftId: string | null; recipientName: string; date: string }) {
  const { t, path } = useI18n();
  useEffect(() => clearTabGift(), []);
  return (
    <section className="card gift-paid" aria-labelledby="gift-paid-title">
      <h1 id="gift-paid-title">{t('giftPaidTitle')}</h1>
      <p role="status">
        <bdi>{t('giftPaidMessage', { recipientName, date })}</bdi>
      </p>
      <p>
        {giftId ? <Link href={path('GIFT', { giftId })}>{t('giftSeeGift')}</Link> : null}
        {giftId ? ' · ' : null}
        <Link href={path('GIFT_LIST')}>{t('giftGiveAnother')}</Link>
      </p>
    </section>
  );
}
