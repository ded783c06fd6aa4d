/**
 * The platform's calls to Firebase Auth (here the emulator), over its REST API: create a user
 * with email and password, verify an ID token, check a refresh token, delete a user, find a
 * user by email and set a user's password (password reset).
 *
 * Emulator ID tokens are unsigned (`alg: none`), so verification asks the emulator
 * (`accounts:lookup` with the token: it refuses a token it did not issue or one that was altered)
 * and checks the claims here: issuer `https://securetoken.google.com/<project>`, audience the
 * project, not expired, issued in the past, subject the user the emulator found. Real Firebase
 * would add the signature check with Google's public keys.
 */
import { PeerUnavailableError } from '../errors.js';
import { FIREBASE_API_KEY } from './config.js';

/** A Firebase user the platform accepted. */
export interface VerifiedFirebaseUser {
  uid: string;
  email: string | undefined;
  emailVerified: boolean;
  displayName: string | undefined;
  /** `firebase.sign_in_provider` of the token (`password`, `google.com`, …). */
  signInProvider: string | undefined;
}

/** Firebase refused the request: `reason` is its message (`EMAIL_EXISTS`, `INVALID_ID_TOKEN`, …). */
export class FirebaseRestError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(`Firebase Auth answered ${status} ${reason}`);
  }
}

/**
 * Firebase could not be reached (the emulator is down or still starting): the app answers 503
 * `SERVICE_UNAVAILABLE` `['firebaseUnavailable', message]`.
 */
export class FirebaseUnavailableError extends PeerUnavailableError {
  constructor(message: string) {
    super(['firebaseUnavailable', message]);
    this.name = 'FirebaseUnavailableError';
  }
}

/** Allowed clock skew between the emulator and the sandbox, in seconds. */
const SKEW_S = 300;

/** The calls of one Firebase project at one emulator address. */
export interface FirebaseAuthRest {
  /** Creates an email and password user; its `localId`. Errors: `FirebaseRestError` (`EMAIL_EXISTS`, `WEAK_PASSWORD…`). */
  signUp(email: string, password: string): Promise<string>;
  /** Verifies an ID token and that `refreshToken` belongs to the same user. Errors: `FirebaseRestError` with the reason. */
  verify(idToken: string, refreshToken: string, nowMs: number): Promise<VerifiedFirebaseUser>;
  /** Deletes a user (admin call). Never throws. */
  deleteUser(uid: string): Promise<void>;
  /**
   * The user with this email (admin `accounts:lookup`), or undefined when there is none;
   * `hasPassword` tells whether it signs in with email and password (not only a federated provider).
   * Errors: `FirebaseUnavailableError`, `FirebaseRestError`.
   */
  findByEmail(email: string): Promise<{ uid: string; email: string; hasPassword: boolean } | undefined>;
  /**
   * Sets the password of user `uid` (admin `accounts:update`; the emulator then refuses the
   * user's earlier ID tokens). Errors: `FirebaseRestError` (`USER_NOT_FOUND`, `WEAK_PASSWORD…`),
   * `FirebaseUnavailableError`.
   */
  setPassword(uid: string, password: string): Promise<void>;
}

function claimsOf(idToken: string): Record<string, unknown> {
  const parts = idToken.split('.');
  if (parts.length !== 3) throw new FirebaseRestError(401, 'MALFORMED_ID_TOKEN');
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    if (claims && typeof claims === 'object') return claims as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new FirebaseRestError(401, 'MALFORMED_ID_TOKEN');
}

