/**
 * Adobe Pass (TV-operator sign-in), entitlement sync, the external licence provider and the
 * device PIN login of TV_LOGIN. Implements identity-and-routes.md §3 "TV-provider", "Adobe
 * registration", §4 "Adobe flows", "TV-provider sign-in", §7 (the `/user/adobe`, `/adobe/…`,
 * `{adobe host}/…`, `/api/v1/entitlement-sync` and external licence calls) and, beyond the spec,
 * the device PIN calls (documented in docs/api.md "Adobe Pass and TV").
 *
 * Two kinds of calls live here: platform calls (under the API base URL, sent by the API client
 * with the realm, API key and device id) and Adobe host calls (`adobeHost.*`: their `path` is
 * under the TV provider entry's `baseUri`, sent by `createAdobeHost({ baseUrl })` without the
 * platform's headers).
 */
import * as z from 'zod/mini';
import { defineCall } from './define.js';
import { loginResponseSchema } from './auth.js';

/** A string of at least one character. */
const nonEmpty = () => z.string().check(z.minLength(1));
/** An absolute http(s) address. */
const httpUrl = () => z.url({ protocol: /^https?$/ });

/** The two TV-operator provider kinds of §3: Adobe Primetime and Adobe dynamic client registration. */
export const tvProviderKindSchema = z.enum(['ADOBE', 'ADOBE_DCR']);
export type TvProviderKind = z.infer<typeof tvProviderKindSchema>;

/** One entry of a TV provider's `allowedProviders` (§3): an MVPD id and whether the picker lists it. */
export const allowedProviderSchema = z.looseObject({
  name: nonEmpty(),
  display: z.optional(z.boolean()),
});
export type AllowedProvider = z.infer<typeof allowedProviderSchema>;

/**
 * The TV-provider entity (identity-and-routes.md §3 "TV-provider": id, displayName, logoUrl,
 * baseUri, softwareStatement, requestorId, resourceId, redirectUri, allowedProviders,
 * accessToken). `baseUri` is the Adobe host; `softwareStatement` is needed by ADOBE_DCR only;
 * `accessToken` is the DCR access token of a regcode answer, once there is one.
 */
export const tvProviderSchema = z.looseObject({
  id: z.optional(nonEmpty()),
  displayName: z.optional(z.string()),
  logoUrl: z.optional(z.string()),
  baseUri: httpUrl(),
  softwareStatement: z.optional(nonEmpty()),
  requestorId: nonEmpty(),
  resourceId: z.optional(nonEmpty()),
  redirectUri: z.optional(httpUrl()),
  allowedProviders: z.optional(z.array(allowedProviderSchema)),
  accessToken: z.optional(nonEmpty()),
});
export type TvProvider = z.infer<typeof tvProviderSchema>;

// ---------------------------------------------------------------------------------------------
// Platform calls
// ---------------------------------------------------------------------------------------------

/** Body of `POST /api/v2/user/adobe` (§7): the requestor and resource the viewer signed in for. */
export const adobeUserRequestSchema = z.object({ requestorId: nonEmpty(), resourceId: nonEmpty() });
export type AdobeUserRequest = z.infer<typeof adobeUserRequestSchema>;

/** Body of `POST /api/v3/adobe/token` (§7): the DCR client of the realm and the regcode's access token. */
export const adobeTokenRequestSchema = z.object({
  requestorId: nonEmpty(),
  clientId: nonEmpty(),
  clientSecret: nonEmpty(),
  accessToken: nonEmpty(),
});
export type AdobeTokenRequest = z.infer<typeof adobeTokenRequestSchema>;

/** Answer of `POST /api/v2/adobe/{requestorId}/regcode` (§7): the registration code. */
export const adobeRegcodeResponseSchema = z.looseObject({ code: nonEmpty() });
export type AdobeRegcode = z.infer<typeof adobeRegcodeResponseSchema>;

/** Body of `POST /api/v3/adobe/regcode` (§7): the requestor and the realm's DCR client. */
export const adobeRegcodeV3RequestSchema = z.object({
  requestorId: nonEmpty(),
  clientId: nonEmpty(),
  clientSecret: nonEmpty(),
});
export type AdobeRegcodeV3Request = z.infer<typeof adobeRegcodeV3RequestSchema>;

/** Answer of the DCR regcode call (§3 "regcode result with accessToken and code"). */
export const adobeRegcodeV3ResponseSchema = z.looseObject({ accessToken: nonEmpty(), code: nonEmpty() });
export type AdobeRegcodeV3 = z.infer<typeof adobeRegcodeV3ResponseSchema>;

