import { describe, expect, it } from 'vitest';
import { loginFailureMessage } from '@stream/core/domain';
import { gigyaFailure } from './gigyaScript';

describe('gigyaFailure', () => {
  const isKnown = (key: string) => ['invalidCredentials', 'tooManyAttempts'].includes(key);

  it('a wrong login id or password is invalidCredentials', () => {
    expect(loginFailureMessage(gigyaFailure({ errorCode: 403042, statusCode: 403 }), isKnown)).toBe('invalidCredentials');
  });

  it('a locked-out account (403120, the throttled stand-in) is tooManyAttempts', () => {
    expect(gigyaFailure({ errorCode: 403120, statusCode: 429 })).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
    expect(loginFailureMessage(gigyaFailure({ errorCode: 403120, statusCode: 429 }), isKnown)).toBe('tooManyAttempts');
  });
});
