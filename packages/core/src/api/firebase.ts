import { firebaseSignIn, firebaseSignUp } from '../contracts/firebase.js';
import type { ApiClient, HttpApiClient } from './types.js';

/**
 * Firebase sign-in endpoints (identity-and-routes.md §7): `signUp` sends `POST
 * /api/v1/firebase-auth/signup { username, password, consentAnswers, appCheckToken? }` and
 * answers `{ uid? }`; `signIn` sends `POST /api/v1/firebase-auth { firebaseAuthToken,
 * firebaseRefreshToken }` and answers the login tokens. Sent without a bearer. Errors:
 * `ApiError` (409 email in use, 403 self-registration off, 401 token refused, 400 bad body, 503
 * Firebase unavailable), `ContractError`, `NetworkError`.
 */
export function firebaseEndpoints(request: HttpApiClient['request']): ApiClient['firebase'] {
  return {
    signUp: (body) => request(firebaseSignUp, { body }),
    signIn: (body) => request(firebaseSignIn, { body }),
  };
}
