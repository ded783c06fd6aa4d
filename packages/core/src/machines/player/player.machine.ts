import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '../../api/errors.js';
import type { Playback } from '../../contracts/index.js';
import { joinedServerMessages } from '../subscription/subscription.machine.js';
import type {
  PlaybackActorInput,
  PlaybackContext,
  PlaybackEvent,
  PlaybackInput,
  PlayerContext,
  PlayerEvent,
  PlayerInput,
  PlayerStatus,
} from './player.types.js';

/** Default volume (0–100) of the player slice, also the volume an unmute at 0 restores. */
export const PLAYER_DEFAULT_VOLUME = 100;

/**
 * Clamps a volume to 0–100. NaN → `fallback` (the current volume); ±Infinity clamps. Pure.
 */
export function clampVolume(volume: number, fallback: number = PLAYER_DEFAULT_VOLUME): number {
  if (Number.isNaN(volume)) return fallback;
  return Math.min(100, Math.max(0, volume));
}

/** A media time in seconds made safe: NaN, negative or -Infinity → 0; Infinity → 0 (live, unknown). */
function seconds(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * The client-state player slice (commerce-and-account-data.md §3 "Client state slices: player":
 * position, duration, volume, muted, fullscreen). Pure state, no I/O: the web app's `<video>`
 * element sends the `media.*` events and the controls send `volume.set`, `mute.toggle` and
 * `fullscreen.set`, which apply in every state. States equal `context.status`: `idle` →
 * `media.load` → `loading` → `media.loaded { duration }` → `paused`; `media.play` → `playing`;
 * `media.pause` → `paused`; `media.ended` → `ended` (position = duration); `media.error` → `error`
 * (a new `media.load` tries again). Volume is clamped to 0–100; 0 mutes, above 0 unmutes; unmuting
 * at 0 restores 100. Defaults: volume 100, muted true (autoplay), fullscreen false.
 */
export const playerMachine = setup({
  types: {} as { context: PlayerContext; events: PlayerEvent; input: PlayerInput | undefined },
  actions: {
    setStatus: assign((_, params: { status: PlayerStatus }) => ({ status: params.status })),
    setDuration: assign(({ context }, params: { duration: number }) => {
      const duration = seconds(params.duration);
      return { duration, position: duration > 0 ? Math.min(context.position, duration) : context.position };
    }),
    setPosition: assign(({ context }, params: { position: number }) => {
      const position = seconds(params.position);
      return { position: context.duration > 0 ? Math.min(position, context.duration) : position };
    }),
    resetMedia: assign({ position: 0, duration: 0 }),
    toEnd: assign(({ context }) => ({ position: context.duration > 0 ? context.duration : context.position })),
    setVolume: assign(({ context }, params: { volume: number }) => {
      const volume = clampVolume(params.volume, context.volume);
      return { volume, muted: volume === 0 };
    }),
    toggleMute: assign(({ context }) =>
      context.muted
        ? { muted: false, volume: context.volume === 0 ? PLAYER_DEFAULT_VOLUME : context.volume }
        : { muted: true },
    ),
    setFullscreen: assign((_, params: { value: boolean }) => ({ fullscreen: params.value === true })),
  },
}).createMachine({
  id: 'player',
  description:
    'The client-state player slice (commerce §3 "Client state slices: player"): position and duration in seconds, volume 0–100 (default 100), muted (default true), fullscreen (default false) and the status the video element reports. Pure state: the <video> element sends media.* events; volume, mute and fullscreen apply in every state.',
  context: ({ input }) => {
    const volume = clampVolume(input?.volume ?? PLAYER_DEFAULT_VOLUME);
    return {
      position: 0,
      duration: 0,
      volume,
      muted: (input?.muted ?? true) || volume === 0,
      fullscreen: false,
      status: 'idle' as PlayerStatus,
    };
  },
  initial: 'idle',
  on: {
    'volume.set': { actions: { type: 'setVolume', params: ({ event }) => ({ volume: event.volume }) } },
    'mute.toggle': { actions: 'toggleMute' },
    'fullscreen.set': { actions: { type: 'setFullscreen', params: ({ event }) => ({ value: event.value }) } },
    'media.time': { actions: { type: 'setPosition', params: ({ event }) => ({ position: event.position }) } },
    'media.error': { target: '.error' },
  },
  states: {
    idle: {
      description: 'No media yet.',
      entry: { type: 'setStatus', params: { status: 'idle' } },
      on: {
        'media.load': { target: 'loading' },
        'media.loaded': { target: 'paused', actions: { type: 'setDuration', params: ({ event }) => ({ duration: event.duration }) } },
        'media.play': { target: 'playing' },
      },
    },
    loading: {
      description: 'A source is loading.',
      entry: [{ type: 'setStatus', params: { status: 'loading' } }, 'resetMedia'],
      on: {
        'media.loaded': { target: 'paused', actions: { type: 'setDuration', params: ({ event }) => ({ duration: event.duration }) } },
        'media.play': { target: 'playing' },
      },
    },
    paused: {
      description: 'Loaded and not playing.',
      entry: { type: 'setStatus', params: { status: 'paused' } },
      on: {
        'media.play': { target: 'playing' },
        'media.ended': { target: 'ended' },
        'media.load': { target: 'loading' },
        'media.loaded': { actions: { type: 'setDuration', params: ({ event }) => ({ duration: event.duration }) } },
      },
    },
    playing: {
      description: 'Playing.',
      entry: { type: 'setStatus', params: { status: 'playing' } },
      on: {
        'media.pause': { target: 'paused' },
        'media.ended': { target: 'ended' },
        'media.load': { target: 'loading' },
        'media.loaded': { actions: { type: 'setDuration', params: ({ event }) => ({ duration: event.duration }) } },
      },
    },
    ended: {
      description: 'Played to the end; play starts again.',
      entry: [{ type: 'setStatus', params: { status: 'ended' } }, 'toEnd'],
      on: {
        'media.play': { target: 'playing' },
        'media.load': { target: 'loading' },
      },
    },
    error: {
      description: 'The element reported an error; a new load tries again.',
      entry: { type: 'setStatus', params: { status: 'error' } },
      on: { 'media.load': { target: 'loading' } },
    },
  },
});

/** The player machine's type. */
export type PlayerMachine = typeof playerMachine;

/** True for the platform's answer that no licence of the viewer grants the item: 403 `LICENCE_REQUIRED`. */
export function isLicenceRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'LICENCE_REQUIRED';
}

