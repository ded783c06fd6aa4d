import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { WatchlistContent } from '../../contracts/watchlists.js';
import { allowedWatchlistActions, type WatchlistAction, type WatchlistOwnership } from '../../domain/watchlists.js';
import type { WatchlistEditorMachine } from './watchlistEditor.machine.js';
import type { WatchlistContentRequest, WatchlistEditorCalls, WatchlistEditorEvent } from './watchlistEditor.types.js';

/** A running watchlist editor actor. */
export type WatchlistEditorActorRef = ActorRefFrom<WatchlistEditorMachine>;
/** A snapshot of the watchlist editor machine. */
export type WatchlistEditorSnapshot = SnapshotFrom<WatchlistEditorMachine>;

/**
 * What the editor shows: `new` (no list yet: the name form), `creating`, `loading` (placeholders; also while opening by a link),
 * `failed` (the list could not be read: `errorKey`, Retry), `ready`, `loadingMore` (the items
 * stay), `saving` (an edit on its way: the edits shown already count).
 */
export type WatchlistEditorStatus = 'new' | 'creating' | 'loading' | 'failed' | 'ready' | 'loadingMore' | 'saving';

const PLAIN_STATES = ['new', 'creating', 'failed', 'loadingMore'] as const;

/** What a watchlist page needs (commerce-and-account-data.md §3, §4). */
export interface WatchlistEditorApi {
  status: WatchlistEditorStatus;
  watchlistId: string | null;
  /** The owner's id (`ownerExternalId`, what `watchlists.remove` takes with the list's id); null before the list is read. */
  ownerId: string | null;
  /** The name shown. */
  name: string;
  /** `OWNED` or `SHARED`; null before the list is read. */
  ownership: WatchlistOwnership | null;
  saved: boolean;
  /** The web path that opens the list for others (`/watchlists?share=…`); null before it is read. */
  shareablePath: string | null;
  /** The items shown, in order (optimistic edits applied). */
  content: readonly WatchlistContent[];
  /** Items in the whole list. */
  totalCount: number;
  /** The actions the §4 rules allow on this list (`allowedWatchlistActions`): offer only these. */
  allowed: readonly WatchlistAction[];
  /** Another page exists and none is loading: show "Load more". */
  canLoadMore: boolean;
  /** The message key of the last failure (`watchlistNotOwner`, `watchlistNotFound`, `watchlistChanged`, …), or null. */
  errorKey: string | null;
  create(name: string): void;
  rename(name: string): void;
  add(content: WatchlistContentRequest): void;
  remove(content: { id: string; type: string }): void;
  /** Saves a `SHARED` list to the library (offered when `allowed` has `save` and `saved` is false). */
  save(): void;
  /** Takes a saved `SHARED` list out of the library. */
  unsave(): void;
  /** Moves the item at `from` to `to` (a drag). */
  move(from: number, to: number): void;
  /** Keyboard moves: one place up (towards the start) or down. */
  moveUp(index: number): void;
  moveDown(index: number): void;
  loadMore(): void;
  /** Reads the list again (Retry, or after `watchlistChanged`). */
  reload(): void;
  dismiss(): void;
}

/** Turns a watchlist editor snapshot and its `send` into what a view needs. */
export function connectWatchlistEditor(snapshot: WatchlistEditorSnapshot, send: (event: WatchlistEditorEvent) => void): WatchlistEditorApi {
  const { context } = snapshot;
  const status: WatchlistEditorStatus = snapshot.matches('saving')
    ? 'saving'
    : snapshot.matches('loading') || snapshot.matches('opening') || snapshot.matches('starting')
      ? 'loading'
      : (PLAIN_STATES.find((state) => snapshot.matches(state)) ?? 'ready');
  const move = (from: number, to: number) => send({ type: 'watchlist.move', from, to });
  return {
    status,
    watchlistId: context.watchlistId,
    ownerId: context.list?.ownerExternalId ?? null,
    name: context.name,
    ownership: context.list?.ownership ?? null,
    saved: context.list?.saved ?? false,
    shareablePath: context.list?.shareablePath ?? null,
    content: context.content,
    totalCount: context.totalCount,
    allowed: allowedWatchlistActions(context.list),
    canLoadMore: status === 'ready' && context.moreDataAvailable,
    errorKey: context.errorKey,
    create: (name) => send({ type: 'watchlist.create', name }),
    rename: (name) => send({ type: 'watchlist.rename', name }),
    add: (content) => send({ type: 'watchlist.add', content }),
    remove: (content) => send({ type: 'watchlist.remove', content: { id: content.id, type: content.type } }),
    save: () => send({ type: 'watchlist.save' }),
    unsave: () => send({ type: 'watchlist.unsave' }),
    move,
    moveUp: (index) => move(index, index - 1),
    moveDown: (index) => move(index, index + 1),
    loadMore: () => send({ type: 'watchlist.more' }),
    reload: () => send({ type: 'watchlist.reload' }),
    dismiss: () => send({ type: 'watchlist.dismiss' }),
  };
}

/**
 * The editor's calls over the API client: `calls.userWatchlist.get` (`rpp` 60, §9), `calls.watchlists.shared`,
 * `.save`, `.unsave`, `.create`, `.rename`, `calls.userWatchlist.addContent`, `.removeContent`, `.reorder`.
 */
export function watchlistEditorCalls(api: ApiClient): WatchlistEditorCalls {
  return {
    load: ({ id, lastSeen, signal }) => api.userWatchlist.get({ params: { id }, query: { lastSeen } }, { signal }),
    open: ({ shareToken, signal }) => api.watchlists.shared({ params: { shareToken } }, { signal }),
    setSaved: ({ ownerId, id, saved }) => (saved ? api.watchlists.save({ params: { ownerId, id } }) : api.watchlists.unsave({ params: { ownerId, id } })),
    create: ({ name }) => api.watchlists.create({ body: { name } }),
    rename: ({ id, name }) => api.watchlists.rename({ params: { id }, body: { name } }),
    addContent: ({ id, content }) => api.userWatchlist.addContent({ params: { id }, body: { content } }),
    removeContent: ({ id, content }) => api.userWatchlist.removeContent({ params: { id, type: content.type, contentId: content.id } }),
    reorder: ({ id, reorder }) =>
      api.userWatchlist.reorder({
        params: { id },
        query: { lastSeen: reorder.lastSeen },
        body: { content: reorder.content.map((entry) => ({ id: entry.id, contentType: entry.contentType as WatchlistContentRequest['contentType'] })) },
      }),
  };
}
