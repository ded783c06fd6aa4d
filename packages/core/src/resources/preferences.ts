import type { ApiClient } from '../api/types.js';
import type { Preferences, PreferencesPatch } from '../domain/preferences.js';
import type { ResourceCache, ResourceQuery } from './cache.js';
import { RESOURCE_KEYS } from './keys.js';

/**
 * The session profile's preferences (commerce-and-account-data.md §3 "Preferences", §7;
 * docs/api.md "Profiles and preferences"; bearer required, scope `viewer`): the read the player
 * applies (subtitle and audio languages, muted, auto-advance), and the save of the preferences
 * machine, which refreshes that read.
 */
export interface PreferencesResources {
  preferences: {
    /** The preferences, whole (`preferences.get`), key `['preferences', 'get']`. Fails with `ApiError` 401 for a guest. */
    get(): ResourceQuery<Preferences>;
    /** Reads the preferences once, abortable (`preferences.get`): the preferences machine's `readPreferences`. Rejects with the call's `ApiError` (401 for a guest). */
    read(signal: AbortSignal): Promise<Preferences>;
    /**
     * Saves a partial change (`preferences.update`, `PUT /api/v2/user/preferences`) and resolves
     * with the preferences, whole; then invalidates `RESOURCE_KEYS.preferences`, so that the next
     * player (or a watching view) reads what was saved. The preferences machine's
     * `savePreferences`. Rejects with the call's `ApiError` (400 for a bad value, 401), or an
     * `AbortError` when `signal` aborts.
     */
    update(request: { patch: PreferencesPatch; signal?: AbortSignal | undefined }): Promise<Preferences>;
  };
}

/** The preferences' definitions over `api` (the lazy `preferences` area of the client), mutating through `cache`. */
export function preferencesResources(api: ApiClient, cache: ResourceCache): PreferencesResources {
  return {
    preferences: {
      get: () => ({ key: RESOURCE_KEYS.preferencesGet, load: () => api.preferences.get() }),
      read: (signal) => api.preferences.get(undefined, { signal }),
      update: ({ patch, signal }) =>
        cache.mutate(() => api.preferences.update({ body: patch }, signal ? { signal } : undefined), [RESOURCE_KEYS.preferences]),
    },
  };
}
