import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { ApiHttpError, unauthorized } from '../errors.js';

/** Role claim values: a guest's, a customer's, an administrator's (`users.role`). */
export type Role = 'CUSTOMER' | 'GUEST' | 'ADMIN';

/** The role a signed-in account's tokens carry: `ADMIN` only for an account whose `users.role` says so. */
export function accountRole(role: string | null | undefined): Exclude<Role, 'GUEST'> {
  return role === 'ADMIN' ? 'ADMIN' : 'CUSTOMER';
}

/** Values of the `par` claim. */
export type ParentalRestriction = 'NON_RESTRICTED' | 'RESTRICTED';

/** The profile a token is signed for: its id, and for a child profile its age-rating limit (the session is then `RESTRICTED`). */
export interface TokenProfile {
  id: string;
  /** Set for a child profile only. */
  ageRatingLimit?: number | undefined;
}

/** The platform's access token claims. */
export interface AccessClaims extends JWTPayload {
  /** User id, or `guest:<uuid>` for a guest. */
  sub: string;
  /** Guest flag. */
  gue: boolean;
  rol: Role;
  /** Country, ISO 3166-1 alpha-2. */
  loc: string;
  /**
   * Parental restriction of the session's profile (identity §3 `par`; issue 16): `RESTRICTED` for
   * a child profile's session (it cannot buy, and sees titles up to `arl` only), else
   * `NON_RESTRICTED`.
   */
  par: ParentalRestriction;
  /** The profile the session is for (`profiles.id`); absent: the account's first adult profile. */
  pid?: string;
  /** A restricted session's age-rating limit (`profiles.age_rating_limit`): the highest `titles.age_rating` it may receive. */
  arl?: number;
  /**
   * Session version of the account when the token was signed (users.session_version; absent in a
   * guest's token). A reset, a logout everywhere or an unlink of the signing provider raises the
   * account's version, which ends every access token signed before (`auth/sessions.ts`).
   */
  sv?: number;
  /** The session (refresh-token family) the token belongs to (absent in a guest's token). */
  sid?: string;
  iat: number;
  exp: number;
}

/** Signs and verifies access tokens (HS256 with the secret stored in the database). */
export interface TokenSigner {
  /**
   * Signs an access token for `subject` that lives `ttlS` seconds from `nowMs`; `sessionVersion`
   * (an account's) becomes the `sv` claim, `sessionId` (its refresh-token family) the `sid` claim,
   * `profile` the `pid` claim (and for a child profile `par` `RESTRICTED` with `arl`).
   */
  sign(
    subject: string,
    options: {
      guest: boolean;
      country?: string;
      nowMs: number;
      ttlS: number;
      sessionVersion?: number;
      sessionId?: string;
      profile?: TokenProfile | undefined;
      /** The account's role (`users.role`); ignored for a guest. @default 'CUSTOMER' */
      role?: Exclude<Role, 'GUEST'>;
    },
  ): Promise<string>;
  /**
   * Verifies a token. Throws {@link ApiHttpError} 401 `TOKEN_EXPIRED` for an expired but
   * authentic token, 401 `UNAUTHORIZED` for anything else wrong.
   */
  verify(token: string, nowMs: number): Promise<AccessClaims>;
  /** Verifies the signature (and claim shape) but ignores `exp`; 401 `UNAUTHORIZED` if not authentic. */
  verifyIgnoringExpiry(token: string): Promise<AccessClaims>;
}

const ALG = 'HS256';

/** A {@link TokenSigner} over an HS256 secret. */
export function createTokenSigner(secret: Uint8Array): TokenSigner {
  const verifyAt = async (token: string, nowMs: number): Promise<AccessClaims> => {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALG],
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return toClaims(payload);
  };
  return {
    async sign(subject, { guest, country = 'GB', nowMs, ttlS, sessionVersion, sessionId, profile, role = 'CUSTOMER' }) {
      const iat = Math.floor(nowMs / 1000);
      const version = { ...(sessionVersion === undefined ? {} : { sv: sessionVersion }), ...(sessionId === undefined ? {} : { sid: sessionId }) };
      const child = profile?.ageRatingLimit !== undefined;
      const parental = {
        par: child ? 'RESTRICTED' : 'NON_RESTRICTED',
        ...(profile ? { pid: profile.id } : {}),
        ...(child ? { arl: profile.ageRatingLimit } : {}),
      };
      return new SignJWT({ gue: guest, rol: guest ? 'GUEST' : role, loc: country, ...parental, ...version })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(subject)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlS)
        .sign(secret);
    },
    async verify(token, nowMs) {
      try {
        return await verifyAt(token, nowMs);
      } catch (error) {
        if (error instanceof ApiHttpError) throw error;
        if (error instanceof errors.JWTExpired) {
          throw new ApiHttpError(401, 'TOKEN_EXPIRED', ['Access token expired']);
        }
        throw unauthorized('Invalid access token');
      }
    },
    async verifyIgnoringExpiry(token) {
      try {
        return await verifyAt(token, Date.now());
      } catch (error) {
        if (error instanceof ApiHttpError) throw error;
        // jose authenticates the token before it validates claims, so the payload is trusted here.
        if (error instanceof errors.JWTExpired) return toClaims(error.payload);
        throw unauthorized('Invalid access token');
      }
    },
  };
}

function toClaims(payload: JWTPayload): AccessClaims {
  const { sub, gue, rol, loc, par, iat, exp, sv, sid, pid, arl } = payload;
  if (
    (sv !== undefined && (typeof sv !== 'number' || !Number.isInteger(sv) || sv < 0)) ||
    (sid !== undefined && typeof sid !== 'string') ||
    (pid !== undefined && typeof pid !== 'string') ||
    // A restricted session always carries its limit; an unrestricted one never does.
    (par === 'RESTRICTED') !== (typeof arl === 'number' && Number.isInteger(arl) && arl >= 0) ||
    (arl !== undefined && par !== 'RESTRICTED') ||
    typeof sub !== 'string' ||
    typeof gue !== 'boolean' ||
    (rol !== 'CUSTOMER' && rol !== 'GUEST' && rol !== 'ADMIN') ||
    typeof loc !== 'string' ||
    (par !== 'NON_RESTRICTED' && par !== 'RESTRICTED') ||
    typeof iat !== 'number' ||
    typeof exp !== 'number'
  ) {
    throw unauthorized('Invalid access token');
  }
  return {
    ...payload,
    sub,
    gue,
    rol,
    loc,
    par,
    iat,
    exp,
    ...(typeof sv === 'number' ? { sv } : {}),
    ...(typeof sid === 'string' ? { sid } : {}),
    ...(typeof pid === 'string' ? { pid } : {}),
    ...(typeof arl === 'number' ? { arl } : {}),
  };
}

/**
 * The bearer token of an `Authorization` header, or undefined when the header is absent.
 * A present but malformed header (not `Bearer <token>`) is a 401.
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (!match?.[1]) throw unauthorized('Malformed Authorization header');
  return match[1];
}
