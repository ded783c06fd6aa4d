import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, NetworkError } from '../../api/errors.js';
import type { LoginResponse } from '../../contracts/index.js';
import { connectMagicLink, magicLinkMachine, oncePerToken, type ExchangeActorInput, type MagicLinkInput, type SendLinkActorInput, type SessionEvent } from '../index.js';
import { fakeApi, userTokens } from '../test-helpers.js';

const notFound = () =>
  new ApiError({ call: 'magicLink.exchange', status: 404, code: 'NOT_FOUND', messages: ['invalidMagicLinkToken'], requestId: 'r' });

/** Starts the machine with fake actors. */
function start(
  input: Partial<Omit<MagicLinkInput, 'api'>> = {},
  actors: {
    send?: (input: SendLinkActorInput) => Promise<Record<string, unknown>>;
    exchange?: (input: ExchangeActorInput) => Promise<LoginResponse>;
  } = {},
) {
  const sendLink = vi.fn(actors.send ?? (async () => ({})));
  const exchange = vi.fn(actors.exchange ?? (() => userTokens(Date.now())));
  const machine = magicLinkMachine.provide({
    actors: {
      sendLink: fromPromise<Record<string, unknown>, SendLinkActorInput>(({ input }) => sendLink(input)),
      exchange: fromPromise<LoginResponse, ExchangeActorInput>(({ input }) => exchange(input)),
    },
  });
  const actor = createActor(machine, { input: { api: fakeApi(), session: { send: () => undefined }, ...input } }).start();
  const view = () => connectMagicLink(actor.getSnapshot(), actor.send);
  return { actor, view, sendLink, exchange };
}

describe('magicLink: the request form (§4 "Magic link", §5 "Email")', () => {
  it('a valid email is sent (trimmed) and the page shows magicLinkSent', async () => {
    const { actor, view, sendLink, exchange } = start();
    expect(view()).toMatchObject({ status: 'editing', error: null, message: null });
    view().request(' viewer@example.com ');
    expect(view().status).toBe('sending');
    await waitFor(actor, (s) => s.matches('sent'));
    expect(sendLink.mock.calls.map((call) => call[0]?.email)).toEqual(['viewer@example.com']);
    expect(view()).toMatchObject({ status: 'sent', error: null, message: 'magicLinkSent' });
    expect(exchange).not.toHaveBeenCalled();
  });

  it('a non-matching email shows emailInvalid, an empty one emailIsEmpty; nothing is sent', () => {
    const { view, sendLink } = start();
    view().request('viewer@');
    expect(view()).toMatchObject({ status: 'editing', error: 'emailInvalid' });
    view().request('');
    expect(view().error).toBe('emailIsEmpty');
    expect(sendLink).not.toHaveBeenCalled();
  });

  it('a failed request shows failedToSend; asking again may succeed', async () => {
    let attempt = 0;
    const { actor, view } = start({}, {
      send: async () => {
        attempt += 1;
        if (attempt === 1) throw new NetworkError('magicLink.request', new TypeError('fetch failed'));
        return {};
      },
    });
    view().request('viewer@example.com');
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view()).toMatchObject({ status: 'failed', error: 'failedToSend' });
    view().request('viewer@example.com');
    await waitFor(actor, (s) => s.matches('sent'));
    expect(view().error).toBeNull();
  });

  it('from sent, a new request resends; an invalid one goes back to the form with its error', async () => {
    const { actor, view, sendLink } = start();
    view().request('viewer@example.com');
    await waitFor(actor, (s) => s.matches('sent'));
    view().request('nope');
    expect(view()).toMatchObject({ status: 'editing', error: 'emailInvalid', message: null });
    view().request('viewer@example.com');
    await waitFor(actor, (s) => s.matches('sent'));
    expect(sendLink).toHaveBeenCalledTimes(2);
  });
});

