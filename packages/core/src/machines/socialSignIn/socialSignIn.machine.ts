import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { LoginResponse } from '../../contracts/index.js';
import {
  checkSocialReturn,
  readSocialReturn,
  SOCIAL_PENDING_TTL_MS,
  SOCIAL_SIGN_IN_FAILED_KEY,
  SOCIAL_STATE_MISMATCH_KEY,
  socialCredentialKey,
  socialParamsQuery,
  socialSignInFailureMessage,
  socialSignInOutcome,
  socialSignInParams,
  socialSignInRequest,
  type SocialCredential,
  type SocialPending,
  type SocialProviderKey,
  type SocialReturnRefusal,
} from '../../domain/social.js';
import type { KeyValueStorage } from '../../platform/types.js';
import { createExchangeRegistry } from '../oidcSignIn/oidcSignIn.machine.js';
import { handOverToSession, signedInActions } from '../session/session.signIn.js';
import type {
  SocialAdapterResult,
  SocialFailure,
  SocialObtainActorInput,
  SocialSignInActorInput,
  SocialSignInContext,
  SocialSignInEvent,
  SocialSignInInput,
  SocialSignInResult,
} from './socialSignIn.types.js';

/** The storage key of the started sign-in of `provider`. */
export const socialPendingKey = (provider: SocialProviderKey) => `stream.social.${provider}`;

/** Reads the started sign-in of `provider` from `storage`: null when absent, malformed or older than 10 minutes. Never throws. */
export function readSocialPending(storage: KeyValueStorage, provider: SocialProviderKey, now: number): SocialPending | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(socialPendingKey(provider)) ?? 'null');
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const raw = value as Partial<SocialPending>;
  if (raw.provider !== provider || typeof raw.state !== 'string' || typeof raw.nonce !== 'string' || typeof raw.createdAt !== 'number') return null;
  if (!(now - raw.createdAt >= 0 && now - raw.createdAt < SOCIAL_PENDING_TTL_MS)) return null;
  const params = raw.params && typeof raw.params === 'object' ? socialSignInParams(socialParamsQuery(raw.params)) : {};
  return { provider, state: raw.state, nonce: raw.nonce, createdAt: raw.createdAt, params };
}

/**
 * Sends a provider's credential to the platform (§7): Apple → `api.social.apple`, Google →
 * `api.social.google`, Facebook → `api.social.facebook` (the domain's `socialSignInRequest`),
 * with `bearer` (an ID account's token) sent as `Authorization: Bearer <bearer>` when linking. Rejects with the call's error, or with an
 * `Error` when the credential lacks what the call needs.
 */
export function sendSocialCredential(api: ApiClient, provider: SocialProviderKey, credential: SocialCredential, bearer?: string): Promise<LoginResponse> {
  const request = socialSignInRequest(provider, credential);
  const headers: Record<string, string> = bearer ? { Authorization: `Bearer ${bearer}` } : {};
  if (!request) return Promise.reject(new Error('The provider gave no usable credential'));
  switch (request.call) {
    case 'apple':
      return api.social.apple({ body: request.body, headers });
    case 'google':
      return api.social.google({ body: request.body, headers });
    case 'facebook':
      return api.social.facebook({ body: request.body, headers });
  }
}

/** The page-wide registry: one sign-in call per credential, also across a second mount of the page. */
const pageExchanges = createExchangeRegistry();

const neverKnown = () => false;

/**
 * Apple, Google or Facebook sign-in on the page `/login/{provider}`. Implements
 * identity-and-routes.md §4 "Social sign-in" ("obtain a token from the social provider and send
 * it to the product. When signing up and the product answers 409 (account conflict), the user is
 * offered to continue and link"), §7 and §8 "Social login 409"; beyond the spec, the `state`
 * check and the clean address bar.
 *
 * - `start`: back from the provider (the address holds `code`, `id_token` or `error`) → the
 *   domain's `checkSocialReturn` against the tab's started sign-in (`storage`): accepted →
 *   `returning` (`cleanUrl` = the page with its restored sign-in params, no `code`, `id_token`
 *   or `state`; the started sign-in is spent when the call starts); refused → `failed` (`ssoStateMismatch`, or
 *   `socialSignInFailed` when the provider refused). A plain visit → `idle`.
 * - `idle`: `start` makes a new `state` and `nonce`, stores them with the page's sign-in params,
 *   → `obtaining`: actor `obtainCredential` (`adapter.start`): `redirecting` → `leaving` (final;
 *   the browser is on its way); a credential (popup SDKs) → `signingIn`; an error → `failed`.
 * - `returning`: waits for the view to replace the address (`url.replaced`) → `signingIn`.
 * - `signingIn`: actor `signIn` sends the credential once per credential (`sendSocialCredential`)
 *   → `signedIn` (final, output `{ tokens }`; handed to the session with the sign-in query, and
 *   the session goes to its §2 target); a 409 (`socialSignInOutcome` → link offer) →
 *   `linkOffered` (final, output `{ link }`: the view shows the account-link prompt); another
 *   error → `failed` (a known server message or `socialSignInFailed`).
 * - `failed`: `retry` → `idle`.
 */
