import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { LoginResponse } from '../../contracts/index.js';
import { connectSignUp, signUpMachine } from '../index.js';
import type { SessionEvent, SignUpActorInput } from '../index.js';
import { fakeApi, userTokens } from '../test-helpers.js';

type Body = { id: string; secret: string; name: string };

function setup(signUp: (body: Body) => Promise<LoginResponse>, search = '') {
  const sent: SessionEvent[] = [];
  const spy = vi.fn(signUp);
  const machine = signUpMachine.provide({
    actors: { signUp: fromPromise<LoginResponse, SignUpActorInput>(({ input }) => spy({ id: input.id, secret: input.secret, name: input.name })) },
  });
  const actor = createActor(machine, {
    input: { api: fakeApi(), session: { send: (event) => sent.push(event) }, search },
  }).start();
  const view = () => connectSignUp(actor.getSnapshot(), actor.send);
  const fill = () => {
    view().change('name', ' Ada ');
    view().change('email', 'ada@example.com');
    view().change('password', 'long-enough-pw');
  };
  return { actor, sent, spy, view, fill };
}

describe('signUp', () => {
  it('success outputs the tokens and hands them to the session with the query of the target', async () => {
    const tokens = await userTokens(Date.now());
    const { actor, sent, spy, view, fill } = setup(async () => tokens, '?from=%2Fpreferences');
    fill();
    view().submit();
    expect(view().isSubmitting).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(spy).toHaveBeenCalledWith({ id: 'ada@example.com', secret: 'long-enough-pw', name: 'Ada' });
    expect(sent).toEqual([{ type: 'session.signedIn', tokens, afterSignIn: { search: '?from=%2Fpreferences' } }]);
    expect(actor.getSnapshot().output).toEqual({ tokens });
    expect(view()).toMatchObject({ isDone: true });
  });

  it('an empty form gives per-field messages and calls nothing', () => {
    const { spy, view, actor } = setup(async () => userTokens(Date.now()));
    view().submit();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().fieldErrors).toEqual({
      name: 'pleaseProvideYourName',
      email: 'pleaseProvideYourEmail',
      password: 'passwordIsEmpty',
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it('409 shows emailAlreadyInUse and keeps the values', async () => {
    const conflict = new ApiError({ call: 'auth.signUp', status: 409, code: 'CONFLICT', messages: [], requestId: 'r' });
    const { actor, sent, view, fill } = setup(async () => Promise.reject(conflict));
    fill();
    view().submit();
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(view()).toMatchObject({
      error: 'emailAlreadyInUse',
      isSubmitting: false,
      values: { name: ' Ada ', email: 'ada@example.com', password: 'long-enough-pw' },
    });
    expect(sent).toEqual([]);
  });

  it('calls api.auth.signUp through the real actor', async () => {
    const tokens = await userTokens(Date.now());
    const api = fakeApi({ signUp: async () => tokens });
    const actor = createActor(signUpMachine, { input: { api, session: { send: () => {} }, search: '' } }).start();
    actor.send({ type: 'form.change', field: 'name', value: 'Ada' });
    actor.send({ type: 'form.change', field: 'email', value: 'ada@example.com' });
    actor.send({ type: 'form.change', field: 'password', value: 'long-enough-pw' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(api.calls.signUp).toEqual([{ id: 'ada@example.com', secret: 'long-enough-pw', name: 'Ada' }]);
  });

  describe('captcha (issue 18; commerce §3 flags, §8 captchaFailed)', () => {
    function captchaSetup(signUp: (input: SignUpActorInput) => Promise<LoginResponse>) {
      const spy = vi.fn(signUp);
      const machine = signUpMachine.provide({ actors: { signUp: fromPromise<LoginResponse, SignUpActorInput>(({ input }) => spy(input)) } });
      const actor = createActor(machine, { input: { api: fakeApi(), session: { send: () => {} }, search: '', captchaRequired: true } }).start();
      const view = () => connectSignUp(actor.getSnapshot(), actor.send);
      view().change('name', 'Ada');
      view().change('email', 'ada@example.com');
      view().change('password', 'long-enough-pw');
      return { actor, spy, view };
    }

    it('without a solved challenge: nothing is called and the flags prompt for one (not captchaFailed)', () => {
      const { spy, view, actor } = captchaSetup(async () => userTokens(Date.now()));
      expect(view().captcha).toEqual({ required: true, solved: false, failed: false, prompt: false });
      view().submit();
      expect(actor.getSnapshot().value).toBe('editing');
      expect(view()).toMatchObject({ error: null, captcha: { required: true, solved: false, failed: false, prompt: true } });
      expect(spy).not.toHaveBeenCalled();
      view().solveCaptcha('tok');
      expect(view().captcha).toEqual({ required: true, solved: true, failed: false, prompt: false });
    });

    it('a failed sign-up (409 email in use) spends the token: the retry needs a fresh solve and never resends it', async () => {
      const inUse = new ApiError({ call: 'auth.signUp', status: 409, code: 'CONFLICT', messages: ['emailAlreadyInUse'], requestId: 'r' });
      const tokens = await userTokens(Date.now());
      const { spy, view, actor } = captchaSetup(async (input) => {
        if (input.id === 'ada@example.com') throw inUse;
        return tokens;
      });
      view().solveCaptcha('tok-1');
      view().submit();
      await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
      expect(view()).toMatchObject({ error: 'emailAlreadyInUse', captcha: { solved: false, failed: false, prompt: false } });
      view().change('email', 'ada.lovelace@example.com');
      view().submit();
      expect(spy).toHaveBeenCalledTimes(1);
      expect(view()).toMatchObject({ error: null, captcha: { solved: false, failed: false, prompt: true } });
      view().solveCaptcha('tok-2');
      view().submit();
      await waitFor(actor, (s) => s.status === 'done');
      expect(spy.mock.calls.map(([input]) => input.headers)).toEqual([{ 'X-Captcha-Token': 'tok-1' }, { 'X-Captcha-Token': 'tok-2' }]);
    });

    it('a solved challenge sends its token in X-Captcha-Token once; done', async () => {
      const tokens = await userTokens(Date.now());
      const { spy, view, actor } = captchaSetup(async () => tokens);
      view().solveCaptcha('tok-1');
      expect(view().captcha).toEqual({ required: true, solved: true, failed: false, prompt: false });
      view().submit();
      await waitFor(actor, (s) => s.status === 'done');
      expect(spy.mock.calls[0]?.[0].headers).toEqual({ 'X-Captcha-Token': 'tok-1' });
      expect(actor.getSnapshot().context.captcha).toMatchObject({ solved: false, token: null });
    });

    it('a refusal (403 CAPTCHA_FAIL_ERROR) shows captchaFailed, spends the token and asks for a new challenge; the next solve goes through', async () => {
      const refused = new ApiError({ call: 'auth.signUp', status: 403, code: 'CAPTCHA_FAIL_ERROR', messages: ['captchaFailed'], requestId: 'r' });
      const tokens = await userTokens(Date.now());
      let first = true;
      const { spy, view, actor } = captchaSetup(async () => {
        if (first) {
          first = false;
          throw refused;
        }
        return tokens;
      });
      view().solveCaptcha('tok-old');
      view().submit();
      await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
      expect(view()).toMatchObject({ error: 'captchaFailed', captcha: { required: true, solved: false, failed: true } });
      // Submitting again without a new challenge calls nothing: a prompt, captchaFailed gone.
      view().submit();
      expect(spy).toHaveBeenCalledTimes(1);
      expect(view()).toMatchObject({ error: null, captcha: { failed: true, prompt: true } });
      view().solveCaptcha('tok-new');
      expect(view().captcha.failed).toBe(false);
      view().submit();
      await waitFor(actor, (s) => s.status === 'done');
      expect(spy.mock.calls.map(([input]) => input.headers)).toEqual([{ 'X-Captcha-Token': 'tok-old' }, { 'X-Captcha-Token': 'tok-new' }]);
    });

    it('an expired challenge is no longer solved', () => {
      const { view } = captchaSetup(async () => userTokens(Date.now()));
      view().solveCaptcha('tok');
      view().expireCaptcha();
      expect(view().captcha.solved).toBe(false);
    });

    it('a realm without the captcha sends no header', async () => {
      const tokens = await userTokens(Date.now());
      const api = fakeApi({ signUp: async () => tokens });
      const seen: unknown[] = [];
      const wrapped = { ...api, auth: { ...api.auth, signUp: (args: { headers?: unknown }) => (seen.push(args.headers), api.auth.signUp(args as never)) } };
      const actor = createActor(signUpMachine, { input: { api: wrapped as never, session: { send: () => {} }, search: '' } }).start();
      actor.send({ type: 'form.change', field: 'name', value: 'Ada' });
      actor.send({ type: 'form.change', field: 'email', value: 'ada@example.com' });
      actor.send({ type: 'form.change', field: 'password', value: 'long-enough-pw' });
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (s) => s.status === 'done');
      expect(seen).toEqual([{}]);
    });
  });
});
