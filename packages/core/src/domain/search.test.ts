import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_QUERY_MIN_LENGTH,
  SEARCH_TYPES,
  initialSearchState,
  isSearchable,
  normaliseSearchQuery,
  searchQuery,
  searchReducer,
  searchResultCount,
  showsNoResults,
  showsPopularContent,
  type SearchAction,
  type SearchPage,
  type SearchState,
} from './index.js';

/** A result item that remembers the query and page it answered. */
interface Tagged {
  query: string;
  page: number;
  n: number;
}

type Action = SearchAction<Tagged, string>;
type AnswerAction = Extract<Action, { type: 'search.answer' }>;

function page(query: string, n: number, counts: [number, number, number], more = false): SearchPage<Tagged, string> {
  const [live, video, playlist] = counts;
  const items = (count: number, offset: number) => Array.from({ length: count }, (_, i) => ({ query, page: n, n: offset + i }));
  return {
    results: { liveEvent: items(live, 0), video: items(video, 100), playlist: items(playlist, 200) },
    totalCount: 50,
    refines: [`refine-${query}`],
    moreDataAvailable: more,
  };
}

const answer = (value: string, n: number, counts: [number, number, number] = [1, 2, 1], more = true): AnswerAction => ({
  type: 'search.answer',
  value,
  page: n,
  answer: page(normaliseSearchQuery(value), n, counts, more),
});

describe('normaliseSearchQuery and isSearchable', () => {
  it('trims, collapses white space of any script and cuts long queries', () => {
    expect(normaliseSearchQuery('  noche \t de\u00a0\u3000 lucha\n')).toBe('noche de lucha');
    expect(normaliseSearchQuery('Cafe\u0301')).toBe('Café');
    expect(normaliseSearchQuery(42)).toBe('');
    expect(Array.from(normaliseSearchQuery('😀'.repeat(150)))).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
    expect(isSearchable('a')).toBe(false);
    expect(isSearchable(' a  ')).toBe(false);
    expect(isSearchable('ab')).toBe(true);
    expect(isSearchable('قتال')).toBe(true);
  });

  it('is idempotent, has no outer or doubled spaces, and keeps at most the maximum (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string(), fc.anything()), (value) => {
        const query = normaliseSearchQuery(value);
        expect(normaliseSearchQuery(query)).toBe(query);
        expect(query).toBe(query.trim());
        expect(query).not.toMatch(/\s\s/u);
        expect(Array.from(query).length).toBeLessThanOrEqual(SEARCH_QUERY_MAX_LENGTH);
        expect(isSearchable(value)).toBe(Array.from(query).length >= SEARCH_QUERY_MIN_LENGTH);
      }),
    );
  });
});

