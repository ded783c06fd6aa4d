/**
 * TV-operator sign-in, the platform side (identity-and-routes.md §7 `/user/adobe`, v3
 * `/adobe/token`, `/adobe/{requestorId}/regcode`, `/v3/adobe/regcode`, `/api/v1/entitlement-sync`,
 * the external licence provider's `token`), the device PIN login of TV_LOGIN, the Adobe Pass
 * emulation under `/_adobe` (`adobe/host.ts`) and the sandbox controls `/_sandbox/adobe/*`.
 * docs/sandbox.md "Adobe Pass and TV", docs/api.md "Adobe Pass and TV".
 *
 * Platform errors are in the platform shape, thrown as `ApiHttpError`: 412 `PRECONDITION_FAILED`
 * (operator sign-in not complete), 429 `TOO_MANY_REQUESTS` (too many PINs) among them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { calls } from '@stream/core/contracts';
import { isTvProviderKind } from '@stream/core/domain';
import type { SandboxEnv } from '../http/env.js';
import { ADOBE_REQUESTOR, OPERATOR_ACCOUNTS, operatorById, type OperatorAccount } from '../adobe/config.js';
import { registerAdobeHost } from '../adobe/host.js';
import { AdobeStore, DEVICE_PIN_POLL_S, type Regcode } from '../adobe/store.js';
import { linkedAccountsOf, TV_LINK_PREFIX } from '../auth/linkedAccounts.js';
import { hashPassword } from '../auth/passwords.js';
import { hashRefreshToken, issueSession } from '../auth/sessions.js';
import { accountLicences, licences, openIdIdentities, refreshTokens, users } from '../db/schema.js';
import { ApiHttpError, badRequest, forbidden } from '../errors.js';
import { readJsonBody } from '../http/body.js';
import { realmSettingsFor } from '../seed/realms.js';
import { conflict, type RouteContext, type SignInRouteDeps } from './context.js';

/** Operator-granted licences last this long (renewed by the next sync). */
const ENTITLEMENT_DAYS = 30;
const DAY = 86_400_000;
/** A device may ask for this many PINs a minute. */
const PIN_CREATE_LIMIT = 10;

const notFound = (...messages: string[]) => new ApiHttpError(404, 'NOT_FOUND', messages);

/**
 * The optional device a one-shot control is scoped to (its `x-device-id`, which the app accepts
 * up to 128 characters); without it the control is realm-wide.
 */
const controlDeviceId = z.optional(z.string().check(z.minLength(1), z.maxLength(128)));
/** `POST /_sandbox/adobe/next-regcode` body. */
export const nextRegcodeSchema = z.object({ status: z.literal(400), deviceId: controlDeviceId });
/** `POST /_sandbox/adobe/next-tv-sign-in` body. */
export const nextTvSignInSchema = z.object({ status: z.union([z.literal(400), z.literal(412)]), deviceId: controlDeviceId });
/** `POST /_sandbox/adobe/licence-code` body. */
export const licenceCodeSchema = z.object({
  email: z.string().check(z.minLength(3)),
  licenceId: z.string().check(z.minLength(1)),
  redirectTo: z.optional(z.string().check(z.regex(/^\/(?!\/)/))),
});

/** The identity namespace of an operator's accounts in `openid_identities`. */
const identityNamespace = (mvpdId: string) => `${TV_LINK_PREFIX}${mvpdId}`;

/**
 * Registers the TV-operator, entitlement, external licence and device PIN calls, the `/_adobe`
 * emulation and the `/_sandbox/adobe/*` controls on `app`. The state lives in the database
 * (`AdobeStore`); rate limits and the one-shot controls in memory, per app.
 */
