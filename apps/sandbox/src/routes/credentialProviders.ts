/**
 * PBR, SPTV, OPIN and GIGYA sign-in, the platform side (identity-and-routes.md §7; GIGYA's call is
 * this project's, docs/api.md "PBR, SPTV, OPIN and GIGYA"), with the stand-in providers
 * (`src/providers/`: the id/secret stores, the OPIN portal, the GIGYA script and service).
 *
 * - `POST /api/v2/login/auth-provider/pbr { id, secret }` and `POST /api/v2/login/sptv { id, secret }`:
 *   the provider's store checks the secret (argon2id; an unknown id verifies a dummy hash) →
 *   tokens of the identity's platform account (created at its first sign-in); a wrong id or secret
 *   → 404 `NOT_FOUND` `providerCredentialsInvalid`, the same answer for both.
 * - `POST /api/v1/opin-auth { opinAuthToken }`: spends the portal's single-use token → tokens;
 *   unknown, used or expired → 401 `UNAUTHORIZED` `opinTokenInvalid`.
 * - `POST /api/v2/login/auth-provider/gigya { idToken }`: verifies the stand-in's RS256 id token
 *   (issuer, audience = the realm's GIGYA api key, expiry) → tokens; else 401 `gigyaTokenInvalid`.
 * - A realm whose settings do not list the provider → 404 `providerNotAvailable`.
 * - `POST /_sandbox/provider-accounts { provider, id, secret, name? }` (realm and API key): adds a
 *   stand-in account (tests and demos) → 201 `{ provider, id }`; 409 when the id is taken.
 * Bad input → 400 in the platform shape. Tokens and secrets are never logged.
 * Every secret check (PBR and SPTV id/secret, OPIN tokens, the GIGYA and OPIN stand-ins' own
 * password forms) is throttled per provider id (or device) and per client address
 * (`../auth/throttle.ts`): 429 `TOO_MANY_ATTEMPTS` with `Retry-After` after 5 consecutive failures.
 */
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { calls } from '@stream/core/contracts';
import { issueSession } from '../auth/sessions.js';
import { ApiHttpError, unauthorized } from '../errors.js';
import { readJsonBody } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { realmHasProvider } from '../seed/realms.js';
import { CREDENTIAL_PROVIDER_KINDS, type CredentialProviderKind } from '../providers/config.js';
import { createGigyaKeys, registerGigyaService, verifyGigyaIdToken, type GigyaKeys } from '../providers/gigya.js';
import { registerOpinPortal, spendOpinToken } from '../providers/opinPortal.js';
import { createProviderStore, PROVIDER_FIELD_MAX_LENGTH, type ProviderAccount } from '../providers/store.js';
import { conflict, type SignInRouteDeps } from './context.js';

/** Body of `POST /_sandbox/provider-accounts`. */
const providerAccountSchema = z.object({
  provider: z.enum(CREDENTIAL_PROVIDER_KINDS as [CredentialProviderKind, ...CredentialProviderKind[]]),
  id: z.string().check(z.trim(), z.minLength(1), z.maxLength(PROVIDER_FIELD_MAX_LENGTH)),
  secret: z.string().check(z.minLength(8), z.maxLength(PROVIDER_FIELD_MAX_LENGTH)),
  name: z.optional(z.string().check(z.maxLength(200))),
});

const invalidCredentials = () => new ApiHttpError(404, 'NOT_FOUND', ['providerCredentialsInvalid', 'Invalid id or secret']);

/** Registers the calls of PBR, SPTV, OPIN and GIGYA sign-in, the OPIN portal and the GIGYA service on `app`. */
export function registerCredentialProviderRoutes(app: Hono<SandboxEnv>, deps: SignInRouteDeps): void {
  const { routes, sessions } = deps;
  const { route } = routes;
  const store = createProviderStore(routes.db, routes.now);
  let keys: Promise<GigyaKeys> | undefined;
  const gigyaKeys = () => (keys ??= createGigyaKeys().catch((error: unknown) => {
    keys = undefined;
    throw error;
  }));

  /** 404 `providerNotAvailable` unless the caller's realm lists `kind`. */
  const requireProvider = (realm: string, kind: CredentialProviderKind) => {
    if (!realmHasProvider(realm, kind)) throw new ApiHttpError(404, 'NOT_FOUND', ['providerNotAvailable', `This realm has no ${kind} sign-in`]);
  };
  const signIn = async (account: ProviderAccount) => issueSession(sessions, await store.platformUserOf(account));

  for (const [kind, call] of [
    ['PBR', calls.credentialProviders.pbr],
    ['SPTV', calls.credentialProviders.sptv],
  ] as const) {
    route(call, async ({ body }, c) => {
      requireProvider(c.get('realm').name, kind);
      await store.ensureSeeded();
      const tooLong = body.id.length > PROVIDER_FIELD_MAX_LENGTH || body.secret.length > PROVIDER_FIELD_MAX_LENGTH;
      // Throttled per provider id and per client address (auth/throttle.ts): 429 TOO_MANY_ATTEMPTS after 5 failures.
      const keys = { scope: 'provider', subject: `${kind}\n${body.id.trim().toLowerCase()}`, address: routes.clientAddress(c) } as const;
      const account = tooLong ? null : await routes.throttle.attempt(keys, () => store.verify(kind, body.id, body.secret));
      if (!account) throw invalidCredentials();
      return signIn(account);
    });
  }

  route(calls.credentialProviders.opin, async ({ body }, c) => {
    requireProvider(c.get('realm').name, 'OPIN');
    // Single-use tokens: throttled per device and per client address.
    const keys = { scope: 'provider', subject: `OPIN-token\n${c.get('deviceId')}`, address: routes.clientAddress(c) } as const;
    const account = await routes.throttle.attempt(keys, async () => {
      const subject = await spendOpinToken(routes.db, body.opinAuthToken, routes.now());
      return subject ? store.bySubject('OPIN', subject) : null;
    });
    if (!account) throw unauthorized('opinTokenInvalid', 'The OPIN token is unknown, used or expired; sign in with OPIN again');
    return signIn(account);
  });

  route(calls.credentialProviders.gigya, async ({ body }, c) => {
    requireProvider(c.get('realm').name, 'GIGYA');
    const uid = await verifyGigyaIdToken(await gigyaKeys(), body.idToken, routes.now());
    const account = uid ? await store.bySubject('GIGYA', uid) : null;
    if (!account) throw unauthorized('gigyaTokenInvalid', 'The GIGYA id token failed verification; sign in with GIGYA again');
    return signIn(account);
  });

  app.post('/_sandbox/provider-accounts', async (c) => {
    const body = await readJsonBody(c, providerAccountSchema);
    const result = await store.create(body.provider, { id: body.id, secret: body.secret, ...(body.name !== undefined ? { name: body.name } : {}) });
    if (!result.created) throw conflict(`A ${body.provider} account with this id exists`);
    return c.json({ provider: result.account.provider, id: result.account.loginId }, 201);
  });

  const throttling = { throttle: routes.throttle, clientAddress: routes.clientAddress };
  registerOpinPortal(app, { db: routes.db, store, now: routes.now, webUrl: deps.openid?.webUrl, ...throttling });
  registerGigyaService(app, { store, keys: gigyaKeys, now: routes.now, ...throttling });
}
