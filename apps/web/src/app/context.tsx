import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { StreamProvider, useStream } from '@stream/react';
import { buildPath, routeLocaleFor, textDirection, type RouteKey, type RouteLocale } from '@stream/core/domain';
import type { LabelsApi, LabelsByKeysApi } from '@stream/core/machines';
import { fillPlaceholders } from './placeholders';
import type { Services } from './services';

/** Provides the shared services (api client, session actor, resource cache, storage, navigation) through @stream/react. */
export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <StreamProvider services={services}>{children}</StreamProvider>;
}

/** The shared services. Throws outside {@link ServicesProvider}: a programming error. */
export function useServices(): Services {
  return useStream<Services>();
}

/** What views need from the labels: the language, its direction and route set, and `t`. */
export interface I18n {
  /** UI language, for example `en` or `ar`. */
  language: string;
  /** Locales the realm offers (for the language picker). */
  locales: readonly string[];
  /** `ltr` or `rtl` (§9). */
  direction: 'ltr' | 'rtl';
  /** The route set of the language (§2 "the active locale selects the set"). */
  routeLocale: RouteLocale;
  /**
   * The text of a message key (labels); `vars` fill `{name}` placeholders. A bracketed part with
   * placeholders, as in `Paused[ until {date}]`, shows only when all of them have a value.
   */
  t(key: string, vars?: Readonly<Record<string, string | undefined>>): string;
  /**
   * The text of an error message key, falling back to `failedAuthentication` (§8); `vars` fill its
   * placeholders as in {@link t} (`{ seconds }` of `tooManyAttempts`).
   */
  tError(key: string, vars?: Readonly<Record<string, string | undefined>>): string;
  /** Whether a message key has a translation (the sign-in machines' `isKnownKey`). */
  isKnownKey(key: string): boolean;
  /** The path of a route in the active route set. */
  path(key: RouteKey, params?: Record<string, string | number | undefined>): string;
  /**
   * Labels by keys (issue 18): whether `keys` are loaded (or answered as unknown), and asks for
   * those that are not. Absent when the app loaded every label (or in tests that build an I18n).
   */
  labelKeys?: Pick<LabelsByKeysApi, 'hasKeys' | 'need' | 'keysStatus'> & { retry(): void };
}

const I18nContext = createContext<I18n | null>(null);

/** Fallback key of error messages without a translation (§8). */
const ERROR_FALLBACK_KEY = 'failedAuthentication';

export interface I18nProviderProps {
  /** UI language: the stored one, else the labels' selected locale. */
  language: string;
  /** The labels; with labels by keys (`need`, `hasKeys`), texts are loaded as pages need them. */
  labels: LabelsApi & Partial<LabelsByKeysApi>;
  /**
   * Changes whenever the loaded labels change (the labels machine's `translations` and `asked`):
   * the texts are read again.
   */
  revision?: unknown;
  children: ReactNode;
}

/**
 * Provides {@link I18n} built from the loaded labels. With labels by keys, a key shown before it
 * was loaded (a key chosen at run time that no page's key set lists, such as an error code the
 * platform names) shows as an empty text, never as the raw key, while it is loaded (asked for
 * after the render, several at once); once answered it shows its text (or, unknown to the
 * platform, the usual fallback).
 */
export function I18nProvider({ language, labels, revision, children }: I18nProviderProps) {
  const { t: label, isKnownKey, locales, hasKeys, need } = labels;
  const value = useMemo<I18n>(() => {
    const routeLocale = routeLocaleFor(language);
    const pending = pendingKeys(hasKeys, need);
    return {
      language,
      locales,
      direction: textDirection(language),
      routeLocale,
      t: (key, vars) => (pending(key) ? '' : fillPlaceholders(label(key), vars)),
      tError: (key, vars) => (pending(key) ? '' : fillPlaceholders(label(key, ERROR_FALLBACK_KEY), vars)),
      isKnownKey: (key) => !pending(key) && isKnownKey(key),
      path: (key, params) => buildPath(key, params, routeLocale),
      labelKeys:
        hasKeys && need ? { hasKeys, need, keysStatus: labels.keysStatus ?? 'idle', retry: labels.retry } : undefined,
    };
    // `labels` is rebuilt on every render; its content only changes with the snapshot (`revision`).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, locales.join(','), labels.locale, labels.status, labels.keysStatus, revision]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * Whether a key is not loaded yet (with labels by keys); such a key is asked for once the render
 * is over (a microtask: never an update while rendering), the keys of one render in one request.
 */
function pendingKeys(
  hasKeys: LabelsByKeysApi['hasKeys'] | undefined,
  need: LabelsByKeysApi['need'] | undefined,
): (key: string) => boolean {
  if (!hasKeys || !need) return () => false;
  let batch: Set<string> | null = null;
  return (key) => {
    if (hasKeys([key])) return false;
    if (batch === null) {
      const keys = (batch = new Set());
      queueMicrotask(() => {
        batch = null;
        need([...keys]);
      });
    }
    batch.add(key);
    return true;
  };
}

/** The active {@link I18n}. Throws outside {@link I18nProvider}: a programming error. */
export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n() outside <I18nProvider>');
  return i18n;
}
