import type { SnapshotFrom } from 'xstate';
import { labelFor, missingLabelKeys, textDirection } from '../../domain/index.js';
import type { LabelsMachine } from './labels.machine.js';
import type { LabelsEvent } from './labels.types.js';

/** A snapshot of the labels machine. */
export type LabelsSnapshot = SnapshotFrom<LabelsMachine>;

/** What views need from the labels. */
export interface LabelsApi {
  status: 'loading' | 'ready' | 'failed';
  /**
   * The text of `key`; else the text of `fallbackKey` (for error messages pass
   * `'failedAuthentication'`, §8); else the key itself (domain `labelFor`).
   */
  t(key: string, fallbackKey?: string): string;
  /** Whether `key` has a translation; pass to the sign-in machines as `isKnownKey`. */
  isKnownKey(key: string): boolean;
  /** Locale the labels are in (the platform's selected locale), or null until loaded. */
  locale: string | null;
  /** The realm's default locale, or null until loaded. */
  defaultLocale: string | null;
  /** Locales the realm offers. */
  locales: string[];
  /** Text direction of the labels' locale (§9: `ar` is right to left); `ltr` until loaded. */
  dir: 'ltr' | 'rtl';
  /** Retries a failed load now (also a failed load of more keys). */
  retry(): void;
}

/**
 * Labels by keys (issue 18), beside {@link LabelsApi} (kept apart so that views and tests that
 * build a `LabelsApi` by hand need nothing more).
 */
export interface LabelsByKeysApi {
  /**
   * Labels by keys: asks for `keys` (those not loaded yet are loaded and merged in; nothing when
   * every label was loaded).
   */
  need(keys: readonly string[]): void;
  /**
   * Whether each of `keys` is loaded or was asked for and answered (a key the platform does not
   * have counts: it shows its fallback). Always true when every label was loaded.
   */
  hasKeys(keys: readonly string[]): boolean;
  /** Loading more keys: `idle`, `loading` or `failed` (retried by itself; `retry()` at once). */
  keysStatus: 'idle' | 'loading' | 'failed';
}

/** Turns a labels snapshot and its `send` into what views need. */
export function connectLabels(snapshot: LabelsSnapshot, send: (event: LabelsEvent) => void): LabelsApi & LabelsByKeysApi {
  const { translations, selectedLocale, defaultLocale, locales, asked, env } = snapshot.context;
  const isKnownKey = (key: string): boolean =>
    Object.prototype.hasOwnProperty.call(translations, key) && translations[key] !== '';
  return {
    status:
      snapshot.matches('ready') || snapshot.matches('fetchingKeys') || snapshot.matches('keysFailed')
        ? 'ready'
        : snapshot.matches('failed')
          ? 'failed'
          : 'loading',
    t: (key, fallbackKey) => labelFor(translations, key, fallbackKey),
    isKnownKey,
    locale: selectedLocale,
    defaultLocale,
    locales,
    dir: textDirection(selectedLocale ?? defaultLocale ?? ''),
    retry: () => send({ type: 'labels.retry' }),
    need: (keys) => send({ type: 'labels.need', keys }),
    hasKeys: (keys) =>
      env.keys === undefined || missingLabelKeys(keys, translations, asked).length === 0,
    keysStatus: snapshot.matches('fetchingKeys') ? 'loading' : snapshot.matches('keysFailed') ? 'failed' : 'idle',
  };
}
