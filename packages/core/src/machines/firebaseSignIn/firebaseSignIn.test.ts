import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { LoginResponse } from '../../contracts/index.js';
import { memoryStorage } from '../../platform/index.js';
import {
  connectFirebaseSignIn,
  FIREBASE_LOGIN_ATTEMPT_KEY,
  firebaseSignInMachine,
  type FirebaseAuthPort,
  type FirebaseCredentials,
  type FirebaseExchangeActorInput,
  type FirebasePasswordActorInput,
  type FirebaseProviderActorInput,
  type FirebaseSignInInput,
  type FirebaseSignUpActorInput,
  type SessionEvent,
} from '../index.js';
import { fakeApi, userTokens } from '../test-helpers.js';

const creds: FirebaseCredentials = { idToken: 'firebase-id-token', refreshToken: 'firebase-refresh' };
const fbError = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(`Firebase: Error (${code}).`), { code, ...extra });

/** A port whose every method fails: the tests provide the actors. */
const unusedPort: FirebaseAuthPort = {
  signInWithPassword: () => Promise.reject(new Error('port')),
  signInWithPopup: () => Promise.reject(new Error('port')),
  signInWithRedirect: () => Promise.reject(new Error('port')),
  redirectResult: () => Promise.reject(new Error('port')),
};

interface Fakes {
  redirectResult?: () => Promise<FirebaseCredentials | null>;
  appCheckToken?: () => Promise<string>;
  signUp?: (input: FirebaseSignUpActorInput) => Promise<unknown>;
  signInWithPassword?: (input: FirebasePasswordActorInput) => Promise<FirebaseCredentials>;
  signInWithPopup?: (input: FirebaseProviderActorInput) => Promise<FirebaseCredentials>;
  signInWithRedirect?: (input: FirebaseProviderActorInput) => Promise<void>;
  exchange?: (input: FirebaseExchangeActorInput) => Promise<LoginResponse>;
}

/** Starts the machine with fake actors (one spy per actor). */
function start(input: Partial<Omit<FirebaseSignInInput, 'api' | 'auth'>> = {}, fakes: Fakes = {}) {
  const storage = input.storage ?? memoryStorage();
  const sessionEvents: SessionEvent[] = [];
  const spies = {
    redirectResult: vi.fn(fakes.redirectResult ?? (async () => null)),
    appCheckToken: vi.fn(fakes.appCheckToken ?? (async () => 'app-check-token')),
    signUp: vi.fn(fakes.signUp ?? (async () => ({ uid: 'uid-1' }))),
    signInWithPassword: vi.fn(fakes.signInWithPassword ?? (async () => creds)),
    signInWithPopup: vi.fn(fakes.signInWithPopup ?? (async () => creds)),
    signInWithRedirect: vi.fn(fakes.signInWithRedirect ?? (() => new Promise<void>(() => undefined))),
    exchange: vi.fn(fakes.exchange ?? (() => userTokens(Date.now()))),
  };
  const machine = firebaseSignInMachine.provide({
    actors: {
      redirectResult: fromPromise(() => spies.redirectResult()),
      appCheckToken: fromPromise(() => spies.appCheckToken()),
      signUp: fromPromise<unknown, FirebaseSignUpActorInput>(({ input }) => spies.signUp(input)),
      signInWithPassword: fromPromise<FirebaseCredentials, FirebasePasswordActorInput>(({ input }) => spies.signInWithPassword(input)),
      signInWithPopup: fromPromise<FirebaseCredentials, FirebaseProviderActorInput>(({ input }) => spies.signInWithPopup(input)),
      signInWithRedirect: fromPromise<void, FirebaseProviderActorInput>(({ input }) => spies.signInWithRedirect(input)),
      exchange: fromPromise<LoginResponse, FirebaseExchangeActorInput>(({ input }) => spies.exchange(input)),
    },
  });
  const actor = createActor(machine, {
    input: {
      api: fakeApi(),
      auth: unusedPort,
      storage,
      session: { send: (event) => sessionEvents.push(event) },
      search: '?from=%2Faccount',
      ...input,
    },
  }).start();
  const view = () => connectFirebaseSignIn(actor.getSnapshot(), actor.send);
  return { actor, view, spies, storage, sessionEvents };
}

