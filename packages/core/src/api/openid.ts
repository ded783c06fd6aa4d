import { exchangeOpenIdCode, getOpenIdAuthUri, getOpenIdLogoutUri } from '../contracts/openid.js';
import { getRealmSettings } from '../contracts/realm.js';
import type { ApiClient, HttpApiClient } from './types.js';

/**
 * OpenID Connect endpoints of a realm client (identity-and-routes.md §7): `authUri` answers
 * `{ authorisationUri, silentAuthorisationUri? }` (query `authoriseUriFlow`, plus `redirectUri`
 * when given), `token` sends `{ authorisationCode, state }` and answers the login tokens,
 * `logoutUri` answers `{ logoutUri }`. Sent without a bearer. Errors: `ApiError` (404 unknown
 * client, 409 used or unknown state, 400 refused code), `ContractError`, `NetworkError`.
 */
export function openidEndpoints(request: HttpApiClient['request']): ApiClient['openid'] {
  return {
    authUri: (client, flow, options) =>
      request(getOpenIdAuthUri, {
        params: { client },
        query: options?.redirectUri ? { authoriseUriFlow: flow, redirectUri: options.redirectUri } : { authoriseUriFlow: flow },
      }),
    token: (client, { code, state }) => request(exchangeOpenIdCode, { params: { client }, body: { authorisationCode: code, state } }),
    logoutUri: (client) => request(getOpenIdLogoutUri, { params: { client } }),
  };
}

/** The realm's page-wide sign-in settings (`GET /api/v2/realm/settings`, docs/api.md). */
export function realmEndpoints(request: HttpApiClient['request']): ApiClient['realm'] {
  return { settings: () => request(getRealmSettings) };
}
