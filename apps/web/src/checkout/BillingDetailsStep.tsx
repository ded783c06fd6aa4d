import { lazy, Suspense } from 'react';
import type { ApiClient } from '@stream/core/api';
import type { CheckoutContext, Country } from '@stream/core/contracts';
import { useI18n, useServices } from '../app/context';
import { useResource } from '../app/useResource';
import { InlineError, InlineStatus } from '../components/StatusScreen';

// Loaded when a payment needs billing details (a 424): the form brings the phone-number rules
// (libphonenumber-js, about 30 KB gzipped), which the checkout's first load does not need.
const BillingDetailsForm = lazy(() => import('./billing/BillingDetailsForm').then((m) => ({ default: m.BillingDetailsForm })));

export interface BillingDetailsStepProps {
  /** The billing fields the platform asked for (424 `details.missingFields`). */
  missingFields: readonly string[];
  /** The payment runs again with the details: the form's submit shows progress. */
  busy: boolean;
  /** The details (platform field names → values): the machine's `submitBillingDetails`. */
  onSubmit(values: Record<string, string>): void;
  /** The payer gives up: the machine's `billingDetails.unset`. */
  onCancel(): void;
}

/** What the billing form needs besides the missing fields. */
interface BillingData {
  context: CheckoutContext;
  countries: Country[];
}

async function loadBillingData(api: ApiClient): Promise<BillingData> {
  const [context, countries] = await Promise.all([api.checkout.context(), api.countries.list()]);
  return { context, countries: countries.countries };
}

/**
 * The missing-fields handling of a payment (commerce-and-account-data.md §8: HTTP 424
 * `BASKET_REQUIREMENTS_FAILED`): loads the checkout context (`checkout.context()`: the buyer's
 * country, provider fields, purpose) and `countries.list()`, then renders the billing-details form
 * (`checkout/billing/BillingDetailsForm`). A load failure shows `unknownError` with Retry and a
 * way out (Cancel).
 */
export function BillingDetailsStep({ missingFields, busy, onSubmit, onCancel }: BillingDetailsStepProps) {
  const { t } = useI18n();
  const { api } = useServices();
  const data = useResource(() => loadBillingData(api));
  if (data.status === 'loading') return <InlineStatus label={t('loading')} />;
  if (data.status === 'failed' || !data.data) {
    return (
      <div>
        <InlineError message={t('unknownError')} retryLabel={t('retry')} onRetry={data.reload} />
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('checkoutBack')}
        </button>
      </div>
    );
  }
  const { context, countries } = data.data;
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
