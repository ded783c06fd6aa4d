import { describe, expect, it, vi } from 'vitest';
import type { SearchResponse, Tile } from '@stream/core/contracts';
import {
  SEARCH_RPP,
  cataloguePopularContent,
  catalogueSearch,
  searchAddress,
  searchFromAddress,
  toSearchPage,
  toggleFilter,
  type CatalogueSearchApi,
} from './catalogueSearch';

const tile = (id: string) => ({ id, type: 'VOD', title: id }) as unknown as Tile;
const group = (ids: string[], more = false) => ({ items: ids.map(tile), totalCount: ids.length, moreDataAvailable: more });

function answer(over: Partial<SearchResponse> = {}): SearchResponse {
  return {
    q: 'derby',
    totalCount: 3,
    page: 1,
    rpp: SEARCH_RPP,
    results: { liveEvent: group(['l1']), video: group(['v1', 'v2']), playlist: group([]) },
    refines: [{ key: 'access', label: 'Access', values: [{ value: 'free', label: 'Free', count: 2, selected: false }] }],
    ...over,
  } as SearchResponse;
}

describe('toSearchPage', () => {
  it('keeps the items of each type, the total and the refines', () => {
    const page = toSearchPage(answer());
    expect(page.results.liveEvent?.map((t) => t.id)).toEqual(['l1']);
    expect(page.results.video?.map((t) => t.id)).toEqual(['v1', 'v2']);
    expect(page.results.playlist).toEqual([]);
    expect(page.totalCount).toBe(3);
    expect(page.refines).toHaveLength(1);
    expect(page.moreDataAvailable).toBe(false);
  });

  it('has another page when any type has one', () => {
    const more = answer({ results: { liveEvent: group([]), video: group(['v1']), playlist: group(['p1'], true) } });
    expect(toSearchPage(more).moreDataAvailable).toBe(true);
  });
});

describe('catalogueSearch', () => {
  it('calls the catalogue search with q, page, rpp, the filters and the signal', async () => {
    const search = vi.fn(async () => answer());
    const controller = new AbortController();
    const run = catalogueSearch({ search } as unknown as CatalogueSearchApi, { access: 'free' });
    const page = await run({ value: 'derby', page: 2, signal: controller.signal });
    expect(search).toHaveBeenCalledWith({ query: { q: 'derby', page: 2, rpp: SEARCH_RPP, access: 'free' } }, { signal: controller.signal });
    expect(page.totalCount).toBe(3);
  });

  it('loads the popular content with an empty q; none when the answer has none', async () => {
    const popular = [tile('p')];
    const search = vi.fn().mockResolvedValueOnce(answer({ popularContent: popular })).mockResolvedValueOnce(answer());
    const load = cataloguePopularContent({ search } as unknown as CatalogueSearchApi);
    const signal = new AbortController().signal;
    expect(await load({ signal })).toBe(popular);
    expect(await load({ signal })).toEqual([]);
    expect(search).toHaveBeenCalledWith({ query: { q: '' } }, { signal });
  });
});

describe('the search address', () => {
  it('reads q and the known filters, dropping unknown values', () => {
    expect(searchFromAddress('q=derby+night&type=video&access=free&category=football')).toEqual({
      q: 'derby night',
      filters: { type: 'video', access: 'free', category: 'football' },
    });
    expect(searchFromAddress('type=song&access=gratis')).toEqual({ q: '', filters: {} });
  });

  it('writes the normalised q and the filters, and reads back the same', () => {
    const address = searchAddress('  derby   night ', { type: 'liveEvent', category: 'boxing' });
    expect(address).toBe('q=derby+night&type=liveEvent&category=boxing');
    expect(searchFromAddress(address)).toEqual({ q: 'derby night', filters: { type: 'liveEvent', category: 'boxing' } });
    expect(searchAddress('   ', {})).toBe('');
  });

  it('toggles a filter on and off', () => {
    const on = toggleFilter({}, 'type', 'video');
    expect(on).toEqual({ type: 'video' });
    expect(toggleFilter(on, 'type', 'playlist')).toEqual({ type: 'playlist' });
    expect(toggleFilter(on, 'type', 'video')).toEqual({});
  });
});
