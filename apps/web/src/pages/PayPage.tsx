import { useState } from 'react';
import { useFlow } from '@stream/react';
import { providerReturnOf, type ProviderReturn } from '@stream/core/domain';
import { connectPayment, paymentMachine } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { BillingDetailsStep } from '../checkout/BillingDetailsStep';
import { FreeTrialPrompt } from '../checkout/FreeTrialPrompt';
import { messageText, useReturnQuery } from '../checkout/messages';
import { usePaymentEnv } from '../checkout/paymentEnv';
import { PaymentComplete } from '../checkout/PaymentComplete';
import { PaymentProblem } from '../checkout/PaymentProblem';
import { LoadingScreen } from '../components/StatusScreen';
import '../styles/checkout.css';

/**
 * PAY (`/pay/:providerId`) and PAYMENT_CONFIRMATION (`/pay`): where PayPal or iDEAL sends the payer
 * back (commerce-and-account-data.md §2 "Payment confirmation page", §4 "Redirecting payment
 * providers"). The query (`targetPaymentProvider`, `paymentProviderId`, `paymentMethodType`,
 * `paymentDetailsExid`, `redirect_status`) is read once and removed from the address bar; core's
 * payment machine (`start: providerReturn`) does the rest with the pending checkout of this tab:
 * `paymentMethods.validate`, then the open basket paid with those details, the checkout's consent
 * and idempotency key → the confirmation read from the payment history. A decline (`failed`) or a
 * validate error shows the mapped message and a way back to the checkout; 409 `freeTrialDenied`
 * and 424 are handled as at the checkout. Without a pending checkout or without the parameters: a
 * clear error and the plans. A gift's payment (issue 18) ends on the gift's page GIFT (the
 * machine navigates there) and its way back is the gift's checkout GIFT_PAY.
 */
export default function PayPage() {
  const { t } = useI18n();
  const { status } = useSession();
  const query = useReturnQuery();
  const [back] = useState(() => providerReturnOf(query));
  useDocumentTitle(t('paymentConfirmationTitle'), t('appName'));

  if (status === 'loading') return <LoadingScreen label={t('confirmingPayment')} />;
  return (
    <div className="page">
      <ProviderPayment back={back} />
    </div>
  );
}

function ProviderPayment({ back }: { back: ProviderReturn | null }) {
  const i18n = useI18n();
  const { t } = i18n;
  const env = usePaymentEnv();
  const [payment] = useFlow(paymentMachine, { input: { ...env, start: { kind: 'providerReturn', query: back } }, connect: connectPayment });
  const licenceId = payment.item === '' ? null : payment.item;

  if (payment.status === 'problem') {
    return <PaymentProblem message={messageText(i18n, payment.problem) ?? t('anErrorOccured')} licenceId={licenceId} from={payment.from} giftId={payment.giftId} />;
  }
  // A gift: the machine went on to the gift's page (GIFT); nothing of the plan's confirmation shows.
  if (payment.destination !== null) return <LoadingScreen label={t('loading')} />;
  if (payment.complete) return <PaymentComplete licenceName={payment.paid?.licenceName ?? null} paid={payment.paid?.paid ?? null} from={payment.from} />;
  const error = messageText(i18n, payment.error);
  if (error !== null) return <PaymentProblem message={error} licenceId={licenceId} from={payment.from} giftId={payment.giftId} />;
  if (payment.billingFields !== null) {
    return (
      <section className="card checkout-payment__main" aria-labelledby="pay-billing-title">
        <h1 id="pay-billing-title">{t('paymentConfirmationTitle')}</h1>
        <BillingDetailsStep payment={payment} />
      </section>
    );
  }
  // The payer declined buying without the free trial, or gave up the billing details.
  if (payment.cancelled) return <PaymentProblem message={t('paymentCancelled')} licenceId={licenceId} from={payment.from} giftId={payment.giftId} />;
  return (
    <>
      <LoadingScreen label={t('confirmingPayment')} />
      <FreeTrialPrompt payment={payment} />
    </>
  );
}
