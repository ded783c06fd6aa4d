/**
 * Watch history and progress (this project's rules, docs/api.md "Favourites, history and
 * continue watching"; issue 15): which titles are tracked, the progress thresholds, where a title
 * resumes, and how the platform merges the reports of several devices. Pure and total: times are
 * parameters (epoch ms), bad numbers give a defined answer, never a throw.
 *
 * - Tracked: on-demand titles (`VOD`, `EPISODE`); a live stream (`LIVE`, `CHANNEL`) is not.
 * - A title is `NOT_STARTED` below {@link PROGRESS_STARTED_RATIO} (5 %) of its duration,
 *   `IN_PROGRESS` from 5 % up to {@link PROGRESS_WATCHED_RATIO} (90 %), and `WATCHED` from 90 %
 *   or once the player reached the end. Only `IN_PROGRESS` titles are in continue watching and
 *   resume where they stopped; a watched episode offers the next one instead.
 * - Merge: per account and title the platform keeps one record; of two records the one updated
 *   last wins ({@link mergeProgress}: commutative, associative, idempotent, never older over
 *   newer), so reports of two devices arriving in any order end in the same record.
 */

/** Below this share of the duration a title is `NOT_STARTED` (5 %). */
export const PROGRESS_STARTED_RATIO = 0.05;
/** From this share of the duration a title is `WATCHED` (90 %). */
export const PROGRESS_WATCHED_RATIO = 0.9;
/** How often the player reports its position while playing, in ms (also on pause, page hide and end). */
export const HISTORY_REPORT_INTERVAL_MS = 10_000;
/** Continue-watching items per page, `rpp`'s default of `GET /api/v2/continue-watching` (a rail). */
export const CONTINUE_WATCHING_PAGE_SIZE = 12;
/** History items per page, `rpp`'s default of `GET /api/v2/history`. */
export const HISTORY_PAGE_SIZE = 20;

/** A title's progress state: not started (under 5 %), in progress (5 % to under 90 %), watched (90 % or the end). */
export const PROGRESS_STATES = ['NOT_STARTED', 'IN_PROGRESS', 'WATCHED'] as const;
export type ProgressState = (typeof PROGRESS_STATES)[number];

/** Title types whose progress is tracked: on-demand videos and episodes (a live stream is not). */
export const TRACKED_TITLE_TYPES = ['VOD', 'EPISODE'] as const;

/** Whether the progress of a title of `type` is tracked (`VOD`, `EPISODE`; any case). */
export function isTrackedTitleType(type: string): boolean {
  return typeof type === 'string' && (TRACKED_TITLE_TYPES as readonly string[]).includes(type.toUpperCase());
}

/** A position in a title: seconds played of `durationSeconds`, and whether the player reached the end. */
export interface Progress {
  readonly positionSeconds: number;
  readonly durationSeconds: number;
  readonly ended?: boolean | undefined;
}

/** `value` when finite and positive, else 0. */
const nonNegative = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

/** The share of the title played, 0 to 1 (0 for a zero or bad duration; an ended title is 1). */
export function progressRatio(progress: Progress): number {
  if (progress.ended === true) return 1;
  const duration = nonNegative(progress.durationSeconds);
  if (duration === 0) return 0;
  return Math.min(1, nonNegative(progress.positionSeconds) / duration);
}

/** The state of `progress` (see the module comment): 5 % and 90 % thresholds, the end counts as watched. */
export function progressState(progress: Progress): ProgressState {
  const ratio = progressRatio(progress);
  if (ratio >= PROGRESS_WATCHED_RATIO) return 'WATCHED';
  if (ratio >= PROGRESS_STARTED_RATIO) return 'IN_PROGRESS';
  return 'NOT_STARTED';
}

/** The progress bar's width, a whole percentage 0 to 100. */
export function progressPercent(progress: Progress): number {
  return Math.round(progressRatio(progress) * 100);
}

/**
 * Where the player starts the title, in seconds: the saved position when it is `IN_PROGRESS`,
 * else 0 (not started, or watched: from the start again).
 */
export function resumePositionSeconds(progress: Progress): number {
  return progressState(progress) === 'IN_PROGRESS' ? Math.min(nonNegative(progress.positionSeconds), nonNegative(progress.durationSeconds)) : 0;
}

/**
 * What the platform keeps per account and title: the progress, when it was updated (epoch ms:
 * the device's time of the report, never later than the platform's clock), and `removed` when
 * the viewer removed the title from the history at `updatedAtMs` (a tombstone: older reports do
 * not bring it back).
 */
export interface ProgressRecord extends Progress {
  readonly updatedAtMs: number;
  readonly ended: boolean;
  readonly removed: boolean;
}

/** The fields compared, in order, to pick the newer record; a bad number counts as the least. */
function orderKey(record: ProgressRecord): number[] {
  const n = (value: number) => (Number.isFinite(value) ? value : Number.NEGATIVE_INFINITY);
  return [n(record.updatedAtMs), record.removed ? 1 : 0, record.ended ? 1 : 0, n(record.positionSeconds), n(record.durationSeconds)];
}

/**
 * Of two records of one title, the one updated last (by `updatedAtMs`); at the same moment a
 * removal, then an end, then the further position, then the longer duration wins. A total order,
 * so the merge is commutative, associative and idempotent: reports of several devices merged in
 * any order give the same record, and an older one never replaces a newer one.
 */
export function mergeProgress(a: ProgressRecord, b: ProgressRecord): ProgressRecord {
  const ka = orderKey(a);
  const kb = orderKey(b);
  for (let i = 0; i < ka.length; i += 1) {
    if (ka[i]! > kb[i]!) return a;
    if (ka[i]! < kb[i]!) return b;
  }
  return a;
}

/**
 * The time a report counts as updated (epoch ms): the device's `reportedAtMs`, but never after
 * the platform's `receivedAtMs` (a device whose clock runs ahead cannot pin its report above
 * later ones); a bad device time counts as the platform's.
 */
export function reportUpdatedAtMs(reportedAtMs: number, receivedAtMs: number): number {
  if (!Number.isFinite(reportedAtMs)) return receivedAtMs;
  return Math.min(reportedAtMs, receivedAtMs);
}

/**
 * A report applied to what the platform holds (`stored`, undefined for none): the merged record
 * and whether the report changed it (`applied`: false when the stored record is newer).
 */
export function applyProgressReport(stored: ProgressRecord | undefined, report: ProgressRecord): { record: ProgressRecord; applied: boolean } {
  if (stored === undefined) return { record: report, applied: true };
  const record = mergeProgress(stored, report);
  return { record, applied: record === report && record !== stored };
}
