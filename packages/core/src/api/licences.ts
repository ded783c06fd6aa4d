import {
  cancelLicence,
  consentPriceMigration,
  getLicenceFamilies,
  getLicences,
  getUserLicences,
  pauseLicence,
  reactivateLicence,
  scheduleDowngrade,
  cancelDowngrade,
  resumeLicence,
} from '../contracts/licences.js';
import type { ApiClient, HttpApiClient } from './types.js';

/**
 * Licence endpoints (commerce-and-account-data.md §7 "Licences"; shapes in §3 "Licence"). The
 * lifecycle calls (pause, resume, cancel, reactivate, price-migration consent) answer
 * `{ licence }`, the account's licence as it now stands. Errors: `ApiError` (401 without a
 * session, 404 for a licence the account does not hold, 409 for an action its state refuses),
 * `ContractError` (a bad `resumeAfter` or an answer off contract), `NetworkError`.
 */
export function licencesEndpoints(request: HttpApiClient['request']): ApiClient['licences'] {
  return {
    list: () => request(getLicences),
    families: (options = {}) =>
      request(getLicenceFamilies, {
        query: {
          includeEntitlements: 'ALL_ACTIVE_USER_ENTITLEMENTS',
          ...(options.licenceIds?.length ? { licenceId: options.licenceIds.join(',') } : {}),
        },
      }),
    mine: () => request(getUserLicences),
    pause: (id, options = {}) =>
      request(pauseLicence, {
        params: { id },
        body: options.resumeAfter === undefined ? {} : { config: { resumeAfter: options.resumeAfter } },
      }),
    resume: (id) => request(resumeLicence, { params: { id } }),
    cancel: (id, options = {}) =>
      request(cancelLicence, {
        params: { id },
        query: options.ignoreDiscount ? { cancellationDiscount: 'IGNORE' } : {},
      }),
    reactivate: (id) => request(reactivateLicence, { params: { id } }),
    scheduleDowngrade: (id, licenceId) => request(scheduleDowngrade, { params: { id }, body: { licenceId } }),
    cancelDowngrade: (id) => request(cancelDowngrade, { params: { id } }),
    priceMigrationConsent: (migrationId, status) =>
      request(consentPriceMigration, { params: { id: migrationId }, body: { status } }),
  };
}
