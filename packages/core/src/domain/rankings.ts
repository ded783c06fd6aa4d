import { isOneOf } from './oneOf.js';

/**
 * The rankings slice of the client state and the A to Z list of fighters. Implements
 * commerce-and-account-data.md §3 "Client state slices: rankings (tabs rankings and A to Z,
 * selected letter and filter)".
 *
 * Letters and order follow the viewer's locale (`Intl.Collator`): names of any script are listed
 * under their first letter, upper-cased for the locale, with the accents the locale's alphabet
 * treats as the same letter removed (`Élodie` under `E` in English and French, `Ñ` its own letter
 * in Spanish); names starting with a digit or a symbol go under {@link AZ_OTHER_LETTER}.
 */

/** The tabs of the fighters page: the rankings per weight class, and every fighter from A to Z. */
export const RANKINGS_TABS = ['rankings', 'aToZ'] as const;

/** One tab of {@link RANKINGS_TABS}. */
export type RankingsTab = (typeof RANKINGS_TABS)[number];

/** The A to Z entry of names that do not start with a letter (a digit, a symbol, nothing). Listed first. */
export const AZ_OTHER_LETTER = '#';

/** The locale used when the one given is not a valid BCP 47 tag. */
const FALLBACK_LOCALE = 'en';

/** The rankings slice (§3 "rankings"). */
export interface RankingsState {
  tab: RankingsTab;
  /** The A to Z letter selected (as {@link azLetter} gives it), or null for every letter. */
  letter: string | null;
  /** The filter the viewer typed (matched by {@link matchesNameFilter}); `''` for none. */
  filter: string;
}

/** What the rankings slice reacts to. */
export type RankingsAction =
  | { type: 'rankings.tab'; tab: RankingsTab }
  /** Selects a letter (and the A to Z tab); the selected letter again, or null, clears it. */
  | { type: 'rankings.letter'; letter: string | null }
  | { type: 'rankings.filter'; filter: string };

/** The slice at start: the rankings tab, no letter, no filter. */
export const RANKINGS_INITIAL_STATE: RankingsState = Object.freeze({ tab: 'rankings', letter: null, filter: '' });

/** True when `value` is one of {@link RANKINGS_TABS}. */
export function isRankingsTab(value: unknown): value is RankingsTab {
  return isOneOf(RANKINGS_TABS, value);
}

/**
 * The rankings slice after `action`: `rankings.tab` switches tab (an unknown tab is ignored);
 * `rankings.letter` selects a letter and the A to Z tab, or clears the letter (null, or the
 * letter already selected); `rankings.filter` records the filter as typed. The letter and filter
 * survive a tab switch. Pure; an unknown action returns `state`.
 */
export function rankingsReducer(state: RankingsState, action: RankingsAction): RankingsState {
  switch (action?.type) {
    case 'rankings.tab':
      return isRankingsTab(action.tab) && action.tab !== state.tab ? { ...state, tab: action.tab } : state;
    case 'rankings.letter': {
      const letter = typeof action.letter === 'string' && action.letter !== '' && action.letter !== state.letter ? action.letter : null;
      return letter === null ? { ...state, letter: null } : { ...state, tab: 'aToZ', letter };
    }
    case 'rankings.filter':
      return { ...state, filter: typeof action.filter === 'string' ? action.filter : '' };
    default:
      return state;
  }
}

interface LocaleTools {
  locale: string;
  /** Primary strength: letters only (case and accents ignored where the locale's alphabet does). */
  base: Intl.Collator;
  /** Ordering of names: accents and case break ties; digits compared as numbers. */
  order: Intl.Collator;
  graphemes: Intl.Segmenter;
}

const tools = new Map<string, LocaleTools>();

/** The collators of `locale` (memoised); an invalid tag falls back to English. */
function localeTools(locale: unknown): LocaleTools {
  const key = typeof locale === 'string' ? locale : FALLBACK_LOCALE;
  const known = tools.get(key);
  if (known) return known;
  let made: LocaleTools;
  try {
    const base = new Intl.Collator(key, { sensitivity: 'base', usage: 'sort' });
    const resolved = base.resolvedOptions().locale;
    made = {
      locale: resolved,
      base,
      order: new Intl.Collator(resolved, { sensitivity: 'variant', numeric: true }),
      graphemes: new Intl.Segmenter(resolved, { granularity: 'grapheme' }),
    };
  } catch {
    made = localeTools(FALLBACK_LOCALE);
  }
  tools.set(key, made);
  return made;
}

