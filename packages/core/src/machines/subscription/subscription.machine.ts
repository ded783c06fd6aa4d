import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { CancellationPromo, Licence } from '../../contracts/index.js';
import { errorFacts } from '../../domain/loginErrors.js';
import type {
  LicenceActorInput,
  PauseActorInput,
  SubscriptionContext,
  SubscriptionEvent,
  SubscriptionInput,
} from './subscription.types.js';

/** Message key shown when a failed call carries no server message (§8 "default is anErrorOccured"). */
export const GENERIC_ERROR_KEY = 'anErrorOccured';

/**
 * What to show for a failed licence call: the error's server `messages` (an `ApiError`, or any
 * platform error body) that are non-empty strings, joined with one space; `'anErrorOccured'` when
 * there are none (`NetworkError`, `ContractError`, anything else). Never throws.
 * Implements commerce-and-account-data.md §8 "Cancel licence: shows the joined server messages".
 */
export function joinedServerMessages(error: unknown): string {
  const messages = errorFacts(error).messages.map((m) => m.trim()).filter((m) => m !== '');
  return messages.length > 0 ? messages.join(' ') : GENERIC_ERROR_KEY;
}

type Updated = { licence: Licence };

const lifecycleActor = (call: (api: ApiClient, params: { id: string }) => Promise<Updated>) =>
  fromPromise<Updated, LicenceActorInput>(({ input }) => call(input.api, { id: input.licenceId }));

/** The events that start an action, the same in `idle`, `updated` and `error` (each clears the last error). */
const ACTION_EVENTS = {
  'licence.pause': { target: 'pausing', actions: 'clearError' },
  'licence.resume': { target: 'resuming', actions: 'clearError' },
  'licence.reactivate': { target: 'reactivating', actions: 'clearError' },
  'licence.cancel': { target: 'verifyingPromo', actions: 'clearError' },
  'downgrade.withdraw': { target: 'withdrawingDowngrade', actions: 'clearError' },
} as const;

/** The licence's id and the client: the input of every licence call but pause. */
const licenceInput = ({ context }: { context: SubscriptionContext }): LicenceActorInput => ({
  api: context.env.api,
  licenceId: context.licence.id,
});

/** A failed call: its joined server messages, then `error`. */
const onCallError = { target: 'error', actions: { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } } as const;

/** A state that runs the licence call `src` and, with its answer, replaces the licence (→ `updated`). */
function licenceCall<const TSrc extends 'resumeLicence' | 'reactivateLicence' | 'cancelLicence' | 'withdrawDowngrade' | 'redeemPromo'>(
  src: TSrc,
  description: string,
) {
  return {
    description,
    invoke: {
      id: src,
      src,
      input: licenceInput,
      onDone: { target: 'updated', actions: { type: 'storeLicence', params: ({ event }: { event: { output: Updated } }) => ({ licence: event.output.licence }) } },
      onError: onCallError,
    },
  } as const;
}

/**
 * One licence of the signed-in account and its lifecycle: pause, resume, cancel (with the
 * cancellation promo) and reactivate. Implements commerce-and-account-data.md §6 ("Pause, resume
 * and cancel are per-licence actions"), §7 "Licences" (the calls) and §8 "Cancel licence".
 *
 * `idle` (also `updated` after a success, and `error`) accepts `licence.pause { resumeAfter? }` →
 * `pausing`, `licence.resume` → `resuming`, `licence.reactivate` → `reactivating`, and
 * `licence.cancel` → `verifyingPromo`, `downgrade.withdraw` → `withdrawingDowngrade` (the
 * scheduled downgrade is withdrawn). A verified promo that is `available` → `offeringPromo`,
 * where `promo.redeem` → `redeemingPromo`, `promo.refuse` → `refusingPromo` → `cancelling`, and
 * `promo.dismiss` → `idle` (nothing sent). No promo → `confirmingCancel`, where the viewer is
 * asked first: `cancel.confirm` → `cancelling`, `promo.dismiss` → `idle` (nothing sent). Every call's answer
 * replaces `context.licence` (→ `updated`); every failure → `error` with
 * {@link joinedServerMessages}. Which actions apply to a licence is a domain rule; this machine
 * does not repeat it. Calls are never retried by themselves.
 */
