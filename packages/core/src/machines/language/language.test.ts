import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../platform/types.js';
import type { Navigation } from '../../platform/types.js';
import { changeLanguage, storedLanguage, uiLanguage } from '../index.js';
import { testStorage } from '../test-helpers.js';

function navigation() {
  const reload = vi.fn<() => void>();
  const nav: Navigation = { current: () => ({ pathname: '/', search: '' }), navigate: () => {}, assign: () => {}, reload };
  return { ...nav, reload };
}

describe('language (§4 "Language change")', () => {
  it('stores the locale, then reloads', () => {
    const storage = testStorage();
    const nav = navigation();
    nav.reload.mockImplementation(() => expect(storage.getItem(STORAGE_KEYS.selectedLanguage)).toBe('es'));
    changeLanguage(' es ', { storage, navigation: nav });
    expect(nav.reload).toHaveBeenCalledTimes(1);
    expect(storedLanguage(storage)).toBe('es');
  });

  it('rejects a blank locale without storing or reloading', () => {
    const storage = testStorage();
    const nav = navigation();
    expect(() => changeLanguage('  ', { storage, navigation: nav })).toThrow(RangeError);
    expect(nav.reload).not.toHaveBeenCalled();
    expect(storedLanguage(storage)).toBeNull();
  });

  it('reads the authoring locale en-us as en, stored or from the browser (commerce §9)', () => {
    const storage = testStorage();
    expect(uiLanguage(storage, 'en-US')).toBe('en');
    expect(uiLanguage(storage, 'es-MX')).toBe('es-MX');
    expect(uiLanguage(storage, undefined)).toBe('en');
    expect(uiLanguage(storage, '  ')).toBe('en');
    storage.setItem(STORAGE_KEYS.selectedLanguage, 'en_US');
    expect(storedLanguage(storage)).toBe('en');
    expect(uiLanguage(storage, 'ar')).toBe('en');
    storage.setItem(STORAGE_KEYS.selectedLanguage, 'pt');
    expect(uiLanguage(storage, 'en-US')).toBe('pt');
  });
});
