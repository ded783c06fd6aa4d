import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changePreferences,
  DEFAULT_PREFERENCES,
  languageChangeEffect,
  mergePreferences,
  PREFERENCE_KEYS,
  preferencesRefused,
  preferencesSaved,
  preferencesView,
  type Preferences,
  type PreferencesPatch,
} from './preferences.js';

const languageArb = fc.constantFrom('en', 'es', 'pt', 'pt-BR', 'ar', 'fr');
const preferencesArb: fc.Arbitrary<Preferences> = fc.record({
  language: fc.option(languageArb, { nil: null }),
  subTitleLanguage: fc.constantFrom('off', 'en', 'es', 'ar'),
  audioLanguage: fc.option(languageArb, { nil: null }),
  autoAdvance: fc.boolean(),
  videoBackgroundAutoPlay: fc.boolean(),
  videoBackgroundAutoPlayAudio: fc.boolean(),
  muted: fc.boolean(),
  pluginAccessTokens: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.string({ maxLength: 5 })),
});
const patchArb: fc.Arbitrary<PreferencesPatch> = preferencesArb.chain((full) =>
  fc.subarray([...PREFERENCE_KEYS]).map((keys) => Object.fromEntries(keys.map((k) => [k, full[k]])) as PreferencesPatch),
);

describe('preferences merge (commerce §4: local first, then the server)', () => {
  it('defaults: autoAdvance and muted true (§3)', () => {
    expect(DEFAULT_PREFERENCES.autoAdvance).toBe(true);
    expect(DEFAULT_PREFERENCES.muted).toBe(true);
  });

  it('a patch replaces exactly the keys it gives', () => {
    fc.assert(
      fc.property(preferencesArb, patchArb, (base, patch) => {
        const merged = mergePreferences(base, patch);
        for (const key of PREFERENCE_KEYS) expect(merged[key]).toEqual(patch[key] !== undefined ? patch[key] : base[key]);
      }),
    );
  });

  it('merging is idempotent and the empty patch changes nothing', () => {
    fc.assert(
      fc.property(preferencesArb, patchArb, (base, patch) => {
        expect(mergePreferences(base, {})).toEqual(base);
        expect(mergePreferences(mergePreferences(base, patch), patch)).toEqual(mergePreferences(base, patch));
      }),
    );
  });

  it('a change shows at once; a refused save shows the server values again', () => {
    fc.assert(
      fc.property(preferencesArb, fc.array(patchArb, { maxLength: 4 }), (server, patches) => {
        let view = preferencesView(server);
        for (const patch of patches) view = changePreferences(view, patch);
        expect(view.shown).toEqual(patches.reduce(mergePreferences, server));
        expect(view.server).toEqual(server);
        expect(preferencesRefused(view)).toEqual(preferencesView(server));
      }),
    );
  });

  it('a confirmed save makes the answer the server state and keeps later local changes shown', () => {
    fc.assert(
      fc.property(preferencesArb, patchArb, patchArb, (server, sent, later) => {
        const sentView = changePreferences(preferencesView(server), sent);
        const answer = mergePreferences(server, sent);
        const withLater = changePreferences(sentView, later);
        const saved = preferencesSaved(withLater, sent, answer);
        expect(saved.server).toEqual(answer);
        expect(saved.shown).toEqual(withLater.shown);
        expect(preferencesSaved(sentView, sent, answer)).toEqual({ server: answer, shown: answer, unsaved: {} });
      }),
    );
  });
});

describe('language change effect (§4: store the locale and reload)', () => {
  it('reloads exactly when the language changes to one the page does not show', () => {
    fc.assert(
      fc.property(preferencesArb, fc.option(languageArb, { nil: null }), languageArb, (before, language, current) => {
        const effect = languageChangeEffect(before, { ...before, language }, current);
        const reload = language !== null && language !== before.language && language.split('-')[0] !== current.split('-')[0];
        expect(effect).toEqual(reload ? { kind: 'storeLocaleAndReload', locale: language } : { kind: 'none' });
      }),
    );
  });
});