export const subscriptionMachine = setup({
  types: {} as { context: SubscriptionContext; events: SubscriptionEvent; input: SubscriptionInput },
  actors: {
    /** `api.licences.pause({ params: { id }, body: { config: { resumeAfter } } })` (body `{}` without `resumeAfter`) → `{ licence }`. */
    pauseLicence: fromPromise<Updated, PauseActorInput>(({ input }) =>
      input.api.licences.pause({
        params: { id: input.licenceId },
        body: input.resumeAfter === undefined ? {} : { config: { resumeAfter: input.resumeAfter } },
      }),
    ),
    /** `api.licences.resume({ params: { id } })` → `{ licence }`. */
    resumeLicence: lifecycleActor((api, params) => api.licences.resume({ params })),
    /** `api.licences.reactivate({ params: { id } })` → `{ licence }`. */
    reactivateLicence: lifecycleActor((api, params) => api.licences.reactivate({ params })),
    /** `api.licences.cancel({ params: { id } })` (plain cancel: the promo was verified, refused or not offered) → `{ licence }`. */
    cancelLicence: lifecycleActor((api, params) => api.licences.cancel({ params })),
    /** `api.licences.cancelDowngrade({ params: { id } })` (withdraws the scheduled downgrade) → `{ licence }`. */
    withdrawDowngrade: lifecycleActor((api, params) => api.licences.cancelDowngrade({ params })),
    /** `api.promos.verify({ params: { id } })` → `{ available, discount?, description? }`. */
    verifyPromo: fromPromise<CancellationPromo, LicenceActorInput>(({ input }) => input.api.promos.verify({ params: { id: input.licenceId } })),
    /** `api.promos.redeem({ params: { id } })` → `{ licence }` with the discount. */
    redeemPromo: lifecycleActor((api, params) => api.promos.redeem({ params })),
    /** `api.promos.refuse({ params: { id } })`; the answer is not used. */
    refusePromo: fromPromise<unknown, LicenceActorInput>(({ input }) => input.api.promos.refuse({ params: { id: input.licenceId } })),
  },
  actions: {
    clearError: assign({ error: null }),
    storeLicence: assign((_, params: { licence: Licence }) => ({ licence: params.licence, promo: null, error: null })),
    storePromo: assign((_, params: { promo: CancellationPromo }) => ({ promo: params.promo })),
    clearPromo: assign({ promo: null }),
    storeError: assign((_, params: { error: unknown }) => ({ error: joinedServerMessages(params.error), promo: null })),
  },
  guards: {
    /** The verify answer offers a promo (`available: true`). */
    promoAvailable: (_, params: { promo: CancellationPromo }) => params.promo.available === true,
  },
}).createMachine({
  id: 'subscription',
  description:
    'One licence of the account: pause, resume, cancel and reactivate (commerce §6, §7 "Licences"). Cancel first verifies the cancellation promo; an available promo is offered (redeem, refuse then cancel, or keep the licence); without one the viewer confirms the cancel first. Each answer replaces the licence; a failure shows the server messages joined (§8 "Cancel licence").',
  context: ({ input }) => ({ licence: input.licence, promo: null, error: null, env: { api: input.api } }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing running; the view offers the actions the domain allows for the licence.',
      on: ACTION_EVENTS,
    },
    pausing: {
      description: 'POST active-licences/{id}/pause, with config.resumeAfter when chosen.',
      invoke: {
        id: 'pauseLicence',
        src: 'pauseLicence',
        input: ({ context, event }) => ({
          ...licenceInput({ context }),
          ...(event.type === 'licence.pause' && event.resumeAfter !== undefined ? { resumeAfter: event.resumeAfter } : {}),
        }),
        onDone: { target: 'updated', actions: { type: 'storeLicence', params: ({ event }) => ({ licence: event.output.licence }) } },
        onError: onCallError,
      },
    },
    resuming: licenceCall('resumeLicence', 'POST active-licences/{id}/resume.'),
    reactivating: licenceCall('reactivateLicence', 'PUT reactivate-licence/{id}: a cancelled licence renews again.'),
    verifyingPromo: {
      description: 'GET cancellation-promo/{id}/verify: is a discount offered to stay?',
      invoke: {
        id: 'verifyPromo',
        src: 'verifyPromo',
        input: licenceInput,
        onDone: [
          {
            guard: { type: 'promoAvailable', params: ({ event }) => ({ promo: event.output }) },
            target: 'offeringPromo',
            actions: { type: 'storePromo', params: ({ event }) => ({ promo: event.output }) },
          },
          { target: 'confirmingCancel' },
        ],
        onError: onCallError,
      },
    },
    offeringPromo: {
      description: 'The promo is shown: redeem it, refuse it (the cancel follows) or keep the licence.',
      on: {
        'promo.redeem': { target: 'redeemingPromo' },
        'promo.refuse': { target: 'refusingPromo' },
        'promo.dismiss': { target: 'idle', actions: 'clearPromo' },
      },
    },
    confirmingCancel: {
      description: 'No promo: the viewer is asked first (what is lost, when access ends); confirm cancels, dismiss keeps the licence.',
      on: {
        'cancel.confirm': { target: 'cancelling' },
        'promo.dismiss': { target: 'idle' },
      },
    },
    redeemingPromo: licenceCall('redeemPromo', 'POST cancellation-promo/{id}/redeem: the discount applies, the licence stays.'),
    refusingPromo: {
      description: 'POST cancellation-promo/{id}/refuse; then the cancel.',
      invoke: {
        id: 'refusePromo',
        src: 'refusePromo',
        input: licenceInput,
        onDone: { target: 'cancelling', actions: 'clearPromo' },
        onError: onCallError,
      },
    },
    cancelling: licenceCall('cancelLicence', 'DELETE active-licences/{id}: auto-renew stops, access lasts until expiry.'),
    withdrawingDowngrade: licenceCall(
      'withdrawDowngrade',
      'DELETE active-licences/{id}/downgrade: the scheduled downgrade is withdrawn; the plan renews as it is (docs/api.md "Plan changes").',
    ),
    updated: {
      description: 'The last call succeeded and the licence was replaced by its answer; accepts the same actions as idle.',
      on: ACTION_EVENTS,
    },
    error: {
      description: 'The last call failed; context.error holds the joined server messages. An action event retries.',
      on: { 'error.dismiss': { target: 'idle', actions: 'clearError' }, ...ACTION_EVENTS },
    },
  },
});

/** The subscription machine's type. */
export type SubscriptionMachine = typeof subscriptionMachine;
