import { assign, fromCallback, setup, spawnChild, stopChild, type EventObject } from 'xstate';
import { isRemoved, NO_REMOVALS, removalReducer, type RemovalState } from '../../domain/historyRemovals.js';
import type { CarouselFetch } from '../carousel/carousel.types.js';

/** Input of the history-removals machine. */
export interface HistoryRemovalsInput {
  /** Removes title `id` from the history (core's `queries.history.remove`, which reloads every history read afterwards); rejects when refused. */
  remove(id: string): Promise<unknown>;
}

/** Context of the history-removals machine. */
export interface HistoryRemovalsContext {
  /** What the list shows: hidden, removed and refused titles (core's `removalReducer`). */
  removals: RemovalState;
  /** Internal: the input. Not for views. */
  env: HistoryRemovalsInput;
}

/** Events of the history-removals machine. */
export type HistoryRemovalsEvent =
  /** "Remove" on title `id` named `title`: hidden at once, its removal sent. Ignored while it is hidden already. */
  | { type: 'removals.remove'; id: string; title: string }
  /** Dismisses the message of a refused removal. */
  | { type: 'removals.dismiss' }
  /** Internal (from a removal's actor): the platform removed title `id`. */
  | { type: 'removals.done'; id: string }
  /** Internal (from a removal's actor): the platform refused to remove title `id`. */
  | { type: 'removals.failed'; id: string };

/** Input of a removal's actor. */
export interface RemoveTitleActorInput {
  remove: HistoryRemovalsInput['remove'];
  id: string;
}

const childId = (id: string) => `remove:${id}`;

/**
 * Removals from a history list (HISTORY, home's continue-watching row; issue 15): optimistic.
 * `removals.remove` hides the title at once and sends its removal (one actor per title, so that
 * several can be on their way); the answer makes it removed for good (`done`, announced) or shows
 * it again with a message (`refused`) until `removals.dismiss` or another try. Never throws; one
 * state, `ready`.
 */
export const historyRemovalsMachine = setup({
  types: {} as { context: HistoryRemovalsContext; events: HistoryRemovalsEvent; input: HistoryRemovalsInput },
  actors: {
    /** `remove(id)`, answering `removals.done` or `removals.failed`; an answer after the list is gone is dropped. */
    removeTitle: fromCallback<EventObject, RemoveTitleActorInput>(({ input, sendBack }) => {
      let live = true;
      input.remove(input.id).then(
        () => live && sendBack({ type: 'removals.done', id: input.id }),
        () => live && sendBack({ type: 'removals.failed', id: input.id }),
      );
      return () => {
        live = false;
      };
    }),
  },
  actions: {
    reduce: assign(({ context, event }) => {
      const step =
        event.type === 'removals.remove'
          ? ({ type: 'start', id: event.id, title: event.title } as const)
          : event.type === 'removals.done'
            ? ({ type: 'done', id: event.id } as const)
            : event.type === 'removals.failed'
              ? ({ type: 'failed', id: event.id } as const)
              : ({ type: 'dismiss' } as const);
      return { removals: removalReducer(context.removals, step) };
    }),
    sendRemoval: spawnChild('removeTitle', {
      id: ({ event }) => childId((event as { id: string }).id),
      input: ({ context, event }) => ({ remove: context.env.remove, id: (event as { id: string }).id }),
    }),
    forgetRemoval: stopChild(({ event }) => childId((event as { id: string }).id)),
  },
  guards: {
    /** The title is not hidden already (its removal is not on its way, nor done). */
    shown: ({ context, event }) => event.type === 'removals.remove' && !isRemoved(context.removals, event.id),
  },
}).createMachine({
  id: 'historyRemovals',
  description:
    'Optimistic removals from a history list: a title is hidden at once, its removal sent; the platform removes it (announced) or refuses (shown again with a message until dismissed).',
  context: ({ input }) => ({ removals: NO_REMOVALS, env: input }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'removals.remove': { guard: 'shown', actions: ['reduce', 'sendRemoval'] },
        'removals.done': { actions: ['reduce', 'forgetRemoval'] },
        'removals.failed': { actions: ['reduce', 'forgetRemoval'] },
        'removals.dismiss': { actions: 'reduce' },
      },
    },
  },
});

/** The history-removals machine's type. */
export type HistoryRemovalsMachine = typeof historyRemovalsMachine;

/**
 * A paged read of a list some of whose titles were removed on the platform since its first page
 * (`removedCount()` of them, all among the items held): the platform's offset moved back by as
 * many, so the page after `lastSeen` items held is asked at `lastSeen - removed`, and its paging
 * info's `lastSeen` is counted in items held again (what the carousel machine expects).
 */
export function afterRemovals<Item>(fetchPage: CarouselFetch<Item>, removedCount: () => number): CarouselFetch<Item> {
  return async ({ lastSeen, signal }) => {
    const removed = Math.min(Math.max(0, removedCount()), lastSeen);
    const page = await fetchPage({ lastSeen: lastSeen - removed, signal });
    return { ...page, pagingInfo: { ...page.pagingInfo, lastSeen: page.pagingInfo.lastSeen + removed } };
  };
}
