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
 * Creates the Firebase user (email and password) and its platform account, keeping the consent
 * answers. Implements identity-and-routes.md §7 "POST v1 firebase-auth/signup". Errors: 409
 * `CONFLICT` `emailAlreadyInUse` when the email has an account; 403 `selfRegistrationDisabled`
 * when the realm does not allow self-registration; 400 for invalid fields; 503 when the Firebase
 * Auth service (the emulator) is not available.
 */
export const firebaseSignUp = defineCall({
  name: 'firebase.signUp',
  method: 'POST',
  path: '/api/v1/firebase-auth/signup',
  body: firebaseSignUpRequestSchema,
  response: firebaseSignUpResponseSchema,
  auth: 'none',
});

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
 * Trades a Firebase sign-in for the platform's tokens (answers as `POST /login`). Implements
 * identity-and-routes.md §7 "POST v1 firebase-auth". The platform verifies the ID token with
 * Firebase (project, audience, expiry, user) and that the refresh token belongs to the same user;
 * the first sign-in of a Firebase user without a platform account creates one. Errors: 401
 * `UNAUTHORIZED` for a token that does not verify; 400 for a malformed body; 503 when Firebase
 * is not available.
 */
export const firebaseSignIn = defineCall({
  name: 'firebase.signIn',
  method: 'POST',
  path: '/api/v1/firebase-auth',
  body: firebaseSignInRequestSchema,
  response: loginResponseSchema,
  auth: 'none',
});
