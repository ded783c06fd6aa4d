import { useEffect, useState } from 'react';
import { cardErrorKey, paymentSucceeded } from '@stream/core/domain';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { useResource } from '../app/useResource';
import { PaymentComplete } from '../checkout/PaymentComplete';
import { PaymentProblem } from '../checkout/PaymentProblem';
import { clearPendingPayment, readPendingPayment, type PendingPayment } from '../checkout/pendingPayment';
import { findPayment, useReturnQuery } from '../checkout/usePayment';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import '../styles/checkout.css';

/**
 * PAYMENT_AUTHORIZATION (`/payment-authorization`): back from the card's 3-D Secure challenge with
 * `paymentId` and `redirect_status` (read once, then removed from the address bar). The outcome is
 * confirmed with the platform, never taken from the query: the item `paymentId` of
 * `payments.history()` must be `succeeded` → the confirmation (the pending checkout is then
 * forgotten). Otherwise the card error text of `authentication_failed` (core `cardErrorKey`) and a
 * way back to the checkout, the pending checkout kept so the payer can try again.
 * Implements commerce-and-account-data.md §2 (payment routes), §4, §8 (card error keys).
 */
export default function PaymentAuthorizationPage() {
  const { t } = useI18n();
  const { status } = useSession();
  const query = useReturnQuery();
  const [pending] = useState(readPendingPayment);
  const paymentId = query.get('paymentId')?.trim() ?? '';
  useDocumentTitle(t('paymentConfirmationTitle'), t('appName'));

  if (status === 'loading') return <LoadingScreen label={t('confirmingPayment')} />;
  return (
    <div className="page">
      {paymentId === '' ? (
        <PaymentProblem message={t('paymentNothingToConfirm')} licenceId={pending?.licenceId ?? null} from={pending?.from ?? null} />
      ) : (
        <AuthorizationOutcome paymentId={paymentId} pending={pending} />
      )}
    </div>
  );
}

function AuthorizationOutcome({ paymentId, pending }: { paymentId: string; pending: PendingPayment | null }) {
  const { t } = useI18n();
  const { api } = useServices();
  const item = useResource(() => findPayment(api, paymentId), paymentId);
  const succeeded = paymentSucceeded(item.data?.status);
  useEffect(() => {
    if (succeeded) clearPendingPayment();
  }, [succeeded]);

  if (item.status === 'loading') return <LoadingScreen label={t('confirmingPayment')} />;
  if (item.status === 'failed') {
    return <ErrorScreen title={t('paymentConfirmationTitle')} message={t('unknownError')} retryLabel={t('retry')} onRetry={item.reload} />;
  }
  if (succeeded && item.data) {
    return <PaymentComplete licenceName={item.data.licenceName} paid={item.data.paid} from={pending?.from ?? null} />;
  }
  return <PaymentProblem message={t(cardErrorKey('authentication_failed'))} licenceId={pending?.licenceId ?? null} from={pending?.from ?? null} />;
}
