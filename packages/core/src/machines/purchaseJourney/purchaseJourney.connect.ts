import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Licence, LicenceFamily } from '../../contracts/licences.js';
import {
  consentAnswers,
  type ConsentAnswer,
  type ConsentTerm,
  type JourneyPaymentMethod,
  type PaidItem,
  type PurchaseBlockReason,
} from '../../domain/index.js';
import { phaseOf } from './purchaseJourney.input.js';
import type { PurchaseJourneyMachine } from './purchaseJourney.machine.js';
import {
  JOURNEY_STEPS,
  type JourneyPhase,
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
  /** The step to render, or null while loading, when blocked, signed in (sign-in-only flow) or exited. */
  step: JourneyStep | null;
  /** The route's data loads (the checkout context and the plans). */
  loading: boolean;
  /** Which load failed: `plans` (couldntLoadLicences with Retry) or `context` (unknownError with Retry); null when none. */
  loadFailure: 'plans' | 'context' | null;
  /** After signing in on LOGIN or SIGNUP: the account is being checked, or the check failed (unknownError with Retry). */
  authCheck: 'idle' | 'checking' | 'failed';
  /** Show the sign-up restricted modal with {@link PurchaseJourneyApi.blockReason}. */
  blocked: boolean;
  blockReason: PurchaseBlockReason | null;
  /** A sign-in-only flow finished: go to the target. */
  signedIn: boolean;
  /** The viewer left the journey: the app goes back to where it started. */
  exited: boolean;
  licenceId: string | null;
  paymentMethod: JourneyPaymentMethod | null;
  /** Why the chosen licence was refused (a label key: `licenceAlreadyActive`), or null. */
  refusal: JourneyRefusal | null;
  /** Entry mode UPGRADE (identity §4): the payment step says "Upgrade to …" and shows the credit line. */
  upgrade: boolean;
  /** The plans by family, as listed (the account's own licences in place, with their status). */
  families: readonly LicenceFamily[];
  /** The phases the progress indicator names, and the current one (null when every phase is done or none is shown). */
  phases: readonly JourneyPhase[];
  phase: JourneyPhase | null;
  /** The consent terms of the CONSENT step. */
  consentTerms: readonly ConsentTerm[];
  /** The answers sent with the payment: one per BINARY_CHOICE term accepted at the CONSENT step. */
  consent: ConsentAnswer[];
  /** The licence whose downgrade is being scheduled (its button shows progress), or null. */
  downgrading: string | null;
  /** The last downgrade's failure (server text, or the `anErrorOccured` key), or null. */
  downgradeError: string | null;
  /** What the payment's confirmation shows, once paid. */
  completion: PaidItem | null;
  /** The safe in-app path the journey started from, or null. */
  from: string | null;
  /** Loads again what failed (the journey's data, the account check). */
  retry(): void;
  /** The plans changed (for example after signing in): the journey checks the chosen licence again. */
  licencesLoaded(licences: readonly Licence[]): void;
  authDone(blockReason?: PurchaseBlockReason | null): void;
  switchAuth(): void;
  acceptConsent(checked: Record<string, boolean>): void;
  selectPackage(licenceId: string): void;
  /** Schedules the downgrade of the held licence `fromId` to `licenceId` at renewal. */
  downgrade(licenceId: string, fromId: string): void;
  chooseMethod(kind: JourneyPaymentMethod): void;
  paymentDone(completion?: PaidItem | null): void;
  back(): void;
}

/** Turns a journey snapshot and its `send` into what a view needs. */
export function connectPurchaseJourney(
  snapshot: PurchaseJourneySnapshot,
  send: (event: PurchaseJourneyEvent) => void,
): PurchaseJourneyApi {
  const { context } = snapshot;
  const value = typeof snapshot.value === 'string' ? snapshot.value : (Object.keys(snapshot.value)[0] ?? '');
  const step = (JOURNEY_STEPS as readonly string[]).includes(value) ? (value as JourneyStep) : null;
  const inAuth = (sub: 'checking' | 'checkFailed') => snapshot.matches({ LOGIN: sub }) || snapshot.matches({ SIGNUP: sub });
  return {
    step,
    loading: snapshot.matches('start') || snapshot.matches('loading'),
    loadFailure: snapshot.matches('loadFailed') ? context.loadFailure : null,
    authCheck: inAuth('checking') ? 'checking' : inAuth('checkFailed') ? 'failed' : 'idle',
    blocked: snapshot.matches('blocked'),
    blockReason: context.blockReason,
    signedIn: snapshot.matches('signedIn'),
    exited: snapshot.matches('exited'),
    licenceId: context.licenceId,
    paymentMethod: context.paymentMethod,
    refusal: context.refusal,
    upgrade: context.entryMode === 'UPGRADE',
    families: context.families,
    phases: context.phases,
    phase: step === null ? null : phaseOf(step),
    consentTerms: context.consentTerms,
    consent: consentAnswers(context.consentTerms, context.consentChecked),
    downgrading: context.downgrading,
    downgradeError: context.downgradeError,
    completion: context.completion,
    from: context.from,
    retry: () => send({ type: 'retry' }),
    licencesLoaded: (licences) => send({ type: 'licences.loaded', licences }),
    authDone: (blockReason) => send(blockReason == null ? { type: 'auth.done' } : { type: 'auth.done', blockReason }),
    switchAuth: () => send({ type: 'auth.switch' }),
    acceptConsent: (checked) => send({ type: 'consent.accept', checked }),
    selectPackage: (licenceId) => send({ type: 'package.select', licenceId }),
    downgrade: (licenceId, fromId) => send({ type: 'plan.downgrade', licenceId, fromId }),
    chooseMethod: (kind) => send({ type: 'payment.method', kind }),
    paymentDone: (completion) => send(completion === undefined ? { type: 'payment.done' } : { type: 'payment.done', completion }),
    back: () => send({ type: 'back' }),
  };
}
