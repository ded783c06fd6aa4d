import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PlaybackMachine } from './player.machine.js';
import type { LiveStream } from '../../contracts/streamLeases.js';
import type { LostLease } from '../streamLease/streamLease.types.js';
import type { PlaybackEvent, PlaybackSource } from './player.types.js';

/** A running playback actor. */
export type PlaybackActorRef = ActorRefFrom<PlaybackMachine>;
/** A snapshot of the playback machine. */
export type PlaybackSnapshot = SnapshotFrom<PlaybackMachine>;

/** Status of a playback load, for the view. */
export type PlaybackStatus = 'loading' | 'ready' | 'locked' | 'failed' | 'limited' | 'stopped';

/** What a view needs to play one content item or show the paywall. */
export interface PlaybackApi {
  /** `locked`: no licence of the viewer grants the item; show the paywall. */
  status: PlaybackStatus;
  /** The source to set on the `<video>` when `ready`, else null. */
  source: PlaybackSource | null;
  /** When `failed`: joined server messages or the key `'anErrorOccured'` (render with `t(error)`); else null. */
  error: string | null;
  /** When `limited` (the account plays its limit of streams): the streams that hold it, oldest first; else empty. */
  streams: readonly LiveStream[];
  /** The stream being stopped (`playback.stopStream`), else null (the status is then `loading`). */
  stopping: string | null;
  /** When `stopped` (the platform no longer holds the lease: stopped on another device, or expired): why; else empty. */
  lost: readonly LostLease[];
  /** Loads again (from `failed`, `limited`, `stopped`, or from `locked` after a purchase); ignored otherwise. */
  retry(): void;
  /** When `limited`: stops the stream `leaseId` (on the device that holds it), then starts again. */
  stopStream(leaseId: string): void;
  /** The player is going away: its lease (if any) is stopped on the platform. Send it before stopping the actor. */
  end(): void;
}

/** Turns a playback snapshot and its `send` into what a view needs. */
export function connectPlayback(snapshot: PlaybackSnapshot, send: (event: PlaybackEvent) => void): PlaybackApi {
  const status: PlaybackStatus = snapshot.matches('ready')
    ? 'ready'
    : snapshot.matches('locked')
      ? 'locked'
      : snapshot.matches('failed')
        ? 'failed'
        : snapshot.matches('limited')
          ? 'limited'
          : snapshot.matches('stopped')
            ? 'stopped'
            : 'loading';
  return {
    status,
    source: snapshot.context.source,
    error: snapshot.context.error,
    streams: snapshot.matches('limited') ? snapshot.context.streams : [],
    stopping: snapshot.matches('stoppingStream') ? snapshot.context.stopping : null,
    lost: snapshot.context.lost,
    retry: () => send({ type: 'playback.retry' }),
    stopStream: (leaseId) => send({ type: 'playback.stopStream', leaseId }),
    end: () => send({ type: 'playback.end' }),
  };
}
