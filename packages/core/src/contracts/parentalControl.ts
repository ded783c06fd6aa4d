import * as z from 'zod/mini';
import { PARENTAL_STATUSES, PIN_PATTERN } from '../domain/parentalControl.js';
import { defineCall } from './define.js';

/**
 * Parental control (commerce-and-account-data.md §3 "Parental control", §6, §7 "Preferences and
 * parental control"; issue 16; docs/api.md "Parental control"): the account's PIN and status, the
 * PIN's reset by email, and the throttled PIN check this project adds. Paths under `/api/v1`.
 *
 * The PIN is exactly four digits, a string (`'0042'`: a leading zero survives); the platform keeps
 * only its argon2id hash. A child profile's session (`par` `RESTRICTED`) may verify the PIN but
 * not change the settings (403 `FORBIDDEN` `kidProfileManagementDenied`).
 */

/** A parental PIN: exactly four ASCII digits, as a string. */
export const parentalPinSchema = z.string().check(z.regex(PIN_PATTERN, 'pin: exactly 4 digits (a string)'));

/** `RESTRICTED` or `NON_RESTRICTED` (§3). */
export const parentalStatusSchema = z.enum(PARENTAL_STATUSES);

/**
 * The account's parental control: `status` (`RESTRICTED` or `NON_RESTRICTED`) and whether a PIN
 * is set (`pinSet`; the PIN itself is never sent back).
 */
export const parentalControlStateSchema = z.looseObject({
  status: parentalStatusSchema,
  pinSet: z.boolean(),
});
export type ParentalControlState = z.infer<typeof parentalControlStateSchema>;

/**
 * `POST /api/v1/parental-control` body: the new `pin` and `status`; `currentPin` is required when
 * a PIN is already set (changing it needs the current one).
 */
export const parentalControlRequestSchema = z.object({
  pin: parentalPinSchema,
  status: parentalStatusSchema,
  currentPin: z.optional(parentalPinSchema),
});
export type ParentalControlRequest = z.infer<typeof parentalControlRequestSchema>;

/** `POST /api/v1/parental-control/pin` body: absent (email a reset link) or `{ resetCode }` (spend it). */
export const parentalPinResetRequestSchema = z.object({ resetCode: z.string().check(z.minLength(1), z.maxLength(200)) });

/** `POST /api/v1/parental-control/remove` and `/verify` body: the current PIN. */
export const parentalPinRequestSchema = z.object({ pin: parentalPinSchema });

/** An answer with nothing more to say (`{}`). */
const emptySchema = z.looseObject({});

/** The `parentalControl` area (`calls.parentalControl`). */
export const parentalControlCalls = {
  /**
   * `GET /api/v1/parental-control`: the account's `{ status, pinSet }` (this project's call, for
   * the settings page). Errors: 401 without a signed-in session.
   */
  get: defineCall({
    name: 'parentalControl.get',
    method: 'GET',
    path: '/api/v1/parental-control',
    response: parentalControlStateSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v1/parental-control { pin, status, currentPin? }` (§7): sets the PIN (none yet) or
   * changes it (`currentPin` must be the PIN set now) and the status; answers `{ status, pinSet:
   * true }`. Errors: 400 for a PIN that is not 4 digits or an unknown status; 403 `INVALID_PIN`
   * (`wrongPin`) for a missing or wrong `currentPin`, counted by the PIN throttle (429
   * `TOO_MANY_ATTEMPTS`, see `verify`); 403 `FORBIDDEN` `kidProfileManagementDenied` from a child
   * profile's session; 401.
   */
  set: defineCall({
    name: 'parentalControl.set',
    method: 'POST',
    path: '/api/v1/parental-control',
    body: parentalControlRequestSchema,
    response: parentalControlStateSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v1/parental-control/remove { pin }` (this project's): clears the PIN with the
   * current one; the status becomes `NON_RESTRICTED`; answers `{ status, pinSet: false }`. Errors
   * as `set` (403 `INVALID_PIN` for a wrong PIN, throttled; 409 `CONFLICT` `pinNotSet` when there is none).
   */
  remove: defineCall({
    name: 'parentalControl.remove',
    method: 'POST',
    path: '/api/v1/parental-control/remove',
    body: parentalPinRequestSchema,
    response: parentalControlStateSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v1/parental-control/pin` (§7), two uses:
   * - without a body (signed in): emails a reset link to the account's address, `<web>/confirm-reset/<code>`
   *   (route CONFIRM_PIN_PROTECTION_RESET); answers `{}` (at most 3 emails per address per 15
   *   minutes: further asks answer `{}` and send nothing);
   * - with `{ resetCode }` (the link's code; no session needed): clears the PIN, the status becomes
   *   `NON_RESTRICTED`, so that a new PIN can be set; answers `{}`. A code is single-use and
   *   expires 15 minutes after it was sent.
   * Errors: 404 `NOT_FOUND` `invalidPinResetCode` for an unknown, used or expired code (throttled
   * per device and address: 429 after 5); 401 without a session and without a code.
   */
  pin: defineCall({
    name: 'parentalControl.pin',
    method: 'POST',
    path: '/api/v1/parental-control/pin',
    body: z.optional(parentalPinResetRequestSchema),
    response: emptySchema,
    auth: 'optional',
  }),
  /**
   * `POST /api/v1/parental-control/verify { pin }` (this project's): checks the PIN (to leave a
   * child profile, enter a protected one, open the parental settings); answers `{}` when right.
   * Errors: 403 `INVALID_PIN` (`wrongPin`) when wrong; 409 `CONFLICT` `pinNotSet` when the account
   * has none; 429 `TOO_MANY_ATTEMPTS` with `Retry-After` (seconds) after 5 wrong PINs of the same
   * profile (the session's `pid`), for 15 minutes, the right PIN refused too; other profiles
   * of the account are not affected. The answer never says more than right or wrong.
   */
  verify: defineCall({
    name: 'parentalControl.verify',
    method: 'POST',
    path: '/api/v1/parental-control/verify',
    body: parentalPinRequestSchema,
    response: emptySchema,
    auth: 'required',
  }),
};
