import type { ApiClient } from '../../api/types.js';
import type { ContentType, TitleType } from '../../contracts/index.js';

/** A playable title's type: `VOD`, `LIVE` (the older content items and catalogue titles), `EPISODE` or `CHANNEL` (catalogue titles). */
export type PlayableType = ContentType | Extract<TitleType, 'EPISODE' | 'CHANNEL'>;

/** Status of the player slice: the `<video>` element's state as its events tell it. */
export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'ended' | 'error';

/** Input of the player machine (optional): the viewer's preferences at start. */
export interface PlayerInput {
  /** Volume 0–100 at start. @default 100 */
  volume?: number;
  /** Muted at start (§3 "Preferences": muted defaults to true, so autoplay is allowed). @default true */
  muted?: boolean;
}

/**
 * Context of the player machine: the client-state player slice of commerce-and-account-data.md
 * §3 "Client state slices: player".
 */
export interface PlayerContext {
  /** Current position, in seconds (0 ≤ position; ≤ duration once the duration is known). */
  position: number;
  /** Duration of the media, in seconds; 0 until `media.loaded` (and for a live stream without one). */
  duration: number;
  /** Volume, 0–100 (integer or not, as set). @default 100 */
  volume: number;
  /** Muted. Setting the volume to 0 mutes; setting it above 0 unmutes. @default true */
  muted: boolean;
  /** Whether the player is full screen. @default false */
  fullscreen: boolean;
  /** Same as the machine's state. */
  status: PlayerStatus;
}

/**
 * Events of the player machine. The web app's `<video>` element sends the `media.*` events
 * (`loadstart`, `loadedmetadata`, `timeupdate`, `play`/`playing`, `pause`, `ended`, `error`);
 * the controls send the others and then apply the context to the element.
 */
export type PlayerEvent =
  /** A source was set and is loading (`loadstart`). */
  | { type: 'media.load' }
  /** The metadata arrived (`loadedmetadata`); `duration` in seconds (NaN or Infinity for live → 0). */
  | { type: 'media.loaded'; duration: number }
  /** The position changed (`timeupdate`, seeking); `position` in seconds. */
  | { type: 'media.time'; position: number }
  | { type: 'media.play' }
  | { type: 'media.pause' }
  | { type: 'media.ended' }
  | { type: 'media.error' }
  /** Volume 0–100; clamped; 0 mutes, above 0 unmutes. */
  | { type: 'volume.set'; volume: number }
  /** Mute or unmute; unmuting at volume 0 restores the default volume 100. */
  | { type: 'mute.toggle' }
  | { type: 'fullscreen.set'; value: boolean };

/** Input of the playback machine: which content item to play. */
export interface PlaybackInput {
  /** Platform client; the `loadPlayback` actor calls `api.content.playback({ params: { type, id } })`. */
  api: ApiClient;
  /** `VOD` (on-demand video), `LIVE` (live event), `EPISODE` or `CHANNEL` (a live channel). */
  type: PlayableType;
  /** Content item id. */
  id: string;
}

/** A playable source: the URL to set on the `<video>` and its MIME type (for example `video/mp4`). */
export interface PlaybackSource {
  url: string;
  mimeType: string;
}

/** Context of the playback machine. */
export interface PlaybackContext {
  type: PlayableType;
  id: string;
  /** The source once `ready`, else null. */
  source: PlaybackSource | null;
  /** Joined server messages or the key `'anErrorOccured'` when `failed`, else null. */
  error: string | null;
  /** Internal: the client. */
  env: { api: ApiClient };
}

/** Events of the playback machine: load again (after a failure, or after buying a licence). */
export type PlaybackEvent = { type: 'playback.retry' };

/** Input of the `loadPlayback` actor. */
export interface PlaybackActorInput {
  api: ApiClient;
  type: PlayableType;
  id: string;
}
