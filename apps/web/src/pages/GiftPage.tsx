import { useMemo } from 'react';
import { Link } from 'wouter';
import { formatDisplayDate, formatMoney, parseIsoTimestamp } from '@stream/core/domain';
import { connectGiftOrder, giftOrderMachine, type GiftOrderApi } from '@stream/core/machines';
import { useFlow } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { SignedInOnly } from '../app/SignedInOnly';
import { BusyContent } from '../components/SubmitButton';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import { useRouteParams } from '../info/Loaded';
import { NotFoundPage } from './NotFoundPage';

/** Label key of each gift status. */
const STATUS_KEYS = {
  UNPAID: 'giftStatusUnpaid',
  SCHEDULED: 'giftStatusScheduled',
  DELIVERED: 'giftStatusDelivered',
  REDEEMED: 'giftStatusRedeemed',
  CANCELLED: 'giftStatusCancelled',
  EXPIRED: 'giftStatusExpired',
} as const;

/**
 * GIFT (`/gift/:giftId`; issue 18, docs/api.md "Gifts"): the buyer's view of one gift, on core's
 * `giftOrder` machine: the plan and months, the recipient, the delivery date, the price and its
 * status (scheduled, delivered, redeemed, cancelled, expired); "Send again" for a delivered gift
 * (a new code is emailed), "Cancel and refund" before delivery; an UNPAID gift (its payment not
 * made or not completed, such as a failed 3-D Secure) links to its checkout GIFT_PAY. Signed-in only (a guest signs in
 * and comes back); another account's or an unknown gift is the not-found page.
 */
export default function GiftPage() {
  const { t } = useI18n();
  useDocumentTitle(t('giftTitle'), t('appName'));
  const { giftId = '' } = useRouteParams();
  return (
    <SignedInOnly loadingLabel={t('loading')}>
      <GiftOrder key={giftId} giftId={giftId} />
    </SignedInOnly>
  );
}

function GiftOrder({ giftId }: { giftId: string }) {
  const { t, path, language } = useI18n();
  const { api } = useServices();
  const input = useMemo(() => ({ api, giftId }), [api, giftId]);
  const [view] = useFlow(giftOrderMachine, { input, connect: connectGiftOrder });

  if (view.status === 'notFound') return <NotFoundPage />;
  if (view.status === 'loadFailed') {
    return (
      <div className="page">
        <ErrorScreen title={t('giftTitle')} message={t('giftLoadFailed')} retryLabel={t('retry')} onRetry={view.retry} />
      </div>
    );
  }
  const gift = view.gift;
  if (view.status === 'loading' || !gift) return <LoadingScreen label={t('loading')} />;
  const day = (iso: string | undefined) => {
    const ms = iso ? parseIsoTimestamp(iso) : null;
    return ms === null ? '' : formatDisplayDate(ms, language);
  };
  const months = gift.months === 1 ? t('giftOneMonth') : t('giftMonths', { months: String(gift.months) });
  return (
    <div className="page">
      <h1>{t('giftTitle')}</h1>
      <section className="card" aria-labelledby="gift-summary">
        <h2 id="gift-summary">{t('giftSummary', { licenceName: gift.licenceName, months })}</h2>
        <dl className="details">
          <dt>{t('giftStatus')}</dt>
          <dd>{t(STATUS_KEYS[gift.status])}</dd>
          <dt>{t('giftRecipient')}</dt>
          <dd>
            {gift.recipientName} ({gift.recipientEmail})
          </dd>
          <dt>{t('giftDeliveryDate')}</dt>
          <dd>{day(`${gift.deliveryDate}T00:00:00Z`)}</dd>
          <dt>{t('giftPrice')}</dt>
          <dd>{formatMoney(gift.price, language)}</dd>
          {gift.message ? (
            <>
              <dt>{t('giftMessage')}</dt>
              <dd>{gift.message}</dd>
            </>
          ) : null}
        </dl>
        <div role="status" aria-atomic="true">
          {view.notice ? <p className="alert alert--info">{t(view.notice)}</p> : null}
        </div>
        <div role="alert" aria-atomic="true">
          {view.error ? <p className="alert">{t(view.error)}</p> : null}
        </div>
        {gift.status === 'UNPAID' ? (
          <Link href={path('GIFT_PAY', { giftId: gift.giftId })} className="button">
            {t('giftPayNow')}
          </Link>
        ) : null}
        <GiftAction action="resend" view={view} label={t('giftResend')} busyLabel={t('giftSending')} />
        <GiftAction action="cancel" view={view} label={t('giftCancel')} busyLabel={t('giftCancelling')} />
      </section>
    </div>
  );
}

/** The button of one action while it is offered (or under way), with its progress. */
function GiftAction({ action, view, label, busyLabel }: { action: 'resend' | 'cancel'; view: GiftOrderApi; label: string; busyLabel: string }) {
  const offered = action === 'resend' ? view.canResend : view.canCancel;
  const busy = view.busy === action;
  if (!offered && !busy) return null;
  return (
    <button type="button" className="button" onClick={view[action]} disabled={view.busy !== null} aria-busy={busy || undefined}>
      <BusyContent busy={busy} busyLabel={busyLabel}>
        {label}
      </BusyContent>
    </button>
  );
}
