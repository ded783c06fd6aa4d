import type { ApiClient } from '../../api/types.js';
import type { Licence, PriceMigrationConsent } from '../../contracts/index.js';

/** Input of the price-migration machine. */
export interface PriceMigrationInput {
  /** Platform client; the `submitConsent` actor calls `api.licences.priceMigrationConsent`. */
  api: ApiClient;
  /** Id of the price migration (`licence.priceMigration.id`). */
  migrationId: string;
}

/** Context of the price-migration machine. */
export interface PriceMigrationContext {
  migrationId: string;
  /** The consent being sent or last sent, or null before the viewer chose. */
  consent: PriceMigrationConsent | null;
  /** The licence the platform answered after the consent, or null until then. */
  licence: Licence | null;
  /** Joined server messages, or the key `'anErrorOccured'`, after a failure; else null. */
  error: string | null;
  /** Internal: the client. */
  env: { api: ApiClient };
}

/**
 * Events: the viewer's answer to a price migration (commerce-and-account-data.md §4 "Price
 * migration consent"): `consent.leave` (LEAVE: the licence ends at the old price) or
 * `consent.continue` (CONTINUE: it renews at the new price).
 */
export type PriceMigrationEvent = { type: 'consent.leave' } | { type: 'consent.continue' };

/** Input of the `submitConsent` actor. */
export interface ConsentActorInput {
  api: ApiClient;
  migrationId: string;
  status: PriceMigrationConsent;
}
