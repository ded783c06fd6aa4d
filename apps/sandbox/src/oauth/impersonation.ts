/**
 * Impersonation (identity-and-routes.md §6 "An impersonation route with a token exists (an
 * administrator acting as a user)"; docs/sandbox.md "Impersonation", docs/api.md
 * "Impersonation"). The sandbox plays the administrator's tool with a control:
 *
 * - `POST /_sandbox/impersonation { email }` → `{ token, url, expiresAt }` (the sandbox admin key
 *   in `x-sandbox-admin-key` besides the realm headers, as every control): a single-use token
 *   (32 random bytes, base64url) valid for {@link IMPERSONATION_TOKEN_TTL_MS}, and the web app's
 *   IMPERSONATE address `<webUrl>/impersonate/<token>`. 404 for an unknown email. Only the
 *   token's SHA-256 is stored.
 * - `POST /api/v2/impersonation/token { impersonationToken }` (no bearer) → the user's tokens as
 *   `POST /login` answers them, plus `impersonated: true`. The token is spent atomically before
 *   the session is issued; the session's refresh-token family is recorded with it, which marks
 *   that session and all its refreshes as impersonated. An unknown, used or expired token → 404
 *   `NOT_FOUND` `impersonationTokenInvalid` (the same answer for each, so a guess learns nothing).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { calls } from '@stream/core/contracts';
import type { SandboxEnv } from '../http/env.js';
import { hashRefreshToken, issueSession, type SessionDeps } from '../auth/sessions.js';
import { DEFAULTS } from '../config.js';
import { impersonationTokens, refreshTokens, users } from '../db/schema.js';
import { ApiHttpError } from '../errors.js';
import { readJsonBody } from '../http/body.js';
import type { RouteContext } from '../routes/context.js';

/** How long an impersonation token may be used: 5 minutes. */
export const IMPERSONATION_TOKEN_TTL_MS = 5 * 60 * 1000;

/** `POST /_sandbox/impersonation` body (a sandbox control, not a contract). */
export const impersonationControlSchema = z.object({ email: z.string().check(z.minLength(3), z.maxLength(320)) });

/** What the impersonation routes need. */
export interface ImpersonationDeps {
  routes: RouteContext;
  sessions: SessionDeps;
  /** The web app's base address, for the control's `url`. @default the sandbox's default web address */
  webUrl: string | undefined;
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Registers the impersonation control and the platform's exchange on `app`. */
export function registerImpersonationRoutes(app: Hono<SandboxEnv>, deps: ImpersonationDeps): void {
  const { routes, sessions } = deps;
  const webUrl = (deps.webUrl ?? DEFAULTS.webUrl).replace(/\/+$/, '');

  app.post('/_sandbox/impersonation', async (c) => {
    const body = await readJsonBody(c, impersonationControlSchema);
    const email = body.email.trim().toLowerCase();
    const [user] = await routes.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (!user) throw new ApiHttpError(404, 'NOT_FOUND', [`No account with the email ${email}`]);
    const token = randomBytes(32).toString('base64url');
    const now = routes.now();
    const expiresAt = new Date(now + IMPERSONATION_TOKEN_TTL_MS);
    await routes.db.insert(impersonationTokens).values({ tokenHash: hashToken(token), userId: user.id, createdAt: new Date(now), expiresAt });
    return c.json({ token, url: `${webUrl}/impersonate/${token}`, expiresAt: expiresAt.toISOString() }, 201);
  });

  routes.route(calls.impersonation.token, async ({ body }) => {
    const now = new Date(routes.now());
    const tokenHash = hashToken(body.impersonationToken);
    // Spend the token first, in one statement: two concurrent uses cannot both succeed.
    const [spent] = await routes.db
      .update(impersonationTokens)
      .set({ usedAt: now })
      .where(and(eq(impersonationTokens.tokenHash, tokenHash), isNull(impersonationTokens.usedAt), gt(impersonationTokens.expiresAt, now)))
      .returning({ userId: impersonationTokens.userId });
    if (!spent) throw new ApiHttpError(404, 'NOT_FOUND', ['impersonationTokenInvalid', 'This impersonation link is unknown, already used or expired']);
    const tokens = await issueSession(sessions, spent.userId);
    const [family] = await routes.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(tokens.refreshToken)))
      .limit(1);
    await routes.db.update(impersonationTokens).set({ familyId: family?.familyId ?? null }).where(eq(impersonationTokens.tokenHash, tokenHash));
    return { ...tokens, impersonated: true as const };
  });
}
