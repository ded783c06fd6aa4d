/**
 * Parental control (commerce-and-account-data.md §3, §6, §7; issue 16; docs/api.md "Parental
 * control"): `calls.parentalControl`. The PIN (argon2id in `users.parental_pin_hash`,
 * `parental/pin.ts`), its status, its reset by an emailed single-use code (15 minutes; the link
 * opens the web app's CONFIRM_PIN_PROTECTION_RESET `/confirm-reset/:code`), and the PIN check.
 *
 * Every PIN check (`verify`, `remove`, and `set`'s `currentPin`) is throttled under scope
 * `parentalPin`, keyed by the session's profile (`pid`; the account for a token without one):
 * after 5 wrong PINs that profile is refused for 15 minutes (429 `TOO_MANY_ATTEMPTS`,
 * `Retry-After`), the right PIN included; other profiles of the account are not (no address key:
 * a household shares one address). A child profile's session (`par` `RESTRICTED`) may check the
 * PIN but not change the settings.
 */
import type { Context } from 'hono';
import { calls } from '@stream/core/contracts';
import { buildPath } from '@stream/core/domain';
import type { AccessClaims } from '../auth/jwt.js';
import { ApiHttpError, unauthorized } from '../errors.js';
import { composeEmail } from '../email/messages.js';
import type { Mailer } from '../email/outbox.js';
import { EmailRateLimit, queueDelivery } from '../email/delivery.js';
import { consumeEmailToken, issueEmailToken, voidEmailTokens } from '../email/tokens.js';
import { pinMatches, readParental, writeParental } from '../parental/pin.js';
import type { RouteContext } from './context.js';

/** 403 message of a wrong PIN (code `INVALID_PIN`). */
export const WRONG_PIN = 'wrongPin';
/** 409 message of a PIN check on an account without a PIN. */
export const PIN_NOT_SET = 'pinNotSet';
/** 404 message of an unknown, used or expired reset code. */
export const INVALID_PIN_RESET_CODE = 'invalidPinResetCode';
/** 403 message of a child profile's session that tries to change the settings. */
export const KID_PARENTAL_DENIED = 'kidProfileManagementDenied';

const C = calls.parentalControl;

/** What the parental-control routes need beyond the route context. */
export interface ParentalControlDeps {
  /** Base URL of the web app (no trailing slash): the reset link points there. */
  webUrl: string;
  mailer: Mailer;
}

/** The throttle key of a session's PIN checks (a profile switch and `verify` share it): its profile. */
export function pinThrottleSubject(claims: Pick<AccessClaims, 'sub' | 'pid'>): string {
  // A session without `pid` is the account's first adult profile, whose id is the account's.
  return `profile:${claims.pid ?? claims.sub}`;
}

/** Registers `calls.parentalControl`. */
export function registerParentalControlRoutes(ctx: RouteContext, deps: ParentalControlDeps): void {
  const { db, route } = ctx;
  const emailLimit = new EmailRateLimit({ now: ctx.now });

  /** The signed-in account's record; 401 when the account is gone. */
  async function recordOf(claims: AccessClaims) {
    const record = await readParental(db, claims.sub);
    if (!record) throw unauthorized('Unknown account');
    return record;
  }

  /** A signed-in adult (not a child profile's) session. */
  async function requireAdult(c: Context): Promise<AccessClaims> {
    const claims = await ctx.requireUser(c);
    if (claims.par === 'RESTRICTED') throw new ApiHttpError(403, 'FORBIDDEN', [KID_PARENTAL_DENIED]);
    return claims;
  }

  /**
   * Checks `pin` against the account's PIN as one throttled attempt of the session's profile;
   * 403 `INVALID_PIN` when wrong (or absent), 409 when the account has no PIN.
   */
  async function checkPin(claims: AccessClaims, pinHash: string | null, pin: string | undefined): Promise<void> {
    if (pinHash === null) throw new ApiHttpError(409, 'CONFLICT', [PIN_NOT_SET]);
    const keys = { scope: 'parentalPin', subject: pinThrottleSubject(claims) } as const;
    const right = await ctx.throttle.attempt(keys, async () => pin !== undefined && (await pinMatches(pinHash, pin)));
    if (!right) throw new ApiHttpError(403, 'INVALID_PIN', [WRONG_PIN]);
  }

  // GET /api/v1/parental-control: { status, pinSet }.
  route(C.get, async (_, c) => {
    const record = await recordOf(await ctx.requireUser(c));
    return { status: record.status, pinSet: record.pinHash !== null };
  });

  // POST /api/v1/parental-control { pin, status, currentPin? }: sets or changes the PIN.
  route(C.set, async ({ body }, c) => {
    const claims = await requireAdult(c);
    const record = await recordOf(claims);
    if (record.pinHash !== null) await checkPin(claims, record.pinHash, body.currentPin);
    await writeParental(db, claims.sub, body.pin, body.status);
    return { status: body.status, pinSet: true };
  });

  // POST /api/v1/parental-control/remove { pin }: clears the PIN.
  route(C.remove, async ({ body }, c) => {
    const claims = await requireAdult(c);
    const record = await recordOf(claims);
    await checkPin(claims, record.pinHash, body.pin);
    await writeParental(db, claims.sub, null, 'NON_RESTRICTED');
    return { status: 'NON_RESTRICTED' as const, pinSet: false };
  });

  // POST /api/v1/parental-control/verify { pin }: {} when right.
  route(C.verify, async ({ body }, c) => {
    const claims = await ctx.requireUser(c);
    const record = await recordOf(claims);
    await checkPin(claims, record.pinHash, body.pin);
    return {};
  });

  // POST /api/v1/parental-control/pin: no body → email a reset link; { resetCode } → clear the PIN.
  route(C.pin, async ({ body }, c) => {
    if (body === undefined) {
      const claims = await ctx.requireUser(c);
      const record = await recordOf(claims);
      if (emailLimit.allow(record.email)) {
        queueDelivery(db, async () => {
          const now = await ctx.sandboxNow();
          const code = await issueEmailToken(db, { kind: 'pinReset', userId: claims.sub, email: record.email, now });
          const link = `${deps.webUrl}${buildPath('CONFIRM_PIN_PROTECTION_RESET', { code })}`;
          await deps.mailer.send(composeEmail('pinReset', record.email, link), now);
        });
      }
      return {};
    }
    const keys = { scope: 'resetToken', subject: c.get('deviceId'), address: ctx.clientAddress(c) } as const;
    const spent = await ctx.throttle.attempt(
      keys,
      async () => consumeEmailToken(db, body.resetCode, 'pinReset', await ctx.sandboxNow()),
      (found) => !!found?.userId,
    );
    if (!spent?.userId) throw new ApiHttpError(404, 'NOT_FOUND', [INVALID_PIN_RESET_CODE]);
    await writeParental(db, spent.userId, null, 'NON_RESTRICTED');
    // The other reset links of the account are void: one reset, one code.
    await voidEmailTokens(db, { userId: spent.userId, provider: null, subject: null }, 'pinReset', await ctx.sandboxNow());
    return {};
  });
}
