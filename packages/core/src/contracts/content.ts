import * as z from 'zod/mini';
import { defineCall } from './define.js';

/**
 * Content and playback, defined by this project (the specs do not show these calls): a small
 * catalogue of on-demand videos and live events, and a playback call that answers a playable
 * source only when a licence grants the content. Documented in docs/api.md.
 */

/** Content types: on-demand video or live event (route keys VOD and LIVE). */
export const CONTENT_TYPES = ['VOD', 'LIVE'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/**
 * A catalogue item. `licenceIds` lists the licences that unlock it; empty means free to every
 * viewer, guests included. `durationSeconds` for videos; `startDate` (ISO 8601) for live events.
 */
export const contentItemSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  type: z.enum(CONTENT_TYPES),
  title: z.string(),
  description: z.optional(z.string()),
  thumbnailUrl: z.optional(z.string()),
  durationSeconds: z.optional(z.number()),
  startDate: z.optional(z.string()),
  licenceIds: z.array(z.string()),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

/** `GET /api/v2/content`: the catalogue. */
export const contentListResponseSchema = z.looseObject({ items: z.array(contentItemSchema) });

/**
 * Playback answer: a source URL the player loads (short-lived), its MIME type, and when the URL
 * stops working (ISO 8601).
 */
export const playbackSchema = z.looseObject({
  url: z.string().check(z.minLength(1)),
  mimeType: z.string(),
  expiresAt: z.optional(z.string()),
});
export type Playback = z.infer<typeof playbackSchema>;

/**
 * Path parameters of the content calls: the item's type (`VOD`, `LIVE`: {@link ContentType}) and
 * id, both non-empty. A type the platform does not know is not a malformed request but an item
 * that does not exist: the platform answers 404, so the type is not limited here.
 */
export const contentParamsSchema = z.object({
  type: z.string().check(z.minLength(1)),
  id: z.string().check(z.minLength(1)),
});

/** The `content` area (`calls.content`). */
export const contentCalls = {
  /** `GET /api/v2/content`: the catalogue of videos and live events, `{ items }`. */
  list: defineCall({
    name: 'content.list',
    method: 'GET',
    path: '/api/v2/content',
    response: contentListResponseSchema,
    auth: 'optional',
  }),
  /** `GET /api/v2/content/{type}/{id}`: one item. Errors: 404 `NOT_FOUND` when unknown. */
  get: defineCall({
    name: 'content.get',
    method: 'GET',
    path: '/api/v2/content/:type/:id',
    params: contentParamsSchema,
    response: contentItemSchema,
    auth: 'optional',
  }),
  /**
   * `GET /api/v2/playback/{type}/{id}`: a short-lived playable source `{ url, mimeType,
   * expiresAt? }` when a licence of the viewer grants the item (free items: any viewer, guests
   * included). Errors: 403 `LICENCE_REQUIRED` (messages `['licenceRequired']`), 404 `NOT_FOUND`.
   */
  playback: defineCall({
    name: 'content.playback',
    method: 'GET',
    path: '/api/v2/playback/:type/:id',
    params: contentParamsSchema,
    response: playbackSchema,
    auth: 'optional',
  }),
};
