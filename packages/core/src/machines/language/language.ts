import { STORAGE_KEYS } from '../../platform/types.js';
import type { KeyValueStorage, Navigation } from '../../platform/types.js';
import { authoringLocale } from '../../domain/locale.js';

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

/**
 * The locale stored by {@link changeLanguage}, read through `authoringLocale` (a stored `en-US`
 * is `en`, commerce §9), or null when none (or a blank one) is stored.
 */
export function storedLanguage(storage: KeyValueStorage): string | null {
  const value = storage.getItem(STORAGE_KEYS.selectedLanguage)?.trim();
  return value ? authoringLocale(value) : null;
}

/**
 * The interface language before the labels answer: the stored one ({@link storedLanguage}),
 * else the browser's (`navigator.language`), else `'en'`; `en-us` in any spelling is `en`
 * (commerce §9 "Authoring locale en-us maps to en").
 * @param browserLanguage `navigator.language` where there is one
 */
export function uiLanguage(storage: KeyValueStorage, browserLanguage: string | null | undefined): string {
  const browser = typeof browserLanguage === 'string' && browserLanguage.trim() !== '' ? authoringLocale(browserLanguage.trim()) : null;
  return storedLanguage(storage) ?? browser ?? 'en';
}
