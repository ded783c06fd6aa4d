import { and, assign, fromPromise, not, setup } from 'xstate';
import type { ExternalOAuthAuthUri, LoginResponse, OpenIdAuthUri } from '../../contracts/index.js';
import { errorFacts } from '../../domain/loginErrors.js';
import { appDeepLinkUrl } from '../../domain/providers.js';
import type { KeyValueStorage } from '../../platform/types.js';
import { handOverToSession, type SignInOutput } from '../session/session.signIn.js';
import type {
  ExternalSignInKind,
  OidcAuthUriActorInput,
  OidcExchangeActorInput,
  OidcExchangeRegistry,
  OidcFailure,
  OidcPending,
  OidcSignInContext,
  OidcSignInEvent,
  OidcSignInInput,
} from './oidcSignIn.types.js';

/** The message key of a failed OpenID Connect sign-in when the server sent no known message (§8). */
export const SSO_ERROR_KEY = 'ssoSignInFailed';
/** The message key of a return whose `state` is not the one this tab stored (used, expired or forged). */
export const SSO_STATE_MISMATCH_KEY = 'ssoStateMismatch';
/** How long a pending sign-in waits for the provider's answer: 10 minutes, as the platform keeps its state. */
export const OIDC_PENDING_TTL_MS = 10 * 60 * 1000;
/** The query param that says the sign-in params are back on the query and the code may be exchanged (§4). */
export const PAGE_READY_PARAM = 'PAGE_READY';

/** The query param of a mobile app that exchanges the code itself (§4 "the mobile app skips exchange"). */
export const SKIP_EXCHANGE_PARAM = 'skipExchange';

/**
 * The storage key of the pending sign-in of `clientName`: `stream.oidc.{client}` for OpenID
 * Connect, `stream.oauth.{provider}` for the generic external OAuth kind.
 */
export const oidcPendingKey = (clientName: string, kind: ExternalSignInKind = 'openid') =>
  `${kind === 'oauth' ? 'stream.oauth' : 'stream.oidc'}.${clientName}`;

/** A registry that keeps each exchange's promise for the life of the registry. */
export function createExchangeRegistry(): OidcExchangeRegistry {
  const runs = new Map<string, Promise<LoginResponse>>();
  return {
    run(key, exchange) {
      let run = runs.get(key);
      if (!run) {
        run = Promise.resolve().then(exchange);
        runs.set(key, run);
      }
      return run;
    },
  };
}

/** The page-wide registry the machine uses unless its input names one. */
const pageExchanges = createExchangeRegistry();

/** Authorisation-URI requests in flight, by kind, client, flow, redirect URI and extra params. */
const authUriRequests = new Map<string, Promise<OpenIdAuthUri | ExternalOAuthAuthUri>>();

/** Raised by the exchange when the stored sign-in no longer holds the code (already claimed). */
export class OidcStateError extends Error {
  override readonly name = 'OidcStateError';
}

const isString = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * Reads the pending sign-in of `clientName` (of `kind`, default `openid`) from `storage`: null
 * when absent, malformed or older than {@link OIDC_PENDING_TTL_MS} at `now`. Never throws.
 */
export function readOidcPending(storage: KeyValueStorage, clientName: string, now: number, kind: ExternalSignInKind = 'openid'): OidcPending | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(oidcPendingKey(clientName, kind)) ?? 'null');
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  if (!isString(raw.state) || typeof raw.createdAt !== 'number') return null;
  if (!(now - raw.createdAt >= 0 && now - raw.createdAt < OIDC_PENDING_TTL_MS)) return null;
  const pending: OidcPending = { state: raw.state, createdAt: raw.createdAt };
  for (const name of ['entryPage', 'from', 'type', 'redirectTo', 'bundleId', 'extraParams', 'code'] as const) {
    if (isString(raw[name])) pending[name] = raw[name];
  }
  if (Array.isArray(raw.licences)) pending.licences = raw.licences.filter(isString);
  if (raw.skipExchange === true) pending.skipExchange = true;
  if (raw.ready === true) pending.ready = true;
  if (raw.handedToApp === true) pending.handedToApp = true;
  return pending;
}

/**
 * The sign-in params of a query (§2 "Query params read"), as stored in a pending sign-in; the
 * OAUTH_APP route's `appName` stands for the app when the query names no `bundle_id`.
 */
