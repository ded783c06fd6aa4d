import type { SnapshotFrom } from 'xstate';
import { isRemoved, type RemovalState } from '../../domain/historyRemovals.js';
import type { HistoryRemovalsEvent, HistoryRemovalsMachine } from './historyRemovals.machine.js';

/** A snapshot of the history-removals machine. */
export type HistoryRemovalsSnapshot = SnapshotFrom<HistoryRemovalsMachine>;

/** What a history list needs from its removals. */
export interface HistoryRemovalsApi {
  /** Hidden, removed and refused titles; `done` and `refused` name the titles for the messages. */
  state: RemovalState;
  /** Whether title `id` is hidden from the list (its removal is on its way, or done). */
  isRemoved(id: string): boolean;
  /** "Remove" on title `id` named `title`. */
  remove(id: string, title: string): void;
  /** Dismisses the message of a refused removal. */
  dismiss(): void;
}

/** The history list's view of a snapshot. */
export function connectHistoryRemovals(snapshot: HistoryRemovalsSnapshot, send: (event: HistoryRemovalsEvent) => void): HistoryRemovalsApi {
  const state = snapshot.context.removals;
  return {
    state,
    isRemoved: (id) => isRemoved(state, id),
    remove: (id, title) => send({ type: 'removals.remove', id, title }),
    dismiss: () => send({ type: 'removals.dismiss' }),
  };
}
