/**
 * The profiles of an account, stored (issue 16; docs/api.md "Profiles and preferences"): the
 * first adult profile made on first need, the session's profile, and a profile's answer shape.
 * The rules (name, limits, who may do what) are core's `domain/household.ts`.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Profile } from '@stream/core/contracts';
import { checkProfileName, DEFAULT_ADULT_AVATAR, isProfileAvatar, type ProfileRef } from '@stream/core/domain';
import type { AccessClaims } from '../auth/jwt.js';
import type { SandboxDb } from '../db/open.js';
import { profiles, users } from '../db/schema.js';
import { unauthorized } from '../errors.js';

/** A stored profile. */
export type ProfileRow = typeof profiles.$inferSelect;

/** A query runner: the database or a transaction. */
type Queryable = Pick<SandboxDb, 'select' | 'insert'>;

/** The name of an account's first profile: its account name when the name rule accepts it, else `Profile 1`. */
function firstProfileName(accountName: string | null | undefined): string {
  const checked = checkProfileName(accountName ?? '');
  return checked.ok ? checked.name : 'Profile 1';
}

/**
 * The account's profiles, oldest first; an account that has none gets its first adult profile
 * now (its id is the account's id, so two first calls at once make one profile: the second
 * insert does nothing), named after the account.
 */
export async function ensureProfiles(db: Queryable, userId: string, now: Date): Promise<ProfileRow[]> {
  const list = () => db.select().from(profiles).where(eq(profiles.userId, userId)).orderBy(asc(profiles.createdAt), asc(profiles.id));
  const found = await list();
  if (found.length > 0) return found;
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw unauthorized('Account no longer exists');
  await db
    .insert(profiles)
    .values({ id: userId, userId, name: firstProfileName(user.name), type: 'ADULT', avatar: DEFAULT_ADULT_AVATAR, createdAt: now })
    .onConflictDoNothing();
  return list();
}

/** One profile of the account, or undefined. */
export async function findProfile(db: Pick<SandboxDb, 'select'>, userId: string, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(and(eq(profiles.userId, userId), eq(profiles.id, id))).limit(1);
  return row;
}

/** 401 `UNAUTHORIZED` `profileGone`: the session's profile was deleted (the device picks a profile again). */
export const profileGone = () => unauthorized('profileGone', 'This profile no longer exists; choose a profile');

/**
 * The profile a session is for: its token's `pid`, or without one the account's first adult
 * profile (made on first need). 401 `UNAUTHORIZED` `profileGone` when the `pid` profile was
 * deleted (its sessions end; the device picks a profile again).
 */
export async function sessionProfile(db: Queryable, claims: Pick<AccessClaims, 'sub' | 'pid'>, now: Date): Promise<ProfileRow> {
  if (claims.pid !== undefined) {
    const row = await findProfile(db, claims.sub, claims.pid);
    if (!row) throw profileGone();
    return row;
  }
  const all = await ensureProfiles(db, claims.sub, now);
  const adult = all.find((p) => p.type === 'ADULT') ?? all[0];
  if (!adult) throw unauthorized('Account no longer exists');
  return adult;
}

/** The rules' view of a stored profile. */
export function profileRef(row: Pick<ProfileRow, 'type' | 'ageRatingLimit'>): ProfileRef {
  return row.type === 'CHILD' ? { type: 'CHILD', ageRatingLimit: row.ageRatingLimit ?? 0 } : { type: 'ADULT' };
}

/** The profile a token is signed for: its id and, for a child, its limit (`auth/jwt.ts` `TokenProfile`). */
export function tokenProfileOf(row: Pick<ProfileRow, 'id' | 'type' | 'ageRatingLimit'>): { id: string; ageRatingLimit?: number } {
  return row.type === 'CHILD' ? { id: row.id, ageRatingLimit: row.ageRatingLimit ?? 0 } : { id: row.id };
}

/** A stored profile as the contract's `Profile`. */
export function profileAnswer(row: ProfileRow): Profile {
  return {
    id: row.id,
    name: row.name,
    type: row.type === 'CHILD' ? 'CHILD' : 'ADULT',
    avatar: isProfileAvatar(row.avatar) ? row.avatar : DEFAULT_ADULT_AVATAR,
    ...(row.type === 'CHILD' ? { ageRatingLimit: row.ageRatingLimit ?? 0 } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}
