import { randomBytes, randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import { createAutoAnalyze } from './db/autoAnalyze.js';
import { eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { calls } from '@stream/core/contracts';
import { ADS_CONSENT_HEADER, ADS_ID_HEADER, adsConsentOf } from '@stream/core/domain';
import { callerChecks } from './auth/callers.js';
import type { TokenSigner } from './auth/jwt.js';
import type { SessionDeps } from './auth/sessions.js';
import { clientAddress, registerThrottleControl, SecretThrottle } from './auth/throttle.js';
import { registerTvPage } from './adobe/tvPage.js';
import { DEFAULTS } from './config.js';
import type { SandboxDb } from './db/open.js';
import { realms } from './db/schema.js';
import { createOutboxMailer, type Mailer } from './email/outbox.js';
import { registerOutboxPage } from './email/page.js';
import { ApiHttpError, badRequest, forbidden, PeerUnavailableError, platformError, unauthorized } from './errors.js';
import { isSandboxPath, randomAdminKey, registerAdminKeyGate } from './http/adminKey.js';
import type { SandboxEnv } from './http/env.js';
import { requestGuard } from './http/guard.js';
import { describeError, redactPath } from './http/logging.js';
import { createRouter } from './http/route.js';
import type { LabelCatalog } from './labels.js';
import { readClockOffset } from './licences/clock.js';
import type { OpenIdRuntime } from './openid/runtime.js';
import { registerProcessorRoutes } from './payments/processor.js';
import { registerAdobeRoutes } from './routes/adobe.js';
import { createCaptchaService, registerCaptchaService } from './providers/captcha.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerCheckoutRoutes } from './routes/checkout.js';
import { findArtworkSubject } from './catalogue/artwork.js';
import { registerCatalogueRoutes } from './routes/catalogue.js';
import { registerContentRoutes } from './routes/content.js';
import type { RouteContext } from './routes/context.js';
import { registerControlRoutes } from './routes/control.js';
import { registerCredentialProviderRoutes } from './routes/credentialProviders.js';
import { registerEmailFlowRoutes } from './routes/emailFlows.js';
import { registerParentalControlRoutes } from './routes/parentalControl.js';
import { registerExternalOAuthRoutes } from './routes/externalOAuth.js';
import { registerFavouriteRoutes } from './routes/favourites.js';
import { registerFirebaseRoutes } from './routes/firebase.js';
import { registerGiftRoutes } from './routes/gifts.js';
import { createGiftDelivery } from './gifts/gifts.js';
import { setOutboxSource } from './email/delivery.js';
import { registerHistoryRoutes } from './routes/history.js';
import { registerI18nRoutes } from './routes/i18n.js';
import { registerLicenceRoutes } from './routes/licences.js';
import { registerOpenIdRoutes } from './routes/openid.js';
import { registerProfileRoutes } from './routes/profiles.js';
import { registerPaymentRoutes } from './routes/payments.js';
import { registerSocialRoutes } from './routes/social.js';
import { registerStreamLeaseRoutes } from './routes/streamLeases.js';
import { registerArtworkRoutes, registerStreamingRoutes, type ArtworkLookup } from './routes/streaming.js';
import { registerUserRoutes } from './routes/user.js';
import { registerWatchlistRoutes } from './routes/watchlists.js';
import { registerWatchTogetherRoutes } from './routes/watchTogether.js';
import { realmWebOrigins } from './seed/realm.js';

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
  /** Who the artwork of an id shows (tests); default: the catalogue's entry (catalogue/artwork.ts). */
  artworkLookup?: ArtworkLookup;
  /**
   * The cache of generated media, HLS assets and artwork (`media/cache.ts` `mediaCacheDir`:
   * `<dataDir>/media-cache`); default `apps/sandbox/.media-cache/`, as for `SANDBOX_DATA_DIR=:memory:`.
   */
  mediaCacheDir?: string;
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
  /**
   * Validate every platform call's answer with its contract's `response` before sending it
   * (`http/route.ts`): an answer that breaks its contract becomes a 500 `INTERNAL_ERROR` and a
   * log line naming the call and the issues' paths. `createSandboxDeps` turns it on (tests,
   * `npm start`, the e2e sandbox) unless `NODE_ENV=production` or `SANDBOX_CHECK_ANSWERS=0`.
   * Default false: an app assembled by hand for production-like use answers without the check.
   */
  checkAnswers?: boolean;
}

/** Request headers the web app may send cross-origin. */
export const CORS_ALLOW_HEADERS = [
  'content-type',
  'x-api-key',
  'realm',
  'authorization',
  'accept-language',
  'x-device-id',
  'idempotency-key',
  // Issue 18: a solved captcha's token on sign-up and pay (providers/captcha.ts).
  'x-captcha-token',
  ADS_CONSENT_HEADER,
  ADS_ID_HEADER,
];
/** Response headers the web app may read cross-origin. */
export const CORS_EXPOSE_HEADERS = ['x-device-id', 'x-request-id', 'retry-after'];

const DEVICE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
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
  // The ads headers (docs/api.md "Language and ads headers"; issue 18): an advertising id sent
  // without granted consent is refused (400 `adsIdWithoutConsent`), so no call records one.
  app.use('/api/*', async (c, next) => {
    if (c.req.header(ADS_ID_HEADER) !== undefined && adsConsentOf(c.req.header(ADS_CONSENT_HEADER)) !== 'granted') {
      throw badRequest('adsIdWithoutConsent', `${ADS_ID_HEADER} is sent only with ${ADS_CONSENT_HEADER}: granted`);
    }
    await next();
  });

  const routes: RouteContext = {
    route: createRouter(app, { checkAnswers: deps.checkAnswers ?? false }),
    db: deps.db,
    now,
    sandboxNow: async () => new Date(now() + (await readClockOffset(deps.db))),
    ...callerChecks({ db: deps.db, signer: deps.signer, now }),
    mediaSecret: deps.mediaSecret ?? new Uint8Array(randomBytes(32)),
    publicUrl: (c) => deps.publicUrl?.replace(/\/+$/, '') ?? new URL(c.req.url).origin,
    throttle,
    clientAddress,
    autoAnalyze: createAutoAnalyze(deps.db, (message) => console.error(message)),
  };
  registerI18nRoutes(routes, deps.labels);
  registerUserRoutes(routes);
  registerLicenceRoutes(routes);
  registerContentRoutes(app, routes);
  registerStreamingRoutes(app, routes, { cacheDir: deps.mediaCacheDir });
  registerCatalogueRoutes(routes);
  registerWatchlistRoutes(routes);
  registerFavouriteRoutes(routes);
  registerHistoryRoutes(routes);
  registerStreamLeaseRoutes(routes);
  registerWatchTogetherRoutes(app, routes);
  // Artwork of every catalogue entry (titles, sections, news, fighters): its title and colours.
  registerArtworkRoutes(app, {
    lookup: deps.artworkLookup ?? (async (_kind, id) => (await findArtworkSubject(deps.db, id)) ?? null),
    cacheDir: deps.mediaCacheDir,
  });
  registerControlRoutes(app, routes);
  registerThrottleControl(app, throttle);
  const mailer = deps.mailer ?? createOutboxMailer(deps.db);
  const webUrl = (deps.webUrl ?? DEFAULTS.webUrl).replace(/\/+$/, '');
  // Gifts are emailed on their delivery date by the sandbox clock: before every outbox read and gift call.
  const giftDelivery = createGiftDelivery({ db: deps.db, mailer, webUrl, sandboxNow: routes.sandboxNow });
  setOutboxSource(deps.db, 'gifts', () => giftDelivery.deliverDue());
  // Issue 18 "Captcha": the stand-in widget and service; the realm's setting guards sign-up and pay.
  const captcha = createCaptchaService(routes.sandboxNow);
  registerCaptchaService(app, captcha, routes.sandboxNow);
  registerPaymentRoutes(app, routes, { webOrigins: realmWebOrigins(deps.webUrl ?? DEFAULTS.webUrl), gifts: giftDelivery, captcha });
  registerGiftRoutes(routes, giftDelivery);
  registerCheckoutRoutes(app, routes);
  const emailFlows = registerEmailFlowRoutes(app, routes, { webUrl, sessions, mailer });
  registerParentalControlRoutes(routes, { webUrl, mailer });
  registerAuthRoutes({ routes, sessions, dummyPasswordHash: deps.dummyPasswordHash, emailFlows, captcha });
  registerProfileRoutes(routes, sessions);
  const signIn = { routes, sessions, openid: deps.openid };
  registerOpenIdRoutes(signIn);
  registerSocialRoutes(app, signIn);
  registerFirebaseRoutes(signIn);
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

  return app;
}

/** Compares two secrets in constant time (over their SHA-256, so lengths may differ). */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
