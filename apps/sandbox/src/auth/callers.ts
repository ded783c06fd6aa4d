/**
 * Who sent a request: the checks of its bearer that the route handlers ask for (the route
 * context, `routes/context.ts`), one set per app. Every check of a user's token also checks its
 * session version (`sessions.ts` `assertSessionCurrent`: a token signed before a revocation is
 * refused). docs/sandbox.md "Tokens", "Errors".
 */
import type { Context } from 'hono';
import type { SandboxDb } from '../db/open.js';
import { unauthorized } from '../errors.js';
import { bearerToken, type AccessClaims, type TokenSigner } from './jwt.js';
import { assertSessionCurrent, GUEST_PREFIX } from './sessions.js';

/** The bearer checks of the route context. */
export interface CallerChecks {
  /**
   * The caller's claims; 401 without a bearer, with a guest token (messages `[guestMessage]`,
   * default "Guests have no account; sign in") or an invalid one.
   */
  requireUser: (c: Context, guestMessage?: string) => Promise<AccessClaims>;
  /** The caller's claims when signed in; undefined without a bearer or for a guest; 401 for an invalid or expired bearer. */
  optionalUser: (c: Context) => Promise<AccessClaims | undefined>;
  /** The guest subject (`guest:<uuid>`) of a valid guest bearer, else undefined (no bearer, a user's, or an invalid one). */
  optionalGuest: (c: Context) => Promise<string | undefined>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The bearer checks over `db` and `signer`, tokens judged at `now()` (epoch ms). */
export function callerChecks(deps: { db: SandboxDb; signer: TokenSigner; now: () => number }): CallerChecks {
  const { db, signer, now } = deps;
  return {
    async requireUser(c, guestMessage = 'Guests have no account; sign in') {
      const token = bearerToken(c.req.header('authorization'));
      if (!token) throw unauthorized('Missing bearer token');
      const claims = await signer.verify(token, now());
      if (claims.gue || claims.sub.startsWith(GUEST_PREFIX)) throw unauthorized(guestMessage);
      if (!UUID.test(claims.sub)) throw unauthorized('Invalid access token');
      // The one session check of every signed-in call: a token signed before a revocation is refused.
      await assertSessionCurrent(db, claims);
      return claims;
    },
    async optionalUser(c) {
      const token = bearerToken(c.req.header('authorization'));
      if (!token) return undefined;
      const claims = await signer.verify(token, now());
      if (claims.gue || !UUID.test(claims.sub)) return undefined;
      await assertSessionCurrent(db, claims);
      return claims;
    },
    async optionalGuest(c) {
      const token = bearerToken(c.req.header('authorization'));
      if (!token) return undefined;
      const claims = await signer.verify(token, now()).catch(() => undefined);
      return claims?.gue && claims.sub.startsWith(GUEST_PREFIX) ? claims.sub : undefined;
    },
  };
}
