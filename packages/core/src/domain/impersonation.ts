/**
 * Impersonation: an administrator acting as a user through the IMPERSONATE route
 * `/impersonate/:token` (identity-and-routes.md §6 "An impersonation route with a token exists";
 * §2 route table). The token format and the failure messages; the exchange call is this
 * project's `POST /api/v2/impersonation/token` (docs/api.md "Impersonation").
 */
import { errorFacts } from './loginErrors.js';

/** Message key of a link whose token is malformed, unknown, already used or expired. */
export const IMPERSONATION_LINK_INVALID_KEY = 'impersonationLinkInvalid';
/** Message key of any other failure (no answer, a server error): the same link may be tried again. */
export const IMPERSONATION_FAILED_KEY = 'impersonationFailed';

/** An impersonation token: 16 to 256 characters of the base64url alphabet (what the platform issues). */
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

/**
 * The token of the IMPERSONATE route's `:token` param when it has the platform's format (16–256
 * characters `A–Z a–z 0–9 _ -`), else null: a malformed value is never sent. Never throws.
 */
export function impersonationToken(raw: unknown): string | null {
  return typeof raw === 'string' && TOKEN.test(raw) ? raw : null;
}

/**
 * What a failed exchange shows: {@link IMPERSONATION_LINK_INVALID_KEY} when the platform answered
 * 404 or 400 (the token is unknown, used, expired or malformed: trying again cannot help), else
 * {@link IMPERSONATION_FAILED_KEY} with `canRetry` (no answer, a 5xx). Never throws.
 */
export function impersonationFailure(error: unknown): { key: string; canRetry: boolean } {
  const { status } = errorFacts(error);
  if (status === 404 || status === 400) return { key: IMPERSONATION_LINK_INVALID_KEY, canRetry: false };
  return { key: IMPERSONATION_FAILED_KEY, canRetry: true };
}
