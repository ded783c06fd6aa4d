import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError, NetworkError } from '../../api/errors.js';
import type { LoginResponse } from '../../contracts/index.js';
import type { SessionEvent } from '../session/session.types.js';
import { accountLinkMachine, connectAccountLink, connectLinkedAccounts, linkedAccountsMachine } from '../index.js';
import { fakeApi } from '../test-helpers.js';

const ID_TOKENS: LoginResponse = { authorisationToken: 'id-access', refreshToken: 'id-refresh' };
const LINKED: LoginResponse = { authorisationToken: 'linked-access', refreshToken: 'linked-refresh', linkedAccounts: [{ provider: 'GOOGLE' }] };
const apiError = (status: number, code: string, messages: string[] = []) => new ApiError({ call: 'x', status, code, messages, requestId: 'r' });

function prompt(options: { login?: () => Promise<LoginResponse>; link?: () => Promise<LoginResponse>; email?: string | null } = {}) {
  const sessionEvents: SessionEvent[] = [];
  const links: { body: unknown; bearer: string | undefined }[] = [];
  const api = fakeApi({
    login: options.login ?? (async () => ID_TOKENS),
    social: {
      google: async ({ body, headers }) => {
        links.push({ body, bearer: headers?.Authorization?.replace(/^Bearer /, '') });
        return (options.link ?? (async () => LINKED))();
      },
    },
  });
  const actor = createActor(accountLinkMachine, {
    input: {
      api,
      session: { send: (event) => sessionEvents.push(event) },
      provider: 'google',
      credential: { idToken: 'jwt-1', nonce: 'n' },
      email: options.email === undefined ? 'id@stream.test' : options.email,
      search: '?from=%2Faccount',
      isKnownKey: () => false,
    },
  });
  actor.start();
  return { actor, api, sessionEvents, links, view: () => connectAccountLink(actor.getSnapshot(), actor.send) };
}

describe('accountLink machine (§2 "Account-link prompt after sign-in")', () => {
  it('prefills the email; signs in with ID, sends the credential again with that bearer, signs in linked and goes to from', async () => {
    const p = prompt();
    expect(p.view()).toMatchObject({ phase: 'prompt', values: { email: 'id@stream.test', password: '' } });
    p.view().change('password', 'correct horse battery');
    p.view().submit();
    expect(p.view().isSubmitting).toBe(true);
    await waitFor(p.actor, (s) => s.status === 'done');
    expect(p.view()).toMatchObject({ phase: 'linked' });
    expect(p.actor.getSnapshot().output).toEqual({ tokens: LINKED });
    expect(p.api.calls.login).toEqual([{ id: 'id@stream.test', secret: 'correct horse battery' }]);
    expect(p.links).toEqual([{ body: { idToken: 'jwt-1' }, bearer: 'id-access' }]);
    expect(p.sessionEvents).toEqual([{ type: 'session.signedIn', tokens: LINKED, afterSignIn: { search: '?from=%2Faccount' } }]);
  });

  it('an empty form stays with EMPTY_INPUTS and calls nothing', () => {
    const p = prompt({ email: null });
    p.view().submit();
    expect(p.view()).toMatchObject({ phase: 'prompt', error: 'EMPTY_INPUTS' });
    expect(p.api.calls.login).toEqual([]);
  });

  it('a wrong password shows the login failure; nothing is linked', async () => {
    const p = prompt({ login: () => Promise.reject(apiError(404, 'NOT_FOUND')) });
    p.view().change('password', 'wrong password');
    p.view().submit();
    await waitFor(p.actor, (s) => s.matches('prompt') && s.context.error !== null);
    expect(p.view().error).toBe('invalidCredentials');
    expect(p.links).toEqual([]);
    expect(p.sessionEvents).toEqual([]);
  });

  it('a conflict on linking shows cannotLink, signed in with the ID account; Continue goes to from', async () => {
    const p = prompt({ link: () => Promise.reject(apiError(409, 'CONFLICT', ['cannotLinkAccount'])) });
    p.view().change('password', 'correct horse battery');
    p.view().submit();
    await waitFor(p.actor, (s) => s.matches('cannotLink'));
    // Signed in where the prompt is: no target yet.
    expect(p.sessionEvents).toEqual([{ type: 'session.signedIn', tokens: ID_TOKENS }]);
    p.view().continue();
    expect(p.view()).toMatchObject({ phase: 'continued' });
    expect(p.actor.getSnapshot().output).toEqual({ tokens: ID_TOKENS });
    expect(p.sessionEvents.at(-1)).toEqual({ type: 'session.afterSignIn', search: '?from=%2Faccount' });
  });

  it('Logout after cannotLink ends the session', async () => {
    const p = prompt({ link: () => Promise.reject(apiError(409, 'CONFLICT')) });
    p.view().change('password', 'correct horse battery');
    p.view().submit();
    await waitFor(p.actor, (s) => s.matches('cannotLink'));
    p.view().logout();
    expect(p.view().phase).toBe('loggedOut');
    expect(p.actor.getSnapshot().output).toBeNull();
    expect(p.sessionEvents.at(-1)).toEqual({ type: 'session.logout' });
  });

  it('another link failure returns to the prompt with the generic error, not signed in', async () => {
    const p = prompt({ link: () => Promise.reject(new NetworkError('social.google', new Error('offline'))) });
    p.view().change('password', 'correct horse battery');
    p.view().submit();
    await waitFor(p.actor, (s) => s.matches('prompt') && s.context.error !== null);
    expect(p.view().error).toBe('anErrorOccured');
    expect(p.sessionEvents).toEqual([]);
  });

  it('Skip links nothing and calls nothing', () => {
    const p = prompt();
    p.view().skip();
    expect(p.view().phase).toBe('skipped');
    expect(p.api.calls.login).toEqual([]);
    expect(p.links).toEqual([]);
  });

  it('property: the session only ever receives the linked tokens or, after a conflict, the ID tokens', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<'ok' | 'conflict' | 'other' | 'badLogin'>('ok', 'conflict', 'other', 'badLogin'), async (outcome) => {
        const p = prompt({
          login: outcome === 'badLogin' ? () => Promise.reject(apiError(404, 'NOT_FOUND')) : undefined,
          link: outcome === 'conflict' ? () => Promise.reject(apiError(409, 'CONFLICT')) : outcome === 'other' ? () => Promise.reject(apiError(500, 'INTERNAL_ERROR')) : undefined,
        });
        p.view().change('password', 'correct horse battery');
        p.view().submit();
        await waitFor(p.actor, (s) => s.status === 'done' || s.matches('cannotLink') || (s.matches('prompt') && s.context.error !== null));
        const expected = outcome === 'ok' ? [LINKED] : outcome === 'conflict' ? [ID_TOKENS] : [];
        expect(p.sessionEvents.map((e) => (e.type === 'session.signedIn' ? e.tokens : null))).toEqual(expected);
      }),
    );
  });
});

