import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/errors.js';
import { safeReturnPath } from './redirects.js';
import {
  accountLinkFailure,
  MAX_SESSION_LINKED_ACCOUNTS,
  sessionLinkedAccounts,
  checkSocialReturn,
  isSocialProviderKey,
  readSocialReturn,
  SOCIAL_PENDING_TTL_MS,
  SOCIAL_PROVIDER_KEYS,
  socialParamsQuery,
  socialProviderKey,
  socialProviderKind,
  socialSignInFailureMessage,
  socialSignInOutcome,
  socialSignInParams,
  socialSignInRequest,
  type SocialPending,
} from './social.js';

const conflict = (messages: string[] = ['socialAccountLinkPrompt'], details?: Record<string, unknown>) =>
  new ApiError({ call: 'social.google', status: 409, code: 'CONFLICT', messages, requestId: 'r', details });
const token = fc.string({ minLength: 1, maxLength: 40 });

describe('provider keys and kinds (§2 sub-routes, §3 kinds)', () => {
  it('maps apple/google/facebook to APPLE_ID/GOOGLE/FACEBOOK and back', () => {
    expect(SOCIAL_PROVIDER_KEYS.map(socialProviderKind)).toEqual(['APPLE_ID', 'GOOGLE', 'FACEBOOK']);
    for (const key of SOCIAL_PROVIDER_KEYS) expect(socialProviderKey(socialProviderKind(key))).toBe(key);
  });
  it('anything else maps to null', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        fc.pre(!isSocialProviderKey(value));
        expect(socialProviderKind(value)).toBeNull();
      }),
    );
    expect(socialProviderKey('ID')).toBeNull();
  });
});

describe('socialSignInRequest (§7: which call a credential goes to)', () => {
  it('apple needs code, nonce and callbackUri; google an idToken; facebook a code', () => {
    expect(socialSignInRequest('apple', { code: 'c', nonce: 'n', redirectUri: 'http://web.test/login/apple' })).toEqual({
      call: 'apple',
      body: { code: 'c', nonce: 'n', callbackUri: 'http://web.test/login/apple' },
    });
    expect(socialSignInRequest('apple', { code: 'c', redirectUri: 'http://web.test/login/apple' })).toBeNull();
    expect(socialSignInRequest('google', { idToken: 't', nonce: 'n' })).toEqual({ call: 'google', body: { idToken: 't' } });
    expect(socialSignInRequest('google', { code: 'c' })).toBeNull();
    expect(socialSignInRequest('facebook', { code: 'c' })).toEqual({ call: 'facebook', body: { code: 'c' } });
    expect(socialSignInRequest('facebook', { code: 'c', redirectUri: 'http://web.test/login/facebook' })).toEqual({
      call: 'facebook',
      body: { code: 'c', redirectUri: 'http://web.test/login/facebook' },
    });
    expect(socialSignInRequest('ID', { code: 'c' })).toBeNull();
  });
  it('the call is always the provider itself and the body only holds what the browser got', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SOCIAL_PROVIDER_KEYS),
        fc.record({ code: fc.option(token, { nil: undefined }), idToken: fc.option(token, { nil: undefined }), nonce: fc.option(token, { nil: undefined }), redirectUri: fc.option(token, { nil: undefined }) }),
        (provider, credential) => {
          const request = socialSignInRequest(provider, credential);
          if (request === null) return;
          expect(request.call).toBe(provider);
          const given = new Set(Object.values(credential));
          for (const value of Object.values(request.body)) expect(given.has(value)).toBe(true);
        },
      ),
    );
  });
});

describe('readSocialReturn', () => {
  it('reads a code answer from the query and an implicit answer from the fragment', () => {
    expect(readSocialReturn('?code=abc&state=s1', '')).toEqual({ state: 's1', code: 'abc', idToken: null, error: null });
    expect(readSocialReturn('?from=%2Faccount', '#id_token=jwt&state=s2')).toEqual({ state: 's2', code: null, idToken: 'jwt', error: null });
    expect(readSocialReturn('?error=access_denied&state=s', '')?.error).toBe('access_denied');
  });
  it('a plain visit is no answer', () => {
    expect(readSocialReturn('?from=%2Faccount', '')).toBeNull();
    expect(readSocialReturn(null, undefined)).toBeNull();
  });
});

