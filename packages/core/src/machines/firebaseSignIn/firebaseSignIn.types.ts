import type { ApiClient } from '../../api/types.js';
import type { ConsentAnswer, FirebaseErrorChoice } from '../../domain/index.js';
import type { LoginResponse } from '../../contracts/index.js';
import type { KeyValueStorage } from '../../platform/types.js';
import type { SessionReceiver, SignInOutput } from '../session/session.signIn.js';

/** A Firebase sign-in the platform can verify: the user's ID token and refresh token. */
export interface FirebaseCredentials {
  idToken: string;
  refreshToken: string;
}

/** A social provider Firebase signs in with (provider kinds of §3). */
export type FirebaseSocialProvider = 'GOOGLE' | 'FACEBOOK' | 'APPLE_ID';

/**
 * The Firebase SDK operations the machine needs, provided by the app (the SDK stays out of core).
 * Every method rejects with the SDK's error (`{ code: 'auth/…', message, customData }`); for
 * `auth/account-exists-with-different-credential` the adapter adds `signInMethods` (the email's
 * methods) to the error so the message can name the provider to use.
 */
export interface FirebaseAuthPort {
  /** `signInWithEmailAndPassword` → the user's credentials. */
  signInWithPassword(email: string, password: string): Promise<FirebaseCredentials>;
  /** `signInWithPopup` with the provider → the user's credentials. */
  signInWithPopup(provider: FirebaseSocialProvider): Promise<FirebaseCredentials>;
  /** `signInWithRedirect` with the provider: the page leaves (resolves only if it does not). */
  signInWithRedirect(provider: FirebaseSocialProvider): Promise<void>;
  /** `getRedirectResult`: the credentials of a sign-in back from a redirect, or null when there is none. */
  redirectResult(): Promise<FirebaseCredentials | null>;
  /** An App Check token, when the app runs App Check (§4 "An app-check token is optional"). */
  appCheckToken?(): Promise<string>;
}

/** Input of the Firebase sign-in machine. */
export interface FirebaseSignInInput {
  /** Platform client: `api.firebase.signUp` and `api.firebase.signIn`. */
  api: ApiClient;
  /** The Firebase SDK adapter. */
  auth: FirebaseAuthPort;
  /** Where the login-attempt flag of a redirect sign-in is kept (the tab's sessionStorage). */
  storage: KeyValueStorage;
  /** The device is a phone or tablet (Facebook then signs in by redirect, §4). @default false */
  isMobile?: boolean;
  /** The form starts in sign-up mode (`type=signup` on the query). @default false */
  signUp?: boolean;
  /** Ask `auth.appCheckToken()` before a sign-up and send it as `appCheckToken`. @default false */
  appCheck?: boolean;
  /** Receives `session.signedIn { tokens, afterSignIn }` once signed in (the session actor), and takes the viewer on. */
  session: SessionReceiver;
  /** The page's query string: the session goes to its target once signed in (§2 "After sign-in completion"). @default '' */
  search?: string;
  /** Whether a message key has a translation: known platform messages are shown. @default none known */
  isKnownKey?: (key: string) => boolean;
}

/** Context of the Firebase sign-in machine. */
export interface FirebaseSignInContext {
  /** The form's mode. */
  mode: 'signIn' | 'signUp';
  /** The email last submitted (trimmed). */
  email: string;
  /** Internal: the password last submitted, kept only until the Firebase sign-in ends. Never shown or logged. */
  password: string;
  /** Consent answers of the sign-up. */
  consentAnswers: ConsentAnswer[];
  /** App Check token of the sign-up, when asked. */
  appCheckToken: string | null;
  /** The social provider of the running popup or redirect. */
  provider: FirebaseSocialProvider | null;
  /** The Firebase user's credentials, between Firebase and the platform. */
  credentials: FirebaseCredentials | null;
  /** The form error (`EMPTY_INPUTS`) or null. */
  formError: string | null;
  /** Field errors of the form, by field (`email`, `password`). */
  fieldErrors: Record<string, string>;
  /** The failure to show (§8 "Firebase"), or null. */
  error: FirebaseErrorChoice | null;
  /** What the sign-in produced once signed in (the machine's output); null before. Not for views. */
  signedIn: SignInOutput | null;
  /** Internal: the input. Not for views. */
  env: FirebaseSignInInput;
}

/** Events of the Firebase sign-in machine. */
export type FirebaseSignInEvent =
  /** Sign in (or, in sign-up mode, sign up then sign in) with email and password. */
  | { type: 'password.submit'; email: string; password: string; consentAnswers?: ConsentAnswer[] }
  /** Sign in with a social provider (popup, or redirect for Facebook on mobile). */
  | { type: 'provider.choose'; provider: FirebaseSocialProvider }
  /** Switch between the sign-in and sign-up forms. */
  | { type: 'mode.set'; mode: 'signIn' | 'signUp' };
