import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { StreamProvider, useStream } from '@stream/react';
import { buildPath, routeLocaleFor, textDirection, type RouteKey, type RouteLocale } from '@stream/core/domain';
import type { LabelsApi } from '@stream/core/machines';
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
}

const I18nContext = createContext<I18n | null>(null);

/** Fallback key of error messages without a translation (§8). */
const ERROR_FALLBACK_KEY = 'failedAuthentication';

export interface I18nProviderProps {
  /** UI language: the stored one, else the labels' selected locale. */
  language: string;
  labels: LabelsApi;
  children: ReactNode;
}

/** Provides {@link I18n} built from the loaded labels. */
export function I18nProvider({ language, labels, children }: I18nProviderProps) {
  const { t: label, isKnownKey, locales } = labels;
  const value = useMemo<I18n>(() => {
    const routeLocale = routeLocaleFor(language);
    return {
      language,
      locales,
      direction: textDirection(language),
      routeLocale,
      t: (key, vars) => fillPlaceholders(label(key), vars),
      tError: (key, vars) => fillPlaceholders(label(key, ERROR_FALLBACK_KEY), vars),
      isKnownKey,
      path: (key, params) => buildPath(key, params, routeLocale),
    };
    // `labels` is rebuilt on every render; its content only changes with the snapshot.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, locales.join(','), labels.locale, labels.status]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The active {@link I18n}. Throws outside {@link I18nProvider}: a programming error. */
export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n() outside <I18nProvider>');
  return i18n;
}
