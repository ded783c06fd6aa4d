/**
 * OpenID Connect sign-in, the platform side (identity-and-routes.md §7 `/openid/{client}` calls,
 * §4 "Generic external OAuth or OpenID"), and the realm's page-wide sign-in settings.
 *
 * - `GET /api/v2/openid/:client/auth-uri?authoriseUriFlow=SIGNIN|SIGNUP[&redirectUri=]` →
 *   `{ authorisationUri }`: built with `openid-client` with `state`, `nonce` and a PKCE S256
 *   `code_challenge`; the verifier and nonce stay here, keyed by `state` (single use, 10 minutes).
 * - `POST /api/v2/openid/:client/token { authorisationCode, state }` → tokens as `POST /login`:
 *   the state is spent first (a second use → 409 `ssoStateMismatch`), then the code is exchanged
 *   once as a confidential client, the ID token validated (issuer, audience, nonce, signature),
 *   and the provider's user mapped to an account (see {@link accountFor}).
 * - `GET /api/v2/openid/:client/logout-uri` → `{ logoutUri }` (the provider's end-session URL).
 * - `GET /api/v2/realm/settings` → `{ selfRegistration, authProviders, magicLink }`.
 * Unknown client → 404; every error in the platform shape.
 */
import { ensureExternalAccount } from '../auth/externalAccounts.js';
import { and, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { calls, type RealmSettings } from '@stream/core/contracts';
import { issueSession } from '../auth/sessions.js';
import { openIdIdentities, users } from '../db/schema.js';
import { ApiHttpError, badRequest } from '../errors.js';
import { isLoopbackHttp, OPENID_CLIENTS, webCallbackPath, type OpenIdClientConfig } from '../openid/clients.js';
import { PENDING_AUTHORISATION_TTL_MS } from '../openid/runtime.js';
import { conflict, type SignInRouteDeps } from './context.js';
import { realmSettingsFor } from '../seed/realms.js';

/** Scopes asked of the provider. */
const SCOPE = 'openid email profile';

const notFound = (message: string) => new ApiHttpError(404, 'NOT_FOUND', [message]);

function clientOf(name: string): OpenIdClientConfig {
  const client = OPENID_CLIENTS.find((candidate) => candidate.clientName === name);
  if (!client) throw notFound(`No OpenID Connect client "${name}" in this realm`);
  return client;
}

/** Registers the OpenID Connect calls and `GET /api/v2/realm/settings` on `app`. */
export function registerOpenIdRoutes(deps: SignInRouteDeps): void {
  const { routes, sessions, openid } = deps;
  const { route } = routes;
  const configs = new Map<string, Promise<oidc.Configuration>>();

  /** The provider's configuration for `client` (discovery once per issuer and client). */
  function configurationFor(client: OpenIdClientConfig): Promise<oidc.Configuration> {
    const issuer = openid?.issuer();
    if (!openid || !issuer) throw notFound('The OpenID provider is not running in this sandbox');
    const key = `${issuer}\n${client.clientName}`;
    let config = configs.get(key);
    if (!config) {
      config = oidc.discovery(new URL(issuer), client.clientName, client.clientSecret, oidc.ClientSecretBasic(client.clientSecret), {
        execute: issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
      });
      config.catch(() => configs.delete(key));
      configs.set(key, config);
    }
    return config;
  }

  /** The callback address: the caller's `redirectUri` when it is the web app's callback page, else the configured one. */
  function redirectUriFor(client: OpenIdClientConfig, requested: string | undefined): string {
    const web = new URL(openid!.webUrl);
    const path = webCallbackPath(client.clientName);
    if (requested === undefined) return `${web.origin}${path}`;
    const url = new URL(requested);
    const sameApp = url.origin === web.origin || (isLoopbackHttp(url) && isLoopbackHttp(web));
    if (!sameApp || url.pathname !== path || url.search !== '' || url.hash !== '') {
      throw badRequest(`redirectUri must be the web app's ${path} page`);
    }
    return `${url.origin}${path}`;
  }

  function sweep(now: number): void {
    for (const [state, pending] of openid?.pending ?? []) if (pending.expiresAt <= now) openid!.pending.delete(state);
  }

  route(calls.openid.authUri, async ({ params, query }) => {
    const client = clientOf(params.client);
    const config = await configurationFor(client);
    const redirectUri = redirectUriFor(client, query.redirectUri);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const now = routes.now();
    sweep(now);
    openid!.pending.set(state, { clientName: client.clientName, codeVerifier, nonce, redirectUri, expiresAt: now + PENDING_AUTHORISATION_TTL_MS });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      // A sign-up asks the provider to show its login page even when it remembers the user.
      ...(query.authoriseUriFlow === 'SIGNUP' ? { prompt: 'login' } : {}),
    });
    return { authorisationUri: url.href };
  });

  route(calls.openid.token, async ({ params, body }) => {
    const client = clientOf(params.client);
    const config = await configurationFor(client);
    // Spend the state first: whatever happens next, it is never used twice.
    const pending = openid!.pending.get(body.state);
    openid!.pending.delete(body.state);
    if (!pending || pending.clientName !== client.clientName || pending.expiresAt <= routes.now()) {
      throw conflict('ssoStateMismatch', 'This sign-in was already used, has expired or was started elsewhere; start again');
    }
    const callback = new URL(pending.redirectUri);
    callback.searchParams.set('code', body.authorisationCode);
    callback.searchParams.set('state', body.state);
    callback.searchParams.set('iss', openid!.issuer()!);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: body.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'refused';
      throw badRequest('ssoSignInFailed', `The OpenID provider refused the code: ${reason}`);
    }
    const claims = tokens.claims();
    if (!claims?.sub) throw badRequest('ssoSignInFailed', 'The ID token has no subject');
    const userId = await accountFor(client.clientName, claims);
    return issueSession(sessions, userId);
  });

  route(calls.openid.logoutUri, async ({ params }) => {
    const client = clientOf(params.client);
    const config = await configurationFor(client);
    const url = oidc.buildEndSessionUrl(config, { client_id: client.clientName, post_logout_redirect_uri: `${new URL(openid!.webUrl).origin}/` });
    return { logoutUri: url.href };
  });

  route(calls.realm.settings, (_, c) => {
    const realm = c.get('realm');
    const settings: RealmSettings = realmSettingsFor(realm.name, realm.allowSignUp);
    return settings;
  });

  /**
   * The platform account of the provider's user: the one already mapped to (client, sub); else
   * the ID account with the same email when the provider says `email_verified` (linked); else a
   * new account (email from the provider, or `<sub>@<client>.openid.invalid`; a random password
   * nobody knows). The mapping is stored, so later sign-ins find it by subject.
   */
  async function accountFor(clientName: string, claims: oidc.IDToken): Promise<string> {
    const subject = claims.sub;
    const find = async () =>
      (
        await routes.db
          .select({ userId: openIdIdentities.userId })
          .from(openIdIdentities)
          .where(and(eq(openIdIdentities.clientName, clientName), eq(openIdIdentities.subject, subject)))
          .limit(1)
      )[0]?.userId;
    const known = await find();
    if (known) return known;

    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    const verified = claims.email_verified === true;
    let userId: string | undefined;
    if (email && verified) {
      userId = (await routes.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0]?.id;
    }
    if (!userId) {
      const address = email && verified ? email : `${subject.replace(/[^A-Za-z0-9._-]/g, '_')}@${clientName}.openid.invalid`;
      const name = typeof claims.name === 'string' ? claims.name : '';
      userId = await ensureExternalAccount(routes.db, { email: address, name, now: routes.now() });
    }
    if (!userId) throw new ApiHttpError(500, 'INTERNAL_ERROR', ['Could not create the account']);
    await routes.db.insert(openIdIdentities).values({ clientName, subject, userId, createdAt: new Date(routes.now()) }).onConflictDoNothing();
    return (await find()) ?? userId;
  }
}
