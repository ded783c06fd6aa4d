import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { LoginResponse } from '../../contracts/index.js';
import type { SocialProviderKey } from '../../domain/social.js';
import type { SessionEvent } from '../session/session.types.js';
import {
  connectSocialSignIn,
  createExchangeRegistry,
  socialPendingKey,
  socialSignInMachine,
  type SocialAdapterResult,
  type SocialAuthRequest,
  type SocialSignInInput,
} from '../index.js';
import { fakeApi, testStorage } from '../test-helpers.js';

const NOW = Date.UTC(2026, 0, 1);
const TOKENS: LoginResponse = { authorisationToken: 'access-1', refreshToken: 'refresh-1', linkedAccounts: [{ provider: 'GOOGLE' }] };
const conflict = new ApiError({ call: 'social.google', status: 409, code: 'CONFLICT', messages: ['socialAccountLinkPrompt'], requestId: 'r', details: { email: 'id@stream.test' } });

/** One tab: storage and the registry shared by its page loads; the calls made. */
function tab(options: { answer?: () => Promise<LoginResponse>; adapter?: (request: SocialAuthRequest) => Promise<SocialAdapterResult> } = {}) {
  const storage = testStorage();
  const exchanges = createExchangeRegistry();
  const sessionEvents: SessionEvent[] = [];
  const calls: { provider: string; body: unknown; bearer?: string }[] = [];
  const starts: SocialAuthRequest[] = [];
  let counter = 0;
  const answer = (provider: string) => async ({ body, headers }: { body: unknown; headers?: { Authorization?: string } }) => {
    const bearer = headers?.Authorization?.replace(/^Bearer /, '');
    calls.push({ provider, body, ...(bearer ? { bearer } : {}) });
    return (options.answer ?? (async () => TOKENS))();
  };
  const api = fakeApi({ social: { apple: answer('apple'), google: answer('google'), facebook: answer('facebook') } });
  const open = (provider: SocialProviderKey, search: string, hash = '', extra: Partial<SocialSignInInput> = {}) => {
    const actor = createActor(socialSignInMachine, {
      input: {
        api,
        session: { send: (event) => sessionEvents.push(event) },
        provider,
        adapter: {
          start: (request) => {
            starts.push(request);
            return (options.adapter ?? (async () => ({ kind: 'redirecting' }) as const))(request);
          },
        },
        pathname: `/login/${provider}`,
        search,
        hash,
        redirectUri: `http://web.test/login/${provider}`,
        storage,
        now: () => NOW,
        randomToken: () => `token-${(counter += 1)}`,
        exchanges,
        ...extra,
      },
    });
    actor.start();
    return { actor, view: () => connectSocialSignIn(actor.getSnapshot(), actor.send) };
  };
  return { storage, sessionEvents, calls, starts, open };
}

