import { assign, setup } from 'xstate';
import type { Licence } from '../../contracts/licences.js';
import { consentPending, isConsentValid, planChange, purchaseBlockReason, type PurchaseBlockReason } from '../../domain/index.js';
import type {
  JourneyPaymentMethod,
  PurchaseJourneyContext,
  PurchaseJourneyEvent,
  PurchaseJourneyInput,
} from './purchaseJourney.types.js';

export type {
  JourneyEntryMode,
  JourneyFlowType,
  JourneyPaymentMethod,
  JourneyRefusal,
  JourneyStep,
  PurchaseJourneyContext,
  PurchaseJourneyEvent,
  PurchaseJourneyInput,
} from './purchaseJourney.types.js';
export { JOURNEY_STEPS } from './purchaseJourney.types.js';

const buys = (context: PurchaseJourneyContext): boolean => context.flowType === 'purchase' || context.flowType === 'signup';

/** The domain's `planChange` for licence `licenceId` given the plans `licences` (null id: no change). */
const changeOf = (licences: readonly Licence[], licenceId: string | null) => {
  if (licenceId === null) return null;
  const candidate = licences.find((l) => l.id === licenceId) ?? { id: licenceId, name: '' };
  return planChange(candidate, licences);
};

/** The block reason `auth.done` carries, as the params of `blockedAfterAuth` and `storeBlock`. */
const authBlockReason = ({ event }: { event: Extract<PurchaseJourneyEvent, { type: 'auth.done' }> }) => ({
  reason: event.blockReason,
});

/**
 * Where LOGIN and SIGNUP go on `auth.done` (the same for both): blocked (the account may not buy),
 * signedIn (a sign-in-only flow), CONSENT (terms to accept), PAYMENT_PAGE (a licence is chosen), or
 * PACKAGE_SELECTION; the viewer is signed in on every branch.
 */
const AFTER_AUTH = [
  {
    guard: { type: 'blockedAfterAuth', params: authBlockReason },
    target: 'blocked',
    actions: ['signIn', { type: 'storeBlock', params: authBlockReason }],
  },
  { guard: 'signInOnly', target: 'signedIn', actions: 'signIn' },
  { guard: 'hasConsentTerms', target: 'CONSENT', actions: 'signIn' },
  { guard: 'hasLicence', target: 'PAYMENT_PAGE', actions: 'signIn' },
  { target: 'PACKAGE_SELECTION', actions: 'signIn' },
] as const;

/**
 * The purchase and sign-up journey: which step the checkout shows. Implements
 * identity-and-routes.md §4 (steps, entry modes, flow types) and §2 "Sign-up restricted modal".
 *
 * Start: a buying flow (`purchase`, `signup`) with a block reason → `blocked`; a guest entering
 * from the sign-up link (entry mode SIGNUP) → `SIGNUP`; a guest with a licence already chosen →
 * `LOGIN`; anyone else without a licence → `PACKAGE_SELECTION` (a guest sees the plans before
 * signing in); a signed-in viewer with a licence → `CONSENT` while the domain's `consentPending`
 * holds for the account's accepted consents (every buyer gives the required consent once; the
 * same on `package.select`), else `PAYMENT_PAGE`. `package.select` stores the
 * licence and goes to `LOGIN` for a guest, else `PAYMENT_PAGE`. `auth.switch` swaps LOGIN and
 * SIGNUP; `auth.done` → `blocked` (the account may not buy), `signedIn` (flow types `login`,
 * `signin_to_watch`: nothing to buy), `CONSENT` when there are consent terms, else straight to
 * `PAYMENT_PAGE` (a licence is chosen) or `PACKAGE_SELECTION`; `consent.accept` (only when the
 * domain's `isConsentValid` holds) → `PAYMENT_PAGE` or `PACKAGE_SELECTION`; `payment.method`
 * card / paypal / new → `CREDIT_CARD_PAYMENT` / `PAYPAL_PAYMENT` / `NEW_PAYMENT`; `payment.done`
 * (from those and from the payment page: zero balance, stored card) → `PAYMENT_COMPLETE`. `back`
 * goes one step back: payment steps → `PAYMENT_PAGE` → `PACKAGE_SELECTION`; from LOGIN, SIGNUP,
 * CONSENT, PACKAGE_SELECTION and `blocked` → `exited`.
 *
 * Plan changes (commerce §4 "Selectable", docs/api.md "Plan changes"): the guard `licenceHeld`
 * calls the domain's `planChange` over the plans (`input.licences`, then `licences.loaded`). A
 * licence held active is refused: `package.select` stays on PACKAGE_SELECTION, a signed-in start
 * with it goes there, and `licences.loaded` on PAYMENT_PAGE (after signing in as its holder) goes
 * back there, each with `refusal` = `licenceAlreadyActive`. Choosing an upgrade sets entry mode
 * UPGRADE (identity §4), which words the payment step ("Upgrade to …", the credit line).
 */
