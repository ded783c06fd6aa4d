import type { Preferences, PreferencesPatch, PreferencesView } from '../../domain/preferences.js';

/** Reads the session profile's preferences, e.g. `(signal) => api.preferences.get(undefined, { signal })`. */
export type ReadPreferencesFunction = (signal: AbortSignal) => Promise<Preferences>;
/** Saves a partial change and answers the whole, e.g. `({ patch, signal }) => api.preferences.update({ body: patch }, { signal })`. */
export type SavePreferencesFunction = (request: { patch: PreferencesPatch; signal: AbortSignal }) => Promise<Preferences>;

/** Input of the preferences machine. */
export interface PreferencesInput {
  readPreferences: ReadPreferencesFunction;
  savePreferences: SavePreferencesFunction;
  /** The locale the page shows now (`en`, `pt-BR`): a saved language other than it stores it and reloads. */
  currentLocale: string;
  /**
   * The language-change effect (commerce §4): store `locale` (`STORAGE_KEYS` selected language)
   * and reload the page. Called once the platform saved the new language.
   */
  applyLanguage: (locale: string) => void;
}

/** Context of the preferences machine. */
export interface PreferencesContext {
  /** What the platform holds, what is shown, what is not saved yet (`domain/preferences`); null before the first read. */
  view: PreferencesView | null;
  /** The change on its way, or null. */
  sent: PreferencesPatch | null;
  /** `preferencesSaveFailed` after a refused save rolled back (until the next change or `preferences.dismiss`); `anErrorOccured` when the read failed. */
  failure: string | null;
  /** Internal: the input. */
  env: PreferencesInput;
}

/** Events of the preferences machine. */
export type PreferencesEvent =
  /** The viewer changed one or more preferences: shown at once, saved next. */
  | { type: 'preferences.change'; patch: PreferencesPatch }
  /** Read again (after a failed read). */
  | { type: 'preferences.retry' }
  /** Close the "could not save" notice. */
  | { type: 'preferences.dismiss' };
