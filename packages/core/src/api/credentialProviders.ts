import { gigyaLogin, opinLogin, pbrLogin, sptvLogin } from '../contracts/credentialProviders.js';
import type { ApiClient, HttpApiClient } from './types.js';

/**
 * Sign-in with PBR, SPTV, OPIN and GIGYA (identity-and-routes.md §7; GIGYA's call is this
 * project's, docs/api.md): `pbr` and `sptv` send `{ id, secret }`, `opin` sends
 * `{ opinAuthToken }`, `gigya` sends `{ idToken }`; each answers the login tokens. Sent without a
 * bearer. Errors: `ApiError` (404 `invalidCredentials` for a wrong id or secret, 401 for a bad
 * token, 400 for a malformed body), `ContractError` (an empty value: nothing is sent), `NetworkError`.
 */
export function credentialProvidersEndpoints(request: HttpApiClient['request']): ApiClient['credentialProviders'] {
  return {
    pbr: (credentials) => request(pbrLogin, { body: { id: credentials.id, secret: credentials.secret } }),
    sptv: (credentials) => request(sptvLogin, { body: { id: credentials.id, secret: credentials.secret } }),
    opin: (opinAuthToken) => request(opinLogin, { body: { opinAuthToken } }),
    gigya: (idToken) => request(gigyaLogin, { body: { idToken } }),
  };
}