describe('firebaseSignIn: email and password (§4 "Firebase")', () => {
  it('signs in with Firebase, trades the tokens with the platform, outputs them and hands them to the session to go to from', async () => {
    const { actor, view, spies, sessionEvents } = start();
    expect(view()).toMatchObject({ phase: 'form', mode: 'signIn', error: null });
    view().submit({ email: ' viewer@example.com ', password: 'secret-pass' });
    expect(view()).toMatchObject({ phase: 'busy', busyWith: 'password' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(spies.signInWithPassword.mock.calls[0]?.[0]).toMatchObject({ email: 'viewer@example.com', password: 'secret-pass' });
    expect(spies.exchange.mock.calls[0]?.[0].credentials).toEqual(creds);
    expect(spies.signUp).not.toHaveBeenCalled();
    expect(view()).toMatchObject({ phase: 'signedIn', error: null });
    const { output } = actor.getSnapshot();
    expect(output).toEqual({ tokens: expect.objectContaining({ refreshToken: expect.any(String) }) });
    expect(sessionEvents).toEqual([{ type: 'session.signedIn', tokens: output?.tokens, afterSignIn: { search: '?from=%2Faccount' } }]);
    // The password is not kept once Firebase has answered.
    expect(actor.getSnapshot().context.password).toBe('');
  });

  it('an empty or invalid form sends nothing and shows the form errors', () => {
    const { view, spies } = start();
    view().submit({ email: '', password: '' });
    expect(view()).toMatchObject({ phase: 'form', formError: 'EMPTY_INPUTS' });
    view().submit({ email: 'viewer@', password: 'x' });
    expect(view()).toMatchObject({ phase: 'form', formError: null, fieldErrors: { email: 'pleaseProvideValidEmail' } });
    expect(spies.signInWithPassword).not.toHaveBeenCalled();
  });

  it('a wrong password (auth/invalid-credential) shows invalidCredentials and the form again', async () => {
    const { actor, view, spies } = start({}, { signInWithPassword: () => Promise.reject(fbError('auth/invalid-credential')) });
    view().submit({ email: 'viewer@example.com', password: 'wrong-pass' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view()).toMatchObject({ phase: 'form', error: { key: 'invalidCredentials' } });
    expect(spies.exchange).not.toHaveBeenCalled();
  });

  it("a blocking function's refusal shows firebaseBlockingFunction_{msg}", async () => {
    const message = 'Firebase: HTTP Cloud Function returned an error: {"error":{"message":"NOT_ALLOWED","status":"PERMISSION_DENIED"}} (auth/internal-error).';
    const { actor, view } = start({}, { signInWithPassword: () => Promise.reject(Object.assign(new Error(message), { code: 'auth/internal-error' })) });
    view().submit({ email: 'viewer@example.com', password: 'secret-pass' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view().error?.key).toBe('firebaseBlockingFunction_NOT_ALLOWED');
  });

  it('a platform refusal of the Firebase tokens shows failedAuthentication', async () => {
    const refused = new ApiError({ call: 'firebase.signIn', status: 401, code: 'UNAUTHORIZED', messages: ['firebaseTokenRejected'], requestId: 'r' });
    const { actor, view } = start({ isKnownKey: () => false }, { exchange: () => Promise.reject(refused) });
    view().submit({ email: 'viewer@example.com', password: 'secret-pass' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view().error?.key).toBe('failedAuthentication');
  });
});

describe('firebaseSignIn: sign-up (§7 "POST v1 firebase-auth/signup")', () => {
  const consentAnswers = [{ fieldName: 'termsOfUse', answer: true }];

  it('signs up with the consent answers, then signs in with Firebase and the platform', async () => {
    const { actor, view, spies } = start({ signUp: true });
    expect(view().mode).toBe('signUp');
    view().submit({ email: 'new@example.com', password: 'long-enough', consentAnswers });
    await waitFor(actor, (s) => s.status === 'done');
    expect(spies.signUp.mock.calls[0]?.[0]).toMatchObject({ email: 'new@example.com', password: 'long-enough', consentAnswers, appCheckToken: null });
    expect(spies.appCheckToken).not.toHaveBeenCalled();
    expect(spies.signInWithPassword.mock.calls[0]?.[0]).toMatchObject({ email: 'new@example.com', password: 'long-enough' });
    expect(view().phase).toBe('signedIn');
  });

  it('a short password is refused on the form (sign-up only)', () => {
    const { view, spies } = start();
    view().setMode('signUp');
    view().submit({ email: 'new@example.com', password: 'short' });
    expect(view().fieldErrors).toEqual({ password: 'passwordTooShort' });
    expect(spies.signUp).not.toHaveBeenCalled();
  });

  it('with App Check: the token goes with the sign-up', async () => {
    const { actor, view, spies } = start({ signUp: true, appCheck: true });
    view().submit({ email: 'new@example.com', password: 'long-enough', consentAnswers });
    await waitFor(actor, (s) => s.status === 'done');
    expect(spies.appCheckToken).toHaveBeenCalledTimes(1);
    expect(spies.signUp.mock.calls[0]?.[0].appCheckToken).toBe('app-check-token');
  });

  it('an App Check failure shows appCheckFailedWeb and sends nothing', async () => {
    const { actor, view, spies } = start({ signUp: true, appCheck: true }, { appCheckToken: () => Promise.reject(fbError('appCheck/fetch-status-error')) });
    view().submit({ email: 'new@example.com', password: 'long-enough', consentAnswers });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view().error?.key).toBe('appCheckFailedWeb');
    expect(spies.signUp).not.toHaveBeenCalled();
  });

  it('an email in use shows the platform message when it is a known key', async () => {
    const conflict = new ApiError({ call: 'firebase.signUp', status: 409, code: 'CONFLICT', messages: ['emailAlreadyInUse'], requestId: 'r' });
    const { actor, view, spies } = start({ signUp: true, isKnownKey: (k) => k === 'emailAlreadyInUse' }, { signUp: () => Promise.reject(conflict) });
    view().submit({ email: 'taken@example.com', password: 'long-enough', consentAnswers });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view()).toMatchObject({ phase: 'form', mode: 'signUp', error: { key: 'emailAlreadyInUse' } });
    expect(spies.signInWithPassword).not.toHaveBeenCalled();
  });
});

describe('firebaseSignIn: social popup and redirect (§4 "Firebase")', () => {
  it('Google opens a popup (desktop and mobile) and signs in', async () => {
    const { actor, view, spies, storage } = start({ isMobile: true });
    view().chooseProvider('GOOGLE');
    expect(view()).toMatchObject({ phase: 'busy', busyWith: 'GOOGLE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(spies.signInWithPopup.mock.calls[0]?.[0].provider).toBe('GOOGLE');
    expect(spies.signInWithRedirect).not.toHaveBeenCalled();
    expect(storage.getItem(FIREBASE_LOGIN_ATTEMPT_KEY)).toBeNull();
  });

  it('Facebook on desktop opens a popup', async () => {
    const { actor, view, spies } = start({ isMobile: false });
    view().chooseProvider('FACEBOOK');
    await waitFor(actor, (s) => s.status === 'done');
    expect(spies.signInWithPopup.mock.calls[0]?.[0].provider).toBe('FACEBOOK');
  });

  it('Facebook on mobile sets the login-attempt flag and redirects', async () => {
    const { actor, view, spies, storage } = start({ isMobile: true }, { signInWithRedirect: async () => undefined });
    view().chooseProvider('FACEBOOK');
    expect(storage.getItem(FIREBASE_LOGIN_ATTEMPT_KEY)).toBe('FACEBOOK');
    await waitFor(actor, (s) => s.matches('leaving'));
    expect(view().phase).toBe('leaving');
    expect(spies.signInWithRedirect.mock.calls[0]?.[0].provider).toBe('FACEBOOK');
    expect(spies.signInWithPopup).not.toHaveBeenCalled();
  });

  it('a redirect that fails to start clears the flag and shows the error', async () => {
    const { actor, view, storage } = start({ isMobile: true }, { signInWithRedirect: () => Promise.reject(fbError('auth/operation-not-allowed')) });
    view().chooseProvider('FACEBOOK');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(storage.getItem(FIREBASE_LOGIN_ATTEMPT_KEY)).toBeNull();
    expect(view().error?.key).toBe('failedAuthentication');
  });

  it('back from the redirect (flag set): the flag is removed and the result signs in', async () => {
    const storage = memoryStorage();
    storage.setItem(FIREBASE_LOGIN_ATTEMPT_KEY, 'FACEBOOK');
    const { actor, spies, sessionEvents } = start({ storage, isMobile: true }, { redirectResult: async () => creds });
    expect(storage.getItem(FIREBASE_LOGIN_ATTEMPT_KEY)).toBeNull();
    await waitFor(actor, (s) => s.status === 'done');
    expect(spies.redirectResult).toHaveBeenCalledTimes(1);
    expect(spies.exchange.mock.calls[0]?.[0].credentials).toEqual(creds);
    expect(sessionEvents).toEqual([expect.objectContaining({ type: 'session.signedIn', afterSignIn: { search: '?from=%2Faccount' } })]);
  });

  it('without the flag the redirect result is not asked; a flag with no result shows the form', async () => {
    const plain = start();
    expect(plain.spies.redirectResult).not.toHaveBeenCalled();
    expect(plain.view().phase).toBe('form');

    const storage = memoryStorage();
    storage.setItem(FIREBASE_LOGIN_ATTEMPT_KEY, 'FACEBOOK');
    const back = start({ storage });
    expect(back.view()).toMatchObject({ phase: 'busy', busyWith: 'resuming' });
    await waitFor(back.actor, (s) => s.matches('idle'));
    expect(back.view()).toMatchObject({ phase: 'form', error: null });
    expect(back.spies.exchange).not.toHaveBeenCalled();
  });

  it('account-exists-with-different-credential names the provider to use', async () => {
    const error = fbError('auth/account-exists-with-different-credential', { customData: { email: 'viewer@example.com' }, signInMethods: ['password'] });
    const { actor, view } = start({}, { signInWithPopup: () => Promise.reject(error) });
    view().chooseProvider('FACEBOOK');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view().error).toEqual({
      key: 'firebaseAccountExistsWithDifferentCredential',
      vars: { email: 'viewer@example.com', providerKey: 'firebaseEmailAndPassword' },
    });
  });

  it('a failed redirect result shows the error on the form', async () => {
    const storage = memoryStorage();
    storage.setItem(FIREBASE_LOGIN_ATTEMPT_KEY, 'FACEBOOK');
    const { actor, view } = start({ storage }, { redirectResult: () => Promise.reject(fbError('auth/network-request-failed')) });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(view().error?.key).toBe('failedAuthentication');
  });
});

describe('firebaseSignIn: default actors use the port and the client', () => {
  it('signInWithPassword and exchange call auth and api.firebase.signIn with the tokens', async () => {
    const signIn = vi.fn(() => userTokens(Date.now()));
    const auth: FirebaseAuthPort = { ...unusedPort, signInWithPassword: vi.fn(async () => creds) };
    const actor = createActor(firebaseSignInMachine, {
      input: { api: fakeApi({ firebase: { signIn } }), auth, storage: memoryStorage(), session: { send: () => undefined }, search: '' },
    }).start();
    actor.send({ type: 'password.submit', email: 'viewer@example.com', password: 'secret-pass' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(auth.signInWithPassword).toHaveBeenCalledWith('viewer@example.com', 'secret-pass');
    expect(signIn).toHaveBeenCalledWith({ body: { firebaseAuthToken: creds.idToken, firebaseRefreshToken: creds.refreshToken } });
  });

  it('the sign-up actor sends username, password and consent answers, and the app-check token only when there is one', async () => {
    const signUp = vi.fn(async () => ({ uid: 'u' }));
    const signIn = vi.fn(() => userTokens(Date.now()));
    const auth: FirebaseAuthPort = { ...unusedPort, signInWithPassword: async () => creds };
    const actor = createActor(firebaseSignInMachine, {
      input: { api: fakeApi({ firebase: { signUp, signIn } }), auth, storage: memoryStorage(), session: { send: () => undefined }, signUp: true },
    }).start();
    actor.send({ type: 'password.submit', email: 'new@example.com', password: 'long-enough', consentAnswers: [{ fieldName: 'termsOfUse', answer: true }] });
    await waitFor(actor, (s) => s.status === 'done');
    expect(signUp).toHaveBeenCalledWith({ body: { username: 'new@example.com', password: 'long-enough', consentAnswers: [{ fieldName: 'termsOfUse', answer: true }] } });
  });

  it('App Check asked of a port without it fails with appCheckFailedWeb', async () => {
    const actor = createActor(firebaseSignInMachine, {
      input: { api: fakeApi(), auth: unusedPort, storage: memoryStorage(), session: { send: () => undefined }, signUp: true, appCheck: true },
    }).start();
    actor.send({ type: 'password.submit', email: 'new@example.com', password: 'long-enough' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.key).toBe('appCheckFailedWeb');
  });
});
