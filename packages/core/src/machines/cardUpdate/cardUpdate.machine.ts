import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import { cardChangeFailure, currentCardOf } from '../../domain/index.js';
import type { AccountCards, CardUpdateContext, CardUpdateEvent, CardUpdateFailure, CardUpdateInput } from './cardUpdate.types.js';

/** The card paying for licence `licenceId` among `data` (the domain's `currentCardOf`), as the first choice; `''` when none. */
function currentCardId(data: AccountCards, licenceId: string): string {
  const licence = data.licences.find((l) => l.id === licenceId);
  return licence === undefined ? '' : (currentCardOf(data.cards, licence.id, licence)?.cardId ?? '');
}

/**
 * PAYMENT_UPDATE: which stored card pays for one of the viewer's licences. Implements
 * commerce-and-account-data.md §3 "Card", §7 `POST licences/{licenceId}/card/{cardId}` with
 * `checkBillingDetails=true` and §8.
 *
 * `loading` (actor `loadAccount`: `api.licences.mine()` and `api.cards.list()`) → `ready` with the
 * card paying for the licence chosen (`loadFailed` offers `retry`). `card.select` chooses another
 * card; `card.submit` without a choice → the `noChoice` failure, else → `saving` (actor
 * `attachCard`) → `changed`, or back to `ready` with the domain's `cardChangeFailure` (a 424 asks
 * for the billing details at the checkout; a 404 means the licence or the card went away: the
 * account is read again, `refreshing`, the choice kept).
 */
export const cardUpdateMachine = setup({
  types: {} as { context: CardUpdateContext; events: CardUpdateEvent; input: CardUpdateInput },
  actors: {
    /** `api.licences.mine()` and `api.cards.list()`, at once. */
    loadAccount: fromPromise<AccountCards, { api: ApiClient }>(async ({ input }) => {
      const [mine, stored] = await Promise.all([input.api.licences.mine(), input.api.cards.list()]);
      return { licences: mine.licences, cards: stored.cards };
    }),
    /** `api.cards.attachToLicence({ params: { licenceId, cardId }, query: { checkBillingDetails: 'true' } })`. */
    attachCard: fromPromise<unknown, { api: ApiClient; licenceId: string; cardId: string }>(async ({ input }) =>
      input.api.cards.attachToLicence({ params: { licenceId: input.licenceId, cardId: input.cardId }, query: { checkBillingDetails: 'true' } }),
    ),
  },
  actions: {
    storeAccount: assign(({ context }, params: { data: AccountCards; keepChoice: boolean }) => ({
      licences: params.data.licences,
      cards: params.data.cards,
      selected: params.keepChoice ? context.selected : currentCardId(params.data, context.licenceId),
    })),
    select: assign((_, params: { cardId: string }) => ({ selected: params.cardId })),
    /** A new failure object each time: the view announces each one, the same one twice included. */
    storeFailure: assign((_, params: { failure: CardUpdateFailure }) => ({ failure: { ...params.failure } })),
    clearFailure: assign({ failure: null }),
    storeChanged: assign(({ context }) => ({ changed: context.cards.find((card) => card.cardId === context.selected) ?? null })),
  },
  guards: {
    /** The chosen card is one of the account's. */
    cardChosen: ({ context }) => context.cards.some((card) => card.cardId === context.selected),
    /** The failure is a 404: the licence or the card went away. */
    gone: (_, params: { error: unknown }) => cardChangeFailure(params.error).kind === 'notFound',
  },
}).createMachine({
  id: 'cardUpdate',
  description:
    'PAYMENT_UPDATE (commerce §7 POST licences/{licenceId}/card/{cardId}?checkBillingDetails=true): the account\'s licences and cards load, the card paying for the licence is chosen first, another stored card can be chosen and saved. A 424 asks for the billing details at the checkout; a 404 reads the account again.',
  context: ({ input }) => ({
    licenceId: input.licenceId,
    licences: [],
    cards: [],
    selected: '',
    failure: null,
    changed: null,
    env: { api: input.api },
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "The account's licences and stored cards load.",
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => ({ api: context.env.api }),
        onDone: { target: 'ready', actions: { type: 'storeAccount', params: ({ event }) => ({ data: event.output, keepChoice: false }) } },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      description: 'The account could not be read (unknownError); retry reads it again.',
      on: { retry: { target: 'loading' } },
    },
    ready: {
      description: 'The licence, its card and the stored cards to choose from.',
      on: {
        'card.select': { actions: { type: 'select', params: ({ event }) => ({ cardId: event.cardId }) } },
        'card.submit': [
          { guard: 'cardChosen', target: 'saving', actions: 'clearFailure' },
          { actions: { type: 'storeFailure', params: { failure: { kind: 'noChoice' } } } },
        ],
      },
    },
    saving: {
      description: 'POST licences/{licenceId}/card/{cardId}?checkBillingDetails=true.',
      invoke: {
        id: 'attachCard',
        src: 'attachCard',
        input: ({ context }) => ({ api: context.env.api, licenceId: context.licenceId, cardId: context.selected }),
        onDone: { target: 'changed', actions: 'storeChanged' },
        onError: [
          {
            guard: { type: 'gone', params: ({ event }) => ({ error: event.error }) },
            target: 'refreshing',
            actions: { type: 'storeFailure', params: { failure: { kind: 'notFound' } } },
          },
          { target: 'ready', actions: { type: 'storeFailure', params: ({ event }) => ({ failure: cardChangeFailure(event.error) }) } },
        ],
      },
    },
    refreshing: {
      description: 'After a 404: the account is read again, the failure and the choice kept.',
      on: { 'card.select': { actions: { type: 'select', params: ({ event }) => ({ cardId: event.cardId }) } } },
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => ({ api: context.env.api }),
        onDone: { target: 'ready', actions: { type: 'storeAccount', params: ({ event }) => ({ data: event.output, keepChoice: true }) } },
        onError: { target: 'ready' },
      },
    },
    changed: {
      description: 'The licence is now paid with context.changed.',
      type: 'final',
    },
  },
});

/** The card update machine's type. */
export type CardUpdateMachine = typeof cardUpdateMachine;
