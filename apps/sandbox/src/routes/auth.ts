/**
 * The session calls of `calls.auth` (identity-and-routes.md §3 "Login", §6 sign-up, §7; docs/api.md
 * "Sessions"; docs/sandbox.md "Calls"):
 *
 * - `POST /api/v2/login { id, secret }`: ID sign-in with email and password → tokens (+
 *   `missingInformationStatus: 'MISSING_NAME'` for an account without a name, + `linkedAccounts`
 *   when the account has any). Unknown email and wrong password get the same 404 (a dummy hash is
 *   verified for unknown emails); throttled per email and per client address (429).
 * - `POST /api/v2/user { id, secret, name, consentAnswers? }`: ID sign-up → 201 tokens, and the
 *   confirmation email; 403 `selfRegistrationDisabled`, 409 `emailAlreadyInUse`.
 * - `POST /api/v2/token/refresh { refreshToken }`: rotates the refresh token (`auth/sessions.ts`);
 *   the bearer may be missing or expired (its signature is still checked).
 * - `POST /api/v2/login/guest/checkin`: guest tokens (`gue: true`, subject `guest:<uuid>`).
 * - `POST /api/v2/logout { everywhere } | { refreshToken }` (bearer required): every session of
 *   the account ends at once (the session version is raised, every refresh token revoked), or
 *   that refresh token's family (this session and its rotations) is revoked when it is the
 *   caller's (an unknown token answers `{}` too); 400 for neither.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { calls } from '@stream/core/contracts';
import { linkedAccountsOf } from '../auth/linkedAccounts.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { endAccountSessions, GUEST_PREFIX, hashRefreshToken, issueSession, rotateSession, type SessionDeps } from '../auth/sessions.js';
import { bearerToken } from '../auth/jwt.js';
import { refreshTokens, users } from '../db/schema.js';
import { refuseChildPurchase } from '../payments/caller.js';
import { ApiHttpError, badRequest } from '../errors.js';
import type { EmailFlows } from './emailFlows.js';
import type { CaptchaService } from '../providers/captcha.js';
import { realmSettingsFor } from '../seed/realms.js';
import type { RouteContext } from './context.js';

/** What the session calls need beyond the route context. */
export interface AuthRouteDeps {
  routes: RouteContext;
  sessions: SessionDeps;
  /** An argon2id hash verified for unknown emails, so a login's timing does not reveal whether the email exists. */
  dummyPasswordHash: string;
  /** Sends the confirmation email of a new account. */
  emailFlows: EmailFlows;
  /** The captcha check of a realm whose setting guards sign-up (issue 18; `providers/captcha.ts`). */
  captcha: Pick<CaptchaService, 'require'>;
}

/** Registers the calls of `calls.auth` (login, sign-up, token refresh, guest check-in, logout). */
export function registerAuthRoutes(deps: AuthRouteDeps): void {
  const { routes, sessions } = deps;
  const { route, db } = routes;

  route(calls.auth.login, async ({ body }, c) => {
    const email = body.id.trim().toLowerCase();
    // Throttled per email and per client address (auth/throttle.ts): 429 during a delay, even for the right password.
    const user = await routes.throttle.attempt({ scope: 'login', subject: email, address: routes.clientAddress(c) }, async () => {
      const [found] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      // Always verify a hash, a dummy one for unknown emails, so timing does not reveal existence.
      const valid = await verifyPassword(found?.passwordHash ?? deps.dummyPasswordHash, body.secret);
      return valid ? found : undefined;
    });
    if (!user) throw new ApiHttpError(404, 'NOT_FOUND', ['Invalid email or password']);
    const tokens = await issueSession(sessions, user.id);
    // §3 "Login response … linkedAccounts": listed when the account has any (§4: a linked Adobe account found at login).
    const linkedAccounts = await linkedAccountsOf(db, user.id, c.get('realm').name);
    return {
      ...tokens,
      ...(user.name.trim() === '' ? { missingInformationStatus: 'MISSING_NAME' as const } : {}),
      ...(linkedAccounts.length > 0 ? { linkedAccounts } : {}),
    };
  });

  route(calls.auth.signUp, async ({ body }, c) => {
    // §6: self-registration is allowed only when the realm's setting allows it.
    if (!c.get('realm').allowSignUp) throw new ApiHttpError(403, 'FORBIDDEN', ['selfRegistrationDisabled']);
    // §6: a child profile's session cannot sign up (nor buy): an authentic bearer with `par`
    // RESTRICTED is refused; a missing, stale or foreign one changes nothing here.
    const caller = await routes.optionalUser(c).catch(() => undefined);
    refuseChildPurchase(caller ?? {});
    // Issue 18: a realm whose captcha guards sign-up spends the request's token first (403 CAPTCHA_FAIL_ERROR).
    await deps.captcha.require(c, realmSettingsFor(c.get('realm').name, true).captcha, 'signUp');
    const email = body.id.trim().toLowerCase();
    const emailInUse = () => new ApiHttpError(409, 'CONFLICT', ['emailAlreadyInUse']);
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) throw emailInUse();
    const inserted = await db
      .insert(users)
      .values({
        id: randomUUID(),
        email,
        name: body.name,
        passwordHash: await hashPassword(body.secret),
        consentAnswers: body.consentAnswers ?? null,
        createdAt: new Date(routes.now()),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    const created = inserted[0];
    if (!created) throw emailInUse(); // lost a race with a concurrent sign-up
    await deps.emailFlows.sendConfirmation(created.id, email);
    return issueSession(sessions, created.id);
  });

  route(calls.auth.tokenRefresh, async ({ body }, c) => {
    const bearer = bearerToken(c.req.header('authorization'));
    const claims = bearer ? await sessions.signer.verifyIgnoringExpiry(bearer) : undefined;
    return rotateSession(sessions, body.refreshToken, claims?.sub);
  });

  route(calls.auth.guestCheckin, () => issueSession(sessions, `${GUEST_PREFIX}${randomUUID()}`));

  route(calls.auth.logout, async ({ body }, c) => {
    const claims = await routes.requireUser(c);
    const at = new Date(routes.now());
    if (body.everywhere === true) {
      await endAccountSessions(db, claims.sub, at);
      return {};
    }
    if (body.refreshToken === undefined) throw badRequest('Send everywhere: true, or the session\'s refreshToken');
    const [row] = await db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, hashRefreshToken(body.refreshToken)), eq(refreshTokens.userId, claims.sub)))
      .limit(1);
    if (row) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    }
    return {};
  });
}
