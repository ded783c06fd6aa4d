import * as z from 'zod/mini';
import { defineCall } from './define.js';
import { loginResponseSchema } from './auth.js';

/** A string of at least one character. */
const nonEmpty = () => z.string().check(z.minLength(1));

/** `authoriseUriFlow` of the auth-uri call: the viewer came to sign in or to sign up (§7). */
export const openIdFlowSchema = z.enum(['SIGNIN', 'SIGNUP']);
export type OpenIdFlow = z.infer<typeof openIdFlowSchema>;

/**
 * Query of `GET /api/v2/openid/{client}/auth-uri`: `authoriseUriFlow` (§7) and, this project's
 * addition, an optional `redirectUri` (the web app's `/login/openid/{client}` address; the platform
 * uses its configured web address when it is absent).
 */
export const openIdAuthUriQuerySchema = z.object({
  authoriseUriFlow: openIdFlowSchema,
  redirectUri: z.optional(z.url({ protocol: /^https?$/ })),
});

/**
 * Answer of the auth-uri call (§7): the provider's authorisation address, carrying `state`,
 * `nonce` and a PKCE `code_challenge` the platform generated; `silentAuthorisationUri` is the
 * same with `prompt=none` when the platform offers it.
 */
export const openIdAuthUriResponseSchema = z.looseObject({
  authorisationUri: z.url({ protocol: /^https?$/ }),
  silentAuthorisationUri: z.optional(z.string()),
});
export type OpenIdAuthUri = z.infer<typeof openIdAuthUriResponseSchema>;

/**
 * Body of `POST /api/v2/openid/{client}/token`: the `authorisationCode` the provider sent back
 * (§7) plus, this project's addition, the `state` it came with: the platform finds the PKCE
 * verifier and nonce of that authorisation by `state` and uses them once.
 */
export const openIdTokenRequestSchema = z.object({
  authorisationCode: nonEmpty(),
  state: nonEmpty(),
});
export type OpenIdTokenRequest = z.infer<typeof openIdTokenRequestSchema>;

/** Answer of the logout-uri call (§7): the provider's end-session address. */
export const openIdLogoutUriResponseSchema = z.looseObject({ logoutUri: z.url({ protocol: /^https?$/ }) });
export type OpenIdLogoutUri = z.infer<typeof openIdLogoutUriResponseSchema>;

/**
 * The `openid` area (`calls.openid`): OpenID Connect sign-in through realm client `:client`; sent
 * without a bearer.
 */
export const openidCalls = {
  /**
   * `GET /api/v2/openid/{client}/auth-uri?authoriseUriFlow=SIGNIN|SIGNUP[&redirectUri=]`: the
   * provider's authorisation address `{ authorisationUri, silentAuthorisationUri? }`, whose query
   * holds the `state` the platform keeps (with the PKCE verifier and nonce) for the exchange.
   * Implements identity-and-routes.md §7 "GET /openid/{client}/auth-uri?authoriseUriFlow=SIGNUP or
   * SIGNIN". Errors: 404 `NOT_FOUND` for a client the realm does not have; 400 for a bad flow or
   * redirect address.
   */
  authUri: defineCall({
    name: 'openid.authUri',
    method: 'GET',
    path: '/api/v2/openid/:client/auth-uri',
    query: openIdAuthUriQuerySchema,
    response: openIdAuthUriResponseSchema,
    auth: 'none',
  }),
  /**
   * `POST /api/v2/openid/{client}/token { authorisationCode, state }`: exchanges an OpenID
   * Connect authorisation code for the platform's tokens (answers as
   * `POST /login`). Implements identity-and-routes.md §7 "POST /openid/{client}/token". Errors:
   * 404 unknown client; 409 `CONFLICT` when the `state` is unknown, expired or already used (the
   * code is exchanged at most once); 400 when the provider refuses the code or the ID token is
   * invalid.
   */
  token: defineCall({
    name: 'openid.token',
    method: 'POST',
    path: '/api/v2/openid/:client/token',
    body: openIdTokenRequestSchema,
    response: loginResponseSchema,
    auth: 'none',
  }),
  /**
   * `GET /api/v2/openid/{client}/logout-uri`: `{ logoutUri }`, the provider's end-session
   * address. Implements identity-and-routes.md §7
   * "GET /openid/{client}/logout-uri". Errors: 404 unknown client.
   */
  logoutUri: defineCall({
    name: 'openid.logoutUri',
    method: 'GET',
    path: '/api/v2/openid/:client/logout-uri',
    response: openIdLogoutUriResponseSchema,
    auth: 'none',
  }),
};
