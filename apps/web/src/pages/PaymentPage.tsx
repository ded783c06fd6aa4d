import { Link } from 'wouter';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { SignedInOnly } from '../app/SignedInOnly';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import { useRouteParams } from '../info/Loaded';
import { entryOf, ReceiptLink, RefundLines } from '../payments/ReceiptLink';
import '../styles/payments.css';

/**
 * PAYMENT (`/payment/:id`, identity-and-routes.md §2 route table; commerce-and-account-data.md §3
 * "Payment history item"; issue 18): one payment of the viewer's history, its details (product,
 * date, amount, transaction, status, a gift marker for `itemType: 'GIFT'`, its refunds: a
 * cancelled gift's, core's `paymentRefundRows`) and its receipt
 * (the same "Download receipt (PDF)" as the history, succeeded payments only). Read from the
 * history resource (`queries.payments.history()`, shared with the account page); an id the
 * history does not hold shows "payment not found" with a way back to the account. A guest is
 * sent to sign in and comes back here.
 */
export default function PaymentPage() {
  const { t } = useI18n();
  return (
    <SignedInOnly loadingLabel={t('loadingPayment')}>
      <Payment />
    </SignedInOnly>
  );
}

function Payment() {
  const { t, path, language } = useI18n();
  const { queries } = useServices();
  const { id = '' } = useRouteParams();
  const history = useResource(queries.payments.history());
  const item = history.data?.items.find((candidate) => candidate.id === id);
  const entry = item ? entryOf(item, language) : null;
  useDocumentTitle(entry?.row.name || t('paymentTitle'), t('appName'));

  if (history.status === 'failed') {
    return (
      <div className="page">
        <ErrorScreen title={t('paymentTitle')} message={t('paymentHistoryLoadFailed')} retryLabel={t('retry')} onRetry={history.reload} />
      </div>
    );
  }
  if (!history.data) return <LoadingScreen label={t('loadingPayment')} />;
  const back = (
    <p>
      <Link href={path('ACCOUNT')}>{t('backToAccount')}</Link>
    </p>
  );
  if (!entry || !item) {
    return (
      <div className="page">
        <h1>{t('paymentNotFoundTitle')}</h1>
        <p>{t('paymentNotFound')}</p>
        {back}
      </div>
    );
  }
  const { row, receiptUrl } = entry;
  // The platform marks a gift's payment `itemType: 'GIFT'` (docs/api.md "Gifts").
  const gift = item.itemType === 'GIFT';
  return (
    <div className="page payment-page">
      <h1>
        <bdi>{row.name || t('paymentTitle')}</bdi>
      </h1>
      <section className="card" aria-labelledby="payment-details-title">
        <h2 id="payment-details-title">{t('paymentDetails')}</h2>
        <dl className="details">
          <dt>{t('historyDate')}</dt>
          <dd>{row.date}</dd>
          <dt>{t('historyAmount')}</dt>
          <dd>{row.description}</dd>
          <dt>{t('historyTransaction')}</dt>
          <dd className="history-table__transaction">{row.transactionId}</dd>
          <dt>{t('historyStatus')}</dt>
          <dd>
            <span className={`history-status history-status--${row.status.toLowerCase() || 'unknown'}`}>{row.status}</span>
          </dd>
          {entry.refunds.length > 0 ? (
            <>
              <dt>{t('paymentRefund')}</dt>
              <dd>
                <RefundLines refunds={entry.refunds} />
              </dd>
            </>
          ) : null}
          {gift ? (
            <>
              <dt>{t('paymentKind')}</dt>
              <dd>{t('paymentIsGift')}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className="card" aria-labelledby="payment-receipt-title">
        <h2 id="payment-receipt-title">{t('historyReceipt')}</h2>
        {row.pdfAvailable && receiptUrl ? <ReceiptLink paymentId={row.id} url={receiptUrl} name={row.name} date={row.date} /> : <p>{t('paymentNoReceipt')}</p>}
      </section>
      {back}
    </div>
  );
}
