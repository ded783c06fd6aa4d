import { useState } from 'react';
import type { PaymentHistoryItem } from '@stream/core/contracts';
import { isSignedOutError } from '@stream/core/api';
import { paymentHistoryRow, paymentRefundRows, type PaymentHistoryRow, type PaymentRefundRow } from '@stream/core/domain';
import { useI18n, useServices } from '../app/context';
import { Spinner } from '../components/Spinner';
import { receiptFileName, saveBlob } from './receipt';

/** A history row, the item's receipt URL (this platform's `receiptUrl`, succeeded items only) and its refunds. */
export interface HistoryEntry {
  row: PaymentHistoryRow;
  receiptUrl: string | null;
  /** The item's refunds (a cancelled gift's; core's `paymentRefundRows`), `[]` when none. */
  refunds: PaymentRefundRow[];
}

/** The history row of `item` (core's `paymentHistoryRow` in `language`), its receipt URL and its refunds. */
export function entryOf(item: PaymentHistoryItem, language: string): HistoryEntry {
  const receiptUrl = (item as Record<string, unknown>).receiptUrl;
  return {
    row: paymentHistoryRow(item, language),
    receiptUrl: typeof receiptUrl === 'string' && receiptUrl !== '' ? receiptUrl : null,
    refunds: paymentRefundRows(item, language),
  };
}

/** A payment's refunds, one line each: "Refunded £38.97 on 26th Nov, 2026" (`paymentRefundedOn`). */
export function RefundLines({ refunds }: { refunds: readonly PaymentRefundRow[] }) {
  const { t } = useI18n();
  return (
    <>
      {refunds.map((refund, index) => (
        <span key={index} className="history-refund">
          {t('paymentRefundedOn', { amount: refund.amount, date: refund.date })}
        </span>
      ))}
    </>
  );
}

interface ReceiptLinkProps {
  paymentId: string;
  url: string;
  name: string;
  date: string;
}

/**
 * "Download receipt (PDF)": a link to the receipt that, when followed, fetches it with the
 * session's bearer and saves it (`receipt-<id>.pdf`); progress and failures are shown in place.
 */
export function ReceiptLink({ paymentId, url, name, date }: ReceiptLinkProps) {
  const { t } = useI18n();
  const { queries } = useServices();
  const [state, setState] = useState<'idle' | 'busy' | 'failed' | 'signedOut'>('idle');

  async function download() {
    setState('busy');
    try {
      const blob = await queries.payments.receipt(url);
      saveBlob(blob, receiptFileName(paymentId));
      setState('idle');
    } catch (error) {
      console.error(error);
      setState(isSignedOutError(error) ? 'signedOut' : 'failed');
    }
  }

  const busy = state === 'busy';
  return (
    <span className="receipt">
      <a
        href={url}
        download={receiptFileName(paymentId)}
        className="receipt__link"
        aria-busy={busy || undefined}
        onClick={(event) => {
          event.preventDefault();
          if (!busy) void download();
        }}
      >
        {busy ? <Spinner /> : null}
        <span>{t('downloadReceipt')}</span>
        <span className="visually-hidden"> {t('receiptFor', { name, date })}</span>
      </a>
      {state === 'failed' || state === 'signedOut' ? (
        <span role="alert" className="receipt__error">
          {state === 'failed' ? t('receiptDownloadFailed') : t('receiptSignedOut')}
        </span>
      ) : null}
    </span>
  );
}
