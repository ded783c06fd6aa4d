import { randomBytes, randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { calls, type UserProfile } from '@stream/core/contracts';
import { bearerToken, type AccessClaims, type TokenSigner } from './auth/jwt.js';
import { verifyPassword, hashPassword } from './auth/passwords.js';
import { assertSessionCurrent, GUEST_PREFIX, issueSession, rotateSession, type SessionDeps } from './auth/sessions.js';
import type { SandboxDb } from './db/open.js';
import { realms, users } from './db/schema.js';
import { ApiHttpError, forbidden, PeerUnavailableError, platformError, unauthorized } from './errors.js';
import { readJsonBody, readQuery } from './http/body.js';
import { requestGuard } from './http/guard.js';
import { describeError, redactPath } from './http/logging.js';
import { labelsFor, type LabelCatalog } from './labels.js';
import { CALLER_COUNTRY_CODE, COUNTRIES } from './seed/countries.js';
import { readClockOffset } from './licences/clock.js';
import type { RouteContext } from './routes/context.js';
import { registerCheckoutRoutes } from './routes/checkout.js';
import { registerContentRoutes } from './routes/content.js';
import { registerControlRoutes } from './routes/control.js';
import { registerLicenceRoutes } from './routes/licences.js';
import { registerPaymentRoutes } from './routes/payments.js';
import { realmWebOrigins } from './seed/realm.js';
import { registerProcessorRoutes } from './payments/processor.js';
import { registerSocialRoutes } from './routes/social.js';
import { registerFirebaseRoutes } from './routes/firebase.js';
import { registerCredentialProviderRoutes } from './routes/credentialProviders.js';
import { registerExternalOAuthRoutes } from './routes/externalOAuth.js';
import { registerAdobeRoutes } from './routes/adobe.js';
import { registerTvPage } from './adobe/tvPage.js';
import { registerOpenIdRoutes } from './routes/openid.js';
import type { OpenIdRuntime } from './openid/runtime.js';
import { createOutboxMailer, type Mailer } from './email/outbox.js';
import { registerOutboxPage } from './email/page.js';
import { registerEmailFlowRoutes } from './routes/emailFlows.js';
import { DEFAULTS } from './config.js';
import { linkedAccountsOf } from './auth/linkedAccounts.js';
import { isSandboxPath, randomAdminKey, registerAdminKeyGate } from './http/adminKey.js';
import { registerLogoutRoute } from './routes/logout.js';
import { clientAddress, registerThrottleControl, SecretThrottle } from './auth/throttle.js';

/** Everything the HTTP app needs; built by `createSandboxDeps` (or by hand in tests). */
export interface AppDeps {
  db: SandboxDb;
  signer: TokenSigner;
  labels: LabelCatalog;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  /** An argon2id hash verified for unknown emails, so a login's timing does not reveal whether the email exists. */
  dummyPasswordHash: string;
  /**
   * Real clock in epoch milliseconds (tests move it forward). Default `Date.now`. Tokens use it;
   * licence computations use it plus the sandbox clock offset (`POST /_sandbox/clock`).
   */
  now?: () => number;
  /** HMAC key of media tokens (stored in `settings`); a random one per app when absent. */
  mediaSecret?: Uint8Array;
  /** Base URL for absolute URLs in answers (media, thumbnails); default: the origin the request reached. */
  publicUrl?: string;
  /** Request log: `true` prints one line per request to stdout, a function receives the lines. */
  log?: boolean | ((line: string) => void);
  /**
   * The OpenID provider and the pending authorisations (`startSandbox` starts the provider at
   * `<sandbox>/_oidc`). Absent: the `/openid/{client}` calls answer 404.
   */
  openid?: OpenIdRuntime;
  /** Base URL of the web app for the links the sandbox emails (no trailing slash). Default `http://127.0.0.1:5173`. */
  webUrl?: string;
  /**
   * The admin key every `/_sandbox/*` control and page needs (`http/adminKey.ts`; env
   * `SANDBOX_ADMIN_KEY`). Absent: a random key per app, so nobody can call the controls.
   */
  sandboxAdminKey?: string;
  /** The throttle of secret checks (auth/throttle.ts); default: one per app on `now`. */
  throttle?: SecretThrottle;
  /** Where the emails go; default: the outbox in `db` (email/outbox.ts). Tests inject a slow one. */
  mailer?: Mailer;
}

type RealmRow = typeof realms.$inferSelect;

/** Hono environment of the sandbox app. */
export type SandboxEnv = {
  Variables: { requestId: string; deviceId: string; realm: RealmRow };
};

/** Request headers the web app may send cross-origin. */
export const CORS_ALLOW_HEADERS = ['content-type', 'x-api-key', 'realm', 'authorization', 'accept-language', 'x-device-id', 'idempotency-key'];
/** Response headers the web app may read cross-origin. */
export const CORS_EXPOSE_HEADERS = ['x-device-id', 'x-request-id', 'retry-after'];

const DEVICE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LABELS_PATH = calls.labels.get.path;

/**
 * Creates the sandbox's Hono app: CORS, request and device ids, realm and API-key checks, the
 * platform calls of `@stream/core/contracts`, and errors always in the platform shape
 * `{ status, code, messages, requestId }`. Use `app.request()` for in-process tests.
 */
export function createApp(deps: AppDeps): Hono<SandboxEnv> {
  const now = deps.now ?? Date.now;
  const log = typeof deps.log === 'function' ? deps.log : deps.log ? (line: string) => console.log(line) : undefined;
  const sessions: SessionDeps = {
    db: deps.db,
    signer: deps.signer,
    accessTokenTtlS: deps.accessTokenTtlS,
    refreshTokenTtlS: deps.refreshTokenTtlS,
    now,
  };
  const app = new Hono<SandboxEnv>();
  /** Throttle of every call that checks a secret (auth/throttle.ts), one per app. */
  const throttle = deps.throttle ?? new SecretThrottle({ now });

  // Request id, device id, request log. Outermost, so every answer (errors included) carries the headers.
  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    const sent = c.req.header('x-device-id')?.trim();
    const deviceId = sent && DEVICE_ID.test(sent) ? sent : randomUUID();
    c.set('requestId', requestId);
    c.set('deviceId', deviceId);
    await next();
    c.res.headers.set('x-request-id', requestId);
    c.res.headers.set('x-device-id', deviceId);
    // Path only, secret-looking segments redacted: never the query, headers or body (http/logging.ts).
    log?.(`[sandbox] ${c.req.method} ${redactPath(c.req.url)} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
  });

  const corsForWeb = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: CORS_ALLOW_HEADERS,
    exposeHeaders: CORS_EXPOSE_HEADERS,
    maxAge: 600,
  });
  // The sandbox's own controls and pages never answer with CORS headers (no other origin may read them).
  app.use('*', (c, next) => (isSandboxPath(c.req.path) ? next() : corsForWeb(c, next)));

  // Every route, peers included (http/guard.ts): no control characters in the path, query or
  // body strings (400), bodies read in full and at most 1 MiB (413), JSON on /api, JSON or forms
  // elsewhere (415).
  app.use('*', requestGuard());

  app.get('/health', (c) => c.json({ status: 'ok' }));

  // Realm and API key: every /api call names a realm (header `Realm`; the labels call may use its
  // `realm` query instead) and sends that realm's key in `x-api-key`. The /_sandbox controls too.
  const realmCheck: MiddlewareHandler<SandboxEnv> = async (c, next) => {
    const apiKey = c.req.header('x-api-key');
    const headerRealm = c.req.header('realm')?.trim() || undefined;
    const queryRealm = c.req.path === LABELS_PATH ? c.req.query('realm')?.trim() || undefined : undefined;
    if (!apiKey) throw unauthorized('Missing x-api-key header');
    if (headerRealm && queryRealm && headerRealm !== queryRealm) throw forbidden('Realm header and realm query differ');
    const realmName = headerRealm ?? queryRealm;
    if (!realmName) throw unauthorized('Missing Realm header');
    const [realm] = await deps.db.select().from(realms).where(eq(realms.name, realmName)).limit(1);
    if (!realm || !sameSecret(apiKey, realm.apiKey)) throw forbidden('Unknown realm or invalid API key');
    c.set('realm', realm);
    await next();
  };
  // Every /_sandbox control and page needs the admin key (header, or the cookie its form sets).
  registerAdminKeyGate(app, deps.sandboxAdminKey ?? randomAdminKey());
  // The outbox page is for a person's browser, which sends no realm or API key: before the check.
  registerOutboxPage(app, deps.db);
  registerTvPage(app);
  app.use('/api/*', realmCheck);
  app.use('/_sandbox/*', realmCheck);

  // POST /api/v2/login: ID sign-in with email and password.
  app.post(calls.auth.login.path, async (c) => {
    const body = await readJsonBody(c, calls.auth.login.body);
    const email = body.id.trim().toLowerCase();
    // Throttled per email and per client address (auth/throttle.ts): 429 during a delay, even for the right password.
    const user = await throttle.attempt({ scope: 'login', subject: email, address: clientAddress(c) }, async () => {
      const [found] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
      // Always verify a hash, a dummy one for unknown emails, so timing does not reveal existence.
      const valid = await verifyPassword(found?.passwordHash ?? deps.dummyPasswordHash, body.secret);
      return valid ? found : undefined;
    });
    if (!user) throw new ApiHttpError(404, 'NOT_FOUND', ['Invalid email or password']);
    const tokens = await issueSession(sessions, user.id);
    // §3 "Login response … linkedAccounts": listed when the account has any (§4: a linked Adobe account found at login).
    const linkedAccounts = await linkedAccountsOf(deps.db, user.id, c.get('realm').name);
    return c.json({
      ...tokens,
      ...(user.name.trim() === '' ? { missingInformationStatus: 'MISSING_NAME' } : {}),
      ...(linkedAccounts.length > 0 ? { linkedAccounts } : {}),
    });
  });

  // POST /api/v2/user: ID sign-up; creates the account and signs it in.
  app.post(calls.auth.signUp.path, async (c) => {
    const body = await readJsonBody(c, calls.auth.signUp.body);
    // §6: self-registration is allowed only when the realm's setting allows it.
    if (!c.get('realm').allowSignUp) throw new ApiHttpError(403, 'FORBIDDEN', ['selfRegistrationDisabled']);
    const email = body.id.trim().toLowerCase();
    const emailInUse = () => new ApiHttpError(409, 'CONFLICT', ['emailAlreadyInUse']);
    const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) throw emailInUse();
    const inserted = await deps.db
      .insert(users)
      .values({
        id: randomUUID(),
        email,
        name: body.name,
        passwordHash: await hashPassword(body.secret),
        consentAnswers: body.consentAnswers ?? null,
        createdAt: new Date(now()),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    const created = inserted[0];
    if (!created) throw emailInUse(); // lost a race with a concurrent sign-up
    await emailFlows.sendConfirmation(created.id, email);
    return c.json(await issueSession(sessions, created.id), 201);
  });

  // POST /api/v2/token/refresh: rotates the refresh token; the bearer may be missing or expired.
  app.post(calls.auth.tokenRefresh.path, async (c) => {
    const body = await readJsonBody(c, calls.auth.tokenRefresh.body);
    const bearer = bearerToken(c.req.header('authorization'));
    const claims = bearer ? await deps.signer.verifyIgnoringExpiry(bearer) : undefined;
    return c.json(await rotateSession(sessions, body.refreshToken, claims?.sub));
  });

  // POST /api/v2/login/guest/checkin: guest tokens (`gue: true`, subject `guest:<uuid>`).
  app.post(calls.auth.guestCheckin.path, async (c) => {
    return c.json(await issueSession(sessions, `${GUEST_PREFIX}${randomUUID()}`));
  });

  // GET /api/v2/user/profile: the signed-in (non-guest) user's details.
  app.get(calls.user.profile.path, async (c) => {
    const claims = await requireUser(c.req.header('authorization'), 'Guests have no profile; sign in');
    const [user] = await deps.db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
    if (!user) throw unauthorized('Account no longer exists');
    const profile: UserProfile = { id: user.id, contactEmail: user.email, name: user.name };
    if (user.birthDate != null) profile.birthDate = user.birthDate;
    if (user.phoneNumber != null) profile.phoneNumber = user.phoneNumber;
    if (user.taxNumber != null) profile.taxNumber = user.taxNumber;
    return c.json(profile);
  });

  // GET /api/v2/label?realm=: labels of the locale picked from Accept-Language.
  app.get(LABELS_PATH, (c) => {
    readQuery(c, calls.labels.get.query);
    return c.json(labelsFor(deps.labels, c.req.header('accept-language')));
  });

  // GET /api/v2/i18n/countries: the seeded country list.
  app.get(calls.countries.list.path, (c) =>
    c.json({ countries: COUNTRIES, callerCountryCode: CALLER_COUNTRY_CODE }),
  );

  const routes: RouteContext = {
    db: deps.db,
    now,
    sandboxNow: async () => new Date(now() + (await readClockOffset(deps.db))),
    requireUser: (c) => requireUser(c.req.header('authorization'), 'Guests have no account; sign in'),
    optionalUser: async (c) => {
      const token = bearerToken(c.req.header('authorization'));
      if (!token) return undefined;
      const claims = await deps.signer.verify(token, now());
      if (claims.gue || !UUID.test(claims.sub)) return undefined;
      await assertSessionCurrent(deps.db, claims);
      return claims;
    },
    optionalGuest: async (c) => {
      const token = bearerToken(c.req.header('authorization'));
      if (!token) return undefined;
      const claims = await deps.signer.verify(token, now()).catch(() => undefined);
      return claims?.gue && claims.sub.startsWith(GUEST_PREFIX) ? claims.sub : undefined;
    },
    mediaSecret: deps.mediaSecret ?? new Uint8Array(randomBytes(32)),
    publicUrl: (c) => deps.publicUrl?.replace(/\/+$/, '') ?? new URL(c.req.url).origin,
    throttle,
    clientAddress,
  };
  registerLicenceRoutes(app, routes);
  registerContentRoutes(app, routes);
  registerControlRoutes(app, routes);
  registerThrottleControl(app, throttle);
  registerPaymentRoutes(app, routes, { webOrigins: realmWebOrigins(deps.webUrl ?? DEFAULTS.webUrl) });
  registerCheckoutRoutes(app, routes);
  const emailFlows = registerEmailFlowRoutes(app, routes, {
    webUrl: (deps.webUrl ?? DEFAULTS.webUrl).replace(/\/+$/, ''),
    sessions,
    mailer: deps.mailer ?? createOutboxMailer(deps.db),
  });
  registerLogoutRoute(app, { routes, sessions });
  registerOpenIdRoutes(app, { routes, sessions, openid: deps.openid });
  const signIn = { routes, sessions, openid: deps.openid };
  registerSocialRoutes(app, signIn);
  registerFirebaseRoutes(app, signIn);
  registerCredentialProviderRoutes(app, signIn);
  registerExternalOAuthRoutes(app, signIn);
  registerAdobeRoutes(app, signIn);
  // The card processor: a separate service in real life (no realm, API key or bearer).
  registerProcessorRoutes(app, { db: deps.db, now });

  app.notFound((c) =>
    c.json(platformError(404, 'NOT_FOUND', [`No route for ${c.req.method} ${c.req.path}`], c.get('requestId')), 404),
  );

  app.onError((error, c) => {
    const requestId = c.get('requestId') ?? randomUUID();
    if (error instanceof ApiHttpError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(platformError(error.status, error.code, error.messages, requestId, error.details), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status as ContentfulStatusCode;
      const code = status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
      return c.json(platformError(status, code, [error.message || 'Bad request'], requestId), status);
    }
    if (error instanceof PeerUnavailableError) {
      return c.json(platformError(503, 'SERVICE_UNAVAILABLE', error.messages, requestId), 503);
    }
    // The log policy (http/logging.ts): the path without its query, the error without its params.
    console.error(`[sandbox] ${c.req.method} ${redactPath(c.req.url)} failed (requestId ${requestId}):\n${describeError(error)}`);
    return c.json(platformError(500, 'INTERNAL_ERROR', ['Internal error'], requestId), 500);
  });

  /** Verifies the bearer of a call that needs a signed-in, non-guest user. */
  async function requireUser(authorization: string | undefined, guestMessage: string): Promise<AccessClaims> {
    const token = bearerToken(authorization);
    if (!token) throw unauthorized('Missing bearer token');
    const claims = await deps.signer.verify(token, now());
    if (claims.gue || claims.sub.startsWith(GUEST_PREFIX)) throw unauthorized(guestMessage);
    if (!UUID.test(claims.sub)) throw unauthorized('Invalid access token');
    // The one session check of every signed-in call: a token signed before a revocation is refused.
    await assertSessionCurrent(deps.db, claims);
    return claims;
  }

  return app;
}

/** Compares two secrets in constant time (over their SHA-256, so lengths may differ). */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
