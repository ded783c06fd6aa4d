import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/errors.js';
import { IMPERSONATION_FAILED_KEY, IMPERSONATION_LINK_INVALID_KEY, impersonationFailure, impersonationToken } from './impersonation.js';

const apiError = (status: number) => new ApiError({ call: 'impersonation.token', status, code: 'X', messages: ['m'], requestId: undefined });

describe('impersonationToken', () => {
  it('accepts the platform format and nothing else', () => {
    expect(impersonationToken('a'.repeat(43))).toBe('a'.repeat(43));
    expect(impersonationToken('Ab_-09'.repeat(4))).toBe('Ab_-09'.repeat(4));
    expect(impersonationToken('short')).toBeNull();
    expect(impersonationToken('a'.repeat(257))).toBeNull();
    expect(impersonationToken(`${'a'.repeat(20)}/..`)).toBeNull();
    expect(impersonationToken(undefined)).toBeNull();
  });

  it('property: an accepted token is returned unchanged and is safe as one path segment', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.anything()), (raw) => {
        const token = impersonationToken(raw);
        if (token === null) return;
        expect(token).toBe(raw);
        expect(encodeURIComponent(token)).toBe(token);
        expect(token.length).toBeGreaterThanOrEqual(16);
      }),
    );
  });
});

describe('impersonationFailure', () => {
  it('404 and 400: the link is invalid, no retry; anything else: a generic failure that may be retried', () => {
    expect(impersonationFailure(apiError(404))).toEqual({ key: IMPERSONATION_LINK_INVALID_KEY, canRetry: false });
    expect(impersonationFailure(apiError(400))).toEqual({ key: IMPERSONATION_LINK_INVALID_KEY, canRetry: false });
    expect(impersonationFailure(apiError(503))).toEqual({ key: IMPERSONATION_FAILED_KEY, canRetry: true });
    expect(impersonationFailure(new NetworkError('impersonation.token', new TypeError('offline')))).toEqual({ key: IMPERSONATION_FAILED_KEY, canRetry: true });
  });

  it('property: never throws, and only 400/404 forbid a retry', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.integer({ min: 100, max: 599 }).map(apiError)), (error) => {
        const { key, canRetry } = impersonationFailure(error);
        expect(canRetry).toBe(key === IMPERSONATION_FAILED_KEY);
        if (error instanceof ApiError) expect(canRetry).toBe(error.status !== 400 && error.status !== 404);
      }),
    );
  });
});