describe('magicLink: the emailed link (token present)', () => {
  it('exchanges the token at once; the tokens are the output and go to the session with the query of the target', async () => {
    const tokens = await userTokens(Date.now());
    const sent: SessionEvent[] = [];
    const { actor, view, exchange } = start(
      { token: 'tok-1', session: { send: (e) => sent.push(e) }, search: '?from=%2Faccount' },
      { exchange: async () => tokens },
    );
    expect(view().status).toBe('exchanging');
    await waitFor(actor, (s) => s.status === 'done');
    expect(exchange.mock.calls.map(([input]) => input.token)).toEqual(['tok-1']);
    expect(view()).toMatchObject({ status: 'signedIn', error: null });
    expect(actor.getSnapshot().output).toEqual({ tokens });
    expect(sent).toEqual([{ type: 'session.signedIn', tokens, afterSignIn: { search: '?from=%2Faccount' } }]);
  });

  it('without a query the session is handed an empty one (it picks the default menu page)', async () => {
    const tokens = await userTokens(Date.now());
    const sent: SessionEvent[] = [];
    const { actor } = start({ token: 'tok-1', session: { send: (e) => sent.push(e) } }, { exchange: async () => tokens });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ type: 'session.signedIn', tokens, afterSignIn: { search: '' } }]);
  });

  it('a refused token shows failedToMagicLogin; the viewer may ask for a new link', async () => {
    const sent: SessionEvent[] = [];
    const { actor, view, sendLink } = start({ token: 'used', session: { send: (e) => sent.push(e) } }, {
      exchange: async () => Promise.reject(notFound()),
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view()).toMatchObject({ status: 'failed', error: 'failedToMagicLogin' });
    expect(actor.getSnapshot().context.signedIn).toBeNull();
    expect(sent).toEqual([]);
    view().request('viewer@example.com');
    await waitFor(actor, (s) => s.matches('sent'));
    expect(sendLink).toHaveBeenCalledTimes(1);
  });

  it('a throttled exchange (429 TOO_MANY_ATTEMPTS) shows tooManyAttempts with the wait', async () => {
    const throttled = new ApiError({ call: 'magicLink.exchange', status: 429, code: 'TOO_MANY_ATTEMPTS', messages: ['tooManyAttempts'], requestId: 'r', retryAfterSeconds: 45 });
    const { actor, view } = start({ token: 'tok' }, { exchange: async () => Promise.reject(throttled) });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view()).toMatchObject({ status: 'failed', error: 'tooManyAttempts', errorVars: { seconds: '45' } });
  });

  it('a network failure of the exchange shows failedToMagicLogin too', async () => {
    const { actor, view } = start({ token: 'tok' }, {
      exchange: async () => Promise.reject(new NetworkError('magicLink.exchange', new TypeError('fetch failed'))),
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().error).toBe('failedToMagicLogin');
  });

  it('exchanges exactly once even when the effect repeats (two actors, one client, one token)', async () => {
    const tokens = await userTokens(Date.now());
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const exchange = vi.fn(async () => {
      await gate;
      return tokens;
    });
    const api = fakeApi({ magicLink: { exchange } });
    // React's strict mode starts, stops and starts again: a first actor, stopped, and a second.
    const session = { send: () => undefined };
    const first = createActor(magicLinkMachine, { input: { api, session, token: 'tok-once' } }).start();
    first.stop();
    const second = createActor(magicLinkMachine, { input: { api, session, token: 'tok-once' } }).start();
    const third = createActor(magicLinkMachine, { input: { api, session, token: 'tok-once' } }).start();
    release();
    await waitFor(second, (s) => s.status === 'done');
    await waitFor(third, (s) => s.status === 'done');
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(exchange).toHaveBeenCalledWith({ body: { token: 'tok-once' } });
    expect(second.getSnapshot().output).toEqual({ tokens });
    expect(third.getSnapshot().output).toEqual({ tokens });
  });

  it('an empty token is no token: the request form', () => {
    const { view, exchange } = start({ token: '  ' });
    expect(view().status).toBe('editing');
    expect(exchange).not.toHaveBeenCalled();
  });
});

describe('oncePerToken', () => {
  it('shares one call per client and token, forgets a failure, and keeps clients apart', async () => {
    let calls = 0;
    const once = oncePerToken(async (_api, token) => {
      calls += 1;
      if (token === 'bad' && calls === 1) throw new Error('no');
      return `${token}-${calls}`;
    });
    const a = fakeApi();
    const b = fakeApi();
    await expect(once(a, 'bad')).rejects.toThrow('no');
    await expect(once(a, 'bad')).resolves.toBe('bad-2');
    await expect(once(a, 'bad')).resolves.toBe('bad-2');
    await expect(once(b, 'bad')).resolves.toBe('bad-3');
    expect(calls).toBe(3);
  });
});