/**
 * Loads a playable source for one content item: `loading` (actor `loadPlayback` =
 * `api.content.playback({ params: { type, id } })`) → `ready` (`context.source` = `{ url, mimeType }`), or
 * `locked` when the platform answers 403 `LICENCE_REQUIRED` (the view shows the paywall), or
 * `failed` for any other error (joined server messages or `'anErrorOccured'`). `playback.retry`
 * loads again from `failed` and from `locked` (after a purchase). Reads are not retried by
 * themselves. Content calls: docs/api.md; the paywall: issue 3.
 */
export const playbackMachine = setup({
  types: {} as { context: PlaybackContext; events: PlaybackEvent; input: PlaybackInput },
  actors: {
    /** `api.content.playback({ params: { type, id } })` → `{ url, mimeType, expiresAt? }`. */
    loadPlayback: fromPromise<Playback, PlaybackActorInput>(({ input }) =>
      input.api.content.playback({ params: { type: input.type, id: input.id } }),
    ),
  },
  actions: {
    storeSource: assign((_, params: { playback: Playback }) => ({
      source: { url: params.playback.url, mimeType: params.playback.mimeType },
      error: null,
    })),
    clearSource: assign({ source: null, error: null }),
    storeError: assign((_, params: { error: unknown }) => ({ error: joinedServerMessages(params.error) })),
  },
  guards: {
    /** The error is 403 `LICENCE_REQUIRED`. */
    licenceRequired: (_, params: { error: unknown }) => isLicenceRequired(params.error),
  },
}).createMachine({
  id: 'playback',
  description:
    'Loads a playable source for one content item (GET /api/v2/playback/{type}/{id}): ready with the source, locked on 403 LICENCE_REQUIRED (the paywall), failed on any other error; playback.retry loads again.',
  context: ({ input }) => ({ type: input.type, id: input.id, source: null, error: null, env: { api: input.api } }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking the platform for a source.',
      entry: 'clearSource',
      invoke: {
        id: 'loadPlayback',
        src: 'loadPlayback',
        input: ({ context }) => ({ api: context.env.api, type: context.type, id: context.id }),
        onDone: { target: 'ready', actions: { type: 'storeSource', params: ({ event }) => ({ playback: event.output }) } },
        onError: [
          { guard: { type: 'licenceRequired', params: ({ event }) => ({ error: event.error }) }, target: 'locked' },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    ready: { description: 'A source to play is in context.source.' },
    locked: {
      description: 'No licence of the viewer grants the item: the paywall. playback.retry after a purchase.',
      on: { 'playback.retry': { target: 'loading' } },
    },
    failed: {
      description: 'The source could not be loaded; playback.retry tries again.',
      on: { 'playback.retry': { target: 'loading' } },
    },
  },
});

/** The playback machine's type. */
export type PlaybackMachine = typeof playbackMachine;
