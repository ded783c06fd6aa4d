import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  connectVideoPlayer,
  trackForLanguage,
  videoPlayerMachine,
  type VideoPlayerCommand,
  type VideoPlayerEvent,
  type VideoPlayerInput,
  type VideoPlayerTrack,
} from '../index.js';

function player(input?: VideoPlayerInput) {
  const actor = createActor(videoPlayerMachine, { input }).start();
  const commands: VideoPlayerCommand[] = [];
  actor.on('*', (command) => commands.push(command));
  const send = (...events: VideoPlayerEvent[]) => events.forEach((e) => actor.send(e));
  return {
    actor,
    send,
    commands,
    state: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
    view: () => connectVideoPlayer(actor.getSnapshot(), actor.send),
  };
}

const TRACKS = {
  renditions: [
    { id: 0, height: 360, bitrate: 800_000 },
    { id: 1, height: 720, bitrate: 2_500_000 },
  ],
  audioTracks: [
    { id: 0, name: 'English', language: 'en' },
    { id: 1, name: 'Español', language: 'es-419' },
  ],
  subtitleTracks: [
    { id: 0, name: 'English', language: 'en' },
    { id: 1, name: 'Português', language: 'pt-BR' },
  ],
};

describe('video player: the element decides the state', () => {
  it('starts loading with volume 100, muted, not full screen, and follows the element', () => {
    const { send, state, ctx, view } = player();
    expect(state()).toBe('loading');
    expect(ctx()).toMatchObject({ position: 0, duration: 0, volume: 100, muted: true, fullscreen: false, live: false, quality: 'auto', subtitleTrack: 'off' });
    send({ type: 'media.loadedMetadata', duration: 120 });
    expect(state()).toBe('paused');
    send({ type: 'media.playing' }, { type: 'media.timeUpdate', position: 30 });
    expect(view()).toMatchObject({ status: 'playing', playing: true, position: 30, progress: 0.25 });
    send({ type: 'media.waiting' });
    expect(view()).toMatchObject({ status: 'buffering', playing: true, buffering: true });
    send({ type: 'media.playing' }, { type: 'media.pause' });
    expect(state()).toBe('paused');
    send({ type: 'media.playing' }, { type: 'media.ended' });
    expect(view()).toMatchObject({ status: 'ended', position: 120, progress: 1 });
    send({ type: 'media.playing' });
    expect(state()).toBe('playing');
    send({ type: 'media.loadStart' });
    expect(ctx()).toMatchObject({ position: 0, duration: 0 });
    expect(state()).toBe('loading');
  });

  it('goes to error and back to loading on retry, which asks the page to load again', () => {
    const { send, state, ctx, commands, view } = player();
    send({ type: 'media.loadedMetadata', duration: 60 }, { type: 'media.playing' });
    const failure = { type: 'networkError', details: 'manifestLoadError' };
    send({ type: 'media.error', error: failure });
    expect(view()).toMatchObject({ status: 'error', failed: true });
    expect(ctx().error).toBe(failure);
    send({ type: 'play' }, { type: 'seek', position: 10 });
    expect(commands).toEqual([]);
    view().retry();
    expect(state()).toBe('loading');
    expect(ctx()).toMatchObject({ error: null, retries: 1 });
    expect(commands).toEqual([{ type: 'video.load' }]);
  });

  it('treats an infinite duration as a live stream without a duration', () => {
    const { send, ctx, view } = player();
    send({ type: 'media.loadedMetadata', duration: Number.POSITIVE_INFINITY }, { type: 'media.timeUpdate', position: 5000 });
    expect(ctx()).toMatchObject({ live: true, duration: 0, position: 5000 });
    expect(view().progress).toBe(0);
    expect(player({ live: true }).ctx().live).toBe(true);
  });
});

