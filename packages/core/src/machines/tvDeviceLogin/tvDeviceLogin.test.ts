/**
 * The device PIN login with fake actors: the TV_LOGIN page (a signed-in viewer confirms a code)
 * and the TV side (ask for a code, poll until confirmed or expired); the licence redirect page.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { NetworkError } from '../../api/errors.js';
import type { DevicePinStatus } from '../../contracts/index.js';
import { apiError } from '../adobeRegistration/adobeRegistration.arbitrary.js';
import type { SessionEvent } from '../session/session.types.js';
import {
  connectLicenceRedirect,
  connectTvDeviceLogin,
  connectTvDevicePin,
  licenceRedirectMachine,
  TV_PIN_MAX_POLL_FAILURES,
  tvDeviceLoginMachine,
  tvDevicePinMachine,
} from '../index.js';
import { fakeApi } from '../test-helpers.js';

describe('tvDeviceLogin (TV_LOGIN)', () => {
  function page(confirm: (pin: string) => Promise<Record<string, unknown>>, initialPin?: string) {
    const sent: string[] = [];
    const api = fakeApi({
      tvDevice: {
        confirmPin: ({ body }) => {
          sent.push(body.pin);
          return confirm(body.pin);
        },
      },
    });
    const actor = createActor(tvDeviceLoginMachine, { input: { api, tvAuthType: 'pin', initialPin } }).start();
    return { actor, sent, view: () => connectTvDeviceLogin(actor.getSnapshot(), actor.send) };
  }

  it('a typed code is normalised and confirmed; again starts over', async () => {
    const p = page(async () => ({}));
    p.view().change(' abcd-2345 ');
    p.view().submit();
    expect(p.view()).toMatchObject({ phase: 'confirming', busy: true });
    await waitFor(p.actor, (s) => s.matches('confirmed'));
    expect(p.sent).toEqual(['ABCD2345']);
    expect(p.view()).toMatchObject({ phase: 'confirmed', error: null, tvAuthType: 'pin' });
    p.view().again();
    expect(p.view()).toMatchObject({ phase: 'editing', pin: '' });
  });

  it('a malformed code is not sent', () => {
    const p = page(async () => ({}));
    p.view().change('ab');
    p.view().submit();
    expect(p.view()).toMatchObject({ phase: 'editing', error: 'tvCodeMalformed' });
    expect(p.sent).toEqual([]);
  });

  it('an unknown code, a guest session and no answer each say what to do', async () => {
    for (const [error, key] of [
      [apiError(404, 'NOT_FOUND'), 'tvCodeInvalid'],
      [apiError(403, 'FORBIDDEN'), 'tvCodeSignInRequired'],
      [new NetworkError('tvDevice.confirmPin', new Error('offline')), 'networkError'],
    ] as const) {
      const p = page(() => Promise.reject(error), 'ABCD2345');
      p.view().submit();
      await waitFor(p.actor, (s) => s.matches('editing') && s.context.error !== null);
      expect(p.view()).toMatchObject({ phase: 'editing', error: key, pin: 'ABCD2345' });
    }
  });
});

describe('tvDevicePin (the TV)', () => {
  const PIN = { pin: 'ABCD2345', anchor: 'anchor-0123456789abcdef', expiresAt: '2026-01-01T00:10:00.000Z', pollIntervalSeconds: 0.001 };
  const NOW = Date.UTC(2026, 0, 1);

  function tv(polls: (n: number) => Promise<DevicePinStatus>, options: { now?: () => number; createPin?: () => Promise<typeof PIN> } = {}) {
    const sessionEvents: SessionEvent[] = [];
    const anchors: string[] = [];
    let created = 0;
    const api = fakeApi({
      tvDevice: {
        createPin: () => {
          created += 1;
          return (options.createPin ?? (async () => PIN))();
        },
        pollPin: ({ body }) => {
          anchors.push(body.anchor);
          return polls(anchors.length);
        },
      },
    });
    const actor = createActor(tvDevicePinMachine, { input: { api, session: { send: (e) => sessionEvents.push(e) }, now: options.now ?? (() => NOW) } }).start();
    return { actor, anchors, sessionEvents, created: () => created, view: () => connectTvDevicePin(actor.getSnapshot(), actor.send) };
  }

  it('shows the code, polls with the anchor until confirmed, and signs the TV in', async () => {
    const t = tv(async (n) => (n < 3 ? { status: 'pending' } : { status: 'confirmed', authorisationToken: 'tv-a', refreshToken: 'tv-r' }));
    await waitFor(t.actor, (s) => s.matches('waiting'));
    expect(t.view()).toMatchObject({ phase: 'showing', pin: 'ABCD2345' });
    await waitFor(t.actor, (s) => s.status === 'done');
    expect(t.anchors).toEqual([PIN.anchor, PIN.anchor, PIN.anchor]);
    expect(t.sessionEvents).toEqual([{ type: 'session.signedIn', tokens: { authorisationToken: 'tv-a', refreshToken: 'tv-r' } }]);
    expect(t.view()).toMatchObject({ phase: 'signedIn', pin: null });
  });

  it('an expired answer, or a clock past expiresAt, offers a new code on renew', async () => {
    const t = tv(async () => ({ status: 'expired' }));
    await waitFor(t.actor, (s) => s.matches('expired'));
    expect(t.view()).toMatchObject({ phase: 'expired', pin: null });
    t.view().renew();
    await waitFor(t.actor, (s) => s.matches('expired'));
    expect(t.created()).toBe(2);
    const late = tv(async () => ({ status: 'pending' }), { now: () => Date.parse(PIN.expiresAt) });
    await waitFor(late.actor, (s) => s.matches('expired'));
    expect(late.anchors).toEqual([]);
  });

  it('tolerates failing polls, then gives up after five in a row', async () => {
    const t = tv(async () => Promise.reject(apiError(503, 'INTERNAL_ERROR')));
    await waitFor(t.actor, (s) => s.matches('failed'));
    expect(t.anchors).toHaveLength(TV_PIN_MAX_POLL_FAILURES);
    expect(t.view()).toMatchObject({ phase: 'failed', error: 'anErrorOccured' });
    const gone = tv(async () => Promise.reject(apiError(404, 'NOT_FOUND')));
    await waitFor(gone.actor, (s) => s.matches('expired'));
  });

  it('no code issued: failed, renew tries again', async () => {
    const t = tv(async () => ({ status: 'pending' }), { createPin: () => Promise.reject(new NetworkError('tvDevice.createPin', new Error('x'))) });
    await waitFor(t.actor, (s) => s.matches('failed'));
    expect(t.view().error).toBe('networkError');
  });
});

describe('licenceRedirect (LICENCE_REDIRECT)', () => {
  function open(search: string, token: (code: string) => Promise<{ redirectTo?: string; licenceIds?: string[] }>) {
    const codes: string[] = [];
    const api = fakeApi({
      externalLicence: {
        token: ({ body }) => {
          codes.push(body.authorisationCode);
          return token(body.authorisationCode);
        },
      },
    });
    const actor = createActor(licenceRedirectMachine, { input: { api, search } }).start();
    return { actor, codes };
  }

  it('redeems the code and goes where the answer says', async () => {
    const p = open('?code=c1&extraParams=from%3D%252Fvideo%252F1', async () => ({ redirectTo: '/account', licenceIds: ['7'] }));
    await waitFor(p.actor, (s) => s.status === 'done');
    expect(p.codes).toEqual(['c1']);
    expect(connectLicenceRedirect(p.actor.getSnapshot())).toEqual({ target: '/account', error: null });
    expect(p.actor.getSnapshot().context.licenceIds).toEqual(['7']);
  });

  it('a failure or no code still redirects (extraParams, else the default page)', async () => {
    const failed = open('?code=c1&extraParams=from%3D%252Fvideo%252F1', () => Promise.reject(apiError(404, 'NOT_FOUND')));
    await waitFor(failed.actor, (s) => s.status === 'done');
    expect(connectLicenceRedirect(failed.actor.getSnapshot())).toMatchObject({ target: '/video/1', error: { key: 'tvProviderNotFound' } });
    const none = open('', async () => ({}));
    expect(connectLicenceRedirect(none.actor.getSnapshot())).toEqual({ target: '/home', error: null });
    expect(none.codes).toEqual([]);
  });
});
