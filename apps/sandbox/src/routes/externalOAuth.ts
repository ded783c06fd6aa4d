/**
 * Generic external OAuth sign-in, the platform side (identity-and-routes.md §7
 * "{ext-oauth-route}" calls, here `/api/v2/oauth/{provider}`; §4 "Generic external OAuth or
 * OpenID"), and impersonation (§6; `oauth/impersonation.ts`). The sandbox OpenID provider
 * (`/_oidc`) stands in for the external OAuth server; the platform is its confidential client
 * (`oauth/config.ts`).
 *
 * - `GET /api/v2/oauth/:provider/auth-uri[?extraParams=][&redirectUri=]` → `{ authorisationUri }`
 *   with `state` and a PKCE S256 `code_challenge` (the verifier stays here, keyed by `state`,
 *   single use, 10 minutes); `extraParams` (`name=value&…`) is passed on to the server, except
 *   the names the platform sets itself.
 * - `POST /api/v2/oauth/:provider/token { authorisationCode, state }` → tokens as `POST /login`:
 *   the state is spent first (a second use → 409 `ssoStateMismatch`), then the code is exchanged
 *   once, the user read from the server's userinfo endpoint with the access token and mapped to
 *   an account ({@link oauthAccount}).
 * - `POST /api/v2/oauth/:provider/logout { refreshToken }` → `{}`: revokes that refresh token's
 *   family (the session and its rotations); an unknown token answers `{}` too.
 * A provider the realm does not list → 404; every error in the platform shape.
 */
import { ensureExternalAccount } from '../auth/externalAccounts.js';
import { and, eq, isNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as oidc from 'openid-client';
import { calls } from '@stream/core/contracts';
import { hashRefreshToken, issueSession } from '../auth/sessions.js';
import { openIdIdentities, refreshTokens, users } from '../db/schema.js';
import { ApiHttpError, badRequest } from '../errors.js';
import type { SandboxEnv } from '../http/env.js';
import { OAUTH_PROVIDERS, oauthCallbackPath, type OAuthProviderConfig } from '../oauth/config.js';
import { registerImpersonationRoutes } from '../oauth/impersonation.js';
import { isLoopbackHttp } from '../openid/clients.js';
import { PENDING_AUTHORISATION_TTL_MS } from '../openid/runtime.js';
import { realmHasProvider } from '../seed/realms.js';
import { conflict, type RouteContext } from './context.js';
import type { SignInRouteDeps } from './context.js';

/** Scopes asked of the OAuth server: enough for its userinfo endpoint to name the user. */
const SCOPE = 'openid email profile';

/** Query names the platform sets on the authorisation address itself: `extraParams` cannot change them. */
const RESERVED_PARAMS = new Set([
  'client_id', 'redirect_uri', 'response_type', 'response_mode', 'scope', 'state', 'nonce',
  'code_challenge', 'code_challenge_method', 'request', 'request_uri', 'client_secret',
]);

/** At most this many extra params are passed on. */
const MAX_EXTRA_PARAMS = 20;

/** An authorisation started by auth-uri, kept until its code comes back. */
interface PendingOAuth {
  provider: string;
  codeVerifier: string;
  redirectUri: string;
  expiresAt: number;
}

const notFound = (message: string) => new ApiHttpError(404, 'NOT_FOUND', [message]);

/** The name under which a provider's users are kept in `openid_identities` (apart from the OpenID Connect clients). */
const identityNamespace = (provider: string) => `oauth:${provider}`;

/** Registers the external OAuth calls and the impersonation routes on `app`. */
export function registerExternalOAuthRoutes(app: Hono<SandboxEnv>, deps: SignInRouteDeps): void {
  const { routes, sessions, openid } = deps;
  const { route } = routes;
  const pending = new Map<string, PendingOAuth>();
  const configs = new Map<string, Promise<oidc.Configuration>>();

  /** The realm's provider `name`: 404 when this sandbox or the caller's realm does not have it. */
  function providerOf(realmName: string, name: string): OAuthProviderConfig {
    const config = OAUTH_PROVIDERS.find((candidate) => candidate.provider === name);
    if (!config || !realmHasProvider(realmName, 'GENERIC_OAUTH', name)) throw notFound(`No external OAuth provider "${name}" in this realm`);
    return config;
  }

  /** The OAuth server's metadata and the platform's client there (discovery once per server and client). */
  function serverFor(config: OAuthProviderConfig): Promise<oidc.Configuration> {
    const issuer = openid?.issuer();
    if (!openid || !issuer) throw notFound('The OAuth server is not running in this sandbox');
    const key = `${issuer}\n${config.clientId}`;
    let server = configs.get(key);
    if (!server) {
      server = oidc.discovery(new URL(issuer), config.clientId, config.clientSecret, oidc.ClientSecretBasic(config.clientSecret), {
        execute: issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
      });
      server.catch(() => configs.delete(key));
      configs.set(key, server);
    }
    return server;
  }

  /** The web app's `/oauth/{provider}` address: the caller's when it is that page of the web app, else the configured one. */
  function callbackFor(config: OAuthProviderConfig, requested: string | undefined): string {
    const web = new URL(openid!.webUrl);
    const path = oauthCallbackPath(config.provider);
    if (requested === undefined) return `${web.origin}${path}`;
    const url = new URL(requested);
    const sameApp = url.origin === web.origin || (isLoopbackHttp(url) && isLoopbackHttp(web));
    if (!sameApp || url.pathname !== path || url.search !== '' || url.hash !== '') throw badRequest(`redirectUri must be the web app's ${path} page`);
    return `${url.origin}${path}`;
  }

  /** The `extraParams` the server may see: parsed as a query, reserved names and empty values dropped. */
  function passedOn(extraParams: string | undefined): [string, string][] {
    if (!extraParams) return [];
    const kept = [...new URLSearchParams(extraParams)].filter(([name, value]) => name !== '' && value !== '' && !RESERVED_PARAMS.has(name.toLowerCase()));
    if (kept.length > MAX_EXTRA_PARAMS) throw badRequest(`extraParams: at most ${MAX_EXTRA_PARAMS} parameters`);
    return kept;
  }

  route(calls.externalOAuth.authUri, async ({ params, query }, c) => {
    const config = providerOf(c.get('realm').name, params.provider);
    const server = await serverFor(config);
    const redirectUri = callbackFor(config, query.redirectUri);
    const extra = passedOn(query.extraParams);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const now = routes.now();
    for (const [key, entry] of pending) if (entry.expiresAt <= now) pending.delete(key);
    pending.set(state, { provider: config.provider, codeVerifier, redirectUri, expiresAt: now + PENDING_AUTHORISATION_TTL_MS });
    const url = oidc.buildAuthorizationUrl(server, {
      ...Object.fromEntries(extra),
      redirect_uri: redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    });
    return { authorisationUri: url.href };
  });

  route(calls.externalOAuth.token, async ({ params, body }, c) => {
    const config = providerOf(c.get('realm').name, params.provider);
    const server = await serverFor(config);
    // Spend the state first: whatever happens next, it is never used twice.
    const started = pending.get(body.state);
    pending.delete(body.state);
    if (!started || started.provider !== config.provider || started.expiresAt <= routes.now()) {
      throw conflict('ssoStateMismatch', 'This sign-in was already used, has expired or was started elsewhere; start again');
    }
    const callback = new URL(started.redirectUri);
    callback.searchParams.set('code', body.authorisationCode);
    callback.searchParams.set('state', body.state);
    callback.searchParams.set('iss', openid!.issuer()!);
    let user: oidc.UserInfoResponse;
    try {
      const grant = await oidc.authorizationCodeGrant(server, callback, { pkceCodeVerifier: started.codeVerifier, expectedState: body.state });
      user = await oidc.fetchUserInfo(server, grant.access_token, oidc.skipSubjectCheck);
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'refused';
      throw badRequest('ssoSignInFailed', `The OAuth server refused the code: ${reason}`);
    }
    const userId = await oauthAccount(routes, identityNamespace(config.provider), user);
    return issueSession(sessions, userId);
  });

  route(calls.externalOAuth.logout, async ({ params, body }, c) => {
    providerOf(c.get('realm').name, params.provider);
    const [row] = await routes.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(body.refreshToken)))
      .limit(1);
    if (row) {
      await routes.db
        .update(refreshTokens)
        .set({ revokedAt: new Date(routes.now()) })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    }
    return {};
  });

  registerImpersonationRoutes(app, { routes, sessions, webUrl: openid?.webUrl });
}

