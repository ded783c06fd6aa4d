import type { TitleType } from '../../contracts/catalogue.js';
import type { Watchlist, WatchlistContent } from '../../contracts/watchlists.js';
import type { WatchlistOwnership, WatchlistReorder } from '../../domain/watchlists.js';

/** A title to add, as the newer API names it: its `id` and `contentType`. */
export interface WatchlistContentRequest {
  id: string;
  contentType: TitleType;
}

/**
 * The calls the watchlist editor makes (commerce-and-account-data.md §7 "Watchlists (older)",
 * "(newer)"); {@link watchlistEditorCalls} makes them over the API client. Each resolves on
 * success and rejects with the call's error (an `ApiError` with `status` and `code`) otherwise.
 */
export interface WatchlistEditorCalls {
  /** A page of the list after `lastSeen` items (`GET /api/v4/user/watchlist/{id}?lastSeen=`); `signal` aborts it. */
  load(request: { id: string; lastSeen: number; signal: AbortSignal }): Promise<Watchlist>;
  /** The first page of a list opened by its shareable path's token (`GET /api/v2/watchlists/shared/{shareToken}`). */
  open(request: { shareToken: string; signal: AbortSignal }): Promise<Watchlist>;
  /** `POST /api/v2/watchlists/{ownerId}/{id}/save` (`saved` true) or `DELETE …/save` (false). */
  setSaved(request: { ownerId: string; id: string; saved: boolean }): Promise<unknown>;
  /** `POST /api/v2/watchlists { name }` → `{ id }`. */
  create(request: { name: string }): Promise<{ id: string }>;
  /** `PUT /api/v2/watchlists/{id} { name }`. */
  rename(request: { id: string; name: string }): Promise<unknown>;
  /** `POST /api/v4/user/watchlist/{id}/content { content }` → `{ content }`, the item as the list holds it. */
  addContent(request: { id: string; content: WatchlistContentRequest }): Promise<{ content: WatchlistContent }>;
  /** `DELETE /api/v4/user/watchlist/{id}/content/{type}/{contentId}`. */
  removeContent(request: { id: string; content: { id: string; type: string } }): Promise<unknown>;
  /** `POST /api/v4/user/watchlist/{id}?lastSeen=n { content }` (§9: the first items up to `lastSeen`). */
  reorder(request: { id: string; reorder: WatchlistReorder }): Promise<unknown>;
}

/** Input of the watchlist editor machine. */
export interface WatchlistEditorInput {
  calls: WatchlistEditorCalls;
  /** The list to edit (read at start); absent (and no `shareToken`): a new list, made by `watchlist.create`. */
  watchlistId?: string | undefined;
  /** The token of a shareable path (`watchlistShareToken(location.search)`): the list is opened by it (`SHARED` unless the viewer owns it). */
  shareToken?: string | undefined;
}

/** What the editor knows of the list besides its content (§3 fields), as last read. */
export interface WatchlistEditorList {
  watchlistExternalId: string;
  ownerExternalId: string;
  ownership: WatchlistOwnership;
  saved: boolean;
  shareablePath: string;
}

/** An operation on its way to the platform. */
export type WatchlistEditorOperation =
  | { kind: 'rename'; name: string }
  | { kind: 'add'; content: WatchlistContentRequest }
  | { kind: 'remove'; content: { id: string; type: string } }
  | { kind: 'save'; saved: boolean };

/** Context of the watchlist editor machine. */
export interface WatchlistEditorContext {
  /** The list's id once known (given, or answered by `create`). */
  watchlistId: string | null;
  /** The token of the shareable path the list is opened by, or null. */
  shareToken: string | null;
  /** The list's §3 fields as last read (`saved` as shown: a save shows at once); null before the first read. */
  list: WatchlistEditorList | null;
  /** The saved flag the platform holds. */
  confirmedSaved: boolean;
  /** The name shown (a rename shows at once). */
  name: string;
  /** The name the platform holds. */
  confirmedName: string;
  /** The items shown, in order: the platform's with the edits on their way applied (optimistic). */
  content: WatchlistContent[];
  /** The items as the platform holds them (the first `confirmed.length` of the list). */
  confirmed: WatchlistContent[];
  /** Another page exists after the items held. */
  moreDataAvailable: boolean;
  /** Items in the whole list. */
  totalCount: number;
  /** The operation on its way (rename, add, remove), or null. */
  operation: WatchlistEditorOperation | null;
  /** The reorder on its way, or null. */
  reorderSent: WatchlistReorder | null;
  /** Moves were made that no reorder has sent yet. */
  reorderPending: boolean;
  /** The last failure, or null; its message key is {@link WatchlistEditorContext.errorKey}. Never shown as text. */
  error: unknown;
  /** The message key of the last failure (`watchlistErrorKey`), or null. */
  errorKey: string | null;
  /** Internal: the calls of the input. */
  env: { calls: WatchlistEditorCalls };
}

/** Events of the watchlist editor machine. */
export type WatchlistEditorEvent =
  /** Makes the new list (only before it exists). */
  | { type: 'watchlist.create'; name: string }
  | { type: 'watchlist.rename'; name: string }
  | { type: 'watchlist.add'; content: WatchlistContentRequest }
  | { type: 'watchlist.remove'; content: { id: string; type: string } }
  /** Saves a `SHARED` list to the viewer's library, or takes it out. */
  | { type: 'watchlist.save' }
  | { type: 'watchlist.unsave' }
  /** Moves the item at `from` to `to` (indexes among the items held): a drag, or a keyboard move. */
  | { type: 'watchlist.move'; from: number; to: number }
  /** The next page of items. */
  | { type: 'watchlist.more' }
  /** Reads the list again from its first page (after a failure, or a 409: it changed elsewhere). */
  | { type: 'watchlist.reload' }
  /** Forgets the last failure's message. */
  | { type: 'watchlist.dismiss' };
