import { assign, fromPromise, setup } from 'xstate';
import type { Licence, PriceMigrationConsent } from '../../contracts/index.js';
import { joinedServerMessages } from '../subscription/subscription.machine.js';
import type {
  ConsentActorInput,
  PriceMigrationContext,
  PriceMigrationEvent,
  PriceMigrationInput,
} from './priceMigration.types.js';

/**
 * The viewer's consent to a price migration: `idle` → `consent.leave` | `consent.continue` →
 * `submitting` (actor `submitConsent` = `api.licences.priceMigrationConsent({ params: { id:
 * migrationId }, body: { status: 'LEAVE' | 'CONTINUE' } })`) → `done` (final; output: the updated licence) or `error` (the joined
 * server messages; the same events retry). Implements commerce-and-account-data.md §4 "Price
 * migration consent" and §7 `PUT price-migration/{id}/consent`.
 */
export const priceMigrationMachine = setup({
  types: {} as {
    context: PriceMigrationContext;
    events: PriceMigrationEvent;
    input: PriceMigrationInput;
    output: Licence;
  },
  actors: {
    /** `api.licences.priceMigrationConsent({ params: { id: migrationId }, body: { status } })` → `{ licence }`. */
    submitConsent: fromPromise<{ licence: Licence }, ConsentActorInput>(({ input }) =>
      input.api.licences.priceMigrationConsent({ params: { id: input.migrationId }, body: { status: input.status } }),
    ),
  },
  actions: {
    recordConsent: assign((_, params: { consent: PriceMigrationConsent }) => ({ consent: params.consent, error: null })),
    storeLicence: assign((_, params: { licence: Licence }) => ({ licence: params.licence, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: joinedServerMessages(params.error) })),
  },
}).createMachine({
  id: 'priceMigration',
  description:
    'The viewer consents to a price migration: LEAVE or CONTINUE (commerce §4 "Price migration consent"), sent with PUT price-migration/{id}/consent; done outputs the updated licence, a failure shows the joined server messages and the same events retry.',
  context: ({ input }) => ({
    migrationId: input.migrationId,
    consent: null,
    licence: null,
    error: null,
    env: { api: input.api },
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Waiting for the viewer to choose.',
      on: {
        'consent.leave': { target: 'submitting', actions: { type: 'recordConsent', params: { consent: 'LEAVE' } } },
        'consent.continue': { target: 'submitting', actions: { type: 'recordConsent', params: { consent: 'CONTINUE' } } },
      },
    },
    submitting: {
      description: 'Sending the consent.',
      invoke: {
        id: 'submitConsent',
        src: 'submitConsent',
        input: ({ context }) => ({
          api: context.env.api,
          migrationId: context.migrationId,
          status: context.consent ?? 'CONTINUE',
        }),
        onDone: { target: 'done', actions: { type: 'storeLicence', params: ({ event }) => ({ licence: event.output.licence }) } },
        onError: { target: 'error', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final', description: 'The platform took the consent; output: the updated licence.' },
    error: {
      description: 'The consent was not taken; the same events retry.',
      on: {
        'consent.leave': { target: 'submitting', actions: { type: 'recordConsent', params: { consent: 'LEAVE' } } },
        'consent.continue': { target: 'submitting', actions: { type: 'recordConsent', params: { consent: 'CONTINUE' } } },
      },
    },
  },
  output: ({ context }) => context.licence as Licence,
});

/** The price-migration machine's type. */
export type PriceMigrationMachine = typeof priceMigrationMachine;
