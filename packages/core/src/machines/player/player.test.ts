import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, NetworkError } from '../../api/errors.js';
import type { Playback } from '../../contracts/index.js';
import {
  clampVolume,
  connectPlayback,
  connectPlayer,
  playbackMachine,
  playerMachine,
  type PlaybackActorInput,
  type PlayerEvent,
  type PlayerInput,
} from '../index.js';
import { fakeApi } from '../test-helpers.js';

function player(input?: PlayerInput) {
  const actor = createActor(playerMachine, { input }).start();
  const send = (...events: PlayerEvent[]) => events.forEach((e) => actor.send(e));
  return { actor, send, view: () => connectPlayer(actor.getSnapshot(), actor.send), ctx: () => actor.getSnapshot().context };
}

describe('player slice', () => {
  it('starts idle, volume 100, muted, not full screen', () => {
    const { ctx, actor } = player();
    expect(ctx()).toEqual({ position: 0, duration: 0, volume: 100, muted: true, fullscreen: false, status: 'idle' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('takes the preferences as input; volume 0 starts muted', () => {
    expect(player({ muted: false, volume: 40 }).ctx()).toMatchObject({ muted: false, volume: 40 });
    expect(player({ muted: false, volume: 0 }).ctx()).toMatchObject({ muted: true, volume: 0 });
    expect(player({ volume: 250 }).ctx().volume).toBe(100);
  });

  it('follows the video element: load, loaded, play, time, pause, ended', () => {
    const { send, ctx, view } = player();
    send({ type: 'media.load' });
    expect(ctx().status).toBe('loading');
    send({ type: 'media.loaded', duration: 12.5 });
    expect(ctx()).toMatchObject({ status: 'paused', duration: 12.5, position: 0 });
    send({ type: 'media.play' }, { type: 'media.time', position: 3 });
    expect(ctx()).toMatchObject({ status: 'playing', position: 3 });
    expect(view()).toMatchObject({ playing: true, progress: 3 / 12.5 });
    send({ type: 'media.pause' });
    expect(ctx().status).toBe('paused');
    send({ type: 'media.time', position: 99 });
    expect(ctx().position).toBe(12.5);
    send({ type: 'media.time', position: 2 }, { type: 'media.play' }, { type: 'media.ended' });
    expect(ctx()).toMatchObject({ status: 'ended', position: 12.5 });
    send({ type: 'media.play' });
    expect(ctx().status).toBe('playing');
    // A new source resets position and duration.
    send({ type: 'media.load' });
    expect(ctx()).toMatchObject({ status: 'loading', position: 0, duration: 0 });
  });

  it('a live stream has no duration; bad times are 0', () => {
    const { send, ctx, view } = player();
    send({ type: 'media.load' }, { type: 'media.loaded', duration: Infinity }, { type: 'media.play' });
    send({ type: 'media.time', position: 1234 });
    expect(ctx()).toMatchObject({ duration: 0, position: 1234 });
    expect(view().progress).toBe(0);
    send({ type: 'media.time', position: Number.NaN });
    expect(ctx().position).toBe(0);
    send({ type: 'media.time', position: -5 });
    expect(ctx().position).toBe(0);
  });

  it('errors from any state; a new load recovers', () => {
    const { send, ctx } = player();
    send({ type: 'media.load' }, { type: 'media.loaded', duration: 10 }, { type: 'media.play' }, { type: 'media.error' });
    expect(ctx().status).toBe('error');
    send({ type: 'media.play' });
    expect(ctx().status).toBe('error');
    send({ type: 'media.load' });
    expect(ctx().status).toBe('loading');
  });

  it('volume: clamped, 0 mutes, above 0 unmutes; unmute at 0 restores 100', () => {
    const { send, ctx, view } = player();
    send({ type: 'volume.set', volume: 30 });
    expect(ctx()).toMatchObject({ volume: 30, muted: false });
    send({ type: 'volume.set', volume: 300 });
    expect(ctx().volume).toBe(100);
    send({ type: 'volume.set', volume: -1 });
    expect(ctx()).toMatchObject({ volume: 0, muted: true });
    view().toggleMute();
    expect(ctx()).toMatchObject({ volume: 100, muted: false });
    view().toggleMute();
    expect(ctx()).toMatchObject({ volume: 100, muted: true });
    view().toggleMute();
    expect(ctx()).toMatchObject({ volume: 100, muted: false });
    send({ type: 'volume.set', volume: Number.NaN });
    expect(ctx().volume).toBe(100);
  });

  it('fullscreen is set in any state', () => {
    const { ctx, view } = player();
    view().setFullscreen(true);
    expect(ctx().fullscreen).toBe(true);
    view().onLoadStart();
    view().onError();
    view().setFullscreen(false);
    expect(ctx()).toMatchObject({ fullscreen: false, status: 'error' });
  });

  it('connect handlers send the matching events', () => {
    const { view, ctx } = player();
    view().onLoadStart();
    view().onLoaded(8);
    view().onPlay();
    view().onTime(4);
    expect(ctx()).toMatchObject({ status: 'playing', position: 4, duration: 8 });
    view().onPause();
    expect(ctx().status).toBe('paused');
    view().onPlay();
    view().onEnded();
    expect(ctx().status).toBe('ended');
    view().setVolume(0);
    expect(view()).toMatchObject({ volume: 0, muted: true });
  });

  const eventArb: fc.Arbitrary<PlayerEvent> = fc.oneof(
    fc.constantFrom<PlayerEvent>(
      { type: 'media.load' },
      { type: 'media.play' },
      { type: 'media.pause' },
      { type: 'media.ended' },
      { type: 'media.error' },
      { type: 'mute.toggle' },
    ),
    fc.double().map((duration): PlayerEvent => ({ type: 'media.loaded', duration })),
    fc.double().map((position): PlayerEvent => ({ type: 'media.time', position })),
    fc.double().map((volume): PlayerEvent => ({ type: 'volume.set', volume })),
    fc.boolean().map((value): PlayerEvent => ({ type: 'fullscreen.set', value })),
  );

  it('property: volume stays within 0–100, position within 0–duration, muted after volume 0', () => {
    fc.assert(
      fc.property(
        fc.record({ volume: fc.option(fc.double(), { nil: undefined }), muted: fc.option(fc.boolean(), { nil: undefined }) }),
        fc.array(eventArb, { maxLength: 40 }),
        (input, events) => {
          const actor = createActor(playerMachine, { input }).start();
          for (const event of events) {
            actor.send(event);
            const { volume, muted, position, duration, status } = actor.getSnapshot().context;
            expect(volume).toBeGreaterThanOrEqual(0);
            expect(volume).toBeLessThanOrEqual(100);
            expect(Number.isNaN(volume)).toBe(false);
            expect(position).toBeGreaterThanOrEqual(0);
            if (duration > 0) expect(position).toBeLessThanOrEqual(duration);
            expect(status).toBe(actor.getSnapshot().value);
            if (event.type === 'volume.set' && clampVolume(event.volume, Number.NaN) === 0) expect(muted).toBe(true);
            if (volume === 0) expect(muted).toBe(true);
          }
          actor.stop();
        },
      ),
    );
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