describe('sign-in params across the round trip', () => {
  it('keeps a safe from, the type and the licences; drops an outside from', () => {
    const params = socialSignInParams('?from=%2Faccount&type=signup&licences=1&licences=2&redirectTo=https%3A%2F%2Fevil.test');
    expect(params).toEqual({ from: '/account', type: 'signup', licences: ['1', '2'] });
    expect(socialParamsQuery(params)).toBe('from=%2Faccount&type=signup&licences=1&licences=2');
    expect(socialSignInParams('?from=https%3A%2F%2Fevil.test').from).toBeUndefined();
  });
  it('survives a round trip: params of the restored query are the params', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.option(fc.constantFrom('signup', 'login'), { nil: undefined }), (path, type) => {
        const search = new URLSearchParams({ from: path, ...(type ? { type } : {}) }).toString();
        const params = socialSignInParams(search);
        expect(socialSignInParams(socialParamsQuery(params))).toEqual(params);
        if (params.from) expect(safeReturnPath(params.from)).toBe(params.from);
      }),
    );
  });
});

describe('checkSocialReturn (state check, beyond the spec)', () => {
  const pending: SocialPending = { provider: 'apple', state: 'st', nonce: 'no', createdAt: 1000, params: {} };
  const answer = { state: 'st', code: 'co', idToken: null, error: null };
  const base = { provider: 'apple' as const, answer, pending, redirectUri: 'http://web.test/login/apple', now: 2000 };
  it('accepts the answer with the state this tab sent, adding the nonce and the redirect address', () => {
    expect(checkSocialReturn(base)).toEqual({ ok: true, credential: { code: 'co', nonce: 'no', redirectUri: 'http://web.test/login/apple' } });
  });
  it('refuses another state, no pending sign-in, another provider or an expired one', () => {
    expect(checkSocialReturn({ ...base, answer: { ...answer, state: 'other' } })).toEqual({ ok: false, reason: 'stateMismatch' });
    expect(checkSocialReturn({ ...base, pending: null })).toEqual({ ok: false, reason: 'stateMismatch' });
    expect(checkSocialReturn({ ...base, provider: 'facebook' })).toEqual({ ok: false, reason: 'stateMismatch' });
    expect(checkSocialReturn({ ...base, now: 1000 + SOCIAL_PENDING_TTL_MS })).toEqual({ ok: false, reason: 'stateMismatch' });
  });
  it("the provider's error wins; an answer without a code is incomplete", () => {
    expect(checkSocialReturn({ ...base, answer: { ...answer, error: 'access_denied' } })).toEqual({ ok: false, reason: 'providerError' });
    expect(checkSocialReturn({ ...base, answer: { ...answer, code: null } })).toEqual({ ok: false, reason: 'incomplete' });
  });
  it('never accepts a state other than the pending one', () => {
    fc.assert(
      fc.property(token, token, (sent, returned) => {
        fc.pre(sent !== returned);
        const result = checkSocialReturn({ ...base, pending: { ...pending, state: sent }, answer: { ...answer, state: returned } });
        expect(result.ok).toBe(false);
      }),
    );
  });
});