/** The REST client of project `projectId` at emulator `baseUrl`; `ready` is awaited before each call. */
export function firebaseAuthRest(baseUrl: string, projectId: string, ready: Promise<void> = Promise.resolve()): FirebaseAuthRest {
  async function call<T>(path: string, init: { body: string; contentType: string; admin?: boolean }): Promise<T> {
    try {
      await ready;
    } catch {
      throw new FirebaseUnavailableError('The Firebase Auth emulator is not running');
    }
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': init.contentType, ...(init.admin ? { authorization: 'Bearer owner' } : {}) },
        body: init.body,
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new FirebaseUnavailableError('The Firebase Auth emulator did not answer');
    }
    const body = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (!response.ok) throw new FirebaseRestError(response.status, String(body.error?.message ?? 'ERROR').split(' ')[0]!);
    return body;
  }
  const json = (path: string, value: unknown, admin = false) =>
    call<Record<string, unknown>>(path, { body: JSON.stringify(value), contentType: 'application/json', admin });
  const key = `key=${encodeURIComponent(FIREBASE_API_KEY)}`;
  const adminPath = `/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}`;

  return {
    async signUp(email, password) {
      const answer = await json(`/identitytoolkit.googleapis.com/v1/accounts:signUp?${key}`, { email, password });
      if (typeof answer.localId !== 'string') throw new FirebaseRestError(500, 'NO_LOCAL_ID');
      return answer.localId;
    },

    async verify(idToken, refreshToken, nowMs) {
      const claims = claimsOf(idToken);
      const now = Math.floor(nowMs / 1000);
      if (claims.iss !== `https://securetoken.google.com/${projectId}`) throw new FirebaseRestError(401, 'WRONG_ISSUER');
      if (claims.aud !== projectId) throw new FirebaseRestError(401, 'WRONG_AUDIENCE');
      if (typeof claims.exp !== 'number' || claims.exp <= now) throw new FirebaseRestError(401, 'TOKEN_EXPIRED');
      if (typeof claims.iat !== 'number' || claims.iat > now + SKEW_S) throw new FirebaseRestError(401, 'ISSUED_IN_FUTURE');
      if (typeof claims.sub !== 'string' || claims.sub === '') throw new FirebaseRestError(401, 'NO_SUBJECT');
      const lookup = await json(`/identitytoolkit.googleapis.com/v1/accounts:lookup?${key}`, { idToken });
      const user = Array.isArray(lookup.users) ? (lookup.users[0] as Record<string, unknown> | undefined) : undefined;
      if (!user || user.localId !== claims.sub) throw new FirebaseRestError(401, 'USER_NOT_FOUND');
      if (user.disabled === true) throw new FirebaseRestError(401, 'USER_DISABLED');
      const refreshed = await call<Record<string, unknown>>(`/securetoken.googleapis.com/v1/token?${key}`, {
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
        contentType: 'application/x-www-form-urlencoded',
      });
      if (refreshed.user_id !== claims.sub) throw new FirebaseRestError(401, 'REFRESH_TOKEN_MISMATCH');
      const firebase = claims.firebase as { sign_in_provider?: unknown } | undefined;
      return {
        uid: claims.sub,
        email: typeof user.email === 'string' ? user.email : undefined,
        emailVerified: user.emailVerified === true,
        displayName: typeof user.displayName === 'string' ? user.displayName : undefined,
        signInProvider: typeof firebase?.sign_in_provider === 'string' ? firebase.sign_in_provider : undefined,
      };
    },

    async deleteUser(uid) {
      await json(`/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/accounts:delete`, { localId: uid }, true).catch(() => undefined);
    },

    async findByEmail(email) {
      const answer = await json(`${adminPath}/accounts:lookup`, { email: [email] }, true);
      const user = Array.isArray(answer.users) ? (answer.users[0] as Record<string, unknown> | undefined) : undefined;
      if (!user || typeof user.localId !== 'string' || typeof user.email !== 'string') return undefined;
      const providers = Array.isArray(user.providerUserInfo) ? (user.providerUserInfo as { providerId?: unknown }[]) : [];
      return { uid: user.localId, email: user.email, hasPassword: providers.some((info) => info.providerId === 'password') };
    },

    async setPassword(uid, password) {
      await json(`${adminPath}/accounts:update`, { localId: uid, password }, true);
    },
  };
}
