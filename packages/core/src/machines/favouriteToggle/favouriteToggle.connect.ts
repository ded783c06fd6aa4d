import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FavouriteToggleMachine } from './favouriteToggle.machine.js';
import type { FavouriteToggleEvent } from './favouriteToggle.types.js';

/** A running favourite-toggle actor. */
export type FavouriteToggleActorRef = ActorRefFrom<FavouriteToggleMachine>;
/** A snapshot of the favourite-toggle machine. */
export type FavouriteToggleSnapshot = SnapshotFrom<FavouriteToggleMachine>;

/** What a heart needs. */
export interface FavouriteToggleApi {
  /** The state to show (`aria-pressed`): what the viewer chose, or the platform's after a rollback. */
  favourite: boolean;
  /** A request is waiting for the debounce or on its way. */
  pending: boolean;
  /** The platform refused the last change and the heart rolled back: say so (until `toggle` or `dismiss`). */
  refused: boolean;
  /** The last error (only when `refused`), never shown as text. */
  error: unknown;
  toggle(): void;
  dismiss(): void;
  /** The platform's state became known (a read that answered later). */
  sync(favourite: boolean): void;
}

/** Turns a favourite-toggle snapshot and its `send` into what a heart needs. */
export function connectFavouriteToggle(snapshot: FavouriteToggleSnapshot, send: (event: FavouriteToggleEvent) => void): FavouriteToggleApi {
  const { toggle, refused, error } = snapshot.context;
  return {
    favourite: toggle.chosen,
    pending: !snapshot.matches('idle'),
    refused,
    error: refused ? error : null,
    toggle: () => send({ type: 'favourite.toggle' }),
    dismiss: () => send({ type: 'favourite.dismiss' }),
    sync: (favourite) => send({ type: 'favourite.sync', favourite }),
  };
}
