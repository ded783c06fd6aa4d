import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { VideoPlayerMachine } from './videoPlayer.machine.js';
import type {
  VideoPlayerContext,
  VideoPlayerEvent,
  VideoPlayerNextEpisode,
  VideoPlayerQuality,
  VideoPlayerRendition,
  VideoPlayerStatus,
  VideoPlayerSubtitle,
  VideoPlayerTracks,
} from './videoPlayer.types.js';

/** A running video player actor (listen to its commands with `actor.on('*', …)`). */
export type VideoPlayerActorRef = ActorRefFrom<VideoPlayerMachine>;
/** A snapshot of the video player machine. */
export type VideoPlayerSnapshot = SnapshotFrom<VideoPlayerMachine>;

/** What a player view needs: the slice to render, the element's event handlers and the controls. */
export interface VideoPlayerApi
  extends Pick<
    VideoPlayerContext,
    | 'position'
    | 'duration'
    | 'volume'
    | 'muted'
    | 'fullscreen'
    | 'live'
    | 'renditions'
    | 'audioTracks'
    | 'subtitleTracks'
    | 'quality'
    | 'audioTrack'
    | 'subtitleTrack'
  > {
  status: VideoPlayerStatus;
  /** Playing or waiting for data to play (the play/pause control shows "pause"). */
  playing: boolean;
  buffering: boolean;
  /** position / duration in 0–1; 0 while the duration is unknown. */
  progress: number;
  /** The rendition playing now, or null while unknown. */
  rendition: VideoPlayerRendition | null;
  /** The next episode, only once the video has ended and when there is one; else null. */
  nextEpisode: VideoPlayerNextEpisode | null;
  /** The video ended and the next episode is starting by itself (auto-advance; the page follows `video.advance`). */
  advancing: boolean;
  /** In `error`: show the error and a retry control. */
  failed: boolean;
  /** `loadstart`. */
  onLoadStart(): void;
  /** `loadedmetadata` and `durationchange`: pass `video.duration` (seconds). */
  onLoadedMetadata(duration: number): void;
  /** `playing`. */
  onPlaying(): void;
  /** `pause`. */
  onPause(): void;
  /** `waiting`. */
  onWaiting(): void;
  /** `timeupdate` and `seeked`: pass `video.currentTime` (seconds). */
  onTimeUpdate(position: number): void;
  /** `ended`. */
  onEnded(): void;
  /** `error`, or a fatal error of the stream. */
  onError(error?: unknown): void;
  /** `volumechange`: pass the element's `volume` (0–1) and `muted`. */
  onVolumeChange(elementVolume: number, muted: boolean): void;
  /** The document's `fullscreenchange`: pass whether the player is the full-screen element. */
  onFullscreenChange(fullscreen: boolean): void;
  /** The stream's renditions and tracks (the stream bridge's `onTracks`). */
  onTracks(tracks: VideoPlayerTracks): void;
  /** The rendition now playing (the stream bridge's `onRendition`). */
  onRendition(id: number): void;
  play(): void;
  pause(): void;
  /** Pauses when playing or buffering, else plays (the space key, a click on the video). */
  togglePlay(): void;
  /** Goes to `position` seconds. */
  seek(position: number): void;
  /** Moves by `seconds` (negative: back), for the arrow keys. */
  seekBy(seconds: number): void;
  /** 0–100. */
  setVolume(volume: number): void;
  toggleMute(): void;
  toggleFullscreen(): void;
  selectQuality(quality: VideoPlayerQuality): void;
  selectAudioTrack(id: number): void;
  selectSubtitleTrack(id: VideoPlayerSubtitle): void;
  /** Loads the source again after an error. */
  retry(): void;
}

/**
 * Turns a video player snapshot and its `send` into what a view needs (commerce-and-account-data.md
 * §3 "Client state slices: player"). The page also listens to the actor's emitted `video.*`
 * commands and applies them to the element.
 */
export function connectVideoPlayer(snapshot: VideoPlayerSnapshot, send: (event: VideoPlayerEvent) => void): VideoPlayerApi {
  const { context } = snapshot;
  const status = snapshot.value as VideoPlayerStatus;
  const playing = status === 'playing' || status === 'buffering';
  return {
    status,
    playing,
    buffering: status === 'buffering',
    position: context.position,
    duration: context.duration,
    progress: context.duration > 0 ? Math.min(1, context.position / context.duration) : 0,
    volume: context.volume,
    muted: context.muted,
    fullscreen: context.fullscreen,
    live: context.live,
    renditions: context.renditions,
    audioTracks: context.audioTracks,
    subtitleTracks: context.subtitleTracks,
    quality: context.quality,
    rendition: context.renditions.find((rendition) => rendition.id === context.rendition) ?? null,
    audioTrack: context.audioTrack,
    subtitleTrack: context.subtitleTrack,
    nextEpisode: status === 'ended' ? context.nextEpisode : null,
    advancing: status === 'ended' && context.autoAdvance && typeof context.nextEpisode?.path === 'string' && context.nextEpisode.path !== '',
    failed: status === 'error',
    onLoadStart: () => send({ type: 'media.loadStart' }),
    onLoadedMetadata: (duration) => send({ type: 'media.loadedMetadata', duration }),
    onPlaying: () => send({ type: 'media.playing' }),
    onPause: () => send({ type: 'media.pause' }),
    onWaiting: () => send({ type: 'media.waiting' }),
    onTimeUpdate: (position) => send({ type: 'media.timeUpdate', position }),
    onEnded: () => send({ type: 'media.ended' }),
    onError: (error) => send({ type: 'media.error', error }),
    onVolumeChange: (elementVolume, muted) => send({ type: 'media.volumeChange', volume: elementVolume * 100, muted }),
    onFullscreenChange: (fullscreen) => send({ type: 'media.fullscreenChange', fullscreen }),
    onTracks: (tracks) => send({ type: 'media.tracks', ...tracks }),
    onRendition: (id) => send({ type: 'media.rendition', id }),
    play: () => send({ type: 'play' }),
    pause: () => send({ type: 'pause' }),
    togglePlay: () => send({ type: playing ? 'pause' : 'play' }),
    seek: (position) => send({ type: 'seek', position }),
    seekBy: (seconds) => send({ type: 'seek', position: context.position + (Number.isFinite(seconds) ? seconds : 0) }),
    setVolume: (volume) => send({ type: 'setVolume', volume }),
    toggleMute: () => send({ type: 'toggleMute' }),
    toggleFullscreen: () => send({ type: 'toggleFullscreen' }),
    selectQuality: (quality) => send({ type: 'selectQuality', quality }),
    selectAudioTrack: (id) => send({ type: 'selectAudioTrack', id }),
    selectSubtitleTrack: (id) => send({ type: 'selectSubtitleTrack', id }),
    retry: () => send({ type: 'retry' }),
  };
}
