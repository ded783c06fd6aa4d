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

/**
 * Whose password or session an emailed token is for: the platform account (`userId`), or, for
 * a password reset of a provider account, that account (`provider` `PBR`, `GIGYA` or
 * `FIREBASE` and its `subject`: the stand-in account's subject, the Firebase uid), with the
 * platform account it maps to when there is one.
 */
export interface EmailTokenTarget {
  userId: string | null;
  provider: string | null;
  subject: string | null;
}

/**
 * Issues a token of `kind` for the account, valid {@link EMAIL_TOKEN_TTL_MS} from `now`; returns
 * the token. A provider account's token gives `provider` and `subject` (and `userId` null when it
 * maps to no platform account).
 */
export async function issueEmailToken(
  db: SandboxDb,
  issue: { kind: EmailKind; userId: string | null; email: string; now: Date; provider?: string; subject?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(emailTokens).values({
    hash: hashEmailToken(token),
    kind: issue.kind,
    userId: issue.userId,
    email: issue.email,
    createdAt: issue.now,
    expiresAt: new Date(issue.now.getTime() + EMAIL_TOKEN_TTL_MS),
    provider: issue.provider ?? null,
    subject: issue.subject ?? null,
  });
  return token;
}

/** Anything that runs drizzle queries: the database or a transaction. */
type Queryable = Pick<SandboxDb, 'update'>;

/** A spent token: its account and the address it was emailed to. */
export interface SpentEmailToken extends EmailTokenTarget {
  email: string;
}

/**
 * Spends a token of `kind`: marks it used at `now` and answers its account, in one conditional
 * update (`used_at IS NULL AND expires_at > now`), so of two concurrent requests only one gets
 * the account. Null for an unknown token, another kind, a used one or an expired one.
 */
export async function consumeEmailToken(db: Queryable, token: string, kind: EmailKind, now: Date): Promise<SpentEmailToken | null> {
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
    .returning({ userId: emailTokens.userId, email: emailTokens.email, provider: emailTokens.provider, subject: emailTokens.subject });
  return row ?? null;
}

/**
 * Gives back a token spent at `spentAt` by {@link consumeEmailToken} (the work it was spent for
 * failed, e.g. the Firebase emulator did not answer): it works again until it expires.
 */
export async function restoreEmailToken(db: Queryable, token: string, spentAt: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: null })
    .where(and(eq(emailTokens.hash, hashEmailToken(token)), eq(emailTokens.usedAt, spentAt)));
}

/**
 * Voids every unused token of `kind` of the target (a password reset voids the other reset
 * links): a provider account's tokens by `provider` and `subject`, a platform account's by
 * `userId` (only its own, not those of provider accounts that map to it).
 */
export async function voidEmailTokens(db: Queryable, target: EmailTokenTarget, kind: EmailKind, now: Date): Promise<void> {
  const whose =
    target.provider && target.subject
      ? and(eq(emailTokens.provider, target.provider), eq(emailTokens.subject, target.subject))
      : target.userId
        ? and(eq(emailTokens.userId, target.userId), isNull(emailTokens.provider))
        : undefined;
  if (!whose) return;
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(whose, eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}