export function registerAdobeRoutes(app: Hono<SandboxEnv>, deps: SignInRouteDeps): void {
  const { routes, sessions, openid } = deps;
  const { db, route } = routes;
  const store = new AdobeStore(db, routes.now);
  registerAdobeHost(app, { routes, store, webUrl: openid?.webUrl });

  /** The realm's TV provider entry kinds for `requestorId`; 404 when the realm has none. */
  function requireRequestor(c: Context<SandboxEnv>, requestorId: string): void {
    const known = realmSettingsFor(c.get('realm').name, true).authProviders.some(
      (entry) => isTvProviderKind(entry.name) && entry.requestorId === requestorId,
    );
    if (!known) throw notFound(`No TV provider with requestor ${requestorId} in this realm`);
  }

  /** Applies the one-shot regcode control of the caller's device, else of its realm. */
  function forcedRegcodeFailure(c: Context<SandboxEnv>): void {
    if (store.takeControl('regcode', c.get('realm').name, c.get('deviceId')) === undefined) return;
    throw badRequest('Adobe refused the registration code request (sandbox control next-regcode)');
  }

  /**
   * The DCR client of a v3 call; 400 when the sandbox did not register it (or the secret differs).
   * Throttled per client id and per client address (auth/throttle.ts).
   */
  async function requireClient(c: Context<SandboxEnv>, clientId: string, clientSecret: string): Promise<void> {
    const keys = { scope: 'deviceCode', subject: clientId, address: routes.clientAddress(c) } as const;
    if (!(await routes.throttle.attempt(keys, () => store.clientMatches(clientId, clientSecret)))) throw badRequest('Unknown or revoked Adobe client; register again');
  }

  // POST /api/v2/adobe/:requestorId/regcode: a Primetime regcode for this device.
  route(calls.adobe.regcode, async ({ params: { requestorId } }, c) => {
    requireRequestor(c, requestorId);
    const user = await routes.optionalUser(c);
    forcedRegcodeFailure(c);
    const regcode = await store.createRegcode({ realm: c.get('realm').name, requestorId, deviceId: c.get('deviceId'), userId: user?.sub, withAccessToken: false });
    return { code: regcode.code };
  });

  // POST /api/v3/adobe/regcode: a DCR regcode and its access token.
  route(calls.adobe.regcodeV3, async ({ body }, c) => {
    requireRequestor(c, body.requestorId);
    await requireClient(c, body.clientId, body.clientSecret);
    const user = await routes.optionalUser(c);
    forcedRegcodeFailure(c);
    const regcode = await store.createRegcode({
      realm: c.get('realm').name,
      requestorId: body.requestorId,
      deviceId: c.get('deviceId'),
      userId: user?.sub,
      clientId: body.clientId,
      withAccessToken: true,
    });
    return { accessToken: regcode.accessToken!, code: regcode.code };
  });

  /** The platform's answer for an authenticated regcode: tokens of the mapped account, or an error. */
  async function signIn(c: Context<SandboxEnv>, regcode: Regcode | undefined, resourceId: string) {
    const user = await routes.optionalUser(c);
    const realm = c.get('realm').name;
    const forced = store.takeControl('signIn', realm, c.get('deviceId'));
    if (forced !== undefined) {
      if (forced === 412) throw preconditionFailed('The TV provider sign-in is not complete (sandbox control next-tv-sign-in)');
      throw badRequest('Adobe refused the sign-in (sandbox control next-tv-sign-in)');
    }
    if (!regcode || regcode.realm !== realm) throw badRequest('No Adobe registration code for this device; pick your TV provider again');
    if (!regcode.authn) throw preconditionFailed('Not signed in at the TV provider yet');
    const account = OPERATOR_ACCOUNTS.find((candidate) => candidate.email === regcode.authn!.email && candidate.mvpdId === regcode.authn!.mvpdId);
    const operator = operatorById(regcode.authn.mvpdId);
    if (!account || !operator) throw new ApiHttpError(401, 'UNAUTHORIZED', ['The TV provider did not recognise the subscriber']);
    if (resourceId !== ADOBE_REQUESTOR.resourceId || operator.licenceIds.length === 0) {
      throw forbidden(`The ${operator.displayName} package does not include ${resourceId}`);
    }
    const userId = await operatorAccount(routes, account, user?.sub ?? regcode.userId);
    // The session is signed in through the TV provider: an unlink of it ends the session.
    const tokens = await issueSession(sessions, userId, { provider: 'ADOBE' });
    // Every link of the account (social ones too), the TV-operator link just made among them.
    return { ...tokens, linkedAccounts: await linkedAccountsOf(db, userId, realm) };
  }

  // POST /api/v2/user/adobe { requestorId, resourceId }: Primetime sign-in of this device.
  route(calls.adobe.user, async ({ body }, c) => {
    requireRequestor(c, body.requestorId);
    return signIn(c, await store.deviceRegcode(c.get('realm').name, c.get('deviceId'), body.requestorId), body.resourceId);
  });

  // POST /api/v3/adobe/token { requestorId, clientId, clientSecret, accessToken }: DCR sign-in.
  route(calls.adobe.token, async ({ body }, c) => {
    requireRequestor(c, body.requestorId);
    await requireClient(c, body.clientId, body.clientSecret);
    const regcode = await store.regcodeByAccessToken(body.accessToken);
    if (regcode && (regcode.clientId !== body.clientId || regcode.requestorId !== body.requestorId)) throw badRequest('The access token belongs to another client');
    return signIn(c, regcode, ADOBE_REQUESTOR.resourceId);
  });

  // POST /api/v1/entitlement-sync { refreshToken }: grants the linked operators' packages.
  route(calls.adobe.entitlementSync, async ({ body }, c) => {
    const claims = await routes.requireUser(c);
    const [token] = await db.select({ userId: refreshTokens.userId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(body.refreshToken))).limit(1);
    if (!token || token.userId !== claims.sub) throw badRequest('Unknown refresh token');
    const linked = await db
      .select({ clientName: openIdIdentities.clientName })
      .from(openIdIdentities)
      .where(and(eq(openIdIdentities.userId, claims.sub), like(openIdIdentities.clientName, `${TV_LINK_PREFIX}%`)));
    const grants = new Map<string, string>(); // licence id → the operator including it (the first linked)
    for (const row of linked) {
      const operator = operatorById(row.clientName.slice(TV_LINK_PREFIX.length));
      for (const licenceId of operator?.licenceIds ?? []) if (!grants.has(licenceId)) grants.set(licenceId, operator!.displayName);
    }
    const licenceIds = [...grants.keys()];
    const now = await routes.sandboxNow();
    for (const [licenceId, operatorName] of grants) await grantLicence(routes, claims.sub, licenceId, now, ENTITLEMENT_DAYS * DAY, operatorName);
    return { licenceIds };
  });

  // POST /api/v2/external-licence/token { authorisationCode }: redeems a licence code once.
  route(calls.externalLicence.token, async ({ body }, c) => {
    // Throttled per device and per client address (auth/throttle.ts).
    const keys = { scope: 'licenceCode', subject: c.get('deviceId'), address: routes.clientAddress(c) } as const;
    const entry = await routes.throttle.attempt(keys, () => store.redeemLicenceCode(body.authorisationCode));
    if (!entry) throw notFound('Unknown, used or expired licence code');
    await grantLicence(routes, entry.userId, entry.licenceId, await routes.sandboxNow(), ENTITLEMENT_DAYS * DAY, '');
    return entry.redirectTo ? { licenceIds: [entry.licenceId], redirectTo: entry.redirectTo } : { licenceIds: [entry.licenceId] };
  });

  // POST /api/v2/device/pin {}: a TV asks for a PIN.
  route(calls.tvDevice.createPin, async (_, c) => {
    if (!store.allow(`pin-create\n${c.get('deviceId')}`, PIN_CREATE_LIMIT, 60_000)) throw tooMany('Too many codes asked for; wait a minute');
    const entry = await store.createPin(c.get('realm').name);
    return { pin: entry.pin, anchor: entry.anchor, expiresAt: new Date(entry.expiresAt).toISOString(), pollIntervalSeconds: DEVICE_PIN_POLL_S };
  });

  // POST /api/v2/device/pin/poll { anchor }: the TV polls (the anchor in the body, never in the logged path).
  route(calls.tvDevice.pollPin, async ({ body }, c) => {
    const poll = await store.pollPin(c.get('realm').name, body.anchor);
    if (poll.kind === 'unknown') throw notFound('Unknown device code');
    if (poll.kind === 'deliver') return { status: 'confirmed' as const, ...(await issueSession(sessions, poll.userId)) };
    const { entry } = poll;
    if (entry.delivered || entry.expiresAt <= routes.now()) return { status: 'expired' as const };
    return { status: 'pending' as const, expiresAt: new Date(entry.expiresAt).toISOString() };
  });

  // POST /api/v2/device/pin/confirm { pin }: a signed-in viewer confirms the TV's PIN.
  route(calls.tvDevice.confirmPin, async ({ body }, c) => {
    if (await routes.optionalGuest(c)) throw forbidden('tvCodeSignInRequired', 'Sign in with your account to confirm a TV code');
    const claims = await routes.requireUser(c);
    // Throttled per account and per client address (auth/throttle.ts): 429 TOO_MANY_ATTEMPTS after 5 wrong PINs.
    const keys = { scope: 'devicePin', subject: claims.sub, address: routes.clientAddress(c) } as const;
    if (!(await routes.throttle.attempt(keys, () => store.confirmPin(c.get('realm').name, body.pin, claims.sub)))) {
      throw notFound('tvCodeInvalid', 'Unknown, expired or used TV code');
    }
    return {};
  });

  // Sandbox controls (realm headers; one-shot, per realm or, with `deviceId`, per device of the realm).
  app.post('/_sandbox/adobe/next-regcode', async (c) => {
    const body = await readJsonBody(c, nextRegcodeSchema);
    store.armControl('regcode', c.get('realm').name, body.deviceId, body.status);
    return c.json({});
  });
  app.post('/_sandbox/adobe/next-tv-sign-in', async (c) => {
    const body = await readJsonBody(c, nextTvSignInSchema);
    store.armControl('signIn', c.get('realm').name, body.deviceId, body.status);
    return c.json({});
  });
  app.post('/_sandbox/adobe/licence-code', async (c) => {
    const body = await readJsonBody(c, licenceCodeSchema);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email.trim().toLowerCase())).limit(1);
    if (!user) throw notFound(`No account with email ${body.email}`);
    const [cat] = await db.select({ id: licences.id }).from(licences).where(eq(licences.id, body.licenceId)).limit(1);
    if (!cat) throw notFound(`No licence ${body.licenceId} in the catalogue`);
    const code = await store.createLicenceCode(body.redirectTo ? { userId: user.id, licenceId: cat.id, redirectTo: body.redirectTo } : { userId: user.id, licenceId: cat.id });
    return c.json({ code, path: `/licence-redirect?${new URLSearchParams({ code })}` });
  });
}

