import type { SnapshotFrom } from 'xstate';
import type { Licence, PriceMigrationConsent } from '../../contracts/index.js';
import type { PriceMigrationMachine } from './priceMigration.machine.js';
import type { PriceMigrationEvent } from './priceMigration.types.js';

/** A snapshot of the price-migration machine. */
export type PriceMigrationSnapshot = SnapshotFrom<PriceMigrationMachine>;

/** What a view needs for a price-migration consent. */
export interface PriceMigrationApi {
  /** True while the consent is being sent (buttons disabled). */
  submitting: boolean;
  /** True once the platform took the consent. */
  done: boolean;
  /** The consent being sent or last sent, or null. */
  consent: PriceMigrationConsent | null;
  /** The updated licence once done, else null. */
  licence: Licence | null;
  /** Joined server messages or the key `'anErrorOccured'` (render with `t(error)`), else null. */
  error: string | null;
  /** Sends LEAVE: the licence ends at the old price. Ignored while submitting or done. */
  leave(): void;
  /** Sends CONTINUE: the licence renews at the new price. Ignored while submitting or done. */
  accept(): void;
}

/** Turns a price-migration snapshot and its `send` into what a view needs. */
export function connectPriceMigration(
  snapshot: PriceMigrationSnapshot,
  send: (event: PriceMigrationEvent) => void,
): PriceMigrationApi {
  return {
    submitting: snapshot.matches('submitting'),
    done: snapshot.matches('done'),
    consent: snapshot.context.consent,
    licence: snapshot.context.licence,
    error: snapshot.context.error,
    leave: () => send({ type: 'consent.leave' }),
    accept: () => send({ type: 'consent.continue' }),
  };
}
