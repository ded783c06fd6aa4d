/**
 * Language helpers: text direction, language of a locale tag, label lookup, locale choice.
 * Implements identity-and-routes.md §9 "Right-to-left language list" and the labels of §3/§8.
 */

/** Languages written right to left (§9). */
export const RTL_LANGUAGES = ['ar'] as const;

/**
 * The primary language subtag of a locale tag, lower case: `'pt-BR'` → `'pt'`, `'ar_EG'` →
 * `'ar'`, `' EN '` → `'en'`; `''` for empty or non-string input. Never throws.
 */
export function languageOf(locale: string): string {
  if (typeof locale !== 'string') return '';
  return (locale.trim().toLowerCase().split(/[-_]/)[0] ?? '').trim();
}

/**
 * `'rtl'` when the locale's language is in {@link RTL_LANGUAGES} (`ar`, `ar-EG`), else `'ltr'`.
 * Implements identity-and-routes.md §9 "Right-to-left language list: ar".
 */
export function textDirection(locale: string): 'rtl' | 'ltr' {
  return (RTL_LANGUAGES as readonly string[]).includes(languageOf(locale)) ? 'rtl' : 'ltr';
}

const ownString = (record: unknown, key: string): string | undefined => {
  if (record === null || typeof record !== 'object') return undefined;
  if (!Object.prototype.hasOwnProperty.call(record, key)) return undefined;
  const value = (record as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * The label of a message key: `translations[key]`, else `translations[fallbackKey]` (when
 * given), else `key` itself. Empty strings and inherited properties (`constructor`) count as
 * missing. For error messages pass `'failedAuthentication'` as `fallbackKey` (§8: "The fallback
 * shown when a key has no translation is failedAuthentication"). Never throws.
 */
export function labelFor(
  translations: Readonly<Record<string, string>> | null | undefined,
  key: string,
  fallbackKey?: string,
): string {
  const direct = ownString(translations, key);
  if (direct !== undefined) return direct;
  if (typeof fallbackKey === 'string') {
    const fallback = ownString(translations, fallbackKey);
    if (fallback !== undefined) return fallback;
  }
  return typeof key === 'string' ? key : '';
}

const normalizeTag = (tag: string): string => tag.trim().replace(/_/g, '-').toLowerCase();

/**
 * The locale the texts were authored in: `en-us` (any case, `-` or `_`, spaces around) → `'en'`;
 * any other string is returned unchanged; a non-string gives `''`. Never throws. Every place
 * that reads a locale passes it through here: {@link pickLocale} (the requested and the offered
 * tags), the stored or browser language of the web (`uiLanguage`), the sandbox's label files
 * and its `Accept-Language`.
 * Implements commerce-and-account-data.md §9 "Authoring locale en-us maps to en".
 */
export function authoringLocale(locale: string): string {
  if (typeof locale !== 'string') return '';
  return normalizeTag(locale) === 'en-us' ? 'en' : locale;
}

/**
 * Chooses the UI locale.
 *
 * - `requested`: a tag (`'pt-BR'`) or an Accept-Language list (`'es-ES,es;q=0.9'`, tried in
 *   order, q ignored); null/undefined/empty asks for the default.
 * - `available`: the realm's locales, for example `['en', 'es', 'pt-BR', 'ar']`.
 * - Every tag, requested or offered, is read through {@link authoringLocale} first: `en-US` asks
 *   for `en`, and an offered `en-us` is offered as `en` (§9 "Authoring locale en-us maps to en").
 * - For each requested tag: an exact match (case and `_`/`-` insensitive), else a locale with the
 *   same language (`pt` ↔ `pt-BR`, first in `available` order). Returns the `available`
 *   spelling; `*` ends the search; else `defaultLocale` (read the same way). Never answers
 *   `en-us`. Never throws.
 * Implements identity-and-routes.md §3 "Labels response" (selected_locale) and §4 "Language change".
 */
export function pickLocale(
  requested: string | null | undefined,
  available: readonly string[],
  defaultLocale: string,
): string {
  const fallback = authoringLocale(defaultLocale);
  if (typeof requested !== 'string' || !Array.isArray(available)) return fallback;
  const offered = available
    .filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '')
    .map(authoringLocale);
  const wanted = requested
    .split(',')
    .map((part) => normalizeTag(authoringLocale(part.split(';')[0] ?? '')))
    .filter((tag) => tag !== '');
  for (const tag of wanted) {
    // `*` (any language) asks for nothing in particular: the default.
    if (tag === '*') return fallback;
    const exact = offered.find((candidate) => normalizeTag(candidate) === tag);
    if (exact !== undefined) return exact;
    const language = languageOf(tag);
    const sameLanguage = offered.find((candidate) => languageOf(candidate) === language);
    if (sameLanguage !== undefined) return sameLanguage;
  }
  return fallback;
}
