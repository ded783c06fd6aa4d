import { assign, fromPromise, setup } from 'xstate';
import type { AdobeConfig, LinkedAccounts, LoginResponse } from '../../contracts/index.js';
import {
  adobeAuthenticateUrl,
  adobeClientStorageKey,
  adobeConfigLists,
  isListedMvpd,
  isSecondIntent,
  parseAdobeClient,
  parseTvProviderPending,
  shouldSyncEntitlements,
  splitMvpds,
  TV_PROVIDER_FLOW_KEYS,
  TV_PROVIDER_STORAGE_KEYS,
  tvProviderConfigError,
  tvProviderError,
  tvProviderFailure,
  tvProviderReturnUrl,
  type TvProviderPending,
} from '../../domain/adobe.js';
import { UNLINK_FAILED_KEY } from '../../domain/social.js';
import { adobeHostFor, adobeRegistrationMachine } from '../adobeRegistration/adobeRegistration.machine.js';
import { continueAfterSignIn, handOverToSession, signedInActions, type SignInOutput } from '../session/session.signIn.js';
import type { AdobeRegistrationOutput, LoadConfigActorInput } from '../adobeRegistration/adobeRegistration.types.js';
import type { TvExchangeActorInput, TvProviderSignInContext, TvProviderSignInEvent, TvProviderSignInInput } from './tvProviderSignIn.types.js';

/**
 * The sign-in exchange of a stored pick: ADOBE → `api.adobe.user({ body: { requestorId, resourceId } })`;
 * ADOBE_DCR → `api.adobe.token({ body: { requestorId, clientId, clientSecret, accessToken } })` (rejects
 * when the realm has no stored client).
 */
export async function exchangeTvProviderSignIn(input: TvExchangeActorInput): Promise<LoginResponse> {
  const { pending } = input;
  if (pending.kind === 'ADOBE') return input.api.adobe.user({ body: { requestorId: pending.requestorId, resourceId: pending.resourceId } });
  if (!input.client || !pending.accessToken) throw new Error('No Adobe client or access token for the DCR exchange');
  return input.api.adobe.token({
    body: {
      requestorId: pending.requestorId,
      clientId: input.client.clientId,
      clientSecret: input.client.clientSecret,
      accessToken: pending.accessToken,
    },
  });
}

/** The return address and Adobe's authenticate address for `mvpdId`, or null when one cannot be built. */
function authenticateUrlFor(context: TvProviderSignInContext, mvpdId: string): string | null {
  const data = context.data;
  if (!data) return null;
  const back = tvProviderReturnUrl(context.env.origin, { provider: data.kind, device: context.device, configured: context.env.provider?.redirectUri }, context.env.locale);
  if (!back) return null;
  return adobeAuthenticateUrl({ baseUri: data.baseUri, requestorId: data.requestorId, regcode: data.regcode, mvpdId, redirectUrl: back });
}

/** Removes the flow's items from storage (§4 "Local storage items are cleared on leaving"). */
function clearFlowStorage(context: TvProviderSignInContext): void {
  for (const key of TV_PROVIDER_FLOW_KEYS) context.env.storage.removeItem(key);
}

const readPending = (input: TvProviderSignInInput): TvProviderPending | null =>
  parseTvProviderPending(input.storage.getItem(TV_PROVIDER_STORAGE_KEYS.pending), input.now());

