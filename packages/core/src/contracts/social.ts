import * as z from 'zod/mini';
import { defineCall } from './define.js';
import { loginResponseSchema } from './auth.js';

/** A string of at least one character. */
const nonEmpty = () => z.string().check(z.minLength(1));
/** An absolute http(s) address. */
const httpUrl = () => z.url({ protocol: /^https?$/ });

/**
 * Body of `POST /api/v2/login/apple-id` (identity-and-routes.md §7): the authorisation `code`
 * Sign in with Apple gave the browser, the `nonce` the browser sent with the authorisation (the
 * platform checks it against the ID token of the code exchange) and the `callbackUri` the
 * authorisation used (the code exchange must name the same one).
 */
export const appleSignInRequestSchema = z.object({
  code: nonEmpty(),
  nonce: nonEmpty(),
  callbackUri: httpUrl(),
});
export type AppleSignInRequest = z.infer<typeof appleSignInRequestSchema>;

/**
 * Body of `POST /api/v2/login/social/facebook` (§7): the authorisation `code`. This project adds
 * an optional `redirectUri`: the address the authorisation named, when there was one (a code
 * from the Facebook SDK's signed request has none).
 */
export const facebookSignInRequestSchema = z.object({
  code: nonEmpty(),
  redirectUri: z.optional(httpUrl()),
});
export type FacebookSignInRequest = z.infer<typeof facebookSignInRequestSchema>;

/** Body of `POST /api/v2/login/social/google` (§7): the ID token Google gave the browser. */
export const googleSignInRequestSchema = z.object({ idToken: nonEmpty() });
export type GoogleSignInRequest = z.infer<typeof googleSignInRequestSchema>;

/**
 * `details` of the 409 `CONFLICT` a social sign-in answers when the provider's account is not
 * linked yet and an ID account already has its email (§8 "Social login 409"): the provider kind
 * and that email, so the link prompt can fill it in.
 */
export const socialConflictDetailsSchema = z.looseObject({
  provider: z.optional(z.string()),
  email: z.optional(z.string()),
});
export type SocialConflictDetails = z.infer<typeof socialConflictDetailsSchema>;

/** One provider linked to the account, as the linked-accounts calls list it. */
export const linkedAccountEntrySchema = z.looseObject({
  provider: nonEmpty(),
  email: z.optional(z.string()),
  linkedAt: z.optional(z.string()),
});
export type LinkedAccountEntry = z.infer<typeof linkedAccountEntrySchema>;

/** Answer of the linked-accounts calls: the providers linked to the account. */
export const linkedAccountsResponseSchema = z.looseObject({ linkedAccounts: z.array(linkedAccountEntrySchema) });
export type LinkedAccounts = z.infer<typeof linkedAccountsResponseSchema>;

/**
 * Headers of a social sign-in: `Authorization: Bearer <token>` of an ID account, given by the
 * caller in the conflict case only (the platform then links the provider to that account). The
 * sign-ins never send the session's bearer (`auth: 'none'`), so the client leaves this one alone.
 */
export const socialSignInHeadersSchema = z.object({
  Authorization: z.optional(z.string().check(z.regex(/^Bearer \S+$/))),
});

/**
 * The `social` area (`calls.social`; identity-and-routes.md §4 "Social sign-in", §7; docs/api.md
 * "Social sign-in").
 */
export const socialCalls = {
  /**
   * `POST /api/v2/login/apple-id { code, nonce, callbackUri }`: sign in with Apple. Implements
   * identity-and-routes.md §7 "POST /login/apple-id" and §4 "Social sign-in". Answers the login
   * tokens with `linkedAccounts`. Sent without the session's bearer; in the conflict case the
   * caller sends the ID account's bearer in `headers.Authorization`
   * ({@link socialSignInHeadersSchema}) to link. Errors: 409 `CONFLICT` (`socialAccountLinkPrompt`,
   * details {@link socialConflictDetailsSchema}) when an ID account has the email; 409
   * `cannotLinkAccount` when linking is not possible; 400 when Apple refuses the code or the nonce
   * differs; 404 when the realm has no Apple sign-in.
   */
  apple: defineCall({
    name: 'social.apple',
    method: 'POST',
    path: '/api/v2/login/apple-id',
    body: appleSignInRequestSchema,
    headers: socialSignInHeadersSchema,
    response: loginResponseSchema,
    auth: 'none',
  }),
  /**
   * `POST /api/v2/login/social/facebook { code, redirectUri? }`: sign in with Facebook (§7);
   * headers, answers and errors as {@link socialCalls.apple}.
   */
  facebook: defineCall({
    name: 'social.facebook',
    method: 'POST',
    path: '/api/v2/login/social/facebook',
    body: facebookSignInRequestSchema,
    headers: socialSignInHeadersSchema,
    response: loginResponseSchema,
    auth: 'none',
  }),
  /**
   * `POST /api/v2/login/social/google { idToken }`: sign in with Google (§7: "an optional bearer
   * header is sent in the conflict case"); headers, answers and errors as
   * {@link socialCalls.apple}, 400 for an ID token that does
   * not verify (signature, issuer, audience, expiry).
   */
  google: defineCall({
    name: 'social.google',
    method: 'POST',
    path: '/api/v2/login/social/google',
    body: googleSignInRequestSchema,
    headers: socialSignInHeadersSchema,
    response: loginResponseSchema,
    auth: 'none',
  }),
  /**
   * `GET /api/v2/user/linked-accounts` (bearer required):
   * `{ linkedAccounts [{ provider, email?, linkedAt? }] }`, the providers linked to the signed-in
   * account. This project's call (the spec does not show it; docs/api.md "Social sign-in"). Errors:
   * 401 without a session.
   */
  linkedAccounts: defineCall({
    name: 'social.linkedAccounts',
    method: 'GET',
    path: '/api/v2/user/linked-accounts',
    response: linkedAccountsResponseSchema,
    auth: 'required',
  }),
  /**
   * `DELETE /api/v2/user/linked-accounts/{provider}` (bearer required): unlinks `provider`
   * (`APPLE_ID`, `GOOGLE`, `FACEBOOK`) from the signed-in account (identity-and-routes.md §7 "the
   * unlink-provider call is not shown": defined here, docs/api.md). Answers the remaining links.
   * Errors: 401 without a session; 404 when that provider is not linked.
   */
  unlink: defineCall({
    name: 'social.unlink',
    method: 'DELETE',
    path: '/api/v2/user/linked-accounts/:provider',
    response: linkedAccountsResponseSchema,
    auth: 'required',
  }),
};
