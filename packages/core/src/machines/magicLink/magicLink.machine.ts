import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { LoginResponse } from '../../contracts/index.js';
import {
  tooManyAttemptsMessage,
  MAGIC_LINK_LOGIN_FAILED_KEY,
  MAGIC_LINK_SEND_FAILED_KEY,
  requestEmailError,
} from '../../domain/index.js';
import { handOverToSession, signedInActions, type SignInOutput } from '../session/session.signIn.js';
import type { MagicLinkContext, MagicLinkEvent, MagicLinkInput } from './magicLink.types.js';

/**
 * Runs `call(token)` at most once at a time per `(api, token)` pair and shares its promise: a
 * second caller while it runs, or after it succeeded, gets the same promise and nothing is sent
 * again. A failure is forgotten, so a later caller tries anew. Emailed tokens are single-use, so
 * an effect that runs twice (React's strict mode, a remount) must not spend the token twice.
 * Returns a function `(api, token) => Promise<T>`.
 */
export function oncePerToken<T>(call: (api: ApiClient, token: string) => Promise<T>): (api: ApiClient, token: string) => Promise<T> {
  const byApi = new WeakMap<ApiClient, Map<string, Promise<T>>>();
  return (api, token) => {
    let calls = byApi.get(api);
    if (!calls) {
      calls = new Map();
      byApi.set(api, calls);
    }
    const known = calls.get(token);
    if (known) return known;
    const started = call(api, token).catch((error: unknown) => {
      calls.delete(token);
      throw error;
    });
    calls.set(token, started);
    return started;
  };
}

/**
 * `api.magicLink.exchange({ body: { token } })`, once per client and token (see {@link oncePerToken}): every
 * caller gets the same session.
 */
export const exchangeMagicLinkOnce = oncePerToken((api, token) => api.magicLink.exchange({ body: { token } }));

/** Input of the `sendLink` actor: `GET /token/alt/magic-email?email=`. */
export interface SendLinkActorInput {
  api: ApiClient;
  email: string;
}

/** Input of the `exchange` actor: `POST /token/alt/magic-email { token }`. */
export interface ExchangeActorInput {
  api: ApiClient;
  token: string;
}

const requestTransitions = {
  'magic.request': [
    { guard: 'emailIsValid', target: 'sending', actions: 'storeEmail' },
    { target: 'editing', actions: 'showEmailError' },
  ],
} as const;

/**
 * Magic-link sign-in (identity-and-routes.md §4 "Magic link", §5 "Email", §8 "Magic link").
 *
 * Input {@link MagicLinkInput} `{ api, token?, session?, search? }`.
 * Without a token: the request form; `magic.request { email }` checks the email with the
 * domain's `requestEmailError` (`emailIsEmpty`, `emailInvalid`; nothing is sent), then `sendLink`
 * (`api.magicLink.request({ query: { email } })`) → `sent` (magicLinkSent; the same answer whether or not the
 * account exists) or `failed` with `failedToSend`. With a token: `exchanging` at once with the
 * `exchange` actor (`exchangeMagicLinkOnce(api, token)`: a repeated effect spends the token once)
 * → `signedIn` (final, output `{ tokens }`; `session.signedIn { tokens, afterSignIn: { search } }`
 * sent to `session` as the ID sign-in does: the session goes to the §2 target) or `failed` with
 * `failedToMagicLogin`. `failed` and `sent` accept a new request. Never throws.
 */
export const magicLinkMachine = setup({
  types: {} as { context: MagicLinkContext; events: MagicLinkEvent; input: MagicLinkInput; output: SignInOutput | null },
  actors: {
    /** `api.magicLink.request({ query: { email } })` → `{}`. */
    sendLink: fromPromise<Record<string, unknown>, SendLinkActorInput>(({ input }) =>
      input.api.magicLink.request({ query: { email: input.email } }),
    ),
    /** `api.magicLink.exchange({ body: { token } })`, once per client and token → the session's tokens. */
    exchange: fromPromise<LoginResponse, ExchangeActorInput>(({ input }) => exchangeMagicLinkOnce(input.api, input.token)),
  },
  actions: {
    storeEmail: assign(({ event }) => ({ email: event.email.trim(), error: null })),
    showEmailError: assign(({ event }) => ({ error: requestEmailError(event.email) })),
    clearError: assign({ error: null }),
    // A throttled attempt (429 TOO_MANY_ATTEMPTS) shows tooManyAttempts with its wait instead of `key`.
    showFailure: assign((_, params: { key: string; error?: unknown }) => {
      const throttled = tooManyAttemptsMessage(params.error);
      return throttled ? { error: throttled.key, errorVars: { ...throttled.vars } } : { error: params.key, errorVars: {} };
    }),
    /** Keeps what the sign-in produced: the machine's output. */
    keepSignIn: assign((_, params: SignInOutput) => ({ signedIn: params, error: null })),
    handOverToSession,
  },
  guards: {
    /** The page has an emailed token. */
    hasToken: ({ context }) => context.token !== null,
    /** The domain's `requestEmailError` finds nothing wrong with the email. */
    emailIsValid: ({ event }) => requestEmailError(event.email) === null,
  },
}).createMachine({
  id: 'magicLink',
  description:
    'Magic-link sign-in (identity-and-routes.md §4 "Magic link"). Without a token: the email form; a valid email is sent to GET token/alt/magic-email and the page shows magicLinkSent (the same answer whether or not the account exists), a failure shows failedToSend. With a token: it is exchanged at once, exactly once, at POST token/alt/magic-email; the tokens go to the session as after an ID sign-in, a failure shows failedToMagicLogin.',
  context: ({ input }) => ({
    token: typeof input.token === 'string' && input.token.trim() !== '' ? input.token.trim() : null,
    email: '',
    error: null,
    signedIn: null,
    env: input,
  }),
  output: ({ context }) => context.signedIn,
  initial: 'choosing',
  states: {
    choosing: {
      description: 'Exchanges the token when the page has one, else shows the email form.',
      always: [{ guard: 'hasToken', target: 'exchanging' }, { target: 'editing' }],
    },
    editing: {
      description: 'The email form; a validation error (emailIsEmpty, emailInvalid) shows here.',
      on: requestTransitions,
    },
    sending: {
      description: 'Asking for the magic-link email.',
      invoke: {
        id: 'sendLink',
        src: 'sendLink',
        input: ({ context }) => ({ api: context.env.api, email: context.email }),
        onDone: { target: 'sent', actions: 'clearError' },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ key: MAGIC_LINK_SEND_FAILED_KEY, error: event.error }) } },
      },
    },
    sent: {
      description: 'magicLinkSent: the email is on its way if the account exists. Another request resends.',
      on: requestTransitions,
    },
    exchanging: {
      description: 'Trading the emailed token for a session (once per token).',
      invoke: {
        id: 'exchange',
        src: 'exchange',
        input: ({ context }) => ({ api: context.env.api, token: context.token ?? '' }),
        onDone: { target: 'signedIn', actions: signedInActions((context: MagicLinkContext) => ({ search: context.env.search ?? '' })) },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ key: MAGIC_LINK_LOGIN_FAILED_KEY, error: event.error }) } },
      },
    },
    signedIn: {
      type: 'final',
      description: 'Signed in: the session holds the tokens and takes the viewer to the target of §2 "After sign-in completion".',
    },
    failed: {
      description: 'failedToSend or failedToMagicLogin shows; the viewer may ask for a new link.',
      on: requestTransitions,
    },
  },
});

/** The magic link machine's type. */
export type MagicLinkMachine = typeof magicLinkMachine;
