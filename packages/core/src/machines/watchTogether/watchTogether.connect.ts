import type { SnapshotFrom } from 'xstate';
import type { Room, RoomMember } from '../../contracts/watchTogether.js';
import { followHost, type FollowAction, type RoomPlaybackState } from '../../domain/watchTogether.js';
import type { WatchTogetherMachine } from './watchTogether.machine.js';
import type { WatchTogetherEvent, WatchTogetherProblem } from './watchTogether.types.js';

/** A snapshot of the watch-together machine. */
export type WatchTogetherSnapshot = SnapshotFrom<WatchTogetherMachine>;

/** What the watch-together page shows: `entering` (opening or joining), `room`, `locked` (the paywall), `gone`, `closed`, `left`, `failed`. */
export type WatchTogetherStatus = 'entering' | 'room' | 'locked' | 'gone' | 'closed' | 'left' | 'failed';

/** What a watch-together page needs. */
export interface WatchTogetherApi {
  status: WatchTogetherStatus;
  room: Room | null;
  members: readonly RoomMember[];
  /** The viewer hosts the room (its play, pause and seek go to the members). */
  isHost: boolean;
  /** The relay is being reconnected (the members' list may be stale). */
  reconnecting: boolean;
  problem: WatchTogetherProblem | null;
  /**
   * A member's player at `positionMs` (ms on the stream's timeline), at the viewer's clock
   * `nowMs`: what to do to follow the host (`followHost` on the platform's clock); null for the
   * host, or before the host's first update.
   */
  follow(positionMs: number, nowMs: number): FollowAction | null;
  /** The host's player played, paused or sought: `state` and position (ms on the stream's timeline). */
  publish(state: RoomPlaybackState, positionMs: number): void;
  leave(): void;
  retry(): void;
}

/** Turns a watch-together snapshot and its `send` into what a page needs. */
export function connectWatchTogether(snapshot: WatchTogetherSnapshot, send: (event: WatchTogetherEvent) => void): WatchTogetherApi {
  const { room, userId, clockOffsetMs, problem } = snapshot.context;
  const isHost = room !== null && room.hostId === userId;
  const status: WatchTogetherStatus = snapshot.matches('inRoom')
    ? 'room'
    : snapshot.matches('locked')
      ? 'locked'
      : snapshot.matches('gone')
        ? 'gone'
        : snapshot.matches('closed')
          ? 'closed'
          : snapshot.matches('left') || snapshot.matches('leaving')
            ? 'left'
            : snapshot.matches('failed')
              ? 'failed'
              : 'entering';
  return {
    status,
    room,
    members: room?.members ?? [],
    isHost,
    reconnecting: snapshot.matches({ inRoom: { relay: 'waiting' } }),
    problem,
    follow(positionMs, nowMs) {
      const playback = room?.playback;
      if (isHost || !playback) return null;
      const host = { state: playback.state, positionMs: playback.positionMs, updatedAtMs: Date.parse(playback.updatedAt) };
      return followHost(host, positionMs, nowMs + clockOffsetMs);
    },
    publish: (state, positionMs) => send({ type: 'host.update', state, positionMs }),
    leave: () => send({ type: 'room.leave' }),
    retry: () => send({ type: 'retry' }),
  };
}
