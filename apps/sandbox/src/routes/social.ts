/**
 * Apple, Google and Facebook sign-in, account linking and unlink, the platform side
 * (identity-and-routes.md §4 "Social sign-in", §7, §8 "Social login 409"; docs/api.md "Social
 * sign-in"). The providers are stand-in clients of the sandbox OpenID provider
 * (`social/config.ts`), verified as the real ones would be:
 *
 * - `POST /api/v2/login/social/google { idToken }`: the ID token is verified with jose against
 *   the provider's JWKS (signature, issuer, audience = the Google stand-in client, expiry).
 * - `POST /api/v2/login/apple-id { code, nonce, callbackUri }`: the code is exchanged as a
 *   confidential client (`openid-client`) at `callbackUri` (the web app's `/login/apple`), and
 *   the ID token's `nonce` must equal `nonce`.
 * - `POST /api/v2/login/social/facebook { code, redirectUri? }`: the same without a nonce.
 *
 * The provider account then maps to a platform account ({@link SocialRoutes.accountFor}): a known
 * link → its account; with a signed-in (non-guest) bearer → linked to that account (409
 * `cannotLinkAccount` when that account already links another account of the provider, or this
 * one is linked elsewhere); an email an ID account has → 409 `CONFLICT` `socialAccountLinkPrompt`
 * with `details { provider, email }` (a code's identity is kept 10 minutes under the code, so the
 * same call with the bearer links without a second exchange); else a new account. Answers the
 * login tokens with `linkedAccounts`.
 *
 * `GET /api/v2/user/linked-accounts` and `DELETE /api/v2/user/linked-accounts/{provider}` list
 * and unlink (the list includes the TV-operator link of an Adobe sign-in as `ADOBE_DCR` or
 * `ADOBE`, and unlinking either kind removes it: `auth/linkedAccounts.ts`). `POST /_sandbox/social/idp-users { email, password, name }` adds a user to the
 * sandbox OpenID provider (tests).
 */
import { insertExternalAccount } from '../auth/externalAccounts.js';
import { linkedAccountsOf, unlinkTvProvider } from '../auth/linkedAccounts.js';
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import * as oidc from 'openid-client';
import * as z from 'zod/mini';
import { calls, type LinkedAccountEntry } from '@stream/core/contracts';
import { isTvProviderKind } from '@stream/core/domain';
import { endAccountSessions, issueSession } from '../auth/sessions.js';
import { socialIdentities, users } from '../db/schema.js';
import { ApiHttpError, badRequest } from '../errors.js';
import { readJsonBody } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { addIdpUser, isLoopbackHttp } from '../openid/clients.js';
import { realmHasProvider } from '../seed/realms.js';
import { SOCIAL_STAND_INS, standInOf, type SocialKind, type SocialStandIn } from '../social/config.js';
import type { SignInRouteDeps } from './context.js';

/** A provider account as the provider vouched for it. */
interface SocialIdentity {
  provider: SocialKind;
  subject: string;
  /** Lower-cased; null when the provider gave none or did not verify it. */
  email: string | null;
  name: string;
}

/** How long the identity of a code refused with 409 waits for the linking call. */
const CONFLICT_TTL_MS = 10 * 60 * 1000;

const notFound = (...messages: string[]) => new ApiHttpError(404, 'NOT_FOUND', messages);
const cannotLink = (reason: string) => new ApiHttpError(409, 'CONFLICT', ['cannotLinkAccount', reason]);

/** `POST /_sandbox/social/idp-users` body. */
const idpUserSchema = z.object({
  email: z.email(),
  password: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1), z.maxLength(200)),
});

