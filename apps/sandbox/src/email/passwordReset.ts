/**
 * Password reset of every provider that offers one (identity-and-routes.md §6 "password reset
 * pages are offered by firebase, PBR, GIGYA and ID", §7 `POST /reset-password/create`, `PUT
 * /reset-password`; docs/api.md "Email flows"): which account an email names, and setting the
 * new password of the account an emailed token is for.
 *
 * - ID: the platform account with that email; its `password_hash` is replaced.
 * - PBR, GIGYA (the stand-ins' `provider_accounts`): the account of that provider whose login id
 *   is the email, else the one mapped to the platform account with that email; its secret is
 *   replaced. A PBR id that is no email address can only be reached the second way.
 * - FIREBASE: the emulator user with that email that signs in with a password (not a federated
 *   only user); its password is set with the emulator's admin `accounts:update`.
 * PBR, GIGYA and FIREBASE need the realm to list the provider (else nobody is found). After a
 * reset every session of the platform account (if any) ends and the target's other reset links
 * are void.
 */
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import { endAccountSessions } from '../auth/sessions.js';
import type { SandboxDb } from '../db/open.js';
import { firebaseIdentities, users } from '../db/schema.js';
import { ApiHttpError } from '../errors.js';
import { FirebaseRestError } from '../firebase/rest.js';
import { firebaseFor } from '../firebase/runtime.js';
import { createProviderStore, findProviderAccount, setProviderSecretHash } from '../providers/store.js';
import { realmHasProvider } from '../seed/realms.js';
import { consumeEmailToken, restoreEmailToken, voidEmailTokens, type EmailTokenTarget, type SpentEmailToken } from './tokens.js';

/** An account a reset email goes to: whose password the token resets, and the address. */
export interface ResetAccount extends EmailTokenTarget {
  email: string;
}

/** Anything that runs drizzle queries: the database or a transaction. */
type Queryable = Pick<SandboxDb, 'select' | 'update'>;

const firebaseUnavailable = () =>
  new ApiHttpError(503, 'SERVICE_UNAVAILABLE', ['firebaseUnavailable', 'The Firebase Auth emulator is not running in this sandbox']);

/** The platform account with `email` (trimmed, lower-cased), or undefined. */
export async function platformUserByEmail(db: Queryable, email: string): Promise<{ id: string; email: string } | undefined> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

async function firebaseUserOf(db: Queryable, projectId: string, uid: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: firebaseIdentities.userId })
    .from(firebaseIdentities)
    .where(and(eq(firebaseIdentities.projectId, projectId), eq(firebaseIdentities.uid, uid)))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * The account of `provider` (`ID`, `PBR`, `GIGYA` or `FIREBASE`, upper case) that `email`
 * names in realm `realm` (see the module comment), or undefined when there is none. `now` is the
 * creation time of the stand-ins' demo accounts, seeded here if no sign-in did it yet.
 * Errors: 503 `SERVICE_UNAVAILABLE` `firebaseUnavailable` when the Firebase emulator does not answer.
 */
export async function findResetAccount(
  db: SandboxDb,
  request: { realm: string; provider: string; email: string; now: () => number },
): Promise<ResetAccount | undefined> {
  const email = request.email.trim().toLowerCase();
  const { provider } = request;
  if (provider === 'ID') {
    const user = await platformUserByEmail(db, email);
    return user ? { userId: user.id, provider: null, subject: null, email: user.email } : undefined;
  }
  if (!realmHasProvider(request.realm, provider)) return undefined;
  if (provider === 'PBR' || provider === 'GIGYA') {
    await createProviderStore(db, request.now).ensureSeeded();
    const user = await platformUserByEmail(db, email);
    const account = await findProviderAccount(db, provider, email, user?.id);
    return account ? { userId: account.userId, provider, subject: account.subject, email } : undefined;
  }
  if (provider === 'FIREBASE') {
    const firebase = firebaseFor(db);
    if (!firebase) return undefined;
    const found = await firebase.rest.findByEmail(email).catch((error: unknown) => {
      if (error instanceof FirebaseRestError) return undefined;
      throw firebaseUnavailable();
    });
    if (!found?.hasPassword) return undefined;
    const userId = await firebaseUserOf(db, firebase.projectId, found.uid);
    return { userId, provider, subject: found.uid, email: found.email };
  }
  return undefined;
}

/**
 * Ends every session of the platform account `userId` at once (null: nothing to end): its access
 * tokens are refused from the next call and its refresh tokens revoked (`auth/sessions.ts`).
 */
async function endSessions(db: Queryable, userId: string | null, at: Date): Promise<void> {
  if (!userId) return;
  await endAccountSessions(db, userId, at);
}

/**
 * Sets `secret` (already checked against the sign-up password rule) as the new password of the
 * account reset token `token` is for, spending the token: true when done, false when the token is
 * unknown, used, expired (15 minutes, on the sandbox clock `now`) or its account is gone. The
 * platform account's sessions end at `realNow`; the target's other reset tokens are void.
 * A Firebase reset calls the emulator after the token is spent (outside the database
 * transaction) and gives the token back when the emulator does not answer.
 * Errors: 503 `firebaseUnavailable` or 500 `firebaseRefused` (the token stays usable).
 */
export async function resetPasswordWithToken(
  db: SandboxDb,
  reset: { token: string; secret: string; now: Date; realNow: Date },
): Promise<boolean> {
  const { token, now, realNow } = reset;
  const secretHash = await hashPassword(reset.secret);
  const spent = await db.transaction(async (tx): Promise<SpentEmailToken | null> => {
    const found = await consumeEmailToken(tx, token, 'reset', now);
    if (!found || found.provider === 'FIREBASE') return found;
    let userId: string | null;
    if (found.provider === 'PBR' || found.provider === 'GIGYA') {
      if (!found.subject) return null;
      const account = await setProviderSecretHash(tx, found.provider, found.subject, secretHash);
      if (!account) return null;
      userId = account.userId;
    } else {
      if (!found.userId) return null;
      await tx.update(users).set({ passwordHash: secretHash }).where(eq(users.id, found.userId));
      userId = found.userId;
    }
    await endSessions(tx, userId, realNow);
    await voidEmailTokens(tx, found, 'reset', now);
    return found;
  });
  if (!spent) return false;
  if (spent.provider !== 'FIREBASE') return true;

  const firebase = firebaseFor(db);
  const uid = spent.subject;
  if (!uid) return false;
  try {
    if (!firebase) throw firebaseUnavailable();
    await firebase.rest.setPassword(uid, reset.secret);
  } catch (error) {
    // The user was deleted since the email: the token is spent for nothing, as for a gone account.
    if (error instanceof FirebaseRestError && error.reason === 'USER_NOT_FOUND') return false;
    await restoreEmailToken(db, token, now);
    if (error instanceof FirebaseRestError) throw new ApiHttpError(500, 'INTERNAL_ERROR', ['firebaseRefused', error.reason]);
    throw firebaseUnavailable();
  }
  await db.transaction(async (tx) => {
    await endSessions(tx, await firebaseUserOf(tx, firebase.projectId, uid), realNow);
    await voidEmailTokens(tx, spent, 'reset', now);
  });
  return true;
}
