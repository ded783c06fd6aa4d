import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ApiError } from '../api/errors.js';
import {
  blockingFunctionMessage,
  FIREBASE_SIGN_IN_METHOD_KEYS,
  firebaseErrorChoice,
  firebaseSocialMethod,
  isMobileUserAgent,
  validateFirebaseForm,
} from './firebaseErrors.js';

const fbError = (code: string, message = `Firebase: Error (${code}).`, extra: Record<string, unknown> = {}) => ({ code, message, name: 'FirebaseError', ...extra });
const blocking = (msg: string) =>
  fbError('auth/internal-error', `Firebase: HTTP Cloud Function returned an error: {"error":{"details":{},"message":${JSON.stringify(msg)},"status":"PERMISSION_DENIED"}} (auth/internal-error).`);

describe('firebaseErrorChoice (§8 "Firebase")', () => {
  it('app-check failures → appCheckFailedWeb, in any context', () => {
    for (const code of ['appCheck/fetch-status-error', 'appCheck/throttled', 'auth/firebase-app-check-token-is-invalid']) {
      expect(firebaseErrorChoice(fbError(code)).key).toBe('appCheckFailedWeb');
      expect(firebaseErrorChoice(fbError(code), { context: 'passwordChange' }).key).toBe('appCheckFailedWeb');
    }
  });

  it('an invalid credential is invalidCurrentCredentials on a password change, invalidCredentials on a sign-in (issue 12: not "try again in a moment")', () => {
    for (const code of ['auth/invalid-credential', 'auth/wrong-password', 'auth/invalid-login-credentials']) {
      expect(firebaseErrorChoice(fbError(code), { context: 'passwordChange' }).key).toBe('invalidCurrentCredentials');
      expect(firebaseErrorChoice(fbError(code)).key).toBe('invalidCredentials');
      expect(firebaseErrorChoice(fbError(code), { context: 'signIn' }).key).toBe('invalidCredentials');
    }
    // An unknown email gets the same answer as a wrong password.
    expect(firebaseErrorChoice(fbError('auth/user-not-found')).key).toBe('invalidCredentials');
    expect(firebaseErrorChoice(fbError('auth/too-many-requests')).key).toBe('tooManyAttempts');
  });

  it('account-exists-with-different-credential names the email and the first known method to use', () => {
    const error = fbError('auth/account-exists-with-different-credential', 'x', { customData: { email: 'a@b.test' }, signInMethods: ['oidc.x', 'password', 'google.com'] });
    expect(firebaseErrorChoice(error)).toEqual({
      key: 'firebaseAccountExistsWithDifferentCredential',
      vars: { email: 'a@b.test', providerKey: 'firebaseEmailAndPassword' },
    });
    expect(firebaseErrorChoice(fbError('auth/account-exists-with-different-credential')).vars).toEqual({ providerKey: 'firebaseAnotherMethod' });
  });

  it("a blocking function's refusal → firebaseBlockingFunction_{msg}; an unreadable one → failedAuthentication", () => {
    expect(firebaseErrorChoice(blocking('BLOCKED_DOMAIN')).key).toBe('firebaseBlockingFunction_BLOCKED_DOMAIN');
    expect(firebaseErrorChoice(blocking('has spaces <b>')).key).toBe('failedAuthentication');
    expect(firebaseErrorChoice(fbError('auth/internal-error')).key).toBe('failedAuthentication');
  });

  it('a platform error shows its first known message, else failedAuthentication', () => {
    const conflict = new ApiError({ call: 'firebase.signUp', status: 409, code: 'CONFLICT', messages: ['emailAlreadyInUse'], requestId: 'r' });
    expect(firebaseErrorChoice(conflict, { isKnownKey: (k) => k === 'emailAlreadyInUse' }).key).toBe('emailAlreadyInUse');
    expect(firebaseErrorChoice(conflict, { isKnownKey: () => false }).key).toBe('failedAuthentication');
    expect(firebaseErrorChoice(conflict).key).toBe('failedAuthentication');
  });

  it('property: never throws and always answers a non-empty key, whatever the error', () => {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom<'signIn' | 'passwordChange'>('signIn', 'passwordChange'), (error, context) => {
        const choice = firebaseErrorChoice(error, { context, isKnownKey: (k) => k.length % 2 === 0 });
        expect(typeof choice.key).toBe('string');
        expect(choice.key.length).toBeGreaterThan(0);
      }),
    );
  });

  it('property: any other auth/ code is failedAuthentication, even when the message reads like a known key', () => {
    const special = new Set([
      'auth/internal-error',
      'auth/account-exists-with-different-credential',
      'auth/firebase-app-check-token-is-invalid',
      'auth/invalid-app-check-token',
      'auth/invalid-credential',
      'auth/wrong-password',
      'auth/invalid-login-credentials',
      'auth/user-not-found',
      'auth/invalid-email',
      'auth/too-many-requests',
    ]);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z-]{1,30}$/), fc.string(), (suffix, message) => {
        const code = `auth/${suffix}`;
        fc.pre(!special.has(code));
        expect(firebaseErrorChoice({ code, message, messages: [message] }, { isKnownKey: () => true }).key).toBe('failedAuthentication');
      }),
    );
  });

  it('property: a blocking message of safe characters round-trips into the key', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_.-]{1,100}$/), (msg) => {
        expect(blockingFunctionMessage(blocking(msg).message)).toBe(msg);
        expect(firebaseErrorChoice(blocking(msg)).key).toBe(`firebaseBlockingFunction_${msg}`);
      }),
    );
  });

  it('property: the provider key is always a method label or firebaseAnotherMethod', () => {
    const keys = new Set([...Object.values(FIREBASE_SIGN_IN_METHOD_KEYS), 'firebaseAnotherMethod']);
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom(...Object.keys(FIREBASE_SIGN_IN_METHOD_KEYS)), fc.anything())), (methods) => {
        const choice = firebaseErrorChoice(fbError('auth/account-exists-with-different-credential', 'x', { signInMethods: methods }));
        expect(keys.has(choice.vars.providerKey ?? '')).toBe(true);
      }),
    );
  });
});

