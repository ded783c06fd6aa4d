import { assign, fromPromise, setup } from 'xstate';
import {
  initialSearchState,
  isSearchable,
  normaliseSearchQuery,
  searchQuery,
  searchReducer,
  type SearchAction,
} from '../../domain/search.js';
import type {
  PopularContentFunction,
  SearchActorInput,
  SearchActorOutput,
  SearchContext,
  SearchEvent,
  SearchInput,
} from './search.types.js';

/**
 * How long typing must pause before the value is searched, in ms: long enough to skip the
 * intermediate values of a word typed at ordinary speed, short enough to feel immediate. This
 * project's choice (the named delay `searchDebounce`).
 */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Creates the search machine for result items of type `Item` (and refines of type `Refine`); the
 * types only, the machine is the same. Implements commerce-and-account-data.md §3 "Client state
 * slices: search", §4 "Search: open, close, new; value updates clear results" and §9 "Search
 * types" with the slice rules of `domain/search`.
 *
 * An empty (not searchable) value shows the popular content, loaded once through the input's
 * `popularContent`. Typing a new query clears the results and waits {@link SEARCH_DEBOUNCE_MS}
 * (named delay `searchDebounce`; `search.submit` skips it), then the `search` actor calls the
 * input's `search({ value, page: 1, signal })`. A newer value, `search.new` or stopping the
 * machine aborts the pending request's `signal`, and its answer is never shown (the slice keeps
 * only an answer to the current query). `search.more` asks for the next page, which is appended.
 * A failed request goes to `failed`; `search.retry` repeats it.
 */
