import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CancellationPromo, Licence } from '../../contracts/index.js';
import type { SubscriptionMachine } from './subscription.machine.js';
import type { SubscriptionEvent } from './subscription.types.js';

/** A running subscription actor. */
export type SubscriptionActorRef = ActorRefFrom<SubscriptionMachine>;
/** A snapshot of the subscription machine. */
export type SubscriptionSnapshot = SnapshotFrom<SubscriptionMachine>;

/**
 * Which call is running, for the view's progress: `'cancelling'` covers the whole cancel flow
 * (verifying the promo, redeeming or refusing it, the cancel itself); null when nothing runs.
 */
export type SubscriptionBusy = 'pausing' | 'resuming' | 'cancelling' | 'reactivating' | 'withdrawingDowngrade' | null;

/** What a view needs for one licence of the account. */
export interface SubscriptionApi {
  /** The licence as it now stands (the last answer's). */
  licence: Licence;
  /** The running call, or null. While busy the action handlers are ignored. */
  busy: SubscriptionBusy;
  /**
   * The cancellation promo to show (discount and description) while the viewer chooses, and while
   * redeeming or refusing it; null otherwise.
   */
  promo: CancellationPromo | null;
  /** True while the promo waits for the viewer's choice (the offer's buttons are live). */
  offeringPromo: boolean;
  /** True while the cancel waits for the viewer's confirmation (no promo offered). */
  confirmingCancel: boolean;
  /**
   * The error to show, or null: joined server text, or the key `'anErrorOccured'`. Render it
   * with the labels' `t(error)` (a key is translated; server text shows as is). §8 "Cancel licence".
   */
  error: string | null;
  /** True right after a successful call (the licence was just replaced), until the next action. */
  justUpdated: boolean;
  /** Pauses the licence; `resumeAfter` is an ISO 8601 date-time at which it resumes by itself. */
  pause(resumeAfter?: string): void;
  resume(): void;
  /** Starts the cancel: the promo is verified first and offered when available. */
  cancel(): void;
  reactivate(): void;
  /** Takes the offered discount; the licence stays. */
  redeemPromo(): void;
  /** Declines the offer; the licence is cancelled. */
  refusePromo(): void;
  /** Closes the offer or the confirmation and keeps the licence; nothing is sent. */
  keepLicence(): void;
  /** Confirms the cancel (no promo offered): the licence is cancelled. */
  confirmCancel(): void;
  /** Withdraws the downgrade scheduled for the end of the period: the current plan renews. */
  withdrawDowngrade(): void;
  /** Hides the error. */
  dismissError(): void;
}

const BUSY: Readonly<Record<string, SubscriptionBusy>> = {
  pausing: 'pausing',
  resuming: 'resuming',
  reactivating: 'reactivating',
  verifyingPromo: 'cancelling',
  redeemingPromo: 'cancelling',
  refusingPromo: 'cancelling',
  cancelling: 'cancelling',
  withdrawingDowngrade: 'withdrawingDowngrade',
};

/**
 * Turns a subscription snapshot and its `send` into what a view needs. Which buttons to show is
 * the domain's rule (the licence's allowed actions), not this function's.
 */
export function connectSubscription(
  snapshot: SubscriptionSnapshot,
  send: (event: SubscriptionEvent) => void,
): SubscriptionApi {
  const state = typeof snapshot.value === 'string' ? snapshot.value : '';
  return {
    licence: snapshot.context.licence,
    busy: BUSY[state] ?? null,
    promo: snapshot.context.promo,
    offeringPromo: snapshot.matches('offeringPromo'),
    confirmingCancel: snapshot.matches('confirmingCancel'),
    error: snapshot.context.error,
    justUpdated: snapshot.matches('updated'),
    pause: (resumeAfter) =>
      send(resumeAfter === undefined ? { type: 'licence.pause' } : { type: 'licence.pause', resumeAfter }),
    resume: () => send({ type: 'licence.resume' }),
    cancel: () => send({ type: 'licence.cancel' }),
    reactivate: () => send({ type: 'licence.reactivate' }),
    redeemPromo: () => send({ type: 'promo.redeem' }),
    refusePromo: () => send({ type: 'promo.refuse' }),
    keepLicence: () => send({ type: 'promo.dismiss' }),
    confirmCancel: () => send({ type: 'cancel.confirm' }),
    withdrawDowngrade: () => send({ type: 'downgrade.withdraw' }),
    dismissError: () => send({ type: 'error.dismiss' }),
  };
}
