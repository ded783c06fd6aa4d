import * as z from 'zod/mini';
import { defineCall } from './define.js';
import { consentAnswerSchema, loginResponseSchema } from './auth.js';

/** A string of at least one character. */
const nonEmpty = () => z.string().check(z.minLength(1));

/**
 * Body of `POST /api/v1/firebase-auth/signup` (identity-and-routes.md §7): `username` is the
 * email, `password` the Firebase password (8 to 128 characters, as the ID sign-up), the
 * `consentAnswers` given on the sign-up form (kept with the platform account) and, when the web
 * app runs Firebase App Check, its `appCheckToken`.
 */
export const firebaseSignUpRequestSchema = z.object({
  username: z.email(),
  password: z.string().check(z.minLength(8), z.maxLength(128)),
  consentAnswers: z.array(consentAnswerSchema),
  appCheckToken: z.optional(nonEmpty()),
});
export type FirebaseSignUpRequest = z.infer<typeof firebaseSignUpRequestSchema>;

/**
 * Answer of the Firebase sign-up: the spec does not show it; this project answers the new
 * Firebase user's `uid` (documented in docs/api.md "Firebase"). The browser then signs in with
 * Firebase and sends the ID token to `firebase-auth`.
 */
export const firebaseSignUpResponseSchema = z.looseObject({ uid: z.optional(z.string()) });
export type FirebaseSignUpResponse = z.infer<typeof firebaseSignUpResponseSchema>;

/**
 * Body of `POST /api/v1/firebase-auth` (§7): the Firebase ID token and refresh token the
 * browser's Firebase sign-in gave (email and password, popup or redirect).
 */
export const firebaseSignInRequestSchema = z.object({
  firebaseAuthToken: nonEmpty(),
  firebaseRefreshToken: nonEmpty(),
});
export type FirebaseSignInRequest = z.infer<typeof firebaseSignInRequestSchema>;

/**
 * The `firebase` area (`calls.firebase`): Firebase sign-in, the platform side
 * (identity-and-routes.md §4 "Firebase", §7); sent without a bearer.
 */
export const firebaseCalls = {
  /**
   * `POST /api/v1/firebase-auth/signup { username, password, consentAnswers, appCheckToken? }`
   * (201): creates the Firebase user (email and password) and its platform account, keeping the
   * consent answers; answers `{ uid? }`. Implements identity-and-routes.md §7 "POST v1
   * firebase-auth/signup". Errors: 409 `CONFLICT` `emailAlreadyInUse` when the email has an
   * account; 403 `selfRegistrationDisabled` when the realm does not allow self-registration; 400
   * for invalid fields; 503 when the Firebase Auth service (the emulator) is not available.
   */
  signUp: defineCall({
    name: 'firebase.signUp',
    method: 'POST',
    path: '/api/v1/firebase-auth/signup',
    body: firebaseSignUpRequestSchema,
    response: firebaseSignUpResponseSchema,
    auth: 'none',
    status: 201,
  }),
  /**
   * `POST /api/v1/firebase-auth { firebaseAuthToken, firebaseRefreshToken }`: trades a Firebase
   * sign-in for the platform's tokens (answers as `POST /login`). Implements
   * identity-and-routes.md §7 "POST v1 firebase-auth". The platform verifies the ID token with
   * Firebase (project, audience, expiry, user) and that the refresh token belongs to the same user;
   * the first sign-in of a Firebase user without a platform account creates one. Errors: 401
   * `UNAUTHORIZED` for a token that does not verify; 400 for a malformed body; 503 when Firebase
   * is not available.
   */
  signIn: defineCall({
    name: 'firebase.signIn',
    method: 'POST',
    path: '/api/v1/firebase-auth',
    body: firebaseSignInRequestSchema,
    response: loginResponseSchema,
    auth: 'none',
  }),
};