/** 412 `PRECONDITION_FAILED`: the operator sign-in is not complete yet. */
const preconditionFailed = (message: string) => new ApiHttpError(412, 'PRECONDITION_FAILED', [message]);

/** 429 `TOO_MANY_REQUESTS`: too many PINs asked for by one device. */
const tooMany = (message: string) => new ApiHttpError(429, 'TOO_MANY_REQUESTS', [message]);

/**
 * The platform account of an operator account: the one mapped earlier (409 when `linkTo` is
 * another account); else `linkTo` (the signed-in caller, or the account the regcode was bound
 * to); else the account with the operator account's email; else a new account with that email.
 * The mapping is stored in `openid_identities` under `adobe:<mvpdId>`.
 */
async function operatorAccount(routes: RouteContext, account: OperatorAccount, linkTo: string | undefined): Promise<string> {
  const { db } = routes;
  const namespace = identityNamespace(account.mvpdId);
  const mapped = async () =>
    (
      await db
        .select({ userId: openIdIdentities.userId })
        .from(openIdIdentities)
        .where(and(eq(openIdIdentities.clientName, namespace), eq(openIdIdentities.subject, account.subject)))
        .limit(1)
    )[0]?.userId;
  const known = await mapped();
  if (known) {
    if (linkTo && linkTo !== known) throw conflict('This TV provider account is linked to another account');
    return known;
  }
  const byEmail = async () => (await db.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1))[0]?.id;
  let userId = linkTo ?? (await byEmail());
  if (!userId) {
    const [created] = await db
      .insert(users)
      .values({ id: randomUUID(), email: account.email, name: account.name, passwordHash: await hashPassword(randomBytes(32).toString('base64url')), createdAt: new Date(routes.now()) })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    userId = created?.id ?? (await byEmail());
  }
  if (!userId) throw new ApiHttpError(500, 'INTERNAL_ERROR', ['Could not create the account']);
  await db.insert(openIdIdentities).values({ clientName: namespace, subject: account.subject, userId, createdAt: new Date(routes.now()) }).onConflictDoNothing();
  const final = await mapped();
  if (final && final !== userId) throw conflict('This TV provider account is linked to another account');
  return final ?? userId;
}

