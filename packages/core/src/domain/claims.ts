/**
 * The session user read from the access token's claims, and expiry arithmetic.
 * Implements identity-and-routes.md §3 "Session user" and §6 "Roles and permissions".
 */
import { decodeJwt } from 'jose';

/**
 * The platform's access-token claims: `sub` account id, `gue` guest flag, `rol` role, `loc`
 * country (ISO 3166-1 alpha-2), `par` (parental restriction: `RESTRICTED` for a child profile's
 * session, else `NON_RESTRICTED`), `pid` the session's profile id (absent: the account's first
 * adult profile, as a fresh sign-in gives), `arl` a child profile's age-rating limit (the highest
 * title rating it may receive), `exp`/`iat` in SECONDS since the Unix epoch.
 */
export interface SessionClaims {
  sub: string;
  gue: boolean;
  rol?: string;
  loc?: string;
  par?: string;
  pid?: string;
  arl?: number;
  exp?: number;
  iat?: number;
}

/** The session user the app works with (§3 "Session user"); `expiresAt` in MILLISECONDS. */
export interface SessionUser {
  id: string;
  guest: boolean;
  role?: string;
  country?: string;
  par?: string;
  /** The session's profile (claim `pid`); absent: the account's first adult profile, not chosen yet. */
  profileId?: string;
  /** A child profile's age-rating limit (claim `arl`). */
  ageRatingLimit?: number;
  expiresAt?: number;
  missingInformationStatus?: string;
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Reads the claims of a JWT without verifying its signature (the server verifies; the client
 * only needs the claims). Uses jose's `decodeJwt`.
 *
 * - `token`: any value; a compact JWS string is expected.
 * - Returns the claims, or `null` when the token is not a string, not a decodable JWT, has no
 *   non-empty string `sub`, or has an `exp`/`iat` that is not a finite number, or a `gue` that
 *   is present and not a boolean. A missing `gue` means not a guest. `rol`, `loc`, `par`, `pid`
 *   that are not strings (or are empty, for `pid`), and an `arl` that is not a finite number,
 *   are left out. Never throws.
 * Implements identity-and-routes.md §3 "Session user (from token claims)".
 */
export function decodeSessionClaims(token: unknown): SessionClaims | null {
  if (typeof token !== 'string' || token.length === 0) return null;
  let payload: Record<string, unknown>;
  try {
    payload = decodeJwt(token) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { sub, gue, rol, loc, par, pid, arl, exp, iat } = payload;
  if (typeof sub !== 'string' || sub === '') return null;
  if (gue !== undefined && typeof gue !== 'boolean') return null;
  if (exp !== undefined && !isFiniteNumber(exp)) return null;
  if (iat !== undefined && !isFiniteNumber(iat)) return null;
  const claims: SessionClaims = { sub, gue: gue === true };
  if (typeof rol === 'string') claims.rol = rol;
  if (typeof loc === 'string') claims.loc = loc;
  if (typeof par === 'string') claims.par = par;
  if (typeof pid === 'string' && pid !== '') claims.pid = pid;
  if (isFiniteNumber(arl)) claims.arl = arl;
  if (exp !== undefined) claims.exp = exp;
  if (iat !== undefined) claims.iat = iat;
  return claims;
}

/**
 * Maps claims to the session user: `sub`→`id`, `gue`→`guest`, `rol`→`role`, `loc`→`country`,
 * `par`→`par`, `pid`→`profileId`, `arl`→`ageRatingLimit`, `exp` (s)→`expiresAt` (ms), plus the login answer's `missingInformationStatus`.
 * Absent values are left out (no `undefined` keys).
 * Implements identity-and-routes.md §3 "Session user".
 */
export function toSessionUser(claims: SessionClaims, missingInformationStatus?: string): SessionUser {
  const user: SessionUser = { id: claims.sub, guest: claims.gue === true };
  if (claims.rol !== undefined) user.role = claims.rol;
  if (claims.loc !== undefined) user.country = claims.loc;
  if (claims.par !== undefined) user.par = claims.par;
  if (claims.pid !== undefined) user.profileId = claims.pid;
  if (isFiniteNumber(claims.arl)) user.ageRatingLimit = claims.arl;
  if (isFiniteNumber(claims.exp)) user.expiresAt = claims.exp * 1000;
  if (typeof missingInformationStatus === 'string') user.missingInformationStatus = missingInformationStatus;
  return user;
}

/**
 * True when the token has expired at `nowMs` (ms since epoch), counting `skewMs` (ms) early:
 * `nowMs + skewMs >= exp * 1000`. Claims without `exp` never expire. A non-finite `nowMs` counts
 * as expired (fail safe).
 * Implements identity-and-routes.md §4 "Session: an expired session leads to logout".
 */
export function isExpired(claims: SessionClaims, nowMs: number, skewMs = 0): boolean {
  if (!isFiniteNumber(claims?.exp)) return false;
  if (!isFiniteNumber(nowMs)) return true;
  const skew = isFiniteNumber(skewMs) ? skewMs : 0;
  return nowMs + skew >= claims.exp * 1000;
}

/**
 * Milliseconds from `nowMs` (ms since epoch) until `exp`, never below 0; `null` when the claims
 * have no `exp`. A non-finite `nowMs` gives 0. Use it to schedule a refresh.
 * Implements identity-and-routes.md §4 "Session".
 */
export function msUntilExpiry(claims: SessionClaims, nowMs: number): number | null {
  if (!isFiniteNumber(claims?.exp)) return null;
  if (!isFiniteNumber(nowMs)) return 0;
  return Math.max(0, claims.exp * 1000 - nowMs);
}
