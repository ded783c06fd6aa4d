import type { Country, CheckoutContext } from '@stream/core/contracts';

/**
 * Props of {@link BillingDetailsForm}: the billing-details form a 424 `BASKET_REQUIREMENTS_FAILED`
 * asks for (commerce-and-account-data.md §2, §5; identity-and-routes.md §2, §3, §5).
 */
export interface BillingDetailsFormProps {
  /** The fields the platform named in `details.missingFields` (`postalCode`, `line1`, `taxNumber`, `birthDate`, `phoneNumber`, …). */
  missingFields: readonly string[];
  /** The buyer's country (ISO 3166-1 alpha-2) from the checkout context; the form may let the buyer change it. */
  country: string;
  /** The countries of `countries.list()` (address requirements, phone calling codes). */
  countries: readonly Country[];
  /** The provider fields and purpose of the checkout context (restricted-field rule). */
  fields: CheckoutContext['fields'];
  purpose: string;
  /** A payment runs: disable the submit button and show progress. */
  busy: boolean;
  /** Valid values, keyed by the platform's field names (`country` too): the payment machine's `submitBillingDetails`. */
  onSubmit(values: Record<string, string>): void;
  /** The buyer gives up (the payment machine's `billingDetails.unset`). */
  onCancel(): void;
}

/** Placeholder, being written (issue 4). */
export function BillingDetailsForm(_props: BillingDetailsFormProps) {
  return null;
}
