import {
  addVoucher,
  getBasket,
  payBasket,
  payCurrentBasket,
  putBasket,
  redeemVoucher,
  removeVoucher,
} from '../contracts/baskets.js';
import { voucherPathSegment, voucherRedeemBody } from '../domain/vouchers.js';
import { ContractError } from './errors.js';
import type { ApiClient, HttpApiClient } from './types.js';

/** `{ acknowledgeNoFreeTrial: 'true' | 'false' }` when the flag is given, else no query. */
const acknowledgeQuery = (acknowledge: boolean | undefined) =>
  acknowledge === undefined ? {} : { acknowledgeNoFreeTrial: acknowledge ? ('true' as const) : ('false' as const) };

/**
 * A voucher code as the `:code` path value. The client's `fillPath` URL-encodes every path value
 * with `encodeURIComponent` (as `voucherPathSegment` does), so `a/b?c` stays one segment
 * (`a%2Fb%3Fc`). Lone surrogates (which `encodeURIComponent` throws on) become U+FFFD, as in
 * `voucherPathSegment`. `.` and `..` pass through `encodeURIComponent` unchanged and URL
 * parsers resolve them away (the call would reach another route): a `ContractError`
 * (direction `request`) is raised and nothing is sent. An empty code fails the same way in
 * `fillPath`.
 */
function voucherCodeParam(call: string, code: string): string {
  if (code === '.' || code === '..') {
    throw new ContractError({
      call,
      direction: 'request',
      issues: [{ path: 'params.code', message: 'A voucher code cannot be a dot segment' }],
    });
  }
  return decodeURIComponent(voucherPathSegment(code));
}

/**
 * Basket endpoints (commerce-and-account-data.md §7 "Baskets and payments", §3 "Basket"). Each
 * basket call answers the basket `{ id, basketItems, amounts }`. Errors: `ApiError` (401 without
 * a session; 404 for an unknown licence or basket; 409 `freeTrialDenied` when the licence's trial
 * is refused and `acknowledgeNoFreeTrial` was not `true`; 424 `BASKET_REQUIREMENTS_FAILED` from
 * `pay` with `ApiError.details.missingFields`; 402 card codes such as `card_declined` from `pay`,
 * §8), `ContractError`, `NetworkError`.
 */
export function basketsEndpoints(request: HttpApiClient['request']): ApiClient['baskets'] {
  return {
    get: () => request(getBasket),
    put: (licenceId, options = {}) =>
      request(putBasket, { params: { id: licenceId }, query: acknowledgeQuery(options.acknowledgeNoFreeTrial) }),
    pay: (basketId, body, options) => {
      const init = {
        body,
        query: acknowledgeQuery(options.acknowledgeNoFreeTrial),
        headers: { 'Idempotency-Key': options.idempotencyKey },
      };
      if (!options.idempotencyKey) {
        return Promise.reject(
          new ContractError({
            call: basketId === null ? payCurrentBasket.name : payBasket.name,
            direction: 'request',
            issues: [{ path: 'headers.Idempotency-Key', message: 'Missing idempotency key' }],
          }),
        );
      }
      return basketId === null
        ? request(payCurrentBasket, init)
        : request(payBasket, { ...init, params: { id: basketId } });
    },
  };
}

/**
 * Voucher endpoints (§7, §5 "Voucher code is URL-encoded before sending. A licence voucher is
 * applied with licenceId only when it is an integer"). `add` and `remove` answer the basket with
 * its new amounts. Errors: `ApiError` (401; 404 for an unknown code or one not in the basket;
 * 409 for a voucher that does not apply), `ContractError` (an empty or `.`/`..` code, before
 * sending), `NetworkError`.
 */
export function vouchersEndpoints(request: HttpApiClient['request']): ApiClient['vouchers'] {
  return {
    add: async (code) => request(addVoucher, { params: { code: voucherCodeParam(addVoucher.name, code) } }),
    remove: async (code) => request(removeVoucher, { params: { code: voucherCodeParam(removeVoucher.name, code) } }),
    redeem: (code, licenceId) => request(redeemVoucher, { body: voucherRedeemBody(code, licenceId) }),
  };
}
