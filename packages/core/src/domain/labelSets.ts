/**
 * Labels by keys (identity-and-routes.md §7 "POST labels endpoint ... translations by locale";
 * commerce-and-account-data.md §7 "Other"): pure rules for an app that loads only the labels a
 * page needs instead of every label of the product.
 */

/**
 * One flat table (message key → text) from a labels-by-keys answer's `translations` by locale:
 * the text of `selected` where it is there and not empty, else the text of `fallback` (the
 * realm's default locale), else the key is left out (so that `labelFor` falls back as usual).
 * Unknown locales give nothing. Total: any input gives a table.
 */
export function flattenLabelsByLocale(
  translations: Readonly<Record<string, Readonly<Record<string, string>>>>,
  selected: string,
  fallback: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  const own = (locale: string) => (Object.hasOwn(translations, locale) ? translations[locale] : undefined);
  for (const table of [own(fallback), own(selected)]) {
    if (!table) continue;
    for (const [key, text] of Object.entries(table)) {
      // defineProperty: a key such as `__proto__` stays an own key, never the table's prototype.
      if (typeof text === 'string' && text !== '') Object.defineProperty(out, key, { value: text, enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}

/**
 * The keys of `wanted` still to ask for: neither in `known` (texts already loaded) nor in `asked`
 * (keys already asked for, including those the platform did not have: asking again would not
 * help). Each key once, in the order of `wanted`; empty strings are left out.
 */
export function missingLabelKeys(
  wanted: readonly string[],
  known: Readonly<Record<string, string>>,
  asked: ReadonlySet<string> | Readonly<Record<string, true>>,
): string[] {
  const wasAsked = asked instanceof Set ? (key: string) => asked.has(key) : (key: string) => Object.hasOwn(asked, key);
  const out = new Set<string>();
  for (const key of wanted) {
    if (key === '' || Object.hasOwn(known, key) || wasAsked(key)) continue;
    out.add(key);
  }
  return [...out];
}
