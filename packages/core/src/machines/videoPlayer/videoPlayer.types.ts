/** Status of the video player: its state, as the media element's events tell it. */
export type VideoPlayerStatus = 'loading' | 'playing' | 'paused' | 'buffering' | 'ended' | 'error';

/** One video rendition of a stream (an HLS variant): its id in the stream's list, height in pixels, bit rate in bits per second. */
export interface VideoPlayerRendition {
  id: number;
  height: number;
  bitrate: number;
}

/** One audio or subtitle track: its id in the stream's list, its name, its language (BCP 47, may be `''`). */
export interface VideoPlayerTrack {
  id: number;
  name: string;
  language: string;
}

/** What a stream offers once its playlist is read: renditions and tracks, each possibly empty. */
export interface VideoPlayerTracks {
  renditions: VideoPlayerRendition[];
  audioTracks: VideoPlayerTrack[];
  subtitleTracks: VideoPlayerTrack[];
}

/** The rendition chosen: an id of {@link VideoPlayerRendition}, or `'auto'` (adaptive: the bandwidth decides). */
export type VideoPlayerQuality = number | 'auto';

/** The subtitles chosen: an id of a subtitle {@link VideoPlayerTrack}, or `'off'`. */
export type VideoPlayerSubtitle = number | 'off';

/** The episode that follows the one playing, offered at the end (its page is `path`). */
export interface VideoPlayerNextEpisode {
  id: string;
  title?: string | undefined;
  /** The app path of the next episode's watch page. */
  path?: string | undefined;
}

/** Input of the video player machine: the viewer's preferences and what the page knows of the title. */
export interface VideoPlayerInput {
  /** Volume 0–100 at start (clamped). @default 100 (commerce-and-account-data.md §9 "Default volume 100") */
  volume?: number | undefined;
  /** Muted at start (§3 "Preferences": muted defaults to true, so that autoplay is allowed). @default true */
  muted?: boolean | undefined;
  /** A live stream (no end, no duration). Also set when the element reports an infinite duration. @default false */
  live?: boolean | undefined;
  /** The next episode, offered at the end; absent or null: nothing is offered. @default null */
  nextEpisode?: VideoPlayerNextEpisode | null | undefined;
  /** Preferred audio language (§3 "Preferences: audioLanguage"), chosen when the tracks are known. @default null (the stream's default) */
  audioLanguage?: string | null | undefined;
  /** Preferred subtitle language (§3 "Preferences: subTitleLanguage (or off)"); null or `'off'` for none. @default null */
  subtitleLanguage?: string | null | undefined;
  /**
   * Start the next episode at the end (§3 "Preferences: autoAdvance"): when the video ends and
   * `nextEpisode` has a `path`, the machine emits `video.advance` instead of waiting on the
   * "Next episode" offer. @default false (the offer only)
   */
  autoAdvance?: boolean | undefined;
}

/**
 * Context of the video player machine: the client-state player slice of
 * commerce-and-account-data.md §3 "Client state slices: player (position, duration, volume,
 * muted, fullscreen)" plus the stream's renditions and tracks and the viewer's choices.
 */
export interface VideoPlayerContext {
  /** Current position, in seconds; 0 ≤ position, and ≤ duration once the duration is known. */
  position: number;
  /** Duration, in seconds; 0 while unknown and for a live stream. */
  duration: number;
  /** Volume, 0–100. @default 100 */
  volume: number;
  muted: boolean;
  /** Whether the player is full screen, as the document reports it (`media.fullscreenChange`). */
  fullscreen: boolean;
  /** A live stream: no duration, position not bounded by it. */
  live: boolean;
  /** The stream's renditions (empty until `media.tracks`, and where the browser plays HLS itself). */
  renditions: VideoPlayerRendition[];
  audioTracks: VideoPlayerTrack[];
  subtitleTracks: VideoPlayerTrack[];
  /** The rendition the viewer chose. @default 'auto' */
  quality: VideoPlayerQuality;
  /** The rendition playing now (`media.rendition`), or null while unknown. */
  rendition: number | null;
  /** The audio track chosen, or null for the stream's default. */
  audioTrack: number | null;
  /** The subtitles chosen. @default 'off' */
  subtitleTrack: VideoPlayerSubtitle;
  /** The next episode of the input, offered when the video ends (see `connectVideoPlayer`). */
  nextEpisode: VideoPlayerNextEpisode | null;
  /** The input's `autoAdvance`: at the end, the next episode (with a path) starts by itself. */
  autoAdvance: boolean;
  /** What the element or the stream reported with `media.error` (a MediaError, hls.js's fatal error…), or null. Never shown as text. */
  error: unknown;
  /** `retry`s since the player was created. */
  retries: number;
  /** Internal: the preferred languages of the input. */
  preferences: { audioLanguage: string | null; subtitleLanguage: string | null };
}