export const purchaseJourneyMachine = setup({
  types: {} as { context: PurchaseJourneyContext; events: PurchaseJourneyEvent; input: PurchaseJourneyInput },
  actions: {
    storeBlock: assign((_, params: { reason: PurchaseBlockReason | null | undefined }) => ({ blockReason: params.reason ?? null })),
    signIn: assign({ signedIn: true }),
    /** Keeps the checks and counts the ticked terms as accepted (consent is given once per journey). */
    storeConsent: assign(({ context }, params: { checked: Record<string, boolean> }) => ({
      consentChecked: { ...params.checked },
      acceptedConsents: [
        ...context.acceptedConsents,
        ...Object.keys(params.checked).filter((name) => params.checked[name] === true && !context.acceptedConsents.includes(name)),
      ],
    })),
    storeMethod: assign((_, params: { kind: JourneyPaymentMethod }) => ({ paymentMethod: params.kind })),
    clearMethod: assign({ paymentMethod: null }),
    storeLicences: assign((_, params: { licences: readonly Licence[] }) => ({ licences: Array.isArray(params.licences) ? params.licences : [] })),
    /** The chosen licence is held active: back to the plans with the `licenceAlreadyActive` refusal. */
    refuseHeld: assign({ refusal: 'licenceAlreadyActive' as const, licenceId: null }),
    /** A chosen licence: clears the refusal; entry mode UPGRADE when the domain's `planChange` says UPGRADE. */
    choose: assign(({ context }, params: { licenceId: string }) => ({
      licenceId: params.licenceId,
      refusal: null,
      entryMode: changeOf(context.licences, params.licenceId)?.kind === 'UPGRADE' ? ('UPGRADE' as const) : context.entryMode,
    })),
  },
  guards: {
    /** A buying flow with a block reason (the domain's `purchaseBlockReason`). */
    blocked: ({ context }) => buys(context) && context.blockReason !== null,
    /** `auth.done` named a block reason and the flow buys. */
    blockedAfterAuth: ({ context }, params: { reason: PurchaseBlockReason | null | undefined }) =>
      buys(context) && params.reason != null,
    /** A guest entering from the sign-up link. */
    guestSigningUp: ({ context }) => !context.signedIn && context.entryMode === 'SIGNUP',
    guest: ({ context }) => !context.signedIn,
    /** A licence is already chosen. */
    hasLicence: ({ context }) => context.licenceId !== null,
    /** A guest with a licence already chosen: sign in before paying. */
    guestWithLicence: ({ context }) => !context.signedIn && context.licenceId !== null,
    /** There are consent terms to show (none: the CONSENT step is skipped). */
    hasConsentTerms: ({ context }) => context.consentTerms.length > 0,
    /** A signed-in buyer whose account has not accepted every required term (domain `consentPending`). */
    signedInConsentPending: ({ context }) => buys(context) && context.signedIn && consentPending(context.consentTerms, context.acceptedConsents),
    /** A licence is chosen and the signed-in buyer has consent pending. */
    licenceWithConsentPending: ({ context }) =>
      context.licenceId !== null && buys(context) && context.signedIn && consentPending(context.consentTerms, context.acceptedConsents),
    /** The flow type only signs in (`login`, `signin_to_watch`). */
    signInOnly: ({ context }) => !buys(context),
    /** Every required term is ticked (domain `isConsentValid`). */
    consentValid: ({ context }, params: { checked: Record<string, boolean> }) => isConsentValid(context.consentTerms, params.checked),
    /** The consent is valid and a licence is already chosen. */
    consentValidWithLicence: ({ context }, params: { checked: Record<string, boolean> }) =>
      isConsentValid(context.consentTerms, params.checked) && context.licenceId !== null,
    /** The payer chose a stored card. */
    cardChosen: (_, params: { kind: JourneyPaymentMethod }) => params.kind === 'card',
    /** The payer chose PayPal. */
    paypalChosen: (_, params: { kind: JourneyPaymentMethod }) => params.kind === 'paypal',
    /** The payer chose to add a new payment method. */
    newChosen: (_, params: { kind: JourneyPaymentMethod }) => params.kind === 'new',
    /** The licence is held active: the domain's `planChange` (§4 "Selectable") says HELD. */
    licenceHeld: ({ context }, params: { licenceId: string | null; licences?: readonly Licence[] }) =>
      changeOf(params.licences ?? context.licences, params.licenceId)?.kind === 'HELD',
  },
}).createMachine({
  id: 'purchaseJourney',
  description:
    'The purchase and sign-up journey steps (identity §4): PACKAGE_SELECTION (a guest sees the plans first, except from the sign-up link), LOGIN or SIGNUP for a guest, CONSENT when there are terms, PAYMENT_PAGE, the payment method step, PAYMENT_COMPLETE. A blocked purchase shows the sign-up restricted modal (identity §2).',
  context: ({ input }) => ({
    entryMode: input.entryMode,
    flowType: input.flowType,
    signedIn: input.signedIn === true,
    licenceId: typeof input.licenceId === 'string' && input.licenceId !== '' ? input.licenceId : null,
    blockReason: input.blockReason ?? (input.visitor === undefined ? null : purchaseBlockReason(input.visitor)),
    consentTerms: Array.isArray(input.consentTerms) ? input.consentTerms : [],
    acceptedConsents: Array.isArray(input.acceptedConsents) ? input.acceptedConsents.filter((name) => typeof name === 'string') : [],
    consentChecked: {},
    paymentMethod: null,
    licences: Array.isArray(input.licences) ? input.licences : [],
    refusal: null,
  }),
  initial: 'start',
  on: {
    'licences.loaded': { actions: { type: 'storeLicences', params: ({ event }) => ({ licences: event.licences }) } },
  },
  states: {
    start: {
      description: 'Chooses the first step from the input.',
      always: [
        { guard: 'blocked', target: 'blocked' },
        { guard: 'guestSigningUp', target: 'SIGNUP' },
        { guard: 'guestWithLicence', target: 'LOGIN' },
        {
          guard: { type: 'licenceHeld', params: ({ context }) => ({ licenceId: context.licenceId }) },
          target: 'PACKAGE_SELECTION',
          actions: 'refuseHeld',
        },
        { guard: 'licenceWithConsentPending', target: 'CONSENT' },
        { guard: 'hasLicence', target: 'PAYMENT_PAGE' },
        { target: 'PACKAGE_SELECTION' },
      ],
    },
    blocked: {
      description: 'The sign-up restricted modal with context.blockReason; back closes it.',
      on: { back: { target: 'exited' } },
    },
    LOGIN: {
      description: 'Sign in; auth.switch goes to SIGNUP.',
      on: {
        'auth.switch': { target: 'SIGNUP' },
        'auth.done': [...AFTER_AUTH],
        back: { target: 'exited' },
      },
    },
    SIGNUP: {
      description: 'Create an account; auth.switch goes to LOGIN.',
      on: {
        'auth.switch': { target: 'LOGIN' },
        'auth.done': [...AFTER_AUTH],
        back: { target: 'exited' },
      },
    },
    CONSENT: {
      description: 'The terms of use; accepted only when every required term is ticked.',
      on: {
        'consent.accept': [
          {
            guard: { type: 'consentValidWithLicence', params: ({ event }) => ({ checked: event.checked }) },
            target: 'PAYMENT_PAGE',
            actions: { type: 'storeConsent', params: ({ event }) => ({ checked: event.checked }) },
          },
          {
            guard: { type: 'consentValid', params: ({ event }) => ({ checked: event.checked }) },
            target: 'PACKAGE_SELECTION',
            actions: { type: 'storeConsent', params: ({ event }) => ({ checked: event.checked }) },
          },
        ],
        back: { target: 'exited' },
      },
    },
    PACKAGE_SELECTION: {
      description: 'Choose a licence; a guest then signs in.',
      on: {
        'package.select': [
          {
            guard: { type: 'licenceHeld', params: ({ event }) => ({ licenceId: event.licenceId }) },
            actions: 'refuseHeld',
          },
          {
            guard: 'guest',
            target: 'LOGIN',
            actions: { type: 'choose', params: ({ event }) => ({ licenceId: event.licenceId }) },
          },
          {
            guard: 'signedInConsentPending',
            target: 'CONSENT',
            actions: { type: 'choose', params: ({ event }) => ({ licenceId: event.licenceId }) },
          },
          {
            target: 'PAYMENT_PAGE',
            actions: { type: 'choose', params: ({ event }) => ({ licenceId: event.licenceId }) },
          },
        ],
        back: { target: 'exited' },
      },
    },
    PAYMENT_PAGE: {
      description: 'The basket and the payment methods; a zero balance or a stored card pays from here.',
      entry: 'clearMethod',
      on: {
        'licences.loaded': [
          {
            guard: { type: 'licenceHeld', params: ({ context, event }) => ({ licenceId: context.licenceId, licences: event.licences }) },
            target: 'PACKAGE_SELECTION',
            actions: [{ type: 'storeLicences', params: ({ event }) => ({ licences: event.licences }) }, 'refuseHeld'],
          },
          { actions: { type: 'storeLicences', params: ({ event }) => ({ licences: event.licences }) } },
        ],
        'payment.method': [
          {
            guard: { type: 'cardChosen', params: ({ event }) => ({ kind: event.kind }) },
            target: 'CREDIT_CARD_PAYMENT',
            actions: { type: 'storeMethod', params: ({ event }) => ({ kind: event.kind }) },
          },
          {
            guard: { type: 'paypalChosen', params: ({ event }) => ({ kind: event.kind }) },
            target: 'PAYPAL_PAYMENT',
            actions: { type: 'storeMethod', params: ({ event }) => ({ kind: event.kind }) },
          },
          {
            guard: { type: 'newChosen', params: ({ event }) => ({ kind: event.kind }) },
            target: 'NEW_PAYMENT',
            actions: { type: 'storeMethod', params: ({ event }) => ({ kind: event.kind }) },
          },
        ],
        'payment.done': { target: 'PAYMENT_COMPLETE' },
        back: { target: 'PACKAGE_SELECTION' },
      },
    },
    CREDIT_CARD_PAYMENT: {
      description: 'Pay with a card.',
      on: { 'payment.done': { target: 'PAYMENT_COMPLETE' }, back: { target: 'PAYMENT_PAGE' } },
    },
    PAYPAL_PAYMENT: {
      description: 'Pay with PayPal.',
      on: { 'payment.done': { target: 'PAYMENT_COMPLETE' }, back: { target: 'PAYMENT_PAGE' } },
    },
    NEW_PAYMENT: {
      description: 'Add a new payment method and pay.',
      on: { 'payment.done': { target: 'PAYMENT_COMPLETE' }, back: { target: 'PAYMENT_PAGE' } },
    },
    PAYMENT_COMPLETE: {
      description: 'Paid: the confirmation.',
      type: 'final',
    },
    signedIn: {
      description: 'A login or signin_to_watch flow ends at sign-in: the view goes to the target.',
      type: 'final',
    },
    exited: {
      description: 'The viewer left the journey (back from its first step, or closing the restricted modal).',
      type: 'final',
    },
  },
});

/** The purchase journey machine's type. */
export type PurchaseJourneyMachine = typeof purchaseJourneyMachine;
