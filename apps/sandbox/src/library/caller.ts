/**
 * Whose library a call reads and writes (issue 16: each profile has its own favourites,
 * watchlists and watch history; docs/api.md "Profiles and preferences"): the one place where a
 * session becomes the library's key, used by every call of `routes/favourites.ts`,
 * `routes/history.ts` and `routes/watchlists.ts`.
 */
import type { Context } from 'hono';
import type { AccessClaims } from '../auth/jwt.js';
import { profileGone, sessionProfile } from '../household/profiles.js';
import type { RouteContext } from '../routes/context.js';

/** The caller of a library call: its claims, its account and the profile whose library it is. */
export interface LibraryCaller {
  claims: AccessClaims;
  /** The account (`claims.sub`): the rows' `user_id` (`watchlists.owner_id`, the answers' `ownerExternalId`). */
  userId: string;
  /** The session's profile (`profiles.id`): the rows' `profile_id`. */
  profileId: string;
}

/**
 * The signed-in caller (401 for a guest or no bearer) and its profile: the session's `pid`, or
 * for a session without one the account's first adult profile, whose id is the account's
 * (`claims.pid ?? claims.sub`). It is read as `sessionProfile` reads it for the preferences, so
 * the library and the preferences of a session are always the same profile's: the first adult
 * profile is made here when it does not exist yet (the library's foreign keys to `profiles`
 * need its row), a session without `pid` whose first adult profile was deleted reads the oldest
 * adult one, and a session whose `pid` profile was deleted is 401 `profileGone`.
 */
export async function libraryCaller(ctx: Pick<RouteContext, 'db' | 'requireUser' | 'sandboxNow'>, c: Context): Promise<LibraryCaller> {
  const claims = await ctx.requireUser(c);
  const profile = await sessionProfile(ctx.db, claims, await ctx.sandboxNow());
  return { claims, userId: claims.sub, profileId: profile.id };
}

/**
 * `write`, whose rows refer to the caller's profile; 401 `profileGone` (as `libraryCaller`) when
 * the profile was deleted meanwhile (PostgreSQL's foreign-key violation 23503 on a
 * `<table>_profile_id_fkey`), never a 500.
 */
export async function writingForProfile<T>(write: PromiseLike<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isProfileForeignKeyViolation(error)) throw profileGone();
    throw error;
  }
}

/** Whether `error` (or one of its causes: drizzle wraps the driver's) is a violation of a `…_profile_id_fkey`. */
function isProfileForeignKeyViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23503' && typeof constraint === 'string' && constraint.endsWith('_profile_id_fkey')) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
