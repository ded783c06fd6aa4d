import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { SearchPage } from '../../domain/index.js';
import {
  SEARCH_DEBOUNCE_MS,
  connectSearch,
  createSearchMachine,
  type SearchInput,
  type SearchRequest,
} from '../index.js';

interface Title {
  id: string;
}

interface Call extends SearchRequest {
  resolve(page: SearchPage<Title, string>): void;
  reject(error: unknown): void;
}

/** A search function whose answers the test gives by hand. */
function fakeSearch() {
  const calls: Call[] = [];
  const search = (request: SearchRequest) =>
    new Promise<SearchPage<Title, string>>((resolve, reject) => {
      calls.push({ ...request, resolve, reject });
    });
  return { calls, search };
}

function page(ids: string[], more = false, totalCount = 40): SearchPage<Title, string> {
  return { results: { video: ids.map((id) => ({ id })) }, totalCount, refines: ['sport'], moreDataAvailable: more };
}

const machine = createSearchMachine<Title, string>();

function start(input: Partial<SearchInput<Title, string>> & Pick<SearchInput<Title, string>, 'search'>) {
  const actor = createActor(machine, { input }).start();
  return { actor, view: () => connectSearch(actor.getSnapshot(), actor.send) };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('search machine', () => {
  it('shows the popular content (loaded once) for an empty value', async () => {
    const { search, calls } = fakeSearch();
    let loads = 0;
    const popularContent = async () => {
      loads += 1;
      return [{ id: 'popular-1' }];
    };
    const { actor, view } = start({ search, popularContent });
    expect(view()).toMatchObject({ status: 'popular', loadingPopular: true, showsPopularContent: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ status: 'popular', loadingPopular: false, popularContent: [{ id: 'popular-1' }] });
    view().setValue('d');
    view().setValue('');
    view().newSearch();
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(loads).toBe(1);
    expect(calls).toHaveLength(0);
    actor.stop();
  });

  it('searches once typing pauses, with the normalised value, page 1 and a signal', async () => {
    const { search, calls } = fakeSearch();
    const { view } = start({ search });
    for (const value of ['d', 'de', 'der', 'derb', '  derby  ']) {
      view().setValue(value);
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    }
    expect(calls).toHaveLength(0);
    expect(view()).toMatchObject({ status: 'typing', value: '  derby  ', query: 'derby' });
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map(({ value, page: n }) => [value, n])).toEqual([['derby', 1]]);
    expect(calls[0]!.signal.aborted).toBe(false);
    expect(view().status).toBe('searching');
    calls[0]!.resolve(page(['a', 'b'], true));
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ status: 'results', resultCount: 2, totalCount: 40, refines: ['sport'], canLoadMore: true, noResults: false });
    expect(view().results.video.map((t) => t.id)).toEqual(['a', 'b']);
  });

  it('aborts the stale request when a newer value arrives, and never shows its answer', async () => {
    const { search, calls } = fakeSearch();
    const { view } = start({ search });
    view().setValue('derby');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    const stale = calls[0]!;
    view().setValue('derby night');
    expect(stale.signal.aborted).toBe(true);
    expect(view()).toMatchObject({ status: 'typing', resultCount: 0 });
    stale.resolve(page(['stale']));
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(view().resultCount).toBe(0);
    expect(calls.map((c) => c.value)).toEqual(['derby', 'derby night']);
    calls[1]!.resolve(page(['fresh']));
    await vi.advanceTimersByTimeAsync(0);
    expect(view().results.video).toEqual([{ id: 'fresh' }]);
    // A value with the same query (one more space) keeps the results and sends nothing.
    view().setValue('derby night ');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(calls).toHaveLength(2);
    expect(view()).toMatchObject({ status: 'results', resultCount: 1 });
  });

  it('aborts the pending request on a new search and when stopped', async () => {
    const { search, calls } = fakeSearch();
    const { actor, view } = start({ search, value: 'derby' });
    expect(calls).toHaveLength(1);
    view().newSearch();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(view()).toMatchObject({ status: 'popular', value: '', open: true });
    view().setValue('final');
    view().submit();
    expect(calls[1]!.value).toBe('final');
    actor.stop();
    expect(calls[1]!.signal.aborted).toBe(true);
  });

  it('searches the value of the input at once and appends the next pages', async () => {
    const { search, calls } = fakeSearch();
    const { view } = start({ search, value: 'noche de lucha', open: true });
    expect(view()).toMatchObject({ status: 'searching', open: true });
    calls[0]!.resolve(page(['a', 'b'], true));
    await vi.advanceTimersByTimeAsync(0);
    view().loadMore();
    expect(view()).toMatchObject({ status: 'loadingMore', resultCount: 2, canLoadMore: false });
    expect(calls.map(({ value, page: n }) => [value, n])).toEqual([
      ['noche de lucha', 1],
      ['noche de lucha', 2],
    ]);
    calls[1]!.resolve(page(['c'], false));
    await vi.advanceTimersByTimeAsync(0);
    expect(view().results.video.map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect(view().canLoadMore).toBe(false);
    view().loadMore();
    expect(calls).toHaveLength(2);
  });

  it('shows "no results" for an empty answer', async () => {
    const { search, calls } = fakeSearch();
    const { view } = start({ search, value: 'zzzz' });
    calls[0]!.resolve({ results: {}, totalCount: 0, moreDataAvailable: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ status: 'results', noResults: true, resultCount: 0 });
  });

  it('retries a failed search, and a failed next page keeping the results so far', async () => {
    const { search, calls } = fakeSearch();
    const { view } = start({ search, value: 'derby' });
    const offline = new Error('offline');
    calls[0]!.reject(offline);
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ status: 'failed', failed: true, error: offline });
    view().retry();
    expect(view()).toMatchObject({ status: 'searching', failed: false, error: null });
    calls[1]!.resolve(page(['a'], true));
    await vi.advanceTimersByTimeAsync(0);
    view().loadMore();
    calls[2]!.reject(offline);
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ status: 'failed', resultCount: 1 });
    view().retry();
    expect(calls.map((c) => c.page)).toEqual([1, 1, 2, 2]);
    calls[3]!.resolve(page(['b']));
    await vi.advanceTimersByTimeAsync(0);
    expect(view().results.video.map((t) => t.id)).toEqual(['a', 'b']);
  });

  it('retries the popular content after a failure', async () => {
    const { search } = fakeSearch();
    let fail = true;
    const popularContent = async () => {
      if (fail) throw new Error('offline');
      return [{ id: 'p' }];
    };
    const { view } = start({ search, popularContent });
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ status: 'popular', failed: true });
    fail = false;
    view().retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ status: 'popular', failed: false, popularContent: [{ id: 'p' }] });
  });

  it('opens and closes the panel, keeping the value', () => {
    const { search } = fakeSearch();
    const { view } = start({ search, value: 'derby' });
    view().openSearch();
    expect(view().open).toBe(true);
    view().close();
    expect(view()).toMatchObject({ open: false, value: 'derby', status: 'searching' });
  });
});
