/**
 * Platform accounts created for a sign-in with another provider (OpenID Connect, generic OAuth,
 * social, Firebase): they sign in with that provider, so their password is random and nobody
 * knows it (a reset by email can set one).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SandboxDb } from '../db/open.js';
import { users } from '../db/schema.js';
import { hashPassword } from './passwords.js';

/**
 * Creates an account with `email` (stored as given: callers lower-case it) and `name` (cut to
 * 200 characters). Answers its id, or undefined when an account already has that email (nothing
 * is written then).
 */
export async function insertExternalAccount(
  db: SandboxDb,
  account: { email: string; name: string; now: number },
): Promise<string | undefined> {
  const [created] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      email: account.email,
      name: account.name.slice(0, 200),
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      createdAt: new Date(account.now),
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created?.id;
}

/** The id of the account with `email`, creating it ({@link insertExternalAccount}) when there is none. */
export async function ensureExternalAccount(
  db: SandboxDb,
  account: { email: string; name: string; now: number },
): Promise<string | undefined> {
  return (
    (await insertExternalAccount(db, account)) ??
    (await db.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1))[0]?.id
  );
}
