import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { DEFAULT_PREFERENCES, mergePreferences, type Preferences, type PreferencesPatch } from '../../domain/preferences.js';
import { connectPreferences, preferencesMachine } from '../index.js';

interface Save {
  patch: PreferencesPatch;
  resolve(answer: Preferences): void;
  reject(error: unknown): void;
}

function start(options: { read?: () => Promise<Preferences>; currentLocale?: string } = {}) {
  const saves: Save[] = [];
  const applyLanguage = vi.fn();
  let server: Preferences = { ...DEFAULT_PREFERENCES, subTitleLanguage: 'en' };
  const actor = createActor(preferencesMachine, {
    input: {
      readPreferences: options.read ?? (async () => server),
      savePreferences: ({ patch }) =>
        new Promise<Preferences>((resolve, reject) => {
          saves.push({
            patch,
            resolve: (answer) => {
              server = answer;
              resolve(answer);
            },
            reject,
          });
        }),
      currentLocale: options.currentLocale ?? 'en',
      applyLanguage,
    },
  }).start();
  const view = () => connectPreferences(actor.getSnapshot(), actor.send);
  const answer = (i: number) => saves[i]!.resolve(mergePreferences(server, saves[i]!.patch));
  return { actor, view, saves, applyLanguage, answer };
}

describe('preferences machine (commerce §4: local first, then the server)', () => {
  it('shows a change at once and saves it', async () => {
    const { view, saves, answer } = start();
    await vi.waitFor(() => expect(view().status).toBe('ready'));
    expect(view().preferences).toMatchObject({ subTitleLanguage: 'en', autoAdvance: true });
    view().change({ subTitleLanguage: 'es' });
    expect(view()).toMatchObject({ saving: true, preferences: { subTitleLanguage: 'es' } });
    expect(saves.map((s) => s.patch)).toEqual([{ subTitleLanguage: 'es' }]);
    answer(0);
    await vi.waitFor(() => expect(view().saving).toBe(false));
    expect(view().preferences).toMatchObject({ subTitleLanguage: 'es' });
  });

  it('changes made while a save is on its way are shown and saved after it', async () => {
    const { view, saves, answer } = start();
    await vi.waitFor(() => expect(view().status).toBe('ready'));
    view().change({ autoAdvance: false });
    view().change({ muted: false });
    view().change({ subTitleLanguage: 'off' });
    expect(view().preferences).toMatchObject({ autoAdvance: false, muted: false, subTitleLanguage: 'off' });
    expect(saves).toHaveLength(1);
    answer(0);
    await vi.waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.patch).toEqual({ muted: false, subTitleLanguage: 'off' });
    expect(view().preferences).toMatchObject({ autoAdvance: false, muted: false, subTitleLanguage: 'off' });
    answer(1);
    await vi.waitFor(() => expect(view().saving).toBe(false));
    expect(view().preferences).toMatchObject({ autoAdvance: false, muted: false, subTitleLanguage: 'off' });
  });

  it('a refused save rolls back to the server values, visibly, until the next change or dismiss', async () => {
    const { view, saves } = start();
    await vi.waitFor(() => expect(view().status).toBe('ready'));
    view().change({ subTitleLanguage: 'ar', autoAdvance: false });
    saves[0]!.reject(new Error('400'));
    await vi.waitFor(() => expect(view().failure).toBe('preferencesSaveFailed'));
    expect(view()).toMatchObject({ saving: false, preferences: { subTitleLanguage: 'en', autoAdvance: true } });
    view().dismiss();
    expect(view().failure).toBeNull();
  });

  it('a saved new language stores the locale and reloads (once); the same language does not', async () => {
    const { view, answer, applyLanguage } = start({ currentLocale: 'en' });
    await vi.waitFor(() => expect(view().status).toBe('ready'));
    view().change({ language: 'en' });
    answer(0);
    await vi.waitFor(() => expect(view().saving).toBe(false));
    expect(applyLanguage).not.toHaveBeenCalled();
    view().change({ language: 'es' });
    expect(applyLanguage).not.toHaveBeenCalled();
    answer(1);
    await vi.waitFor(() => expect(applyLanguage).toHaveBeenCalledWith('es'));
    expect(applyLanguage).toHaveBeenCalledTimes(1);
  });

  it('a failed read shows Retry', async () => {
    let fail = true;
    const { view } = start({ read: async () => (fail ? Promise.reject(new Error('offline')) : DEFAULT_PREFERENCES) });
    await vi.waitFor(() => expect(view().status).toBe('failed'));
    expect(view().failure).toBe('anErrorOccured');
    fail = false;
    view().retry();
    await vi.waitFor(() => expect(view().status).toBe('ready'));
    expect(view().failure).toBeNull();
  });
});
