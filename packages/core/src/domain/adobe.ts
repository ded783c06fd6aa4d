/**
 * TV-operator sign-in (Adobe Pass) rules: the TV provider entry of the realm, the picker's
 * featured and non-featured lists, the PROVIDERS route parameters, the Adobe authenticate
 * address, the TV-provider error choice, the local-storage items of the flow, the mandatory flag,
 * entitlement sync, the device PIN and the licence redirect page.
 * Implements identity-and-routes.md §2 "Providers page", "Licence redirect page", §3 "Auth
 * provider", "TV-provider", "Adobe registration", §4 "Adobe flows", "TV-provider sign-in", §6 "A
 * provider's mandatory flag forces Adobe sign-in", §8 "Adobe"; commerce-and-account-data.md §2,
 * §8 "Sign-in errors during TV-provider flow". Pure: no I/O, no clock reads; never throws.
 */
import { carriedFrom } from './access.js';
import { readField } from './errorLayers.js';
import { errorFacts } from './loginErrors.js';
import { safeReturnPath } from './redirects.js';
import { buildPath, DEFAULT_MENU_ROUTE, type RouteLocale } from './routes.js';

/** The TV-operator provider kinds of §3: Adobe Primetime and Adobe dynamic client registration. */
export const TV_PROVIDER_KINDS = ['ADOBE', 'ADOBE_DCR'] as const;
export type TvProviderKindName = (typeof TV_PROVIDER_KINDS)[number];

