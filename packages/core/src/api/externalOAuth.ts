import { exchangeExternalOAuthCode, exchangeImpersonationToken, externalOAuthLogout, getExternalOAuthAuthUri } from '../contracts/externalOAuth.js';
import type { ApiClient, HttpApiClient } from './types.js';

/**
 * Generic external OAuth endpoints of a realm provider (identity-and-routes.md §7
 * "{ext-oauth-route}", here `/api/v2/oauth/{provider}`): `authUri` answers `{ authorisationUri }`
 * (query `extraParams` and `redirectUri` when given), `token` sends `{ authorisationCode, state }`
 * and answers the login tokens, `logout` sends `{ refreshToken }` and answers `{}`. Sent without
 * a bearer. Errors: `ApiError` (404 unknown provider, 409 used or unknown state, 400 refused
 * code), `ContractError`, `NetworkError`.
 */
export function externalOAuthEndpoints(request: HttpApiClient['request']): ApiClient['externalOAuth'] {
  return {
    authUri: (provider, options) => {
      const query: { extraParams?: string; redirectUri?: string } = {};
      if (options?.extraParams) query.extraParams = options.extraParams;
      if (options?.redirectUri) query.redirectUri = options.redirectUri;
      return request(getExternalOAuthAuthUri, { params: { provider }, query });
    },
    token: (provider, { code, state }) =>
      request(exchangeExternalOAuthCode, { params: { provider }, body: { authorisationCode: code, state } }),
    logout: (provider, refreshToken) => request(externalOAuthLogout, { params: { provider }, body: { refreshToken } }),
  };
}

/**
 * The impersonation exchange (identity-and-routes.md §6; this project's call, docs/api.md
 * "Impersonation"): `exchange(token)` sends `POST /api/v2/impersonation/token
 * { impersonationToken }` without a bearer and answers the user's tokens with `impersonated: true`.
 * Errors: `ApiError` 404 for an unknown, used or expired token; `ContractError`; `NetworkError`.
 */
export function impersonationEndpoints(request: HttpApiClient['request']): ApiClient['impersonation'] {
  return { exchange: (token) => request(exchangeImpersonationToken, { body: { impersonationToken: token } }) };
}