/**
 * TV-provider sign-in on the PROVIDERS page (identity-and-routes.md §2 "Providers page", §4
 * "TV-provider sign-in", "Adobe flows", §8 "Adobe"; commerce-and-account-data.md §8).
 *
 * - `start`: no usable provider → `failed` (`providerNotAvailable`); `result=success` with a
 *   stored pick → `exchanging`; `result=success` without one → `failed`; handed provider data →
 *   `picking`; else → `registering` (the child `register` = `adobeRegistrationMachine`). A visit
 *   without `result=success` starts a new flow: the flow's stored items are cleared first.
 * - `registering` → `picking` (provider data), `linked` (an Adobe account linked at login) or `failed`.
 * - `picking`: `pick { mvpdId }` of a listed operator stores the ids (`stream.tvProvider.pending`:
 *   kind, requestorId, resourceId, baseUri, mvpdId, regcode, DCR access token, from, device) and
 *   leaves for Adobe's authenticate address (`leaving`, final: the items stay for the return).
 * - `linked`: `continue` → `continued` (`session.afterSignIn`: the session goes to the stored
 *   from-path or the default page); `unlink` → `unlinking` (actor `unlink` =
 *   `api.social.unlink({ params: { provider: kind } })`) → `registering`; a failed unlink stays with `anErrorOccured`.
 * - `exchanging`: actor `exchangeTokens` (`/user/adobe` or `/v3/adobe/token`) → tokens handed to
 *   the session (stored, no navigation yet) → `syncing` (actor `syncEntitlements` =
 *   `api.adobe.entitlementSync({ body: { refreshToken } })` when the domain's
 *   `shouldSyncEntitlements`; its failure does not undo the sign-in) → `signedIn` (final, output
 *   `{ tokens }`; `session.afterSignIn`: the session goes to the stored from-path or the default
 *   page, §4 "redirect to the stored from-path or the default page"). A 400 or 412 on the first
 *   attempt sets the second-intent flag and restarts the picker (`reloading`: actor `loadConfig`,
 *   the same regcode); otherwise → `failed` with the domain's `tvProviderError`.
 * - `leave` (in any state before the end: registering, picking, linked, unlinking, exchanging,
 *   reloading, syncing) → `closed`; what was running is stopped. `signedIn`, `continued`, `failed`
 *   and `closed` clear the flow's items on entry: whatever the outcome, nothing of the flow stays
 *   in storage (`leaving`, the trip to the operator, keeps them for the return).
 *
 * The picker is shown at most twice per flow and the regcode call is made at most twice.
 */