describe('socialSignIn machine (§4 "Social sign-in")', () => {
  it('Google round trip: start stores state and nonce with from, leaves; the answer with that state signs in once and goes to from', async () => {
    const t = tab();
    const first = t.open('google', '?from=%2Faccount');
    expect(first.view().phase).toBe('idle');
    first.view().start();
    await waitFor(first.actor, (s) => s.status === 'done');
    expect(first.view().phase).toBe('leaving');
    expect(t.starts).toEqual([{ provider: 'google', state: 'token-1', nonce: 'token-2', redirectUri: 'http://web.test/login/google', flow: 'SIGNIN' }]);
    expect(JSON.parse(t.storage.getItem(socialPendingKey('google'))!)).toMatchObject({ state: 'token-1', params: { from: '/account' } });

    const back = t.open('google', '', '#id_token=jwt-1&state=token-1');
    expect(back.view().phase).toBe('returning');
    expect(back.view().cleanUrl).toBe('/login/google?from=%2Faccount');
    back.view().urlReplaced();
    await waitFor(back.actor, (s) => s.status === 'done');
    expect(t.storage.getItem(socialPendingKey('google'))).toBeNull();
    expect(back.view()).toMatchObject({ phase: 'signedIn' });
    expect(back.actor.getSnapshot().output).toEqual({ tokens: TOKENS });
    expect(t.calls).toEqual([{ provider: 'google', body: { idToken: 'jwt-1' } }]);
    expect(t.sessionEvents).toEqual([{ type: 'session.signedIn', tokens: TOKENS, afterSignIn: { search: '?from=%2Faccount' } }]);
  });

  it('Apple sends code, nonce and callbackUri; Facebook its code and redirect address', async () => {
    for (const provider of ['apple', 'facebook'] as const) {
      const t = tab();
      const first = t.open(provider, '?type=signup');
      first.view().start();
      await waitFor(first.actor, (s) => s.status === 'done');
      expect(t.starts[0]!.flow).toBe('SIGNUP');
      const back = t.open(provider, '?code=code-1&state=token-1');
      back.view().urlReplaced();
      await waitFor(back.actor, (s) => s.status === 'done');
      expect(t.calls[0]!.body).toEqual(
        provider === 'apple'
          ? { code: 'code-1', nonce: 'token-2', callbackUri: 'http://web.test/login/apple' }
          : { code: 'code-1', redirectUri: 'http://web.test/login/facebook' },
      );
    }
  });

  it('an answer whose state this tab did not send is refused without a call; the address is cleaned', async () => {
    const t = tab();
    const first = t.open('google', '?from=%2Faccount');
    first.view().start();
    await waitFor(first.actor, (s) => s.status === 'done');
    const forged = t.open('google', '', '#id_token=jwt-1&state=forged');
    expect(forged.view()).toMatchObject({ phase: 'failed', error: 'ssoStateMismatch', failure: 'stateMismatch', cleanUrl: '/login/google?from=%2Faccount' });
    // A replay after a successful use finds no pending sign-in either.
    const replay = t.open('google', '', '#id_token=jwt-1&state=token-1');
    expect(replay.view().error).toBe('ssoStateMismatch');
    expect(t.calls).toEqual([]);
  });

  it("the provider's error shows socialSignInFailed; retry goes back to the button", () => {
    const t = tab();
    const page = t.open('facebook', '?error=access_denied&state=x');
    expect(page.view()).toMatchObject({ phase: 'failed', error: 'socialSignInFailed', failure: 'providerError' });
    page.view().retry();
    expect(page.view().phase).toBe('idle');
  });

  it('a popup adapter answers the credential in the page: signed in without leaving', async () => {
    const t = tab({ adapter: async () => ({ kind: 'credential', credential: { idToken: 'popup-jwt' } }) });
    const page = t.open('google', '?from=%2Fwatchlists');
    page.view().start();
    await waitFor(page.actor, (s) => s.status === 'done');
    expect(page.view()).toMatchObject({ phase: 'signedIn' });
    expect(t.sessionEvents).toEqual([{ type: 'session.signedIn', tokens: TOKENS, afterSignIn: { search: '?from=%2Fwatchlists' } }]);
    expect(t.calls).toEqual([{ provider: 'google', body: { idToken: 'popup-jwt' } }]);
    expect(t.storage.getItem(socialPendingKey('google'))).toBeNull();
  });

  it('an adapter that fails (SDK not loaded, popup closed) shows the error', async () => {
    const t = tab({ adapter: async () => Promise.reject(new Error('popup closed')) });
    const page = t.open('apple', '');
    page.view().start();
    await waitFor(page.actor, (s) => s.matches('failed'));
    expect(page.view()).toMatchObject({ error: 'socialSignInFailed', failure: 'adapter' });
  });

  it('409 while signing up offers the link with the credential, the email and the sign-in query', async () => {
    const t = tab({ answer: () => Promise.reject(conflict) });
    t.open('google', '?from=%2Faccount').view().start();
    await Promise.resolve();
    const back = t.open('google', '', '#id_token=jwt-1&state=token-1');
    back.view().urlReplaced();
    await waitFor(back.actor, (s) => s.status === 'done');
    expect(back.view()).toMatchObject({
      phase: 'linkOffer',
      link: { provider: 'google', credential: { idToken: 'jwt-1', nonce: 'token-2' }, email: 'id@stream.test', search: '?from=%2Faccount' },
    });
    expect(t.sessionEvents).toEqual([]);
  });

  it('a second mount on the same answer sends the credential once', async () => {
    const t = tab();
    t.open('google', '').view().start();
    await Promise.resolve();
    // React's strict mode creates the page's machine twice on the same address: both accept the
    // answer and share one call.
    const a = t.open('google', '', '#id_token=jwt-1&state=token-1');
    const b = t.open('google', '', '#id_token=jwt-1&state=token-1');
    expect([a.view().phase, b.view().phase]).toEqual(['returning', 'returning']);
    a.view().urlReplaced();
    b.view().urlReplaced();
    await waitFor(a.actor, (s) => s.status === 'done');
    await waitFor(b.actor, (s) => s.status === 'done');
    expect([a.view().phase, b.view().phase]).toEqual(['signedIn', 'signedIn']);
    expect(t.calls).toHaveLength(1);
    // Once used, the same answer is refused.
    expect(t.open('google', '', '#id_token=jwt-1&state=token-1').view().error).toBe('ssoStateMismatch');
  });

  it('other failures show a known server message or socialSignInFailed (property: never signs in on failure)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 400, max: 599 }).filter((s) => s !== 409), async (status) => {
        const t = tab({ answer: () => Promise.reject(new ApiError({ call: 'social.google', status, code: 'X', messages: ['m'], requestId: 'r' })) });
        const page = t.open('google', '', '', { adapter: { start: async () => ({ kind: 'credential', credential: { idToken: 'j' } }) } });
        page.view().start();
        await waitFor(page.actor, (s) => s.matches('failed'));
        expect(page.view().error).toBe('socialSignInFailed');
        expect(t.sessionEvents).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });
});
