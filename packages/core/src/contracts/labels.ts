import * as z from 'zod/mini';
import { defineCall } from './define.js';

/**
 * Labels answer (identity-and-routes.md §3 "Labels response"): the realm's default locale,
 * the locale the server selected from `Accept-Language`, and the translations of that locale
 * keyed by message key. `locales` (added by this project) lists the locales the realm offers.
 */
export const labelsResponseSchema = z.looseObject({
  default_locale: z.string().check(z.minLength(1)),
  selected_locale: z.string().check(z.minLength(1)),
  translations: z.record(z.string(), z.string()),
  locales: z.optional(z.array(z.string())),
});
export type LabelsResponse = z.infer<typeof labelsResponseSchema>;

/** Query of the labels call: the realm. */
export const labelsQuerySchema = z.object({ realm: z.string().check(z.minLength(1)) });

/** The `labels` area (`calls.labels`). */
export const labelsCalls = {
  /**
   * `GET /api/v2/label?realm=<realm>` (the caller gives the realm, the client's `realm` option),
   * no bearer: `{ default_locale, selected_locale, translations, locales? }`, the locale chosen
   * from the request's `Accept-Language`. Implements identity-and-routes.md §7.
   */
  get: defineCall({
    name: 'labels.get',
    method: 'GET',
    path: '/api/v2/label',
    query: labelsQuerySchema,
    response: labelsResponseSchema,
    auth: 'none',
  }),
};
