import { assign, fromPromise, setup } from 'xstate';
import { FAVOURITE_TOGGLE_DEBOUNCE_MS, favouriteConfirmed, favouriteRefused, favouriteRequest, initialFavouriteToggle, toggleFavourite } from '../../domain/favourites.js';
import type { FavouriteToggleContext, FavouriteToggleEvent, FavouriteToggleInput, SetFavouriteActorInput } from './favouriteToggle.types.js';

/**
 * The favourite toggle of one title (a heart on a card or a watch page). Implements
 * commerce-and-account-data.md §7 "Favourites" and §9 "Toggle debounce 500 ms" with the rules of
 * `domain/favourites`.
 *
 * Optimistic: `favourite.toggle` flips the heart at once (`toggleFavourite`). The platform is told
 * once the toggles pause for {@link FAVOURITE_TOGGLE_DEBOUNCE_MS} (named delay
 * `favouriteToggleDebounce`), and only when the chosen state differs from the platform's
 * (`favouriteRequest`): a burst of toggles sends at most one request and ends in the last state
 * chosen. Toggles while a request is on its way are kept and sent after it, debounced again. A
 * refused request (the input's `setFavourite` rejects) rolls the heart back to the platform's
 * state (`favouriteRefused`) and sets `refused`, which the view shows until the next toggle or
 * `favourite.dismiss`.
 */
export const favouriteToggleMachine = setup({
  types: {} as { context: FavouriteToggleContext; events: FavouriteToggleEvent; input: FavouriteToggleInput },
  actors: {
    /** `setFavourite({ id, favourite, signal })` of the input; the output is the state the platform now holds. */
    setFavourite: fromPromise<boolean, SetFavouriteActorInput>(async ({ input, signal }) => {
      await input.setFavourite({ id: input.id, favourite: input.favourite, signal });
      return input.favourite;
    }),
  },
  actions: {
    toggle: assign(({ context }) => ({ toggle: toggleFavourite(context.toggle), refused: false, error: null })),
    confirm: assign(({ context }, params: { favourite: boolean }) => ({ toggle: favouriteConfirmed(context.toggle, params.favourite) })),
    rollBack: assign(({ context }, params: { error: unknown }) => ({ toggle: favouriteRefused(context.toggle), refused: true, error: params.error })),
    sync: assign((_, params: { favourite: boolean }) => ({ toggle: initialFavouriteToggle(params.favourite) })),
    dismiss: assign({ refused: false, error: null }),
  },
  guards: {
    /** The chosen state differs from the platform's: a request is needed. */
    requestNeeded: ({ context }) => favouriteRequest(context.toggle) !== undefined,
  },
  delays: {
    /** {@link FAVOURITE_TOGGLE_DEBOUNCE_MS}. */
    favouriteToggleDebounce: FAVOURITE_TOGGLE_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'favouriteToggle',
  description:
    'A favourite heart (commerce §7 "Favourites", §9 "Toggle debounce 500 ms"): optimistic toggles, the platform told after a 500 ms pause (named delay favouriteToggleDebounce) with at most one PUT or DELETE per burst, rolled back visibly when the platform refuses.',
  context: ({ input }) => ({
    id: input.id,
    toggle: initialFavouriteToggle(input.favourite === true),
    refused: false,
    error: null,
    env: { setFavourite: input.setFavourite },
  }),
  initial: 'idle',
  on: {
    'favourite.dismiss': { actions: 'dismiss' },
  },
  states: {
    idle: {
      description: 'The heart shows what the platform holds.',
      on: {
        'favourite.toggle': { target: 'debouncing', actions: 'toggle' },
        'favourite.sync': { actions: { type: 'sync', params: ({ event }) => ({ favourite: event.favourite }) } },
      },
    },
    debouncing: {
      description: 'The heart shows the state chosen; the platform is told once the toggles pause for 500 ms, if the state chosen differs from its own.',
      after: { favouriteToggleDebounce: [{ guard: 'requestNeeded', target: 'sending' }, { target: 'idle' }] },
      on: { 'favourite.toggle': { target: 'debouncing', reenter: true, actions: 'toggle' } },
    },
    sending: {
      description: 'PUT or DELETE on its way; toggles meanwhile are kept and sent after it.',
      invoke: {
        id: 'setFavourite',
        src: 'setFavourite',
        input: ({ context }) => ({ setFavourite: context.env.setFavourite, id: context.id, favourite: context.toggle.chosen }),
        onDone: { target: 'settled', actions: { type: 'confirm', params: ({ event }) => ({ favourite: event.output }) } },
        onError: { target: 'idle', actions: { type: 'rollBack', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'favourite.toggle': { actions: 'toggle' } },
    },
    settled: {
      description: 'The platform confirmed; toggled again meanwhile: debounce again, else done.',
      always: [{ guard: 'requestNeeded', target: 'debouncing' }, { target: 'idle' }],
    },
  },
});

/** The favourite-toggle machine's type. */
export type FavouriteToggleMachine = typeof favouriteToggleMachine;