describe('searchReducer (§3, §4 Search)', () => {
  it('shows popular content for an empty value, results for a query, "no results" for an empty answer', () => {
    let s: SearchState<Tagged, string> = initialSearchState();
    s = searchReducer(s, { type: 'search.popularContent', items: [{ query: '', page: 0, n: 1 }] });
    expect(showsPopularContent(s)).toBe(true);
    s = searchReducer(s, { type: 'search.value', value: 'fight' });
    expect(showsPopularContent(s)).toBe(false);
    s = searchReducer(s, answer('fight', 1, [1, 2, 0]));
    expect(s.results.video).toHaveLength(2);
    expect(s.totalCount).toBe(50);
    expect(s.refines).toEqual(['refine-fight']);
    expect(showsNoResults(s)).toBe(false);
    s = searchReducer(s, { type: 'search.value', value: 'zzz' });
    s = searchReducer(s, { ...answer('zzz', 1, [0, 0, 0], false), answer: { results: {}, totalCount: 0, moreDataAvailable: false } });
    expect(showsNoResults(s)).toBe(true);
    expect(s.popularContent).toHaveLength(1);
  });

  it('appends the next page per type and ignores pages out of order', () => {
    let s = searchReducer(initialSearchState<Tagged, string>(), { type: 'search.value', value: 'derby' });
    s = searchReducer(s, answer('derby', 1, [1, 2, 1]));
    s = searchReducer(s, answer('derby', 3, [5, 5, 5]));
    expect(s.page).toBe(1);
    s = searchReducer(s, { ...answer('derby', 2, [0, 3, 0]), answer: { ...page('derby', 2, [0, 3, 0]), refines: undefined } });
    expect(s.page).toBe(2);
    expect(s.results.video.map((item) => item.page)).toEqual([1, 1, 2, 2, 2]);
    expect(s.results.liveEvent).toHaveLength(1);
    expect(s.refines).toEqual(['refine-derby']);
    expect(searchResultCount(s)).toBe(7);
  });

  it('keeps the results when the query does not change, and clears them when it does', () => {
    let s = searchReducer(initialSearchState<Tagged, string>(), { type: 'search.value', value: 'derby' });
    s = searchReducer(s, answer('derby', 1));
    const same = searchReducer(s, { type: 'search.value', value: ' derby  ' });
    expect(same.results).toBe(s.results);
    expect(same.value).toBe(' derby  ');
    const other = searchReducer(s, { type: 'search.value', value: 'derby 2' });
    expect(searchResultCount(other)).toBe(0);
    expect(other.page).toBe(0);
  });

  it('opens, closes and starts a new search', () => {
    let s = searchReducer(initialSearchState<Tagged, string>('derby'), { type: 'search.open' });
    s = searchReducer(s, answer('derby', 1));
    expect(searchReducer(s, { type: 'search.close' })).toMatchObject({ open: false, value: 'derby' });
    const fresh = searchReducer(searchReducer(s, { type: 'search.close' }), { type: 'search.new' });
    expect(fresh).toMatchObject({ open: true, value: '', page: 0, totalCount: 0 });
    expect(searchResultCount(fresh)).toBe(0);
  });

  it('a new value always clears old results (property)', () => {
    const values = fc.constantFrom('', 'a', 'ab', 'ab ', 'derby', 'Derby', 'noche de lucha');
    fc.assert(
      fc.property(values, values, (first, second) => {
        const s = searchReducer(searchReducer(initialSearchState<Tagged, string>(), { type: 'search.value', value: first }), answer(first, 1));
        const next = searchReducer(s, { type: 'search.value', value: second });
        if (normaliseSearchQuery(first) !== normaliseSearchQuery(second)) {
          expect(searchResultCount(next)).toBe(0);
          expect(next).toMatchObject({ totalCount: 0, page: 0, refines: [], moreDataAvailable: false });
        } else {
          expect(next.results).toBe(s.results);
        }
      }),
    );
  });

  it('a stale answer never overwrites a newer one: every result held answers the current query (property)', () => {
    const value = fc.constantFrom('', 'x', 'ab', 'ab ', ' ab', 'derby', 'Derby', 'noche  de lucha', 'noche de lucha');
    const action: fc.Arbitrary<Action> = fc.oneof(
      value.map((v) => ({ type: 'search.value' as const, value: v })),
      fc.tuple(value, fc.integer({ min: -1, max: 4 }), fc.tuple(fc.nat(3), fc.nat(3), fc.nat(3))).map(([v, n, counts]) => answer(v, n, counts)),
      fc.constantFrom<Action>({ type: 'search.open' }, { type: 'search.close' }, { type: 'search.new' }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        const end = actions.reduce(searchReducer<Tagged, string>, initialSearchState<Tagged, string>());
        const query = searchQuery(end);
        for (const type of SEARCH_TYPES) {
          for (const item of end.results[type]) expect(item.query).toBe(query);
          // Pages in order: 1, 2, … each page's items after the previous page's.
          const pages = end.results[type].map((item) => item.page);
          expect(pages).toEqual([...pages].sort((a, b) => a - b));
          for (const p of pages) expect(p).toBeLessThanOrEqual(end.page);
        }
        expect(end.totalCount).toBeGreaterThanOrEqual(searchResultCount(end));
        if (showsPopularContent(end)) expect(searchResultCount(end)).toBe(0);
      }),
    );
  });

  it('never throws on a malformed answer or action', () => {
    const s = searchReducer(initialSearchState<Tagged, string>(), { type: 'search.value', value: 'derby' });
    const broken = { type: 'search.answer', value: 'derby', page: 1, answer: { results: { video: 'nope' }, totalCount: Number.NaN } } as unknown as Action;
    expect(searchReducer(s, broken)).toMatchObject({ page: 1, totalCount: 0, moreDataAvailable: false });
    expect(searchReducer(s, { type: 'search.unknown' } as unknown as Action)).toBe(s);
    expect(searchReducer(s, { type: 'search.popularContent', items: null } as unknown as Action).popularContent).toEqual([]);
  });
});
