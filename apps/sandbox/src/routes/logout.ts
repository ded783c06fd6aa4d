/**
 * `POST /api/v2/logout` (this project's call; the spec shows only the external OAuth logout,
 * identity-and-routes.md §7 "POST {ext-oauth-route}/logout refreshToken"; docs/api.md "Sessions"):
 * a signed-in user ends this session or every session of the account.
 *
 * - Bearer required (a signed-in, non-guest user; 401 otherwise).
 * - Body `{ everywhere: true }`: every session of the account ends at once (logout everywhere):
 *   the account's session version is raised, so every access token, this one included, is
 *   refused from the next call, and every refresh token is revoked.
 * - Body `{ refreshToken }`: that refresh token's family (this session and its rotations) is
 *   revoked, if it is the caller's; an unknown token answers `{}` too. The access token runs out
 *   on its own (at most the access-token lifetime).
 * - Answer `{}`. 400 `BAD_REQUEST` for neither (or an empty token).
 *
 * The contract is `calls.auth.logout` of `@stream/core/contracts`.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import { calls } from '@stream/core/contracts';
import type { SandboxEnv } from '../app.js';
import { endAccountSessions, hashRefreshToken, type SessionDeps } from '../auth/sessions.js';
import { refreshTokens } from '../db/schema.js';
import { badRequest } from '../errors.js';
import { readJsonBody } from '../http/body.js';
import type { RouteContext } from './context.js';

/** Path of the logout call. */
export const LOGOUT_PATH = calls.auth.logout.path;

/** Registers `POST /api/v2/logout` on `app`. */
export function registerLogoutRoute(app: Hono<SandboxEnv>, deps: { routes: RouteContext; sessions: SessionDeps }): void {
  const { routes } = deps;
  app.post(LOGOUT_PATH, async (c) => {
    const claims = await routes.requireUser(c);
    const body = await readJsonBody(c, calls.auth.logout.body);
    const at = new Date(routes.now());
    if (body.everywhere === true) {
      await endAccountSessions(routes.db, claims.sub, at);
      return c.json({});
    }
    if (body.refreshToken === undefined) throw badRequest('Send everywhere: true, or the session\'s refreshToken');
    const [row] = await routes.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, hashRefreshToken(body.refreshToken)), eq(refreshTokens.userId, claims.sub)))
      .limit(1);
    if (row) {
      await routes.db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    }
    return c.json({});
  });
}