export const socialSignInMachine = setup({
  types: {} as { context: SocialSignInContext; events: SocialSignInEvent; input: SocialSignInInput; output: SocialSignInResult | null },
  actors: {
    /** `adapter.start(request)`: the browser leaves for the provider, or a popup answers a credential. */
    obtainCredential: fromPromise<SocialAdapterResult, SocialObtainActorInput>(({ input }) => input.adapter.start(input.request)),
    /** Claims the started sign-in (removes it) and sends the credential, once per credential for the whole page. */
    signIn: fromPromise<LoginResponse, SocialSignInActorInput>(({ input }) =>
      input.exchanges.run(socialCredentialKey(input.provider, input.credential), () => {
        input.storage.removeItem(socialPendingKey(input.provider));
        return sendSocialCredential(input.api, input.provider, input.credential);
      }),
    ),
  },
  guards: {
    /** The page address holds a provider's answer. */
    returned: ({ context }) => readSocialReturn(context.env.search, context.env.hash) !== null,
    /** The answer matches the sign-in this tab started. */
    returnAccepted: ({ context }) => returnCheck(context).ok,
    /** The adapter sent the browser to the provider. */
    redirecting: (_, params: { result: SocialAdapterResult }) => params.result.kind === 'redirecting',
    /** The platform answered 409: offer to link (§4). */
    linkOffer: (_, params: { error: unknown }) => socialSignInOutcome(params.error).kind === 'linkOffer',
  },
  actions: {
    /**
     * Keeps the credential; the address loses the provider's answer. The started sign-in stays in
     * storage until the `signIn` actor claims it, so that a second mount of the page (React's
     * strict mode creates the machine twice) accepts the same answer and shares the one call.
     */
    acceptReturn: assign(({ context }) => {
      const check = returnCheck(context);
      const query = socialParamsQuery(context.pending?.params ?? {});
      return {
        credential: check.ok ? check.credential : null,
        signInSearch: `?${query}`,
        cleanUrl: query ? `${context.env.pathname}?${query}` : context.env.pathname,
      };
    }),
    /** Refuses the answer: the started sign-in is dropped, the address keeps only the sign-in params. */
    refuseReturn: assign(({ context }) => {
      const check = returnCheck(context);
      const reason: SocialReturnRefusal = check.ok ? 'incomplete' : check.reason;
      const params = context.pending?.params ?? socialSignInParams(context.env.search);
      const query = socialParamsQuery(params);
      return {
        pending: null,
        signInSearch: `?${query}`,
        cleanUrl: query ? `${context.env.pathname}?${query}` : context.env.pathname,
        error: reason === 'stateMismatch' ? SOCIAL_STATE_MISMATCH_KEY : SOCIAL_SIGN_IN_FAILED_KEY,
        failure: reason,
      };
    }),
    /** A new state and nonce, stored with the page's sign-in params for the round trip. */
    savePending: assign(({ context }) => {
      const pending: SocialPending = {
        provider: context.env.provider,
        state: context.env.randomToken(),
        nonce: context.env.randomToken(),
        createdAt: context.env.now(),
        params: socialSignInParams(context.signInSearch),
      };
      context.env.storage.setItem(socialPendingKey(context.env.provider), JSON.stringify(pending));
      return { pending };
    }),
    /** A popup answered: its credential is used at once; the started sign-in is spent. */
    takeCredential: assign(({ context }, params: { result: SocialAdapterResult }) => {
      context.env.storage.removeItem(socialPendingKey(context.env.provider));
      return { pending: null, credential: params.result.kind === 'credential' ? params.result.credential : null };
    }),
    /** Forgets the started sign-in (a refused answer). */
    dropPending: ({ context }) => context.env.storage.removeItem(socialPendingKey(context.env.provider)),
    fail: assign(({ context }, params: { error: unknown; failure: SocialFailure }) => ({
      error: socialSignInFailureMessage(params.error, context.env.isKnownKey ?? neverKnown),
      failure: params.failure,
    })),
    offerLink: assign(({ context }, params: { error: unknown }) => {
      const outcome = socialSignInOutcome(params.error);
      return {
        link: {
          provider: context.env.provider,
          credential: context.credential ?? {},
          email: outcome.kind === 'linkOffer' ? outcome.email : null,
          search: context.signInSearch,
        },
      };
    }),
    /** Keeps what the sign-in produced: the machine's output. */
    keepSignIn: assign((_, params: { tokens: LoginResponse }) => ({ signedIn: { tokens: params.tokens } })),
    handOverToSession,
    clearError: assign({ error: null, failure: null, credential: null }),
  },
}).createMachine({
  id: 'socialSignIn',
  description:
    'Apple, Google or Facebook sign-in (identity §4 "Social sign-in"): the adapter obtains a credential from the provider (a round trip whose state is checked on return, or a popup), the credential goes to the platform once; tokens sign in, a 409 while signing up offers to link the existing ID account (accountLink), other failures show the known server message or socialSignInFailed.',
  context: ({ input }) => ({
    pending: readSocialPending(input.storage, input.provider, input.now()),
    credential: null,
    cleanUrl: null,
    signInSearch: `?${input.search.replace(/^\?/, '')}`,
    signedIn: null,
    link: null,
    error: null,
    failure: null,
    env: { ...input, exchanges: input.exchanges ?? pageExchanges },
  }),
  initial: 'start',
  states: {
    start: {
      description: 'Reads the page address and the sign-in this tab started.',
      always: [
        { guard: 'returned', target: 'checkingReturn' },
        { target: 'idle' },
      ],
    },
    checkingReturn: {
      description: "Checks the provider's answer (state, completeness) against the started sign-in.",
      always: [
        { guard: 'returnAccepted', target: 'returning', actions: 'acceptReturn' },
        { target: 'failed', actions: ['refuseReturn', 'dropPending'] },
      ],
    },
    idle: {
      description: 'Shows the Continue with {provider} button.',
      on: { start: { target: 'obtaining', actions: 'savePending' } },
    },
    obtaining: {
      description: 'The provider adapter is running (loading its SDK, redirecting or showing its popup).',
      invoke: {
        id: 'obtainCredential',
        src: 'obtainCredential',
        input: ({ context }) => ({
          adapter: context.env.adapter,
          request: {
            provider: context.env.provider,
            state: context.pending?.state ?? '',
            nonce: context.pending?.nonce ?? '',
            redirectUri: context.env.redirectUri,
            flow: context.pending?.params.type === 'signup' ? 'SIGNUP' : 'SIGNIN',
          },
        }),
        onDone: [
          { guard: { type: 'redirecting', params: ({ event }) => ({ result: event.output }) }, target: 'leaving' },
          { target: 'signingIn', actions: { type: 'takeCredential', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, failure: 'adapter' as const }) } },
      },
    },
    leaving: { type: 'final', description: 'The browser is on its way to the provider.' },
    returning: {
      description: "Back with the provider's answer; waiting for the view to take it out of the address bar.",
      on: { 'url.replaced': { target: 'signingIn' } },
    },
    signingIn: {
      description: 'Sending the credential to the platform (POST /login/apple-id, /login/social/google or /login/social/facebook), once per credential.',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({
          api: context.env.api,
          provider: context.env.provider,
          credential: context.credential ?? {},
          storage: context.env.storage,
          exchanges: context.env.exchanges,
        }),
        onDone: { target: 'signedIn', actions: signedInActions((context: SocialSignInContext) => ({ search: context.signInSearch })) },
        onError: [
          {
            guard: { type: 'linkOffer', params: ({ event }) => ({ error: event.error }) },
            target: 'linkOffered',
            actions: { type: 'offerLink', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, failure: 'signIn' as const }) } },
        ],
      },
    },
    signedIn: { type: 'final', description: 'The session holds the tokens and takes the viewer to the target of §2 "After sign-in completion".' },
    linkOffered: { type: 'final', description: 'An ID account has the email (409): the view shows the account-link prompt (accountLink machine).' },
    failed: {
      description: 'The sign-in stopped; the error shows with Try again.',
      on: { retry: { target: 'idle', actions: 'clearError' } },
    },
  },
  output: ({ context }) => context.signedIn ?? (context.link ? { link: context.link } : null),
});

/** The domain's check of the page's answer against the started sign-in. */
function returnCheck(context: SocialSignInContext) {
  const answer = readSocialReturn(context.env.search, context.env.hash);
  if (!answer) return { ok: false as const, reason: 'incomplete' as const };
  return checkSocialReturn({
    provider: context.env.provider,
    answer,
    pending: context.pending,
    redirectUri: context.env.redirectUri,
    now: context.env.now(),
  });
}

/** The socialSignIn machine's type. */
export type SocialSignInMachine = typeof socialSignInMachine;
