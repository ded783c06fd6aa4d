import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError, NetworkError } from '../../api/errors.js';
import type { ImpersonationResponse } from '../../contracts/index.js';
import type { SessionEvent } from '../session/session.types.js';
import { connectImpersonation, impersonationMachine, type ImpersonationInput } from '../index.js';
import { fakeApi } from '../test-helpers.js';

const TOKEN = 'imp_0123456789abcdefghij';
const TOKENS: ImpersonationResponse = { authorisationToken: 'access-imp', refreshToken: 'refresh-imp', impersonated: true };

function world(answer: (token: string) => Promise<ImpersonationResponse>) {
  const calls: string[] = [];
  const sessionEvents: SessionEvent[] = [];
  const api = fakeApi({
    impersonation: {
      token: ({ body }) => {
        calls.push(body.impersonationToken);
        return answer(body.impersonationToken);
      },
    },
  });
  const open = (token: string | undefined, extra: Partial<ImpersonationInput> = {}) => {
    const actor = createActor(impersonationMachine, {
      input: { api, session: { send: (event) => sessionEvents.push(event) }, token, ...extra },
    }).start();
    return { actor, view: () => connectImpersonation(actor.getSnapshot(), actor.send) };
  };
  return { calls, sessionEvents, open };
}

describe('impersonation', () => {
  it('exchanges the token, hands the tokens to the session and goes HOME', async () => {
    const w = world(async () => TOKENS);
    const page = w.open(TOKEN);
    expect(page.view()).toMatchObject({ phase: 'exchanging', busy: true });
    await waitFor(page.actor, (s) => s.status === 'done');
    expect(w.calls).toEqual([TOKEN]);
    // No sign-in query: the session goes to the default menu page (HOME).
    expect(w.sessionEvents).toEqual([{ type: 'session.signedIn', tokens: TOKENS, afterSignIn: { search: '' } }]);
    expect(page.actor.getSnapshot().output).toEqual({ tokens: TOKENS });
    expect(page.view()).toMatchObject({ phase: 'signedIn', busy: false, error: null });
  });

  it('a second mount with the same token shares the one exchange', async () => {
    let release!: (tokens: ImpersonationResponse) => void;
    const w = world(() => new Promise((resolve) => (release = resolve)));
    const first = w.open(TOKEN);
    const second = w.open(TOKEN);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release(TOKENS);
    await Promise.all([first, second].map(({ actor }) => waitFor(actor, (s) => s.status === 'done')));
    expect(w.calls).toEqual([TOKEN]);
    expect(second.actor.getSnapshot().output).toEqual({ tokens: TOKENS });
  });

  it('a malformed token is never sent', () => {
    const w = world(async () => TOKENS);
    for (const token of [undefined, 'short', `${'a'.repeat(20)}%2F..`]) {
      expect(w.open(token).view()).toMatchObject({ phase: 'failed', error: 'impersonationLinkInvalid', canRetry: false });
    }
    expect(w.calls).toEqual([]);
  });

  it('an unknown, used or expired token: the link is invalid and retry does nothing', async () => {
    const w = world(() =>
      Promise.reject(new ApiError({ call: 'impersonation.token', status: 404, code: 'NOT_FOUND', messages: ['impersonationTokenInvalid'], requestId: undefined })),
    );
    const page = w.open(TOKEN);
    await waitFor(page.actor, (s) => s.matches('failed'));
    expect(page.view()).toMatchObject({ phase: 'failed', error: 'impersonationLinkInvalid', canRetry: false });
    page.view().retry();
    expect(page.view().phase).toBe('failed');
    expect(w.calls).toHaveLength(1);
    expect(w.sessionEvents).toEqual([]);
  });

  it('no answer: a generic failure; retry sends the token again and may succeed', async () => {
    let fail = true;
    const w = world(async () => {
      if (fail) throw new NetworkError('impersonation.token', new TypeError('offline'));
      return TOKENS;
    });
    const page = w.open(TOKEN);
    await waitFor(page.actor, (s) => s.matches('failed'));
    expect(page.view()).toMatchObject({ error: 'impersonationFailed', canRetry: true });
    fail = false;
    page.view().retry();
    await waitFor(page.actor, (s) => s.status === 'done');
    expect(w.calls).toEqual([TOKEN, TOKEN]);
    expect(page.view()).toMatchObject({ phase: 'signedIn' });
    expect(w.sessionEvents).toHaveLength(1);
  });
});
