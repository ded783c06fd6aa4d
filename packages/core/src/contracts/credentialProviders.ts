import * as z from 'zod/mini';
import { loginResponseSchema } from './auth.js';
import { defineCall } from './define.js';

/**
 * Sign-in with the id/secret, token and script providers of identity-and-routes.md §1 ("other
 * providers: PBR, SPTV, OPIN, GIGYA"): the §7 calls `POST /login/auth-provider/pbr`,
 * `POST /login/sptv`, `POST /api/v1/opin-auth`, and GIGYA's call, which the spec does not show
 * (this project's, documented in docs/api.md "PBR, SPTV, OPIN and GIGYA"). Every one is sent
 * without a bearer and answers the tokens of `POST /login`.
 */

const nonEmpty = () => z.string().check(z.minLength(1), z.maxLength(4096));

/** Body of the id/secret sign-ins (PBR, SPTV): the provider account's `id` and its `secret` (§7). */
export const providerCredentialsSchema = z.object({
  id: nonEmpty(),
  secret: nonEmpty(),
});
export type ProviderCredentials = z.infer<typeof providerCredentialsSchema>;

/** Body of `POST /api/v1/opin-auth`: the short-lived, single-use token the OPIN portal sent back (§7). */
export const opinAuthRequestSchema = z.object({ opinAuthToken: nonEmpty() });
export type OpinAuthRequest = z.infer<typeof opinAuthRequestSchema>;

/**
 * Body of `POST /api/v2/login/auth-provider/gigya` (this project's call): the `idToken` (a JWT)
 * that the GIGYA script's `accounts.getJWT` answered after the person signed in with it.
 */
export const gigyaLoginRequestSchema = z.object({ idToken: nonEmpty() });
export type GigyaLoginRequest = z.infer<typeof gigyaLoginRequestSchema>;

/**
 * The `credentialProviders` area (`calls.credentialProviders`): PBR, SPTV, OPIN and GIGYA sign-in,
 * without a bearer.
 */
export const credentialProvidersCalls = {
  /**
   * `POST /api/v2/login/auth-provider/pbr { id, secret }`: sign-in with a PBR account. Implements
   * identity-and-routes.md §7 "POST /login/auth-provider/pbr {id, secret} → tokens". Errors: 404
   * `NOT_FOUND` `invalidCredentials` for an unknown id or a wrong secret (the same answer for
   * both); 400 `BAD_REQUEST` for a malformed body.
   */
  pbr: defineCall({
    name: 'credentialProviders.pbr',
    method: 'POST',
    path: '/api/v2/login/auth-provider/pbr',
    body: providerCredentialsSchema,
    response: loginResponseSchema,
    auth: 'none',
  }),
  /**
   * `POST /api/v2/login/sptv { id, secret }`: sign-in with an SPTV (TV operator) account.
   * Implements identity-and-routes.md §7 "POST /login/sptv {id, secret} → tokens". Errors as
   * {@link credentialProvidersCalls.pbr}.
   */
  sptv: defineCall({
    name: 'credentialProviders.sptv',
    method: 'POST',
    path: '/api/v2/login/sptv',
    body: providerCredentialsSchema,
    response: loginResponseSchema,
    auth: 'none',
  }),
  /**
   * `POST /api/v1/opin-auth { opinAuthToken }`: sign-in with the single-use token the OPIN portal
   * sent back. Implements identity-and-routes.md §7 "POST /api/v1/opin-auth
   * {opinAuthToken} → tokens". Errors: 401 `UNAUTHORIZED` `opinTokenInvalid` for an unknown, used
   * or expired token; 400 for a malformed body.
   */
  opin: defineCall({
    name: 'credentialProviders.opin',
    method: 'POST',
    path: '/api/v1/opin-auth',
    body: opinAuthRequestSchema,
    response: loginResponseSchema,
    auth: 'none',
  }),
  /**
   * `POST /api/v2/login/auth-provider/gigya { idToken }`: sign-in with the JWT the GIGYA script's
   * `accounts.getJWT` answered: the platform verifies the token's signature, issuer, audience
   * (the realm's GIGYA api key) and expiry, then signs in the platform account of the GIGYA `sub`.
   * This project's call (the spec names GIGYA but not its call). Errors: 401 `UNAUTHORIZED`
   * `gigyaTokenInvalid` for a token that fails verification; 400 for a malformed body.
   */
  gigya: defineCall({
    name: 'credentialProviders.gigya',
    method: 'POST',
    path: '/api/v2/login/auth-provider/gigya',
    body: gigyaLoginRequestSchema,
    response: loginResponseSchema,
    auth: 'none',
  }),
};
