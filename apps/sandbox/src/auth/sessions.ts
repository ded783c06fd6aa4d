import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { SandboxDb } from '../db/open.js';
import { refreshTokens } from '../db/schema.js';
import { unauthorized } from '../errors.js';
import type { TokenSigner } from './jwt.js';

/** A stored refresh token. */
type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** The pair every sign-in answers with. */
export interface TokenPair {
  authorisationToken: string;
  refreshToken: string;
}

/** What a session needs: the database, the signer, the lifetimes and the clock. */
export interface SessionDeps {
  db: SandboxDb;
  signer: TokenSigner;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  now: () => number;
}

/** Prefix of a guest subject: `guest:<uuid>`. */
export const GUEST_PREFIX = 'guest:';

/** SHA-256 (hex) of a refresh token: the only form in which refresh tokens are stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * How long after its rotation a refresh token may be presented again without being taken for
 * theft (ms): two tabs that share storage refresh with the same token at the same moment, or a
 * page reloads while its refresh is on the wire and the answer is lost. Within the window the
 * token gets a new pair of the same family and nothing is revoked; after it, a reuse revokes
 * the whole family (the user signs in again).
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Starts a session for `subject` (a user id, or `guest:<uuid>`): signs an access token and stores
 * a new refresh token in a new family.
 */
export async function issueSession(deps: SessionDeps, subject: string): Promise<TokenPair> {
  const refreshToken = newRefreshToken();
  const nowMs = deps.now();
  const guest = subject.startsWith(GUEST_PREFIX);
  await deps.db.insert(refreshTokens).values({
    tokenHash: hashRefreshToken(refreshToken),
    familyId: randomUUID(),
    subject,
    userId: guest ? null : subject,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + deps.refreshTokenTtlS * 1000),
  });
  const authorisationToken = await deps.signer.sign(subject, { guest, nowMs, ttlS: deps.accessTokenTtlS });
  return { authorisationToken, refreshToken };
}

/**
 * Exchanges a refresh token for a new pair (rotation): the presented token is revoked and
 * replaced. A token that was already rotated more than {@link REFRESH_REUSE_GRACE_MS} ago (reuse,
 * a sign of theft) revokes its whole family; within that window it gets a new pair as well,
 * unless the family has no live token left (the session was ended by a logout or a reset).
 * When `bearerSubject` is given (the sender's possibly expired access token) it must match the
 * refresh token's subject. Every failure is a 401 `UNAUTHORIZED`.
 */
export async function rotateSession(
  deps: SessionDeps,
  presented: string,
  bearerSubject: string | undefined,
): Promise<TokenPair> {
  const nowMs = deps.now();
  const oldHash = hashRefreshToken(presented);
  const [row] = await deps.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, oldHash)).limit(1);
  if (!row) throw unauthorized('Invalid refresh token');
  if (row.revokedAt) {
    const withinGrace = nowMs - row.revokedAt.getTime() < REFRESH_REUSE_GRACE_MS;
    if (row.replacedBy && !withinGrace) await revokeFamily(deps.db, row.familyId, nowMs);
    // Within the window a rotated token is a retry (the answer was lost to a reload) or a
    // second tab refreshing at the same moment: answer a new pair of the same family, unless the
    // session has ended meanwhile (a logout or a password reset revoked the whole family).
    if (row.replacedBy && withinGrace && row.expiresAt.getTime() > nowMs && (await familyIsLive(deps.db, row.familyId))) {
      return issueInFamily(deps, row, nowMs);
    }
    throw unauthorized('Refresh token has been revoked');
  }
  if (row.expiresAt.getTime() <= nowMs) throw unauthorized('Refresh token expired');
  if (bearerSubject !== undefined && bearerSubject !== row.subject) {
    throw unauthorized('Refresh token does not belong to this session');
  }

  const refreshToken = newRefreshToken();
  const newHash = hashRefreshToken(refreshToken);
  const rotated = await deps.db.transaction(async (tx) => {
    const revoked = await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date(nowMs), replacedBy: newHash })
      .where(and(eq(refreshTokens.tokenHash, oldHash), isNull(refreshTokens.revokedAt)))
      .returning({ tokenHash: refreshTokens.tokenHash });
    if (revoked.length === 0) return false;
    await tx.insert(refreshTokens).values({
      tokenHash: newHash,
      familyId: row.familyId,
      subject: row.subject,
      userId: row.userId,
      createdAt: new Date(nowMs),
      expiresAt: new Date(nowMs + deps.refreshTokenTtlS * 1000),
    });
    return true;
  });
  if (!rotated) {
    // Another request rotated this token between our read and our write, a moment ago: a
    // concurrent refresh (two tabs), inside the grace window; or the session ended meanwhile.
    if (!(await familyIsLive(deps.db, row.familyId))) throw unauthorized('Refresh token has been revoked');
    return issueInFamily(deps, row, nowMs);
  }
  const guest = row.subject.startsWith(GUEST_PREFIX);
  const authorisationToken = await deps.signer.sign(row.subject, { guest, nowMs, ttlS: deps.accessTokenTtlS });
  return { authorisationToken, refreshToken };
}

/** Issues a new pair in `row`'s family (same subject); nothing is revoked. */
async function issueInFamily(deps: SessionDeps, row: RefreshTokenRow, nowMs: number): Promise<TokenPair> {
  const refreshToken = newRefreshToken();
  await deps.db.insert(refreshTokens).values({
    tokenHash: hashRefreshToken(refreshToken),
    familyId: row.familyId,
    subject: row.subject,
    userId: row.userId,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + deps.refreshTokenTtlS * 1000),
  });
  const guest = row.subject.startsWith(GUEST_PREFIX);
  const authorisationToken = await deps.signer.sign(row.subject, { guest, nowMs, ttlS: deps.accessTokenTtlS });
  return { authorisationToken, refreshToken };
}

/** Whether a family still has a token that is not revoked (its session has not ended). */
async function familyIsLive(db: SandboxDb, familyId: string): Promise<boolean> {
  const [live] = await db
    .select({ tokenHash: refreshTokens.tokenHash })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return live !== undefined;
}

async function revokeFamily(db: SandboxDb, familyId: string, nowMs: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(nowMs) })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
