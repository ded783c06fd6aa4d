import * as z from 'zod/mini';
import { defineCall } from './define.js';

/**
 * One sign-in provider of the realm (identity-and-routes.md §3 "Auth provider"): `name` is a
 * provider kind (`ID`, `OPENID_CONNECT`, `GOOGLE`…, see the domain's `AUTH_PROVIDER_KINDS`),
 * `clientName` names an OpenID Connect or OAuth client, `displayName` is what its button says.
 * The other fields of §3 (`resetUri`, `mandatory`, `requestorId`…) pass through unchecked.
 */
export const authProviderSchema = z.looseObject({
  name: z.string().check(z.minLength(1)),
  clientName: z.optional(z.string().check(z.minLength(1))),
  logoUri: z.optional(z.string()),
  displayName: z.optional(z.string()),
  resetUri: z.optional(z.string()),
  mandatory: z.optional(z.boolean()),
});
export type AuthProvider = z.infer<typeof authProviderSchema>;

/**
 * A realm's captcha setting (this project's; docs/api.md "Captcha"): `signUp` and `payment` say
 * which calls need a solved challenge (`POST /api/v2/user`, the basket pay calls); `scriptUrl` is
 * the widget script (a path on the platform: the sandbox's stand-in `/_captcha/captcha.js`) and
 * `siteKey` the realm's key for it. The solved challenge's token travels in the
 * {@link CAPTCHA_TOKEN_HEADER} header; a missing, used, expired or forged one is refused with
 * 403 `CAPTCHA_FAIL_ERROR` (messages `['captchaFailed']`).
 */
export const realmCaptchaSchema = z.looseObject({
  signUp: z.boolean(),
  payment: z.boolean(),
  scriptUrl: z.string().check(z.minLength(1)),
  siteKey: z.string().check(z.minLength(1)),
});
export type RealmCaptcha = z.infer<typeof realmCaptchaSchema>;

/** The request header that carries a solved captcha's single-use token (docs/api.md "Captcha"). */
export const CAPTCHA_TOKEN_HEADER = 'X-Captcha-Token';

/**
 * The realm's page-wide sign-in settings, this project's call (the spec does not show it):
 * `selfRegistration` (the application setting of §6), the realm's `authProviders` in display
 * order, whether magic links are enabled, and `requestAccessUri` (optional).
 */
export const realmSettingsSchema = z.looseObject({
  selfRegistration: z.boolean(),
  authProviders: z.array(authProviderSchema),
  magicLink: z.boolean(),
  /** An external registration address for the request-access button (§2 "Sign-in provider block"), when configured. */
  requestAccessUri: z.optional(z.string()),
  /**
   * The member-area page's brand word (identity §2 "Member-area page"; issue 18); absent: the
   * domain's `DEFAULT_MEMBER_AREA_WORD` (`club`). Read with the domain's `memberAreaWord`.
   */
  memberAreaWord: z.optional(z.string()),
  /**
   * Campaign tags (identity §9; issue 18): by sign-in flow type (`login`, `signup`, `purchase`,
   * `signin_to_watch`), the query parameters appended to this realm's sign-in links (the
   * domain's `withCampaignTags`). Absent: no tags.
   */
  campaignTags: z.optional(z.record(z.string(), z.record(z.string(), z.string()))),
  /**
   * The realm's captcha (commerce §3 "app state captcha flags", §8 `CAPTCHA_FAIL_ERROR`; issue
   * 18), absent: none. See {@link realmCaptchaSchema}.
   */
  captcha: z.optional(realmCaptchaSchema),
});
export type RealmSettings = z.infer<typeof realmSettingsSchema>;

/** The `realm` area (`calls.realm`). */
export const realmCalls = {
  /**
   * `GET /api/v2/realm/settings` (no bearer): the realm's page-wide sign-in settings
   * `{ selfRegistration, authProviders [{ name, clientName?, displayName?, logoUri? }], magicLink,
   * requestAccessUri?, memberAreaWord?, campaignTags? }`. This project's call, documented in docs/api.md.
   */
  settings: defineCall({
    name: 'realm.settings',
    method: 'GET',
    path: '/api/v2/realm/settings',
    response: realmSettingsSchema,
    auth: 'none',
  }),
};
