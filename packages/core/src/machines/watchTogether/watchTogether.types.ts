import type { Room } from '../../contracts/watchTogether.js';
import type { RoomPlaybackState } from '../../domain/watchTogether.js';

/** What a room's relay sends: the room (whole, after every change), or its closing by the host. */
export type RoomStreamEvent = { type: 'room'; room: Room } | { type: 'closed' };

/**
 * The platform calls of the watch-together machine. For example, with the API client:
 * `open: ({ titleId }) => api.watchTogether.create({ body: { titleId } })`,
 * `join: ({ roomId }) => api.watchTogether.join({ params: { roomId } })`,
 * `leave: ({ roomId }) => api.watchTogether.leave({ params: { roomId } }, { keepalive: true })`,
 * `publish: ({ roomId, state, positionMs }) => api.watchTogether.playback({ params: { roomId }, body: { state, positionMs } })`,
 * `subscribe`: the relay read with `api.eventStream` (server-sent events `room` and `closed`).
 */
export interface WatchTogetherCalls {
  open(request: { titleId: string }): Promise<Room>;
  join(request: { roomId: string }): Promise<Room>;
  leave(request: { roomId: string }): Promise<unknown>;
  publish(request: { roomId: string; state: RoomPlaybackState; positionMs: number }): Promise<Room>;
  /** The relay's events until it ends (an ended or failed relay is reconnected with backoff); aborted by `signal` when the machine leaves the room. */
  subscribe(request: { roomId: string; signal: AbortSignal }): AsyncIterable<RoomStreamEvent> | Promise<AsyncIterable<RoomStreamEvent>>;
}

/** Input of the watch-together machine. */
export interface WatchTogetherInput extends WatchTogetherCalls {
  /** The live event. */
  titleId: string;
  /** The room to join (a shared link); absent: the viewer opens a room and hosts it. */
  roomId?: string | undefined;
  /** The signed-in viewer's account id (the host is the one whose id is the room's `hostId`). */
  userId: string;
  /** The viewer's clock (epoch ms). @default Date.now */
  now?: (() => number) | undefined;
}

/** Why the machine cannot go on: `licence` (403 `LICENCE_REQUIRED`: the paywall), `gone` (no such room, or closed), `error` (anything else; retry). */
export type WatchTogetherProblem = 'licence' | 'gone' | 'error';

/** Context of the watch-together machine. */
export interface WatchTogetherContext {
  titleId: string;
  roomId: string | null;
  userId: string;
  /** The room as the platform last told it. */
  room: Room | null;
  /** The platform's clock minus the viewer's when the room was last received (ms): the viewer's time plus this is the platform's. */
  clockOffsetMs: number;
  /** Failed relay connections in a row (the backoff's attempt). */
  attempts: number;
  /** The host's update waiting to be sent while another is on its way (latest wins). */
  pendingUpdate: { state: RoomPlaybackState; positionMs: number } | null;
  /** The host's update on its way. */
  sendingUpdate: { state: RoomPlaybackState; positionMs: number } | null;
  problem: WatchTogetherProblem | null;
  /** Internal: the input's functions. */
  env: WatchTogetherCalls & { now: () => number };
}

/** Events of the watch-together machine. */
export type WatchTogetherEvent =
  /** The host played, paused or sought: its state and position (ms on the stream's timeline) go to the room. Ignored from a member. */
  | { type: 'host.update'; state: RoomPlaybackState; positionMs: number }
  /** The viewer leaves the room (a host's leaving closes it). */
  | { type: 'room.leave' }
  /** After a failure: try again. */
  | { type: 'retry' }
  /** Internal: from the relay. */
  | { type: 'relay.room'; room: Room }
  | { type: 'relay.closed' }
  | { type: 'relay.lost'; error: unknown };
