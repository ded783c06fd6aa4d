import type { FavouriteToggle } from '../../domain/favourites.js';

/** What the set-favourite function is asked: make title `id` a favourite (`PUT`) or not (`DELETE`). */
export interface SetFavouriteRequest {
  /** The catalogue title's id. */
  id: string;
  /** `true`: `PUT /api/v2/favourite/vods/{id}`; `false`: `DELETE` it. */
  favourite: boolean;
  /** Aborted when the machine stops: pass it to `fetch`. */
  signal: AbortSignal;
}

/**
 * Tells the platform: resolves once it holds the state asked (any value), rejects when it
 * refuses or cannot be reached (the heart rolls back). For example
 * `({ id, favourite, signal }) => (favourite ? api.favourites.add : api.favourites.remove)({ params: { id } }, { signal })`.
 */
export type SetFavouriteFunction = (request: SetFavouriteRequest) => Promise<unknown>;

/** Input of the favourite-toggle machine: one heart. */
export interface FavouriteToggleInput {
  /** The catalogue title's id. */
  id: string;
  /** Whether the platform holds it as a favourite now (for example from `GET /api/v2/favourite/vods/{id}`). @default false */
  favourite?: boolean | undefined;
  setFavourite: SetFavouriteFunction;
}

/** Context of the favourite-toggle machine. */
export interface FavouriteToggleContext {
  id: string;
  /** What the platform holds and what the viewer chose (`domain/favourites`); changed only through its functions. */
  toggle: FavouriteToggle;
  /** The platform refused the last request and the heart rolled back (show it until the next toggle or `favourite.dismiss`). */
  refused: boolean;
  /** The last error, or null. Never shown as text. */
  error: unknown;
  /** Internal: the function of the input. */
  env: { setFavourite: SetFavouriteFunction };
}

/** Events of the favourite-toggle machine. */
export type FavouriteToggleEvent =
  /** The viewer pressed the heart. */
  | { type: 'favourite.toggle' }
  /** The platform's state became known (a read that answered after the heart was drawn): taken only while nothing is pending. */
  | { type: 'favourite.sync'; favourite: boolean }
  /** The viewer closed the "could not save" notice. */
  | { type: 'favourite.dismiss' };

/** Input of the `setFavourite` actor. */
export interface SetFavouriteActorInput {
  setFavourite: SetFavouriteFunction;
  id: string;
  favourite: boolean;
}
