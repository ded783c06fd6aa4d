import { assign, fromPromise, setup } from 'xstate';
import { createAdobeHost, type AdobeHost } from '../../api/adobe.js';
import type { AdobeConfig, LoginResponse } from '../../contracts/index.js';
import {
  adobeClientStorageKey,
  adobeConfigLists,
  hasLinkedTvProvider,
  parseAdobeClient,
  regcodeRetryAllowed,
  splitMvpds,
  tvProviderError,
  type AdobeClient,
} from '../../domain/adobe.js';
import { handOverToSession } from '../session/session.signIn.js';
import type {
  AdobeLoginActorInput,
  AdobeRegistrationContext,
  AdobeRegistrationEvent,
  AdobeRegistrationInput,
  AdobeRegistrationOutput,
  LoadConfigActorInput,
  RegcodeActorInput,
  RegisterClientActorInput,
} from './adobeRegistration.types.js';

/** The Adobe host of `baseUri`: the input's factory, else `createAdobeHost`. */
export function adobeHostFor(input: { adobeHost?: ((baseUrl: string) => AdobeHost) | undefined }, baseUri: string): AdobeHost {
  return input.adobeHost ? input.adobeHost(baseUri) : createAdobeHost({ baseUrl: baseUri });
}

/**
 * `api.adobe.regcode({ params: { requestorId } })` (ADOBE) or `api.adobe.regcodeV3({ body: {
 * requestorId, clientId, clientSecret } })` (ADOBE_DCR), as `{ code, accessToken }`. Rejects when ADOBE_DCR has no client.
 */
export async function requestAdobeRegcode(input: RegcodeActorInput): Promise<{ code: string; accessToken: string | null }> {
  if (input.kind === 'ADOBE') return { code: (await input.api.adobe.regcode({ params: { requestorId: input.requestorId } })).code, accessToken: null };
  if (!input.client) throw new Error('No Adobe client is registered for this realm');
  const answer = await input.api.adobe.regcodeV3({
    body: { requestorId: input.requestorId, clientId: input.client.clientId, clientSecret: input.client.clientSecret },
  });
  return { code: answer.code, accessToken: answer.accessToken };
}

/**
 * Adobe registration (identity-and-routes.md §4 "Adobe flows", §3 "Adobe registration", §8
 * "Adobe"): what the providers page needs before the viewer picks a TV operator.
 *
 * Input {@link AdobeRegistrationInput}. Runs to a final state, no events:
 * - `start`: `linkedAccounts` (a sign-in just before) with ADOBE or ADOBE_DCR → `linked`;
 *   `credentials` → `signingIn` (actor `login` = `api.auth.login`; the tokens go to `session`
 *   without a target: the registration goes on; an answer whose `linkedAccounts` lists Adobe →
 *   `linked`); else → `checkingClient`.
 * - `checkingClient`: ADOBE_DCR without a stored client → `registeringClient` (actor
 *   `registerClient` = Adobe host `register(softwareStatement)`, stored at
 *   `adobeClientStorageKey(realm)`); else → `requestingRegcode`.
 * - `requestingRegcode`: actor `requestRegcode` (`api.adobe.regcode` or `api.adobe.regcodeV3`). A
 *   400 when not retried yet clears the stored client, marks `retried` and goes back to
 *   `checkingClient` (so a DCR realm registers a new client); a second 400 or any other error → `failed`.
 * - `loadingConfig`: actor `loadConfig` (Adobe host `config(requestorId)`) → `ready` with the
 *   featured and non-featured lists (the domain's `splitMvpds` with the entry's `allowedProviders`).
 * - `failed`: `error` = the domain's `tvProviderError` (key by code or generic, `requestId`, first message).
 *
 * The regcode call is made at most twice. Output {@link AdobeRegistrationOutput}.
 */
