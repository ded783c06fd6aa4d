import { assign, fromPromise, setup } from 'xstate';
import {
  changePreferences,
  languageChangeEffect,
  PREFERENCES_SAVE_FAILED_KEY,
  preferencesRefused,
  preferencesSaved,
  preferencesView,
  type Preferences,
  type PreferencesPatch,
} from '../../domain/preferences.js';
import { HOUSEHOLD_FALLBACK_KEY } from '../../domain/household.js';
import type { PreferencesContext, PreferencesEvent, PreferencesInput, ReadPreferencesFunction, SavePreferencesFunction } from './preferences.types.js';

/**
 * A profile's preferences screen (commerce-and-account-data.md §3 "Preferences", §4 "change
 * updates locally first, then the server; a language change stores the locale and reloads the
 * page"): reads them, shows a change at once (`changePreferences`) and saves it; changes made
 * while a save is on its way are saved after it. A refused save rolls every unsaved change back to
 * the platform's values (`preferencesRefused`) and shows `preferencesSaveFailed`. When a save
 * makes the language one the page does not show (`languageChangeEffect`), the input's
 * `applyLanguage(locale)` stores it and reloads.
 */
export const preferencesMachine = setup({
  types: {} as { context: PreferencesContext; events: PreferencesEvent; input: PreferencesInput },
  actors: {
    readPreferences: fromPromise<Preferences, { read: ReadPreferencesFunction }>(({ input, signal }) => input.read(signal)),
    savePreferences: fromPromise<Preferences, { save: SavePreferencesFunction; patch: PreferencesPatch }>(({ input, signal }) =>
      input.save({ patch: input.patch, signal }),
    ),
  },
  actions: {
    loaded: assign((_, server: Preferences) => ({ view: preferencesView(server), failure: null })),
    readFailed: assign({ failure: HOUSEHOLD_FALLBACK_KEY }),
    change: assign(({ context }, params: { patch: PreferencesPatch }) => ({ view: changePreferences(context.view!, params.patch), failure: null })),
    send: assign(({ context }) => ({ sent: { ...context.view!.unsaved } })),
    /** The language-change effect of a confirmed save (before the view takes the answer). */
    applyLanguageEffect: ({ context }, params: { answer: Preferences }) => {
      const effect = languageChangeEffect(context.view!.server, params.answer, context.env.currentLocale);
      if (effect.kind === 'storeLocaleAndReload') context.env.applyLanguage(effect.locale);
    },
    saved: assign(({ context }, params: { answer: Preferences }) => ({ view: preferencesSaved(context.view!, context.sent ?? {}, params.answer), sent: null })),
    rollBack: assign(({ context }) => ({ view: preferencesRefused(context.view!), sent: null, failure: PREFERENCES_SAVE_FAILED_KEY })),
    dismiss: assign({ failure: null }),
  },
  guards: {
    unsavedLeft: ({ context }) => Object.keys(context.view?.unsaved ?? {}).length > 0,
  },
}).createMachine({
  id: 'preferences',
  description:
    'Preferences (commerce §4): read, a change shown at once and saved after, later changes saved after it, a refused save rolled back visibly (preferencesSaveFailed), a saved new language stored and the page reloaded.',
  context: ({ input }) => ({ view: null, sent: null, failure: null, env: input }),
  initial: 'loading',
  on: { 'preferences.dismiss': { actions: 'dismiss' } },
  states: {
    loading: {
      description: 'The preferences are being read.',
      invoke: {
        src: 'readPreferences',
        input: ({ context }) => ({ read: context.env.readPreferences }),
        onDone: { target: 'idle', actions: { type: 'loaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'readFailed' },
      },
    },
    failed: {
      description: 'The preferences could not be read: Retry.',
      on: { 'preferences.retry': 'loading' },
    },
    idle: {
      description: 'What the platform holds is shown.',
      on: { 'preferences.change': { target: 'saving', actions: { type: 'change', params: ({ event }) => ({ patch: event.patch }) } } },
    },
    saving: {
      description: 'The unsaved changes are on their way; changes meanwhile are shown and saved after.',
      entry: 'send',
      invoke: {
        src: 'savePreferences',
        input: ({ context }) => ({ save: context.env.savePreferences, patch: context.sent ?? {} }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'applyLanguageEffect', params: ({ event }) => ({ answer: event.output }) },
            { type: 'saved', params: ({ event }) => ({ answer: event.output }) },
          ],
        },
        onError: { target: 'idle', actions: 'rollBack' },
      },
      on: { 'preferences.change': { actions: { type: 'change', params: ({ event }) => ({ patch: event.patch }) } } },
    },
    saved: {
      description: 'Saved; changed again meanwhile: save again, else done.',
      always: [{ guard: 'unsavedLeft', target: 'saving' }, { target: 'idle' }],
    },
  },
});

/** The preferences machine's type. */
export type PreferencesMachine = typeof preferencesMachine;