export const tvProviderSignInMachine = setup({
  types: {} as { context: TvProviderSignInContext; events: TvProviderSignInEvent; input: TvProviderSignInInput; output: SignInOutput | null },
  actors: {
    /** The Adobe registration (child machine): provider data, a linked account, or an error. */
    register: adobeRegistrationMachine,
    /** Adobe host `GET /api/v1/config/{requestorId}` (the restart after a first 400 or 412). */
    loadConfig: fromPromise<AdobeConfig, LoadConfigActorInput>(({ input }) => input.host.config(input.requestorId)),
    /** See {@link exchangeTvProviderSignIn}. */
    exchangeTokens: fromPromise<LoginResponse, TvExchangeActorInput>(({ input }) => exchangeTvProviderSignIn(input)),
    /** `api.adobe.entitlementSync({ body: { refreshToken } })`. */
    syncEntitlements: fromPromise<unknown, { api: TvProviderSignInInput['api']; refreshToken: string }>(({ input }) =>
      input.api.adobe.entitlementSync({ body: { refreshToken: input.refreshToken } }),
    ),
    /** `api.social.unlink({ params: { provider } })`: the linked Adobe account is removed; answers the links left. */
    unlink: fromPromise<LinkedAccounts, { api: TvProviderSignInInput['api']; provider: string }>(({ input }) =>
      input.api.social.unlink({ params: { provider: input.provider } }),
    ),
  },
  guards: {
    noProvider: ({ context }) => context.env.provider === null,
    returned: ({ context }) => context.env.route.result === 'success',
    /** Back with `result=success` and a stored pick. */
    returnedWithPending: ({ context }) => context.env.route.result === 'success' && context.pending !== null,
    hasProviderData: ({ context }) => context.data !== null,
    registrationReady: (_, params: { output: AdobeRegistrationOutput }) => params.output.status === 'ready',
    registrationLinked: (_, params: { output: AdobeRegistrationOutput }) => params.output.status === 'linked',
    listed: ({ context }, params: { mvpdId: string }) => context.data !== null && isListedMvpd(context.data.lists, params.mvpdId),
    /** A listed operator whose authenticate address can be built. */
    pickable: ({ context }, params: { mvpdId: string }) =>
      context.data !== null && isListedMvpd(context.data.lists, params.mvpdId) && authenticateUrlFor(context, params.mvpdId) !== null,
    /** §4, §8: 400 or 412 on the first attempt. */
    restartable: ({ context }, params: { error: unknown }) => tvProviderFailure(params.error, { secondIntent: context.secondIntent }).action === 'restart',
    syncWanted: ({ context }, params: { tokens: LoginResponse }) =>
      shouldSyncEntitlements({ provider: context.pending?.kind, refreshToken: params.tokens.refreshToken }),
  },
  actions: {
    /** A new flow: the items of an earlier, abandoned one go. */
    startFresh: assign(({ context }) => {
      clearFlowStorage(context);
      return { pending: null, secondIntent: false };
    }),
    clearFlow: ({ context }) => clearFlowStorage(context),
    countPicker: assign(({ context }) => ({ pickerShown: context.pickerShown + 1 })),
    setData: assign((_, params: { output: AdobeRegistrationOutput }) => (params.output.status === 'ready' ? { data: params.output.data } : {})),
    failFromRegistration: assign((_, params: { output: AdobeRegistrationOutput }) => ({
      error: params.output.status === 'failed' ? params.output.error : tvProviderError(null),
    })),
    /** Stores the ids of the pick and the address to leave for. */
    savePending: assign(({ context }, params: { mvpdId: string }) => {
      const data = context.data!;
      const pending: TvProviderPending = {
        kind: data.kind,
        requestorId: data.requestorId,
        resourceId: data.resourceId,
        baseUri: data.baseUri,
        mvpdId: params.mvpdId,
        regcode: data.regcode,
        createdAt: context.env.now(),
      };
      if (data.accessToken) pending.accessToken = data.accessToken;
      if (context.from) pending.from = context.from;
      if (context.device) pending.device = context.device;
      context.env.storage.setItem(TV_PROVIDER_STORAGE_KEYS.pending, JSON.stringify(pending));
      return { pending, leaveTo: authenticateUrlFor(context, params.mvpdId) };
    }),
    leave: ({ context }) => {
      if (context.leaveTo) context.env.navigation.assign(context.leaveTo);
    },
    /** §4: "a second-intent flag is set"; the pick is forgotten, the regcode and ids are kept for the picker. */
    markSecondIntent: assign(({ context }) => {
      context.env.storage.setItem(TV_PROVIDER_STORAGE_KEYS.secondIntent, 'true');
      context.env.storage.removeItem(TV_PROVIDER_STORAGE_KEYS.pending);
      return { secondIntent: true };
    }),
    /** The picker's data again, from the stored pick and the fresh configuration. */
    setDataFromPending: assign(({ context }, params: { config: AdobeConfig }) => {
      const pending = context.pending!;
      const { mvpds, channels } = adobeConfigLists(params.config);
      return {
        pending: null,
        data: {
          kind: pending.kind,
          requestorId: pending.requestorId,
          resourceId: pending.resourceId,
          baseUri: pending.baseUri,
          regcode: pending.regcode,
          accessToken: pending.accessToken ?? null,
          lists: splitMvpds(mvpds, context.env.provider?.allowedProviders ?? []),
          channels,
        },
      };
    }),
    /** Keeps what the sign-in produced: the machine's output. */
    keepSignIn: assign((_, params: SignInOutput) => ({ signedIn: params })),
    handOverToSession,
    continueAfterSignIn,
    setEntitlements: assign((_, params: { value: 'synced' | 'failed' | 'skipped' }) => ({ entitlements: params.value })),
    fail: assign((_, params: { error: unknown }) => ({ error: tvProviderError(params.error) })),
    failConfig: assign({ error: () => tvProviderConfigError() }),
    showUnlinkError: assign({ unlinkError: UNLINK_FAILED_KEY }),
    clearUnlinkError: assign({ unlinkError: null }),
    markUnlinked: assign({ unlinked: true }),
    /** Tells the session which providers are still linked (`session.linkedAccounts`), so that a later visit does not offer the unlinked account. */
    reportLinkedAccounts: ({ context }, params: { answer: LinkedAccounts }) => {
      context.env.session.send({ type: 'session.linkedAccounts', linkedAccounts: params.answer.linkedAccounts });
    },
  },
}).createMachine({
  id: 'tvProviderSignIn',
  description:
    'TV-provider sign-in on the PROVIDERS page (identity §4 "TV-provider sign-in"): register with Adobe (or take the handed provider data), show the featured and non-featured operators, store the pick in local storage and leave for the operator; back with result success, exchange for tokens, hand them to the session, sync the entitlements and go to the stored from-path or the default page. A 400 or 412 on the first attempt sets the second-intent flag and shows the picker again once; otherwise the mapped error shows with requestId and the first message. A linked Adobe account offers continue and unlink. The flow\'s local-storage items are cleared whatever the outcome.',
  context: ({ input }) => {
    const pending = readPending(input);
    return {
      data: input.providerData ?? null,
      pending,
      secondIntent: isSecondIntent(input.storage.getItem(TV_PROVIDER_STORAGE_KEYS.secondIntent)),
      pickerShown: 0,
      from: input.route.result === 'success' ? (pending?.from ?? null) : input.route.from,
      device: input.route.result === 'success' ? (pending?.device ?? input.route.device) : input.route.device,
      leaveTo: null,
      signedIn: null,
      error: null,
      unlinkError: null,
      unlinked: false,
      entitlements: null,
      env: input,
    };
  },
  initial: 'start',
  // The viewer goes elsewhere in the app, whatever the page is doing (picking, registering, exchanging…).
  on: { leave: { target: '.closed' } },
  states: {
    start: {
      description: 'Back from the operator with a stored pick: exchange; otherwise a new flow.',
      always: [
        { guard: 'noProvider', target: 'failed', actions: 'failConfig' },
        { guard: 'returnedWithPending', target: 'exchanging' },
        { guard: 'returned', target: 'failed', actions: { type: 'fail', params: { error: null } } },
        { guard: 'hasProviderData', target: 'picking', actions: 'startFresh' },
        { target: 'registering', actions: 'startFresh' },
      ],
    },
    registering: {
      description: 'The Adobe registration runs (child machine): regcode with its single retry, then the configuration.',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({
          api: context.env.api,
          realm: context.env.realm,
          storage: context.env.storage,
          provider: context.env.provider!,
          // Once unlinked here, the sign-in's linked accounts are out of date.
          linkedAccounts: context.unlinked ? [] : context.env.linkedAccounts,
          session: context.env.session,
          adobeHost: context.env.adobeHost,
          from: context.from,
          locale: context.env.locale,
        }),
        onDone: [
          { guard: { type: 'registrationReady', params: ({ event }) => ({ output: event.output }) }, target: 'picking', actions: { type: 'setData', params: ({ event }) => ({ output: event.output }) } },
          { guard: { type: 'registrationLinked', params: ({ event }) => ({ output: event.output }) }, target: 'linked' },
          { target: 'failed', actions: { type: 'failFromRegistration', params: ({ event }) => ({ output: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    picking: {
      description: 'The featured and non-featured operators (with the retry message on the second attempt).',
      entry: 'countPicker',
      on: {
        pick: [
          {
            guard: { type: 'pickable', params: ({ event }) => ({ mvpdId: event.mvpdId }) },
            target: 'leaving',
            actions: { type: 'savePending', params: ({ event }) => ({ mvpdId: event.mvpdId }) },
          },
          { guard: { type: 'listed', params: ({ event }) => ({ mvpdId: event.mvpdId }) }, target: 'failed', actions: 'failConfig' },
        ],
      },
    },
    leaving: { type: 'final', description: 'On the way to the operator; the stored items wait for the return.', entry: 'leave' },
    linked: {
      description: 'The account has a linked Adobe account: continue, or unlink it and pick an operator.',
      on: {
        continue: { target: 'continued' },
        unlink: { target: 'unlinking', actions: 'clearUnlinkError' },
      },
    },
    unlinking: {
      description: 'Unlinking the Adobe account (DELETE /user/linked-accounts/{provider}).',
      invoke: {
        id: 'unlink',
        src: 'unlink',
        input: ({ context }) => ({ api: context.env.api, provider: context.env.provider!.kind }),
        onDone: {
          target: 'registering',
          actions: ['markUnlinked', { type: 'reportLinkedAccounts', params: ({ event }) => ({ answer: event.output }) }],
        },
        onError: { target: 'linked', actions: 'showUnlinkError' },
      },
    },
    exchanging: {
      description: 'Exchanging the operator sign-in for tokens (POST /user/adobe or v3 /adobe/token).',
      invoke: {
        id: 'exchangeTokens',
        src: 'exchangeTokens',
        input: ({ context }) => ({
          api: context.env.api,
          pending: context.pending!,
          client: parseAdobeClient(context.env.storage.getItem(adobeClientStorageKey(context.env.realm))),
        }),
        onDone: [
          // The session stores the tokens now (the sync needs them); it goes on once signedIn.
          {
            guard: { type: 'syncWanted', params: ({ event }) => ({ tokens: event.output }) },
            target: 'syncing',
            actions: signedInActions(),
          },
          {
            target: 'signedIn',
            actions: [...signedInActions(), { type: 'setEntitlements', params: { value: 'skipped' } }],
          },
        ],
        onError: [
          { guard: { type: 'restartable', params: ({ event }) => ({ error: event.error }) }, target: 'reloading', actions: 'markSecondIntent' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    reloading: {
      description: 'The second attempt: the configuration again for the picker (the same regcode).',
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        input: ({ context }) => ({ host: adobeHostFor(context.env, context.pending!.baseUri), requestorId: context.pending!.requestorId }),
        onDone: { target: 'picking', actions: { type: 'setDataFromPending', params: ({ event }) => ({ config: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    syncing: {
      description: 'Asking the platform to grant the operator\'s licences (POST /api/v1/entitlement-sync); a failure does not undo the sign-in.',
      invoke: {
        id: 'syncEntitlements',
        src: 'syncEntitlements',
        input: ({ context, event }) => ({
          api: context.env.api,
          refreshToken: (event as unknown as { output: LoginResponse }).output.refreshToken,
        }),
        onDone: { target: 'signedIn', actions: { type: 'setEntitlements', params: { value: 'synced' } } },
        onError: { target: 'signedIn', actions: { type: 'setEntitlements', params: { value: 'failed' } } },
      },
    },
    signedIn: {
      type: 'final',
      description: 'Signed in; the flow\'s items are cleared and the session takes the viewer to the stored from-path or the default page.',
      entry: ['clearFlow', { type: 'continueAfterSignIn', params: ({ context }) => ({ search: fromQuery(context) }) }],
    },
    continued: {
      type: 'final',
      description: 'The viewer continues with the linked account; the session takes them to the stored from-path or the default page.',
      entry: ['clearFlow', { type: 'continueAfterSignIn', params: ({ context }) => ({ search: fromQuery(context) }) }],
    },
    failed: { type: 'final', description: 'The error with requestId and the first message, and a button back to the default menu page.', entry: 'clearFlow' },
    closed: { type: 'final', description: 'The viewer left the flow elsewhere in the app.', entry: 'clearFlow' },
  },
  output: ({ context }) => context.signedIn,
});

/** §4 "redirect to the stored from-path or the default page": the query that names it for the session (§2). */
function fromQuery(context: TvProviderSignInContext): string {
  return context.from ? `?${new URLSearchParams({ from: context.from }).toString()}` : '';
}

/** The tvProviderSignIn machine's type. */
export type TvProviderSignInMachine = typeof tvProviderSignInMachine;