/**
 * Events of the video player machine. `media.*` are what the media element (or the stream
 * bridge over it) reports; the others are what the viewer asks. Times in seconds, volume 0–100.
 */
export type VideoPlayerEvent =
  /** A new source began loading (`loadstart`): back to `loading`, position and duration reset. */
  | { type: 'media.loadStart' }
  /** `loadedmetadata` and `durationchange`: `duration` in seconds (Infinity: a live stream; NaN: unknown). */
  | { type: 'media.loadedMetadata'; duration: number }
  /** `playing`: frames are advancing. */
  | { type: 'media.playing' }
  /** `pause`. */
  | { type: 'media.pause' }
  /** `waiting`: playback stopped for lack of data. */
  | { type: 'media.waiting' }
  /** `timeupdate` (and `seeked`): `position` = `currentTime` in seconds. */
  | { type: 'media.timeUpdate'; position: number }
  /** `ended`. */
  | { type: 'media.ended' }
  /** `error`, or a fatal error of the stream (`error`: what was reported). */
  | { type: 'media.error'; error?: unknown }
  /** `volumechange` (the element's own controls): `volume` 0–100 (the element's 0–1 × 100). */
  | { type: 'media.volumeChange'; volume: number; muted: boolean }
  /** The document's `fullscreenchange`: whether the player is now full screen. */
  | { type: 'media.fullscreenChange'; fullscreen: boolean }
  /** The stream's renditions and tracks, once known (and each time they change). */
  | ({ type: 'media.tracks' } & VideoPlayerTracks)
  /** The rendition now playing (`id`). */
  | { type: 'media.rendition'; id: number }
  | { type: 'play' }
  | { type: 'pause' }
  /** Go to `position` seconds (clamped to 0…duration). */
  | { type: 'seek'; position: number }
  /** Volume 0–100 (clamped); 0 mutes, above 0 unmutes. */
  | { type: 'setVolume'; volume: number }
  /** Mute or unmute; unmuting at volume 0 restores 100. */
  | { type: 'toggleMute' }
  | { type: 'toggleFullscreen' }
  /** A rendition id of `context.renditions`, or `'auto'`. */
  | { type: 'selectQuality'; quality: VideoPlayerQuality }
  /** An audio track id of `context.audioTracks`. */
  | { type: 'selectAudioTrack'; id: number }
  /** A subtitle track id of `context.subtitleTracks`, or `'off'`. */
  | { type: 'selectSubtitleTrack'; id: VideoPlayerSubtitle }
  /** After an error: load the source again. */
  | { type: 'retry' };

/**
 * What the machine asks the page to do to the media element (emitted; listen with
 * `actor.on('*', …)` or per type): the page calls `video.play()`, sets `currentTime`, and so on,
 * and the element's events come back as `media.*`.
 */
export type VideoPlayerCommand =
  | { type: 'video.play' }
  | { type: 'video.pause' }
  /** Set `currentTime` to `position` seconds. */
  | { type: 'video.seek'; position: number }
  /** Set `volume` (0–100: the element's is this / 100) and `muted`. */
  | { type: 'video.volume'; volume: number; muted: boolean }
  /** Enter (`requestFullscreen`) or leave (`document.exitFullscreen`) full screen. */
  | { type: 'video.fullscreen'; fullscreen: boolean }
  | { type: 'video.quality'; quality: VideoPlayerQuality }
  | { type: 'video.audioTrack'; id: number }
  | { type: 'video.subtitleTrack'; id: VideoPlayerSubtitle }
  /** Load the source again (after an error). */
  | { type: 'video.load' }
  /** Auto-advance: the video ended and the next episode starts; go to its watch page (`nextEpisode.path`). */
  | { type: 'video.advance'; nextEpisode: VideoPlayerNextEpisode & { path: string } };
