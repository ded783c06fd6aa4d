import { assign, fromPromise, setup } from 'xstate';
import type { Watchlist, WatchlistContent } from '../../contracts/watchlists.js';
import { errorFacts } from '../../domain/loginErrors.js';
import {
  applyWatchlistReorder,
  decideWatchlistAction,
  moveWatchlistItem,
  watchlistErrorKey,
  watchlistItemKey,
  watchlistName,
  watchlistReorder,
  type WatchlistAction,
  type WatchlistReorder,
} from '../../domain/watchlists.js';
import type {
  WatchlistContentRequest,
  WatchlistEditorCalls,
  WatchlistEditorContext,
  WatchlistEditorEvent,
  WatchlistEditorInput,
} from './watchlistEditor.types.js';

/** Whether the §4 rules (`decideWatchlistAction`) let the viewer take `action` on the list as last read. */
function may(context: WatchlistEditorContext, action: WatchlistAction): boolean {
  return context.list !== null && decideWatchlistAction(context.list, action).allowed;
}

const held = (content: readonly WatchlistContent[], item: { id: string; type: string }) =>
  content.some((entry) => watchlistItemKey(entry) === watchlistItemKey(item));

/** How an operation's call ends (rename, add, remove, save): confirmed, then settled; or undone, back to ready. */
const operationOutcome = {
  onDone: {
    target: 'settled',
    actions: { type: 'confirmOperation', params: ({ event }: { event: { output: unknown } }) => ({ answer: event.output }) },
  },
  onError: {
    target: '#watchlistEditor.ready',
    actions: { type: 'rollBack', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  },
} as const;

/**
 * The watchlist editor (commerce-and-account-data.md §3 "Watchlist", §4 "Watchlists", §7, §9):
 * creates a list (or opens one by its shareable path's token), reads it page by page, renames it,
 * adds and removes titles, reorders them, and saves a `SHARED` list to the library or takes it out,
 * with the platform's calls in its input ({@link WatchlistEditorCalls}).
 *
 * Edits are offered only as the §4 rules allow (`decideWatchlistAction` of `domain/watchlists`:
 * a `SHARED` list is read-only). A rename, a removal and moves show at once (optimistic); one
 * operation goes to the platform at a time, and moves made meanwhile are sent together once it
 * is done, as the §9 reorder: the items held, in their new order, up to `lastSeen`
 * (`watchlistReorder`). The machine keeps the platform's state (`confirmed`, `confirmedName`)
 * beside what it shows; a failed call puts what it shows back to the platform's state (the
 * operation and the moves not yet confirmed are undone, visibly) and records the failure's
 * message key (`watchlistErrorKey`: `watchlistNotOwner`, `watchlistChanged`, …). An add shows
 * the title once the platform answers it (at the end, when every page is held).
 */
export const watchlistEditorMachine = setup({
  types: {} as { context: WatchlistEditorContext; events: WatchlistEditorEvent; input: WatchlistEditorInput },
  actors: {
    /** `calls.load({ id, lastSeen, signal })`: a page of the list. */
    loadPage: fromPromise<Watchlist, { calls: WatchlistEditorCalls; id: string; lastSeen: number }>(({ input, signal }) =>
      input.calls.load({ id: input.id, lastSeen: input.lastSeen, signal }),
    ),
    /** `calls.open({ shareToken, signal })`: the first page of a list opened by its link. */
    openShared: fromPromise<Watchlist, { calls: WatchlistEditorCalls; shareToken: string }>(({ input, signal }) =>
      input.calls.open({ shareToken: input.shareToken, signal }),
    ),
    /** `calls.setSaved({ ownerId, id, saved })`. */
    setSaved: fromPromise<unknown, { calls: WatchlistEditorCalls; ownerId: string; id: string; saved: boolean }>(({ input }) =>
      input.calls.setSaved({ ownerId: input.ownerId, id: input.id, saved: input.saved }),
    ),
    /** `calls.create({ name })`. */
    createList: fromPromise<{ id: string }, { calls: WatchlistEditorCalls; name: string }>(({ input }) => input.calls.create({ name: input.name })),
    /** `calls.rename({ id, name })`. */
    renameList: fromPromise<unknown, { calls: WatchlistEditorCalls; id: string; name: string }>(({ input }) =>
      input.calls.rename({ id: input.id, name: input.name }),
    ),
    /** `calls.addContent({ id, content })`. */
    addContent: fromPromise<{ content: WatchlistContent }, { calls: WatchlistEditorCalls; id: string; content: WatchlistContentRequest }>(({ input }) =>
      input.calls.addContent({ id: input.id, content: input.content }),
    ),
    /** `calls.removeContent({ id, content })`. */
    removeContent: fromPromise<unknown, { calls: WatchlistEditorCalls; id: string; content: { id: string; type: string } }>(({ input }) =>
      input.calls.removeContent({ id: input.id, content: input.content }),
    ),
    /** `calls.reorder({ id, reorder })`. */
    reorderContent: fromPromise<unknown, { calls: WatchlistEditorCalls; id: string; reorder: WatchlistReorder }>(({ input }) =>
      input.calls.reorder({ id: input.id, reorder: input.reorder }),
    ),
  },
  actions: {
    takeFirstPage: assign((_, params: { page: Watchlist }) => {
      const { page } = params;
      return {
        watchlistId: page.watchlistExternalId,
        list: {
          watchlistExternalId: page.watchlistExternalId,
          ownerExternalId: page.ownerExternalId,
          ownership: page.ownership,
          saved: page.saved,
          shareablePath: page.shareablePath,
        },
        confirmedSaved: page.saved,
        name: page.name,
        confirmedName: page.name,
        content: [...page.content],
        confirmed: [...page.content],
        moreDataAvailable: page.pagingInfo.moreDataAvailable,
        totalCount: page.pagingInfo.totalCount,
        reorderPending: false,
        error: null,
        errorKey: null,
      };
    }),
    appendPage: assign(({ context }, params: { page: Watchlist }) => {
      const fresh = params.page.content.filter((item) => !held(context.confirmed, item));
      // A page that adds nothing ends the paging (it would be asked for again and again).
      const more = params.page.pagingInfo.moreDataAvailable && fresh.length > 0;
      return {
        content: [...context.content, ...fresh],
        confirmed: [...context.confirmed, ...fresh],
        moreDataAvailable: more,
        totalCount: params.page.pagingInfo.totalCount,
        error: null,
        errorKey: null,
      };
    }),
    recordCreated: assign((_, params: { id: string }) => ({ watchlistId: params.id, error: null, errorKey: null })),
    startRename: assign((_, params: { name: string }) => {
      const name = watchlistName(params.name) ?? params.name;
      return { name, operation: { kind: 'rename' as const, name }, error: null, errorKey: null };
    }),
    startAdd: assign((_, params: { content: WatchlistContentRequest }) => ({
      operation: { kind: 'add' as const, content: params.content },
      error: null,
      errorKey: null,
    })),
    startSave: assign(({ context }, params: { saved: boolean }) => ({
      list: context.list && { ...context.list, saved: params.saved },
      operation: { kind: 'save' as const, saved: params.saved },
      error: null,
      errorKey: null,
    })),
    startRemove: assign(({ context }, params: { content: { id: string; type: string } }) => ({
      content: context.content.filter((item) => watchlistItemKey(item) !== watchlistItemKey(params.content)),
      operation: { kind: 'remove' as const, content: params.content },
      error: null,
      errorKey: null,
    })),
    move: assign(({ context }, params: { from: number; to: number }) => ({
      content: moveWatchlistItem(context.content, params.from, params.to),
      reorderPending: true,
      error: null,
      errorKey: null,
    })),
    /** The operation on its way is confirmed: the platform's state takes it. */
    confirmOperation: assign(({ context }, params: { answer: unknown }) => {
      const operation = context.operation;
      if (!operation) return {};
      if (operation.kind === 'rename') return { confirmedName: operation.name, operation: null };
      if (operation.kind === 'save') return { confirmedSaved: operation.saved, operation: null };
      if (operation.kind === 'remove') {
        const key = watchlistItemKey(operation.content);
        const wasHeld = context.confirmed.some((item) => watchlistItemKey(item) === key);
        return {
          confirmed: context.confirmed.filter((item) => watchlistItemKey(item) !== key),
          totalCount: Math.max(0, context.totalCount - (wasHeld ? 1 : 0)),
          operation: null,
        };
      }
      const added = (params.answer as { content: WatchlistContent }).content;
      if (held(context.confirmed, added)) return { operation: null };
      // At the end of the list: shown when every page is held, else on the page that holds it.
      const append = context.moreDataAvailable ? [] : [added];
      return {
        confirmed: [...context.confirmed, ...append],
        content: [...context.content, ...append],
        totalCount: context.totalCount + 1,
        operation: null,
      };
    }),
    sendReorder: assign(({ context }) => ({
      reorderSent: watchlistReorder(context.content, context.content.length),
      reorderPending: false,
    })),
    confirmReorder: assign(({ context }) => {
      const sent = context.reorderSent;
      if (!sent) return {};
      const outcome = applyWatchlistReorder(context.confirmed, sent);
      return { confirmed: outcome.ok ? outcome.items : context.confirmed, reorderSent: null };
    }),
    /** A call failed: show the platform's state again (the edits not confirmed are undone) and the failure's key. */
    rollBack: assign(({ context }, params: { error: unknown }) => ({
      content: [...context.confirmed],
      name: context.confirmedName,
      list: context.list && { ...context.list, saved: context.confirmedSaved },
      operation: null,
      reorderSent: null,
      reorderPending: false,
      error: params.error,
      errorKey: watchlistErrorKey(errorFacts(params.error)),
    })),
    recordFailure: assign((_, params: { error: unknown }) => ({ error: params.error, errorKey: watchlistErrorKey(errorFacts(params.error)) })),
    dismiss: assign({ error: null, errorKey: null }),
  },
  guards: {
    /** The input named a list. */
    hasId: ({ context }) => context.watchlistId !== null,
    /** The input brought a shareable path's token. */
    hasShareToken: ({ context }) => context.shareToken !== null,
    /** The list may be saved (`true`) or unsaved (§4: `SHARED` only) and is not so already. */
    canSave: ({ context }, params: { saved: boolean }) =>
      may(context, params.saved ? 'save' : 'unsave') && context.list !== null && context.list.saved !== params.saved,
    /** A name of 1 to 100 characters once trimmed (`watchlistName`). */
    validName: (_, params: { name: string }) => watchlistName(params.name) !== null,
    /** The list may be renamed (§4) to this valid name, other than the one shown. */
    canRename: ({ context }, params: { name: string }) => {
      const name = watchlistName(params.name);
      return may(context, 'rename') && name !== null && name !== context.name;
    },
    /** Titles may be added (§4: `OWNED`). */
    canAdd: ({ context }) => may(context, 'addContent'),
    /** The title is shown and may be removed (§4). */
    canRemove: ({ context }, params: { content: { id: string; type: string } }) => may(context, 'removeContent') && held(context.content, params.content),
    /** Both indexes are items held, different, and the list may be reordered (§4). */
    canMove: ({ context }, params: { from: number; to: number }) => {
      const n = context.content.length;
      const ok = (i: number) => Number.isInteger(i) && i >= 0 && i < n;
      return may(context, 'reorder') && ok(params.from) && ok(params.to) && params.from !== params.to;
    },
    /** Moves are waiting to be sent. */
    reorderPending: ({ context }) => context.reorderPending,
    /** The platform has another page. */
    moreAvailable: ({ context }) => context.moreDataAvailable,
  },
}).createMachine({
  id: 'watchlistEditor',
  description:
    'Watchlist editor (commerce §3, §4, §7, §9): create, read page by page, rename, add, remove and reorder (optimistic moves sent as the §9 reorder of the items held); a failure undoes the edits not confirmed. Edits only as decideWatchlistAction allows (a SHARED list is read-only).',
  context: ({ input }) => ({
    watchlistId: input.watchlistId ?? null,
    shareToken: input.shareToken ?? null,
    list: null,
    confirmedSaved: false,
    name: '',
    confirmedName: '',
    content: [],
    confirmed: [],
    moreDataAvailable: false,
    totalCount: 0,
    operation: null,
    reorderSent: null,
    reorderPending: false,
    error: null,
    errorKey: null,
    env: { calls: input.calls },
  }),
  initial: 'starting',
  on: {
    'watchlist.dismiss': { actions: 'dismiss' },
  },
  states: {
    starting: {
      description: 'Opens the list by its link, or reads the list the input names, or waits for a name to make a new one.',
      always: [{ guard: 'hasShareToken', target: 'opening' }, { guard: 'hasId', target: 'loading' }, { target: 'new' }],
    },
    new: {
      description: 'No list yet: watchlist.create with a valid name makes it.',
      on: {
        'watchlist.create': { guard: { type: 'validName', params: ({ event }) => ({ name: event.name }) }, target: 'creating' },
      },
    },
    creating: {
      description: 'POST /api/v2/watchlists { name }; then the new list is read.',
      invoke: {
        src: 'createList',
        input: ({ context, event }) => ({ calls: context.env.calls, name: watchlistName((event as { name: string }).name) ?? '' }),
        onDone: { target: 'loading', actions: { type: 'recordCreated', params: ({ event }) => ({ id: event.output.id }) } },
        onError: { target: 'new', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loading: {
      description: 'Reading the first page of the list (placeholders meanwhile).',
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ calls: context.env.calls, id: context.watchlistId!, lastSeen: 0 }),
        onDone: { target: 'ready', actions: { type: 'takeFirstPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    opening: {
      description: 'Opening the list by its shareable path (GET /api/v2/watchlists/shared/{token}): SHARED unless the viewer owns it.',
      invoke: {
        src: 'openShared',
        input: ({ context }) => ({ calls: context.env.calls, shareToken: context.shareToken! }),
        onDone: { target: 'ready', actions: { type: 'takeFirstPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The list could not be read (watchlistNotFound for a list not reachable); watchlist.reload tries again.',
      on: {
        'watchlist.reload': [
          { guard: 'hasId', target: 'loading', actions: 'dismiss' },
          { guard: 'hasShareToken', target: 'opening', actions: 'dismiss' },
        ],
      },
    },
    ready: {
      description: 'The list is shown; the edits the §4 rules allow are offered.',
      on: {
        'watchlist.rename': {
          guard: { type: 'canRename', params: ({ event }) => ({ name: event.name }) },
          target: 'saving.renaming',
          actions: { type: 'startRename', params: ({ event }) => ({ name: event.name }) },
        },
        'watchlist.add': {
          guard: 'canAdd',
          target: 'saving.adding',
          actions: { type: 'startAdd', params: ({ event }) => ({ content: event.content }) },
        },
        'watchlist.save': {
          guard: { type: 'canSave', params: { saved: true } },
          target: 'saving.settingSaved',
          actions: { type: 'startSave', params: { saved: true } },
        },
        'watchlist.unsave': {
          guard: { type: 'canSave', params: { saved: false } },
          target: 'saving.settingSaved',
          actions: { type: 'startSave', params: { saved: false } },
        },
        'watchlist.remove': {
          guard: { type: 'canRemove', params: ({ event }) => ({ content: event.content }) },
          target: 'saving.removing',
          actions: { type: 'startRemove', params: ({ event }) => ({ content: event.content }) },
        },
        'watchlist.move': {
          guard: { type: 'canMove', params: ({ event }) => ({ from: event.from, to: event.to }) },
          target: 'saving.reordering',
          actions: { type: 'move', params: ({ event }) => ({ from: event.from, to: event.to }) },
        },
        'watchlist.more': { guard: 'moreAvailable', target: 'loadingMore' },
        'watchlist.reload': { target: 'loading', actions: 'dismiss' },
      },
    },
    loadingMore: {
      description: 'Reading the next page; the items held stay shown.',
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ calls: context.env.calls, id: context.watchlistId!, lastSeen: context.confirmed.length }),
        onDone: { target: 'ready', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'ready', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saving: {
      description: 'One call on its way; moves made meanwhile show at once and are sent together after it.',
      initial: 'settled',
      on: {
        'watchlist.move': {
          guard: { type: 'canMove', params: ({ event }) => ({ from: event.from, to: event.to }) },
          actions: { type: 'move', params: ({ event }) => ({ from: event.from, to: event.to }) },
        },
      },
      states: {
        renaming: {
          description: 'PUT /api/v2/watchlists/{id} { name }: the new name shows meanwhile.',
          invoke: {
            src: 'renameList',
            input: ({ context }) => ({ calls: context.env.calls, id: context.watchlistId!, name: context.name }),
            ...operationOutcome,
          },
        },
        adding: {
          description: 'POST /api/v4/user/watchlist/{id}/content: the title shows once answered.',
          invoke: {
            src: 'addContent',
            input: ({ context }) => ({ calls: context.env.calls, id: context.watchlistId!, content: (context.operation as { content: WatchlistContentRequest }).content }),
            ...operationOutcome,
          },
        },
        settingSaved: {
          description: 'POST or DELETE /api/v2/watchlists/{ownerId}/{id}/save: the saved flag shows at once.',
          invoke: {
            src: 'setSaved',
            input: ({ context }) => ({
              calls: context.env.calls,
              ownerId: context.list!.ownerExternalId,
              id: context.watchlistId!,
              saved: (context.operation as { saved: boolean }).saved,
            }),
            ...operationOutcome,
          },
        },
        removing: {
          description: 'DELETE /api/v4/user/watchlist/{id}/content/{type}/{contentId}: the title is hidden meanwhile.',
          invoke: {
            src: 'removeContent',
            input: ({ context }) => ({
              calls: context.env.calls,
              id: context.watchlistId!,
              content: (context.operation as { content: { id: string; type: string } }).content,
            }),
            ...operationOutcome,
          },
        },
        reordering: {
          description: 'The §9 reorder of the items held, in the order shown, on its way.',
          entry: 'sendReorder',
          invoke: {
            src: 'reorderContent',
            input: ({ context }) => ({ calls: context.env.calls, id: context.watchlistId!, reorder: context.reorderSent! }),
            onDone: { target: 'settled', actions: 'confirmReorder' },
            onError: { target: '#watchlistEditor.ready', actions: { type: 'rollBack', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        settled: {
          description: 'The call is confirmed: moves made meanwhile are sent now, else the list is ready.',
          always: [{ guard: 'reorderPending', target: 'reordering' }, { target: '#watchlistEditor.ready' }],
        },
      },
    },
  },
});

/** The watchlist editor machine's type. */
export type WatchlistEditorMachine = typeof watchlistEditorMachine;
