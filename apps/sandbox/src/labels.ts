import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { authoringLocale, pickLocale } from '@stream/core/domain';

/** Label texts by locale: `{ en: { key: text }, es: { … } }`. */
export interface LabelCatalog {
  defaultLocale: string;
  /** Locales with a label file, default first, then alphabetical. */
  locales: string[];
  texts: Record<string, Record<string, string>>;
}

const LOCALE_FILE = /^([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.json$/;

/**
 * Loads every `<locale>.json` of `dir` (each `{ key: text }`; `en-us.json` counts as `en.json`,
 * the authoring locale of commerce §9), merged with the `<locale>.json`
 * files of its sub-directories (one per product area, for example `checkout/en.json`), in name
 * order; a key defined twice keeps its first text and warns. A file that is not valid JSON or
 * not an object of strings is skipped with a warning (the files are edited by hand). Throws when
 * the default locale's top-level file is missing.
 */
export async function loadLabels(
  dir: string,
  defaultLocale = 'en',
  warn: (message: string) => void = (m) => console.warn(m),
): Promise<LabelCatalog> {
  const texts: Record<string, Record<string, string>> = {};
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  const files = entries.filter((e) => e.isFile()).map((e) => e.name);
  for (const sub of entries.filter((e) => e.isDirectory())) {
    for (const file of (await readdir(path.join(dir, sub.name))).sort()) files.push(path.join(sub.name, file));
  }
  for (const file of files) {
    const match = LOCALE_FILE.exec(path.basename(file));
    if (!match?.[1]) continue;
    // A file in the authoring locale (`en-us.json`) holds `en`'s texts (commerce §9).
    const locale = authoringLocale(match[1]).toLowerCase();
    const nested = file.includes(path.sep);
    if (nested && !texts[locale]) continue;
    try {
      const parsed: unknown = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      const target: Record<string, string> = texts[locale] ?? {};
      for (const [key, value] of Object.entries(parsed)) {
        if (typeof value !== 'string') warn(`[sandbox] labels ${file}: key "${key}" is not a string, skipped`);
        else if (Object.hasOwn(target, key)) warn(`[sandbox] labels ${file}: key "${key}" is defined twice, first kept`);
        else target[key] = value;
      }
      texts[locale] = target;
    } catch (error) {
      warn(`[sandbox] labels ${file} skipped: ${(error as Error).message}`);
    }
  }
  if (!texts[defaultLocale]) throw new Error(`Label file ${defaultLocale}.json missing or invalid in ${dir}`);
  const locales = [defaultLocale, ...Object.keys(texts).filter((l) => l !== defaultLocale).sort()];
  return { defaultLocale, locales, texts };
}

/**
 * Parses an `Accept-Language` header into language ranges by preference (q-values, ties in header
 * order; `q=0` and malformed entries dropped). Tags are lower-cased.
 */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  const ranges: { tag: string; q: number; index: number }[] = [];
  header.split(',').forEach((part, index) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim().toLowerCase() ?? '';
    if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9](?:\.[0-9]{0,3})?)\s*$/i.exec(param);
      if (m?.[1] !== undefined) q = Math.min(1, Number(m[1]));
    }
    if (q > 0) ranges.push({ tag, q, index });
  });
  return ranges.sort((a, b) => b.q - a.q || a.index - b.index).map((r) => r.tag);
}

/**
 * Picks the best available locale for an `Accept-Language` header: the ranges by preference
 * ({@link parseAcceptLanguage}), each read by core's `pickLocale` (an exact match, else a locale
 * of the same language; `en-us` read as `en`, commerce §9; `*` ends the search), else the default.
 */
export function selectLocale(header: string | undefined, available: readonly string[], defaultLocale: string): string {
  return pickLocale(parseAcceptLanguage(header).join(','), available, defaultLocale);
}

/** The labels answer for one locale: its texts with missing keys filled from the default locale. */
export function labelsFor(catalog: LabelCatalog, acceptLanguage: string | undefined) {
  const selected = selectLocale(acceptLanguage, catalog.locales, catalog.defaultLocale);
  return {
    default_locale: catalog.defaultLocale,
    selected_locale: selected,
    translations: { ...catalog.texts[catalog.defaultLocale], ...catalog.texts[selected] },
    locales: catalog.locales,
  };
}

/**
 * The labels-by-keys answer (`POST /api/v2/labels { keys }`; identity-and-routes.md §7): the asked
 * keys' texts by locale, for the locale selected from `acceptLanguage` and for the default locale
 * (the fallback); a key a locale lacks is left out of that locale; `locales`: the realm's locales
 * (the language picker of an app that loads labels by keys).
 */
export function labelsByKeysFor(catalog: LabelCatalog, acceptLanguage: string | undefined, keys: readonly string[]) {
  const selected = selectLocale(acceptLanguage, catalog.locales, catalog.defaultLocale);
  const pick = (locale: string): Record<string, string> => {
    const texts = catalog.texts[locale] ?? {};
    const out: Record<string, string> = {};
    for (const key of keys) if (Object.hasOwn(texts, key)) out[key] = texts[key]!;
    return out;
  };
  const translations: Record<string, Record<string, string>> = { [selected]: pick(selected) };
  if (selected !== catalog.defaultLocale) translations[catalog.defaultLocale] = pick(catalog.defaultLocale);
  return { default_locale: catalog.defaultLocale, selected_locale: selected, translations, locales: catalog.locales };
}
