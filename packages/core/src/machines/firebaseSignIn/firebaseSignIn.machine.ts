import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { LoginResponse } from '../../contracts/index.js';
import {
  FIREBASE_APP_CHECK_FAILED_KEY,
  firebaseErrorChoice,
  firebaseSocialMethod,
  validateFirebaseForm,
  type ConsentAnswer,
} from '../../domain/index.js';
import { handOverToSession, signedInActions, type SignInOutput } from '../session/session.signIn.js';
import type {
  FirebaseAuthPort,
  FirebaseCredentials,
  FirebaseSignInContext,
  FirebaseSignInEvent,
  FirebaseSignInInput,
  FirebaseSocialProvider,
} from './firebaseSignIn.types.js';

/**
 * Storage key of the login-attempt flag (§4 "Firebase": the redirect on mobile for Facebook sets
 * a login-attempt flag): set just before the page leaves for the provider, read and removed when
 * the page comes back; its value is the provider kind. Holds no token.
 */
export const FIREBASE_LOGIN_ATTEMPT_KEY = 'stream.firebase.loginAttempt';

/** Input of the `signUp` actor: `POST v1 firebase-auth/signup`. */
export interface FirebaseSignUpActorInput {
  api: ApiClient;
  email: string;
  password: string;
  consentAnswers: ConsentAnswer[];
  appCheckToken: string | null;
}
/** Input of the `signInWithPassword` actor. */
export interface FirebasePasswordActorInput {
  auth: FirebaseAuthPort;
  email: string;
  password: string;
}
/** Input of the `signInWithPopup` and `signInWithRedirect` actors. */
export interface FirebaseProviderActorInput {
  auth: FirebaseAuthPort;
  provider: FirebaseSocialProvider;
}
/** Input of the `exchange` actor: `POST v1 firebase-auth`. */
export interface FirebaseExchangeActorInput {
  api: ApiClient;
  credentials: FirebaseCredentials;
}

const failure = (context: FirebaseSignInContext, error: unknown) =>
  firebaseErrorChoice(error, { context: 'signIn', ...(context.env.isKnownKey ? { isKnownKey: context.env.isKnownKey } : {}) });

const formEvents = {
  'password.submit': [
    { guard: 'formIsValid', target: 'checkingAppCheck', actions: 'storeForm' },
    { actions: 'showFormErrors' },
  ],
  'provider.choose': [
    { guard: 'usesRedirect', target: 'redirecting', actions: 'storeProvider' },
    { target: 'popup', actions: 'storeProvider' },
  ],
  'mode.set': { actions: 'setMode' },
} as const;

/**
 * Firebase sign-in (identity-and-routes.md §4 "Firebase", §7 firebase-auth calls, §8 "Firebase").
 *
 * Input {@link FirebaseSignInInput} `{ api, auth, storage, isMobile?, signUp?, appCheck?, session,
 * search?, isKnownKey? }`; the Firebase SDK operations come in `auth` and
 * run in named actors (tests swap them with `.provide()`).
 * - A page with the login-attempt flag ({@link FIREBASE_LOGIN_ATTEMPT_KEY}) is back from a
 *   redirect: the flag is removed and `redirectResult` asked; credentials → `exchanging`, none → the form.
 * - `password.submit { email, password, consentAnswers? }`: checked with the domain's
 *   `validateFirebaseForm` (errors stay on the form, nothing is sent). In sign-up mode: an App
 *   Check token first when `appCheck` (failure → appCheckFailedWeb), then `signUp`
 *   (`api.firebase.signUp`), then the Firebase sign-in; in sign-in mode straight to
 *   `signInWithPassword`.
 * - `provider.choose { provider }`: the domain's `firebaseSocialMethod`: Facebook on mobile sets
 *   the login-attempt flag and redirects (`leaving`); otherwise `signInWithPopup`.
 * - `exchanging`: `api.firebase.signIn { firebaseAuthToken, firebaseRefreshToken }` →
 *   `signedIn` (final, output `{ tokens }`; `session.signedIn { tokens, afterSignIn: { search } }`
 *   sent: the session goes to the target of §2 "After sign-in completion").
 * - Every failure goes back to the form with the domain's `firebaseErrorChoice`. Never throws.
 */
