/**
 * Removals from a history list (HISTORY, home's continue-watching row; issue 15, docs/api.md
 * "Favourites, history and continue watching"): which titles are hidden while their removal is on
 * its way, which the platform removed, and which it refused. Pure; core's `historyRemovals`
 * machine runs it.
 */

/**
 * The titles a history list (HISTORY, home's continue-watching row) is removing (`history.remove`,
 * "remove from row"): hidden at once (optimistic), gone once the platform took the removal, back
 * in place with a message when it refused.
 */
export interface RemovalState {
  /** Titles hidden while their removal is on its way. */
  readonly removing: readonly string[];
  /** Titles the platform removed. */
  readonly removed: readonly string[];
  /** The last title whose removal was refused (shown again, with a message), or null. */
  readonly refused: RemovedTitle | null;
  /** The last title removed (announced), or null. */
  readonly done: RemovedTitle | null;
  /** The names of the titles being removed or removed, by id (for the messages). */
  readonly titles: Readonly<Record<string, string>>;
}

/** A title named in a removal message. */
export interface RemovedTitle {
  readonly id: string;
  readonly title: string;
}

/** What happens to a removal: it starts (`start`), the platform takes it (`done`) or refuses it (`failed`), or the refusal's message is dismissed. */
export type RemovalEvent =
  | { type: 'start'; id: string; title: string }
  | { type: 'done'; id: string }
  | { type: 'failed'; id: string }
  | { type: 'dismiss' };

/** No removal yet. */
export const NO_REMOVALS: RemovalState = { removing: [], removed: [], refused: null, done: null, titles: {} };

const without = (list: readonly string[], id: string) => list.filter((other) => other !== id);

/** The next {@link RemovalState}: a removal starts (hidden), is done (removed) or failed (shown again, `refused`). */
export function removalReducer(state: RemovalState, event: RemovalEvent): RemovalState {
  switch (event.type) {
    case 'start':
      if (state.removing.includes(event.id) || state.removed.includes(event.id)) return state;
      return {
        ...state,
        removing: [...state.removing, event.id],
        refused: state.refused?.id === event.id ? null : state.refused,
        titles: { ...state.titles, [event.id]: event.title },
      };
    case 'done':
      if (!state.removing.includes(event.id)) return state;
      return {
        ...state,
        removing: without(state.removing, event.id),
        removed: [...state.removed, event.id],
        done: { id: event.id, title: state.titles[event.id] ?? '' },
      };
    case 'failed':
      if (!state.removing.includes(event.id)) return state;
      return {
        ...state,
        removing: without(state.removing, event.id),
        refused: { id: event.id, title: state.titles[event.id] ?? '' },
        done: state.done?.id === event.id ? null : state.done,
      };
    case 'dismiss':
      return state.refused === null ? state : { ...state, refused: null };
    default:
      return state;
  }
}

/** Whether title `id` is hidden from the list (removing or removed). */
export function isRemoved(state: RemovalState, id: string): boolean {
  return state.removing.includes(id) || state.removed.includes(id);
}
