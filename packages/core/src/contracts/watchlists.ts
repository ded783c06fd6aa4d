import * as z from 'zod/mini';
import { WATCHLIST_MAX_ITEMS, WATCHLIST_OWNERSHIPS, watchlistName } from '../domain/watchlists.js';
import { artworkTemplateSchema, pageQuerySchema, pagingInfoSchema, queryInteger, TITLE_TYPES } from './catalogue.js';
import { defineCall } from './define.js';

/**
 * Watchlists (commerce-and-account-data.md §3 "Watchlist", §4 "Watchlists", §7 "Watchlists
 * (older)" and "(newer)", §9; sharing is this project's: docs/api.md "Watchlists").
 *
 * A watchlist is an ordered list of catalogue titles kept by one account (its owner). The owner
 * sees it as `OWNED`; its `shareablePath` (`/watchlists?share=<token>`, an unguessable token)
 * opens it read-only for anyone signed in (`watchlists.shared`), who sees it as `SHARED` from
 * then on and may save it to their library (`watchlists.save`) or take it out
 * (`watchlists.unsave`). The §4 rules are `decideWatchlistAction` of `@stream/core/domain`, the
 * one function the platform decides every call with: only `OWNED` lists are renamed, deleted or
 * edited (403 `NOT_OWNER` otherwise, and a shared list keeps its saved flag); a list the caller
 * neither owns nor reached by its link is 404 `NOT_FOUND` whatever ids are sent. Every call needs
 * a signed-in user (401 otherwise).
 */

const nonEmpty = () => z.string().check(z.minLength(1));
const count = () => z.int().check(z.gte(0));

/** A list's name: 1 to 100 characters once trimmed (`watchlistName`; the platform keeps it trimmed). */
export const watchlistNameSchema = z.string().check(z.refine((value) => watchlistName(value) !== null, 'A name of 1 to 100 characters'));

/** `OWNED` (the caller's list) or `SHARED` (another account's list reached by its shareable path). */
export const watchlistOwnershipSchema = z.enum(WATCHLIST_OWNERSHIPS);

/**
 * One item of a list (§3 "content (id, type, thumbnailUrl, smallCoverUrl)"): the catalogue
 * title's `id` and `type` (a `TitleType`), `thumbnailUrl` (16:9) and `smallCoverUrl` (2:3 poster),
 * each an artwork URL template holding `{width}` (as the catalogue's `images`), and `title` in the
 * request's language (this project's addition: a card's text and its images' alternative text).
 */
export const watchlistContentSchema = z.looseObject({
  id: nonEmpty(),
  type: z.enum(TITLE_TYPES),
  thumbnailUrl: artworkTemplateSchema,
  smallCoverUrl: artworkTemplateSchema,
  title: z.optional(z.string()),
});
export type WatchlistContent = z.infer<typeof watchlistContentSchema>;

/**
 * A list as the list of lists shows it (§3): `name`, `watchlistExternalId`, `ownership`,
 * `ownerExternalId` (the owner account's id), `thumbnails` (the thumbnail templates of its first
 * four items), `saved` (in the caller's library: always true when `OWNED`), `shareablePath` (the
 * web path that opens it for others: `/watchlists?share=<token>`), `isEmpty`, and `itemCount`.
 */
export const watchlistSummarySchema = z.looseObject({
  name: z.string(),
  watchlistExternalId: nonEmpty(),
  ownership: watchlistOwnershipSchema,
  ownerExternalId: nonEmpty(),
  thumbnails: z.array(artworkTemplateSchema),
  saved: z.boolean(),
  shareablePath: nonEmpty(),
  isEmpty: z.boolean(),
  itemCount: count(),
});
export type WatchlistSummary = z.infer<typeof watchlistSummarySchema>;

/** A list with a page of its `content`, in the list's order, and `pagingInfo` (`moreDataAvailable`, `lastSeen`). */
export const watchlistSchema = z.extend(watchlistSummarySchema, {
  content: z.array(watchlistContentSchema),
  pagingInfo: pagingInfoSchema,
});
export type Watchlist = z.infer<typeof watchlistSchema>;

/** `GET /api/v2/watchlists`: `{ watchlists, pagingInfo }`, the caller's library. */
export const watchlistsResponseSchema = z.looseObject({
  watchlists: z.array(watchlistSummarySchema),
  pagingInfo: pagingInfoSchema,
});
export type WatchlistsPage = z.infer<typeof watchlistsResponseSchema>;

/** Body of `POST /api/v2/watchlists` and `PUT /api/v2/watchlists/{id}`: `{ name }`. */
export const watchlistNameRequestSchema = z.object({ name: watchlistNameSchema });

/** `POST /api/v2/watchlists`: `{ id }`, the new list's `watchlistExternalId`. */
export const createWatchlistResponseSchema = z.looseObject({ id: nonEmpty() });

