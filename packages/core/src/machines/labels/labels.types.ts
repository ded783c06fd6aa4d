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
  /** Internal: the input. */
  env: LabelsInput;
}

/** Events of the labels machine. */
export type LabelsEvent = { type: 'labels.retry' };
