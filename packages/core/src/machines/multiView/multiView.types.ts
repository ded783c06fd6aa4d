import type { ActorRefFrom } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { LiveStream } from '../../contracts/streamLeases.js';
import type { MultiViewActionFields, MultiViewLayoutState } from '../../domain/multiView.js';
import type { StreamLeaseMachine } from '../streamLease/streamLease.machine.js';
import type { PlaybackSource } from '../player/player.types.js';

/**
 * What one tile's player is doing: `idle` (not playing: another tile is enlarged, or the view is
 * stacked and this tile has no focus), `waiting` (its event has not started: the countdown;
 * `multiView.live` starts it), `loading` (the start is on its way), `playing` (a source and its
 * lease), `limited` (429 `CONCURRENCY_LIMIT`: `streams` hold the account's limit), `stopped` (the
 * platform no longer holds its lease), `locked` (403 `LICENCE_REQUIRED`), `failed` (any other error).
 */
export type MultiViewTileStatus = 'idle' | 'waiting' | 'loading' | 'playing' | 'limited' | 'stopped' | 'locked' | 'failed';

/** The player state of one tile (the per-tile part of the multi-video slice, §3). */
export interface MultiViewTilePlayer {
  eventId: string;
  status: MultiViewTileStatus;
  /** The event has not started (its countdown shows; it starts by itself on `multiView.live`). */
  upcoming: boolean;
  /** The source when `playing`, else null. */
  source: PlaybackSource | null;
  /** The tile's lease when `playing` (renewed by the one stream-lease machine), else null. */
  leaseId: string | null;
  /** When `limited`: the account's streams that hold its limit. */
  streams: LiveStream[];
  /** Internal: which start is current (a start answered for an older one is let go). */
  token: number;
}

/** Input of the multi-view machine. */
export interface MultiViewInput {
  /** Platform client: `api.streamLeases.start`, `heartbeat`, `stop`. */
  api: ApiClient;
  /** The event of `/multi-video/:eventId`, the first tile. */
  eventId: string;
  /** That event has not started yet. @default false */
  upcoming?: boolean | undefined;
  /** The viewport's width in CSS px (decides the stacked view). @default 1024 */
  widthPx?: number | undefined;
  /** The layout at start (for example a `?layout=` parameter). @default 'twoUp' */
  layout?: unknown;
}

/**
 * The events that change the layout: each action of the layout slice (`domain/multiView`'s
 * {@link MultiViewActionFields}) as `multiView.<type>` with the same fields; `add` and `swap` also
 * say whether the event has not started yet (`upcoming`).
 */
export type MultiViewLayoutEvent = {
  [T in keyof MultiViewActionFields]: { type: `multiView.${T}` } & MultiViewActionFields[T] & (T extends 'add' | 'swap' ? { upcoming?: boolean | undefined } : unknown);
}[keyof MultiViewActionFields];

/** Events of the multi-view machine. */
export type MultiViewEvent =
  | MultiViewLayoutEvent
  /** An upcoming event started: its tiles start playing. */
  | { type: 'multiView.live'; eventId: string }
  /** Starts a tile again (after `failed`, `limited`, `stopped`, or `locked` after a purchase). */
  | { type: 'multiView.retry'; key: string }
  /** When a tile is `limited`: stop the stream `leaseId` (another device), then start the tile. */
  | { type: 'multiView.stopStream'; key: string; leaseId: string }
  /** The viewer leaves: every lease is stopped on the platform. */
  | { type: 'multiView.end' }
  /** Internal: a start answered. */
  | { type: 'tile.started'; key: string; token: number; source: PlaybackSource; leaseId: string | null; heartbeatIntervalMs: number | null }
  /** Internal: a start failed. */
  | { type: 'tile.failed'; key: string; token: number; error: unknown }
  /** Internal: a heartbeat's answer (each lease's status). */
  | { type: 'leases.answer'; leases: readonly { leaseId: string; status: string }[] };

/** Context of the multi-view machine. */
export interface MultiViewContext {
  /** Layout, tiles, focus, enlarged tile, stacked (the pure slice of `domain/multiView`). */
  view: MultiViewLayoutState;
  /** Each tile's player, by tile key. */
  players: Record<string, MultiViewTilePlayer>;
  /** The one stream-lease machine renewing every tile's lease, or null before the first lease (and after it ended). */
  leases: ActorRefFrom<StreamLeaseMachine> | null;
  /** Internal: counters of start tokens and of lease machines. */
  seq: number;
  /** Internal: the client, and the abort of starts on the way when the machine ends. */
  env: { api: ApiClient; abort: AbortController };
}