/**
 * The platform account of an OAuth server's user (its userinfo answer): the one mapped to
 * (namespace, sub) earlier; else the account with the same email when the server vouches for it
 * (`email_verified`); else a new account (that email, or `<sub>@<namespace>.oauth.invalid`, with a
 * password nobody knows). The mapping is stored in `openid_identities` under `namespace`.
 */
async function oauthAccount(routes: RouteContext, namespace: string, user: oidc.UserInfoResponse): Promise<string> {
  const { db } = routes;
  const mapped = async () =>
    (
      await db
        .select({ userId: openIdIdentities.userId })
        .from(openIdIdentities)
        .where(and(eq(openIdIdentities.clientName, namespace), eq(openIdIdentities.subject, user.sub)))
        .limit(1)
    )[0]?.userId;
  const known = await mapped();
  if (known) return known;
  const verifiedEmail = user.email_verified === true && typeof user.email === 'string' ? user.email.trim().toLowerCase() : '';
  const email = verifiedEmail || `${user.sub.replace(/[^A-Za-z0-9._-]/g, '_')}@${namespace.replace(':', '.')}.oauth.invalid`;
  const byEmail = async () => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0]?.id;
  let userId = await byEmail();
  if (!userId) {
    userId = await ensureExternalAccount(db, { email, name: typeof user.name === 'string' ? user.name : '', now: routes.now() });
  }
  if (!userId) throw new ApiHttpError(500, 'INTERNAL_ERROR', ['Could not create the account']);
  await db.insert(openIdIdentities).values({ clientName: namespace, subject: user.sub, userId, createdAt: new Date(routes.now()) }).onConflictDoNothing();
  return (await mapped()) ?? userId;
}
