import type { ApiClient } from '../../api/types.js';
import type { ContentType, TitleType } from '../../contracts/index.js';

/** A playable title's type: `VOD`, `LIVE` (the older content items and catalogue titles), `EPISODE` or `CHANNEL` (catalogue titles). */
export type PlayableType = ContentType | Extract<TitleType, 'EPISODE' | 'CHANNEL'>;

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
