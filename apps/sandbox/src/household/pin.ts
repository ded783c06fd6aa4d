/**
 * The account's parental PIN, as the household reads it (issue 16; docs/api.md "Profiles and
 * preferences"): whether one is in force, and whether a PIN is the right one. The PIN itself is
 * set, changed and reset by the parental-control calls (`POST /api/v1/parental-control…`), which
 * store its argon2id hash in `users.parental_pin_hash` and the status in `users.parental_status`.
 * The throttle (scope `parentalPin`, keyed by the session's profile) is the caller's: these
 * functions only compare.
 */
import { eq } from 'drizzle-orm';
import type { SandboxDb } from '../db/open.js';
import { users } from '../db/schema.js';
import { verifyPassword } from '../auth/passwords.js';

/** The PIN's shape: exactly 4 digits, a string (a leading zero survives). */
const PIN = /^\d{4}$/;

/**
 * True when `pin` is the account's parental PIN (argon2id against `users.parental_pin_hash`);
 * false for a wrong PIN, a malformed one, an account without a PIN or no account. Never throws
 * for bad input.
 */
export async function verifyParentalPin(db: SandboxDb, userId: string, pin: string): Promise<boolean> {
  if (typeof pin !== 'string' || !PIN.test(pin)) return false;
  const [user] = await db.select({ hash: users.parentalPinHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.hash) return false;
  return verifyPassword(user.hash, pin);
}

/**
 * True when the account's parental PIN is in force: a PIN is set and the parental status is
 * `RESTRICTED` (status `NON_RESTRICTED` turns the protection off without forgetting the PIN).
 */
export async function parentalPinInForce(db: SandboxDb, userId: string): Promise<boolean> {
  const [user] = await db
    .select({ hash: users.parentalPinHash, status: users.parentalStatus })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(user?.hash) && user?.status === 'RESTRICTED';
}