/** Body of `POST /api/v1/entitlement-sync` (§7). */
export const entitlementSyncRequestSchema = z.object({ refreshToken: nonEmpty() });

// ---------------------------------------------------------------------------------------------
// Adobe host calls (base: the TV provider entry's baseUri)
// ---------------------------------------------------------------------------------------------

/** Body of `POST {adobe host}/o/client/register` (§7): the realm's software statement (a JWT). */
export const adobeClientRegisterRequestSchema = z.object({ software_statement: nonEmpty() });

/** Answer of the DCR client registration: the client id and secret the realm stores (§3). */
export const adobeClientRegistrationSchema = z.looseObject({ client_id: nonEmpty(), client_secret: nonEmpty() });
export type AdobeClientRegistration = z.infer<typeof adobeClientRegistrationSchema>;

/**
 * One TV operator (MVPD) of the requestor configuration: `id` (Adobe's `mso_id`), `displayName`,
 * `logoUrl`, and `featured` (this project's flag: listed in the featured group of the picker).
 */
export const mvpdSchema = z.looseObject({
  id: nonEmpty(),
  displayName: z.string(),
  logoUrl: z.optional(z.string()),
  featured: z.optional(z.boolean()),
});
export type Mvpd = z.infer<typeof mvpdSchema>;

/** One channel of the requestor configuration. */
export const adobeChannelSchema = z.looseObject({ id: nonEmpty(), displayName: z.optional(z.string()) });
export type AdobeChannel = z.infer<typeof adobeChannelSchema>;

/**
 * `mvpds` (and `channels`) of the configuration: a list, or Adobe's XML-shaped `{ mvpd: [...] }`
 * (`{ channel: [...] }`). The domain's `adobeConfigLists` reads both.
 */
const listOrWrapped = <T extends z.ZodMiniType>(item: T, wrapper: string) =>
  z.union([z.array(item), z.looseObject({ [wrapper]: z.array(item) })]);

/**
 * Answer of `GET {adobe host}/api/v1/config/{requestorId}` (§7 "requestor with mvpds and
 * channels"): `{ requestor: { id, displayName?, mvpds, channels? } }`.
 */
export const adobeConfigSchema = z.looseObject({
  requestor: z.looseObject({
    id: nonEmpty(),
    displayName: z.optional(z.string()),
    mvpds: listOrWrapped(mvpdSchema, 'mvpd'),
    channels: z.optional(listOrWrapped(adobeChannelSchema, 'channel')),
  }),
});
export type AdobeConfig = z.infer<typeof adobeConfigSchema>;

// ---------------------------------------------------------------------------------------------
// External licence provider (the LICENCE_REDIRECT page)
// ---------------------------------------------------------------------------------------------

/** Body of the external licence provider's token call (§7): the code the provider sent back. */
export const externalLicenceTokenRequestSchema = z.object({ authorisationCode: nonEmpty() });

/**
 * Answer of the external licence token call: not shown by the spec; this project answers
 * `{ licenceIds?, redirectTo? }` (the licences granted, and an in-app path the platform suggests;
 * the page follows it only when it is a safe in-app path).
 */
