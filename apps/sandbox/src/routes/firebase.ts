/**
 * Firebase sign-in, the platform side (identity-and-routes.md §4 "Firebase", §7 v1 firebase-auth
 * calls; docs/sandbox.md "Firebase"), against the Firebase Auth emulator the sandbox started.
 *
 * - `POST /api/v1/firebase-auth/signup { username, password, consentAnswers, appCheckToken? }` →
 *   201 `{ uid }`: creates the Firebase user (emulator REST `accounts:signUp`) and its platform
 *   account (the consent answers kept with it; the password stays with Firebase). 409
 *   `emailAlreadyInUse` when the email has a platform or Firebase account; 403
 *   `selfRegistrationDisabled` when the realm does not allow self-registration. The App Check
 *   token is accepted as given (the emulator has no App Check).
 * - `POST /api/v1/firebase-auth { firebaseAuthToken, firebaseRefreshToken }` → the platform's
 *   tokens: the ID token is verified with the emulator (`rest.ts`), the refresh token must belong
 *   to the same user; the Firebase user maps to its account (see `accountFor`). 401
 *   `firebaseTokenRejected` for a token that does not verify.
 * Both: 404 when the realm has no Firebase provider, 503 `SERVICE_UNAVAILABLE`
 * `firebaseUnavailable` when the emulator is not running (firebase-tools not installed, or still starting), 400 for a bad body.
 */
import { ensureExternalAccount } from '../auth/externalAccounts.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { calls } from '@stream/core/contracts';
import type { SandboxEnv } from '../http/env.js';
import { hashPassword } from '../auth/passwords.js';
import { issueSession } from '../auth/sessions.js';
import { firebaseIdentities, users } from '../db/schema.js';
import { ApiHttpError, serviceUnavailable } from '../errors.js';
import { FirebaseRestError, FirebaseUnavailableError, type VerifiedFirebaseUser } from '../firebase/rest.js';
import { firebaseFor, type FirebaseRuntime } from '../firebase/runtime.js';
import { realmHasProvider } from '../seed/realms.js';
import { conflict, type RouteContext } from './context.js';
import type { SignInRouteDeps } from './context.js';

const emailInUse = () => conflict('emailAlreadyInUse');
const selfRegistrationOff = () => new ApiHttpError(403, 'FORBIDDEN', ['selfRegistrationDisabled']);

/** Turns Firebase's failures into the platform's error shape. */
function platformError(error: unknown): unknown {
  if (error instanceof FirebaseUnavailableError) return serviceUnavailable(...error.messages);
  if (error instanceof FirebaseRestError) {
    if (error.reason === 'EMAIL_EXISTS') return emailInUse();
    if (error.reason.startsWith('WEAK_PASSWORD') || error.reason === 'INVALID_EMAIL') return new ApiHttpError(400, 'BAD_REQUEST', [error.reason]);
    return new ApiHttpError(401, 'UNAUTHORIZED', ['firebaseTokenRejected', error.reason]);
  }
  return error;
}

/** Registers the calls of Firebase sign-in (v1 firebase-auth, firebase-auth/signup) on `app`. */
export function registerFirebaseRoutes(deps: SignInRouteDeps): void {
  const { routes, sessions } = deps;
  const { route } = routes;

  function firebaseOf(c: Context<SandboxEnv>): FirebaseRuntime {
    if (!realmHasProvider(c.get('realm').name, 'FIREBASE')) throw new ApiHttpError(404, 'NOT_FOUND', ['This realm has no Firebase sign-in']);
    const firebase = firebaseFor(routes.db);
    if (!firebase) throw serviceUnavailable('firebaseUnavailable', 'The Firebase Auth emulator is not running in this sandbox');
    return firebase;
  }

  route(calls.firebase.signUp, async ({ body }, c) => {
    const firebase = firebaseOf(c);
    if (!c.get('realm').allowSignUp) throw selfRegistrationOff();
    const email = body.username.trim().toLowerCase();
    const [existing] = await routes.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) throw emailInUse();
    const uid = await firebase.rest.signUp(email, body.password).catch((error: unknown) => {
      throw platformError(error);
    });
    const inserted = await routes.db
      .insert(users)
      .values({
        id: randomUUID(),
        email,
        name: '',
        // The password is Firebase's: the platform account gets one nobody knows.
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        consentAnswers: body.consentAnswers,
        createdAt: new Date(routes.now()),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    const created = inserted[0];
    if (!created) {
      await firebase.rest.deleteUser(uid); // lost a race with another sign-up of the same email
      throw emailInUse();
    }
    await routes.db.insert(firebaseIdentities).values({ projectId: firebase.projectId, uid, userId: created.id, createdAt: new Date(routes.now()) });
    return { uid };
  });

  route(calls.firebase.signIn, async ({ body }, c) => {
    const firebase = firebaseOf(c);
    const user = await firebase.rest.verify(body.firebaseAuthToken, body.firebaseRefreshToken, routes.now()).catch((error: unknown) => {
      throw platformError(error);
    });
    const userId = await accountFor(routes, firebase.projectId, user, c.get('realm').allowSignUp);
    return issueSession(sessions, userId);
  });
}

/**
 * The platform account of a verified Firebase user: the one mapped to (project, uid); else the
 * account with the same email when Firebase says the email is verified (linked); else a new
 * account when the realm allows self-registration (email from Firebase, or
 * `<uid>@firebase.invalid`; a password nobody knows). An unverified email that already has an
 * account → 409 `emailAlreadyInUse` (it cannot be linked safely). The mapping is stored.
 */
async function accountFor(routes: RouteContext, projectId: string, user: VerifiedFirebaseUser, allowSignUp: boolean): Promise<string> {
  const find = async () =>
    (
      await routes.db
        .select({ userId: firebaseIdentities.userId })
        .from(firebaseIdentities)
        .where(and(eq(firebaseIdentities.projectId, projectId), eq(firebaseIdentities.uid, user.uid)))
        .limit(1)
    )[0]?.userId;
  const known = await find();
  if (known) return known;

  const email = user.email?.trim().toLowerCase() ?? '';
  let userId: string | undefined;
  if (email) {
    const owner = (await routes.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0]?.id;
    if (owner && !user.emailVerified) throw conflict('emailAlreadyInUse');
    userId = owner;
  }
  if (!userId) {
    if (!allowSignUp) throw new ApiHttpError(403, 'FORBIDDEN', ['selfRegistrationDisabled']);
    const address = email || `${user.uid.replace(/[^A-Za-z0-9._-]/g, '_')}@firebase.invalid`;
    userId = await ensureExternalAccount(routes.db, { email: address, name: user.displayName ?? '', now: routes.now() });
  }
  if (!userId) throw new ApiHttpError(500, 'INTERNAL_ERROR', ['Could not create the account']);
  await routes.db.insert(firebaseIdentities).values({ projectId, uid: user.uid, userId, createdAt: new Date(routes.now()) }).onConflictDoNothing();
  return (await find()) ?? userId;
}
