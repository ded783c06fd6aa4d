import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError, NetworkError } from '../../api/errors.js';
import { PASSWORD_RESET_REDIRECT_MS } from '../../domain/index.js';
import { connectPasswordReset, passwordResetMachine, type PasswordResetInput, type RequestResetActorInput, type ResetPasswordActorInput } from '../index.js';
import { fakeApi } from '../test-helpers.js';

const notFound = () =>
  new ApiError({ call: 'passwordReset.reset', status: 404, code: 'NOT_FOUND', messages: ['invalidResetToken'], requestId: 'r1' });

/** Starts the machine with fake actors; `clock` is XState's simulated clock for the redirect delay. */
function start(
  input: Omit<PasswordResetInput, 'api'> = {},
  actors: {
    request?: (input: RequestResetActorInput) => Promise<Record<string, unknown>>;
    reset?: (input: ResetPasswordActorInput) => Promise<Record<string, unknown>>;
  } = {},
) {
  const request = vi.fn(actors.request ?? (async () => ({})));
  const reset = vi.fn(actors.reset ?? (async () => ({})));
  const machine = passwordResetMachine.provide({
    actors: {
      requestReset: fromPromise<Record<string, unknown>, RequestResetActorInput>(({ input }) => request(input)),
      resetPassword: fromPromise<Record<string, unknown>, ResetPasswordActorInput>(({ input }) => reset(input)),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { api: fakeApi(), ...input }, clock }).start();
  const view = () => connectPasswordReset(actor.getSnapshot(), actor.send);
  return { actor, view, request, reset, clock };
}

describe('passwordReset: the request page (§2 "Password request and reset pages")', () => {
  it('without a token: the email form for the ID provider', () => {
    const { view } = start();
    expect(view()).toMatchObject({ mode: 'request', status: 'editing', error: null, message: null, providerName: 'ID', goToLogin: false });
  });

  it('providerName picks a provider that offers reset (case-insensitive); others fall back to ID', () => {
    expect(start({ providerName: 'pbr' }).view().providerName).toBe('PBR');
    expect(start({ providerName: 'GIGYA' }).view().providerName).toBe('GIGYA');
    expect(start({ providerName: 'GOOGLE' }).view().providerName).toBe('ID');
    expect(start({ providerName: null }).view().providerName).toBe('ID');
  });

  it('a valid email is sent (trimmed, with the provider) and the page shows resetPasswordEmailSent', async () => {
    const { actor, view, request } = start({ providerName: 'PBR' });
    view().requestReset('  viewer@example.com ');
    expect(view().status).toBe('submitting');
    await waitFor(actor, (s) => s.matches({ request: 'sent' }));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]![0]).toMatchObject({ email: 'viewer@example.com', provider: 'PBR' });
    expect(view()).toMatchObject({ status: 'sent', error: null, message: 'resetPasswordEmailSent' });
  });

  it('an invalid or empty email shows its key and sends nothing', () => {
    const { view, request } = start();
    view().requestReset('not-an-email');
    expect(view()).toMatchObject({ status: 'editing', error: 'emailInvalid' });
    view().requestReset('   ');
    expect(view()).toMatchObject({ status: 'editing', error: 'emailIsEmpty' });
    expect(request).not.toHaveBeenCalled();
  });

  it('a failed request shows the catalogue entry; a second request may succeed', async () => {
    let attempt = 0;
    const { actor, view, request } = start({}, {
      request: async () => {
        attempt += 1;
        if (attempt === 1) throw new NetworkError('passwordReset.request', new TypeError('fetch failed'));
        return {};
      },
    });
    view().requestReset('viewer@example.com');
    await waitFor(actor, (s) => s.matches({ request: 'failed' }));
    expect(view()).toMatchObject({ status: 'failed', error: 'networkError', message: null });
    view().requestReset('viewer@example.com');
    await waitFor(actor, (s) => s.matches({ request: 'sent' }));
    expect(view().error).toBeNull();
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('an unknown failure shows the generic anErrorOccured', async () => {
    const { actor, view } = start({}, {
      request: async () => {
        throw new ApiError({ call: 'passwordReset.request', status: 500, code: 'INTERNAL_ERROR', messages: ['Internal error'], requestId: 'r' });
      },
    });
    view().requestReset('viewer@example.com');
    await waitFor(actor, (s) => s.matches({ request: 'failed' }));
    expect(view().error).toBe('anErrorOccured');
  });

  it('ignores a second request while the first is on its way', async () => {
    const { actor, view, request } = start();
    view().requestReset('one@example.com');
    view().requestReset('two@example.com');
    await waitFor(actor, (s) => s.matches({ request: 'sent' }));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]![0]?.email).toBe('one@example.com');
  });
});

