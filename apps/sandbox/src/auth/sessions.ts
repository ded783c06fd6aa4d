import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { SandboxDb } from '../db/open.js';
import { profiles, refreshTokens, users } from '../db/schema.js';
import { unauthorized } from '../errors.js';
import { profileGone, tokenProfileOf } from '../household/profiles.js';
import { accountRole, type AccessClaims, type TokenProfile, type TokenSigner } from './jwt.js';

/** A stored refresh token. */
type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** The pair every sign-in answers with (a type, not an interface: it is a contract answer, `http/route.ts`). */
export type TokenPair = {
  authorisationToken: string;
  refreshToken: string;
};

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
 * token gets the very pair its rotation answered (single flight: no new token is made) and
 * nothing is revoked; after it, a reuse revokes the whole family (the user signs in again).
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** At most this many live refresh-token families (signed-in sessions) per account; a new sign-in revokes the oldest beyond it. */
export const MAX_LIVE_FAMILIES = 20;

/** Options of {@link issueSession}. */
export interface IssueOptions {
  /**
   * The sign-in provider (`GOOGLE`, `APPLE_ID`, `FACEBOOK`, `ADOBE`, `ADOBE_DCR`), recorded on the
   * session's family: an unlink of that provider ends it ({@link endAccountSessions}).
   */
  provider?: string;
  /**
   * The profile the session is for (`profiles.id` of the account; issue 16): kept on the family,
   * so every token it signs, a refresh's included, carries it (`pid`, and for a child `par`
   * `RESTRICTED` with `arl`). Absent: the account's first adult profile (no `pid`).
   */
  profileId?: string;
}

/**
 * Starts a session for `subject` (a user id, or `guest:<uuid>`): signs an access token (with the
 * account's session version) and stores a new refresh token in a new family. An account keeps at
 * most {@link MAX_LIVE_FAMILIES} live families: the ones least recently refreshed beyond that are
 * revoked.
 */
export async function issueSession(deps: SessionDeps, subject: string, options: IssueOptions = {}): Promise<TokenPair> {
  const refreshToken = newRefreshToken();
  const nowMs = deps.now();
  const guest = subject.startsWith(GUEST_PREFIX);
  const familyId = randomUUID();
  await deps.db.insert(refreshTokens).values({
    tokenHash: hashRefreshToken(refreshToken),
    familyId,
    subject,
    userId: guest ? null : subject,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + deps.refreshTokenTtlS * 1000),
    provider: options.provider ?? null,
    profileId: guest ? null : (options.profileId ?? null),
  });
  if (!guest) await revokeFamiliesBeyondLimit(deps.db, subject, nowMs);
  const authorisationToken = await signAccess(deps, subject, nowMs, familyId, options.profileId ?? null);
  return { authorisationToken, refreshToken };
}

/**
 * Exchanges a refresh token for a new pair (rotation): the presented token is revoked and
 * replaced, in one conditional update of its row (the row is the lock: of concurrent refreshes
 * with one token exactly one rotates it). Every other refresh with that token within
 * {@link REFRESH_REUSE_GRACE_MS} of the rotation (a concurrent one, or a retry whose answer was
 * lost) answers the same pair, unless the session has ended meanwhile (a logout or a reset
 * revoked the whole family). A token rotated longer ago than that (reuse, a sign of theft)
 * revokes its whole family. When `bearerSubject` is given (the sender's possibly expired access
 * token) it must match the refresh token's subject. Every failure is a 401 `UNAUTHORIZED`.
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
  if (row.revokedAt) return answerRotated(deps, row, presented, bearerSubject, nowMs);
  if (row.expiresAt.getTime() <= nowMs) throw unauthorized('Refresh token expired');
  if (bearerSubject !== undefined && bearerSubject !== row.subject) {
    throw unauthorized('Refresh token does not belong to this session');
  }

  const refreshToken = newRefreshToken();
  const newHash = hashRefreshToken(refreshToken);
  const pair: TokenPair = { authorisationToken: await signAccess(deps, row.subject, nowMs, row.familyId, row.profileId), refreshToken };
  const rotated = await deps.db.transaction(async (tx) => {
    const revoked = await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date(nowMs), replacedBy: newHash, successorPair: sealPair(pair, presented) })
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
      provider: row.provider,
      profileId: row.profileId,
    });
    return true;
  });
  if (rotated) return pair;
  // Another request rotated this token between our read and our write (it committed first):
  // answer the pair it made.
  const [winner] = await deps.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, oldHash)).limit(1);
  if (!winner?.revokedAt) throw unauthorized('Refresh token has been revoked');
  return answerRotated(deps, winner, presented, bearerSubject, nowMs);
}

/**
 * The answer to a refresh with an already revoked token `row`: the pair its rotation answered,
 * within the grace window and while the family lives; else 401 (and, for a reuse after the
 * window, the whole family is revoked).
 */
async function answerRotated(
  deps: SessionDeps,
  row: RefreshTokenRow,
  presented: string,
  bearerSubject: string | undefined,
  nowMs: number,
): Promise<TokenPair> {
  const revokedAt = row.revokedAt!.getTime();
  if (!row.replacedBy) throw unauthorized('Refresh token has been revoked'); // a logout or a reset, not a rotation
  if (nowMs - revokedAt >= REFRESH_REUSE_GRACE_MS) {
    await revokeFamily(deps.db, row.familyId, nowMs);
    throw unauthorized('Refresh token has been revoked');
  }
  if (bearerSubject !== undefined && bearerSubject !== row.subject) throw unauthorized('Refresh token does not belong to this session');
  const pair = row.successorPair ? openPair(row.successorPair, presented) : undefined;
  if (!pair || row.expiresAt.getTime() <= nowMs || !(await familyIsLive(deps.db, row.familyId))) {
    throw unauthorized('Refresh token has been revoked');
  }
  return pair;
}

