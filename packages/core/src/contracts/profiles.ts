import * as z from 'zod/mini';
import {
  CHILD_AGE_RATING_LIMITS,
  PROFILE_AVATARS,
  PROFILE_TYPES,
} from '../domain/household.js';
import { loginResponseSchema } from './auth.js';
import { defineCall } from './define.js';

/**
 * The household (issue 16; docs/api.md "Profiles and preferences"): the profiles of an account
 * and their preferences. The spec shows no profile calls (commerce-and-account-data.md §7
 * "Profile calls: not shown"): these are this project's, after what real services do. The
 * preferences calls are §7's `GET`/`PUT /user/preferences` (§3 "Preferences").
 *
 * Every call needs a signed-in account (`auth: 'required'`; 401 for a guest or no token). A
 * session is for one profile (the access token's `pid`; a token without one is the account's
 * first adult profile, which every account has: it is created on first need). A child profile's
 * session (`par` `RESTRICTED`) may list profiles, select one (the PIN where needed) and read and
 * change its own preferences; creating, changing or deleting profiles is 403 `FORBIDDEN` with
 * `kidProfileManagementDenied`. Errors in the platform's shape `{ status, code, messages,
 * requestId }`.
 */

/** A profile id (a UUID). */
const profileId = () => z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
/** An ISO 8601 date-time with its offset. */
const dateTime = () => z.iso.datetime({ offset: true });
/**
 * A profile name as sent: 1 to 200 UTF-16 units. The platform applies the name rule (core's
 * `checkProfileName`: trimmed, 1 to 30 grapheme clusters, no control characters) and answers 400
 * with its message key (`profileNameRequired`, `profileNameTooLong`, `profileNameInvalid`).
 */
const profileName = () => z.string().check(z.minLength(1), z.maxLength(200));

/** Path parameters of one profile. */
export const profileParamsSchema = z.object({ id: profileId() });

/**
 * A profile: `id`, `name` (1 to 30 graphemes, any script), `type` `ADULT` or `CHILD`, `avatar` (a
 * key of `PROFILE_AVATARS`), for a child its `ageRatingLimit` (one of `CHILD_AGE_RATING_LIMITS`:
 * the highest title rating it may receive), `createdAt` (ISO 8601).
 */
