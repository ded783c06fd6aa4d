import * as z from 'zod/mini';
import { PROGRESS_STATES } from '../domain/history.js';
import { pageQuerySchema, pagingInfoSchema, tileSchema } from './catalogue.js';
import { defineCall } from './define.js';

/**
 * The viewer's library, part one (issue 15; docs/api.md "Favourites, history and continue
 * watching"): favourites (commerce-and-account-data.md §7 "Favourites": `GET /favourite/vods`
 * with `rpp`, default 9, `PUT` and `DELETE /favourite/vods/{id}`), and watch history, progress
 * and continue watching (this project's calls; the rules are `@stream/core/domain`'s
 * `history.ts`).
 *
 * Every call needs a signed-in account (`auth: 'required'`; 401 `UNAUTHORIZED` for a guest or no
 * token) and reaches only that account's data. Ids are catalogue title ids (`calls.catalogue`):
 * an unknown id is 404 `NOT_FOUND`. Lists are paged like the catalogue's, with `rpp` and
 * `lastSeen` (how many items the caller has seen) and answer `pagingInfo { rpp, lastSeen,
 * moreDataAvailable, totalCount }`. Errors in the platform's shape `{ status, code, messages,
 * requestId }`; 400 `BAD_REQUEST` for a malformed query or body.
 */

const nonEmpty = () => z.string().check(z.minLength(1));
/** An ISO 8601 date-time with its offset (`2026-05-01T19:00:00.000Z`). */
const dateTime = () => z.iso.datetime({ offset: true });
/** Seconds, finite, 0 up to a week. */
const seconds = () => z.number().check(z.gte(0), z.lte(604_800));

/** Path parameters of a title's favourite or history entry: its catalogue id (1 to 200 characters). */
export const libraryParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });

// ---------------------------------------------------------------------------------------------
// Favourites
// ---------------------------------------------------------------------------------------------

/** A favourite: the title's tile (`tileSchema`) and when the viewer added it (`favouritedAt`, ISO 8601). */
export const favouriteSchema = z.extend(tileSchema, { favouritedAt: dateTime() });
export type Favourite = z.infer<typeof favouriteSchema>;

/** `GET /api/v2/favourite/vods`: a page of favourites, newest first, `{ items, pagingInfo }`. */
export const favouritesPageSchema = z.looseObject({ items: z.array(favouriteSchema), pagingInfo: pagingInfoSchema });
export type FavouritesPage = z.infer<typeof favouritesPageSchema>;

/**
 * Whether a title is a favourite of the account: `{ id, favourite, favouritedAt? }`
 * (`favouritedAt` when it is one: the time of the first `PUT`).
 */
export const favouriteStatusSchema = z.looseObject({ id: nonEmpty(), favourite: z.boolean(), favouritedAt: z.optional(dateTime()) });
export type FavouriteStatus = z.infer<typeof favouriteStatusSchema>;

/** Most ids one `GET /api/v2/favourite/status` asks about. */
export const FAVOURITE_STATUS_MAX_IDS = 100;

/**
 * Query of `GET /api/v2/favourite/status`: `ids`, catalogue title ids separated by commas (1 to
 * {@link FAVOURITE_STATUS_MAX_IDS}, each 1 to 200 characters, none empty), as sent: split it
 * with `.split(',')`.
 */
export const favouriteStatusQuerySchema = z.object({
  ids: z.string().check(z.regex(new RegExp(`^[^,]{1,200}(?:,[^,]{1,200}){0,${FAVOURITE_STATUS_MAX_IDS - 1}}$`))),
});

/** `GET /api/v2/favourite/status`: `{ items: [{ id, favourite, favouritedAt? }] }`, one per id asked, in the order asked. */
export const favouriteStatusesSchema = z.looseObject({ items: z.array(favouriteStatusSchema) });
export type FavouriteStatuses = z.infer<typeof favouriteStatusesSchema>;

