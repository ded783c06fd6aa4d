/**
 * A profile's preferences (commerce-and-account-data.md §3 "Preferences", §4 "Preferences: change
 * updates locally first, then the server; a language change stores the locale and reloads the
 * page"; docs/api.md "Profiles and preferences"): the defaults, the merge of a partial change, the
 * optimistic state (what is shown while a save is on its way, and the rollback when it is
 * refused), and the language-change decision. Pure and total.
 */
import { languageOf } from './locale.js';

/** `subTitleLanguage` when subtitles are off. */
export const SUBTITLES_OFF = 'off';

/**
 * The preferences of one profile. Languages are BCP 47 tags (`en`, `pt-BR`); `language` is the
 * interface language and `audioLanguage` the preferred audio track (null: not chosen, the page's
 * locale and the title's original track apply); `subTitleLanguage` is a language or `off`;
 * `pluginAccessTokens` maps a plugin's name to its token.
 */
export interface Preferences {
  language: string | null;
  subTitleLanguage: string;
  audioLanguage: string | null;
  autoAdvance: boolean;
  videoBackgroundAutoPlay: boolean;
  videoBackgroundAutoPlayAudio: boolean;
  muted: boolean;
  pluginAccessTokens: Record<string, string>;
}

/** A partial change: the fields given replace the stored ones; the others stay. */
export type PreferencesPatch = Partial<Preferences>;

/** The keys of {@link Preferences}, in the spec's order. */
export const PREFERENCE_KEYS = [
  'language',
  'subTitleLanguage',
  'audioLanguage',
  'autoAdvance',
  'videoBackgroundAutoPlay',
  'videoBackgroundAutoPlayAudio',
  'muted',
  'pluginAccessTokens',
] as const satisfies readonly (keyof Preferences)[];

/**
 * A new profile's preferences (§3 "Defaults: autoAdvance true, muted true"): no language chosen,
 * subtitles off, background video playing muted.
 */
export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  language: null,
  subTitleLanguage: SUBTITLES_OFF,
  audioLanguage: null,
  autoAdvance: true,
  videoBackgroundAutoPlay: true,
  videoBackgroundAutoPlayAudio: false,
  muted: true,
  pluginAccessTokens: Object.freeze({}) as Record<string, string>,
});

/**
 * `patch` over `base`: each key of {@link PREFERENCE_KEYS} that `patch` gives (not `undefined`)
 * replaces the base's, `pluginAccessTokens` as a whole; other keys of `patch` are ignored.
 */
export function mergePreferences(base: Preferences, patch: PreferencesPatch): Preferences {
  const out: Preferences = { ...base, pluginAccessTokens: { ...base.pluginAccessTokens } };
  for (const key of PREFERENCE_KEYS) {
    const value = patch[key];
    if (value !== undefined) (out as unknown as Record<string, unknown>)[key] = key === 'pluginAccessTokens' ? { ...(value as Record<string, string>) } : value;
  }
  return out;
}

/** The keys whose values differ between `a` and `b`. */
export function changedPreferenceKeys(a: Preferences, b: Preferences): (keyof Preferences)[] {
  return PREFERENCE_KEYS.filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

/**
 * The optimistic state of a preferences screen: what the platform holds (`server`), what is
 * shown (`shown`: the server's with the local changes not yet confirmed), and those changes
 * (`unsaved`, merged in order).
 */
export interface PreferencesView {
  server: Preferences;
  shown: Preferences;
  unsaved: PreferencesPatch;
}

/** The view of freshly read preferences: nothing unsaved. */
export function preferencesView(server: Preferences): PreferencesView {
  return { server, shown: server, unsaved: {} };
}

/** A local change: shown at once (local first, §4), kept as unsaved until a save confirms it. */
export function changePreferences(view: PreferencesView, patch: PreferencesPatch): PreferencesView {
  return {
    server: view.server,
    shown: mergePreferences(view.shown, patch),
    unsaved: { ...view.unsaved, ...stripUndefined(patch) },
  };
}

/**
 * A save of `sent` was confirmed with the platform's `answer`: the server is the answer, and what
 * changed locally since the save was sent (`unsaved` minus what `sent` carried with the same
 * values) stays shown and unsaved.
 */
export function preferencesSaved(view: PreferencesView, sent: PreferencesPatch, answer: Preferences): PreferencesView {
  const unsaved: PreferencesPatch = {};
  for (const key of PREFERENCE_KEYS) {
    const value = view.unsaved[key];
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(sent[key])) (unsaved as Record<string, unknown>)[key] = value;
  }
  return { server: answer, shown: mergePreferences(answer, unsaved), unsaved };
}

/** A save was refused: every local change rolls back, the server's values are shown again. */
export function preferencesRefused(view: PreferencesView): PreferencesView {
  return preferencesView(view.server);
}

/** What a preferences change does to the page: nothing, or store the locale and reload (§4). */
export type LanguageChangeEffect = { kind: 'none' } | { kind: 'storeLocaleAndReload'; locale: string };

/**
 * The language-change effect (§4 "a language change stores the locale and reloads the page"):
 * when `next.language` is a language other than `previous.language` and other than the page's
 * `currentLocale` (compared by language, `pt-BR` ≈ `pt`), store it and reload; otherwise nothing
 * (a change back to no language, or to the locale already shown, reloads nothing).
 */
export function languageChangeEffect(previous: Preferences, next: Preferences, currentLocale: string): LanguageChangeEffect {
  const locale = next.language;
  if (locale === null || locale === previous.language) return { kind: 'none' };
  if (languageOf(locale) === languageOf(currentLocale)) return { kind: 'none' };
  return { kind: 'storeLocaleAndReload', locale };
}

function stripUndefined(patch: PreferencesPatch): PreferencesPatch {
  const out: PreferencesPatch = {};
  for (const key of PREFERENCE_KEYS) if (patch[key] !== undefined) (out as Record<string, unknown>)[key] = patch[key];
  return out;
}

/** The message key shown when a save was refused and the change rolled back. */
export const PREFERENCES_SAVE_FAILED_KEY = 'preferencesSaveFailed';
