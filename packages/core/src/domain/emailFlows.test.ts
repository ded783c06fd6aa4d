import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/errors.js';
import { matchRoute, ROUTE_LOCALES } from './routes.js';
import { safeReturnPath } from './redirects.js';
import {
  emailConfirmationFailure,
  emailConfirmationMessage,
  newPasswordError,
  passwordResetFailureMessage,
  passwordResetLoginPath,
  passwordResetProvider,
  requestEmailError,
} from './emailFlows.js';

const apiError = (status: number, code: string, messages: string[] = []) =>
  new ApiError({ call: 'passwordReset.reset', status, code, messages, requestId: 'r' });

describe('passwordResetProvider (§2, §6)', () => {
  it('keeps a provider that offers reset, whatever its case; anything else is ID', () => {
    expect(passwordResetProvider('firebase')).toBe('FIREBASE');
    expect(passwordResetProvider(' PBR ')).toBe('PBR');
    expect(passwordResetProvider('GIGYA')).toBe('GIGYA');
    expect(passwordResetProvider('ID')).toBe('ID');
    for (const other of ['GOOGLE', 'APPLE_ID', 'SPTV', '', null, undefined, 42]) expect(passwordResetProvider(other)).toBe('ID');
  });
});

describe('passwordResetLoginPath (§2 "redirects to login", §6)', () => {
  it("goes to the provider's own sign-in page: ID → /login, FIREBASE → /login/firebase, PBR → /login/pbr, GIGYA → /login/GIGYA", () => {
    expect(passwordResetLoginPath('ID')).toBe('/login');
    expect(passwordResetLoginPath(null)).toBe('/login');
    expect(passwordResetLoginPath('firebase')).toBe('/login/firebase');
    expect(passwordResetLoginPath('FIREBASE')).toBe('/login/firebase');
    expect(passwordResetLoginPath(' pbr ')).toBe('/login/pbr');
    expect(passwordResetLoginPath('GIGYA')).toBe('/login/GIGYA');
    expect(passwordResetLoginPath('GIGYA', 'es')).toBe('/iniciar-sesion/GIGYA');
    expect(passwordResetLoginPath('GOOGLE')).toBe('/login');
    expect(passwordResetLoginPath('/evil.example')).toBe('/login');
  });

  it('property: any input in any locale gives a safe in-app path of LOGIN or its provider sub-route', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('ID', 'FIREBASE', 'pbr', 'GIGYA', 'GOOGLE', '//x.test'), fc.anything()), fc.constantFrom(...ROUTE_LOCALES), (name, locale) => {
        const path = passwordResetLoginPath(name, locale);
        expect(safeReturnPath(path)).toBe(path);
        const match = matchRoute(path, locale);
        expect(match?.key === 'LOGIN' || match?.key === 'LOGIN_REDIRECT').toBe(true);
        expect(match?.key === 'LOGIN').toBe(passwordResetProvider(name) === 'ID');
      }),
    );
  });
});

describe('requestEmailError (§5 "Email")', () => {
  it('empty → emailIsEmpty, non-matching → emailInvalid, valid → null', () => {
    expect(requestEmailError('')).toBe('emailIsEmpty');
    expect(requestEmailError('  ')).toBe('emailIsEmpty');
    expect(requestEmailError(undefined)).toBe('emailIsEmpty');
    expect(requestEmailError('viewer')).toBe('emailInvalid');
    expect(requestEmailError('viewer@example')).toBe('emailInvalid');
    expect(requestEmailError(' viewer@example.com ')).toBeNull();
  });
});

describe('newPasswordError (the sign-up password rule)', () => {
  it('empty, too short, too long, or null', () => {
    expect(newPasswordError('')).toBe('passwordIsEmpty');
    expect(newPasswordError(null)).toBe('passwordIsEmpty');
    expect(newPasswordError('1234567')).toBe('passwordTooShort');
    expect(newPasswordError('12345678')).toBeNull();
    expect(newPasswordError('x'.repeat(128))).toBeNull();
    expect(newPasswordError('x'.repeat(129))).toBe('passwordTooLong');
    // Not trimmed: spaces count, as at sign-up.
    expect(newPasswordError('        ')).toBeNull();
  });
});

describe('passwordResetFailureMessage (§8 "Password reset errors")', () => {
  it('a catalogue message key is shown as it is', () => {
    expect(passwordResetFailureMessage(apiError(400, 'BAD_REQUEST', ['Bad', 'passwordTooShort']))).toBe('passwordTooShort');
    expect(passwordResetFailureMessage(apiError(404, 'NOT_FOUND', ['invalidResetToken']))).toBe('invalidResetToken');
  });

  it('else the code maps to a catalogue entry', () => {
    expect(passwordResetFailureMessage(apiError(404, 'NOT_FOUND', ['Token expired']))).toBe('invalidResetToken');
    expect(passwordResetFailureMessage(apiError(429, 'TOO_MANY_REQUESTS'))).toBe('tooManyAttempts');
    expect(passwordResetFailureMessage(new NetworkError('passwordReset.reset', new TypeError('fetch failed')))).toBe('networkError');
    expect(passwordResetFailureMessage({ status: 404 })).toBe('invalidResetToken');
  });

  it('else the generic anErrorOccured', () => {
    expect(passwordResetFailureMessage(apiError(500, 'INTERNAL_ERROR', ['Internal error']))).toBe('anErrorOccured');
    expect(passwordResetFailureMessage(apiError(400, 'BAD_REQUEST', ['wrongPassword']))).toBe('anErrorOccured');
    expect(passwordResetFailureMessage(null)).toBe('anErrorOccured');
    expect(passwordResetFailureMessage('boom')).toBe('anErrorOccured');
  });
});

describe('email confirmation outcome (§8 "Email confirmation")', () => {
  it('404 → invalidToken; anything else → failed', () => {
    expect(emailConfirmationFailure(apiError(404, 'NOT_FOUND'))).toBe('invalidToken');
    expect(emailConfirmationFailure({ code: 'NOT_FOUND' })).toBe('invalidToken');
    expect(emailConfirmationFailure(apiError(500, 'INTERNAL_ERROR'))).toBe('failed');
    expect(emailConfirmationFailure(new NetworkError('emailConfirmation.confirm', new TypeError('x')))).toBe('failed');
    expect(emailConfirmationFailure(undefined)).toBe('failed');
  });

  it('each outcome has its message key', () => {
    expect(emailConfirmationMessage('invalidToken')).toBe('invalidConfirmationToken');
    expect(emailConfirmationMessage('failed')).toBe('somethingWentWrong');
  });
});
