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
import { deleteCard, getCheckoutContext, saveBillingDetails, setDefaultCard } from '../contracts/checkout.js';
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
    remove: (cardId) => request(deleteCard, { params: { cardId } }),
    setDefault: (cardId) => request(setDefaultCard, { params: { cardId } }),
  };
}

/**
 * The checkout's own calls (this project's paths, docs/api.md "Checkout"): the checkout context
 * (who may buy, consent terms, provider fields) and saving billing details. Errors: `ApiError`
 * (401; 400 for a malformed value), `ContractError`, `NetworkError`.
 */
export function checkoutEndpoints(request: HttpApiClient['request']): ApiClient['checkout'] {
  return {
    context: () => request(getCheckoutContext),
    saveBillingDetails: (details) => request(saveBillingDetails, { body: details }),
  };
}
