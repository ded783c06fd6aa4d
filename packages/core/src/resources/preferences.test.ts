import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/types.js';
import { calls } from '../contracts/index.js';
import { DEFAULT_PREFERENCES, mergePreferences, type Preferences, type PreferencesPatch } from '../domain/preferences.js';
import { createResourceCache } from './cache.js';
import { createResources } from './definitions.js';
import { RESOURCE_KEYS } from './keys.js';

/** A fake `preferences` area holding one profile's preferences; `refuseNext` makes the next update fail. */
function fakePreferencesApi() {
  let stored: Preferences = { ...DEFAULT_PREFERENCES };
  const called: Array<[string, unknown, unknown]> = [];
  let refusal: unknown = null;
  const api = {
    preferences: {
      get: vi.fn(async (input?: unknown, options?: unknown) => {
        called.push(['preferences.get', input, options]);
        return stored;
      }),
      update: vi.fn(async (input: { body: PreferencesPatch }, options?: unknown) => {
        called.push(['preferences.update', input, options]);
        if (refusal) {
          const error = refusal;
          refusal = null;
          throw error;
        }
        stored = mergePreferences(stored, input.body);
        return stored;
      }),
    },
  };
  return { client: api as unknown as ApiClient, called, refuseNext: (error: unknown) => (refusal = error) };
}

describe('preferences resources (commerce §3 "Preferences", §7)', () => {
  it('reads the preferences keyed after its call, scope viewer', async () => {
    const { client, called } = fakePreferencesApi();
    const resources = createResources(client, createResourceCache({ onError: () => undefined, retry: false }));
    const query = resources.preferences.get();
    expect(query.key).toEqual(['preferences', 'get']);
    expect(query.key.join('.')).toBe(calls.preferences.get.name);
    expect(query.key.slice(0, 1)).toEqual(RESOURCE_KEYS.preferences);
    expect(query.scope ?? 'viewer').toBe('viewer');
    await expect(query.load()).resolves.toMatchObject({ subTitleLanguage: 'off', autoAdvance: true });
    expect(called.map(([name]) => name)).toEqual(['preferences.get']);
    const signal = new AbortController().signal;
    await expect(resources.preferences.read(signal)).resolves.toMatchObject({ autoAdvance: true });
    expect(called[1]).toEqual(['preferences.get', undefined, { signal }]);
  });

  it('a saved change answers the whole preferences and the next read (the next player) has it', async () => {
    const { client, called } = fakePreferencesApi();
    const cache = createResourceCache({ onError: () => undefined, retry: false });
    const resources = createResources(client, cache);
    const query = resources.preferences.get();
    expect((await cache.fetch(query)).subTitleLanguage).toBe('off');
    const signal = new AbortController().signal;
    const answer = await resources.preferences.update({ patch: { subTitleLanguage: 'es' }, signal });
    expect(answer).toMatchObject({ subTitleLanguage: 'es', muted: true });
    expect(called[1]).toEqual(['preferences.update', { body: { subTitleLanguage: 'es' } }, { signal }]);
    expect((await cache.fetch(query)).subTitleLanguage).toBe('es');
    expect(called.map(([name]) => name)).toEqual(['preferences.get', 'preferences.update', 'preferences.get']);
  });

  it('a watched read reloads after a save; a refused save rejects with its error and the read is reloaded all the same', async () => {
    const { client, called, refuseNext } = fakePreferencesApi();
    const cache = createResourceCache({ onError: () => undefined, retry: false });
    const resources = createResources(client, cache);
    const query = resources.preferences.get();
    const unsubscribe = cache.subscribe(query, () => undefined);
    await cache.settled(query);
    await resources.preferences.update({ patch: { autoAdvance: false } });
    expect((await cache.settled(query)).data).toMatchObject({ autoAdvance: false });

    called.length = 0;
    const refused = Object.assign(new Error('BAD_REQUEST'), { status: 400 });
    refuseNext(refused);
    await expect(resources.preferences.update({ patch: { muted: false } })).rejects.toBe(refused);
    expect((await cache.settled(query)).data).toMatchObject({ autoAdvance: false, muted: true });
    expect(called.map(([name]) => name)).toEqual(['preferences.update', 'preferences.get']);
    unsubscribe();
  });
});