/** An item as a request names it: the title's `id` and `contentType` (a `TitleType`, upper case). */
export const watchlistContentRefSchema = z.object({ id: nonEmpty(), contentType: z.enum(TITLE_TYPES) });

/** Body of `POST /api/v4/user/watchlist/{id}/content`: `{ content: { id, contentType } }`. */
export const addWatchlistContentRequestSchema = z.object({ content: watchlistContentRefSchema });

/** `POST /api/v4/user/watchlist/{id}/content`: `{ content }`, the item as the list holds it. */
export const addWatchlistContentResponseSchema = z.looseObject({ content: watchlistContentSchema });

/** Query of the reorder: `lastSeen`, how many of the list's first items the body holds (0 to 500). */
export const reorderWatchlistQuerySchema = z.object({ lastSeen: queryInteger(0, WATCHLIST_MAX_ITEMS) });

/** Body of the reorder (§9): `{ content: [{ id, contentType }] }`, the first `lastSeen` items in their new order. */
export const reorderWatchlistRequestSchema = z.object({
  content: z.array(watchlistContentRefSchema).check(z.maxLength(WATCHLIST_MAX_ITEMS)),
});

/** The reorder's answer: `{ lastSeen, content }`, the list's first `lastSeen` items as now stored. */
export const reorderWatchlistResponseSchema = z.looseObject({ lastSeen: count(), content: z.array(watchlistContentSchema) });

/** Query of the adjacent content: `size`, items on each side (1 to 20; default 5, §9). */
export const adjacentQuerySchema = z.object({ size: z.optional(queryInteger(1, 20)) });

/**
 * `GET …/adjacentTo/{contentId}`: `{ watchlistExternalId, contentId, previous, next }`: up to
 * `size` items before the item (`previous`, in list order, the nearest last) and after it
 * (`next`, the nearest first).
 */
export const adjacentContentResponseSchema = z.looseObject({
  watchlistExternalId: nonEmpty(),
  contentId: nonEmpty(),
  previous: z.array(watchlistContentSchema),
  next: z.array(watchlistContentSchema),
});
export type AdjacentContent = z.infer<typeof adjacentContentResponseSchema>;

/** An answer with nothing to say (a delete): `{}`. */
const doneSchema = z.looseObject({});

/**
 * The `watchlists` area (`calls.watchlists`): the older API of §7 (`/api/v2/watchlists`) and this
 * project's sharing calls. Errors of every call: 401 without a signed-in user; 404 `NOT_FOUND`
 * for a list the caller neither owns nor reached by its link (or an `ownerId` that is not its
 * owner's); 403 `NOT_OWNER` for an owner's action on a `SHARED` list; 400 `BAD_REQUEST` for a
 * malformed body or query.
 */
