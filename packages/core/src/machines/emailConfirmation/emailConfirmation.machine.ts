import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import { emailConfirmationFailure } from '../../domain/index.js';
import type { EmailConfirmationContext, EmailConfirmationEvent, EmailConfirmationInput } from './emailConfirmation.types.js';
import { oncePerToken } from '../magicLink/magicLink.machine.js';

/**
 * `api.emailConfirmation.confirm({ body: { token } })`, once per client and token (a repeated effect spends
 * the single-use token once; every caller gets the same answer).
 */
export const confirmEmailOnce = oncePerToken((api, token) => api.emailConfirmation.confirm({ body: { token } }));

/** Input of the `confirm` actor: `POST /user/email-confirmation { token }`. */
export interface ConfirmActorInput {
  api: ApiClient;
  token: string;
}

/**
 * The email confirmation page (identity-and-routes.md §2 "Email confirmation page", §8 "Email
 * confirmation"). Input {@link EmailConfirmationInput} `{ api, token }`. No token → `failed` at
 * once (nothing is sent); else `confirming` with the `confirm` actor (`confirmEmailOnce(api,
 * token)`) → `confirmed` (`email` set), or by the domain's `emailConfirmationFailure`: 404 →
 * `invalidToken`, anything else → `failed`. Every end is final; no events. Never throws.
 */
export const emailConfirmationMachine = setup({
  types: {} as { context: EmailConfirmationContext; events: EmailConfirmationEvent; input: EmailConfirmationInput },
  actors: {
    /** `api.emailConfirmation.confirm({ body: { token } })`, once per client and token → `{ email }`. */
    confirm: fromPromise<{ email: string }, ConfirmActorInput>(({ input }) => confirmEmailOnce(input.api, input.token)),
  },
  actions: {
    storeEmail: assign((_, params: { email: string }) => ({ email: params.email })),
  },
  guards: {
    /** The page has a token. */
    hasToken: ({ context }) => context.token !== null,
    /** The failure is a 404: the token is unknown, used or expired (domain `emailConfirmationFailure`). */
    isInvalidToken: (_, params: { error: unknown }) => emailConfirmationFailure(params.error) === 'invalidToken',
  },
}).createMachine({
  id: 'emailConfirmation',
  description:
    'The email confirmation page (identity-and-routes.md §2, §8). The token of the emailed link is confirmed once at POST user/email-confirmation; success shows the welcome text with Login now (the email pre-filled), a 404 the invalid-token message, any other failure or a missing token something went wrong.',
  context: ({ input }) => ({
    token: typeof input.token === 'string' && input.token.trim() !== '' ? input.token.trim() : null,
    email: null,
    env: { api: input.api },
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'A missing token fails at once; otherwise the token is confirmed.',
      always: [{ guard: 'hasToken', target: 'confirming' }, { target: 'failed' }],
    },
    confirming: {
      description: 'Confirming the token (once per token).',
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ context }) => ({ api: context.env.api, token: context.token ?? '' }),
        onDone: { target: 'confirmed', actions: { type: 'storeEmail', params: ({ event }) => ({ email: event.output.email }) } },
        onError: [
          { guard: { type: 'isInvalidToken', params: ({ event }) => ({ error: event.error }) }, target: 'invalidToken' },
          { target: 'failed' },
        ],
      },
    },
    confirmed: { type: 'final', description: 'Welcome: the address is confirmed; Login now goes to login with the email.' },
    invalidToken: { type: 'final', description: 'The token is unknown, used or expired (404): the invalid-token message.' },
    failed: { type: 'final', description: 'No token, or any other failure: something went wrong.' },
  },
});

/** The email confirmation machine's type. */
export type EmailConfirmationMachine = typeof emailConfirmationMachine;
