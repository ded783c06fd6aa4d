import type { ApiClient } from '../../api/types.js';
import type { ContentType, LiveStream, TitleType } from '../../contracts/index.js';
import type { LostLease } from '../streamLease/streamLease.types.js';

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
  /**
   * Start the playback as a stream of the account's concurrent streams (issue 17; docs/api.md
   * "Concurrent streams"): `POST /api/v2/playback/{type}/{id}` (`api.streamLeases.start`), whose
   * lease the machine renews with the heartbeat while `ready`; past the account's limit the
   * machine is `limited` with the streams that hold it. A signed-in viewer's player sets it.
   * @default false (`GET`, no lease)
   */
  lease?: boolean | undefined;
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
  /** Whether the playback takes a lease (input `lease`). */
  lease: boolean;
  /** The lease of the playback when `ready` with one (and its heartbeat interval, ms), else null. */
  leaseId: string | null;
  heartbeatIntervalMs: number | null;
  /** When `limited`: the account's live streams that hold its limit (429 `CONCURRENCY_LIMIT`'s `details.streams`). */
  streams: LiveStream[];
  /** The stream the viewer chose to stop (`stoppingStream`), else null. */
  stopping: string | null;
  /** When `stopped`: the lease the platform no longer holds, and why. */
  lost: LostLease[];
  /** Internal: the client. */
  env: { api: ApiClient };
}

/**
 * Events of the playback machine: load again (after a failure, after buying a licence, after a
 * stop); stop one of the account's streams when `limited`, then start again; end (let the lease go).
 */
export type PlaybackEvent =
  | { type: 'playback.retry' }
  | { type: 'playback.stopStream'; leaseId: string }
  /** The player is going away (the viewer left): its lease is stopped on the platform, so its place is free at once. */
  | { type: 'playback.end' };

/** Input of the `loadPlayback` actor. */
export interface PlaybackActorInput {
  api: ApiClient;
  type: PlayableType;
  id: string;
  /** Start with a lease (`api.streamLeases.start`) rather than `api.content.playback`. */
  lease?: boolean | undefined;
}