describe('passwordReset: the new-password page (token present)', () => {
  it('sends the token and the new password; success shows passwordSuccessfullyReset, then login after 3000 ms', async () => {
    const { actor, view, reset, clock } = start({ token: 'tok-1' });
    expect(view()).toMatchObject({ mode: 'reset', status: 'editing' });
    view().resetPassword('new-password-1');
    expect(view().status).toBe('submitting');
    await waitFor(actor, (s) => s.matches({ reset: 'succeeded' }));
    expect(reset.mock.calls[0]![0]).toMatchObject({ token: 'tok-1', secret: 'new-password-1' });
    expect(view()).toMatchObject({ status: 'succeeded', message: 'passwordSuccessfullyReset', goToLogin: false });
    // The password is not kept once sent.
    expect(actor.getSnapshot().context.password).toBe('');
    clock.increment(PASSWORD_RESET_REDIRECT_MS - 1);
    expect(view().goToLogin).toBe(false);
    clock.increment(1);
    expect(view()).toMatchObject({ status: 'succeeded', goToLogin: true });
  });

  it('the redirect delay is 3000 ms (§9)', () => {
    expect(PASSWORD_RESET_REDIRECT_MS).toBe(3000);
  });

  it('a password that breaks the sign-up rule shows its key and sends nothing', () => {
    const { view, reset } = start({ token: 'tok-1' });
    view().resetPassword('');
    expect(view()).toMatchObject({ status: 'editing', error: 'passwordIsEmpty' });
    view().resetPassword('short');
    expect(view().error).toBe('passwordTooShort');
    view().resetPassword('x'.repeat(129));
    expect(view().error).toBe('passwordTooLong');
    expect(reset).not.toHaveBeenCalled();
  });

  it('a 404 shows invalidResetToken and never redirects', async () => {
    const { actor, view, clock } = start({ token: 'used' }, { reset: async () => Promise.reject(notFound()) });
    view().resetPassword('new-password-1');
    await waitFor(actor, (s) => s.matches({ reset: 'failed' }));
    expect(view()).toMatchObject({ status: 'failed', error: 'invalidResetToken', message: null });
    clock.increment(PASSWORD_RESET_REDIRECT_MS * 2);
    expect(view().goToLogin).toBe(false);
  });

  it('a throttled reset (429 TOO_MANY_ATTEMPTS) shows tooManyAttempts with the wait', async () => {
    const error = new ApiError({ call: 'passwordReset.reset', status: 429, code: 'TOO_MANY_ATTEMPTS', messages: ['tooManyAttempts'], requestId: 'r', retryAfterSeconds: 30 });
    const { actor, view } = start({ token: 'guess' }, { reset: async () => Promise.reject(error) });
    view().resetPassword('new-password-1');
    await waitFor(actor, (s) => s.matches({ reset: 'failed' }));
    expect(view()).toMatchObject({ error: 'tooManyAttempts', errorVars: { seconds: '30' } });
  });

  it('a 404 without a known message still maps to invalidResetToken by its code', async () => {
    const error = new ApiError({ call: 'passwordReset.reset', status: 404, code: 'NOT_FOUND', messages: ['Token expired'], requestId: 'r' });
    const { actor, view } = start({ token: 'old' }, { reset: async () => Promise.reject(error) });
    view().resetPassword('new-password-1');
    await waitFor(actor, (s) => s.matches({ reset: 'failed' }));
    expect(view().error).toBe('invalidResetToken');
  });

  it("a 400 shows the server's rule key; a corrected password then succeeds", async () => {
    let attempt = 0;
    const { actor, view, reset } = start({ token: 'tok-1' }, {
      reset: async () => {
        attempt += 1;
        if (attempt === 1) {
          throw new ApiError({ call: 'passwordReset.reset', status: 400, code: 'BAD_REQUEST', messages: ['passwordTooShort'], requestId: 'r' });
        }
        return {};
      },
    });
    view().resetPassword('eight-ch');
    await waitFor(actor, (s) => s.matches({ reset: 'failed' }));
    expect(view().error).toBe('passwordTooShort');
    view().resetPassword('a-longer-password');
    await waitFor(actor, (s) => s.matches({ reset: 'succeeded' }));
    expect(reset).toHaveBeenCalledTimes(2);
  });

  it('calls api.passwordReset through the real actors', async () => {
    const requests: unknown[] = [];
    const api = fakeApi({
      passwordReset: {
        request: async ({ body }) => (requests.push(['request', body.id, body.provider]), {}),
        reset: async ({ body }) => (requests.push(['reset', body.token, body.secret]), {}),
      },
    });
    const first = createActor(passwordResetMachine, { input: { api } }).start();
    first.send({ type: 'reset.request', email: 'viewer@example.com' });
    await waitFor(first, (s) => s.matches({ request: 'sent' }));
    const second = createActor(passwordResetMachine, { input: { api, token: ' tok ' } }).start();
    second.send({ type: 'reset.submit', password: 'new-password-1' });
    await waitFor(second, (s) => s.matches({ reset: 'succeeded' }));
    second.stop();
    expect(requests).toEqual([
      ['request', 'viewer@example.com', 'ID'],
      ['reset', 'tok', 'new-password-1'],
    ]);
  });
});