export const adobeRegistrationMachine = setup({
  types: {} as {
    context: AdobeRegistrationContext;
    events: AdobeRegistrationEvent;
    input: AdobeRegistrationInput;
    output: AdobeRegistrationOutput;
  },
  actors: {
    /** `api.auth.login({ body: credentials })`. */
    login: fromPromise<LoginResponse, AdobeLoginActorInput>(({ input }) => input.api.auth.login({ body: input.credentials })),
    /** Adobe host `POST /o/client/register { software_statement }` → the client id and secret. */
    registerClient: fromPromise<AdobeClient, RegisterClientActorInput>(async ({ input }) => {
      const answer = await input.host.register(input.softwareStatement);
      return { clientId: answer.client_id, clientSecret: answer.client_secret };
    }),
    /** The regcode of the provider's kind (see {@link requestAdobeRegcode}). */
    requestRegcode: fromPromise<{ code: string; accessToken: string | null }, RegcodeActorInput>(({ input }) => requestAdobeRegcode(input)),
    /** Adobe host `GET /api/v1/config/{requestorId}`. */
    loadConfig: fromPromise<AdobeConfig, LoadConfigActorInput>(({ input }) => input.host.config(input.requestorId)),
  },
  guards: {
    /** A sign-in just before found a linked Adobe account. */
    linkedBefore: ({ context }) => hasLinkedTvProvider(context.env.linkedAccounts),
    hasCredentials: ({ context }) => context.env.credentials !== undefined,
    /** The login answer lists a linked Adobe account. */
    answerLinksAdobe: (_, params: { tokens: LoginResponse }) => hasLinkedTvProvider(params.tokens.linkedAccounts),
    /** ADOBE_DCR and no client stored for the realm. */
    needsClient: ({ context }) => context.env.provider.kind === 'ADOBE_DCR' && context.client === null,
    /** A 400 from the regcode call that was not retried yet. */
    regcodeRetryable: ({ context }, params: { error: unknown }) => regcodeRetryAllowed(params.error, context.retried),
  },
  actions: {
    handOverToSession,
    markLinked: assign({ linked: true }),
    storeClient: assign(({ context }, params: { client: AdobeClient }) => {
      context.env.storage.setItem(adobeClientStorageKey(context.env.realm), JSON.stringify(params.client));
      return { client: params.client };
    }),
    /** §4: "clears the stored client details and retries once". */
    clearClientForRetry: assign(({ context }) => {
      context.env.storage.removeItem(adobeClientStorageKey(context.env.realm));
      return { client: null, retried: true };
    }),
    setRegcode: assign((_, params: { regcode: { code: string; accessToken: string | null } }) => ({ regcode: params.regcode })),
    setData: assign(({ context }, params: { config: AdobeConfig }) => {
      const { mvpds, channels } = adobeConfigLists(params.config);
      const provider = context.env.provider;
      return {
        data: {
          kind: provider.kind,
          requestorId: provider.requestorId,
          resourceId: provider.resourceId,
          baseUri: provider.baseUri,
          regcode: context.regcode?.code ?? '',
          accessToken: context.regcode?.accessToken ?? null,
          lists: splitMvpds(mvpds, provider.allowedProviders),
          channels,
        },
      };
    }),
    fail: assign((_, params: { error: unknown }) => ({ error: tvProviderError(params.error) })),
  },
}).createMachine({
  id: 'adobeRegistration',
  description:
    'Adobe registration (identity §4 "Adobe flows"): optionally sign in first (a linked Adobe account found at login ends here: continue, unlink allowed); register the DCR client when none is stored for the realm; obtain a regcode, and on a 400 that was not retried yet clear the stored client and retry once; fetch the requestor configuration and split its operators into featured and non-featured; any other error fails with the mapped message, requestId and first server message.',
  context: ({ input }) => ({
    client: parseAdobeClient(input.storage.getItem(adobeClientStorageKey(input.realm))),
    retried: false,
    regcode: null,
    data: null,
    linked: false,
    error: null,
    env: input,
  }),
  initial: 'start',
  states: {
    start: {
      description: 'Chooses the first step from the input.',
      always: [
        { guard: 'linkedBefore', target: 'linked', actions: 'markLinked' },
        { guard: 'hasCredentials', target: 'signingIn' },
        { target: 'checkingClient' },
      ],
    },
    signingIn: {
      description: 'Signing in first (POST /login) with the credentials of the input.',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ api: context.env.api, credentials: context.env.credentials! }),
        onDone: [
          {
            guard: { type: 'answerLinksAdobe', params: ({ event }) => ({ tokens: event.output }) },
            target: 'linked',
            actions: [{ type: 'handOverToSession', params: ({ event }) => ({ tokens: event.output }) }, 'markLinked'],
          },
          { target: 'checkingClient', actions: { type: 'handOverToSession', params: ({ event }) => ({ tokens: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checkingClient: {
      description: 'ADOBE_DCR needs the realm\'s client; ADOBE goes straight to the regcode.',
      always: [{ guard: 'needsClient', target: 'registeringClient' }, { target: 'requestingRegcode' }],
    },
    registeringClient: {
      description: 'Registering the DCR client with the software statement (POST {adobe host}/o/client/register); stored per realm.',
      invoke: {
        id: 'registerClient',
        src: 'registerClient',
        input: ({ context }) => ({
          host: adobeHostFor(context.env, context.env.provider.baseUri),
          softwareStatement: context.env.provider.softwareStatement ?? '',
        }),
        onDone: { target: 'requestingRegcode', actions: { type: 'storeClient', params: ({ event }) => ({ client: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    requestingRegcode: {
      description: 'Obtaining a registration code (POST /adobe/{requestorId}/regcode or /v3/adobe/regcode); a first 400 clears the client and retries once.',
      invoke: {
        id: 'requestRegcode',
        src: 'requestRegcode',
        input: ({ context }) => ({
          api: context.env.api,
          kind: context.env.provider.kind,
          requestorId: context.env.provider.requestorId,
          client: context.client,
        }),
        onDone: { target: 'loadingConfig', actions: { type: 'setRegcode', params: ({ event }) => ({ regcode: event.output }) } },
        onError: [
          { guard: { type: 'regcodeRetryable', params: ({ event }) => ({ error: event.error }) }, target: 'checkingClient', actions: 'clearClientForRetry' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadingConfig: {
      description: 'Fetching the requestor configuration (GET {adobe host}/api/v1/config/{requestorId}).',
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        input: ({ context }) => ({ host: adobeHostFor(context.env, context.env.provider.baseUri), requestorId: context.env.provider.requestorId }),
        onDone: { target: 'ready', actions: { type: 'setData', params: ({ event }) => ({ config: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: { type: 'final', description: 'The provider data is ready for the providers page.' },
    linked: { type: 'final', description: 'The account already has a linked Adobe account: the viewer continues, unlink allowed.' },
    failed: { type: 'final', description: 'Registration failed: the mapped message with requestId and the first server message.' },
  },
  output: ({ context }): AdobeRegistrationOutput => {
    if (context.linked) return { status: 'linked', unlinkAllowed: true };
    if (context.data) return { status: 'ready', data: context.data };
    return { status: 'failed', error: context.error ?? tvProviderError(null) };
  },
});

/** The adobeRegistration machine's type. */
export type AdobeRegistrationMachine = typeof adobeRegistrationMachine;
