import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Preferences, PreferencesPatch } from '../../domain/preferences.js';
import type { PreferencesMachine } from './preferences.machine.js';
import type { PreferencesEvent } from './preferences.types.js';

/** A running preferences actor. */
export type PreferencesActorRef = ActorRefFrom<PreferencesMachine>;
/** A snapshot of the preferences machine. */
export type PreferencesSnapshot = SnapshotFrom<PreferencesMachine>;

/** What a preferences screen (and the player, which applies them) needs. */
export interface PreferencesApi {
  status: 'loading' | 'failed' | 'ready';
  /** What to show and apply: the platform's values with the unsaved changes (null while loading). */
  preferences: Preferences | null;
  /** A save is on its way or waiting. */
  saving: boolean;
  /** A message key: `preferencesSaveFailed` after a rollback, `anErrorOccured` after a failed read; else null. */
  failure: string | null;
  change(patch: PreferencesPatch): void;
  retry(): void;
  dismiss(): void;
}

/** Turns a preferences snapshot and its `send` into what the view needs. */
export function connectPreferences(snapshot: PreferencesSnapshot, send: (event: PreferencesEvent) => void): PreferencesApi {
  const { view, failure } = snapshot.context;
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    preferences: view?.shown ?? null,
    saving: snapshot.matches('saving') || snapshot.matches('saved'),
    failure,
    change: (patch) => send({ type: 'preferences.change', patch }),
    retry: () => send({ type: 'preferences.retry' }),
    dismiss: () => send({ type: 'preferences.dismiss' }),
  };
}
