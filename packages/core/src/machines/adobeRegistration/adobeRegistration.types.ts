import type { AdobeHost } from '../../api/adobe.js';
import type { ApiClient } from '../../api/types.js';
import type { AdobeClient, MvpdLists, TvProviderError, TvProviderKindName, TvProviderSettings } from '../../domain/adobe.js';
import type { RouteLocale } from '../../domain/routes.js';
import type { KeyValueStorage } from '../../platform/types.js';
import type { SessionReceiver } from '../session/session.signIn.js';

/** Makes the Adobe host client of a TV provider's `baseUri`. @default `createAdobeHost({ baseUrl })` */
export type AdobeHostFactory = (baseUrl: string) => AdobeHost;

/**
 * What the providers page needs from a registration (§4 "go to the providers page with provider
 * data"): the provider's ids, the regcode (and the DCR access token) the operator sign-in starts
 * with, and the picker's lists.
 */
export interface AdobeProviderData {
  kind: TvProviderKindName;
  requestorId: string;
  resourceId: string;
  baseUri: string;
  regcode: string;
  /** ADOBE_DCR: the regcode's access token; null for ADOBE. Never shown, never put in a URL. */
  accessToken: string | null;
  lists: MvpdLists;
  channels: string[];
}

/** Input of the `adobeRegistration` machine. */
export interface AdobeRegistrationInput {
  /** Platform client: `api.auth.login` (sign in first), `api.adobe.regcode` / `api.adobe.regcodeV3`. */
  api: ApiClient;
  /** The realm: the DCR client is stored per realm (`adobeClientStorageKey(realm)`). */
  realm: string;
  /** Where the realm's DCR client is kept: localStorage. */
  storage: KeyValueStorage;
  /** The realm's TV provider entry (the domain's `tvProviderEntry`). */
  provider: TvProviderSettings;
  /** §4 "optionally log in first": the viewer's email and password; the flow signs in with them before Adobe. */
  credentials?: { id: string; secret: string };
  /** The `linkedAccounts` of a sign-in that happened just before; an Adobe link skips the registration. */
  linkedAccounts?: readonly { provider: string }[];
  /** Receives `session.signedIn { tokens }` after the sign-in first (no target: the registration goes on). */
  session?: SessionReceiver;
  /** The Adobe host client. @default `createAdobeHost({ baseUrl })` */
  adobeHost?: AdobeHostFactory;
  /** The `from` to carry to the providers page (a safe in-app path), when the flow started with one. */
  from?: string | null;
  /** Route locale of the providers path. @default 'en' */
  locale?: RouteLocale;
}

/** How a registration ended: provider data for the picker, a linked account (continue, unlink allowed), or an error. */
export type AdobeRegistrationOutput =
  | { status: 'ready'; data: AdobeProviderData }
  | { status: 'linked'; unlinkAllowed: true }
  | { status: 'failed'; error: TvProviderError };

/** Context of the `adobeRegistration` machine. */
export interface AdobeRegistrationContext {
  /** The realm's stored DCR client, or null (none stored, or cleared before the retry). */
  client: AdobeClient | null;
  /** True once the regcode call was retried after a 400 (it is retried at most once). */
  retried: boolean;
  /** The regcode answer, once there is one. */
  regcode: { code: string; accessToken: string | null } | null;
  /** The provider data, once ready. */
  data: AdobeProviderData | null;
  /** True when a linked Adobe account was found at login. */
  linked: boolean;
  error: TvProviderError | null;
  /** Internal: the input. Not for views. */
  env: AdobeRegistrationInput;
}

/** The machine acts on no event: it runs to one of its final states (any event is ignored). */
export type AdobeRegistrationEvent = { type: string };

/** Input of the `login` actor. */
export interface AdobeLoginActorInput {
  api: ApiClient;
  credentials: { id: string; secret: string };
}

/** Input of the `registerClient` actor (`POST {baseUri}/o/client/register`). */
export interface RegisterClientActorInput {
  host: AdobeHost;
  softwareStatement: string;
}

/** Input of the `requestRegcode` actor. */
export interface RegcodeActorInput {
  api: ApiClient;
  kind: TvProviderKindName;
  requestorId: string;
  /** The DCR client (ADOBE_DCR); null for ADOBE. */
  client: AdobeClient | null;
}

/** Input of the `loadConfig` actor (`GET {baseUri}/api/v1/config/{requestorId}`). */
export interface LoadConfigActorInput {
  host: AdobeHost;
  requestorId: string;
}