export const firebaseSignInMachine = setup({
  types: {} as { context: FirebaseSignInContext; events: FirebaseSignInEvent; input: FirebaseSignInInput; output: SignInOutput | null },
  actors: {
    /** `auth.redirectResult()`: credentials of a sign-in back from a redirect, or null. */
    redirectResult: fromPromise<FirebaseCredentials | null, { auth: FirebaseAuthPort }>(({ input }) => input.auth.redirectResult()),
    /** `auth.appCheckToken()`; rejects when the adapter has none. */
    appCheckToken: fromPromise<string, { auth: FirebaseAuthPort }>(async ({ input }) => {
      if (!input.auth.appCheckToken) throw Object.assign(new Error('App Check is not set up'), { code: 'appCheck/not-initialized' });
      return input.auth.appCheckToken();
    }),
    /** `api.firebase.signUp(...)`: the Firebase user and the platform account. */
    signUp: fromPromise<unknown, FirebaseSignUpActorInput>(({ input }) =>
      input.api.firebase.signUp({ body: {
        username: input.email,
        password: input.password,
        consentAnswers: input.consentAnswers,
        ...(input.appCheckToken ? { appCheckToken: input.appCheckToken } : {}),
      } }),
    ),
    /** `auth.signInWithPassword(email, password)`. */
    signInWithPassword: fromPromise<FirebaseCredentials, FirebasePasswordActorInput>(({ input }) =>
      input.auth.signInWithPassword(input.email, input.password),
    ),
    /** `auth.signInWithPopup(provider)`. */
    signInWithPopup: fromPromise<FirebaseCredentials, FirebaseProviderActorInput>(({ input }) => input.auth.signInWithPopup(input.provider)),
    /** `auth.signInWithRedirect(provider)`: the page leaves. */
    signInWithRedirect: fromPromise<void, FirebaseProviderActorInput>(({ input }) => input.auth.signInWithRedirect(input.provider)),
    /** `api.firebase.signIn(...)`: the platform's tokens for the Firebase user. */
    exchange: fromPromise<LoginResponse, FirebaseExchangeActorInput>(({ input }) =>
      input.api.firebase.signIn({ body: { firebaseAuthToken: input.credentials.idToken, firebaseRefreshToken: input.credentials.refreshToken } }),
    ),
  },
  actions: {
    setMode: assign(({ event }) => (event.type === 'mode.set' ? { mode: event.mode, formError: null, fieldErrors: {}, error: null } : {})),
    storeForm: assign(({ event }) =>
      event.type === 'password.submit'
        ? {
            email: event.email.trim(),
            password: event.password,
            consentAnswers: event.consentAnswers ?? [],
            formError: null,
            fieldErrors: {},
            error: null,
          }
        : {},
    ),
    showFormErrors: assign(({ context, event }) => {
      if (event.type !== 'password.submit') return {};
      const result = validateFirebaseForm(context.mode, event);
      if (result.ok) return {};
      return 'error' in result ? { formError: result.error, fieldErrors: {}, error: null } : { formError: null, fieldErrors: result.fieldErrors, error: null };
    }),
    storeProvider: assign(({ event }) => (event.type === 'provider.choose' ? { provider: event.provider, formError: null, fieldErrors: {}, error: null } : {})),
    storeAppCheckToken: assign((_, params: { token: string }) => ({ appCheckToken: params.token })),
    storeCredentials: assign((_, params: { credentials: FirebaseCredentials }) => ({ credentials: params.credentials, password: '' })),
    showFailure: assign(({ context }, params: { error: unknown }) => ({ error: failure(context, params.error), password: '', credentials: null, provider: null })),
    showAppCheckFailure: assign({ error: { key: FIREBASE_APP_CHECK_FAILED_KEY, vars: {} }, password: '' }),
    /** §4: the login-attempt flag, set just before the redirect. */
    setLoginAttempt: ({ context }) => {
      context.env.storage.setItem(FIREBASE_LOGIN_ATTEMPT_KEY, context.provider ?? 'FACEBOOK');
    },
    clearLoginAttempt: ({ context }) => {
      context.env.storage.removeItem(FIREBASE_LOGIN_ATTEMPT_KEY);
    },
    /** Keeps what the sign-in produced (the machine's output); the Firebase credentials are dropped. */
    keepSignIn: assign((_, params: SignInOutput) => ({ signedIn: params, credentials: null, error: null })),
    handOverToSession,
  },
  guards: {
    loginAttemptPending: ({ context }) => context.env.storage.getItem(FIREBASE_LOGIN_ATTEMPT_KEY) !== null,
    formIsValid: ({ context, event }) => event.type === 'password.submit' && validateFirebaseForm(context.mode, event).ok,
    usesRedirect: ({ context, event }) => event.type === 'provider.choose' && firebaseSocialMethod(event.provider, context.env.isMobile === true) === 'redirect',
    isSignUp: ({ context }) => context.mode === 'signUp',
    wantsAppCheck: ({ context }) => context.mode === 'signUp' && context.env.appCheck === true,
    hasCredentials: (_, params: { credentials: FirebaseCredentials | null }) => params.credentials !== null,
  },
}).createMachine({
  id: 'firebaseSignIn',
  description:
    'Firebase sign-in (identity-and-routes.md §4 "Firebase"): email and password (sign-up first through POST v1 firebase-auth/signup, with an optional App Check token), a social popup, or a redirect for Facebook on mobile with a login-attempt flag; the Firebase ID and refresh tokens go to POST v1 firebase-auth for the platform tokens. Failures show the §8 Firebase message.',
  context: ({ input }) => ({
    mode: input.signUp === true ? 'signUp' : 'signIn',
    email: '',
    password: '',
    consentAnswers: [],
    appCheckToken: null,
    provider: null,
    credentials: null,
    formError: null,
    fieldErrors: {},
    error: null,
    signedIn: null,
    env: input,
  }),
  output: ({ context }) => context.signedIn,
  initial: 'starting',
  states: {
    starting: {
      description: 'Back from a redirect (the login-attempt flag is set) → its result; otherwise the form.',
      always: [{ guard: 'loginAttemptPending', target: 'resuming' }, { target: 'idle' }],
    },
    resuming: {
      description: 'Removes the login-attempt flag and asks Firebase for the redirect result.',
      entry: 'clearLoginAttempt',
      invoke: {
        src: 'redirectResult',
        input: ({ context }) => ({ auth: context.env.auth }),
        onDone: [
          {
            guard: { type: 'hasCredentials', params: ({ event }) => ({ credentials: event.output }) },
            target: 'exchanging',
            actions: { type: 'storeCredentials', params: ({ event }) => ({ credentials: event.output! }) },
          },
          { target: 'idle' },
        ],
        onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    idle: {
      description: 'The email and password form (sign-in or sign-up) and the social buttons; errors show here.',
      on: formEvents,
    },
    checkingAppCheck: {
      description: 'Sign-up with App Check: asks for a token first; sign-in goes straight to Firebase.',
      always: [{ guard: 'wantsAppCheck', target: 'appCheck' }, { guard: 'isSignUp', target: 'signingUp' }, { target: 'signingIn' }],
    },
    appCheck: {
      description: 'Getting an App Check token for the sign-up.',
      invoke: {
        src: 'appCheckToken',
        input: ({ context }) => ({ auth: context.env.auth }),
        onDone: { target: 'signingUp', actions: { type: 'storeAppCheckToken', params: ({ event }) => ({ token: event.output }) } },
        onError: { target: 'idle', actions: 'showAppCheckFailure' },
      },
    },
    signingUp: {
      description: 'POST v1 firebase-auth/signup: the Firebase user and the platform account, with the consent answers.',
      invoke: {
        src: 'signUp',
        input: ({ context }) => ({
          api: context.env.api,
          email: context.email,
          password: context.password,
          consentAnswers: context.consentAnswers,
          appCheckToken: context.appCheckToken,
        }),
        onDone: { target: 'signingIn' },
        onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signingIn: {
      description: 'Firebase signs in with email and password.',
      invoke: {
        src: 'signInWithPassword',
        input: ({ context }) => ({ auth: context.env.auth, email: context.email, password: context.password }),
        onDone: { target: 'exchanging', actions: { type: 'storeCredentials', params: ({ event }) => ({ credentials: event.output }) } },
        onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    popup: {
      description: "The provider's popup (through Firebase).",
      invoke: {
        src: 'signInWithPopup',
        input: ({ context }) => ({ auth: context.env.auth, provider: context.provider ?? 'GOOGLE' }),
        onDone: { target: 'exchanging', actions: { type: 'storeCredentials', params: ({ event }) => ({ credentials: event.output }) } },
        onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    redirecting: {
      description: 'Facebook on mobile: sets the login-attempt flag and leaves for the provider.',
      entry: 'setLoginAttempt',
      invoke: {
        src: 'signInWithRedirect',
        input: ({ context }) => ({ auth: context.env.auth, provider: context.provider ?? 'FACEBOOK' }),
        onDone: { target: 'leaving' },
        onError: { target: 'idle', actions: ['clearLoginAttempt', { type: 'showFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    leaving: {
      description: 'The page is on its way to the provider.',
    },
    exchanging: {
      description: 'POST v1 firebase-auth: the Firebase tokens for the platform tokens.',
      invoke: {
        src: 'exchange',
        input: ({ context }) => ({ api: context.env.api, credentials: context.credentials! }),
        onDone: { target: 'signedIn', actions: signedInActions((context: FirebaseSignInContext) => ({ search: context.env.search ?? '' })) },
        onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signedIn: {
      type: 'final',
      description: 'Signed in: the session has the tokens and takes the viewer to the target of §2 "After sign-in completion".',
    },
  },
});

/** The Firebase sign-in machine's type. */
export type FirebaseSignInMachine = typeof firebaseSignInMachine;