export const externalLicenceTokenResponseSchema = z.looseObject({
  licenceIds: z.optional(z.array(z.string())),
  redirectTo: z.optional(z.string()),
});
export type ExternalLicenceTokenResponse = z.infer<typeof externalLicenceTokenResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Device PIN login (TV_LOGIN; this project's calls)
// ---------------------------------------------------------------------------------------------

/** A device PIN as the platform issues and accepts it: 4 to 12 upper-case letters and digits. */
export const devicePinSchema = z.string().check(z.regex(/^[A-Z0-9]{4,12}$/));

/**
 * Answer of `POST /api/v2/device/pin`: the `pin` the TV shows, the `anchor` it polls with (secret
 * to the TV), when the PIN expires (ISO 8601) and how often to poll (seconds).
 */
export const devicePinResponseSchema = z.looseObject({
  pin: devicePinSchema,
  anchor: z.string().check(z.minLength(16)),
  expiresAt: z.iso.datetime({ offset: true }),
  pollIntervalSeconds: z.optional(z.number().check(z.positive())),
});
export type DevicePin = z.infer<typeof devicePinResponseSchema>;

/** Answer of the TV's poll: `pending` (not confirmed yet), `confirmed` (with the TV's tokens) or `expired`. */
export const devicePinStatusSchema = z.discriminatedUnion('status', [
  z.looseObject({ status: z.literal('pending'), expiresAt: z.optional(z.iso.datetime({ offset: true })) }),
  z.extend(loginResponseSchema, { status: z.literal('confirmed') }),
  z.looseObject({ status: z.literal('expired') }),
]);
export type DevicePinStatus = z.infer<typeof devicePinStatusSchema>;

/**
 * Body of the TV's poll: the `anchor` of its PIN (secret to the TV, so it travels in the body,
 * never in the path where request logs would keep it).
 */
export const pollDevicePinRequestSchema = z.object({ anchor: z.string().check(z.minLength(16), z.maxLength(200)) });

/** Body of `POST /api/v2/device/pin/confirm`: the PIN the viewer typed (normalised, see the domain's `normaliseDevicePin`). */
export const confirmDevicePinRequestSchema = z.object({ pin: devicePinSchema });

/**
 * The `adobe` area (`calls.adobe`): Adobe Pass, the platform side (identity-and-routes.md §4 "Adobe
 * flows", "TV-provider sign-in", §7; docs/api.md "Adobe Pass and TV").
 */
export const adobeCalls = {
  /**
   * `POST /api/v2/user/adobe { requestorId, resourceId }`: Adobe Primetime sign-in. The platform
   * asks Adobe whether the device (the `x-device-id` the regcode call carried) is authenticated
   * with a TV operator for `requestorId` and authorised for `resourceId`, then answers the
   * platform's tokens (creating the account on the first sign-in, linking Adobe to the account when
   * a signed-in bearer is sent). Implements identity-and-routes.md §7 "POST /user/adobe". Errors:
   * 400 `BAD_REQUEST` (no regcode or authentication for this device), 412 (the operator sign-in is
   * not complete: the viewer may pick again), 401 (operator refused), 403 `FORBIDDEN` (the
   * operator's package does not include the resource), 409 `CONFLICT` (the operator account is
   * linked to another account).
   */
  user: defineCall({
    name: 'adobe.user',
    method: 'POST',
    path: '/api/v2/user/adobe',
    body: adobeUserRequestSchema,
    response: loginResponseSchema,
    auth: 'optional',
  }),
  /**
   * `POST /api/v3/adobe/token { requestorId, clientId, clientSecret, accessToken }`: Adobe DCR
   * sign-in. The platform checks the operator authentication of the regcode behind `accessToken`
   * and answers the platform's tokens. Implements identity-and-routes.md §7 "POST v3 /adobe/token".
   * Errors as {@link adobeCalls.user} (400 and 412 restart the picker on a first attempt).
   */
  token: defineCall({
    name: 'adobe.token',
    method: 'POST',
    path: '/api/v3/adobe/token',
    body: adobeTokenRequestSchema,
    response: loginResponseSchema,
    auth: 'optional',
  }),
  /**
   * `POST /api/v2/adobe/{requestorId}/regcode`: `{ code }`, a Primetime registration code for
   * this device (the `x-device-id` header) and `requestorId`;
   * empty body, bearer sent when the viewer is signed in (the code is then bound to the account).
   * Implements identity-and-routes.md §7 "POST /adobe/{requestorId}/regcode". Errors: 400
   * `BAD_REQUEST` (Adobe refused: the flow retries once), 404 for a requestor the realm lacks.
   */
  regcode: defineCall({
    name: 'adobe.regcode',
    method: 'POST',
    path: '/api/v2/adobe/:requestorId/regcode',
    response: adobeRegcodeResponseSchema,
    auth: 'optional',
  }),
  /**
   * `POST /api/v3/adobe/regcode { requestorId, clientId, clientSecret }`: `{ accessToken, code }`,
   * a DCR registration code. The platform obtains a client access token with the client id and
   * secret, then a regcode. Implements identity-and-routes.md §7 "POST /v3/adobe/regcode". Errors:
   * 400 `BAD_REQUEST` (unknown or revoked client: the flow clears the stored client and retries
   * once).
   */
  regcodeV3: defineCall({
    name: 'adobe.regcodeV3',
    method: 'POST',
    path: '/api/v3/adobe/regcode',
    body: adobeRegcodeV3RequestSchema,
    response: adobeRegcodeV3ResponseSchema,
    auth: 'optional',
  }),
  /**
   * `POST /api/v1/entitlement-sync { refreshToken }`: asks the platform to grant the licences the
   * viewer's TV operator package includes (after a TV-operator sign-in). Implements
   * identity-and-routes.md §7 "POST /api/v1/entitlement-sync"; the answer is not shown by the spec:
   * this project answers `{ licenceIds?: string[] }` (the licences now active through the
   * operator). Bearer required. Errors: 401; 400 for an unknown refresh token.
   */
  entitlementSync: defineCall({
    name: 'adobe.entitlementSync',
    method: 'POST',
    path: '/api/v1/entitlement-sync',
    body: entitlementSyncRequestSchema,
    response: z.looseObject({ licenceIds: z.optional(z.array(z.string())) }),
    auth: 'required',
  }),
};

/**
 * The `adobeHost` area (`calls.adobeHost`): the calls the browser makes to the Adobe host itself
 * (a TV provider entry's `baseUri`), not to the platform, so the platform client has no such
 * area (`createAdobeHost` sends them).
 */
export const adobeHostCalls = {
  /**
   * `POST {adobe host}/o/client/register { software_statement }` (201): Adobe dynamic client
   * registration, `{ client_id, client_secret, … }`. Implements identity-and-routes.md §7 "POST
   * {adobe host}/o/client/register". Errors: 400 for a software statement Adobe does not accept.
   */
  register: defineCall({
    name: 'adobeHost.register',
    method: 'POST',
    path: '/o/client/register',
    body: adobeClientRegisterRequestSchema,
    response: adobeClientRegistrationSchema,
    auth: 'none',
    status: 201,
  }),
  /**
   * `GET {adobe host}/api/v1/config/{requestorId}`: the requestor configuration, the TV operators a
   * viewer can pick, in Adobe's order. Implements identity-and-routes.md §7 "GET {adobe
   * host}/api/v1/config/{requestorId}". Errors: 404 for an unknown requestor.
   */
  config: defineCall({
    name: 'adobeHost.config',
    method: 'GET',
    path: '/api/v1/config/:requestorId',
    response: adobeConfigSchema,
    auth: 'none',
  }),
};

/**
 * The `externalLicence` area (`calls.externalLicence`): the external licence provider of the
 * LICENCE_REDIRECT page.
 */
export const externalLicenceCalls = {
  /**
   * `POST /api/v2/external-licence/token { authorisationCode }`: `{ licenceIds?, redirectTo? }`.
   * Redeems the code an external licence provider sent the viewer back with (the LICENCE_REDIRECT
   * page, commerce-and-account-data.md §2). Implements identity-and-routes.md §7 "POST {external
   * licence provider route}/token (no auth)"; the route is this project's
   * `/api/v2/external-licence`. Errors: 404 `NOT_FOUND` for an unknown, used or expired code; 400
   * for an empty one.
   */
  token: defineCall({
    name: 'externalLicence.token',
    method: 'POST',
    path: '/api/v2/external-licence/token',
    body: externalLicenceTokenRequestSchema,
    response: externalLicenceTokenResponseSchema,
    auth: 'none',
  }),
};

/**
 * The `tvDevice` area (`calls.tvDevice`): the device PIN login of TV_LOGIN (this project's calls,
 * docs/api.md "Adobe Pass and TV").
 */
export const tvDeviceCalls = {
  /**
   * `POST /api/v2/device/pin {}` (the TV, no bearer; an omitted body is sent as `{}`): `{ pin,
   * anchor, expiresAt, pollIntervalSeconds? }`. This project's call (docs/api.md "Adobe
   * Pass and TV"). Errors: 429 when the device asks too often.
   */
  createPin: defineCall({
    name: 'tvDevice.createPin',
    method: 'POST',
    path: '/api/v2/device/pin',
    body: z.object({}),
    response: devicePinResponseSchema,
    auth: 'none',
  }),
  /**
   * `POST /api/v2/device/pin/poll { anchor }` (the TV, no bearer; the anchor never goes in a path):
   * `pending`, `confirmed` with the TV's tokens (once), or `expired`; later polls answer `expired`.
   * This project's call. Errors: 400 `BAD_REQUEST` for a malformed anchor; 404 `NOT_FOUND` for an
   * unknown one.
   */
  pollPin: defineCall({
    name: 'tvDevice.pollPin',
    method: 'POST',
    path: '/api/v2/device/pin/poll',
    body: pollDevicePinRequestSchema,
    response: devicePinStatusSchema,
    auth: 'none',
  }),
  /**
   * `POST /api/v2/device/pin/confirm { pin }` (the signed-in viewer's bearer): answers `{}`. The
   * viewer confirms the PIN a TV shows: the TV's next poll gets a session of the
   * viewer's account. Bearer required. This project's call. Errors: 401 without a session; 403
   * `FORBIDDEN` for a guest; 404 `NOT_FOUND` (`tvCodeInvalid`) for an unknown, expired or used PIN.
   */
  confirmPin: defineCall({
    name: 'tvDevice.confirmPin',
    method: 'POST',
    path: '/api/v2/device/pin/confirm',
    body: confirmDevicePinRequestSchema,
    response: z.looseObject({}),
    auth: 'required',
  }),
};
