import type { SnapshotFrom } from 'xstate';
import type { ConsentAnswer, FirebaseErrorChoice } from '../../domain/index.js';
import type { FirebaseSignInMachine } from './firebaseSignIn.machine.js';
import type { FirebaseSignInEvent, FirebaseSocialProvider } from './firebaseSignIn.types.js';

/** A snapshot of the Firebase sign-in machine. */
export type FirebaseSignInSnapshot = SnapshotFrom<FirebaseSignInMachine>;

/** Where the Firebase sign-in page stands. */
export type FirebaseSignInPhase = 'form' | 'busy' | 'leaving' | 'signedIn';

/** What the Firebase sign-in page needs. */
export interface FirebaseSignInApi {
  phase: FirebaseSignInPhase;
  /** Sign-in or sign-up form. */
  mode: 'signIn' | 'signUp';
  /** What is running: the password form (`password`), a provider (`GOOGLE`…), or coming back from a redirect (`resuming`); null on the form. */
  busyWith: 'password' | FirebaseSocialProvider | 'resuming' | null;
  /** The email last submitted (to fill the form back). */
  email: string;
  /** `EMPTY_INPUTS` or null. */
  formError: string | null;
  /** Field message keys by field (`email`, `password`). */
  fieldErrors: Record<string, string>;
  /** The failure to show: message key and placeholder values (§8 "Firebase"), or null. */
  error: FirebaseErrorChoice | null;
  submit(values: { email: string; password: string; consentAnswers?: ConsentAnswer[] }): void;
  chooseProvider(provider: FirebaseSocialProvider): void;
  setMode(mode: 'signIn' | 'signUp'): void;
}

const PASSWORD_STATES = ['checkingAppCheck', 'appCheck', 'signingUp', 'signingIn'];

/**
 * Turns a Firebase sign-in snapshot and its `send` into what the page renders (see
 * {@link FirebaseSignInApi}). Pure; implements identity-and-routes.md §4 "Firebase".
 */
export function connectFirebaseSignIn(snapshot: FirebaseSignInSnapshot, send: (event: FirebaseSignInEvent) => void): FirebaseSignInApi {
  const { context } = snapshot;
  const value = String(snapshot.value);
  const phase: FirebaseSignInPhase =
    value === 'idle' || value === 'starting' ? 'form' : value === 'leaving' ? 'leaving' : value === 'signedIn' ? 'signedIn' : 'busy';
  const busyWith: FirebaseSignInApi['busyWith'] =
    phase !== 'busy'
      ? null
      : value === 'resuming'
        ? 'resuming'
        : PASSWORD_STATES.includes(value)
          ? 'password'
          : value === 'exchanging'
            ? (context.provider ?? 'password')
            : (context.provider ?? 'GOOGLE');
  return {
    phase,
    mode: context.mode,
    busyWith,
    email: context.email,
    formError: context.formError,
    fieldErrors: context.fieldErrors,
    error: context.error,
    submit: (values) => send({ type: 'password.submit', ...values }),
    chooseProvider: (provider) => send({ type: 'provider.choose', provider }),
    setMode: (mode) => send({ type: 'mode.set', mode }),
  };
}
