import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PlaybackMachine } from './player.machine.js';
import type { PlaybackEvent, PlaybackSource } from './player.types.js';

/** A running playback actor. */
export type PlaybackActorRef = ActorRefFrom<PlaybackMachine>;
/** A snapshot of the playback machine. */
export type PlaybackSnapshot = SnapshotFrom<PlaybackMachine>;

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
