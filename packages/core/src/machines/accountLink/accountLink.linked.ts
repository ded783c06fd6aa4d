import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { LinkedAccountEntry, LinkedAccounts } from '../../contracts/index.js';
import { UNLINK_FAILED_KEY } from '../../domain/social.js';
import type { SessionReceiver } from '../session/session.signIn.js';

/** Input of the `linkedAccounts` machine. */
export interface LinkedAccountsInput {
  /** Platform client: `api.social.linkedAccounts` and `api.social.unlink`. */
  api: ApiClient;
  /**
   * The session, told the current links (`session.linkedAccounts`) whenever they load or an
   * unlink ends, so that the providers page does not offer an unlinked Adobe account. Optional.
   */
  session?: SessionReceiver;
}

/** Context of the `linkedAccounts` machine. */
export interface LinkedAccountsContext {
  /** The account's links, once loaded. */
  accounts: LinkedAccountEntry[];
  /** The provider being unlinked, else null. */
  unlinking: string | null;
  /** The provider whose unlink failed (the error shows next to it), else null. */
  failedProvider: string | null;
  /** Message key of the last failure (`anErrorOccured`), else null. */
  error: string | null;
  env: LinkedAccountsInput;
}

/** Events: `unlink` a provider, `retry` loading after a failed load. */
export type LinkedAccountsEvent = { type: 'unlink'; provider: string } | { type: 'retry' };

/**
 * The account page's linked providers with Unlink (identity-and-routes.md §7 "the unlink-provider
 * call", §8 "Unlink provider failure shows a generic error"; docs/api.md "Social sign-in").
 *
 * - `loading`: actor `loadLinkedAccounts` (`api.social.linkedAccounts`) → `ready`; a failure →
 *   `loadFailed` (`retry` loads again).
 * - `ready`: `unlink { provider }` for a listed provider → `unlinking` (actor `unlink` =
 *   `api.social.unlink({ params: { provider } })`) → `ready` with the remaining links; a failure → `ready` with
 *   `anErrorOccured` and `failedProvider`, the list kept.
 * - Each loaded or remaining list is handed to `input.session` as `session.linkedAccounts`.
 */
export const linkedAccountsMachine = setup({
  types: {} as { context: LinkedAccountsContext; events: LinkedAccountsEvent; input: LinkedAccountsInput },
  actors: {
    loadLinkedAccounts: fromPromise<LinkedAccounts, { api: ApiClient }>(({ input }) => input.api.social.linkedAccounts()),
    unlink: fromPromise<LinkedAccounts, { api: ApiClient; provider: string }>(({ input }) =>
      input.api.social.unlink({ params: { provider: input.provider } }),
    ),
  },
  guards: {
    isListed: ({ context }, params: { provider: string }) => context.accounts.some((account) => account.provider === params.provider),
  },
  actions: {
    setAccounts: assign((_, params: { answer: LinkedAccounts }) => ({ accounts: params.answer.linkedAccounts, unlinking: null })),
    /** Tells the session the account's links now (`session.linkedAccounts`). */
    reportToSession: ({ context }, params: { answer: LinkedAccounts }) => {
      context.env.session?.send({ type: 'session.linkedAccounts', linkedAccounts: params.answer.linkedAccounts });
    },
    startUnlink: assign((_, params: { provider: string }) => ({ unlinking: params.provider, error: null, failedProvider: null })),
    showUnlinkFailure: assign(({ context }) => ({ error: UNLINK_FAILED_KEY, failedProvider: context.unlinking, unlinking: null })),
    showLoadFailure: assign({ error: UNLINK_FAILED_KEY }),
    clearError: assign({ error: null, failedProvider: null }),
  },
}).createMachine({
  id: 'linkedAccounts',
  description:
    'The account page\'s linked providers (Apple, Google, Facebook) with Unlink: load the links, unlink one (DELETE /user/linked-accounts/{provider}); a failed unlink keeps the list and shows the generic error (identity §8).',
  context: ({ input }) => ({ accounts: [], unlinking: null, failedProvider: null, error: null, env: input }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the linked providers.',
      invoke: {
        src: 'loadLinkedAccounts',
        input: ({ context }) => ({ api: context.env.api }),
        onDone: { target: 'ready', actions: [
            { type: 'setAccounts', params: ({ event }) => ({ answer: event.output }) },
            { type: 'reportToSession', params: ({ event }) => ({ answer: event.output }) },
          ],
        },
        onError: { target: 'loadFailed', actions: 'showLoadFailure' },
      },
    },
    loadFailed: {
      description: 'The list could not load; Retry.',
      on: { retry: { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      description: 'The list with an Unlink button per provider.',
      on: {
        unlink: {
          guard: { type: 'isListed', params: ({ event }) => ({ provider: event.provider }) },
          target: 'unlinking',
          actions: { type: 'startUnlink', params: ({ event }) => ({ provider: event.provider }) },
        },
      },
    },
    unlinking: {
      description: 'Unlinking one provider.',
      invoke: {
        src: 'unlink',
        input: ({ context }) => ({ api: context.env.api, provider: context.unlinking ?? '' }),
        onDone: { target: 'ready', actions: [
            { type: 'setAccounts', params: ({ event }) => ({ answer: event.output }) },
            { type: 'reportToSession', params: ({ event }) => ({ answer: event.output }) },
          ],
        },
        onError: { target: 'ready', actions: 'showUnlinkFailure' },
      },
    },
  },
});

/** What a view needs for the linked-accounts section. */
export interface LinkedAccountsApi {
  status: 'loading' | 'failed' | 'ready';
  accounts: LinkedAccountEntry[];
  /** The provider being unlinked (its button shows progress), else null. */
  unlinking: string | null;
  /** The provider whose unlink failed, else null. */
  failedProvider: string | null;
  /** Message key to show (`anErrorOccured`), else null. */
  error: string | null;
  unlink(provider: string): void;
  retry(): void;
}

/** Turns a linkedAccounts snapshot and its `send` into what the view renders. */
export function connectLinkedAccounts(
  snapshot: SnapshotFrom<typeof linkedAccountsMachine>,
  send: (event: LinkedAccountsEvent) => void,
): LinkedAccountsApi {
  const status = snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'failed' : 'ready';
  return {
    status,
    accounts: snapshot.context.accounts,
    unlinking: snapshot.context.unlinking,
    failedProvider: snapshot.context.failedProvider,
    error: snapshot.context.error,
    unlink: (provider) => send({ type: 'unlink', provider }),
    retry: () => send({ type: 'retry' }),
  };
}