export const watchlistsCalls = {
  /**
   * `GET /api/v2/watchlists?rpp=25&lastSeen=`: the caller's library, `{ watchlists, pagingInfo }`:
   * the lists it owns and the shared lists it saved, the latest made or saved first (§9: 25 a
   * page by default).
   */
  list: defineCall({
    name: 'watchlists.list',
    method: 'GET',
    path: '/api/v2/watchlists',
    query: pageQuerySchema,
    response: watchlistsResponseSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v2/watchlists { name }` → 201 `{ id }`: a new, empty, `OWNED` list. Errors: 400 for
   * a name empty or over 100 characters once trimmed; 409 `CONFLICT` past 100 lists.
   */
  create: defineCall({
    name: 'watchlists.create',
    method: 'POST',
    path: '/api/v2/watchlists',
    body: watchlistNameRequestSchema,
    response: createWatchlistResponseSchema,
    auth: 'required',
    status: 201,
  }),
  /** `PUT /api/v2/watchlists/{id} { name }`: renames an `OWNED` list; answers its summary. Errors: 403 `NOT_OWNER`, 404, 400. */
  rename: defineCall({
    name: 'watchlists.rename',
    method: 'PUT',
    path: '/api/v2/watchlists/:id',
    body: watchlistNameRequestSchema,
    response: watchlistSummarySchema,
    auth: 'required',
  }),
  /**
   * `DELETE /api/v2/watchlists/{ownerId}/{id}` → `{}`: deletes an `OWNED` list with its content
   * (it leaves the libraries of those who saved it). Errors: 403 `NOT_OWNER` for a `SHARED` list
   * (which stays saved), 404.
   */
  remove: defineCall({
    name: 'watchlists.remove',
    method: 'DELETE',
    path: '/api/v2/watchlists/:ownerId/:id',
    response: doneSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v2/watchlists/{ownerId}/{id}/save`: puts a `SHARED` list in the caller's library
   * (idempotent); answers its summary (`saved: true`). Errors: 409 `CONFLICT` for one's own list
   * (always in the library), 404.
   */
  save: defineCall({
    name: 'watchlists.save',
    method: 'POST',
    path: '/api/v2/watchlists/:ownerId/:id/save',
    response: watchlistSummarySchema,
    auth: 'required',
  }),
  /**
   * `DELETE /api/v2/watchlists/{ownerId}/{id}/save` (this project's): takes a saved `SHARED` list
   * out of the caller's library (idempotent; it stays reachable by its link); answers its summary
   * (`saved: false`). Errors: 409 `CONFLICT` for one's own list, 404.
   */
  unsave: defineCall({
    name: 'watchlists.unsave',
    method: 'DELETE',
    path: '/api/v2/watchlists/:ownerId/:id/save',
    response: watchlistSummarySchema,
    auth: 'required',
  }),
  /**
   * `GET /api/v2/watchlists/{ownerId}/{id}/adjacentTo/{contentId}?size=5`: the items around one
   * item of a list (what plays before and after it), `{ watchlistExternalId, contentId, previous,
   * next }`, up to `size` each (§9: 5). Errors: 404 for a list not reachable or an item not in it.
   */
  adjacent: defineCall({
    name: 'watchlists.adjacent',
    method: 'GET',
    path: '/api/v2/watchlists/:ownerId/:id/adjacentTo/:contentId',
    query: adjacentQuerySchema,
    response: adjacentContentResponseSchema,
    auth: 'required',
  }),
  /**
   * `GET /api/v2/watchlists/shared/{shareToken}?rpp=60&lastSeen=` (this project's): opens a list
   * by the token of its `shareablePath`, with a page of its content. The owner sees it `OWNED`;
   * anyone else signed in sees it `SHARED` (read-only) and from then on reaches it by its ids
   * (the other calls; `saved` false until `save`). Errors: 404 for an unknown token.
   */
  shared: defineCall({
    name: 'watchlists.shared',
    method: 'GET',
    path: '/api/v2/watchlists/shared/:shareToken',
    query: pageQuerySchema,
    response: watchlistSchema,
    auth: 'required',
  }),
};

/**
 * The `userWatchlist` area (`calls.userWatchlist`): the newer API of §7
 * (`/api/v4/user/watchlist`), one list's content. Errors as `watchlists`: 401, 404, 403
 * `NOT_OWNER` for an edit of a `SHARED` list, 400; an unknown title is 404.
 */
export const userWatchlistCalls = {
  /**
   * `GET /api/v4/user/watchlist/{id}?rpp=60&lastSeen=`: a list with a page of its content in the
   * list's order (§9: 60 a page by default) and `pagingInfo`.
   */
  get: defineCall({
    name: 'userWatchlist.get',
    method: 'GET',
    path: '/api/v4/user/watchlist/:id',
    query: pageQuerySchema,
    response: watchlistSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v4/user/watchlist/{id}/content { content: { id, contentType } }`: adds a catalogue
   * title at the end of an `OWNED` list (idempotent: a title already there stays where it is);
   * answers `{ content }`. Errors: 404 for an unknown title or a type that is not the title's;
   * 409 `CONFLICT` past 500 items; 403 `NOT_OWNER`.
   */
  addContent: defineCall({
    name: 'userWatchlist.addContent',
    method: 'POST',
    path: '/api/v4/user/watchlist/:id/content',
    body: addWatchlistContentRequestSchema,
    response: addWatchlistContentResponseSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v4/user/watchlist/{id}?lastSeen=n { content: [{ id, contentType }] }` (§9): the
   * list's first `n` items in a new order (the items the viewer has loaded); the rest keep theirs.
   * Answers `{ lastSeen, content }`. Errors: 400 when the body does not hold exactly `n` items or
   * holds one twice; 409 `CONFLICT` when they are not the list's first `n` (it changed meanwhile:
   * read it again); 403 `NOT_OWNER`.
   */
  reorder: defineCall({
    name: 'userWatchlist.reorder',
    method: 'POST',
    path: '/api/v4/user/watchlist/:id',
    query: reorderWatchlistQuerySchema,
    body: reorderWatchlistRequestSchema,
    response: reorderWatchlistResponseSchema,
    auth: 'required',
  }),
  /**
   * `DELETE /api/v4/user/watchlist/{id}/content/{type}/{contentId}` → `{}`: takes a title out of
   * an `OWNED` list (idempotent). `type` in any case. Errors: 404 for an unknown title; 403 `NOT_OWNER`.
   */
  removeContent: defineCall({
    name: 'userWatchlist.removeContent',
    method: 'DELETE',
    path: '/api/v4/user/watchlist/:id/content/:type/:contentId',
    response: doneSchema,
    auth: 'required',
  }),
};
