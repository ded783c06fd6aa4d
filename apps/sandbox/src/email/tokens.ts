/**
 * Emailed single-use tokens (password reset, magic link, email confirmation): 32 random bytes,
 * base64url; only their SHA-256 is stored (`email_tokens`). A token is spent by exactly one
 * request (an atomic conditional update) and is void 15 minutes after it was issued, on the
 * sandbox clock (`POST /_sandbox/clock` moves it).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { SandboxDb } from '../db/open.js';
import { emailTokens } from '../db/schema.js';
import type { EmailKind } from './outbox.js';

/** How long an emailed token stays valid: 15 minutes. */
export const EMAIL_TOKEN_TTL_MS = 15 * 60 * 1000;

/** SHA-256 (hex) of an emailed token: the only form in which it is stored. */
export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Issues a token of `kind` for the account, valid {@link EMAIL_TOKEN_TTL_MS} from `now`; returns the token. */
export async function issueEmailToken(
  db: SandboxDb,
  issue: { kind: EmailKind; userId: string; email: string; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(emailTokens).values({
    hash: hashEmailToken(token),
    kind: issue.kind,
    userId: issue.userId,
    email: issue.email,
    createdAt: issue.now,
    expiresAt: new Date(issue.now.getTime() + EMAIL_TOKEN_TTL_MS),
  });
  return token;
}

/** Anything that runs drizzle queries: the database or a transaction. */
type Queryable = Pick<SandboxDb, 'update'>;

/**
 * Spends a token of `kind`: marks it used at `now` and answers its account, in one conditional
 * update (`used_at IS NULL AND expires_at > now`), so of two concurrent requests only one gets
 * the account. Null for an unknown token, another kind, a used one or an expired one.
 */
export async function consumeEmailToken(
  db: Queryable,
  token: string,
  kind: EmailKind,
  now: Date,
): Promise<{ userId: string; email: string } | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.hash, hashEmailToken(token)),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email });
  return row ?? null;
}

/** Voids every unused token of `kind` of the account (a password reset voids the other reset links). */
export async function voidEmailTokens(db: Queryable, userId: string, kind: EmailKind, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}