/** The `favourites` area (`calls.favourites`). */
export const favouritesCalls = {
  /**
   * `GET /api/v2/favourite/vods?rpp=&lastSeen=`: the account's favourites, newest first, `rpp`
   * per page (default 9, `FAVOURITES_PAGE_SIZE`; 1 to 100), `lastSeen` the items seen so far;
   * `{ items: [tile & { favouritedAt }], pagingInfo }`. Errors: 401; 400 for a bad `rpp` or
   * `lastSeen`. Implements commerce-and-account-data.md §7 "Favourites", §9 "Favourites page size 9".
   */
  list: defineCall({
    name: 'favourites.list',
    method: 'GET',
    path: '/api/v2/favourite/vods',
    query: pageQuerySchema,
    response: favouritesPageSchema,
    auth: 'required',
  }),
  /** `GET /api/v2/favourite/vods/{id}`: whether the title is a favourite, `{ id, favourite, favouritedAt? }` (a heart's first state). Errors: 401; 404 for an unknown title. */
  get: defineCall({
    name: 'favourites.get',
    method: 'GET',
    path: '/api/v2/favourite/vods/:id',
    params: libraryParamsSchema,
    response: favouriteStatusSchema,
    auth: 'required',
  }),
  /**
   * `GET /api/v2/favourite/status?ids=a,b,c`: which of up to 100 titles are favourites (the
   * hearts of a page of cards in one call), `{ items: [{ id, favourite, favouritedAt? }] }` in
   * the order asked; an id the catalogue does not have is `favourite: false`. Errors: 401; 400 for
   * no ids, more than 100, or an empty one.
   */
  status: defineCall({
    name: 'favourites.status',
    method: 'GET',
    path: '/api/v2/favourite/status',
    query: favouriteStatusQuerySchema,
    response: favouriteStatusesSchema,
    auth: 'required',
  }),
  /**
   * `PUT /api/v2/favourite/vods/{id}` (no body): adds the title to the favourites; idempotent (a
   * second `PUT` adds nothing and keeps the first `favouritedAt`). Answers `{ id, favourite: true,
   * favouritedAt }`. Errors: 401; 404 `NOT_FOUND` for an unknown title. §7 "Favourites".
   */
  add: defineCall({
    name: 'favourites.add',
    method: 'PUT',
    path: '/api/v2/favourite/vods/:id',
    params: libraryParamsSchema,
    response: favouriteStatusSchema,
    auth: 'required',
  }),
  /**
   * `DELETE /api/v2/favourite/vods/{id}`: removes the title from the favourites; idempotent (a
   * title that is not one answers the same). Answers `{ id, favourite: false }`. Errors: 401; 404
   * `NOT_FOUND` for an unknown title. §7 "Favourites".
   */
  remove: defineCall({
    name: 'favourites.remove',
    method: 'DELETE',
    path: '/api/v2/favourite/vods/:id',
    params: libraryParamsSchema,
    response: favouriteStatusSchema,
    auth: 'required',
  }),
};

// ---------------------------------------------------------------------------------------------
// Watch history, progress and continue watching
// ---------------------------------------------------------------------------------------------

/**
 * A progress report of the player (`PUT /api/v2/history/{id}`): `positionSeconds` (seconds
 * played), `durationSeconds` (the title's, more than 0), `updatedAt` (ISO 8601: when the device
 * made the report, on its clock; the platform counts it no later than its own clock), `ended`
 * (the player reached the end: watched whatever the position).
 */
export const progressReportSchema = z.object({
  positionSeconds: seconds(),
  durationSeconds: z.number().check(z.gt(0), z.lte(604_800)),
  updatedAt: dateTime(),
  ended: z.optional(z.boolean()),
});
export type ProgressReport = z.infer<typeof progressReportSchema>;

/**
 * A title's progress as the platform holds it: `positionSeconds`, `durationSeconds`, `state`
 * (`NOT_STARTED` under 5 %, `IN_PROGRESS` 5 % to under 90 %, `WATCHED` from 90 % or the end:
 * `progressState`), `updatedAt` (ISO 8601; absent when nothing was reported).
 */
export const progressSchema = z.looseObject({
  positionSeconds: seconds(),
  durationSeconds: seconds(),
  state: z.enum(PROGRESS_STATES),
  updatedAt: z.optional(dateTime()),
});
export type TitleProgress = z.infer<typeof progressSchema>;

/** One title's progress: `{ id, progress }`; `applied` in a report's answer (false: a newer report was held, the answer is that one). */
export const titleProgressSchema = z.looseObject({ id: nonEmpty(), progress: progressSchema, applied: z.optional(z.boolean()) });
export type TitleProgressAnswer = z.infer<typeof titleProgressSchema>;

/** A history entry: the title's `tile` and its `progress`. */
export const historyItemSchema = z.looseObject({ tile: tileSchema, progress: progressSchema });
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** `GET /api/v2/history`: a page of the history, last updated first, `{ items, pagingInfo }`. */
export const historyPageSchema = z.looseObject({ items: z.array(historyItemSchema), pagingInfo: pagingInfoSchema });
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** Why a title is in continue watching: `IN_PROGRESS` (resume it), `NEXT_EPISODE` (the episode after one watched). */
export const CONTINUE_WATCHING_REASONS = ['IN_PROGRESS', 'NEXT_EPISODE'] as const;
export type ContinueWatchingReason = (typeof CONTINUE_WATCHING_REASONS)[number];

