import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  captchaHeaders,
  captchaReady,
  captchaReducer,
  initialCaptchaFlags,
  isCaptchaFailure,
  type CaptchaEvent,
  type CaptchaFlags,
} from './captcha.js';
import { signUpFailureMessage } from './loginErrors.js';

const event: fc.Arbitrary<CaptchaEvent> = fc.oneof(
  fc.string({ maxLength: 12 }).map((token) => ({ type: 'captcha.solved' as const, token })),
  fc.constant({ type: 'captcha.expired' as const }),
  fc.constant({ type: 'captcha.spent' as const }),
  fc.constant({ type: 'captcha.refused' as const }),
  fc.constant({ type: 'captcha.missing' as const }),
);

describe('captcha flags (commerce §3 app-state captcha flags)', () => {
  it('property: required never changes; solved exactly when a token is held; never solved and failed at once', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(event, { maxLength: 30 }), (required, events) => {
        let flags: CaptchaFlags = initialCaptchaFlags(required);
        for (const e of events) {
          flags = captchaReducer(flags, e);
          expect(flags.required).toBe(required);
          expect(flags.solved).toBe(flags.token !== null);
          expect(flags.solved && flags.failed).toBe(false);
          // A prompt is never shown beside a solved challenge.
          expect(flags.prompt && flags.solved).toBe(false);
          expect(captchaReady(flags)).toBe(!required || flags.solved);
        }
      }),
    );
  });

  it('property: a token is sent at most once (single-use): after spent, no header until a new solve', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let flags = initialCaptchaFlags(true);
        for (const e of events) {
          flags = captchaReducer(flags, e);
          if (e.type === 'captcha.spent' || e.type === 'captcha.refused' || e.type === 'captcha.expired') expect(captchaHeaders(flags)).toEqual({});
        }
      }),
    );
  });

  it('property: once spent, only a new solve makes the flow ready again (a retry always needs a fresh challenge)', () => {
    const notSolve = event.filter((e) => e.type !== 'captcha.solved');
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), fc.array(notSolve, { maxLength: 30 }), (token, events) => {
        let flags = captchaReducer(captchaReducer(initialCaptchaFlags(true), { type: 'captcha.solved', token }), { type: 'captcha.spent' });
        for (const e of events) {
          flags = captchaReducer(flags, e);
          expect(captchaReady(flags)).toBe(false);
          expect(captchaHeaders(flags)).toEqual({});
        }
      }),
    );
  });

  it('captcha.missing prompts (never failed) when a challenge is needed and none is solved; a solve or a refusal clears it', () => {
    const asked = captchaReducer(initialCaptchaFlags(true), { type: 'captcha.missing' });
    expect(asked).toEqual({ required: true, solved: false, failed: false, prompt: true, token: null });
    expect(captchaReducer(asked, { type: 'captcha.solved', token: 't' })).toMatchObject({ solved: true, prompt: false });
    expect(captchaReducer(asked, { type: 'captcha.refused' })).toMatchObject({ failed: true, prompt: false });
    // Not needed (no guard, or already solved): nothing changes.
    expect(captchaReducer(initialCaptchaFlags(false), { type: 'captcha.missing' })).toEqual(initialCaptchaFlags(false));
    const solved = captchaReducer(initialCaptchaFlags(true), { type: 'captcha.solved', token: 't' });
    expect(captchaReducer(solved, { type: 'captcha.missing' })).toBe(solved);
  });

  it('solve, send, refuse: the header carries the token, then the flags say failed until a new solve', () => {
    let flags = captchaReducer(initialCaptchaFlags(true), { type: 'captcha.solved', token: 't1' });
    expect(flags).toEqual({ required: true, solved: true, failed: false, prompt: false, token: 't1' });
    expect(captchaHeaders(flags)).toEqual({ 'X-Captcha-Token': 't1' });
    flags = captchaReducer(flags, { type: 'captcha.refused' });
    expect(flags).toEqual({ required: true, solved: false, failed: true, prompt: false, token: null });
    expect(captchaReady(flags)).toBe(false);
    flags = captchaReducer(flags, { type: 'captcha.solved', token: 't2' });
    expect(flags.failed).toBe(false);
  });

  it('a flow the realm does not guard is always ready and sends no header; an empty token is no solve', () => {
    const flags = captchaReducer(initialCaptchaFlags(false), { type: 'captcha.solved', token: 'x' });
    expect(captchaReady(initialCaptchaFlags(false))).toBe(true);
    expect(captchaHeaders(flags)).toEqual({});
    expect(captchaReducer(initialCaptchaFlags(true), { type: 'captcha.solved', token: '' }).solved).toBe(false);
    expect(captchaReducer(initialCaptchaFlags(true), { type: 'other' } as unknown as CaptchaEvent)).toEqual(initialCaptchaFlags(true));
  });

  it('isCaptchaFailure: CAPTCHA_FAIL_ERROR and CHALLENGE_FAILED by code or message; nothing else; never throws', () => {
    expect(isCaptchaFailure({ status: 403, code: 'CAPTCHA_FAIL_ERROR', messages: ['captchaFailed'] })).toBe(true);
    expect(isCaptchaFailure({ messages: ['CHALLENGE_FAILED'] })).toBe(true);
    expect(isCaptchaFailure({ status: 403, code: 'FORBIDDEN' })).toBe(false);
    fc.assert(fc.property(fc.anything(), (value) => typeof isCaptchaFailure(value) === 'boolean'));
  });

  it('a sign-up refused for its captcha shows captchaFailed (§8)', () => {
    expect(signUpFailureMessage({ status: 403, code: 'CAPTCHA_FAIL_ERROR', messages: ['captchaFailed'] }, () => false)).toBe('captchaFailed');
    expect(signUpFailureMessage({ status: 409, code: 'CONFLICT' }, () => false)).toBe('emailAlreadyInUse');
  });
});
