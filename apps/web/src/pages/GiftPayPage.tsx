import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { isApiError } from '@stream/core/api';
import { formatDisplayDate, giftPaySource, giftPayStep, type GiftDraft } from '@stream/core/domain';
import type { CheckoutQuery } from '@stream/core/machines';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { SignedInOnly } from '../app/SignedInOnly';
import { PurchaseJourney } from '../checkout/journey/PurchaseJourney';
import type { PaymentGift } from '../checkout/PaymentStep';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import { clearTabGift, GIFT_NOTHING_TO_PAY, readTabGift, rememberGiftId, type TabGift } from '../gifts/giftDraft';
import { useRouteParams } from '../info/Loaded';
import { NotFoundPage } from './NotFoundPage';
import '../styles/gifts.css';

/**
 * GIFT_PAY (`/gift/:giftId?/pay`; issue 18 "Gifting", docs/api.md "Gifts"): a gift bought through
 * the SAME purchase journey and payment machine as a plan, in gift mode (core's `purchaseJourney`
 * with the query's `gift`; the payment's `start` carries the draft or the gift's id): a guest signs
 * in or signs up inside it, then the consent, the payment method, the card and 3-D Secure, the 424
 * billing form. Where the gift comes from is core's `giftPaySource`:
 * - this tab's draft from GIFT_LIST (`gifts/giftDraft.ts`): the first payment load creates the
 *   gift (`POST /api/v2/gifts`, once), whose id is then kept in the tab and put in the address
 *   (`/gift/{giftId}/pay`, replaced), so a reload or a retry pays the same gift;
 * - a gift named in the address that is not this tab's (a reload without the draft, another tab,
 *   the way back from a failed 3-D Secure): read from the platform (`GET /api/v2/gifts/{id}`,
 *   signed-in only: a guest signs in and comes back); an UNPAID gift is paid (core's
 *   `giftPayStep`), any other opens its page GIFT; another account's gift is not found;
 * - neither: back to GIFT_LIST, which says there was nothing to pay.
 * Paid: when the recipient gets the email and a link to the buyer's view of the gift (GIFT).
 */
export default function GiftPayPage() {
  const { t, path } = useI18n();
  const { status, isSignedIn } = useSession();
  const { giftId: routeGiftId } = useRouteParams();
  // The tab's gift and where the page takes its gift from, read once (the address changes once the gift is created).
  const [tabGift] = useState<TabGift | null>(() => readTabGift(Date.now()));
  const [source] = useState(() => giftPaySource(tabGift, routeGiftId));
  const [signedInAtStart, setSignedInAtStart] = useState<boolean | null>(null);
  if (signedInAtStart === null && (status === 'guest' || status === 'signedIn')) setSignedInAtStart(isSignedIn);
  useDocumentTitle(t('giftPayTitle'), t('appName'));

  if (source.kind === 'none') return <Redirect to={`${path('GIFT_LIST')}?${GIFT_NOTHING_TO_PAY}`} replace />;
  if (source.kind === 'platform') {
    return (
      <SignedInOnly loadingLabel={t('loadingCheckout')}>
        <PlatformGift giftId={source.giftId} />
      </SignedInOnly>
    );
  }
  if (tabGift === null || signedInAtStart === null) return <LoadingScreen label={t('loadingCheckout')} />;
  return <GiftJourney tabGift={tabGift} signedIn={signedInAtStart} />;
}

/** A gift named in the address, read from the platform: paid here when UNPAID, else shown on its page. */
function PlatformGift({ giftId }: { giftId: string }) {
  const { t, path } = useI18n();
  const { queries } = useServices();
  const gift = useResource(queries.gifts.get(giftId));
  const step = useMemo(() => (gift.data ? giftPayStep(gift.data) : null), [gift.data]);
  const tabGift = useMemo<TabGift | null>(() => (step?.kind === 'pay' ? { draft: step.draft, giftId } : null), [step, giftId]);

  if (gift.status === 'failed') {
    if (isApiError(gift.error) && gift.error.status === 404) return <NotFoundPage />;
    return (
      <div className="page">
        <ErrorScreen title={t('giftPayTitle')} message={t('giftLoadFailed')} retryLabel={t('retry')} onRetry={gift.reload} />
      </div>
    );
  }
  if (!step) return <LoadingScreen label={t('loadingCheckout')} />;
  if (step.kind === 'view' || tabGift === null) return <Redirect to={path('GIFT', { giftId })} replace />;
  return <GiftJourney tabGift={tabGift} signedIn />;
}

function GiftJourney({ tabGift, signedIn }: { tabGift: TabGift; signedIn: boolean }) {
  const { t, path, language } = useI18n();
  const { navigation } = useServices();
  const search = useSearch();
  const { draft } = tabGift;
  const query = useMemo<CheckoutQuery>(() => ({ licenceId: draft.licenceId, from: path('GIFT_LIST'), signUpEntry: false, gift: true }), [draft, path]);
  const date = formatDisplayDate(Date.parse(`${draft.deliveryDate}T00:00:00Z`), language);
  // The gift now exists: the tab keeps its id and the address names it (a reload, or another tab, pays that gift). Once.
  const created = useRef<string | null>(null);
  const onCreated = useCallback(
    (giftId: string) => {
      if (created.current === giftId) return;
      created.current = giftId;
      rememberGiftId(giftId);
      navigation.navigate(`${path('GIFT_PAY', { giftId })}${search ? `?${search}` : ''}`, { replace: true });
    },
    [navigation, path, search],
  );
  const gift = useMemo<PaymentGift>(
    () => ({
      giftId: tabGift.giftId,
      draft: tabGift.giftId === null ? draft : null,
      onCreated,
      complete: (giftId) => <GiftPaid giftId={giftId} draft={draft} date={date} />,
    }),
    [tabGift, draft, date, onCreated],
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
function GiftPaid({ giftId, draft, date }: { giftId: string | null; draft: GiftDraft; date: string }) {
  const { t, path } = useI18n();
  useEffect(() => clearTabGift(), []);
  return (
    <section className="card gift-paid" aria-labelledby="gift-paid-title">
      <h1 id="gift-paid-title">{t('giftPaidTitle')}</h1>
      <p role="status">
        <bdi>{t('giftPaidMessage', { recipientName: draft.recipientName, date })}</bdi>
      </p>
      <p>
        {giftId ? <Link href={path('GIFT', { giftId })}>{t('giftSeeGift')}</Link> : null}
        {giftId ? ' · ' : null}
        <Link href={path('GIFT_LIST')}>{t('giftGiveAnother')}</Link>
      </p>
    </section>
  );
}
