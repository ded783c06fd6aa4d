import { lazy, Suspense } from 'react';
import type { PaymentApi } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { InlineError, InlineStatus } from '../components/StatusScreen';

// Loaded when a payment needs billing details (a 424): the form brings the phone-number rules
// (libphonenumber-js, about 30 KB gzipped), which the checkout's first load does not need.
const BillingDetailsForm = lazy(() => import('./billing/BillingDetailsForm').then((m) => ({ default: m.BillingDetailsForm })));

export interface BillingDetailsStepProps {
  /** The billing fields the platform asked for (424 `details.missingFields`). */
  missingFields: readonly string[];
  /** The payment runs again with the details: the form's submit shows progress. */
  busy: boolean;
  /** The form's data as the payment loads it (the checkout context and the countries). */
  form: PaymentApi['billingForm'];
  /** Loads the form's data again (the payment's `retryBillingForm`). */
  onRetry(): void;
  /** The details (platform field names → values): the machine's `submitBillingDetails`. */
  onSubmit(values: Record<string, string>): void;
  /** The payer gives up: the machine's `billingDetails.unset`. */
  onCancel(): void;
}

/**
 * The missing-fields handling of a payment (commerce-and-account-data.md §8: HTTP 424
 * `BASKET_REQUIREMENTS_FAILED`): while the payment machine loads the checkout context (the
 * buyer's country, provider fields, purpose) and the countries, a status; then the billing-details
 * form (`checkout/billing/BillingDetailsForm`, loaded on demand). A load failure shows
 * `unknownError` with Retry and a way out (Cancel).
 */
export function BillingDetailsStep({ missingFields, busy, form, onRetry, onSubmit, onCancel }: BillingDetailsStepProps) {
  const { t } = useI18n();
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
        missingFields={missingFields}
        country={context.country}
        countries={countries}
        fields={context.fields}
        purpose={context.purpose}
        busy={busy}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
    </Suspense>
  );
}
