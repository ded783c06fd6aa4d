/**
 * The account's parental PIN (issue 16; docs/api.md "Parental control"): stored argon2id-hashed in
 * `users.parental_pin_hash` (null: no PIN), with the account's `users.parental_status`. The PIN is
 * four digits; hashing a PIN that short is no protection against someone holding the database, so
 * the check is throttled per profile (`routes/parentalControl.ts`, scope `parentalPin`).
 */
import { eq } from 'drizzle-orm';
import { isValidPin, type ParentalStatus } from '@stream/core/domain';
import type { SandboxDb } from '../db/open.js';
import { users } from '../db/schema.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';

/** An account's parental control as stored. */
export interface ParentalRecord {
  email: string;
  pinHash: string | null;
  status: ParentalStatus;
}

/** The parental control of account `userId`; undefined for an unknown account. */
export async function readParental(db: SandboxDb, userId: string): Promise<ParentalRecord | undefined> {
  const [row] = await db
    .select({ email: users.email, pinHash: users.parentalPinHash, status: users.parentalStatus })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row && { email: row.email, pinHash: row.pinHash, status: row.status === 'RESTRICTED' ? 'RESTRICTED' : 'NON_RESTRICTED' };
}

/** Stores `pin` (argon2id) and `status` for the account; `pin` null clears the PIN. */
export async function writeParental(db: SandboxDb, userId: string, pin: string | null, status: ParentalStatus): Promise<void> {
  const pinHash = pin === null ? null : await hashPassword(pin);
  await db.update(users).set({ parentalPinHash: pinHash, parentalStatus: status }).where(eq(users.id, userId));
}

/** True when `pin` is the PIN of `pinHash` (false, never a throw, for a bad hash). */
export function pinMatches(pinHash: string, pin: string): Promise<boolean> {
  return verifyPassword(pinHash, pin);
}

/**
 * True when `pin` is the account's parental PIN; false for a wrong PIN, a malformed one (core's
 * `isValidPin`), an account without a PIN or no account. Never throws for bad input. The throttle
 * (scope `parentalPin`, `pinThrottleSubject`) is the caller's.
 */
export async function verifyParentalPin(db: SandboxDb, userId: string, pin: string): Promise<boolean> {
  if (typeof pin !== 'string' || !isValidPin(pin)) return false;
  const record = await readParental(db, userId);
  return record?.pinHash ? pinMatches(record.pinHash, pin) : false;
}

/**
 * True when the account's parental PIN is in force: a PIN is set and the status is `RESTRICTED`
 * (`NON_RESTRICTED` turns the protection off without forgetting the PIN). A profile switch then
 * asks for it (core's `switchNeedsPin`).
 */
export async function parentalPinInForce(db: SandboxDb, userId: string): Promise<boolean> {
  const record = await readParental(db, userId);
  return Boolean(record?.pinHash) && record?.status === 'RESTRICTED';
}