/** True when `value` is `ADOBE` or `ADOBE_DCR`. */
export function isTvProviderKind(value: unknown): value is TvProviderKindName {
  return typeof value === 'string' && (TV_PROVIDER_KINDS as readonly string[]).includes(value);
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** `value` when it is an absolute http(s) address, else null. */
function httpUrl(value: unknown): string | null {
  if (!isText(value)) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The TV provider entry (§3)
// ---------------------------------------------------------------------------------------------

/** One `allowedProviders` entry, normalised: an MVPD id and whether the picker lists it. */
export interface AllowedMvpd {
  name: string;
  /** False only when the entry says `display: false`. */
  display: boolean;
}

/** A realm's TV provider entry (§3 "Auth provider" fields of ADOBE and ADOBE_DCR), checked. */
export interface TvProviderSettings {
  kind: TvProviderKindName;
  requestorId: string;
  /** The entry's `resourceId`, else the requestor id (Adobe's default resource). */
  resourceId: string;
  /** The Adobe host (`baseUri`), an absolute http(s) address. */
  baseUri: string;
  /** Required for ADOBE_DCR (the dynamic client registration); null for ADOBE. */
  softwareStatement: string | null;
  /** The configured return address (`redirectUri`, http(s)), else null (the web app's PROVIDERS page). */
  redirectUri: string | null;
  /** Normalised `allowedProviders`; empty when absent (no restriction). */
  allowedProviders: AllowedMvpd[];
  /** The entry's `mandatory` flag (§6). */
  mandatory: boolean;
  displayName: string | null;
}

/** Normalises `allowedProviders`: entries without a name are dropped; `display` defaults to true. */
export function normaliseAllowedProviders(value: unknown): AllowedMvpd[] {
  if (!Array.isArray(value)) return [];
  const out: AllowedMvpd[] = [];
  for (const item of value) {
    const name = readField(item, 'name');
    if (isText(name)) out.push({ name: name.trim(), display: readField(item, 'display') !== false });
  }
  return out;
}

/**
 * The TV provider settings of a realm auth provider entry (§3), or null when the entry is not
 * ADOBE or ADOBE_DCR, has no `requestorId`, no http(s) `baseUri`, or (ADOBE_DCR) no
 * `softwareStatement`. Never throws.
 */
export function tvProviderSettings(entry: unknown): TvProviderSettings | null {
  const kind = readField(entry, 'name');
  const requestorId = readField(entry, 'requestorId');
  const baseUri = httpUrl(readField(entry, 'baseUri'));
  const statement = readField(entry, 'softwareStatement');
  if (!isTvProviderKind(kind) || !isText(requestorId) || baseUri === null) return null;
  if (kind === 'ADOBE_DCR' && !isText(statement)) return null;
  const resourceId = readField(entry, 'resourceId');
  const displayName = readField(entry, 'displayName');
  return {
    kind,
    requestorId: requestorId.trim(),
    resourceId: isText(resourceId) ? resourceId.trim() : requestorId.trim(),
    baseUri: baseUri.replace(/\/+$/, ''),
    softwareStatement: isText(statement) ? statement.trim() : null,
    redirectUri: httpUrl(readField(entry, 'redirectUri')),
    allowedProviders: normaliseAllowedProviders(readField(entry, 'allowedProviders')),
    mandatory: readField(entry, 'mandatory') === true,
    displayName: isText(displayName) ? displayName : null,
  };
}

/**
 * The realm's TV provider: the first usable entry of kind `preferred` (the PROVIDERS page's
 * `provider` query) when given and valid, else the first usable ADOBE or ADOBE_DCR entry; null
 * when there is none. Never throws.
 */
export function tvProviderEntry(providers: unknown, preferred?: unknown): TvProviderSettings | null {
  if (!Array.isArray(providers)) return null;
  const usable = providers.map(tvProviderSettings).filter((entry): entry is TvProviderSettings => entry !== null);
  return (isTvProviderKind(preferred) ? usable.find((entry) => entry.kind === preferred) : undefined) ?? usable[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// The picker's lists (§2 "featured and non-featured lists", §3 "split into featured and nonFeatured")
// ---------------------------------------------------------------------------------------------

/** A TV operator as the picker shows it. */
export interface MvpdEntry {
  id: string;
  displayName: string;
  logoUrl: string | null;
  featured: boolean;
}

/** The picker's two lists, each in the configuration's order. */
export interface MvpdLists {
  featured: MvpdEntry[];
  nonFeatured: MvpdEntry[];
}

/** The list of a configuration's `mvpds` or `channels`: an array, or Adobe's `{ mvpd: [...] }` wrapper. */
function unwrap(value: unknown, wrapper: string): unknown[] {
  if (Array.isArray(value)) return value;
  const inner = readField(value, wrapper);
  return Array.isArray(inner) ? inner : [];
}

/**
 * The MVPDs and channel ids of an Adobe requestor configuration (`{ requestor: { mvpds,
 * channels } }`, either list shape), in order; entries without an id are dropped, `displayName`
 * defaults to the id. Never throws.
 */
export function adobeConfigLists(config: unknown): { mvpds: MvpdEntry[]; channels: string[] } {
  const requestor = readField(config, 'requestor');
  const mvpds: MvpdEntry[] = [];
  for (const item of unwrap(readField(requestor, 'mvpds'), 'mvpd')) {
    const id = readField(item, 'id');
    if (!isText(id)) continue;
    const name = readField(item, 'displayName');
    const logo = readField(item, 'logoUrl');
    mvpds.push({ id, displayName: isText(name) ? name : id, logoUrl: isText(logo) ? logo : null, featured: readField(item, 'featured') === true });
  }
  const channels = unwrap(readField(requestor, 'channels'), 'channel')
    .map((item) => readField(item, 'id'))
    .filter(isText);
  return { mvpds, channels };
}

/**
 * Splits the MVPDs for the picker (§2, §3): duplicates by id keep the first; when
 * `allowedProviders` is not empty only the MVPDs it names with `display` true are listed (an
 * allowed entry with `display: false` is hidden; an empty list restricts nothing); `featured`
 * holds those flagged featured, `nonFeatured` the others, both in the configuration's order.
 * Every listed MVPD is in exactly one list. Never throws.
 */
export function splitMvpds(mvpds: readonly MvpdEntry[], allowedProviders: readonly AllowedMvpd[] = []): MvpdLists {
  const shown = new Set(allowedProviders.filter((entry) => entry.display).map((entry) => entry.name));
  const restricted = allowedProviders.length > 0;
  const seen = new Set<string>();
  const lists: MvpdLists = { featured: [], nonFeatured: [] };
  for (const mvpd of Array.isArray(mvpds) ? mvpds : []) {
    if (!mvpd || !isText(mvpd.id) || seen.has(mvpd.id)) continue;
    seen.add(mvpd.id);
    if (restricted && !shown.has(mvpd.id)) continue;
    (mvpd.featured === true ? lists.featured : lists.nonFeatured).push(mvpd);
  }
  return lists;
}

/** True when `mvpdId` is in one of the picker's lists. */
export function isListedMvpd(lists: MvpdLists, mvpdId: unknown): boolean {
  return typeof mvpdId === 'string' && [...lists.featured, ...lists.nonFeatured].some((mvpd) => mvpd.id === mvpdId);
}

// ---------------------------------------------------------------------------------------------
// The PROVIDERS route (§2: `/providers/:result?/:device?`, query `provider`)
// ---------------------------------------------------------------------------------------------

/** The `result` route param the provider sends the viewer back with (§2 "value success on return"). */
export const PROVIDERS_SUCCESS_RESULT = 'success';

/** A device id as the PROVIDERS route carries it: letters, digits, `.`, `_`, `-`, at most 100 characters. */
const DEVICE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** What the PROVIDERS page reads from its route and query. */
export interface ProvidersRoute {
  /** `success` when the viewer is back from the provider, else null (any other value counts as none). */
  result: typeof PROVIDERS_SUCCESS_RESULT | null;
  /** The `device` param when it is a valid device id, else null. */
  device: string | null;
  /** The query's `provider` when it is ADOBE or ADOBE_DCR, else null. */
  provider: TvProviderKindName | null;
  /** The query's `from` when it is a safe in-app path that is not a sign-in page, else null. */
  from: string | null;
}

/**
 * Reads the PROVIDERS page's parameters: `params` are the matched route params (`result`,
 * `device`), `search` the query (with or without `?`). Never throws.
 */
export function readProvidersRoute(params: Readonly<Record<string, string | undefined>> | null | undefined, search: string): ProvidersRoute {
  const result = readField(params, 'result');
  const device = readField(params, 'device');
  const query = new URLSearchParams(typeof search === 'string' ? search.replace(/^\?/, '') : '');
  const provider = query.get('provider');
  return {
    result: result === PROVIDERS_SUCCESS_RESULT ? PROVIDERS_SUCCESS_RESULT : null,
    device: typeof device === 'string' && DEVICE_ID.test(device) ? device : null,
    provider: isTvProviderKind(provider) ? provider : null,
    from: carriedFrom(query.get('from')),
  };
}

/**
 * The PROVIDERS path for `route` (the inverse of {@link readProvidersRoute}): `/providers`,
 * `/providers/success`, `/providers/success/{device}`, with `provider` and `from` in the query
 * when set. A `device` without `result` is dropped (the route cannot carry it); invalid values
 * are left out. Never throws.
 */
export function providersPath(route: Partial<ProvidersRoute>, locale: RouteLocale = 'en'): string {
  const result = route?.result === PROVIDERS_SUCCESS_RESULT ? PROVIDERS_SUCCESS_RESULT : undefined;
  const device = result && typeof route.device === 'string' && DEVICE_ID.test(route.device) ? route.device : undefined;
  const path = buildPath('PROVIDERS', { result, device }, locale);
  const query = new URLSearchParams();
  if (isTvProviderKind(route?.provider)) query.set('provider', route.provider);
  const from = carriedFrom(route?.from);
  if (from) query.set('from', from);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The address the TV operator sends the viewer back to: the entry's configured `redirectUri`
 * when set, else `origin` plus the PROVIDERS path with `result=success` (and the device), query
 * `provider`. Null when `origin` is not http(s). Never throws.
 */
export function tvProviderReturnUrl(
  origin: string,
  facts: { provider: TvProviderKindName; device?: string | null; configured?: string | null },
  locale: RouteLocale = 'en',
): string | null {
  const configured = httpUrl(facts?.configured);
  if (configured) return configured;
  const base = httpUrl(origin);
  if (!base) return null;
  const path = providersPath({ result: PROVIDERS_SUCCESS_RESULT, device: facts.device ?? null, provider: facts.provider }, locale);
  return `${new URL(base).origin}${path}`;
}

/**
 * Adobe's authenticate address for the picked operator (Adobe Pass REST API v1 `GET
 * {baseUri}/api/v1/authenticate`): `reg_code`, `requestor_id`, `mso_id`, `redirect_url`,
 * `domain_name` (the return address's host), `noflash=true`, `no_iframe=true`. Never carries a
 * token. Null when `baseUri` or `redirectUrl` is not http(s) or a value is empty. Never throws.
 */
export function adobeAuthenticateUrl(facts: { baseUri: string; requestorId: string; regcode: string; mvpdId: string; redirectUrl: string }): string | null {
  const base = httpUrl(facts?.baseUri);
  const back = httpUrl(facts?.redirectUrl);
  if (!base || !back || !isText(facts.requestorId) || !isText(facts.regcode) || !isText(facts.mvpdId)) return null;
  const url = new URL(`${base.replace(/\/+$/, '')}/api/v1/authenticate`);
  url.searchParams.set('reg_code', facts.regcode);
  url.searchParams.set('requestor_id', facts.requestorId);
  url.searchParams.set('mso_id', facts.mvpdId);
  url.searchParams.set('redirect_url', back);
  url.searchParams.set('domain_name', new URL(back).hostname);
  url.searchParams.set('noflash', 'true');
  url.searchParams.set('no_iframe', 'true');
  return url.toString();
}

// ---------------------------------------------------------------------------------------------
// Errors (§8 "Adobe")
// ---------------------------------------------------------------------------------------------

/** The generic TV-provider error key (§8 "otherwise … generic"). */
export const TV_PROVIDER_GENERIC_ERROR_KEY = 'anErrorOccured';

/** The message shown on the picker of the second attempt (§2 "shows a retry message on a second attempt"). */
export const TV_PROVIDER_RETRY_KEY = 'tvProviderRetry';

/** Error code → message key of a failed TV-operator sign-in (§8 "a mapped message by error code"). */
export const TV_PROVIDER_ERROR_CODE_KEYS: Readonly<Record<string, string>> = {
  UNAUTHORIZED: 'tvProviderNotAuthenticated',
  FORBIDDEN: 'tvProviderNotEntitled',
  CONFLICT: 'tvProviderAccountLinked',
  NOT_FOUND: 'tvProviderNotFound',
  TV_PROVIDER_CONFIG: 'providerNotAvailable',
  NETWORK: 'networkError',
  TIMEOUT: 'networkError',
};

/** HTTP statuses of the TV sign-in that restart the picker on a first attempt (§4, §8). */
export const TV_PROVIDER_RESTART_STATUSES: readonly number[] = [400, 412];

/** What the failure screen shows: the message key, and the request id and first server message for support. */
export interface TvProviderError {
  key: string;
  status: number | null;
  code: string | null;
  requestId: string | null;
  firstMessage: string | null;
}

/** The `requestId` of an error-like value (itself, its `data` or `body`), else null. */
function requestIdOf(error: unknown): string | null {
  for (const layer of [error, readField(error, 'data'), readField(error, 'body')]) {
    const id = readField(layer, 'requestId');
    if (isText(id)) return id;
  }
  return null;
}

/**
 * The TV-provider error to show (§8): the key of {@link TV_PROVIDER_ERROR_CODE_KEYS} for the
 * error's code (from the status when it has none), else {@link TV_PROVIDER_GENERIC_ERROR_KEY};
 * with the error's `requestId` and first server message (shown as is, for support). Never throws.
 */
export function tvProviderError(error: unknown): TvProviderError {
  const facts = errorFacts(error);
  const code = facts.code ?? null;
  const mapped = code !== null && Object.prototype.hasOwnProperty.call(TV_PROVIDER_ERROR_CODE_KEYS, code) ? TV_PROVIDER_ERROR_CODE_KEYS[code] : undefined;
  return {
    key: mapped ?? TV_PROVIDER_GENERIC_ERROR_KEY,
    status: facts.status ?? null,
    code,
    requestId: requestIdOf(error),
    firstMessage: facts.messages[0] ?? null,
  };
}

/** The error of a TV provider entry or configuration that cannot be used (code `TV_PROVIDER_CONFIG`). */
export function tvProviderConfigError(): TvProviderError {
  return { key: TV_PROVIDER_ERROR_CODE_KEYS.TV_PROVIDER_CONFIG!, status: null, code: 'TV_PROVIDER_CONFIG', requestId: null, firstMessage: null };
}

/** What to do after a failed TV sign-in exchange. */
export type TvProviderFailure = { action: 'restart' } | { action: 'show'; error: TvProviderError };

/**
 * The TV sign-in failure rule (§4 "TV-provider sign-in", §8): status 400 or 412 on the first
 * attempt (`secondIntent` false) restarts the picker; anything else, or any failure of the
 * second attempt, shows {@link tvProviderError}. Never throws.
 */
export function tvProviderFailure(error: unknown, facts: { secondIntent: boolean }): TvProviderFailure {
  const { status } = errorFacts(error);
  if (facts?.secondIntent !== true && status !== undefined && TV_PROVIDER_RESTART_STATUSES.includes(status)) return { action: 'restart' };
  return { action: 'show', error: tvProviderError(error) };
}

/** The regcode retry rule (§4 "Adobe flows", §8): a 400 from the regcode call, when not retried yet. */
export function regcodeRetryAllowed(error: unknown, retried: boolean): boolean {
  return retried !== true && errorFacts(error).status === 400;
}

// ---------------------------------------------------------------------------------------------
// Local storage of the flow (§3 "client id and secret stored per realm", §4 "Local storage items
// are cleared on leaving")
// ---------------------------------------------------------------------------------------------

/**
 * The local-storage items of the TV-provider sign-in: the picked provider's ids (`pending`) and
 * the second-intent flag. They survive the round trip to the operator and are removed when the
 * flow is left, whatever its outcome ({@link TV_PROVIDER_FLOW_KEYS}).
 */
export const TV_PROVIDER_STORAGE_KEYS = {
  pending: 'stream.tvProvider.pending',
  secondIntent: 'stream.tvProvider.secondIntent',
} as const;

/**
 * What "cleared on leaving" removes: every item of {@link TV_PROVIDER_STORAGE_KEYS}. The flow is
 * left when it signs in, shows its final error, the viewer continues with a linked account, or
 * the viewer goes elsewhere in the app; going to the operator and back is not leaving. The
 * realm's DCR client ({@link adobeClientStorageKey}) is not part of the flow and stays.
 */
export const TV_PROVIDER_FLOW_KEYS: readonly string[] = Object.values(TV_PROVIDER_STORAGE_KEYS);

/** The local-storage key of the realm's DCR client `{ clientId, clientSecret }` (§3 "stored per realm"). */
export function adobeClientStorageKey(realm: string): string {
  return `stream.adobe.client.${realm}`;
}

/** The realm's stored DCR client. */
export interface AdobeClient {
  clientId: string;
  clientSecret: string;
}

/** Reads a stored DCR client (JSON text); null when absent or malformed. Never throws. */
export function parseAdobeClient(raw: string | null | undefined): AdobeClient | null {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
  const clientId = readField(value, 'clientId');
  const clientSecret = readField(value, 'clientSecret');
  return isText(clientId) && isText(clientSecret) ? { clientId, clientSecret } : null;
}

/** How long a picked provider waits for the viewer to come back: 30 minutes, an Adobe regcode's life. */
export const TV_PROVIDER_PENDING_TTL_MS = 30 * 60 * 1000;

/** What the flow stores when the viewer picks an operator (the ids of §4), for the exchange on return. */
export interface TvProviderPending {
  kind: TvProviderKindName;
  requestorId: string;
  resourceId: string;
  baseUri: string;
  mvpdId: string;
  /** The regcode the operator sign-in was started with (reused by a second attempt). */
  regcode: string;
  /** ADOBE_DCR: the regcode's access token, exchanged at `/v3/adobe/token`. */
  accessToken?: string;
  /** Where to go once signed in (a safe in-app path), when the flow started with one. */
  from?: string;
  /** The PROVIDERS route's `device`, carried through the round trip. */
  device?: string;
  createdAt: number;
}

/**
 * Reads the stored pending sign-in (JSON text): null when absent, malformed, of another kind,
 * or not within {@link TV_PROVIDER_PENDING_TTL_MS} of `now`. An unsafe `from` is dropped. Never throws.
 */
export function parseTvProviderPending(raw: string | null | undefined, now: number): TvProviderPending | null {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
  const kind = readField(value, 'kind');
  const createdAt = readField(value, 'createdAt');
  const text = (name: string) => {
    const field = readField(value, name);
    return isText(field) ? field : null;
  };
  const [requestorId, resourceId, mvpdId, regcode] = [text('requestorId'), text('resourceId'), text('mvpdId'), text('regcode')];
  const baseUri = httpUrl(readField(value, 'baseUri'));
  if (!isTvProviderKind(kind) || typeof createdAt !== 'number' || !requestorId || !resourceId || !mvpdId || !regcode || !baseUri) return null;
  if (!(now - createdAt >= 0 && now - createdAt < TV_PROVIDER_PENDING_TTL_MS)) return null;
  const accessToken = text('accessToken');
  if (kind === 'ADOBE_DCR' && !accessToken) return null;
  const pending: TvProviderPending = { kind, requestorId, resourceId, baseUri: baseUri.replace(/\/+$/, ''), mvpdId, regcode, createdAt };
  if (accessToken) pending.accessToken = accessToken;
  const from = carriedFrom(readField(value, 'from'));
  if (from) pending.from = from;
  const device = text('device');
  if (device && DEVICE_ID.test(device)) pending.device = device;
  return pending;
}

/** True when the stored second-intent flag is set (`'true'`). */
export function isSecondIntent(raw: string | null | undefined): boolean {
  return raw === 'true';
}

// ---------------------------------------------------------------------------------------------
// The mandatory flag and linked accounts (§4, §6)
// ---------------------------------------------------------------------------------------------

/** True when a login answer's `linkedAccounts` lists ADOBE or ADOBE_DCR. Never throws. */
export function hasLinkedTvProvider(linkedAccounts: unknown): boolean {
  return Array.isArray(linkedAccounts) && linkedAccounts.some((account) => isTvProviderKind(readField(account, 'provider')));
}

/** What a sign-in still needs from Adobe (§4, §6). */
export type AdobeSignInRequirement =
  | { kind: 'none' }
  /** A linked Adobe account was found at login: continue; the providers page offers unlink. */
  | { kind: 'linked'; unlinkAllowed: true }
  /** The realm forces Adobe sign-in and the account has no linked Adobe account: go through `provider`. */
  | { kind: 'required'; provider: TvProviderKindName };

/**
 * Whether Adobe sign-in is forced (§6 "A provider's mandatory flag forces Adobe sign-in", §4 "A
 * linked Adobe account found at login lets the user continue with unlink allowed"):
 * `linkedAccounts` (the login answer's) lists ADOBE or ADOBE_DCR → `linked`; else some entry of
 * `providers` has `mandatory: true` and the realm has a usable TV provider entry → `required`
 * with that entry's kind; else `none`. Never throws.
 */
export function adobeSignInRequirement(providers: unknown, linkedAccounts?: unknown): AdobeSignInRequirement {
  if (hasLinkedTvProvider(linkedAccounts)) return { kind: 'linked', unlinkAllowed: true };
  const mandatory = Array.isArray(providers) && providers.some((entry) => readField(entry, 'mandatory') === true);
  const tv = tvProviderEntry(providers);
  return mandatory && tv ? { kind: 'required', provider: tv.kind } : { kind: 'none' };
}

/**
 * The entitlement-sync decision (§7 "POST /api/v1/entitlement-sync"): after a sign-in through
 * ADOBE or ADOBE_DCR that answered a refresh token, the platform is asked to grant the
 * operator's licences; never after other sign-ins. Never throws.
 */
export function shouldSyncEntitlements(facts: { provider: unknown; refreshToken: unknown }): boolean {
  return isTvProviderKind(facts?.provider) && isText(facts.refreshToken);
}

// ---------------------------------------------------------------------------------------------
// Device PIN (TV_LOGIN)
// ---------------------------------------------------------------------------------------------

/** A device PIN: 4 to 12 upper-case letters and digits (the contract's `devicePinSchema`). */
const DEVICE_PIN = /^[A-Z0-9]{4,12}$/;

/** The PIN as typed, normalised: upper case, white space and hyphens removed. Never throws. */
export function normaliseDevicePin(input: unknown): string {
  return typeof input === 'string' ? input.replace(/[\s-]+/g, '').toUpperCase() : '';
}

/** True when `input`, normalised, is a well-formed device PIN. */
export function isDevicePin(input: unknown): boolean {
  return DEVICE_PIN.test(normaliseDevicePin(input));
}

/** Message keys of the TV_LOGIN page. */
export const TV_CODE_KEYS = {
  /** The typed code is empty or not 4–12 letters and digits. */
  malformed: 'tvCodeMalformed',
  /** The platform does not know the code (unknown, expired or used): 404. */
  invalid: 'tvCodeInvalid',
  /** The session cannot confirm a code (401, 403: a guest). */
  signInRequired: 'tvCodeSignInRequired',
} as const;

/** The message key of a failed PIN confirmation: 404 → invalid, 401/403 → sign in, no answer → `networkError`, else generic. */
export function tvCodeErrorKey(error: unknown): string {
  const { status, code } = errorFacts(error);
  if (status === 404 || code === 'NOT_FOUND') return TV_CODE_KEYS.invalid;
  if (status === 401 || status === 403) return TV_CODE_KEYS.signInRequired;
  if (code === 'NETWORK' || code === 'TIMEOUT') return 'networkError';
  return TV_PROVIDER_GENERIC_ERROR_KEY;
}

// ---------------------------------------------------------------------------------------------
// Licence redirect page (commerce-and-account-data.md §2)
// ---------------------------------------------------------------------------------------------

/** The LICENCE_REDIRECT page's query: `code` and `extraParams` (each null when absent or empty). */
export function readLicenceRedirect(search: string): { code: string | null; extraParams: string | null } {
  const query = new URLSearchParams(typeof search === 'string' ? search.replace(/^\?/, '') : '');
  const code = query.get('code');
  const extraParams = query.get('extraParams');
  return { code: isText(code) ? code : null, extraParams: isText(extraParams) ? extraParams : null };
}

/**
 * Where the LICENCE_REDIRECT page goes (commerce-and-account-data.md §2): the token answer's
 * `redirectTo`, else `redirectTo` or `from` of `extraParams` (a `name=value&…` string), each only
 * when it is a safe in-app path (core's `safeReturnPath`: an absolute or protocol-relative address,
 * a backslash or an encoded `//` is refused) that is not a sign-in page (login, signup, logout);
 * else `defaultPath` (when safe) or the default menu page. Always an in-app path. Never throws.
 */
export function licenceRedirectTarget(facts: { answerRedirect?: unknown; extraParams?: string | null; defaultPath?: string; locale?: RouteLocale }): string {
  const extra = new URLSearchParams(typeof facts?.extraParams === 'string' ? facts.extraParams : '');
  return (
    carriedFrom(facts?.answerRedirect) ??
    carriedFrom(extra.get('redirectTo')) ??
    carriedFrom(extra.get('from')) ??
    safeReturnPath(facts?.defaultPath) ??
    buildPath(DEFAULT_MENU_ROUTE, undefined, facts?.locale ?? 'en')
  );
}
