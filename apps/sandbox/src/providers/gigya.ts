/**
 * The stand-in GIGYA service (docs/sandbox.md "PBR, SPTV, OPIN and GIGYA"): the script the realm
 * entry's `scriptUrl` names and the accounts API it calls, so that the web app's GIGYA sub-route
 * loads a real script and signs a person in through it.
 *
 * - `GET /_gigya/gigya.js?apikey=`: the script. It defines `window.gigya.accounts` with
 *   `login({ loginID, password, callback })`, `getJWT({ callback })` and `logout({ callback })`,
 *   answering `{ errorCode, errorMessage?, UID?, id_token? }` objects as GIGYA's Web SDK does
 *   (`errorCode` 0 on success), then calls `window.onGigyaServiceReady` when defined.
 * - `POST /_gigya/accounts.login { apiKey, loginID, password }` (JSON): 200 with
 *   `{ errorCode: 0, UID, id_token }`, or 200 with `errorCode` 403042 (wrong login id or password,
 *   the same for an unknown id) or 400093 (an api key this sandbox does not know).
 * - id tokens: RS256 JWTs (`iss` {@link GIGYA_ISSUER}, `aud` the api key, `sub` the UID, 5
 *   minutes), signed with a key pair made when the app starts; {@link verifyGigyaIdToken} is the
 *   platform's check.
 */
import type { Context, Hono } from 'hono';
import { throttledSeconds, type SecretThrottle } from '../auth/throttle.js';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import type { SandboxEnv } from '../http/env.js';
import { GIGYA_API_KEY, GIGYA_ID_TOKEN_TTL_S, GIGYA_ISSUER, GIGYA_SCRIPT_PATH, GIGYA_SERVICE_PATH } from './config.js';
import type { ProviderStore } from './store.js';

/** The stand-in's signing keys (made once per app). */
export interface GigyaKeys {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

/** Makes the stand-in's RS256 key pair. */
export async function createGigyaKeys(): Promise<GigyaKeys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { privateKey, publicKey };
}

/** Signs the id token of GIGYA account `uid` for site `apiKey`. */
export function signGigyaIdToken(keys: GigyaKeys, claims: { uid: string; apiKey: string; email: string; name: string }, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ email: claims.email, name: claims.name })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(GIGYA_ISSUER)
    .setAudience(claims.apiKey)
    .setSubject(claims.uid)
    .setIssuedAt(iat)
    .setExpirationTime(iat + GIGYA_ID_TOKEN_TTL_S)
    .sign(keys.privateKey);
}

/**
 * The platform's check of a GIGYA id token: signature (RS256 only), issuer, audience (the realm's
 * api key), expiry. Answers the UID, or null for any token that fails.
 */
export async function verifyGigyaIdToken(keys: GigyaKeys, token: string, nowMs: number): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keys.publicKey, {
      algorithms: ['RS256'],
      issuer: GIGYA_ISSUER,
      audience: GIGYA_API_KEY,
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'exp'],
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

/** The public key as a JWK (for the docs page and tests). */
export const gigyaPublicJwk = (keys: GigyaKeys) => exportJWK(keys.publicKey);

/** GIGYA's error codes the stand-in answers. */
export const GIGYA_ERRORS = {
  invalidLoginId: { errorCode: 403042, errorMessage: 'Invalid LoginID', statusCode: 403 },
  lockedOut: { errorCode: 403120, errorMessage: 'Account temporarily locked out', statusCode: 429 },
  invalidApiKey: { errorCode: 400093, errorMessage: 'Invalid ApiKey parameter', statusCode: 400 },
  missingParameter: { errorCode: 400002, errorMessage: 'Missing required parameter', statusCode: 400 },
} as const;

/** What the service needs. */
export interface GigyaServiceDeps {
  store: ProviderStore;
  keys: () => Promise<GigyaKeys>;
  now: () => number;
  /** The throttle of password checks (per login id and per client address) and the client's address. */
  throttle: SecretThrottle;
  clientAddress: (c: Context) => string | undefined;
}

