import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, NetworkError } from '../../api/errors.js';
import type { Playback } from '../../contracts/index.js';
import {
  clampVolume,
  connectPlayback,
  playbackMachine,
  type PlaybackActorInput,
} from '../index.js';
import { fakeApi } from '../test-helpers.js';

describe('clampVolume', () => {
  it('keeps a volume within 0–100; NaN gives the fallback', () => {
    fc.assert(
      fc.property(fc.double(), fc.double({ min: 0, max: 100, noNaN: true }), (volume, fallback) => {
        const clamped = clampVolume(volume, fallback);
        if (Number.isNaN(volume)) {
          expect(clamped).toBe(fallback);
          return;
        }
        expect(clamped).toBeGreaterThanOrEqual(0);
        expect(clamped).toBeLessThanOrEqual(100);
        // Numerically the same (=== counts -0 as 0: a volume of -0 may come back as 0).
        if (volume >= 0 && volume <= 100) expect(clamped === volume).toBe(true);
      }),
    );
    expect([clampVolume(-5), clampVolume(250), clampVolume(Number.POSITIVE_INFINITY), clampVolume(Number.NaN)]).toEqual([0, 100, 100, 100]);
    expect(clampVolume(-0) === 0).toBe(true);
  });
});

const source: Playback = { url: 'http://sandbox.test/media/v1.mp4', mimeType: 'video/mp4', expiresAt: '2026-11-22T09:00:00Z' };
const licenceRequired = new ApiError({
  call: 'content.playback',
  status: 403,
  code: 'LICENCE_REQUIRED',
  messages: ['licenceRequired'],
  requestId: 'r',
});

function playback(load: (input: PlaybackActorInput) => Promise<Playback>) {
  const seen: PlaybackActorInput[] = [];
  const machine = playbackMachine.provide({
    actors: {
      loadPlayback: fromPromise<Playback, PlaybackActorInput>(({ input }) => {
        seen.push(input);
        return load(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { api: fakeApi(), type: 'VOD', id: 'v1' } }).start();
  return { actor, seen, view: () => connectPlayback(actor.getSnapshot(), actor.send) };
}

describe('playback', () => {
  it('loads the source: ready with url and MIME type', async () => {
    const { actor, view, seen } = playback(async () => source);
    expect(view()).toMatchObject({ status: 'loading', source: null });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view()).toMatchObject({ status: 'ready', source: { url: source.url, mimeType: 'video/mp4' }, error: null });
    expect(seen.map((s) => [s.type, s.id])).toEqual([['VOD', 'v1']]);
  });

  it('403 LICENCE_REQUIRED → locked (the paywall); retry after a purchase → ready', async () => {
    let granted = false;
    const { actor, view } = playback(async () => {
      if (!granted) throw licenceRequired;
      return source;
    });
    await waitFor(actor, (s) => s.matches('locked'));
    expect(view()).toMatchObject({ status: 'locked', source: null, error: null });
    granted = true;
    view().retry();
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('other errors → failed with the message; retry loads again', async () => {
    let attempt = 0;
    const { actor, view } = playback(async () => {
      attempt += 1;
      if (attempt === 1) throw new ApiError({ ...licenceRequired, status: 403, code: 'FORBIDDEN', messages: ['geoBlocked'], call: 'content.playback', requestId: undefined });
      if (attempt === 2) throw new NetworkError('content.playback', new TypeError('fetch failed'));
      return source;
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view()).toMatchObject({ status: 'failed', error: 'geoBlocked' });
    view().retry();
    await waitFor(actor, (s) => s.matches('failed') && s.context.error === 'anErrorOccured');
    view().retry();
    expect(view()).toMatchObject({ status: 'loading', error: null });
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('the real actor calls api.content.playback({ params: { type, id } })', async () => {
    const api = fakeApi({ content: { playback: async ({ params }) => ({ ...source, url: `${params.type}/${params.id}` }) } });
    const actor = createActor(playbackMachine, { input: { api, type: 'LIVE', id: 'e1' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.source).toEqual({ url: 'LIVE/e1', mimeType: 'video/mp4' });
  });
});
