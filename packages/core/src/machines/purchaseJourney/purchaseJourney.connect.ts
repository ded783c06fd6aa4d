import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Licence } from '../../contracts/licences.js';
import type { PurchaseBlockReason } from '../../domain/index.js';
import type { PurchaseJourneyMachine } from './purchaseJourney.machine.js';
import {
  JOURNEY_STEPS,
  type JourneyPaymentMethod,
  type JourneyRefusal,
  type JourneyStep,
  type PurchaseJourneyEvent,
} from './purchaseJourney.types.js';

/** A running purchase journey actor. */
export type PurchaseJourneyActorRef = ActorRefFrom<PurchaseJourneyMachine>;
/** A snapshot of the purchase journey machine. */
export type PurchaseJourneySnapshot = SnapshotFrom<PurchaseJourneyMachine>;

/** What a journey view needs. */
export interface PurchaseJourneyApi {
  /** The step to render, or null when blocked, signed in (sign-in-only flow) or exited. */
  step: JourneyStep | null;
  /** Show the sign-up restricted modal with {@link PurchaseJourneyApi.blockReason}. */
  blocked: boolean;
  blockReason: PurchaseBlockReason | null;
  /** A sign-in-only flow finished: go to the target. */
  signedIn: boolean;
  /** The viewer left the journey: go back to where it started. */
  exited: boolean;
  licenceId: string | null;
  paymentMethod: JourneyPaymentMethod | null;
  /** Why the chosen licence was refused (a label key: `licenceAlreadyActive`), or null. */
  refusal: JourneyRefusal | null;
  /** Entry mode UPGRADE (identity §4): the payment step says "Upgrade to …" and shows the credit line. */
  upgrade: boolean;
  /** The plans changed (for example after signing in): the journey checks the chosen licence again. */
  licencesLoaded(licences: readonly Licence[]): void;
  authDone(blockReason?: PurchaseBlockReason | null): void;
  switchAuth(): void;
  acceptConsent(checked: Record<string, boolean>): void;
  selectPackage(licenceId: string): void;
  chooseMethod(kind: JourneyPaymentMethod): void;
  paymentDone(): void;
  back(): void;
}

/** Turns a journey snapshot and its `send` into what a view needs. */
export function connectPurchaseJourney(
  snapshot: PurchaseJourneySnapshot,
  send: (event: PurchaseJourneyEvent) => void,
): PurchaseJourneyApi {
  const value = typeof snapshot.value === 'string' ? snapshot.value : '';
  const step = (JOURNEY_STEPS as readonly string[]).includes(value) ? (value as JourneyStep) : null;
  return {
    step,
    blocked: snapshot.matches('blocked'),
    blockReason: snapshot.context.blockReason,
    signedIn: snapshot.matches('signedIn'),
    exited: snapshot.matches('exited'),
    licenceId: snapshot.context.licenceId,
    paymentMethod: snapshot.context.paymentMethod,
    refusal: snapshot.context.refusal,
    upgrade: snapshot.context.entryMode === 'UPGRADE',
    licencesLoaded: (licences) => send({ type: 'licences.loaded', licences }),
    authDone: (blockReason) => send(blockReason == null ? { type: 'auth.done' } : { type: 'auth.done', blockReason }),
    switchAuth: () => send({ type: 'auth.switch' }),
    acceptConsent: (checked) => send({ type: 'consent.accept', checked }),
    selectPackage: (licenceId) => send({ type: 'package.select', licenceId }),
    chooseMethod: (kind) => send({ type: 'payment.method', kind }),
    paymentDone: () => send({ type: 'payment.done' }),
    back: () => send({ type: 'back' }),
  };
}