describe('firebaseSocialMethod (§4 "Firebase")', () => {
  it('property: redirect exactly for Facebook on mobile', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom('FACEBOOK', 'facebook', ' Facebook ', 'GOOGLE', 'APPLE_ID'), fc.anything()), fc.anything(), (provider, mobile) => {
        const expected = mobile === true && typeof provider === 'string' && provider.trim().toUpperCase() === 'FACEBOOK' ? 'redirect' : 'popup';
        expect(firebaseSocialMethod(provider, mobile)).toBe(expected);
      }),
    );
    expect(firebaseSocialMethod('FACEBOOK', true)).toBe('redirect');
    expect(firebaseSocialMethod('FACEBOOK', false)).toBe('popup');
    expect(firebaseSocialMethod('GOOGLE', true)).toBe('popup');
  });

  it('isMobileUserAgent: phones and tablets, not desktops', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0')).toBe(false);
    expect(isMobileUserAgent(undefined)).toBe(false);
  });
});

describe('validateFirebaseForm (§5 "Login form")', () => {
  it('sign-in as the login form; sign-up also checks the password length', () => {
    expect(validateFirebaseForm('signIn', { email: '', password: '' })).toEqual({ ok: false, error: 'EMPTY_INPUTS' });
    expect(validateFirebaseForm('signIn', { email: 'a@b.test', password: 'x' })).toEqual({ ok: true });
    expect(validateFirebaseForm('signUp', { email: 'a@b.test', password: 'short' })).toEqual({ ok: false, fieldErrors: { password: 'passwordTooShort' } });
    expect(validateFirebaseForm('signUp', { email: 'a@b', password: 'long enough' })).toEqual({ ok: false, fieldErrors: { email: 'pleaseProvideValidEmail' } });
  });

  it('property: a sign-up the form accepts has a valid email and an 8 to 128 character password', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), fc.string({ maxLength: 140 }), (email, password) => {
        const result = validateFirebaseForm('signUp', { email, password });
        if (result.ok) {
          expect(password.length).toBeGreaterThanOrEqual(8);
          expect(password.length).toBeLessThanOrEqual(128);
          expect(validateFirebaseForm('signIn', { email, password }).ok).toBe(true);
        }
      }),
    );
  });
});
