import { guestCheckin, login, logout, signUp } from '../contracts/auth.js';
import type { ApiClient, HttpApiClient } from './types.js';

/**
 * Auth endpoints (identity-and-routes.md §7). Answers are the tokens of §3 "Login response";
 * the session machine stores them. `refresh` is the client's single-flight refresh.
 * Errors: `ApiError` (404 `NOT_FOUND` for a wrong email or password, 409 `CONFLICT` when signing
 * up with a taken email), `ContractError`, `NetworkError`.
 */
export function authEndpoints(request: HttpApiClient['request'], refresh: ApiClient['auth']['refresh']): ApiClient['auth'] {
  return {
    login: (body) => request(login, { body }),
    signUp: (body) => request(signUp, { body }),
    guestCheckin: () => request(guestCheckin),
    logout: (body) => request(logout, { body }),
    refresh,
  };
}