/** Registers the calls of Apple, Google and Facebook sign-in, account linking and unlink on `app`. */
export function registerSocialRoutes(app: Hono<SandboxEnv>, deps: SignInRouteDeps): void {
  const { routes, sessions, openid } = deps;
  const { route } = routes;
  const configs = new Map<string, Promise<oidc.Configuration>>();
  const keySets = new Map<string, JWTVerifyGetKey>();
  /** Identities of codes refused with 409, by SHA-256 of provider and code. */
  const conflicts = new Map<string, { identity: SocialIdentity; nonce: string | undefined; expiresAt: number }>();

  function issuer(): string {
    const value = openid?.issuer();
    if (!value) throw notFound('socialSignInFailed', 'The stand-in provider is not running in this sandbox');
    return value;
  }

  /** 404 unless the caller's realm lists the provider (§3 "Auth provider"). */
  function requireProvider(c: Context<SandboxEnv>, kind: SocialKind): SocialStandIn {
    if (!realmHasProvider(c.get('realm').name, kind)) throw notFound('providerNotAvailable', `This realm has no ${kind} sign-in`);
    return standInOf(kind);
  }

  /** The stand-in's client configuration at the provider (discovery once per issuer and client). */
  function configurationFor(standIn: SocialStandIn): Promise<oidc.Configuration> {
    const url = issuer();
    const key = `${url}\n${standIn.client.clientId}`;
    let config = configs.get(key);
    if (!config) {
      const { clientId, clientSecret } = standIn.client;
      config = oidc.discovery(new URL(url), clientId, clientSecret, clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(), {
        execute: url.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
      });
      config.catch(() => configs.delete(key));
      configs.set(key, config);
    }
    return config;
  }

  /** The web app's page `path` for a redirect address: the configured web origin, or any loopback origin when the web app is on loopback. */
  function checkedRedirect(requested: string | undefined, path: string): string {
    const web = new URL(openid?.webUrl ?? 'http://127.0.0.1');
    if (requested === undefined) return `${web.origin}${path}`;
    const url = new URL(requested);
    const sameApp = url.origin === web.origin || (isLoopbackHttp(url) && isLoopbackHttp(web));
    if (!sameApp || url.pathname !== path || url.search !== '' || url.hash !== '') throw badRequest(`The redirect address must be the web app's ${path} page`);
    return `${url.origin}${path}`;
  }

  /** Google: verifies the ID token (signature with the JWKS, issuer, audience, expiry). */
  async function verifyGoogle(idToken: string): Promise<SocialIdentity> {
    const standIn = standInOf('GOOGLE');
    const config = await configurationFor(standIn);
    const metadata = config.serverMetadata();
    let keys = keySets.get(metadata.issuer);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(metadata.jwks_uri!));
      keySets.set(metadata.issuer, keys);
    }
    try {
      const { payload } = await jwtVerify(idToken, keys, { issuer: metadata.issuer, audience: standIn.client.clientId, algorithms: ['RS256'] });
      return identityOf('GOOGLE', payload);
    } catch (error) {
      throw badRequest('socialSignInFailed', `The Google ID token does not verify: ${(error as Error).message}`);
    }
  }

  /** Apple and Facebook: exchanges the code as a confidential client; Apple's ID token must carry `nonce`. */
  async function exchangeCode(kind: 'APPLE_ID' | 'FACEBOOK', code: string, redirectUri: string, nonce: string | undefined): Promise<SocialIdentity> {
    const key = conflictKey(kind, code);
    const kept = conflicts.get(key);
    if (kept && kept.expiresAt > routes.now()) {
      if (kept.nonce !== nonce) throw badRequest('socialSignInFailed', 'The nonce differs from the one of the authorisation');
      return kept.identity;
    }
    const config = await configurationFor(standInOf(kind));
    const callback = new URL(redirectUri);
    callback.searchParams.set('code', code);
    callback.searchParams.set('iss', issuer());
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, { idTokenExpected: true, ...(nonce ? { expectedNonce: nonce } : {}) });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('no subject');
      return identityOf(kind, claims);
    } catch (error) {
      throw badRequest('socialSignInFailed', `The provider refused the code: ${(error as Error).message}`);
    }
  }

  /** The links of `userId` in the caller's realm, oldest first (social and TV-operator links). */
  function linksOf(c: Context<SandboxEnv>, userId: string): Promise<LinkedAccountEntry[]> {
    return linkedAccountsOf(routes.db, userId, c.get('realm').name);
  }

  async function link(identity: SocialIdentity, userId: string): Promise<boolean> {
    const inserted = await routes.db
      .insert(socialIdentities)
      .values({ provider: identity.provider, subject: identity.subject, userId, email: identity.email, createdAt: new Date(routes.now()) })
      .onConflictDoNothing()
      .returning({ userId: socialIdentities.userId });
    return inserted.length > 0;
  }

  /**
   * The account of a provider account (see the module comment): `linker` is the signed-in
   * account of the bearer, when there is one; `key` names the credential for the 409 memory.
   */
  async function accountFor(c: Context<SandboxEnv>, identity: SocialIdentity, linker: string | undefined, key: string | null, nonce?: string): Promise<string> {
    const [known] = await routes.db
      .select({ userId: socialIdentities.userId })
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, identity.provider), eq(socialIdentities.subject, identity.subject)))
      .limit(1);
    if (known) {
      if (linker && linker !== known.userId) throw cannotLink('This provider account is linked to another account');
      return known.userId;
    }
    if (linker) {
      if (!(await link(identity, linker))) throw cannotLink('This account already has another account of this provider linked');
      if (key) conflicts.delete(key);
      return linker;
    }
    if (identity.email) {
      const [existing] = await routes.db.select({ id: users.id }).from(users).where(eq(users.email, identity.email)).limit(1);
      if (existing) {
        if (key) {
          for (const [stale, kept] of conflicts) if (kept.expiresAt <= routes.now()) conflicts.delete(stale);
          conflicts.set(key, { identity, nonce, expiresAt: routes.now() + CONFLICT_TTL_MS });
        }
        throw new ApiHttpError(409, 'CONFLICT', ['socialAccountLinkPrompt'], { provider: identity.provider, email: identity.email });
      }
    }
    // §6: a first sign-in with a provider is a sign-up.
    if (!c.get('realm').allowSignUp) throw new ApiHttpError(403, 'FORBIDDEN', ['selfRegistrationDisabled']);
    const address = identity.email ?? `${identity.subject.replace(/[^A-Za-z0-9._-]/g, '_')}@${identity.provider.toLowerCase()}.social.invalid`;
    const userId = await insertExternalAccount(routes.db, { email: address, name: identity.name, now: routes.now() });
    if (!userId) throw new ApiHttpError(409, 'CONFLICT', ['socialAccountLinkPrompt'], { provider: identity.provider, email: address });
    await link(identity, userId);
    return userId;
  }

  /** Maps the identity to an account and answers its tokens with `linkedAccounts`. */
  async function signIn(c: Context<SandboxEnv>, identity: SocialIdentity, key: string | null, nonce?: string) {
    const linker = (await routes.optionalUser(c))?.sub;
    const userId = await accountFor(c, identity, linker, key, nonce);
    const [user] = await routes.db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
    const tokens = await issueSession(sessions, userId, { provider: identity.provider });
    return { ...tokens, ...(user && user.name.trim() === '' ? { missingInformationStatus: 'MISSING_NAME' } : {}), linkedAccounts: await linksOf(c, userId) };
  }

  route(calls.social.google, async ({ body }, c) => {
    requireProvider(c, 'GOOGLE');
    return signIn(c, await verifyGoogle(body.idToken), null);
  });

  route(calls.social.apple, async ({ body }, c) => {
    requireProvider(c, 'APPLE_ID');
    const redirectUri = checkedRedirect(body.callbackUri, '/login/apple');
    const identity = await exchangeCode('APPLE_ID', body.code, redirectUri, body.nonce);
    return signIn(c, identity, conflictKey('APPLE_ID', body.code), body.nonce);
  });

  route(calls.social.facebook, async ({ body }, c) => {
    requireProvider(c, 'FACEBOOK');
    const redirectUri = checkedRedirect(body.redirectUri, '/login/facebook');
    const identity = await exchangeCode('FACEBOOK', body.code, redirectUri, undefined);
    return signIn(c, identity, conflictKey('FACEBOOK', body.code));
  });

  route(calls.social.linkedAccounts, async (_, c) => {
    const claims = await routes.requireUser(c);
    return { linkedAccounts: await linksOf(c, claims.sub) };
  });

  route(calls.social.unlink, async ({ params: { provider } }, c) => {
    const claims = await routes.requireUser(c);
    let removed = 0;
    if (isTvProviderKind(provider)) removed = await unlinkTvProvider(routes.db, claims.sub);
    else if (SOCIAL_STAND_INS.some((standIn) => standIn.kind === provider)) {
      const rows = await routes.db
        .delete(socialIdentities)
        .where(and(eq(socialIdentities.userId, claims.sub), eq(socialIdentities.provider, provider)))
        .returning({ provider: socialIdentities.provider });
      removed = rows.length;
    }
    if (removed === 0) throw notFound('notLinked', `No ${provider} account is linked to this account`);
    // Sessions signed in through the unlinked provider end at once, except the caller's own (auth/sessions.ts; the others refresh).
    const signedThrough = isTvProviderKind(provider) ? ['ADOBE', 'ADOBE_DCR'] : [provider];
    await endAccountSessions(routes.db, claims.sub, new Date(routes.now()), { providers: signedThrough, except: claims.sid });
    return { linkedAccounts: await linksOf(c, claims.sub) };
  });

  app.post('/_sandbox/social/idp-users', async (c) => {
    const body = await readJsonBody(c, idpUserSchema);
    const user = addIdpUser(body);
    return c.json({ email: user.email, sub: user.sub }, 201);
  });
}

/** The identity of verified ID token claims. */
function identityOf(provider: SocialKind, claims: Record<string, unknown>): SocialIdentity {
  const email = typeof claims.email === 'string' && claims.email_verified !== false ? claims.email.trim().toLowerCase() : '';
  return {
    provider,
    subject: String(claims.sub),
    email: email || null,
    name: typeof claims.name === 'string' ? claims.name : '',
  };
}

/** The key of a code in the 409 memory (never the code itself). */
function conflictKey(kind: SocialKind, code: string): string {
  return createHash('sha256').update(`${kind}\n${code}`).digest('hex');
}