export const profileSchema = z.looseObject({
  id: profileId(),
  name: z.string().check(z.minLength(1)),
  type: z.enum(PROFILE_TYPES),
  avatar: z.enum(PROFILE_AVATARS),
  ageRatingLimit: z.optional(z.number()),
  createdAt: dateTime(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A profile in the list: a {@link profileSchema} and whether selecting it from this session needs the parental PIN (`pinRequired`). */
export const profileListItemSchema = z.extend(profileSchema, { pinRequired: z.boolean() });
export type ProfileListItem = z.infer<typeof profileListItemSchema>;

/**
 * `GET /api/v2/profiles`: the account's profiles, oldest first (`items`), the session's profile
 * (`currentProfileId`) and the most an account may hold (`maxProfiles`, 5).
 */
export const profileListSchema = z.looseObject({ items: z.array(profileListItemSchema), currentProfileId: profileId(), maxProfiles: z.number() });
export type ProfileList = z.infer<typeof profileListSchema>;

/**
 * `POST /api/v2/profiles` body: `name`, `type`; optional `avatar` (default `fox` for an adult,
 * `owl` for a child) and, for a child only, `ageRatingLimit` (default 12; giving one for an adult
 * is 400).
 */
export const createProfileRequestSchema = z.strictObject({
  name: profileName(),
  type: z.enum(PROFILE_TYPES),
  avatar: z.optional(z.enum(PROFILE_AVATARS)),
  ageRatingLimit: z.optional(z.union(CHILD_AGE_RATING_LIMITS.map((n) => z.literal(n)))),
});
export type CreateProfileRequest = z.infer<typeof createProfileRequestSchema>;

/** `PATCH /api/v2/profiles/{id}` body: any of `name`, `avatar`, `ageRatingLimit` (a child's only); at least one. The type never changes. */
export const updateProfileRequestSchema = z.strictObject({
  name: z.optional(profileName()),
  avatar: z.optional(z.enum(PROFILE_AVATARS)),
  ageRatingLimit: z.optional(z.union(CHILD_AGE_RATING_LIMITS.map((n) => z.literal(n)))),
}).check(z.refine((body) => Object.values(body).some((v) => v !== undefined), 'Give at least one of name, avatar, ageRatingLimit'));
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** `DELETE /api/v2/profiles/{id}` answer: `{ id, deleted: true }`. */
export const profileDeletedSchema = z.looseObject({ id: profileId(), deleted: z.literal(true) });

/**
 * `POST /api/v2/profiles/{id}/select` body: `pin`, the account's parental PIN (4 digits, a
 * string), needed when the list says `pinRequired` for that profile.
 */
export const selectProfileRequestSchema = z.strictObject({ pin: z.optional(z.string().check(z.regex(/^\d{4}$/))) });
export type SelectProfileRequest = z.infer<typeof selectProfileRequestSchema>;

/** The `profiles` area (`calls.profiles`). */
export const profilesCalls = {
  /**
   * `GET /api/v2/profiles`: `{ items: [profile & { pinRequired }], currentProfileId, maxProfiles }`,
   * oldest first; the account's first adult profile is created if it has none. Any profile's
   * session. Errors: 401.
   */
  list: defineCall({ name: 'profiles.list', method: 'GET', path: '/api/v2/profiles', response: profileListSchema, auth: 'required' }),
  /**
   * `POST /api/v2/profiles { name, type, avatar?, ageRatingLimit? }` → 201 with the profile.
   * Errors: 401; 403 `FORBIDDEN` `kidProfileManagementDenied` from a child's session; 409
   * `PROFILE_LIMIT` when the account has 5; 409 `PROFILE_NAME_TAKEN` for a name another profile
   * has (trimmed, case-insensitive); 400 with `profileNameRequired`, `profileNameTooLong`,
   * `profileNameInvalid`, or for `ageRatingLimit` on an adult.
   */
  create: defineCall({
    name: 'profiles.create',
    method: 'POST',
    path: '/api/v2/profiles',
    body: createProfileRequestSchema,
    response: profileSchema,
    auth: 'required',
    status: 201,
  }),
  /**
   * `PATCH /api/v2/profiles/{id} { name?, avatar?, ageRatingLimit? }`: renames, changes the avatar
   * or a child's limit; answers the profile. Errors: 401; 403 `kidProfileManagementDenied`; 404
   * `NOT_FOUND` for a profile of no concern to the account; 409 `PROFILE_NAME_TAKEN`; 400 as
   * `create` (and `ageRatingLimit` for an adult). A changed limit applies to that profile's
   * sessions at their next token (a refresh signs the new one).
   */
  update: defineCall({
    name: 'profiles.update',
    method: 'PATCH',
    path: '/api/v2/profiles/:id',
    params: profileParamsSchema,
    body: updateProfileRequestSchema,
    response: profileSchema,
    auth: 'required',
  }),
  /**
   * `DELETE /api/v2/profiles/{id}`: deletes the profile and its preferences, and ends its sessions
   * on other devices (their refresh tokens are revoked); `{ id, deleted: true }`. Errors: 401; 403
   * `kidProfileManagementDenied`; 404 `NOT_FOUND`; 409 `PROFILE_IN_USE` for the session's own
   * profile (select another first); 409 `LAST_ADULT_PROFILE` for the account's only adult.
   */
  remove: defineCall({
    name: 'profiles.remove',
    method: 'DELETE',
    path: '/api/v2/profiles/:id',
    params: profileParamsSchema,
    response: profileDeletedSchema,
    auth: 'required',
  }),
  /**
   * `POST /api/v2/profiles/{id}/select { pin? }`: a session for that profile, the tokens of `POST
   * /login` (`authorisationToken`, `refreshToken`): the access token carries `pid` and, for a
   * child, `par` `RESTRICTED` with `arl` (its limit); a refresh keeps the profile. The caller's
   * own session (its refresh-token family) ends. Leaving a child profile for one that may watch
   * more (an adult, or a child with a higher limit) needs the parental PIN when the account has
   * one in force. Errors: 401; 404 `NOT_FOUND`; 403 `FORBIDDEN` `parentalPinRequired` (no `pin`
   * sent), 403 `INVALID_PIN` `wrongPin` (a wrong one, as `parentalControl.verify`); 429 `TOO_MANY_ATTEMPTS` with `Retry-After` after
   * 5 wrong PINs from that child profile (the throttle scope `parentalPin`, per profile: the
   * rest of the account keeps working).
   */
  select: defineCall({
    name: 'profiles.select',
    method: 'POST',
    path: '/api/v2/profiles/:id/select',
    params: profileParamsSchema,
    body: selectProfileRequestSchema,
    response: loginResponseSchema,
    auth: 'required',
  }),
};

// ---------------------------------------------------------------------------------------------
// Preferences
// ---------------------------------------------------------------------------------------------

/** A language tag (BCP 47 shape: `en`, `pt-BR`, `zh-Hant-TW`). */
const languageTag = () => z.string().check(z.regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/));
/** A plugin's name, the key of `pluginAccessTokens`. */
const PLUGIN_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
/** Most plugins one profile keeps a token for. */
export const MAX_PLUGIN_ACCESS_TOKENS = 20;
const pluginAccessTokens = () =>
  z.record(z.string().check(z.regex(PLUGIN_NAME)), z.string().check(z.maxLength(4096))).check(
    z.refine((tokens) => Object.keys(tokens).length <= MAX_PLUGIN_ACCESS_TOKENS, `At most ${MAX_PLUGIN_ACCESS_TOKENS} plugin tokens`),
  );

/** The fields of the preferences every answer and change share (commerce §3 "Preferences"). */
const preferenceFields = {
  language: z.nullable(languageTag()),
  subTitleLanguage: z.union([z.literal('off'), languageTag()]),
  audioLanguage: z.nullable(languageTag()),
  autoAdvance: z.boolean(),
  videoBackgroundAutoPlay: z.boolean(),
  videoBackgroundAutoPlayAudio: z.boolean(),
  muted: z.boolean(),
};

/**
 * A profile's preferences (commerce §3 "Preferences"; core's `Preferences`): `language` (the
 * interface language, or null: not chosen), `subTitleLanguage` (a language or `off`),
 * `audioLanguage` (or null), `autoAdvance` (default true), `videoBackgroundAutoPlay` (default
 * true), `videoBackgroundAutoPlayAudio` (default false), `muted` (default true),
 * `pluginAccessTokens` (plugin name → token, default `{}`). Always answered whole.
 */
export const preferencesSchema = z.looseObject({ ...preferenceFields, pluginAccessTokens: z.record(z.string(), z.string()) });
export type PreferencesAnswer = z.infer<typeof preferencesSchema>;

/**
 * `PUT /api/v2/user/preferences` body: any of the fields of {@link preferencesSchema}; those
 * given replace the stored ones (`pluginAccessTokens` as a whole, at most 20, names of letters,
 * digits, `_ . -`), the others stay (a partial object merges). `null` resets `language` or
 * `audioLanguage` to "not chosen". An unknown field or a bad value is 400 and nothing changes.
 */
export const preferencesUpdateSchema = z.partial(z.strictObject({ ...preferenceFields, pluginAccessTokens: pluginAccessTokens() }));
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

/** The `preferences` area (`calls.preferences`). */
export const preferencesCalls = {
  /**
   * `GET /api/v2/user/preferences`: the session profile's preferences, whole (defaults for what
   * was never set). Errors: 401. Implements commerce §7 "Preferences and parental control".
   */
  get: defineCall({ name: 'preferences.get', method: 'GET', path: '/api/v2/user/preferences', response: preferencesSchema, auth: 'required' }),
  /**
   * `PUT /api/v2/user/preferences { …some fields }`: merges the fields given into the session
   * profile's preferences and answers them whole. Errors: 401; 400 `BAD_REQUEST` for an unknown
   * field or a bad value (nothing is stored). A child's session changes its own profile's.
   */
  update: defineCall({ name: 'preferences.update', method: 'PUT', path: '/api/v2/user/preferences', body: preferencesUpdateSchema, response: preferencesSchema, auth: 'required' }),
};
