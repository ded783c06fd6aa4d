import { useEffect, useRef, useState } from 'react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { BillingDetailsStep } from '../checkout/BillingDetailsStep';
import { FreeTrialPrompt } from '../checkout/FreeTrialPrompt';
import { PaidConfirmation, paymentIdOf } from '../checkout/PaymentComplete';
import { PaymentProblem } from '../checkout/PaymentProblem';
import { clearPendingPayment, readPendingPayment, type PendingPayment } from '../checkout/pendingPayment';
import {
  messageText,
  paymentErrorText,
  useBillingFields,
  useChallengeRedirect,
  usePayment,
  useReturnQuery,
} from '../checkout/usePayment';
import { LoadingScreen } from '../components/StatusScreen';
import '../styles/checkout.css';

/** What a redirecting provider sends the payer back with (commerce-and-account-data.md §2 PAY). */
interface ProviderReturn {
  targetPaymentProvider: string;
  paymentProviderId: string;
  paymentMethodType: string;
  paymentDetailsExid: string;
  /** `succeeded` or `failed` (anything else counts as failed). */
  redirectStatus: string;
}

/** The provider's query, or null when a parameter is missing. */
function providerReturn(query: URLSearchParams): ProviderReturn | null {
  const value = {
    targetPaymentProvider: query.get('targetPaymentProvider') ?? '',
    paymentProviderId: query.get('paymentProviderId') ?? '',
    paymentMethodType: query.get('paymentMethodType') ?? '',
    paymentDetailsExid: query.get('paymentDetailsExid') ?? '',
    redirectStatus: query.get('redirect_status') ?? '',
  };
  return Object.values(value).every((entry) => entry.trim() !== '') ? value : null;
}

/**
 * PAY (`/pay/:providerId`) and PAYMENT_CONFIRMATION (`/pay`): where PayPal or iDEAL sends the payer
 * back (commerce-and-account-data.md §2 "Payment confirmation page", §4 "Redirecting payment
 * providers"). The query (`targetPaymentProvider`, `paymentProviderId`, `paymentMethodType`,
 * `paymentDetailsExid`, `redirect_status`, `from`) is read once and removed from the address bar.
 * With the pending checkout of this tab (`sessionStorage`): `paymentMethods.validate`, then the
 * open basket is paid with those details through the payment machine, with the checkout's consent
 * and idempotency key → the confirmation. A decline (`failed`) or a validate error shows the mapped
 * message and a way back to the checkout; 409 `freeTrialDenied` and 424 are handled as at the
 * checkout. Without a pending checkout or without the parameters: a clear error and the plans.
 */
export default function PayPage() {
  const { t } = useI18n();
  const { status } = useSession();
  const query = useReturnQuery();
  const [pending] = useState(readPendingPayment);
  const back = providerReturn(query);
  useDocumentTitle(t('paymentConfirmationTitle'), t('appName'));

  if (status === 'loading') return <LoadingScreen label={t('confirmingPayment')} />;
  if (pending === null || back === null) {
    return (
      <div className="page">
        <PaymentProblem message={t('paymentNothingToConfirm')} licenceId={pending?.licenceId ?? null} from={pending?.from ?? null} />
      </div>
    );
  }
  return (
    <div className="page">
      <ProviderPayment pending={pending} back={back} />
    </div>
  );
}

function ProviderPayment({ pending, back }: { pending: PendingPayment; back: ProviderReturn }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { api } = useServices();
  const { payment, unsetBillingDetails } = usePayment({ item: pending.licenceId, initialKey: pending.idempotencyKey });
  const [failure, setFailure] = useState<string | null>(null);
  const [validated, setValidated] = useState(false);
  const started = useRef(false);
  const billingFields = useBillingFields(payment);
  const challengeRefused = useChallengeRedirect(payment.redirectUrl, () => ({
    licenceId: pending.licenceId,
    consent: pending.consent,
    idempotencyKey: pending.idempotencyKey,
    from: pending.from,
  }));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const details = await api.paymentMethods.validate({
          body: { paymentDetailsExid: back.paymentDetailsExid, redirectStatus: back.redirectStatus },
        });
        if (back.redirectStatus !== 'succeeded') {
          setFailure(t('paymentError'));
          return;
        }
        setValidated(true);
        payment.pay(
          {
            paymentDetailsExid: details.paymentDetailsExid,
            targetPaymentProvider: details.targetPaymentProvider || back.targetPaymentProvider,
            paymentMethodType: details.paymentMethodDetails?.paymentMethodType ?? back.paymentMethodType,
          },
          { consent: pending.consent },
        );
      } catch (error) {
        setFailure(messageText(i18n, paymentErrorText(error)));
      }
    })();
    // Once per visit: the provider's answer is used up.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (payment.complete) clearPendingPayment();
  }, [payment.complete]);

  if (payment.complete) return <PaidConfirmation paymentId={paymentIdOf(payment.paymentResult)} from={pending.from} />;
  const error = failure ?? messageText(i18n, payment.error) ?? (challengeRefused ? t('anErrorOccured') : null);
  if (error !== null) return <PaymentProblem message={error} licenceId={pending.licenceId} from={pending.from} />;
  if (billingFields !== null) {
    return (
      <section className="card checkout-payment__main" aria-labelledby="pay-billing-title">
        <h1 id="pay-billing-title">{t('paymentConfirmationTitle')}</h1>
        <BillingDetailsStep
          missingFields={billingFields}
          busy={payment.processing}
          onSubmit={payment.submitBillingDetails}
          onCancel={unsetBillingDetails}
        />
      </section>
    );
  }
  if (validated && payment.canPay && !payment.freeTrialDenied) {
    // The payer declined buying without the free trial, or gave up the billing details.
    return <PaymentProblem message={t('paymentCancelled')} licenceId={pending.licenceId} from={pending.from} />;
  }
  return (
    <>
      <LoadingScreen label={t('confirmingPayment')} />
      <FreeTrialPrompt
        open={payment.freeTrialDenied}
        busy={payment.processing}
        onAccept={payment.acknowledgeNoFreeTrial}
        onDecline={payment.declineFreeTrial}
      />
    </>
  );
}
