import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AZ_OTHER_LETTER,
  RANKINGS_INITIAL_STATE,
  azLetter,
  azLetters,
  compareNames,
  filterByName,
  matchesNameFilter,
  rankingsReducer,
  sortByName,
  type RankingsAction,
  type RankingsState,
} from './index.js';

const LOCALES = ['en', 'es', 'pt', 'ar', 'fr', 'tr', 'de', 'not a locale'];
const names = fc.array(
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.constantFrom('Élodie', 'elodie', 'Ñandú', 'Nadia', 'ismail', 'Ömer', 'علي', 'أحمد', '3 Stripes', '  Zoë', '', "'Ali", '李小龙', 'ß'),
  ),
  { maxLength: 25 },
);
const locale = fc.constantFrom(...LOCALES);

describe('azLetter and azLetters', () => {
  it('upper-cases letters of any script for the locale and puts the rest under #', () => {
    expect(azLetter('élodie', 'en')).toBe('E');
    expect(azLetter('Élodie', 'fr')).toBe('E');
    expect(azLetter('ñandú', 'es')).toBe('Ñ');
    expect(azLetter('ñandú', 'en')).toBe('N');
    expect(azLetter('ismail', 'tr')).toBe('İ');
    expect(azLetter('ismail', 'en')).toBe('I');
    expect(azLetter('علي', 'ar')).toBe('ع');
    expect(azLetter('  zoë', 'en')).toBe('Z');
    expect(azLetter('3 Stripes', 'en')).toBe(AZ_OTHER_LETTER);
    expect(azLetter("'Ali", 'en')).toBe(AZ_OTHER_LETTER);
    expect(azLetter('', 'en')).toBe(AZ_OTHER_LETTER);
    expect(azLetter(undefined, 'en')).toBe(AZ_OTHER_LETTER);
    expect(azLetter('abc', 'not a locale')).toBe('A');
    expect(azLetters(['Nadia', 'ñandú', 'Élodie', '9ine', 'adam'], 'es')).toEqual(['#', 'A', 'E', 'N', 'Ñ']);
    expect(azLetters(['Nadia', 'ñandú', 'Élodie', '9ine', 'adam'], 'en')).toEqual(['#', 'A', 'E', 'N']);
  });

  it('offers every name\'s letter once, # first, the rest in the locale\'s order (property)', () => {
    fc.assert(
      fc.property(names, locale, (list, loc) => {
        const letters = azLetters(list, loc);
        expect(new Set(letters).size).toBe(letters.length);
        for (const name of list) expect(letters).toContain(azLetter(name, loc));
        expect(letters.length).toBe(new Set(list.map((name) => azLetter(name, loc))).size);
        if (letters.includes(AZ_OTHER_LETTER)) expect(letters[0]).toBe(AZ_OTHER_LETTER);
        const compare = compareNames(loc);
        const rest = letters.filter((l) => l !== AZ_OTHER_LETTER);
        for (let i = 1; i < rest.length; i += 1) expect(compare(rest[i - 1]!, rest[i]!)).toBeLessThan(0);
      }),
    );
  });

  it('the letters partition the names: filtering by each letter gives every name exactly once (property)', () => {
    fc.assert(
      fc.property(names, locale, (list, loc) => {
        const items = list.map((name, index) => ({ name, index }));
        const seen = azLetters(list, loc).flatMap((letter) =>
          filterByName(items, (item) => item.name, { letter, filter: '' }, loc).map((item) => item.index),
        );
        expect(seen.sort((a, b) => a - b)).toEqual(items.map((item) => item.index));
      }),
    );
  });
});

describe('sorting and filtering names', () => {
  it('sorts by the locale and finds names ignoring case and accents', () => {
    expect(sortByName(['Zoë', 'élodie', 'Adam', 'Ñandú', 'Nadia', 'Fighter 10', 'Fighter 9'], (n) => n, 'es')).toEqual([
      'Adam',
      'élodie',
      'Fighter 9',
      'Fighter 10',
      'Nadia',
      'Ñandú',
      'Zoë',
    ]);
    expect(matchesNameFilter('José  Aldo', 'jose aldo', 'pt')).toBe(true);
    expect(matchesNameFilter('José Aldo', '  ', 'pt')).toBe(true);
    expect(matchesNameFilter('José Aldo', 'silva', 'pt')).toBe(false);
    expect(matchesNameFilter(null, 'x', 'pt')).toBe(false);
  });

  it('sorting gives an ordered permutation (property)', () => {
    fc.assert(
      fc.property(names, locale, (list, loc) => {
        const sorted = sortByName(list, (n) => n, loc);
        expect([...sorted].sort()).toEqual([...list].sort());
        const compare = compareNames(loc);
        for (let i = 1; i < sorted.length; i += 1) expect(compare(sorted[i - 1]!, sorted[i]!)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('a filter keeps a subset, an empty one keeps all, and a longer filter never finds more (property)', () => {
    fc.assert(
      fc.property(names, fc.string({ maxLength: 3 }), fc.string({ maxLength: 2 }), locale, (list, filter, more, loc) => {
        const all = filterByName(list, (n) => n, { letter: null, filter: '' }, loc);
        expect(all).toHaveLength(list.length);
        const some = filterByName(list, (n) => n, { letter: null, filter }, loc);
        for (const name of some) expect(list).toContain(name);
        const fewer = filterByName(list, (n) => n, { letter: null, filter: filter + more }, loc);
        expect(fewer.length).toBeLessThanOrEqual(some.length);
      }),
    );
  });
});

describe('rankingsReducer (§3 rankings)', () => {
  it('switches tabs, selects and clears a letter, records the filter', () => {
    let s: RankingsState = RANKINGS_INITIAL_STATE;
    s = rankingsReducer(s, { type: 'rankings.letter', letter: 'M' });
    expect(s).toEqual({ tab: 'aToZ', letter: 'M', filter: '' });
    s = rankingsReducer(s, { type: 'rankings.filter', filter: 'mc' });
    s = rankingsReducer(s, { type: 'rankings.tab', tab: 'rankings' });
    expect(s).toEqual({ tab: 'rankings', letter: 'M', filter: 'mc' });
    expect(rankingsReducer(s, { type: 'rankings.tab', tab: 'other' } as unknown as RankingsAction)).toBe(s);
    expect(rankingsReducer(s, { type: 'rankings.letter', letter: null }).letter).toBeNull();
  });

  it('selecting the same letter twice clears it; any letter selected shows the A to Z tab (property)', () => {
    const state = fc.record({
      tab: fc.constantFrom('rankings' as const, 'aToZ' as const),
      letter: fc.option(fc.constantFrom('A', 'B', '#', 'Ñ'), { nil: null }),
      filter: fc.string(),
    });
    fc.assert(
      fc.property(state, fc.constantFrom('A', 'B', '#', 'Ñ'), (s, letter) => {
        const once = rankingsReducer(s, { type: 'rankings.letter', letter });
        if (once.letter !== null) expect(once.tab).toBe('aToZ');
        const twice = rankingsReducer(once, { type: 'rankings.letter', letter });
        expect([once.letter, twice.letter].filter((l) => l === letter)).toHaveLength(1);
        expect(twice.filter).toBe(s.filter);
      }),
    );
  });
});