/**
 * The A to Z letter of `name` in `locale` (BCP 47, for example `'en'`, `'es'`, `'ar'`): its first
 * character (grapheme) when that is a letter, upper-cased for the locale (`i` → `İ` in Turkish),
 * without the accents the locale's collation ignores at primary strength (`É` → `E` in English,
 * `Ñ` kept in Spanish); {@link AZ_OTHER_LETTER} when the name (trimmed) starts with anything else
 * or is empty. Pure, never throws.
 */
export function azLetter(name: unknown, locale: string): string {
  if (typeof name !== 'string') return AZ_OTHER_LETTER;
  const { locale: resolved, base, graphemes } = localeTools(locale);
  const trimmed = name.normalize('NFC').trim();
  const first = graphemes.segment(trimmed)[Symbol.iterator]().next().value?.segment ?? '';
  if (!/^\p{L}/u.test(first)) return AZ_OTHER_LETTER;
  const upper = first.toLocaleUpperCase(resolved).normalize('NFC');
  const stripped = Array.from(upper.normalize('NFD').replace(/\p{M}+/gu, ''))[0] ?? upper;
  return base.compare(stripped, upper) === 0 ? stripped : upper;
}

/**
 * The letters an A to Z list of `names` offers in `locale`: each {@link azLetter} once, in the
 * locale's alphabetical order, {@link AZ_OTHER_LETTER} first when some name needs it. Pure.
 */
export function azLetters(names: readonly string[], locale: string): string[] {
  const { order } = localeTools(locale);
  const letters = new Set((Array.isArray(names) ? names : []).map((name) => azLetter(name, locale)));
  const other = letters.delete(AZ_OTHER_LETTER);
  const sorted = [...letters].sort((a, b) => order.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
  return other ? [AZ_OTHER_LETTER, ...sorted] : sorted;
}

/** `text` folded for matching: NFD without combining marks, lower case for `locale`, white space collapsed. */
function folded(text: string, locale: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLocaleLowerCase(locale).replace(/\s+/gu, ' ').trim();
}

/**
 * True when `name` contains `filter` ignoring case, accents and repeated white space (`jose`
 * finds `José Aldo`); an empty or blank filter matches every name. Pure.
 */
export function matchesNameFilter(name: unknown, filter: unknown, locale: string): boolean {
  const { locale: resolved } = localeTools(locale);
  const wanted = typeof filter === 'string' ? folded(filter, resolved) : '';
  if (wanted === '') return true;
  return typeof name === 'string' && folded(name, resolved).includes(wanted);
}

/**
 * A comparison of names for `Array.prototype.sort` in `locale`'s collation (numbers in names
 * compared as numbers); ties broken by code units so the order is total. Pure.
 */
export function compareNames(locale: string): (a: string, b: string) => number {
  const { order } = localeTools(locale);
  return (a, b) => order.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** `items` sorted by `nameOf(item)` in `locale`'s collation; a new array, the input untouched. Pure. */
export function sortByName<T>(items: readonly T[], nameOf: (item: T) => string, locale: string): T[] {
  const compare = compareNames(locale);
  return [...items].sort((a, b) => compare(nameOf(a), nameOf(b)));
}

/**
 * The A to Z view of `items`: those whose name has the slice's `letter` (every item when null)
 * and matches its `filter`, sorted by name in `locale`. Pure.
 */
export function filterByName<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  selection: Pick<RankingsState, 'letter' | 'filter'>,
  locale: string,
): T[] {
  const kept = items.filter((item) => {
    const name = nameOf(item);
    return (selection.letter === null || azLetter(name, locale) === selection.letter) && matchesNameFilter(name, selection.filter, locale);
  });
  return sortByName(kept, nameOf, locale);
}
