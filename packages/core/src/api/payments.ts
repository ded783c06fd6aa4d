import {
  attachCardToLicence,
  attachPaymentDetails,
  attachPaymentDetailsWithBilling,
  getCards,
  getPaymentHistory,
  getPaymentProviders,
  initPaymentMethod,
  validatePaymentMethod,
} from '../contracts/baskets.js';
import type { ApiClient, HttpApiClient } from './types.js';

/**
 * Payment-method endpoints (commerce-and-account-data.md §7, v4 paths): `init` turns a provider
 * and method (a card processor's token for a card, a `returnUrl` for a redirecting provider)
 * into payment details `{ paymentDetailsExid, targetPaymentProvider, redirectUrl? }`; `validate`
 * confirms them after a redirect. Errors: `ApiError` (401; 400 for an unknown provider; 402 card
 * codes such as `card_declined`, `expired_card`, `incorrect_number`, §8), `ContractError`,
 * `NetworkError`.
 */
export function paymentMethodsEndpoints(request: HttpApiClient['request']): ApiClient['paymentMethods'] {
  return {
    init: (details) => request(initPaymentMethod, { body: { primaryPaymentDetails: details } }),
    validate: (body) => request(validatePaymentMethod, { body }),
  };
}

/**
 * Payment endpoints (§7; the providers and history paths are this project's, docs/api.md):
 * the realm's providers, the account's payment history, and attaching payment details to a
 * licence (with the `/billing-details` suffix when `billingDetails` is true). Errors:
 * `ApiError` (401; 404 for a licence or payment details the account does not hold; 424
 * `BASKET_REQUIREMENTS_FAILED` with `details.missingFields`), `ContractError`, `NetworkError`.
 */
export function paymentsEndpoints(request: HttpApiClient['request']): ApiClient['payments'] {
  return {
    providers: () => request(getPaymentProviders),
    history: () => request(getPaymentHistory),
    attachDetails: (licenceId, paymentDetailsId, options = {}) =>
      request(options.billingDetails ? attachPaymentDetailsWithBilling : attachPaymentDetails, {
        params: { id: licenceId, paymentDetailsId },
      }),
  };
}

/**
 * Card endpoints (§3 "Card", §7; the list path is this project's): the account's stored cards
 * (never numbers, only brand, last four digits and expiry) and changing a licence's card.
 * Errors: `ApiError` (401; 404 for a card or licence the account does not hold; 424
 * `BASKET_REQUIREMENTS_FAILED` when `checkBillingDetails` finds missing fields), `ContractError`,
 * `NetworkError`.
 */
export function cardsEndpoints(request: HttpApiClient['request']): ApiClient['cards'] {
  return {
    list: () => request(getCards),
    attachToLicence: (licenceId, cardId, options = {}) =>
      request(attachCardToLicence, {
        params: { licenceId, cardId },
        query:
          options.checkBillingDetails === undefined
            ? {}
            : { checkBillingDetails: options.checkBillingDetails ? 'true' : 'false' },
      }),
  };
}
