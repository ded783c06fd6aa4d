import { assign, emit, enqueueActions, setup } from 'xstate';
import { PLAYER_DEFAULT_VOLUME, clampVolume } from '../player/player.machine.js';
import type {
  VideoPlayerCommand,
  VideoPlayerContext,
  VideoPlayerEvent,
  VideoPlayerInput,
  VideoPlayerQuality,
  VideoPlayerRendition,
  VideoPlayerSubtitle,
  VideoPlayerTrack,
  VideoPlayerTracks,
} from './videoPlayer.types.js';

/** A media time in seconds made safe: NaN, negative and ±Infinity → 0. */
function seconds(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** `position` (seconds) made safe and kept within `[0, duration]` once the duration is known (> 0). */
function clampPosition(position: unknown, duration: number): number {
  const safe = seconds(position);
  return duration > 0 ? Math.min(safe, duration) : safe;
}

/**
 * The track of `tracks` in `language` (BCP 47): the first whose language is the same tag
 * (ignoring case), else the first of the same primary language (`es` finds `es-419`, `pt-BR`
 * finds `pt`); null when none matches or `language` is empty, null or `'off'`. Pure.
 * Implements commerce-and-account-data.md §3 "Preferences: subTitleLanguage (or off), audioLanguage".
 */
export function trackForLanguage(tracks: readonly VideoPlayerTrack[], language: string | null | undefined): number | null {
  if (typeof language !== 'string' || language === '' || language.toLowerCase() === 'off' || !Array.isArray(tracks)) return null;
  const wanted = language.toLowerCase();
  const primary = (tag: string) => tag.toLowerCase().split(/[-_]/)[0];
  const exact = tracks.find((track) => typeof track?.language === 'string' && track.language.toLowerCase() === wanted);
  const close = exact ?? tracks.find((track) => typeof track?.language === 'string' && primary(track.language) === primary(wanted));
  return close ? close.id : null;
}

function listOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/**
 * The video player: the client-state player slice (commerce-and-account-data.md §3 "Client state
 * slices: player": position, duration, volume, muted, fullscreen; §9 "Default volume 100") with
 * the stream's renditions, audio and subtitle tracks, and the next episode offered at the end.
 *
 * No DOM: the page bridges a `<video>` (and hls.js) to it. The element's events come in as
 * `media.*` and decide the state: `loading` → `media.loadedMetadata` → `paused`; `media.playing`
 * → `playing`; `media.waiting` → `buffering`; `media.pause` → `paused`; `media.ended` → `ended`
 * (position = duration); `media.error` → `error`, where `retry` loads again; `media.loadStart`
 * (a new source) → `loading` from anywhere. The viewer's requests (`play`, `pause`, `seek`,
 * `setVolume`, `toggleMute`, `toggleFullscreen`, `selectQuality`, `selectAudioTrack`,
 * `selectSubtitleTrack`) are emitted as {@link VideoPlayerCommand}s (`video.play`, …) for the page
 * to apply to the element; what the element then reports is the truth. Volume stays within
 * 0–100 (0 mutes, above 0 unmutes, unmuting at 0 restores 100); the position stays within
 * 0…duration once the duration is known (a live stream has none). When the tracks become known,
 * the preferred audio and subtitle languages of the input are chosen. At the end, with the input's
 * `autoAdvance` on and a next episode with a path, `video.advance` asks the page to start it
 * (§3 "Preferences: autoAdvance"); otherwise the next episode is offered.
 */
export const videoPlayerMachine = setup({
  types: {} as {
    context: VideoPlayerContext;
    events: VideoPlayerEvent;
    input: VideoPlayerInput | undefined;
    emitted: VideoPlayerCommand;
  },
  actions: {
    resetMedia: assign({ position: 0, duration: 0, rendition: null, error: null }),
    setDuration: assign(({ context }, params: { duration: number }) => {
      if (params.duration === Number.POSITIVE_INFINITY) return { live: true, duration: 0 };
      const duration = seconds(params.duration);
      return { duration, position: clampPosition(context.position, duration) };
    }),
    setPosition: assign(({ context }, params: { position: number }) => ({ position: clampPosition(params.position, context.duration) })),
    toEnd: assign(({ context }) => ({ position: context.duration > 0 ? context.duration : context.position })),
    storeError: assign((_, params: { error: unknown }) => ({ error: params.error ?? null })),
    clearError: assign({ error: null }),
    countRetry: assign(({ context }) => ({ retries: context.retries + 1, error: null })),
    /** `setVolume` from the viewer: clamped; 0 mutes, above 0 unmutes. */
    setVolume: assign(({ context }, params: { volume: number }) => {
      const volume = clampVolume(params.volume, context.volume);
      return { volume, muted: volume === 0 };
    }),
    toggleMute: assign(({ context }) =>
      context.muted ? { muted: false, volume: context.volume === 0 ? PLAYER_DEFAULT_VOLUME : context.volume } : { muted: true },
    ),
    /** `media.volumeChange`: the element's own controls; taken as reported (clamped). */
    takeElementVolume: assign(({ context }, params: { volume: number; muted: boolean }) => ({
      volume: clampVolume(params.volume, context.volume),
      muted: params.muted === true,
    })),
    setFullscreen: assign((_, params: { fullscreen: boolean }) => ({ fullscreen: params.fullscreen === true })),
    setRendition: assign((_, params: { id: number }) => ({ rendition: Number.isInteger(params.id) ? params.id : null })),
    /**
     * Stores the renditions and tracks; a choice whose id is gone falls back to the default; when a
     * list becomes known, the input's preferred language is chosen for it.
     */
    storeTracks: assign(({ context }, params: VideoPlayerTracks) => {
      const renditions = listOf<VideoPlayerRendition>(params.renditions);
      const audioTracks = listOf<VideoPlayerTrack>(params.audioTracks);
      const subtitleTracks = listOf<VideoPlayerTrack>(params.subtitleTracks);
      const has = (list: readonly { id: number }[], id: number) => list.some((item) => item.id === id);
      let audioTrack = context.audioTrack !== null && has(audioTracks, context.audioTrack) ? context.audioTrack : null;
      if (context.audioTracks.length === 0 && audioTrack === null) audioTrack = trackForLanguage(audioTracks, context.preferences.audioLanguage);
      let subtitleTrack: VideoPlayerSubtitle =
        context.subtitleTrack !== 'off' && has(subtitleTracks, context.subtitleTrack) ? context.subtitleTrack : 'off';
      if (context.subtitleTracks.length === 0 && subtitleTrack === 'off') {
        subtitleTrack = trackForLanguage(subtitleTracks, context.preferences.subtitleLanguage) ?? 'off';
      }
      const quality: VideoPlayerQuality = context.quality !== 'auto' && has(renditions, context.quality) ? context.quality : 'auto';
      return { renditions, audioTracks, subtitleTracks, audioTrack, subtitleTrack, quality };
    }),
    /** Asks the stream for the choices that differ from its defaults (after the tracks are (re)read). */
    applyChoices: enqueueActions(({ context, enqueue }) => {
      if (context.quality !== 'auto') enqueue.emit({ type: 'video.quality', quality: context.quality });
      if (context.audioTrack !== null) enqueue.emit({ type: 'video.audioTrack', id: context.audioTrack });
      if (context.subtitleTrack !== 'off') enqueue.emit({ type: 'video.subtitleTrack', id: context.subtitleTrack });
    }),
    setQuality: assign((_, params: { quality: VideoPlayerQuality }) => ({ quality: params.quality })),
    setAudioTrack: assign((_, params: { id: number }) => ({ audioTrack: params.id })),
    setSubtitleTrack: assign((_, params: { id: VideoPlayerSubtitle }) => ({ subtitleTrack: params.id })),
    requestPlay: emit({ type: 'video.play' }),
    requestPause: emit({ type: 'video.pause' }),
    requestSeek: emit(({ context }) => ({ type: 'video.seek', position: context.position })),
    requestVolume: emit(({ context }) => ({ type: 'video.volume', volume: context.volume, muted: context.muted })),
    requestFullscreen: emit(({ context }) => ({ type: 'video.fullscreen', fullscreen: !context.fullscreen })),
    requestQuality: emit(({ context }) => ({ type: 'video.quality', quality: context.quality })),
    requestAudioTrack: emit(({ context }) => ({ type: 'video.audioTrack', id: context.audioTrack ?? 0 })),
    requestSubtitleTrack: emit(({ context }) => ({ type: 'video.subtitleTrack', id: context.subtitleTrack })),
    requestLoad: emit({ type: 'video.load' }),
    /** At the end, with auto-advance on and a next episode to go to: ask the page to start it (§3 "Preferences: autoAdvance"). */
    advanceWhenOn: enqueueActions(({ context, enqueue }) => {
      const next = context.nextEpisode;
      if (context.autoAdvance && typeof next?.path === 'string' && next.path !== '') enqueue.emit({ type: 'video.advance', nextEpisode: { ...next, path: next.path } });
    }),
  },
  guards: {
    /** `'auto'` or the id of a known rendition. */
    knownQuality: ({ context }, params: { quality: VideoPlayerQuality }) =>
      params.quality === 'auto' || context.renditions.some((rendition) => rendition.id === params.quality),
    /** The id of a known audio track. */
    knownAudioTrack: ({ context }, params: { id: number }) => context.audioTracks.some((track) => track.id === params.id),
    /** `'off'` or the id of a known subtitle track. */
    knownSubtitleTrack: ({ context }, params: { id: VideoPlayerSubtitle }) =>
      params.id === 'off' || context.subtitleTracks.some((track) => track.id === params.id),
    /** The position asked for is before the end (a seek from `ended` that leaves it). */
    beforeEnd: ({ context }, params: { position: number }) => clampPosition(params.position, context.duration) < context.duration,
  },
}).createMachine({
  id: 'videoPlayer',
  description:
    'The video player (commerce §3 "Client state slices: player"): position and duration in seconds, volume 0–100 (default 100), muted, fullscreen, the stream\'s renditions and tracks with the viewer\'s choices, and the next episode offered at the end (or started, video.advance, when the input\'s autoAdvance is on). The media element\'s events (media.*) decide the state; the viewer\'s requests are emitted as video.* commands for the page to apply.',
  context: ({ input }) => {
    const volume = clampVolume(input?.volume ?? PLAYER_DEFAULT_VOLUME);
    const next = input?.nextEpisode;
    return {
      position: 0,
      duration: 0,
      volume,
      muted: (input?.muted ?? true) === true || volume === 0,
      fullscreen: false,
      live: input?.live === true,
      renditions: [],
      audioTracks: [],
      subtitleTracks: [],
      quality: 'auto' as VideoPlayerQuality,
      rendition: null,
      audioTrack: null,
      subtitleTrack: 'off' as VideoPlayerSubtitle,
      nextEpisode: next && typeof next.id === 'string' ? next : null,
      autoAdvance: input?.autoAdvance === true,
      error: null,
      retries: 0,
      preferences: { audioLanguage: input?.audioLanguage ?? null, subtitleLanguage: input?.subtitleLanguage ?? null },
    };
  },
  initial: 'loading',
  on: {
    'media.loadStart': { target: '.loading', actions: 'resetMedia' },
    'media.error': { target: '.error', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
    'media.loadedMetadata': { actions: { type: 'setDuration', params: ({ event }) => ({ duration: event.duration }) } },
    'media.timeUpdate': { actions: { type: 'setPosition', params: ({ event }) => ({ position: event.position }) } },
    'media.volumeChange': {
      actions: { type: 'takeElementVolume', params: ({ event }) => ({ volume: event.volume, muted: event.muted }) },
    },
    'media.fullscreenChange': { actions: { type: 'setFullscreen', params: ({ event }) => ({ fullscreen: event.fullscreen }) } },
    'media.tracks': {
      actions: [
        {
          type: 'storeTracks',
          params: ({ event }) => ({ renditions: event.renditions, audioTracks: event.audioTracks, subtitleTracks: event.subtitleTracks }),
        },
        'applyChoices',
      ],
    },
    'media.rendition': { actions: { type: 'setRendition', params: ({ event }) => ({ id: event.id }) } },
    play: { actions: 'requestPlay' },
    pause: { actions: 'requestPause' },
    seek: { actions: [{ type: 'setPosition', params: ({ event }) => ({ position: event.position }) }, 'requestSeek'] },
    setVolume: { actions: [{ type: 'setVolume', params: ({ event }) => ({ volume: event.volume }) }, 'requestVolume'] },
    toggleMute: { actions: ['toggleMute', 'requestVolume'] },
    toggleFullscreen: { actions: 'requestFullscreen' },
    selectQuality: {
      guard: { type: 'knownQuality', params: ({ event }) => ({ quality: event.quality }) },
      actions: [{ type: 'setQuality', params: ({ event }) => ({ quality: event.quality }) }, 'requestQuality'],
    },
    selectAudioTrack: {
      guard: { type: 'knownAudioTrack', params: ({ event }) => ({ id: event.id }) },
      actions: [{ type: 'setAudioTrack', params: ({ event }) => ({ id: event.id }) }, 'requestAudioTrack'],
    },
    selectSubtitleTrack: {
      guard: { type: 'knownSubtitleTrack', params: ({ event }) => ({ id: event.id }) },
      actions: [{ type: 'setSubtitleTrack', params: ({ event }) => ({ id: event.id }) }, 'requestSubtitleTrack'],
    },
  },
  states: {
    loading: {
      description: 'A source is loading; nothing to show yet.',
      on: {
        'media.loadedMetadata': {
          target: 'paused',
          actions: { type: 'setDuration', params: ({ event }) => ({ duration: event.duration }) },
        },
        'media.playing': { target: 'playing' },
        'media.pause': { target: 'paused' },
      },
    },
    paused: {
      description: 'Ready and not playing (also where a blocked autoplay leaves it).',
      on: {
        'media.playing': { target: 'playing' },
        'media.ended': { target: 'ended' },
      },
    },
    playing: {
      description: 'Frames are advancing.',
      on: {
        'media.pause': { target: 'paused' },
        'media.waiting': { target: 'buffering' },
        'media.ended': { target: 'ended' },
      },
    },
    buffering: {
      description: 'Waiting for data while playing.',
      on: {
        'media.playing': { target: 'playing' },
        'media.pause': { target: 'paused' },
        'media.ended': { target: 'ended' },
      },
    },
    ended: {
      description:
        'Played to the end (position = duration); the next episode is offered when there is one, or started (video.advance) when auto-advance is on. play starts again.',
      entry: ['toEnd', 'advanceWhenOn'],
      on: {
        'media.playing': { target: 'playing' },
        seek: {
          guard: { type: 'beforeEnd', params: ({ event }) => ({ position: event.position }) },
          target: 'paused',
          actions: [{ type: 'setPosition', params: ({ event }) => ({ position: event.position }) }, 'requestSeek'],
        },
      },
    },
    error: {
      description: 'The element or the stream failed; retry loads the source again.',
      on: {
        retry: { target: 'loading', actions: ['resetMedia', 'countRetry', 'requestLoad'] },
        'media.playing': { target: 'playing', actions: 'clearError' },
        play: {},
        pause: {},
        seek: {},
      },
    },
  },
});

/** The video player machine's type. */
export type VideoPlayerMachine = typeof videoPlayerMachine;
