import * as z from 'zod/mini';
import { loginResponseSchema } from './auth.js';
import { defineCall } from './define.js';

/**
 * The email-based identity calls (identity-and-routes.md §4 "Magic link", "Password reset"; §7
 * `GET`/`POST /token/alt/magic-email`, `PUT /reset-password`, `POST /reset-password/create`) and
 * email confirmation, which the spec does not show (this project's, documented in docs/api.md
 * "Email flows"). Every one is sent without a bearer: the emailed token is the credential.
 */

const nonEmpty = () => z.string().check(z.minLength(1));

/** An answer with nothing to say (`{}`); unknown fields are kept. */
export const emptyAnswerSchema = z.looseObject({});

/**
 * `POST /api/v2/reset-password/create` body: `id` is the account's identifier (the email for the
 * ID provider), `provider` the provider whose password is reset (`ID`, `PBR`, `GIGYA`, `FIREBASE`;
 * identity-and-routes.md §6).
 */
export const passwordResetCreateRequestSchema = z.object({
  id: nonEmpty(),
  provider: nonEmpty(),
});
export type PasswordResetCreateRequest = z.infer<typeof passwordResetCreateRequestSchema>;

/** `PUT /api/v2/reset-password` body: the emailed `token` and the new password `secret`. */
export const passwordResetRequestSchema = z.object({
  token: nonEmpty(),
  secret: nonEmpty(),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** `GET /api/v2/token/alt/magic-email` query: the address to send the magic link to. */
export const magicLinkRequestQuerySchema = z.object({ email: nonEmpty() });

/** `POST /api/v2/token/alt/magic-email` body: the emailed token. */
export const magicLinkExchangeRequestSchema = z.object({ token: nonEmpty() });

/** `POST /api/v2/user/email-confirmation` body: the emailed token. */
export const emailConfirmationRequestSchema = z.object({ token: nonEmpty() });

/** Email confirmation answer: the confirmed address (the page pre-fills the login form with it). */
export const emailConfirmationResponseSchema = z.looseObject({ email: nonEmpty() });
export type EmailConfirmationResponse = z.infer<typeof emailConfirmationResponseSchema>;

/** The `passwordReset` area (`calls.passwordReset`); sent without a bearer. */
export const passwordResetCalls = {
  /**
   * `POST /api/v2/reset-password/create { id, provider }` (`id` the email for the ID provider;
   * `provider` the one whose password is reset, the domain's `DEFAULT_PASSWORD_RESET_PROVIDER`
   * `'ID'` when the caller has no other): asks for a password-reset email. Answers `{}` whether or
   * not the account exists (the answer never reveals it); a known account gets an email with a link
   * to `/login/resetpwd?token=…&providerName=…`. Errors: 400 `BAD_REQUEST` for a malformed body or
   * a provider that offers no password reset (`passwordResetNotOffered`).
   */
  request: defineCall({
    name: 'passwordReset.request',
    method: 'POST',
    path: '/api/v2/reset-password/create',
    body: passwordResetCreateRequestSchema,
    response: emptyAnswerSchema,
    auth: 'none',
  }),
  /**
   * `PUT /api/v2/reset-password { token, secret }`: sets the new password `secret` with the
   * emailed token; answers `{}`. Errors: 404 `NOT_FOUND`
   * `invalidResetToken` for an unknown, used or expired token; 400 `BAD_REQUEST` with the sign-up
   * password rule's key (`passwordTooShort`, `passwordTooLong`). Success signs the account out
   * everywhere (every refresh token is revoked).
   */
  reset: defineCall({
    name: 'passwordReset.reset',
    method: 'PUT',
    path: '/api/v2/reset-password',
    body: passwordResetRequestSchema,
    response: emptyAnswerSchema,
    auth: 'none',
  }),
};

/**
 * The `magicLink` area (`calls.magicLink`; identity-and-routes.md §4 "Magic link", §7); sent
 * without a bearer.
 */
export const magicLinkCalls = {
  /**
   * `GET /api/v2/token/alt/magic-email?email=`: asks for a magic-link email. Answers `{}` whether
   * or not the account exists; a known account gets an email with a link to
   * `/login/magic-link?token=…`. Errors: 400 for a missing email.
   */
  request: defineCall({
    name: 'magicLink.request',
    method: 'GET',
    path: '/api/v2/token/alt/magic-email',
    query: magicLinkRequestQuerySchema,
    response: emptyAnswerSchema,
    auth: 'none',
  }),
  /**
   * `POST /api/v2/token/alt/magic-email { token }`: trades a magic-link token for a session (the
   * tokens `POST /login` answers). Errors: 404 `NOT_FOUND` `invalidMagicLinkToken` for an unknown,
   * used or expired token.
   */
  exchange: defineCall({
    name: 'magicLink.exchange',
    method: 'POST',
    path: '/api/v2/token/alt/magic-email',
    body: magicLinkExchangeRequestSchema,
    response: loginResponseSchema,
    auth: 'none',
  }),
};

/**
 * The `emailConfirmation` area (`calls.emailConfirmation`; docs/api.md "Email flows"); sent without
 * a bearer.
 */
export const emailConfirmationCalls = {
  /**
   * `POST /api/v2/user/email-confirmation { token }`: confirms the address an ID sign-up emailed a
   * link to and answers it, `{ email }` (this project's call: the spec does not
   * show it). Errors: 404 `NOT_FOUND` `invalidConfirmationToken` for an unknown, used or expired
   * token.
   */
  confirm: defineCall({
    name: 'emailConfirmation.confirm',
    method: 'POST',
    path: '/api/v2/user/email-confirmation',
    body: emailConfirmationRequestSchema,
    response: emailConfirmationResponseSchema,
    auth: 'none',
  }),
};