describe('video player: the viewer asks, the page applies', () => {
  it('emits play, pause, seek (clamped), volume and fullscreen commands', () => {
    const { send, commands, ctx, view } = player({ muted: false, volume: 80 });
    send({ type: 'media.loadedMetadata', duration: 100 });
    view().play();
    view().togglePlay();
    expect(commands.splice(0)).toEqual([{ type: 'video.play' }, { type: 'video.play' }]);
    send({ type: 'media.playing' });
    view().togglePlay();
    view().seek(250);
    view().seekBy(-30);
    expect(commands.splice(0)).toEqual([
      { type: 'video.pause' },
      { type: 'video.seek', position: 100 },
      { type: 'video.seek', position: 70 },
    ]);
    view().setVolume(0);
    expect(ctx()).toMatchObject({ volume: 0, muted: true });
    view().toggleMute();
    expect(ctx()).toMatchObject({ volume: 100, muted: false });
    view().toggleFullscreen();
    expect(ctx().fullscreen).toBe(false);
    view().onFullscreenChange(true);
    view().toggleFullscreen();
    expect(commands.splice(0)).toEqual([
      { type: 'video.volume', volume: 0, muted: true },
      { type: 'video.volume', volume: 100, muted: false },
      { type: 'video.fullscreen', fullscreen: true },
      { type: 'video.fullscreen', fullscreen: false },
    ]);
    view().onVolumeChange(0.25, true);
    expect(ctx()).toMatchObject({ volume: 25, muted: true });
    expect(commands).toEqual([]);
  });

  it('a seek back from the end pauses there', () => {
    const { send, state, commands } = player();
    send({ type: 'media.loadedMetadata', duration: 50 }, { type: 'media.playing' }, { type: 'media.ended' });
    send({ type: 'seek', position: 50 });
    expect(state()).toBe('ended');
    send({ type: 'seek', position: 10 });
    expect(state()).toBe('paused');
    expect(commands).toEqual([
      { type: 'video.seek', position: 50 },
      { type: 'video.seek', position: 10 },
    ]);
  });

  it('chooses the preferred languages when the tracks are known, and only known tracks', () => {
    const { view, ctx, commands } = player({ audioLanguage: 'es', subtitleLanguage: 'pt' });
    view().onTracks(TRACKS);
    expect(ctx()).toMatchObject({ audioTrack: 1, subtitleTrack: 1, quality: 'auto' });
    expect(commands.splice(0)).toEqual([
      { type: 'video.audioTrack', id: 1 },
      { type: 'video.subtitleTrack', id: 1 },
    ]);
    view().selectQuality(7);
    view().selectAudioTrack(9);
    view().selectSubtitleTrack(4);
    expect(commands).toEqual([]);
    view().selectQuality(1);
    view().selectSubtitleTrack('off');
    view().selectAudioTrack(0);
    view().onRendition(1);
    expect(view()).toMatchObject({ quality: 1, subtitleTrack: 'off', audioTrack: 0, rendition: { id: 1, height: 720 } });
    expect(commands.splice(0)).toEqual([
      { type: 'video.quality', quality: 1 },
      { type: 'video.subtitleTrack', id: 'off' },
      { type: 'video.audioTrack', id: 0 },
    ]);
    // Tracks read again: the choices are applied again; a vanished rendition falls back to auto.
    view().onTracks({ ...TRACKS, renditions: [TRACKS.renditions[0]!] });
    expect(ctx()).toMatchObject({ quality: 'auto', audioTrack: 0, subtitleTrack: 'off' });
    expect(commands).toEqual([{ type: 'video.audioTrack', id: 0 }]);
  });

  it('finds a track by language tag or primary language', () => {
    const tracks: VideoPlayerTrack[] = TRACKS.audioTracks;
    expect(trackForLanguage(tracks, 'ES-419')).toBe(1);
    expect(trackForLanguage(tracks, 'es')).toBe(1);
    expect(trackForLanguage(tracks, 'en-GB')).toBe(0);
    expect(trackForLanguage(tracks, 'ar')).toBeNull();
    expect(trackForLanguage(tracks, 'off')).toBeNull();
    expect(trackForLanguage(tracks, null)).toBeNull();
  });
});

