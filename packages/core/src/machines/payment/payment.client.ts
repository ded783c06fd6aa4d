import type { ApiClient } from '../../api/types.js';
import type { BillingDetails } from '../../contracts/checkout.js';
import type { PayActorInput, PaymentApiLike, PayResultLike } from './payment.types.js';

/** Billing fields stored at the top level of the billing details; every other field is an address field. */
const TOP_LEVEL_FIELDS = ['country', 'birthDate', 'taxNumber', 'phoneNumber'] as const;

/**
 * Splits the billing values of the payment machine (field name → value, as a 424's
 * `missingFields` names them) into the billing-details body: `country`, `birthDate`, `taxNumber`
 * and `phoneNumber` at the top level, every other non-blank field under `address`. Blank values
 * are left out. Never throws.
 */
export function billingDetailsBody(values: Readonly<Record<string, string>>): BillingDetails {
  const body: Record<string, unknown> = {};
  const address: Record<string, string> = {};
  for (const [field, raw] of Object.entries(values ?? {})) {
    if (typeof raw !== 'string' || raw.trim() === '') continue;
    const value = raw.trim();
    if ((TOP_LEVEL_FIELDS as readonly string[]).includes(field)) body[field] = field === 'country' ? value.toUpperCase() : value;
    else address[field] = value;
  }
  if (Object.keys(address).length > 0) body.address = address;
  return body as BillingDetails;
}

/**
 * The payment machine's `api` over the API client: one pay attempt is
 * 1. `checkout.saveBillingDetails` first when the attempt carries billing details (after a 424);
 * 2. `baskets.payCurrent(…)` on the viewer's open basket with the attempt's idempotency key,
 *    `acknowledgeNoFreeTrial` when the payer accepted buying without the trial, the consent
 *    answers, and `paymentArrangement.primaryPaymentDetailsAttributes` from the details (a zero
 *    balance pays with provider `ZERO_BALANCE`, no details id), and the attempt's
 *    `captchaHeaders` (`X-Captcha-Token`, issue 18) when given.
 * Rejects with the client's errors (`ApiError` 402/403/409/424…, `ContractError`,
 * `NetworkError`), which the machine maps with the domain's `paymentErrorMessage`.
 * Implements commerce-and-account-data.md §5 and §7 "Baskets and payments".
 */
export function paymentApiFromClient(api: Pick<ApiClient, 'baskets' | 'checkout'>): PaymentApiLike {
  return {
    async pay(attempt: Omit<PayActorInput, 'api'>): Promise<PayResultLike> {
      const billing = billingDetailsBody(attempt.billingDetails);
      if (Object.keys(billing).length > 0) await api.checkout.saveBillingDetails({ body: billing });
      const { details } = attempt;
      const methodType = details.paymentMethodType ?? details.paymentMethodDetails?.paymentMethodType ?? 'CARD';
      const id = details.paymentDetailsExid;
      const attributes = attempt.zeroBalance
        ? { targetPaymentProvider: 'ZERO_BALANCE', paymentMethodType: 'ZERO_BALANCE' }
        : {
            ...(id === undefined || id === null || id === '' ? {} : { paymentDetailsExternalId: String(id) }),
            targetPaymentProvider: details.targetPaymentProvider ?? '',
            paymentMethodType: methodType,
          };
      return api.baskets.payCurrent({
        body: {
          paymentArrangement: { primaryPaymentDetailsAttributes: attributes },
          ...(attempt.consent.length > 0 ? { consent: attempt.consent } : {}),
        },
        // Issue 18: the solved captcha's X-Captcha-Token when the realm's captcha guards payment.
        headers: { ...attempt.captchaHeaders, 'Idempotency-Key': attempt.idempotencyKey },
        query: attempt.acknowledgeNoFreeTrial ? { acknowledgeNoFreeTrial: 'true' } : {},
      });
    },
  };
}
