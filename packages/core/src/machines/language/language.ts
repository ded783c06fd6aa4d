import { STORAGE_KEYS } from '../../platform/types.js';
import type { KeyValueStorage, Navigation } from '../../platform/types.js';

/**
 * Changes the interface language: stores `locale` under `STORAGE_KEYS.selectedLanguage` and
 * reloads the page so that labels, routes and `Accept-Language` follow it.
 * Implements identity-and-routes.md §4 "Language change stores the locale and reloads the page".
 *
 * @param locale a locale tag such as `en`, `es`, `pt` or `ar` (trimmed before it is stored)
 * @throws RangeError when `locale` is empty or blank (nothing is stored, no reload)
 */
export function changeLanguage(locale: string, deps: { storage: KeyValueStorage; navigation: Navigation }): void {
  const tag = locale.trim();
  if (tag === '') throw new RangeError('changeLanguage: locale must not be empty');
  deps.storage.setItem(STORAGE_KEYS.selectedLanguage, tag);
  deps.navigation.reload();
}

/** The locale stored by {@link changeLanguage}, or null when none (or a blank one) is stored. */
export function storedLanguage(storage: KeyValueStorage): string | null {
  const value = storage.getItem(STORAGE_KEYS.selectedLanguage)?.trim();
  return value ? value : null;
}
