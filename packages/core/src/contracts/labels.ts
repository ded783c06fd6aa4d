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

/** Most keys one labels-by-keys call may ask for. */
export const LABELS_BY_KEYS_MAX = 2000;

/** Body of the labels-by-keys call: the message keys wanted (1 to {@link LABELS_BY_KEYS_MAX}, each 1-200 characters). */
export const labelsByKeysRequestSchema = z.object({
  keys: z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.minLength(1), z.maxLength(LABELS_BY_KEYS_MAX)),
});
export type LabelsByKeysRequest = z.infer<typeof labelsByKeysRequestSchema>;

/**
 * Labels-by-keys answer (identity-and-routes.md §7 "POST labels endpoint ... translations by
 * locale"; commerce §7 "Other"): the realm's default locale, the locale selected from
 * `Accept-Language`, and `translations` by locale (the selected one and the default one, the
 * fallback), each holding only the asked keys the realm has in that locale.
 */
export const labelsByKeysResponseSchema = z.looseObject({
  default_locale: z.string().check(z.minLength(1)),
  selected_locale: z.string().check(z.minLength(1)),
  translations: z.record(z.string(), z.record(z.string(), z.string())),
  /** The locales the realm offers (added by this project, as in the labels response). */
  locales: z.optional(z.array(z.string())),
});
export type LabelsByKeysResponse = z.infer<typeof labelsByKeysResponseSchema>;

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
  /**
   * `POST /api/v2/labels { keys }`, no bearer (identity-and-routes.md §7, commerce §7 "Other"):
   * `{ default_locale, selected_locale, translations: { <locale>: { key: text } } }` with the
   * selected locale (from `Accept-Language`) and the default one; unknown keys are left out.
   * 400 for an empty list, more than 2,000 keys or a key that is not a 1-200 character string.
   * The spec names no path; this project's.
   */
  byKeys: defineCall({
    name: 'labels.byKeys',
    method: 'POST',
    path: '/api/v2/labels',
    body: labelsByKeysRequestSchema,
    response: labelsByKeysResponseSchema,
    auth: 'none',
  }),
};
