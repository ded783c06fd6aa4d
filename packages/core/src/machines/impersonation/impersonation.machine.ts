import { assign, fromPromise, setup } from 'xstate';
import type { ImpersonationResponse } from '../../contracts/index.js';
import { IMPERSONATION_LINK_INVALID_KEY, impersonationFailure, impersonationToken } from '../../domain/impersonation.js';
import { oncePerToken } from '../magicLink/magicLink.machine.js';
import { handOverToSession, signedInActions, type SignInOutput } from '../session/session.signIn.js';
import type { ImpersonationContext, ImpersonationEvent, ImpersonationExchangeInput, ImpersonationInput } from './impersonation.types.js';

/**
 * `api.impersonation.token({ body: { impersonationToken: token } })`, once per client and token: a repeated effect or a second
 * mount of the page gets the same answer and the single-use token is sent once (a failure is
 * forgotten, so `retry` sends it again).
 */
export const exchangeImpersonationOnce = oncePerToken((api, token) => api.impersonation.token({ body: { impersonationToken: token } }));

/**
 * Impersonation through the IMPERSONATE route `/impersonate/:token` (identity-and-routes.md §6;
 * issue 5: "an impersonation token from its route is taken into the session and removed from
 * history"). Input {@link ImpersonationInput} `{ api, session, token }`.
 *
 * - `start`: a token without the platform's format (domain `impersonationToken`) → `failed`
 *   (`impersonationLinkInvalid`, nothing sent); else `exchanging`.
 * - `exchanging`: actor `exchangeToken` = {@link exchangeImpersonationOnce} (`POST
 *   /api/v2/impersonation/token`) → `signedIn` (final, output `{ tokens }`; `session.signedIn
 *   { tokens, afterSignIn: { search: '' } }` sent: the session replaces the history entry with
 *   the default menu page (HOME), so the token leaves the address bar and Back does not return to
 *   it) or `failed` (domain `impersonationFailure`: 404/400 →
 *   `impersonationLinkInvalid`, no retry; otherwise `impersonationFailed` with `canRetry`).
 * - `failed`: `retry` (only when `canRetry`) exchanges again.
 * Never throws; the token is never logged.
 */
export const impersonationMachine = setup({
  types: {} as { context: ImpersonationContext; events: ImpersonationEvent; input: ImpersonationInput; output: SignInOutput | null },
  actors: {
    /** `POST /api/v2/impersonation/token { impersonationToken }`, once per token. */
    exchangeToken: fromPromise<ImpersonationResponse, ImpersonationExchangeInput>(({ input }) => exchangeImpersonationOnce(input.api, input.token)),
  },
  guards: {
    /** The route's token has the platform's format. */
    hasToken: ({ context }) => context.token !== null,
    /** The last failure may go away on a second try. */
    canRetry: ({ context }) => context.canRetry,
  },
  actions: {
    /** Keeps what the sign-in produced: the machine's output. */
    keepSignIn: assign((_, params: SignInOutput) => ({ signedIn: params, error: null })),
    handOverToSession,
    failInvalid: assign({ error: IMPERSONATION_LINK_INVALID_KEY, canRetry: false }),
    failWith: assign((_, params: { error: unknown }) => {
      const { key, canRetry } = impersonationFailure(params.error);
      return { error: key, canRetry };
    }),
    clearError: assign({ error: null, canRetry: false }),
  },
}).createMachine({
  id: 'impersonation',
  description:
    'Impersonation (identity §6, route /impersonate/:token): a well-formed token is exchanged once for the user\'s session (POST /api/v2/impersonation/token), handed to the session, then the view replaces the history entry with HOME; an unknown, used or expired token shows impersonationLinkInvalid, any other failure impersonationFailed with retry.',
  context: ({ input }) => ({
    token: impersonationToken(input.token),
    signedIn: null,
    error: null,
    canRetry: false,
    env: input,
  }),
  output: ({ context }) => context.signedIn,
  initial: 'start',
  states: {
    start: {
      description: 'Checks the token of the route.',
      always: [{ guard: 'hasToken', target: 'exchanging' }, { target: 'failed', actions: 'failInvalid' }],
    },
    exchanging: {
      description: 'Exchanging the token for the user\'s session, once per token.',
      invoke: {
        id: 'exchangeToken',
        src: 'exchangeToken',
        input: ({ context }) => ({ api: context.env.api, token: context.token ?? '' }),
        // No sign-in query: the session goes to the default menu page (HOME), replacing this entry.
        onDone: { target: 'signedIn', actions: signedInActions(() => ({ search: '' })) },
        onError: { target: 'failed', actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signedIn: { type: 'final', description: 'The session holds the user\'s tokens and replaces the address with HOME.' },
    failed: {
      description: 'The link did not work; retry only when the failure may go away.',
      on: { retry: { guard: 'canRetry', target: 'exchanging', actions: 'clearError' } },
    },
  },
});

/** The impersonation machine's type. */
export type ImpersonationMachine = typeof impersonationMachine;
