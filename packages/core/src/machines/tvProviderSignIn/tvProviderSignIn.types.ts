import type { ApiClient } from '../../api/types.js';
import type { ProvidersRoute, TvProviderError, TvProviderPending, TvProviderSettings } from '../../domain/adobe.js';
import type { RouteLocale } from '../../domain/routes.js';
import type { KeyValueStorage, Navigation } from '../../platform/types.js';
import type { AdobeHostFactory, AdobeProviderData } from '../adobeRegistration/adobeRegistration.types.js';
import type { SessionReceiver, SignInOutput } from '../session/session.signIn.js';

/** Input of the `tvProviderSignIn` machine (the PROVIDERS page). */
export interface TvProviderSignInInput {
  /** Platform client: `api.adobe.*` (regcode, sign-in exchange, entitlement sync) and `api.social.unlink`. */
  api: ApiClient;
  /**
   * Receives `session.signedIn { tokens }` after the exchange, then `session.afterSignIn` once
   * signed in or continued (the session goes to the stored from-path or the default page).
   */
  session: SessionReceiver;
  /** The realm (its DCR client is stored per realm). */
  realm: string;
  /** Where the flow's items survive the round trip to the operator: localStorage. */
  storage: KeyValueStorage;
  /** Leaves the app for Adobe's authenticate address (`assign`). */
  navigation: Navigation;
  /** The realm's TV provider (`tvProviderEntry(settings.authProviders, route.provider)`); null fails with `providerNotAvailable`. */
  provider: TvProviderSettings | null;
  /** The page's route and query (`readProvidersRoute(params, search)`). */
  route: ProvidersRoute;
  /** The web app's origin (`http://web.test`), for the return address `/providers/success`. */
  origin: string;
  /** Milliseconds since the epoch; a stored pick older than 30 minutes counts as none. */
  now: () => number;
  /** Provider data handed over by a page that ran `adobeRegistration`: skips the registration. */
  providerData?: AdobeProviderData | null;
  /** The `linkedAccounts` of a sign-in just before: an Adobe link shows continue and unlink. */
  linkedAccounts?: readonly { provider: string }[];
  /** The Adobe host client. @default `createAdobeHost({ baseUrl })` */
  adobeHost?: AdobeHostFactory;
  /** Route set of the return address and of the default menu page (the error's button). @default 'en' */
  locale?: RouteLocale;
}

/** Context of the `tvProviderSignIn` machine. */
export interface TvProviderSignInContext {
  /** The provider data the picker shows, once known. */
  data: AdobeProviderData | null;
  /** The pick stored before leaving for the operator, read back on return (null when none or expired). */
  pending: TvProviderPending | null;
  /** The second-intent flag (§4): set when a first attempt's 400 or 412 restarted the picker. */
  secondIntent: boolean;
  /** How many times this page showed the picker. */
  pickerShown: number;
  /** Where to go once signed in (a safe in-app path), carried through the round trip. */
  from: string | null;
  /** The route's device, carried through the round trip. */
  device: string | null;
  /** Adobe's authenticate address once the viewer picked an operator, else null. */
  leaveTo: string | null;
  /** What the sign-in produced once signed in (the machine's output), else null. Not for views. */
  signedIn: SignInOutput | null;
  /** The error shown once failed, else null. */
  error: TvProviderError | null;
  /** Message key of a failed unlink (`anErrorOccured`), else null. */
  unlinkError: string | null;
  /** True once the viewer unlinked the Adobe account on this page (the registration then ignores the sign-in's links). */
  unlinked: boolean;
  /** Entitlement sync after the sign-in: `synced`, `failed` (the sign-in still stands) or `skipped`; null before. */
  entitlements: 'synced' | 'failed' | 'skipped' | null;
  /** Internal: the input. Not for views. */
  env: TvProviderSignInInput;
}

/**
 * Events: `pick { mvpdId }` (an operator of the lists), `continue` (a linked account: go on),
 * `unlink` (a linked account: unlink it and pick an operator), `leave` (the viewer goes elsewhere
 * in the app: the flow's items are cleared).
 */
export type TvProviderSignInEvent = { type: 'pick'; mvpdId: string } | { type: 'continue' } | { type: 'unlink' } | { type: 'leave' };

/** Input of the `exchangeTokens` actor: the stored pick and, for ADOBE_DCR, the realm's client. */
export interface TvExchangeActorInput {
  api: ApiClient;
  pending: TvProviderPending;
  client: { clientId: string; clientSecret: string } | null;
}
