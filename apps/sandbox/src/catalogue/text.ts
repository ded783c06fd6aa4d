/**
 * The language of catalogue texts: the request's `Accept-Language` picks one of the catalogue's
 * locales as it picks the labels' (`labels.ts` `selectLocale`), and each text is read in it,
 * English when it has none.
 */
import type { Localized } from '../db/types.js';
import { selectLocale } from '../labels.js';
import { CATALOGUE_LOCALES, type CatalogueLocale } from '../seed/texts.js';

/** The catalogue locale an `Accept-Language` header picks (`en` by default). */
export function catalogueLocale(acceptLanguage: string | undefined): CatalogueLocale {
  return selectLocale(acceptLanguage, CATALOGUE_LOCALES, 'en') as CatalogueLocale;
}

/** `text` in `locale`, else in English. */
export function inLocale(text: Localized, locale: CatalogueLocale): string {
  return text[locale] ?? text.en;
}

/** `text` in `locale`, else in English; undefined for no text. */
export function optionalInLocale(text: Localized | null | undefined, locale: CatalogueLocale): string | undefined {
  return text ? inLocale(text, locale) : undefined;
}

/**
 * The first sentence of `text` (up to the first `.`, `!`, `?` or `؟` followed by a space or the
 * end), or the whole text when it has no sentence end.
 */
export function firstSentence(text: string): string {
  const match = /^(.+?[.!?؟])(?=\s|$)/su.exec(text.trim());
  return match?.[1] ?? text.trim();
}