function paramsOfQuery(query: URLSearchParams, appName?: string): Omit<OidcPending, 'state' | 'createdAt'> {
  const params: Omit<OidcPending, 'state' | 'createdAt'> = {};
  for (const [name, key] of [
    ['entryPage', 'entryPage'],
    ['from', 'from'],
    ['type', 'type'],
    ['redirectTo', 'redirectTo'],
    ['bundle_id', 'bundleId'],
    ['extraParams', 'extraParams'],
  ] as const) {
    const value = query.get(name);
    if (isString(value)) params[key] = value;
  }
  if (!params.bundleId && isString(appName)) params.bundleId = appName;
  if (query.get(SKIP_EXCHANGE_PARAM) === 'true') params.skipExchange = true;
  const licences = query.getAll('licences').filter(isString);
  if (licences.length > 0) params.licences = licences;
  return params;
}

/** The sign-in params of a pending sign-in, without its state, time and code. */
function paramsOfPending(pending: OidcPending): Omit<OidcPending, 'state' | 'createdAt'> {
  const { state: _state, createdAt: _createdAt, code: _code, ready: _ready, handedToApp: _handed, ...params } = pending;
  return params;
}

/** The sign-in params of the page that started the sign-in (entry page, from, type, redirectTo, licences), as a query. */
function signInQuery(pending: OidcPending): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of ['entryPage', 'from', 'type', 'redirectTo'] as const) if (pending[name]) query.set(name, pending[name]);
  for (const licence of pending.licences ?? []) query.append('licences', licence);
  return query;
}

/** The query the page gets back after the round trip: the stored sign-in params plus `PAGE_READY=true`. */
function restoredQuery(pending: OidcPending): URLSearchParams {
  const query = signInQuery(pending);
  query.set(PAGE_READY_PARAM, 'true');
  return query;
}

/** The first server message when it is a known key, else {@link SSO_ERROR_KEY} (§8 "OIDC … failures"). */
export function oidcFailureMessage(error: unknown, isKnownKey: (key: string) => boolean): string {
  const first = errorFacts(error).messages[0];
  let known = false;
  try {
    known = first !== undefined && isKnownKey(first) === true;
  } catch {
    known = false;
  }
  return known && first !== undefined ? first : SSO_ERROR_KEY;
}

const query = (context: OidcSignInContext) => context.query;
const neverKnown = () => false;

/**
 * External sign-in by authorisation code: OpenID Connect through a realm client on the page
 * `/login/openid/{clientName}` (input `kind: 'openid'`, the default, `api.openid`), or the generic
 * external OAuth provider on the OAUTH page `/oauth/{provider}` (`kind: 'oauth'`,
 * `api.externalOAuth`, the page's `extraParams` passed on to the provider; the OAUTH_APP route's
 * `appName` stands for a `bundle_id`). Implements identity-and-routes.md §4 "Generic external
 * OAuth or OpenID", §7 `/openid/{client}` and `{ext-oauth-route}` calls and §8 "OIDC and external
 * sign-in … failures"; beyond the spec, the `state` check and the clean address bar.
 *
 * - `start` decides from the query and the tab's pending sign-in (`storage`):
 *   `error` on the query (the provider refused) → `failed` (`ssoSignInFailed`);
 *   `code` without `PAGE_READY` and a pending sign-in whose `state` equals the query's `state`:
 *   with a mobile `bundle_id` → `handingToApp` (no exchange: the browser goes to the known app
 *   deep link with the code, the state, the provider, `extraParams` and the sign-in params), else
 *   with `skipExchange=true` stored → `exchangeSkipped` (the app reads the code from the address
 *   itself; no exchange, the address is left as is), else with an unknown app → `failed`, else
 *   → `restoring` (the code joins the pending sign-in, `cleanUrl` = the stored entry page, from,
 *   type, licences and redirectTo plus `PAGE_READY=true`); a `code` whose `state` does not match
 *   (replayed, expired, forged) → `failed` (`ssoStateMismatch`, no exchange);
 *   `PAGE_READY=true` with a ready pending sign-in → `exchanging`; with none → `failed`
 *   (`ssoStateMismatch`); no code → `requestingUri`.
 * - `requestingUri`: actor `requestAuthUri` = `api.openid.authUri` (or `api.externalOAuth.authUri`)
 *   (`SIGNUP` when `type=signup`). The URI must carry a `state`: it is stored with the sign-in
 *   params (`savePending`) and the browser leaves (`navigation.assign`, state `leaving`).
 * - `restoring`: waits for the view to put `cleanUrl` in the address bar (`url.replaced`).
 * - `exchanging`: actor `exchangeCode` claims the pending sign-in (removes it from storage) and
 *   calls `api.openid.token({ params: { client }, body: { authorisationCode: code, state } })` once per code for the whole page (the
 *   registry answers a repeated run with the first run's promise) → `signedIn` (final, output
 *   `{ tokens, oauthProvider? }`; handed to the session with `oauthProvider` for kind `oauth` so
 *   that its logout ends the session at the provider, and with the restored sign-in params as the
 *   query of the §2 target, where the session takes the viewer) or `failed` (the first server
 *   message when known, else `ssoSignInFailed`).
 * - `failed`: `retry` asks for a new authorisation URI.
 */