describe('video player: the next episode', () => {
  const next = { id: 'ep-2', title: 'Episode 2', path: '/video/ep-2/episode-2' };

  it('is offered at the end only, and only when there is one', () => {
    const withNext = player({ nextEpisode: next });
    withNext.send({ type: 'media.loadedMetadata', duration: 60 }, { type: 'media.playing' });
    expect(withNext.view().nextEpisode).toBeNull();
    withNext.send({ type: 'media.ended' });
    expect(withNext.view().nextEpisode).toEqual(next);
    withNext.send({ type: 'media.playing' });
    expect(withNext.view().nextEpisode).toBeNull();

    const without = player();
    without.send({ type: 'media.loadedMetadata', duration: 60 }, { type: 'media.playing' }, { type: 'media.ended' });
    expect(without.view()).toMatchObject({ status: 'ended', nextEpisode: null });
  });

  it('auto-advance on: at the end the next episode is started (video.advance, once per end); off: only offered', () => {
    const on = player({ nextEpisode: next, autoAdvance: true });
    on.send({ type: 'media.loadedMetadata', duration: 60 }, { type: 'media.playing' });
    expect(on.commands.filter((c) => c.type === 'video.advance')).toEqual([]);
    expect(on.view().advancing).toBe(false);
    on.send({ type: 'media.ended' });
    expect(on.commands.filter((c) => c.type === 'video.advance')).toEqual([{ type: 'video.advance', nextEpisode: next }]);
    expect(on.view()).toMatchObject({ status: 'ended', advancing: true, nextEpisode: next });
    // Seeking back and playing to the end again starts it again.
    on.send({ type: 'seek', position: 10 }, { type: 'media.playing' }, { type: 'media.ended' });
    expect(on.commands.filter((c) => c.type === 'video.advance')).toHaveLength(2);

    for (const input of [{ nextEpisode: next, autoAdvance: false }, { nextEpisode: next }, { autoAdvance: true }, { nextEpisode: { id: 'ep-2' }, autoAdvance: true }]) {
      const off = player(input);
      off.send({ type: 'media.loadedMetadata', duration: 60 }, { type: 'media.playing' }, { type: 'media.ended' });
      expect(off.state()).toBe('ended');
      expect(off.commands.filter((c) => c.type === 'video.advance')).toEqual([]);
      expect(off.view().advancing).toBe(false);
    }
  });
});

/** Any event, with hostile numbers. */
const anyNumber = fc.oneof(fc.double(), fc.integer({ min: -500, max: 500 }), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY));
const event: fc.Arbitrary<VideoPlayerEvent> = fc.oneof(
  fc.constantFrom<VideoPlayerEvent>(
    { type: 'media.loadStart' },
    { type: 'media.playing' },
    { type: 'media.pause' },
    { type: 'media.waiting' },
    { type: 'media.ended' },
    { type: 'media.error' },
    { type: 'play' },
    { type: 'pause' },
    { type: 'toggleMute' },
    { type: 'toggleFullscreen' },
    { type: 'retry' },
  ),
  anyNumber.map((duration) => ({ type: 'media.loadedMetadata' as const, duration })),
  anyNumber.map((position) => ({ type: 'media.timeUpdate' as const, position })),
  anyNumber.map((position) => ({ type: 'seek' as const, position })),
  anyNumber.map((volume) => ({ type: 'setVolume' as const, volume })),
  fc.tuple(anyNumber, fc.boolean()).map(([volume, muted]) => ({ type: 'media.volumeChange' as const, volume, muted })),
);

describe('video player: invariants (property)', () => {
  it('keeps the volume within 0–100 and the position within 0…duration, whatever happens', () => {
    fc.assert(
      fc.property(fc.record({ volume: fc.option(anyNumber, { nil: undefined }), muted: fc.boolean() }), fc.array(event, { maxLength: 40 }), (input, events) => {
        const { actor, ctx } = player(input);
        for (const e of events) {
          actor.send(e);
          const { volume, position, duration } = ctx();
          expect(volume).toBeGreaterThanOrEqual(0);
          expect(volume).toBeLessThanOrEqual(100);
          expect(Number.isFinite(position)).toBe(true);
          expect(position).toBeGreaterThanOrEqual(0);
          expect(duration).toBeGreaterThanOrEqual(0);
          if (duration > 0) expect(position).toBeLessThanOrEqual(duration);
          const view = connectVideoPlayer(actor.getSnapshot(), actor.send);
          expect(view.status).toBe(actor.getSnapshot().value);
          if (view.nextEpisode !== null) expect(view.status).toBe('ended');
        }
      }),
    );
  });
});