/** Registers the script and the accounts API on `app`. */
export function registerGigyaService(app: Hono<SandboxEnv>, deps: GigyaServiceDeps): void {
  app.get(GIGYA_SCRIPT_PATH, (c) =>
    c.body(GIGYA_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }),
  );

  app.post(`${GIGYA_SERVICE_PATH}/accounts.login`, async (c) => {
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = await c.req.json();
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      return c.json(GIGYA_ERRORS.missingParameter);
    }
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).slice(0, 256) : '');
    if (text('apiKey') !== GIGYA_API_KEY) return c.json(GIGYA_ERRORS.invalidApiKey);
    if (!text('loginID').trim() || !text('password')) return c.json(GIGYA_ERRORS.missingParameter);
    await deps.store.ensureSeeded();
    // Throttled (auth/throttle.ts): GIGYA's "account temporarily locked out" with Retry-After.
    const keys = { scope: 'provider', subject: `GIGYA\n${text('loginID').trim().toLowerCase()}`, address: deps.clientAddress(c) } as const;
    let account: Awaited<ReturnType<ProviderStore['verify']>>;
    try {
      account = await deps.throttle.attempt(keys, () => deps.store.verify('GIGYA', text('loginID'), text('password')));
    } catch (error) {
      const seconds = throttledSeconds(error);
      if (seconds === undefined) throw error;
      return c.json({ ...GIGYA_ERRORS.lockedOut, retryAfterSeconds: seconds }, 429, { 'retry-after': String(seconds) });
    }
    if (!account) return c.json(GIGYA_ERRORS.invalidLoginId);
    const idToken = await signGigyaIdToken(
      await deps.keys(),
      { uid: account.subject, apiKey: GIGYA_API_KEY, email: account.loginId, name: account.name },
      deps.now(),
    );
    return c.json({ errorCode: 0, statusCode: 200, UID: account.subject, id_token: idToken });
  });
}

/**
 * The stand-in script: GIGYA's Web SDK surface the web app uses. It reads its own address (the
 * service's origin and `apikey`), keeps the signed-in person's id token in memory only, and never
 * logs anything.
 */
const GIGYA_SCRIPT = `/* Stand-in GIGYA Web SDK of the Stream sandbox: window.gigya.accounts (login, getJWT, logout). */
(function () {
  'use strict';
  var script = document.currentScript;
  var src = new URL(script ? script.src : '${GIGYA_SCRIPT_PATH}', window.location.href);
  var service = src.origin + '${GIGYA_SERVICE_PATH}';
  var apiKey = src.searchParams.get('apikey') || '';
  var idToken = null;
  function reply(callback, response) {
    if (typeof callback === 'function') setTimeout(function () { callback(response); }, 0);
  }
  function login(params) {
    params = params || {};
    fetch(service + '/accounts.login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: apiKey, loginID: String(params.loginID || ''), password: String(params.password || '') })
    })
      .then(function (response) { return response.json(); })
      .then(function (result) {
        if (result.errorCode === 0) idToken = result.id_token;
        reply(params.callback, result.errorCode === 0
          ? { errorCode: 0, statusCode: 200, UID: result.UID, operation: '/accounts.login' }
          : { errorCode: result.errorCode, errorMessage: result.errorMessage, statusCode: result.statusCode, operation: '/accounts.login' });
      }, function () {
        reply(params.callback, { errorCode: 500001, errorMessage: 'General Server Error', statusCode: 500, operation: '/accounts.login' });
      });
  }
  function getJWT(params) {
    params = params || {};
    reply(params.callback, idToken
      ? { errorCode: 0, statusCode: 200, id_token: idToken, operation: '/accounts.getJWT' }
      : { errorCode: 403005, errorMessage: 'Unauthorized user', statusCode: 403, operation: '/accounts.getJWT' });
  }
  function logout(params) {
    idToken = null;
    reply((params || {}).callback, { errorCode: 0, statusCode: 200, operation: '/accounts.logout' });
  }
  window.gigya = { isReady: true, apiKey: apiKey, accounts: { login: login, getJWT: getJWT, logout: logout } };
  if (typeof window.onGigyaServiceReady === 'function') window.onGigyaServiceReady(apiKey);
})();
`;
