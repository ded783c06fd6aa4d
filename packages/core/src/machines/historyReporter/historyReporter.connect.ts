import type { SnapshotFrom } from 'xstate';
import type { HistoryReporterMachine } from './historyReporter.machine.js';
import type { HistoryReporterEvent } from './historyReporter.types.js';

/** A snapshot of the history reporter. */
export type HistoryReporterSnapshot = SnapshotFrom<HistoryReporterMachine>;

/** What the player needs from the history reporter: where to send what it sees. */
export interface HistoryReporterApi {
  /** `false` for a live stream: nothing is reported. */
  tracked: boolean;
  /** A report is on its way. */
  reporting: boolean;
  /** How many reports the platform took. */
  sent: number;
  /** The player's `timeupdate` (and `durationchange`): position and duration in seconds. */
  position(positionSeconds: number, durationSeconds: number): void;
  play(): void;
  pause(): void;
  /** The page is hidden or left (`pagehide`, `visibilitychange` to hidden). */
  hidden(): void;
  ended(): void;
}

/** Turns a history-reporter snapshot and its `send` into what the player needs. */
export function connectHistoryReporter(snapshot: HistoryReporterSnapshot, send: (event: HistoryReporterEvent) => void): HistoryReporterApi {
  return {
    tracked: snapshot.context.tracked,
    reporting: snapshot.context.inFlight !== null,
    sent: snapshot.context.sent,
    position: (positionSeconds, durationSeconds) => send({ type: 'history.position', positionSeconds, durationSeconds }),
    play: () => send({ type: 'history.play' }),
    pause: () => send({ type: 'history.pause' }),
    hidden: () => send({ type: 'history.hidden' }),
    ended: () => send({ type: 'history.ended' }),
  };
}
