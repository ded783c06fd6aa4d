import type { ApiClient } from '../../api/types.js';
import type { LabelsResponse } from '../../contracts/index.js';

/** Input of the labels machine. */
export interface LabelsInput {
  /**
   * Platform client; the `loadLabels` actor calls `api.labels.get({ query: { realm } })` (locale
   * from its `Accept-Language`).
   */
  api: ApiClient;
  /** The realm whose labels are loaded (the client's `realm` option, the app config's realm). */
  realm: string;
  /**
   * Labels the app already has, validated with `labelsResponseSchema` (the web server puts those
   * of the visitor's language into the page: apps/web/src/app/firstPaint.ts): the machine starts
   * `ready` with them and loads nothing. Absent: it loads them.
   */
  initial?: LabelsResponse | undefined;
  /**
   * Load only these message keys at the start (`api.labels.byKeys`, issue 18 "Labels by keys")
   * instead of every label (`api.labels.get`). Ignored when `initial` is given. More keys are
   * added later with `labels.need`.
   */
  keys?: readonly string[] | undefined;
}

/** Context of the labels machine (§3 "Labels response"). */
export interface LabelsContext {
  /** Message key → text in `selectedLocale`. Empty until loaded. */
  translations: Record<string, string>;
  /** Locale the platform chose from `Accept-Language`, or null until loaded. */
  selectedLocale: string | null;
  /** The realm's default locale, or null until loaded. */
  defaultLocale: string | null;
  /** Locales the realm offers (empty when the platform does not say). */
  locales: string[];
  /** Failed loads in a row (drives the retry back-off); 0 after a success. */
  failures: number;
  /** The last load error (ApiError, ContractError, NetworkError…), or null. Never shown as text. */
  error: unknown;
  /** Keys already asked for with `labels.byKeys` (also those the platform did not have), as a set. */
  asked: Record<string, true>;
  /** Keys of `labels.need` events not asked for yet. */
  queued: string[];
  /** Keys of the labels-by-keys call in flight (or of the last one that failed). */
  inFlight: string[];
  /** Internal: the input. */
  env: LabelsInput;
}

/** Events of the labels machine. */
export type LabelsEvent =
  | { type: 'labels.retry' }
  /**
   * The app needs these keys (a page about to render): those neither loaded nor asked for yet
   * are loaded with `api.labels.byKeys` and added to the translations (never replacing any).
   */
  | { type: 'labels.need'; keys: readonly string[] };
