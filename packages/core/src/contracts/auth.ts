import * as z from 'zod/mini';
import { defineCall } from './define.js';

/** A string of at least one character. */
const nonEmpty = () => z.string().check(z.minLength(1));

/** `missingInformationStatus` of a login answer: what the account still has to provide. */
export const missingInformationStatusSchema = z.string();

/** A provider already linked to the account, in a login answer (identity-and-routes.md §3). */
export const linkedAccountSchema = z.looseObject({ provider: z.string() });

/**
 * Tokens every sign-in answers with. `authorisationToken` is a JWT (claims in domain/claims),
 * `refreshToken` an opaque string. Implements identity-and-routes.md §3 "Login response".
 */
export const loginResponseSchema = z.looseObject({
  authorisationToken: nonEmpty(),
  refreshToken: nonEmpty(),
  missingInformationStatus: z.optional(missingInformationStatusSchema),
  linkedAccounts: z.optional(z.array(linkedAccountSchema)),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `POST /api/v2/login` body: `id` is the email, `secret` the password (§7). */
export const loginRequestSchema = z.object({ id: nonEmpty(), secret: nonEmpty() });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `POST /api/v2/token/refresh` body. */
export const tokenRefreshRequestSchema = z.object({ refreshToken: nonEmpty() });
/** Refresh answer; when `refreshToken` is absent the client keeps the old one. */
export const tokenRefreshResponseSchema = z.looseObject({
  authorisationToken: nonEmpty(),
  refreshToken: z.optional(nonEmpty()),
});
export type TokenRefreshResponse = z.infer<typeof tokenRefreshResponseSchema>;

/**
 * `POST /api/v2/logout` body: `{ everywhere: true }` ends every session of the account;
 * `{ refreshToken }` ends this session (its refresh token and rotations).
 */
export const logoutRequestSchema = z.object({
  everywhere: z.optional(z.boolean()),
  refreshToken: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
});
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

/** A consent answer given at sign-up: the consent term's `fieldName` and whether it was ticked. */
export const consentAnswerSchema = z.object({
  fieldName: nonEmpty(),
  answer: z.boolean(),
});

/**
 * `POST /api/v2/user` body: ID sign-up. Defined by this project (the spec does not show it);
 * documented in docs/api.md. `id` is the email, `secret` the password (8 to 128 characters).
 */
export const signUpRequestSchema = z.object({
  id: z.email(),
  secret: z.string().check(z.minLength(8), z.maxLength(128)),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  consentAnswers: z.optional(z.array(consentAnswerSchema)),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/**
 * The `auth` area (`calls.auth`): ID sign-in and sign-up, token refresh, guest check-in and
 * logout (identity-and-routes.md §7). Sign-ins answer the tokens of §3 "Login response"; the
 * session machine stores them.
 */
export const authCalls = {
  /**
   * `POST /api/v2/login { id, secret }` (`id` the email, `secret` the password): ID sign-in.
   * Answers the login tokens. Errors: 404 `NOT_FOUND` for a wrong email or password (whether or
   * not the account exists), 429 `TOO_MANY_ATTEMPTS` with `Retry-After`. Implements
   * identity-and-routes.md §7 "POST /login".
   */
  login: defineCall({
    name: 'auth.login',
    method: 'POST',
    path: '/api/v2/login',
    body: loginRequestSchema,
    response: loginResponseSchema,
    auth: 'none',
  }),
  /**
   * `POST /api/v2/user { id, secret, name, consentAnswers? }` (201): ID sign-up, creates the
   * account and signs it in (answers the tokens, as `POST /login`). Errors: 409 `CONFLICT` when
   * the email is taken, 400 `BAD_REQUEST` for invalid fields, 403 `FORBIDDEN`
   * `kidPurchasePermissionDenied` from a child profile's session (commerce §6).
   */
  signUp: defineCall({
    name: 'auth.signUp',
    method: 'POST',
    path: '/api/v2/user',
    body: signUpRequestSchema,
    response: loginResponseSchema,
    auth: 'optional',
    status: 201,
  }),
  /**
   * `POST /api/v2/token/refresh { refreshToken }`, sent with the current (possibly expired)
   * bearer: `{ authorisationToken, refreshToken? }` (absent: the old refresh token stays).
   * The raw call; the client's single-flight `api.refresh()` sends it and stores the tokens.
   * Implements identity-and-routes.md §7 "Token refresh at /token/refresh".
   */
  tokenRefresh: defineCall({
    name: 'auth.refresh',
    method: 'POST',
    path: '/api/v2/token/refresh',
    body: tokenRefreshRequestSchema,
    response: tokenRefreshResponseSchema,
    auth: 'optional',
  }),
  /**
   * `POST /api/v2/login/guest/checkin`, no body: a guest's tokens, whose claims carry
   * `gue: true` (identity-and-routes.md §6).
   */
  guestCheckin: defineCall({
    name: 'auth.guestCheckin',
    method: 'POST',
    path: '/api/v2/login/guest/checkin',
    response: loginResponseSchema,
    auth: 'none',
  }),
  /**
   * `POST /api/v2/logout { refreshToken }` ends this session, `{ everywhere: true }` every
   * session of the account, server side (this project's call: the spec shows only the external
   * OAuth logout; docs/api.md "Sessions: revocation"). Bearer required. With `everywhere` every
   * access token of the account, this one included, is refused from the next call and every
   * refresh token is revoked; with `refreshToken` only that session's refresh family is revoked.
   * Answers `{}` (also for an unknown refresh token). Errors: 400 `BAD_REQUEST` for neither
   * field; 401 without a signed-in user.
   */
  logout: defineCall({
    name: 'auth.logout',
    method: 'POST',
    path: '/api/v2/logout',
    body: logoutRequestSchema,
    response: z.looseObject({}),
    auth: 'required',
  }),
};