export const oidcSignInMachine = setup({
  types: {} as { context: OidcSignInContext; events: OidcSignInEvent; input: OidcSignInInput; output: SignInOutput | null },
  actors: {
    /**
     * `api.openid.authUri({ params: { client }, query: { authoriseUriFlow, redirectUri? } })` (kind
     * `openid`) or `api.externalOAuth.authUri({ params: { provider }, query: { redirectUri?,
     * extraParams? } })` (kind `oauth`) → `{ authorisationUri }`; an option without a value is not sent.
     */
    requestAuthUri: fromPromise<OpenIdAuthUri | ExternalOAuthAuthUri, OidcAuthUriActorInput>(({ input }) => {
      // A repeated effect (React's double mount restarts the actor) shares the request in flight:
      // two requests would store one state and leave with the other.
      const key = [input.kind, input.clientName, input.flow, input.redirectUri ?? '', input.extraParams ?? ''].join('\n');
      let request = authUriRequests.get(key);
      if (!request) {
        const redirect = input.redirectUri ? { redirectUri: input.redirectUri } : {};
        request =
          input.kind === 'oauth'
            ? input.api.externalOAuth.authUri({
                params: { provider: input.clientName },
                query: { ...redirect, ...(input.extraParams ? { extraParams: input.extraParams } : {}) },
              })
            : input.api.openid.authUri({ params: { client: input.clientName }, query: { authoriseUriFlow: input.flow, ...redirect } });
        authUriRequests.set(key, request);
        const forget = () => authUriRequests.delete(key);
        request.then(forget, forget);
      }
      return request;
    }),
    /**
     * Claims the pending sign-in and exchanges the code, once per code (`exchanges.run`):
     * `api.openid.token` (kind `openid`) or `api.externalOAuth.token` (kind `oauth`).
     */
    exchangeCode: fromPromise<LoginResponse, OidcExchangeActorInput>(({ input }) =>
      input.exchanges.run(`${input.kind}:${input.clientName}\n${input.code}`, async () => {
        const key = oidcPendingKey(input.clientName, input.kind);
        const stored = input.storage.getItem(key);
        const entry = stored ? (JSON.parse(stored) as Partial<OidcPending>) : null;
        if (!entry || entry.code !== input.code || entry.state !== input.state) throw new OidcStateError('The sign-in was already used');
        input.storage.removeItem(key);
        const body = { authorisationCode: input.code, state: input.state };
        return input.kind === 'oauth'
          ? input.api.externalOAuth.token({ params: { provider: input.clientName }, body })
          : input.api.openid.token({ params: { client: input.clientName }, body });
      }),
    ),
  },
  guards: {
    /** The provider sent the viewer back with `error` (refused, cancelled). */
    providerError: ({ context }) => query(context).has('error'),
    /** Back from the provider with a code, before the query was restored. */
    returnedWithCode: ({ context }) => isString(query(context).get('code')) && query(context).get(PAGE_READY_PARAM) !== 'true',
    /** The query's `state` is the one this tab stored before leaving (and not used yet). */
    stateMatches: ({ context }) =>
      context.pending !== null &&
      context.pending.ready !== true &&
      context.pending.handedToApp !== true &&
      query(context).get('state') === context.pending.state,
    /**
     * Back with the code and state this tab already handed to the mobile app (the page was mounted
     * or loaded again on the same callback address): the same hand-over; no second deep link.
     */
    sameHandedReturn: ({ context }) =>
      context.pending?.handedToApp === true &&
      query(context).get('state') === context.pending.state &&
      query(context).get('code') === context.pending.code,
    /** The sign-in was started by a mobile app (`bundle_id`): the app exchanges the code. */
    fromMobileApp: ({ context }) => isString(context.pending?.bundleId),
    /** The mobile app exchanges the code itself (`skipExchange=true` when the sign-in started). */
    skipsExchange: ({ context }) => context.pending?.skipExchange === true,
    /** The mobile app is one of the known deep links. */
    knownApp: ({ context }) => appDeepLinkUrl(context.pending?.bundleId, {}, context.env.appDeepLinks) !== null,
    /**
     * Back with the code and state this tab already marked ready (the page was mounted again
     * before the address was replaced): the same sign-in, resumed; its exchange still runs once.
     */
    sameReadyReturn: ({ context }) =>
      context.pending !== null &&
      context.pending.ready === true &&
      query(context).get('state') === context.pending.state &&
      query(context).get('code') === context.pending.code,
    /** `PAGE_READY=true` and the tab holds the code to exchange. */
    pageReady: ({ context }) => query(context).get(PAGE_READY_PARAM) === 'true' && context.pending?.ready === true && isString(context.pending.code),
    /** `PAGE_READY=true` on the query. */
    pageReadyParam: ({ context }) => query(context).get(PAGE_READY_PARAM) === 'true',
    /** The authorisation URI carries the `state` the platform keeps. */
    uriHasState: (_, params: { uri: { authorisationUri: string } }) => {
      try {
        return isString(new URL(params.uri.authorisationUri).searchParams.get('state'));
      } catch {
        return false;
      }
    },
  },
  actions: {
    /** Stores the state of the URI and the page's sign-in params; remembers where to go. */
    savePending: assign(({ context }, params: { uri: { authorisationUri: string } }) => {
      const state = new URL(params.uri.authorisationUri).searchParams.get('state') ?? '';
      // A retry keeps the params of the earlier attempt; a first attempt takes the page's query.
      const signInParams = context.pending ? paramsOfPending(context.pending) : paramsOfQuery(query(context), context.env.appName);
      const pending: OidcPending = { ...signInParams, state, createdAt: context.env.now() };
      context.env.storage.setItem(oidcPendingKey(context.env.clientName, context.env.kind), JSON.stringify(pending));
      return { pending, leaveTo: params.uri.authorisationUri };
    }),
    /** Leaves the app for the provider. */
    leave: ({ context }) => {
      if (context.leaveTo) context.env.navigation.assign(context.leaveTo);
    },
    /** Adds the code to the pending sign-in and builds the clean URL with `PAGE_READY=true`. */
    markReady: assign(({ context }) => {
      const pending = context.pending!;
      const code = query(context).get('code') ?? '';
      const ready: OidcPending = { ...pending, code, ready: true };
      context.env.storage.setItem(oidcPendingKey(context.env.clientName, context.env.kind), JSON.stringify(ready));
      return { pending: ready, cleanUrl: `${context.env.pathname}?${restoredQuery(ready).toString()}`, exchange: { code, state: pending.state } };
    }),
    /** Takes the code of a ready pending sign-in (the page was opened with `PAGE_READY=true`). */
    takeReadyCode: assign(({ context }) => ({ exchange: { code: context.pending!.code!, state: context.pending!.state } })),
    /** Keeps the pending sign-in as handed to the app with its code (see `sameHandedReturn`); nothing can exchange it here. */
    markHandedToApp: assign(({ context }) => {
      const handed: OidcPending = { ...context.pending!, code: query(context).get('code') ?? '', handedToApp: true };
      context.env.storage.setItem(oidcPendingKey(context.env.clientName, context.env.kind), JSON.stringify(handed));
      return { pending: handed };
    }),
    /** Forgets the pending sign-in. */
    discardPending: assign(({ context }) => {
      context.env.storage.removeItem(oidcPendingKey(context.env.clientName, context.env.kind));
      return { pending: null };
    }),
    /** The mobile app's deep link with the code, the state and the sign-in params; the browser goes there. */
    handToApp: assign(({ context }) => {
      const pending = context.pending!;
      const appUrl = appDeepLinkUrl(
        pending.bundleId,
        {
          code: query(context).get('code'),
          state: pending.state,
          // The app exchanges the code with the same provider: named as the platform's route names it.
          [context.env.kind === 'oauth' ? 'provider' : 'clientName']: context.env.clientName,
          extraParams: pending.extraParams,
          entryPage: pending.entryPage,
          from: pending.from,
          type: pending.type,
          redirectTo: pending.redirectTo,
          licences: pending.licences,
        },
        context.env.appDeepLinks,
      );
      if (appUrl) context.env.navigation.assign(appUrl);
      return { appUrl };
    }),
    /** Shows `key`; the address bar loses `code`, `state` and `error` (only the restorable params stay). */
    fail: assign(({ context }, params: { key: string; failure: OidcFailure }) => {
      const current = query(context);
      const dirty = ['code', 'state', 'error', 'iss', 'session_state', 'error_description'].some((name) => current.has(name));
      const kept = new URLSearchParams();
      const source = context.pending ?? paramsOfQuery(current);
      for (const name of ['entryPage', 'from', 'type', 'redirectTo'] as const) if (source[name]) kept.set(name, source[name]);
      for (const licence of source.licences ?? []) kept.append('licences', licence);
      const text = kept.toString();
      return {
        error: params.key,
        failure: params.failure,
        exchange: null,
        cleanUrl: dirty ? (text ? `${context.env.pathname}?${text}` : context.env.pathname) : context.cleanUrl,
      };
    }),
    /** The error of a failed call: the first known server message or the default SSO key. */
    failWithError: assign(({ context }, params: { error: unknown; failure: OidcFailure }) => ({
      error: params.error instanceof OidcStateError ? SSO_STATE_MISMATCH_KEY : oidcFailureMessage(params.error, context.env.isKnownKey ?? neverKnown),
      failure: params.failure,
    })),
    clearError: assign({ error: null, failure: null }),
    /**
     * Keeps what the sign-in produced (the machine's output); a generic OAuth sign-in (kind
     * `oauth`) names its provider (`oauthProvider`), which the session stores so that a logout
     * ends the session at the provider's route (§7 `{ext-oauth-route}/logout`).
     */
    keepSignIn: assign(({ context }, params: { tokens: LoginResponse }) => ({
      signedIn: context.env.kind === 'oauth' ? { tokens: params.tokens, oauthProvider: context.env.clientName } : { tokens: params.tokens },
    })),
    handOverToSession,
  },
}).createMachine({
  id: 'oidcSignIn',
  description:
    'OpenID Connect or generic external OAuth sign-in (identity §4 "Generic external OAuth or OpenID"; input kind chooses the platform calls): without a code, ask the platform for the authorisation URI, keep its state and the sign-in params in the tab, and leave; back with a code and the same state, put the params back on the query with PAGE_READY=true and exchange the code exactly once; a known mobile app (bundle_id or the OAUTH_APP app name) gets the code through its deep link instead, and skipExchange leaves the code to the app; failures show the first known server message or ssoSignInFailed.',
  context: ({ input }) => {
    const q = new URLSearchParams(input.search.replace(/^\?/, ''));
    return {
      query: q,
      flow: q.get('type') === 'signup' ? 'SIGNUP' : 'SIGNIN',
      pending: readOidcPending(input.storage, input.clientName, input.now(), input.kind ?? 'openid'),
      leaveTo: null,
      appUrl: null,
      cleanUrl: null,
      exchange: null,
      signedIn: null,
      error: null,
      failure: null,
      env: { ...input, kind: input.kind ?? 'openid', exchanges: input.exchanges ?? pageExchanges },
    };
  },
  output: ({ context }) => context.signedIn,
  initial: 'start',
  states: {
    start: {
      description: 'Reads the query and the pending sign-in of this tab.',
      always: [
        { guard: 'providerError', target: 'failed', actions: ['discardPending', { type: 'fail', params: { key: SSO_ERROR_KEY, failure: 'providerError' } }] },
        { guard: and(['returnedWithCode', 'sameHandedReturn']), target: 'handingToApp' },
        { guard: and(['returnedWithCode', 'stateMatches', 'fromMobileApp', 'knownApp']), target: 'handingToApp', actions: ['handToApp', 'markHandedToApp'] },
        { guard: and(['returnedWithCode', 'stateMatches', 'skipsExchange']), target: 'exchangeSkipped', actions: 'discardPending' },
        {
          guard: and(['returnedWithCode', 'stateMatches', 'fromMobileApp']),
          target: 'failed',
          actions: ['discardPending', { type: 'fail', params: { key: SSO_ERROR_KEY, failure: 'unknownApp' } }],
        },
        { guard: and(['returnedWithCode', 'stateMatches']), target: 'restoring', actions: 'markReady' },
        { guard: and(['returnedWithCode', 'sameReadyReturn']), target: 'restoring', actions: 'markReady' },
        { guard: 'returnedWithCode', target: 'failed', actions: { type: 'fail', params: { key: SSO_STATE_MISMATCH_KEY, failure: 'stateMismatch' } } },
        { guard: 'pageReady', target: 'exchanging', actions: 'takeReadyCode' },
        { guard: 'pageReadyParam', target: 'failed', actions: { type: 'fail', params: { key: SSO_STATE_MISMATCH_KEY, failure: 'stateMismatch' } } },
        { guard: not('returnedWithCode'), target: 'requestingUri' },
      ],
    },
    requestingUri: {
      description: 'Asking the platform for the authorisation URI (GET /openid/{client}/auth-uri).',
      invoke: {
        id: 'requestAuthUri',
        src: 'requestAuthUri',
        input: ({ context }) => ({
          api: context.env.api,
          kind: context.env.kind,
          clientName: context.env.clientName,
          flow: context.flow,
          redirectUri: context.env.redirectUri,
          extraParams: (context.pending ? context.pending.extraParams : query(context).get('extraParams')) || undefined,
        }),
        onDone: [
          {
            guard: { type: 'uriHasState', params: ({ event }) => ({ uri: event.output }) },
            target: 'leaving',
            actions: { type: 'savePending', params: ({ event }) => ({ uri: event.output }) },
          },
          { target: 'failed', actions: { type: 'fail', params: { key: SSO_ERROR_KEY, failure: 'noStateInUri' } } },
        ],
        onError: { target: 'failed', actions: { type: 'failWithError', params: ({ event }) => ({ error: event.error, failure: 'authUri' as const }) } },
      },
    },
    leaving: { type: 'final', description: 'The browser is on its way to the provider.', entry: 'leave' },
    handingToApp: { type: 'final', description: 'The browser is on its way to the mobile app with the code (no exchange here).' },
    exchangeSkipped: {
      type: 'final',
      description: 'The mobile app that started the sign-in (skipExchange=true) takes the code from the address itself; the page does not exchange it.',
    },
    restoring: {
      description: 'The sign-in params are back on the query with PAGE_READY=true; waiting for the view to replace the address.',
      on: { 'url.replaced': { target: 'exchanging' } },
    },
    exchanging: {
      description: 'Exchanging the code for the session tokens (POST /openid/{client}/token), once per code.',
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ context }) => ({
          api: context.env.api,
          kind: context.env.kind,
          clientName: context.env.clientName,
          code: context.exchange?.code ?? '',
          state: context.exchange?.state ?? '',
          storage: context.env.storage,
          exchanges: context.env.exchanges,
        }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'keepSignIn', params: ({ event }) => ({ tokens: event.output }) },
            {
              type: 'handOverToSession',
              // §2 "After sign-in completion" from the sign-in params of the page that started it.
              params: ({ context }) => ({
                ...context.signedIn!,
                afterSignIn: { search: `?${(context.pending ? signInQuery(context.pending) : query(context)).toString()}` },
              }),
            },
          ],
        },
        onError: { target: 'failed', actions: { type: 'failWithError', params: ({ event }) => ({ error: event.error, failure: 'exchange' as const }) } },
      },
    },
    signedIn: { type: 'final', description: 'The session holds the tokens and takes the viewer to the target of §2 "After sign-in completion".' },
    failed: {
      description: 'The sign-in stopped; the view shows the error with a way back. retry starts again.',
      on: { retry: { target: 'requestingUri', actions: ['clearError'] } },
    },
  },
});

/** The oidcSignIn machine's type. */
export type OidcSignInMachine = typeof oidcSignInMachine;
