import {
  confirmEmail,
  createPasswordReset,
  exchangeMagicLink,
  requestMagicLink,
  resetPassword,
} from '../contracts/emailFlows.js';
import type { ApiClient, HttpApiClient } from './types.js';

/** Provider whose password is reset when the caller names none: the main ID provider (§2). */
export const DEFAULT_PASSWORD_RESET_PROVIDER = 'ID';

/**
 * Password reset endpoints (identity-and-routes.md §4 "Password reset", §7): `request(email,
 * provider = 'ID')` sends `POST /api/v2/reset-password/create { id: email, provider }` and answers
 * `{}` whether or not the account exists; `reset(token, secret)` sends `PUT /api/v2/reset-password`
 * and answers `{}`. Errors: `ApiError` (404 `NOT_FOUND` `invalidResetToken` for an unknown, used or
 * expired token; 400 with `passwordTooShort`/`passwordTooLong`; 400 `passwordResetNotOffered`),
 * `ContractError` (an empty email, token or password: nothing is sent), `NetworkError`.
 */
export function passwordResetEndpoints(request: HttpApiClient['request']): ApiClient['passwordReset'] {
  return {
    request: (email, provider = DEFAULT_PASSWORD_RESET_PROVIDER) =>
      request(createPasswordReset, { body: { id: email, provider } }),
    reset: (token, secret) => request(resetPassword, { body: { token, secret } }),
  };
}

/**
 * Magic link endpoints (identity-and-routes.md §4 "Magic link", §7): `request(email)` sends
 * `GET /api/v2/token/alt/magic-email?email=…` and answers `{}` whether or not the account
 * exists; `exchange(token)` sends `POST /api/v2/token/alt/magic-email { token }` and answers the
 * session's tokens, as `POST /login` does. Errors: `ApiError` (404 `NOT_FOUND` for an unknown,
 * used or expired token), `ContractError`, `NetworkError`.
 */
export function magicLinkEndpoints(request: HttpApiClient['request']): ApiClient['magicLink'] {
  return {
    request: (email) => request(requestMagicLink, { query: { email } }),
    exchange: (token) => request(exchangeMagicLink, { body: { token } }),
  };
}

/**
 * Email confirmation endpoint (this project's call, docs/api.md "Email flows"): `confirm(token)`
 * sends `POST /api/v2/user/email-confirmation { token }` and answers `{ email }`. Errors:
 * `ApiError` (404 `NOT_FOUND` for an unknown, used or expired token), `ContractError`,
 * `NetworkError`.
 */
export function emailConfirmationEndpoints(request: HttpApiClient['request']): ApiClient['emailConfirmation'] {
  return {
    confirm: (token) => request(confirmEmail, { body: { token } }),
  };
}
