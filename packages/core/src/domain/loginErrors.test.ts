import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LOGIN_ERROR_CODE_KEYS, errorFacts, loginFailureMessage, signUpFailureMessage } from './index.js';

const known = new Set(['invalidCredentials', 'accountLocked', 'emailAlreadyInUse']);
const isKnown = (key: string): boolean => known.has(key);

describe('loginFailureMessage', () => {
  it('prefers the first known server message', () => {
    expect(loginFailureMessage({ status: 401, code: 'UNAUTHORIZED', messages: ['Some text', 'accountLocked'] }, isKnown)).toBe(
      'accountLocked',
    );
  });

  it('falls back to the code table, then the status, then failedAuthentication', () => {
    expect(loginFailureMessage({ status: 404, code: 'NOT_FOUND', messages: ['unknownKey'] }, isKnown)).toBe('invalidCredentials');
    expect(loginFailureMessage({ code: 'UNAUTHORIZED' }, isKnown)).toBe('invalidCredentials');
    expect(loginFailureMessage({ code: 'TOO_MANY_REQUESTS' }, isKnown)).toBe('tooManyAttempts');
    expect(loginFailureMessage({ code: 'CONFLICT' }, isKnown)).toBe('emailAlreadyInUse');
    expect(loginFailureMessage({ status: 429, code: 'UNKNOWN', messages: [] }, isKnown)).toBe('tooManyAttempts');
    expect(loginFailureMessage({ name: 'NetworkError' }, isKnown)).toBe('networkError');
    expect(loginFailureMessage(new TypeError('Failed to fetch'), isKnown)).toBe('networkError');
    expect(loginFailureMessage({ data: { status: 401, code: 'UNAUTHORIZED', messages: [] } }, isKnown)).toBe('invalidCredentials');
    expect(loginFailureMessage({ status: 500, code: 'INTERNAL_ERROR', messages: [] }, isKnown)).toBe('failedAuthentication');
    expect(loginFailureMessage(new Error('boom'), isKnown)).toBe('failedAuthentication');
    expect(loginFailureMessage(null, isKnown)).toBe('failedAuthentication');
    expect(loginFailureMessage('oops', isKnown)).toBe('failedAuthentication');
    expect(LOGIN_ERROR_CODE_KEYS.NETWORK).toBe('networkError');
  });

  it('survives hostile inputs', () => {
    const hostile = Object.defineProperty({}, 'code', {
      get() {
        throw new Error('getter');
      },
    });
    expect(loginFailureMessage(hostile, isKnown)).toBe('failedAuthentication');
    expect(
      loginFailureMessage({ messages: ['invalidCredentials'] }, () => {
        throw new Error('bad predicate');
      }),
    ).toBe('failedAuthentication');
    expect(loginFailureMessage({ code: 'constructor' }, isKnown)).toBe('failedAuthentication');
    expect(errorFacts({ status: 409, messages: ['a', 3] })).toEqual({ status: 409, code: 'CONFLICT', messages: ['a'] });
  });

  it('never throws and always answers a non-empty key (property)', () => {
    fc.assert(
      fc.property(fc.anything(), fc.func(fc.boolean()), (error, predicate) => {
        const login = loginFailureMessage(error, predicate);
        const signUp = signUpFailureMessage(error, predicate);
        expect(typeof login).toBe('string');
        expect(login.length).toBeGreaterThan(0);
        expect(typeof signUp).toBe('string');
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(
        fc.record({ status: fc.integer(), code: fc.string(), messages: fc.array(fc.string()) }, { requiredKeys: [] }),
        (error) => {
          const key = loginFailureMessage(error, isKnown);
          const first = (error.messages ?? []).find(isKnown);
          if (first !== undefined) expect(key).toBe(first);
        },
      ),
    );
  });
});

describe('signUpFailureMessage', () => {
  it('maps 409 to emailAlreadyInUse first, else the login chain', () => {
    expect(signUpFailureMessage({ status: 409, code: 'CONFLICT', messages: ['accountLocked'] }, isKnown)).toBe('emailAlreadyInUse');
    expect(signUpFailureMessage({ status: 409 }, isKnown)).toBe('emailAlreadyInUse');
    expect(signUpFailureMessage({ status: 400, code: 'BAD_REQUEST', messages: ['accountLocked'] }, isKnown)).toBe('accountLocked');
    expect(signUpFailureMessage({ status: 500 }, isKnown)).toBe('failedAuthentication');
  });
});
