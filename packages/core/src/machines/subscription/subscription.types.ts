import type { ApiClient } from '../../api/types.js';
import type { CancellationPromo, Licence } from '../../contracts/index.js';

/** Input of the subscription machine: one licence of the signed-in account. */
export interface SubscriptionInput {
  /** Platform client; the actors call `api.licences.*` and `api.promos.*` (bearer required). */
  api: ApiClient;
  /** The account's licence as `api.licences.mine()` answered it (§3 "Licence"). */
  licence: Licence;
}

/** Context of the subscription machine. */
export interface SubscriptionContext {
  /** The licence as it now stands: replaced by the `licence` of every successful call's answer. */
  licence: Licence;
  /**
   * The cancellation promo on offer (`promos.verify` answered `available: true`), while the viewer
   * chooses and while redeeming or refusing it; null otherwise.
   */
  promo: CancellationPromo | null;
  /**
   * What to show after a failed call: the server's messages joined with one space
   * (commerce-and-account-data.md §8 "Cancel licence: shows the joined server messages"), or the
   * message key `'anErrorOccured'` when the error carries none (no answer, a broken answer).
   * Pass it through the labels (`t(error)`): a key is translated, server text shows as is.
   * Null when there is no error.
   */
  error: string | null;
  /** Internal: the client. */
  env: { api: ApiClient };
}

/**
 * Events of the subscription machine. Which actions the view offers is a domain rule (the
 * licence's allowed actions); the machine accepts each action event in `idle`, `updated` and
 * `error`, and ignores them while a call is running.
 */
export type SubscriptionEvent =
  /** Pause the licence; `resumeAfter` (ISO 8601 date-time) resumes it by itself then. */
  | { type: 'licence.pause'; resumeAfter?: string }
  | { type: 'licence.resume' }
  | { type: 'licence.reactivate' }
  /** Start the cancel: the cancellation promo is verified first. */
  | { type: 'licence.cancel' }
  /** Take the offered discount instead of cancelling. */
  | { type: 'promo.redeem' }
  /** Decline the offer and cancel. */
  | { type: 'promo.refuse' }
  /** Close the offer (or the cancel confirmation) and keep the licence as it is: nothing is sent. */
  | { type: 'promo.dismiss' }
  /** Confirm the cancel asked when no promo is offered. */
  | { type: 'cancel.confirm' }
  /** Withdraw the downgrade scheduled for the end of the period (keep the current plan). */
  | { type: 'downgrade.withdraw' }
  /** Hide the error. */
  | { type: 'error.dismiss' };

/** Input of the lifecycle actors (`pauseLicence`, `resumeLicence`, ...): the client and the licence id. */
export interface LicenceActorInput {
  api: ApiClient;
  licenceId: string;
}

/** Input of the `pauseLicence` actor. */
export interface PauseActorInput extends LicenceActorInput {
  /** ISO 8601 date-time after which the licence resumes, when the viewer chose one. */
  resumeAfter?: string;
}
