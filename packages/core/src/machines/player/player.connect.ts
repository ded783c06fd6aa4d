import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PlaybackMachine, PlayerMachine } from './player.machine.js';
import type { PlaybackEvent, PlaybackSource, PlayerEvent, PlayerStatus } from './player.types.js';

/** A running player actor. */
export type PlayerActorRef = ActorRefFrom<PlayerMachine>;
/** A snapshot of the player machine. */
export type PlayerSnapshot = SnapshotFrom<PlayerMachine>;
/** A running playback actor. */
export type PlaybackActorRef = ActorRefFrom<PlaybackMachine>;
/** A snapshot of the playback machine. */
export type PlaybackSnapshot = SnapshotFrom<PlaybackMachine>;

/**
 * What a player view needs: the slice to apply to the `<video>` element and its controls, and
 * the handlers to wire to the element's events and the controls.
 */
export interface PlayerApi {
  status: PlayerStatus;
  /** Seconds. */
  position: number;
  /** Seconds; 0 while unknown (live). */
  duration: number;
  /** position / duration in 0–1; 0 while the duration is unknown. */
  progress: number;
  /** 0–100; the element's `volume` is this / 100. */
  volume: number;
  muted: boolean;
  fullscreen: boolean;
  playing: boolean;
  /** `loadstart`. */
  onLoadStart(): void;
  /** `loadedmetadata`: pass `video.duration` (seconds). */
  onLoaded(duration: number): void;
  /** `timeupdate`: pass `video.currentTime` (seconds). */
  onTime(position: number): void;
  /** `play` / `playing`. */
  onPlay(): void;
  /** `pause`. */
  onPause(): void;
  /** `ended`. */
  onEnded(): void;
  /** `error`. */
  onError(): void;
  /** Sets the volume (0–100, clamped; 0 mutes, above 0 unmutes). */
  setVolume(volume: number): void;
  toggleMute(): void;
  setFullscreen(value: boolean): void;
}

/** Turns a player snapshot and its `send` into what a view needs. §3 "Client state slices: player". */
export function connectPlayer(snapshot: PlayerSnapshot, send: (event: PlayerEvent) => void): PlayerApi {
  const { position, duration, volume, muted, fullscreen, status } = snapshot.context;
  return {
    status,
    position,
    duration,
    progress: duration > 0 ? Math.min(1, position / duration) : 0,
    volume,
    muted,
    fullscreen,
    playing: status === 'playing',
    onLoadStart: () => send({ type: 'media.load' }),
    onLoaded: (value) => send({ type: 'media.loaded', duration: value }),
    onTime: (value) => send({ type: 'media.time', position: value }),
    onPlay: () => send({ type: 'media.play' }),
    onPause: () => send({ type: 'media.pause' }),
    onEnded: () => send({ type: 'media.ended' }),
    onError: () => send({ type: 'media.error' }),
    setVolume: (value) => send({ type: 'volume.set', volume: value }),
    toggleMute: () => send({ type: 'mute.toggle' }),
    setFullscreen: (value) => send({ type: 'fullscreen.set', value }),
  };
}

/** Status of a playback load, for the view. */
export type PlaybackStatus = 'loading' | 'ready' | 'locked' | 'failed';

/** What a view needs to play one content item or show the paywall. */
export interface PlaybackApi {
  /** `locked`: no licence of the viewer grants the item; show the paywall. */
  status: PlaybackStatus;
  /** The source to set on the `<video>` when `ready`, else null. */
  source: PlaybackSource | null;
  /** When `failed`: joined server messages or the key `'anErrorOccured'` (render with `t(error)`); else null. */
  error: string | null;
  /** Loads again (from `failed`, or from `locked` after a purchase); ignored otherwise. */
  retry(): void;
}

/** Turns a playback snapshot and its `send` into what a view needs. */
export function connectPlayback(snapshot: PlaybackSnapshot, send: (event: PlaybackEvent) => void): PlaybackApi {
  const status: PlaybackStatus = snapshot.matches('ready')
    ? 'ready'
    : snapshot.matches('locked')
      ? 'locked'
      : snapshot.matches('failed')
        ? 'failed'
        : 'loading';
  return {
    status,
    source: snapshot.context.source,
    error: snapshot.context.error,
    retry: () => send({ type: 'playback.retry' }),
  };
}