export function createSearchMachine<Item = unknown, Refine = unknown>() {
  return setup({
    types: {} as { context: SearchContext<Item, Refine>; events: SearchEvent; input: SearchInput<Item, Refine> },
    actors: {
      /** `search({ value, page, signal })` of the input; the output names the query and page it answers. */
      search: fromPromise<SearchActorOutput<Item, Refine>, SearchActorInput<Item, Refine>>(async ({ input, signal }) => ({
        value: input.value,
        page: input.page,
        answer: await input.search({ value: input.value, page: input.page, signal }),
      })),
      /** `popularContent({ signal })` of the input. */
      loadPopular: fromPromise<readonly Item[], { popularContent: PopularContentFunction<Item> }>(({ input, signal }) =>
        input.popularContent({ signal }),
      ),
    },
    actions: {
      /** Applies a slice action (`domain/search` `searchReducer`). */
      reduce: assign(({ context }, params: { action: SearchAction<Item, Refine> }) => ({
        slice: searchReducer(context.slice, params.action),
      })),
      storeAnswer: assign(({ context }, params: { output: SearchActorOutput<Item, Refine> }) => ({
        slice: searchReducer(context.slice, { type: 'search.answer', ...params.output }),
        failedPage: 0,
        error: null,
      })),
      storePopular: assign(({ context }, params: { items: readonly Item[] }) => ({
        slice: searchReducer(context.slice, { type: 'search.popularContent', items: params.items }),
        popularLoaded: true,
        error: null,
      })),
      recordFailure: assign((_, params: { page: number; error: unknown }) => ({ failedPage: params.page, error: params.error })),
      clearFailure: assign({ failedPage: 0, error: null }),
    },
    guards: {
      /** The value typed stands for the query already current (for example one more trailing space). */
      sameQuery: ({ context }, params: { value: string }) => normaliseSearchQuery(params.value) === searchQuery(context.slice),
      /** The value typed is too short to search (it shows the popular content). */
      notSearchable: (_, params: { value: string }) => !isSearchable(params.value),
      /** The current value is searchable. */
      searchable: ({ context }) => isSearchable(context.slice.value),
      /** The popular content is still to be loaded (an input function exists and it was not loaded). */
      popularNeeded: ({ context }) => context.env.popularContent !== null && !context.popularLoaded,
      /** The platform has another page for the current query. */
      moreAvailable: ({ context }) => context.slice.moreDataAvailable,
      /** The failed request was a next page. */
      failedOnMore: ({ context }) => context.failedPage > 1,
    },
    delays: {
      /** {@link SEARCH_DEBOUNCE_MS}. */
      searchDebounce: SEARCH_DEBOUNCE_MS,
    },
  }).createMachine({
    id: 'search',
    description:
      'Search (commerce §3 "Client state slices: search", §4): debounced typing (named delay searchDebounce, 300 ms), the search function of the input called with the normalised value, a page and an AbortSignal that a newer value aborts; pages appended on search.more; the popular content for an empty value; errors retried with search.retry.',
    context: ({ input }) => ({
      slice: { ...initialSearchState<Item, Refine>(input.value ?? ''), open: input.open === true },
      popularLoaded: false,
      failedPage: 0,
      error: null,
      env: { search: input.search, popularContent: input.popularContent ?? null },
    }),
    initial: 'starting',
    on: {
      'search.value': [
        { guard: { type: 'sameQuery', params: ({ event }) => ({ value: event.value }) }, actions: { type: 'reduce', params: ({ event }) => ({ action: event }) } },
        {
          guard: { type: 'notSearchable', params: ({ event }) => ({ value: event.value }) },
          target: '.popular',
          actions: [{ type: 'reduce', params: ({ event }) => ({ action: event }) }, 'clearFailure'],
        },
        { target: '.debouncing', reenter: true, actions: [{ type: 'reduce', params: ({ event }) => ({ action: event }) }, 'clearFailure'] },
      ],
      'search.new': { target: '.popular', actions: [{ type: 'reduce', params: ({ event }) => ({ action: event }) }, 'clearFailure'] },
      'search.open': { actions: { type: 'reduce', params: ({ event }) => ({ action: event }) } },
      'search.close': { actions: { type: 'reduce', params: ({ event }) => ({ action: event }) } },
    },
    states: {
      starting: {
        description: 'Searches the value of the input at once when it is searchable, else shows the popular content.',
        always: [{ guard: 'searchable', target: 'searching' }, { target: 'popular' }],
      },
      popular: {
        description: 'The value is empty or too short: the popular content is shown (loaded once).',
        initial: 'checking',
        states: {
          checking: {
            description: 'Loads the popular content unless it is loaded or there is none.',
            always: [{ guard: 'popularNeeded', target: 'loading' }, { target: 'shown' }],
          },
          loading: {
            description: 'Loading the popular content.',
            invoke: {
              id: 'loadPopular',
              src: 'loadPopular',
              input: ({ context }) => ({ popularContent: context.env.popularContent! }),
              onDone: { target: 'shown', actions: { type: 'storePopular', params: ({ event }) => ({ items: event.output }) } },
              onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ page: 0, error: event.error }) } },
            },
          },
          shown: { description: 'The popular content (possibly none) is shown.' },
          failed: {
            description: 'The popular content could not be loaded; search.retry tries again.',
            on: { 'search.retry': { target: 'loading', actions: 'clearFailure' } },
          },
        },
      },
      debouncing: {
        description: 'The viewer is typing; the results are cleared. The search starts when typing pauses, or at once on search.submit.',
        after: { searchDebounce: { target: 'searching' } },
        on: { 'search.submit': { target: 'searching' } },
      },
      searching: {
        description: 'Asking for the first page of the current query.',
        invoke: {
          id: 'search',
          src: 'search',
          input: ({ context }) => ({ search: context.env.search, value: searchQuery(context.slice), page: 1 }),
          onDone: { target: 'results', actions: { type: 'storeAnswer', params: ({ event }) => ({ output: event.output }) } },
          onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ page: 1, error: event.error }) } },
        },
      },
      results: {
        description: 'The results of the current query (possibly none); search.more loads the next page when there is one.',
        on: { 'search.more': { guard: 'moreAvailable', target: 'loadingMore' } },
      },
      loadingMore: {
        description: 'Asking for the next page; the results so far stay shown.',
        invoke: {
          id: 'searchMore',
          src: 'search',
          input: ({ context }) => ({ search: context.env.search, value: searchQuery(context.slice), page: context.slice.page + 1 }),
          onDone: { target: 'results', actions: { type: 'storeAnswer', params: ({ event }) => ({ output: event.output }) } },
          onError: {
            target: 'failed',
            actions: { type: 'recordFailure', params: ({ context, event }) => ({ page: context.slice.page + 1, error: event.error }) },
          },
        },
      },
      failed: {
        description: 'A request failed (the search, or the next page with the results so far kept); search.retry repeats it.',
        on: {
          'search.retry': [
            { guard: 'failedOnMore', target: 'loadingMore', actions: 'clearFailure' },
            { target: 'searching', actions: 'clearFailure' },
          ],
        },
      },
    },
  });
}

/** The search machine's type for result items `Item` and refines `Refine`. */
export type SearchMachine<Item = unknown, Refine = unknown> = ReturnType<typeof createSearchMachine<Item, Refine>>;

/** The search machine for any item type (use {@link createSearchMachine} for typed items; the behaviour is the same). */
export const searchMachine: SearchMachine = createSearchMachine();
