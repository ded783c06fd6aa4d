import * as z from 'zod/mini';
import { defineCall } from './define.js';
import { loginResponseSchema } from './auth.js';

/** A string of at least one character. */
const nonEmpty = () => z.string().check(z.minLength(1));

/**
 * Query of `GET /api/v2/oauth/{provider}/auth-uri`: `extraParams` (§7 "optional extraParams
 * query": a form-encoded `name=value&…` string the platform passes on to the provider's
 * authorisation address; the names the platform sets itself are ignored) and, this project's
 * addition, `redirectUri` (the web app's `/oauth/{provider}` address; the platform uses its
 * configured web address when it is absent).
 */
export const externalOAuthAuthUriQuerySchema = z.object({
  extraParams: z.optional(z.string().check(z.maxLength(2000))),
  redirectUri: z.optional(z.url({ protocol: /^https?$/ })),
});

/** Answer of the external OAuth auth-uri call (§7): the provider's authorisation address, carrying `state` and a PKCE challenge. */
export const externalOAuthAuthUriResponseSchema = z.looseObject({
  authorisationUri: z.url({ protocol: /^https?$/ }),
});
export type ExternalOAuthAuthUri = z.infer<typeof externalOAuthAuthUriResponseSchema>;

/**
 * Body of `POST /api/v2/oauth/{provider}/token`: the `authorisationCode` the provider sent back
 * (§7) plus, this project's addition, the `state` it came with (the platform finds the PKCE
 * verifier of that authorisation by `state` and uses it once).
 */
export const externalOAuthTokenRequestSchema = z.object({
  authorisationCode: nonEmpty(),
  state: nonEmpty(),
});
export type ExternalOAuthTokenRequest = z.infer<typeof externalOAuthTokenRequestSchema>;

/** Body of `POST /api/v2/oauth/{provider}/logout` (§7): the session's refresh token. */
export const externalOAuthLogoutRequestSchema = z.object({ refreshToken: nonEmpty() });

/** Body of `POST /api/v2/impersonation/token`: the single-use token of the IMPERSONATE route. */
export const impersonationTokenRequestSchema = z.object({ impersonationToken: nonEmpty() });

/**
 * Answer of the impersonation exchange: the login tokens of the impersonated user, and
 * `impersonated: true` (the platform marks the session, and every refresh of it, as an
 * administrator acting as that user).
 */
export const impersonationResponseSchema = z.extend(loginResponseSchema, { impersonated: z.literal(true) });
export type ImpersonationResponse = z.infer<typeof impersonationResponseSchema>;

/**
 * The `externalOAuth` area (`calls.externalOAuth`): generic external OAuth sign-in through realm
 * provider `:provider`; sent without a bearer.
 */
export const externalOAuthCalls = {
  /**
   * `GET /api/v2/oauth/{provider}/auth-uri[?extraParams=][&redirectUri=]`: `{ authorisationUri }`
   * of the realm's generic external OAuth provider `provider` (its `clientName`), whose query holds
   * the `state` the platform keeps (with the PKCE verifier) for the exchange; `extraParams`
   * (`name=value&…`) is passed on to the provider. Give only the options that have a value.
   * Implements identity-and-routes.md §7 "GET {ext-oauth-route}/auth-uri (optional extraParams
   * query)"; the route is this project's `/api/v2/oauth/{provider}`. Errors: 404 `NOT_FOUND` for a
   * provider the realm does not have; 400 for a bad redirect address.
   */
  authUri: defineCall({
    name: 'externalOAuth.authUri',
    method: 'GET',
    path: '/api/v2/oauth/:provider/auth-uri',
    query: externalOAuthAuthUriQuerySchema,
    response: externalOAuthAuthUriResponseSchema,
    auth: 'none',
  }),
  /**
   * `POST /api/v2/oauth/{provider}/token { authorisationCode, state }`: exchanges a generic
   * external OAuth authorisation code for the platform's tokens (answers as `POST /login`:
   * `authorisationToken`, `refreshToken`, `missingInformationStatus`). Implements
   * identity-and-routes.md §7 "POST {ext-oauth-route}/token (no auth)". Errors: 404 unknown
   * provider; 409 `CONFLICT` (`ssoStateMismatch`) when the `state` is unknown, expired or already
   * used (a code is exchanged at most once); 400 (`ssoSignInFailed`) when the provider refuses the
   * code.
   */
  token: defineCall({
    name: 'externalOAuth.token',
    method: 'POST',
    path: '/api/v2/oauth/:provider/token',
    body: externalOAuthTokenRequestSchema,
    response: loginResponseSchema,
    auth: 'none',
  }),
  /**
   * `POST /api/v2/oauth/{provider}/logout { refreshToken }`: ends an external OAuth session: the
   * platform revokes the refresh token (and its rotations). Implements identity-and-routes.md §7
   * "POST {ext-oauth-route}/logout {refreshToken}" (a failure is only logged by the caller).
   * Answers `{}`, also for a token that is unknown or already revoked. Errors: 404 unknown
   * provider; 400 for an empty token.
   */
  logout: defineCall({
    name: 'externalOAuth.logout',
    method: 'POST',
    path: '/api/v2/oauth/:provider/logout',
    body: externalOAuthLogoutRequestSchema,
    response: z.looseObject({}),
    auth: 'none',
  }),
};

/** The `impersonation` area (`calls.impersonation`; docs/api.md "Impersonation"). */
export const impersonationCalls = {
  /**
   * `POST /api/v2/impersonation/token { impersonationToken }`: exchanges an impersonation token for
   * a session of the user it names (the tokens of `POST /login` with `impersonated: true`)
   * (identity-and-routes.md §6 "An impersonation route with a token exists (an administrator acting
   * as a user)"; the call is this project's, the spec does not show it). No bearer. Errors: 404
   * `NOT_FOUND` (`impersonationTokenInvalid`) for a token that is unknown, already used or expired
   * (tokens are single-use and short-lived); 400 for an empty token.
   */
  token: defineCall({
    name: 'impersonation.token',
    method: 'POST',
    path: '/api/v2/impersonation/token',
    body: impersonationTokenRequestSchema,
    response: impersonationResponseSchema,
    auth: 'none',
  }),
};