describe('409 and link failures (§4, §8 "Social login 409")', () => {
  it('a 409 offers the link with the email of the details', () => {
    expect(socialSignInOutcome(conflict(undefined, { email: 'a@b.test', provider: 'GOOGLE' }))).toEqual({ kind: 'linkOffer', email: 'a@b.test' });
    expect(socialSignInOutcome(conflict())).toEqual({ kind: 'linkOffer', email: null });
  });
  it('cannotLinkAccount, other statuses and network failures do not offer the link', () => {
    expect(socialSignInOutcome(conflict(['cannotLinkAccount']))).toEqual({ kind: 'failed' });
    expect(socialSignInOutcome(new ApiError({ call: 'x', status: 400, code: 'BAD_REQUEST', messages: [], requestId: 'r' }))).toEqual({ kind: 'failed' });
    expect(socialSignInOutcome(new NetworkError('x', new Error('offline')))).toEqual({ kind: 'failed' });
    fc.assert(fc.property(fc.anything(), (value) => {
      expect(["linkOffer", "failed"]).toContain(socialSignInOutcome(value).kind);
    }));
  });
  it('failure messages: a known server message, else socialSignInFailed; a conflict is cannotLinkAccount', () => {
    const bad = new ApiError({ call: 'x', status: 400, code: 'BAD_REQUEST', messages: ['appleNonceMismatch'], requestId: 'r' });
    expect(socialSignInFailureMessage(bad, (key) => key === 'appleNonceMismatch')).toBe('appleNonceMismatch');
    expect(socialSignInFailureMessage(bad, () => false)).toBe('socialSignInFailed');
    expect(socialSignInFailureMessage(conflict(['cannotLinkAccount']), () => false)).toBe('cannotLinkAccount');
    expect(socialSignInFailureMessage(new NetworkError('x', new Error('offline')), () => false)).toBe('networkError');
  });
  it('a link call refused with 409 cannot link; anything else is retried', () => {
    expect(accountLinkFailure(conflict(['cannotLinkAccount']))).toBe('cannotLink');
    expect(accountLinkFailure(new NetworkError('x', new Error('offline')))).toBe('retry');
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), (status) => {
        const error = new ApiError({ call: 'x', status, code: status === 409 ? 'CONFLICT' : 'OTHER', messages: [], requestId: 'r' });
        expect(accountLinkFailure(error)).toBe(status === 409 ? 'cannotLink' : 'retry');
      }),
    );
  });
});

describe('sessionLinkedAccounts (§3 "Login response … linkedAccounts")', () => {
  it('keeps the providers only, first occurrence, in order', () => {
    expect(
      sessionLinkedAccounts([{ provider: 'ADOBE_DCR', linkedAt: '2026-01-01T00:00:00Z' }, { provider: 'GOOGLE', email: 'a@b.test' }, { provider: 'ADOBE_DCR' }, { provider: '' }, 7, null]),
    ).toEqual([{ provider: 'ADOBE_DCR' }, { provider: 'GOOGLE' }]);
    expect(sessionLinkedAccounts(undefined)).toEqual([]);
    expect(sessionLinkedAccounts({ provider: 'ADOBE' })).toEqual([]);
  });

  it('whatever it is given: a short list of distinct providers taken from the input, with nothing else, and idempotent', () => {
    const entry = fc.oneof(
      fc.record({ provider: fc.oneof(fc.string({ maxLength: 120 }), fc.constantFrom('ADOBE', 'ADOBE_DCR', 'GOOGLE')), email: fc.option(fc.emailAddress(), { nil: undefined }) }),
      fc.anything(),
    );
    fc.assert(
      fc.property(fc.oneof(fc.array(entry, { maxLength: 40 }), fc.anything()), (raw) => {
        const kept = sessionLinkedAccounts(raw);
        expect(kept.length).toBeLessThanOrEqual(MAX_SESSION_LINKED_ACCOUNTS);
        const providers = kept.map((account) => account.provider);
        expect(new Set(providers).size).toBe(providers.length);
        for (const account of kept) {
          expect(Object.keys(account)).toEqual(['provider']);
          expect(account.provider.length).toBeGreaterThan(0);
          expect((raw as { provider?: unknown }[]).some((item) => typeof item === 'object' && item !== null && item.provider === account.provider)).toBe(true);
        }
        expect(sessionLinkedAccounts(kept)).toEqual(kept);
      }),
    );
  });
});
