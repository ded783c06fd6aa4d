import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { InlineError, InlineStatus } from '../components/StatusScreen';
import { entryOf, ReceiptLink, RefundLines, type HistoryEntry } from './ReceiptLink';
import '../styles/catalogue.css';
import '../styles/payments.css';

/**
 * "Payment history" on the account page (commerce-and-account-data.md §3 "Payment history item",
 * "Account state: payments"): the resource `queries.payments.history()`, newest first, one table
 * row per item from core's `paymentHistoryRow` (name, a link to the payment's page PAYMENT, date, description, transaction details,
 * status in upper case, with a line per refund: a cancelled gift's) and a "Download receipt (PDF)"
 * link only when the row has a receipt
 * (succeeded). The receipt is fetched with the session's bearer header
 * (`queries.payments.receipt`) and saved through an object URL (`receipt.ts`). A `<table>` with a
 * caption; below 640 px each row stacks as a block with its column names.
 */
export default function PaymentHistory() {
  const { t, language } = useI18n();
  const { queries } = useServices();
  const history = useResource(queries.payments.history());
  const entries = history.data?.items.map((item) => entryOf(item, language)) ?? [];

  return (
    <section className="card payments-section" aria-labelledby="history-title" aria-busy={history.status === 'loading' || undefined}>
      <div className="section-head">
        <h2 id="history-title">{t('accountPaymentHistory')}</h2>
      </div>
      {history.status === 'loading' ? (
        <InlineStatus label={t('loadingPaymentHistory')} />
      ) : history.status === 'failed' ? (
        <InlineError message={t('paymentHistoryLoadFailed')} retryLabel={t('retry')} onRetry={history.reload} />
      ) : entries.length === 0 ? (
        <p>{t('noPayments')}</p>
      ) : (
        <HistoryTable entries={entries} />
      )}
    </section>
  );
}

/** The history as a table; each cell also carries its column name, shown only when rows stack. */
function HistoryTable({ entries }: { entries: HistoryEntry[] }) {
  const { t, path } = useI18n();
  const columns = {
    date: t('historyDate'),
    name: t('historyProduct'),
    description: t('historyAmount'),
    transaction: t('historyTransaction'),
    status: t('historyStatus'),
    receipt: t('historyReceipt'),
  };
  return (
    <table className="history-table">
      <caption className="visually-hidden">{t('paymentHistoryCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{columns.date}</th>
          <th scope="col">{columns.name}</th>
          <th scope="col">{columns.description}</th>
          <th scope="col">{columns.transaction}</th>
          <th scope="col">{columns.status}</th>
          <th scope="col">{columns.receipt}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(({ row, receiptUrl, refunds }, index) => (
          <tr key={row.id || index}>
            <Cell label={columns.date}>{row.date}</Cell>
            <Cell label={columns.name} header>
              {row.id ? (
                <Link href={path('PAYMENT', { id: row.id })}>
                  <bdi>{row.name}</bdi>
                </Link>
              ) : (
                <bdi>{row.name}</bdi>
              )}
            </Cell>
            <Cell label={columns.description}>{row.description}</Cell>
            <Cell label={columns.transaction} className="history-table__transaction">
              {row.transactionId}
            </Cell>
            <Cell label={columns.status}>
              <span className={`history-status history-status--${row.status.toLowerCase() || 'unknown'}`}>{row.status}</span>
              {refunds.length > 0 ? <RefundLines refunds={refunds} /> : null}
            </Cell>
            <Cell label={columns.receipt}>
              {row.pdfAvailable && receiptUrl ? <ReceiptLink paymentId={row.id} url={receiptUrl} name={row.name} date={row.date} /> : null}
            </Cell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface CellProps {
  label: string;
  /** The row's header cell (`th scope="row"`): the product name. */
  header?: boolean;
  className?: string;
  children: ReactNode;
}

function Cell({ label, header, className, children }: CellProps) {
  const content = (
    <>
      <span className="history-table__label" aria-hidden="true">
        {label}
      </span>
      <span className="history-table__value">{children}</span>
    </>
  );
  return header ? (
    <th scope="row" className={className}>
      {content}
    </th>
  ) : (
    <td className={className}>{content}</td>
  );
}