describe('linkedAccounts machine (unlink, §8 "Unlink provider failure shows a generic error")', () => {
  it('loads the links and unlinks one', async () => {
    const unlinked: string[] = [];
    const api = fakeApi({
      social: {
        linkedAccounts: async () => ({ linkedAccounts: [{ provider: 'GOOGLE' }, { provider: 'APPLE_ID' }] }),
        unlink: async ({ params }) => {
          unlinked.push(String(params.provider));
          return { linkedAccounts: [{ provider: 'APPLE_ID' }] };
        },
      },
    });
    const told: unknown[] = [];
    const actor = createActor(linkedAccountsMachine, { input: { api, session: { send: (event) => told.push(event) } } }).start();
    const view = () => connectLinkedAccounts(actor.getSnapshot(), actor.send);
    await waitFor(actor, (s) => s.matches('ready'));
    view().unlink('FACEBOOK'); // not linked: ignored
    expect(view().unlinking).toBeNull();
    view().unlink('GOOGLE');
    expect(view().unlinking).toBe('GOOGLE');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().accounts).toEqual([{ provider: 'APPLE_ID' }]);
    expect(unlinked).toEqual(['GOOGLE']);
    // The session hears the loaded list, then the list left after the unlink.
    expect(told).toEqual([
      { type: 'session.linkedAccounts', linkedAccounts: [{ provider: 'GOOGLE' }, { provider: 'APPLE_ID' }] },
      { type: 'session.linkedAccounts', linkedAccounts: [{ provider: 'APPLE_ID' }] },
    ]);
  });

  it('a failed unlink keeps the list and shows anErrorOccured next to that provider', async () => {
    const api = fakeApi({
      social: {
        linkedAccounts: async () => ({ linkedAccounts: [{ provider: 'GOOGLE' }] }),
        unlink: async () => Promise.reject(apiError(500, 'INTERNAL_ERROR')),
      },
    });
    const actor = createActor(linkedAccountsMachine, { input: { api } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'unlink', provider: 'GOOGLE' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(connectLinkedAccounts(actor.getSnapshot(), actor.send)).toMatchObject({
      status: 'ready',
      accounts: [{ provider: 'GOOGLE' }],
      error: 'anErrorOccured',
      failedProvider: 'GOOGLE',
    });
  });

  it('a failed load offers retry', async () => {
    let attempts = 0;
    const api = fakeApi({
      social: {
        linkedAccounts: async () => {
          attempts += 1;
          if (attempts === 1) throw new NetworkError('x', new Error('offline'));
          return { linkedAccounts: [] };
        },
      },
    });
    const actor = createActor(linkedAccountsMachine, { input: { api } }).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(attempts).toBe(2);
  });
});
