/**
 * The child filter (issue 16 "Ratings enforced by the platform"; docs/api.md "Parental control"):
 * the one place where a session's age-rating limit becomes a condition on titles. A child
 * profile's session (`par` `RESTRICTED`, limit `arl`) never receives a title whose
 * `titles.age_rating` is above its limit from any call: lists leave such titles out (their totals
 * too), and a title asked for by id answers 404 as if it did not exist. The rule itself is core's
 * `ratingAllowed`; the SQL conditions here are its translation.
 */
import { and, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ratingAllowed } from '@stream/core/domain';
import type { AccessClaims } from '../auth/jwt.js';
import { titles } from '../db/schema.js';
import { ApiHttpError } from '../errors.js';

/** The age-rating limit of a session: its `arl` when restricted, else undefined (every title). */
export function ageLimitOf(claims: Pick<AccessClaims, 'par' | 'arl'> | undefined): number | undefined {
  if (claims?.par !== 'RESTRICTED') return undefined;
  return typeof claims.arl === 'number' ? claims.arl : 0;
}

/** `where` (if any) and, for a limit, `titles.age_rating <= limit`; undefined when neither applies. */
export function rated(where: SQL | undefined, limit: number | undefined): SQL | undefined {
  if (limit === undefined) return where;
  const allowed = lte(titles.ageRating, limit);
  return where ? and(where, allowed) : allowed;
}

/**
 * `where` (if any) and, for a limit, "the title `titleId` names is rated at most `limit`" (a
 * subquery, for rows of other tables that refer to a title: favourites, history, watchlists);
 * undefined when neither applies.
 */
export function ratedTitleId(where: SQL | undefined, titleId: AnyColumn | SQL, limit: number | undefined): SQL | undefined {
  if (limit === undefined) return where;
  const allowed = sql`${titleId} in (select ${titles.id} from ${titles} where ${titles.ageRating} <= ${limit})`;
  return where ? and(where, allowed) : allowed;
}

/** The 404 `NOT_FOUND` of a title above the limit: the same answer as for an unknown id. */
export function assertRated<T extends { ageRating: number }>(row: T, limit: number | undefined, what: string): T {
  if (!ratingAllowed(row.ageRating, limit)) throw new ApiHttpError(404, 'NOT_FOUND', [`No ${what}`]);
  return row;
}
