import { useFlow } from '@stream/react';
import { connectPayment, paymentMachine } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { messageText, useReturnQuery } from '../checkout/messages';
import { usePaymentEnv } from '../checkout/paymentEnv';
import { PaymentComplete } from '../checkout/PaymentComplete';
import { PaymentProblem } from '../checkout/PaymentProblem';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import '../styles/checkout.css';

/**
 * PAYMENT_AUTHORIZATION (`/payment-authorization`): back from the card's 3-D Secure challenge with
 * `paymentId` and `redirect_status` (read once, then removed from the address bar). Core's payment
 * machine (`start: authorization`) confirms the outcome with the platform, never from the query:
 * the item `paymentId` of `payments.history()` must be `succeeded` → the confirmation (the pending
 * checkout is then forgotten). Otherwise the card error text of `authentication_failed` (core
 * `cardErrorKey`) and a way back to the checkout, the pending checkout kept so the payer can try
 * again. A gift's payment (issue 18) ends on the gift's page GIFT, where the machine navigates
 * (`payment.destination`), and its way back is the gift's checkout GIFT_PAY. Implements
 * commerce-and-account-data.md §2 (payment routes), §4, §8 (card error keys).
 */
export default function PaymentAuthorizationPage() {
  const { t } = useI18n();
  const { status } = useSession();
  const query = useReturnQuery();
  const paymentId = query.get('paymentId')?.trim() ?? '';
  useDocumentTitle(t('paymentConfirmationTitle'), t('appName'));

  if (status === 'loading') return <LoadingScreen label={t('confirmingPayment')} />;
  return (
    <div className="page">
      <AuthorizationOutcome paymentId={paymentId} />
    </div>
  );
}

function AuthorizationOutcome({ paymentId }: { paymentId: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const env = usePaymentEnv();
  const [payment] = useFlow(paymentMachine, { input: { ...env, start: { kind: 'authorization', paymentId } }, connect: connectPayment });

  if (payment.status === 'loading') return <LoadingScreen label={t('confirmingPayment')} />;
  if (payment.status === 'confirmFailed') {
    return <ErrorScreen title={t('paymentConfirmationTitle')} message={t('unknownError')} retryLabel={t('retry')} onRetry={payment.retry} />;
  }
  // A gift: the machine went on to the gift's page (GIFT); nothing of the plan's confirmation shows.
  if (payment.destination !== null) return <LoadingScreen label={t('loading')} />;
  if (payment.complete) return <PaymentComplete licenceName={payment.paid?.licenceName ?? null} paid={payment.paid?.paid ?? null} from={payment.from} />;
  return (
    <PaymentProblem
      message={messageText(i18n, payment.problem) ?? t('anErrorOccured')}
      licenceId={payment.item === '' ? null : payment.item}
      from={payment.from}
      giftId={payment.giftId}
    />
  );
}
