import { lazy, Suspense } from 'react';
import type { PaymentApi } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { InlineError, InlineStatus } from '../components/StatusScreen';

// Loaded when a payment needs billing details (a 424): the form brings the phone-number rules
// (libphonenumber-js, about 30 KB gzipped), which the checkout's first load does not need.
const BillingDetailsForm = lazy(() => import('./billing/BillingDetailsForm').then((m) => ({ default: m.BillingDetailsForm })));

export interface BillingDetailsStepProps {
  /**
   * The payment (`connectPayment`) that asked for billing details: its `billingFields` (424
   * `details.missingFields`), `processing` (the payment runs again with the details: the form's
   * submit shows progress), `billingForm` (the form's data: the checkout context and the
   * countries), `retryBillingForm`, `submitBillingDetails` (platform field names → values) and
   * `unsetBillingDetails` (the payer gives up).
   */
  payment: PaymentApi;
}

/**
 * The missing-fields handling of a payment (commerce-and-account-data.md §8: HTTP 424
 * `BASKET_REQUIREMENTS_FAILED`): while the payment machine loads the checkout context (the
 * buyer's country, provider fields, purpose) and the countries, a status; then the billing-details
 * form (`checkout/billing/BillingDetailsForm`, loaded on demand). A load failure shows
 * `unknownError` with Retry and a way out (Cancel).
 */
export function BillingDetailsStep({ payment }: BillingDetailsStepProps) {
  const { t } = useI18n();
  const { billingForm: form, retryBillingForm: onRetry, unsetBillingDetails: onCancel } = payment;
  if (form.status === 'failed') {
    return (
      <div>
        <InlineError message={t('unknownError')} retryLabel={t('retry')} onRetry={onRetry} />
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('checkoutBack')}
        </button>
      </div>
    );
  }
  if (form.data === null) return <InlineStatus label={t('loading')} />;
  const { context, countries } = form.data;
  return (
    <Suspense fallback={<InlineStatus label={t('loading')} />}>
      <BillingDetailsForm
        missingFields={payment.billingFields ?? []}
        country={context.country}
        countries={countries}
        fields={context.fields}
        purpose={context.purpose}
        busy={payment.processing}
        onSubmit={payment.submitBillingDetails}
        onCancel={onCancel}
      />
    </Suspense>
  );
}