/**
 * Signs an access token for `subject` in session `familyId`: a user's carries the account's
 * current session version (`sv`) and the session (`sid`), and with `profileId` that profile as it
 * is now (`pid`; a child's `par` `RESTRICTED` and `arl`, so a changed limit applies at the next
 * refresh). 401 when the account or the profile is gone.
 */
async function signAccess(deps: SessionDeps, subject: string, nowMs: number, familyId: string, profileId: string | null): Promise<string> {
  const guest = subject.startsWith(GUEST_PREFIX);
  if (guest) return deps.signer.sign(subject, { guest, nowMs, ttlS: deps.accessTokenTtlS });
  const [user] = await deps.db.select({ sessionVersion: users.sessionVersion, role: users.role }).from(users).where(eq(users.id, subject)).limit(1);
  if (!user) throw unauthorized('Account no longer exists');
  let profile: TokenProfile | undefined;
  if (profileId !== null) {
    const [row] = await deps.db
      .select({ id: profiles.id, type: profiles.type, ageRatingLimit: profiles.ageRatingLimit })
      .from(profiles)
      .where(and(eq(profiles.id, profileId), eq(profiles.userId, subject)))
      .limit(1);
    if (!row) throw profileGone();
    profile = tokenProfileOf(row);
  }
  return deps.signer.sign(subject, {
    guest,
    nowMs,
    ttlS: deps.accessTokenTtlS,
    sessionVersion: user.sessionVersion,
    sessionId: familyId,
    profile,
    role: accountRole(user.role),
  });
}

/**
 * The check every authenticated call of a signed-in account makes (`requireUser` and
 * `optionalUser` in `app.ts`): the token's `sv` claim is the account's current session version
 * (one read by primary key; nothing is cached, so a revocation applies to the next call).
 * Guests' tokens pass. Errors: 401 `UNAUTHORIZED` `sessionRevoked` for a token signed before a
 * reset, a logout everywhere or an unlink of the signing provider (the client refreshes: a
 * session that still has a live refresh token continues), or for an account that is gone.
 */
export async function assertSessionCurrent(db: SandboxDb, claims: AccessClaims): Promise<void> {
  if (claims.gue || claims.sub.startsWith(GUEST_PREFIX)) return;
  const [user] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, claims.sub)).limit(1);
  if (!user || claims.sv !== user.sessionVersion) throw unauthorized('sessionRevoked', 'This session has ended; sign in again');
}

/** A query runner: the database or a transaction. */
type Queryable = Pick<SandboxDb, 'update' | 'select'>;

/**
 * Ends sessions of account `userId` at once (identity §4 "Session"; docs/api.md "Sessions"):
 * raises its session version, so every access token signed before is refused on its next call,
 * and revokes refresh tokens: every one (a reset, a logout everywhere), or with `providers` only
 * the families signed in through those providers (an unlink of the signing provider; the other
 * sessions get a new access token at their next refresh). `except` (a session id, the `sid` of
 * the caller's token) keeps that session's refresh tokens: the person who unlinks stays signed
 * in. `db` may be a transaction.
 */
export async function endAccountSessions(
  db: Queryable,
  userId: string,
  at: Date,
  options: { providers?: readonly string[]; except?: string | undefined } = {},
): Promise<void> {
  const scope = options.providers ? inArray(refreshTokens.provider, [...options.providers]) : undefined;
  const kept = options.except ? ne(refreshTokens.familyId, options.except) : undefined;
  // An unlink when no live session was signed in through that provider (the caller's included)
  // leaves the access tokens alone; a reset or a logout everywhere always refuses them.
  if (options.providers) {
    const [signedThrough] = await db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), scope))
      .limit(1);
    if (!signedThrough) return;
  }
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), scope, kept));
  await db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId));
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

/** Revokes the live families of `userId` beyond the {@link MAX_LIVE_FAMILIES} most recently refreshed. */
async function revokeFamiliesBeyondLimit(db: SandboxDb, userId: string, nowMs: number): Promise<void> {
  const live = await db
    .select({ familyId: refreshTokens.familyId, last: sql<Date>`max(${refreshTokens.createdAt})` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .groupBy(refreshTokens.familyId)
    .orderBy(sql`max(${refreshTokens.createdAt}) desc`);
  const beyond = live.slice(MAX_LIVE_FAMILIES).map((family) => family.familyId);
  if (beyond.length === 0) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(nowMs) })
    .where(and(inArray(refreshTokens.familyId, beyond), isNull(refreshTokens.revokedAt)));
}

/**
 * The key that seals a rotation's answer: HMAC-SHA-256 of the presented refresh token. The
 * database holds only the token's SHA-256, so what it stores cannot be opened without the token.
 */
const pairKey = (presented: string) => createHmac('sha256', presented).update('stream-sandbox refresh successor').digest();

/** Seals `pair` for whoever presents `presented` again: base64url of iv (12) | tag (16) | AES-256-GCM ciphertext. */
function sealPair(pair: TokenPair, presented: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', pairKey(presented), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** Opens what {@link sealPair} sealed; undefined if it does not open with `presented`. */
function openPair(sealed: string, presented: string): TokenPair | undefined {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', pairKey(presented), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    const pair = JSON.parse(text) as Partial<TokenPair>;
    return typeof pair.authorisationToken === 'string' && typeof pair.refreshToken === 'string'
      ? { authorisationToken: pair.authorisationToken, refreshToken: pair.refreshToken }
      : undefined;
  } catch {
    return undefined;
  }
}