/**
 * Grants `licenceId` to the account ACTIVE for `durationMs` from `now`, not auto-renewing, included
 * with `operatorName` (`''`: an unnamed TV provider; the licence shows "Included with …" and offers no
 * pause, cancel or reactivate); a licence the account holds and that is active (ACTIVE and not
 * ended) is left as it is.
 */
async function grantLicence(routes: RouteContext, userId: string, licenceId: string, now: Date, durationMs: number, operatorName: string): Promise<void> {
  const { db } = routes;
  const [cat] = await db.select({ id: licences.id }).from(licences).where(eq(licences.id, licenceId)).limit(1);
  if (!cat) return;
  const [held] = await db
    .select()
    .from(accountLicences)
    .where(and(eq(accountLicences.userId, userId), eq(accountLicences.licenceId, licenceId)))
    .limit(1);
  if (held && held.status === 'ACTIVE' && (held.expiresAt === null || held.expiresAt.getTime() > now.getTime())) return;
  await db.transaction(async (tx) => {
    if (held) await tx.delete(accountLicences).where(eq(accountLicences.id, held.id));
    // Columns left out take their defaults: no trial, pause, pending action, discount, migration or cancellation.
    const base = { id: randomUUID(), userId, licenceId, status: 'ACTIVE', autoRenewing: false, paymentEventType: 'CONFIRMED' };
    await tx.insert(accountLicences).values({ ...base, grantedBy: operatorName, pauseState: 'NOT_ALLOWED', startedAt: now, expiresAt: new Date(now.getTime() + durationMs), createdAt: now, updatedAt: now });
  });
}
