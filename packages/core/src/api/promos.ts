import {
  redeemCancellationPromo,
  refuseCancellationPromo,
  verifyCancellationPromo,
} from '../contracts/licences.js';
import type { ApiClient, HttpApiClient } from './types.js';

/**
 * Cancellation promo endpoints (commerce-and-account-data.md §7 "Licences"): `verify` answers
 * `{ available, discount?, description? }`; `redeem` answers `{ licence }` with the discount
 * applied; `refuse` answers an empty object (the cancel is a separate call). Errors: `ApiError`
 * (404 for a licence the account does not hold, 409 when no promo is on offer), `ContractError`,
 * `NetworkError`.
 */
export function promosEndpoints(request: HttpApiClient['request']): ApiClient['promos'] {
  return {
    verify: (licenceId) => request(verifyCancellationPromo, { params: { id: licenceId } }),
    redeem: (licenceId) => request(redeemCancellationPromo, { params: { id: licenceId } }),
    refuse: (licenceId) => request(refuseCancellationPromo, { params: { id: licenceId } }),
  };
}