/**
 * A continue-watching entry: a history entry with its `reason`; for `NEXT_EPISODE` the tile is
 * the next episode (progress `NOT_STARTED` at 0 s, `updatedAt` the watched one's) and
 * `previousId` the episode watched.
 */
export const continueWatchingItemSchema = z.extend(historyItemSchema, {
  reason: z.enum(CONTINUE_WATCHING_REASONS),
  previousId: z.optional(nonEmpty()),
});
export type ContinueWatchingItem = z.infer<typeof continueWatchingItemSchema>;

/** `GET /api/v2/continue-watching`: a page of continue watching, last updated first, `{ items, pagingInfo }`. */
export const continueWatchingPageSchema = z.looseObject({ items: z.array(continueWatchingItemSchema), pagingInfo: pagingInfoSchema });
export type ContinueWatchingPage = z.infer<typeof continueWatchingPageSchema>;

/** `DELETE /api/v2/history/{id}`: `{ id }`. */
export const historyRemovedSchema = z.looseObject({ id: nonEmpty() });

/** The `history` area (`calls.history`). */
export const historyCalls = {
  /**
   * `GET /api/v2/history?rpp=&lastSeen=`: the titles the account played (any state), last
   * updated first, `rpp` per page (default 20, `HISTORY_PAGE_SIZE`); `{ items: [{ tile, progress
   * }], pagingInfo }`. Removed titles are left out. Errors: 401; 400 for a bad query.
   */
  list: defineCall({
    name: 'history.list',
    method: 'GET',
    path: '/api/v2/history',
    query: pageQuerySchema,
    response: historyPageSchema,
    auth: 'required',
  }),
  /**
   * `GET /api/v2/history/{id}`: one title's progress `{ id, progress }` (where the player
   * resumes: `resumePositionSeconds`); `NOT_STARTED` at 0 s without `updatedAt` when nothing was
   * reported. Errors: 401; 404 for an unknown title.
   */
  get: defineCall({
    name: 'history.get',
    method: 'GET',
    path: '/api/v2/history/:id',
    params: libraryParamsSchema,
    response: titleProgressSchema,
    auth: 'required',
  }),
  /**
   * `PUT /api/v2/history/{id}` `{ positionSeconds, durationSeconds, updatedAt, ended? }`: the
   * player's report (every 10 s while playing, on pause, page hide and end). Merged by latest
   * update (`mergeProgress`): a report older than the one held, or than the title's removal, is
   * not applied. Answers `{ id, progress, applied }` (what is held now). Errors: 401; 404 for an
   * unknown title; 400 `BAD_REQUEST` `titleNotTracked` for a live stream (LIVE, CHANNEL) or a
   * title that does not play (SERIES, SEASON, PLAYLIST), and for a malformed body.
   */
  report: defineCall({
    name: 'history.report',
    method: 'PUT',
    path: '/api/v2/history/:id',
    params: libraryParamsSchema,
    body: progressReportSchema,
    response: titleProgressSchema,
    auth: 'required',
  }),
  /**
   * `DELETE /api/v2/history/{id}`: removes the title from the history and from continue watching
   * ("remove from row"), idempotent; a later report brings it back, an older one does not.
   * Answers `{ id }`. Errors: 401; 404 for an unknown title.
   */
  remove: defineCall({
    name: 'history.remove',
    method: 'DELETE',
    path: '/api/v2/history/:id',
    params: libraryParamsSchema,
    response: historyRemovedSchema,
    auth: 'required',
  }),
  /**
   * `GET /api/v2/continue-watching?rpp=&lastSeen=`: the row "Continue watching", last updated
   * first, `rpp` per page (default 12, `CONTINUE_WATCHING_PAGE_SIZE`): titles `IN_PROGRESS`, and
   * for each episode `WATCHED` the next episode of its series when that one has no progress of its
   * own (`NEXT_EPISODE`). `{ items: [{ tile, progress, reason, previousId? }], pagingInfo }`.
   * Errors: 401; 400 for a bad query.
   */
  continueWatching: defineCall({
    name: 'history.continueWatching',
    method: 'GET',
    path: '/api/v2/continue-watching',
    query: pageQuerySchema,
    response: continueWatchingPageSchema,
    auth: 'required',
  }),
};
