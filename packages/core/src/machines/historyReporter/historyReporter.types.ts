import type { Clock } from '../../platform/types.js';

/** One report the reporter sends: the body of `PUT /api/v2/history/{id}` (`progressReportSchema`). */
export interface HistoryReport {
  /** Seconds played. */
  positionSeconds: number;
  /** The title's duration in seconds (more than 0). */
  durationSeconds: number;
  /** When the report was made, ISO 8601 on the device's clock (the platform merges by it). */
  updatedAt: string;
  /** The player reached the end. */
  ended: boolean;
}

/** What the report function is asked: title `id`'s report, and a signal aborted when the machine stops. */
export interface HistoryReportRequest extends HistoryReport {
  id: string;
  signal: AbortSignal;
}

/**
 * Sends one report: resolves once the platform took it (any value), rejects when it failed (the
 * report is dropped: the next one carries the newer position). For example
 * `({ id, signal, ...body }) => api.history.report({ params: { id }, body }, { signal })` (on page
 * hide, a request that outlives the page: `fetch`'s `keepalive`).
 */
export type HistoryReportFunction = (request: HistoryReportRequest) => Promise<unknown>;

/** Input of the history reporter: one title being played. */
export interface HistoryReporterInput {
  /** The catalogue title's id. */
  id: string;
  /** The title's type (`VOD`, `EPISODE`, `LIVE`, …): a live stream is not tracked (`isTrackedTitleType`). */
  type: string;
  report: HistoryReportFunction;
  /** The device's clock, for `updatedAt`. @default systemClock */
  clock?: Clock | undefined;
}

/** Context of the history reporter. */
export interface HistoryReporterContext {
  id: string;
  /** Whether the title's progress is tracked (not a live stream). */
  tracked: boolean;
  /** The player's position and the title's duration, in seconds, as last heard. */
  positionSeconds: number;
  durationSeconds: number;
  /** The player reached the end (until it plays again). */
  ended: boolean;
  /** The report waiting to be sent (only the newest is kept), or null. */
  queued: HistoryReport | null;
  /** The report on its way, or null. */
  inFlight: HistoryReport | null;
  /** The last report made (queued, on its way or sent), to skip one that would say the same; null after a failure. */
  lastReport: HistoryReport | null;
  /** How many reports the platform took. */
  sent: number;
  /** The last error, or null. Never shown. */
  error: unknown;
  /** Internal: the input's function and clock. */
  env: { report: HistoryReportFunction; clock: Clock };
}

/** Events of the history reporter: what the player saw. */
export type HistoryReporterEvent =
  /** The player's position (its `timeupdate`, any rate) and the title's duration, in seconds. */
  | { type: 'history.position'; positionSeconds: number; durationSeconds: number }
  /** Playback started or resumed. */
  | { type: 'history.play' }
  /** Playback paused (reported). */
  | { type: 'history.pause' }
  /** The page is being hidden or left (`pagehide`, `visibilitychange` to hidden): reported. */
  | { type: 'history.hidden' }
  /** Playback reached the end: reported as ended. */
  | { type: 'history.ended' };

/** Input of the `report` actor. */
export interface HistoryReportActorInput {
  report: HistoryReportFunction;
  id: string;
  body: HistoryReport;
}
