import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { Licence, LicenceFamily } from '../../contracts/licences.js';
import {
  buildPath,
  consentPending,
  DEFAULT_MENU_ROUTE,
  isConsentValid,
  licenceFamiliesQuery,
  planChange,
  purchaseBlockReason,
  safeReturnPath,
  type JourneyPaymentMethod,
  type PaidItem,
  type PurchaseBlockReason,
} from '../../domain/index.js';
import { joinedServerMessages } from '../subscription/subscription.machine.js';
import { journeyInput, journeyPhases, queryWithLicence } from './purchaseJourney.input.js';
import type {
  AccountCheck,
  CheckoutQuery,
  JourneyLoad,
  PurchaseJourneyContext,
  PurchaseJourneyEvent,
  PurchaseJourneyInput,
  PurchaseJourneyRouteInput,
} from './purchaseJourney.types.js';

/** Which of the journey's loads failed: the plans or the checkout context. */
export class JourneyLoadError extends Error {
  constructor(
    readonly part: 'plans' | 'context',
    /** What the failed call raised. */
    readonly failure: unknown,
  ) {
    super(`purchase journey: the ${part} could not be loaded`);
    this.name = 'JourneyLoadError';
  }
}

/** The client of an actor's input; rejects when none was given. */
function client(api: ApiClient | null): ApiClient {
  if (api === null) throw new Error('purchase journey: no api client given');
  return api;
}

/** The plans by family (`GET licence-family?includeEntitlements=…`): the account's active licences in place, with their status. */
const loadFamilies = async (api: ApiClient): Promise<LicenceFamily[]> =>
  (await api.licences.families({ query: licenceFamiliesQuery() })).licenceFamilies;

const buys = (context: PurchaseJourneyContext): boolean => context.flowType === 'purchase' || context.flowType === 'signup';

/** The domain's `planChange` for licence `licenceId` given the plans `licences` (null id: no change). */
const changeOf = (licences: readonly Licence[], licenceId: string | null) => {
  if (licenceId === null) return null;
  const candidate = licences.find((l) => l.id === licenceId) ?? { id: licenceId, name: '' };
  return planChange(candidate, licences);
};

/** Every licence of the plans by family. */
const licencesOf = (families: readonly LicenceFamily[]): Licence[] => families.flatMap((family) => family.licences);

type AuthDoneEvent = Extract<PurchaseJourneyEvent, { type: 'auth.done' }>;
type PaymentDoneEvent = Extract<PurchaseJourneyEvent, { type: 'payment.done' }>;

/** Where LOGIN and SIGNUP go once the account is known (the same for both; see the machine's doc). */
const AFTER_AUTH = [
  { guard: 'blockedAfterAuth', target: '#purchaseJourney.blocked', actions: ['signIn', 'storeBlock'] },
  { guard: 'signInOnly', target: '#purchaseJourney.signedIn', actions: 'signIn' },
  { guard: 'chosenLicenceHeld', target: '#purchaseJourney.PACKAGE_SELECTION', actions: ['signIn', 'refuseHeld'] },
  { guard: 'hasConsentTerms', target: '#purchaseJourney.CONSENT', actions: 'signIn' },
  { guard: 'hasLicence', target: '#purchaseJourney.PAYMENT_PAGE', actions: 'signIn' },
  { target: '#purchaseJourney.PACKAGE_SELECTION', actions: 'signIn' },
] as const;

/**
 * LOGIN or SIGNUP (`other` is the one `auth.switch` goes to): the form; then, with a client, the
 * account check (`checkAccount`: a child profile may not buy; the account's plans), else the
 * block reason `auth.done` carries; then {@link AFTER_AUTH}.
 */
const authStep = (other: 'LOGIN' | 'SIGNUP', description: string) =>
  ({
    description,
    initial: 'form',
    on: { back: { target: '#purchaseJourney.exited' } },
    states: {
      form: {
        description: 'The sign-in or sign-up form.',
        on: {
          'auth.switch': { target: `#purchaseJourney.${other}` },
          'auth.done': [
            { guard: 'checksAccount', target: 'checking' },
            { target: 'checked', actions: { type: 'storeAuthBlock', params: ({ event }: { event: AuthDoneEvent }) => ({ reason: event.blockReason ?? null }) } },
          ],
        },
      },
      checking: {
        description: 'Signed in: the checkout context is read again with the new session (a child profile may not buy), with the plans.',
        invoke: {
          id: 'checkAccount',
          src: 'checkAccount',
          input: ({ context }: { context: PurchaseJourneyContext }) => ({ api: context.env.api }),
          onDone: {
            target: 'checked',
            actions: { type: 'storeAccountCheck', params: ({ event }: { event: DoneActorEvent<AccountCheck> }) => ({ check: event.output }) },
          },
          onError: { target: 'checkFailed' },
        },
      },
      checkFailed: {
        description: 'The account could not be checked (unknownError); retry checks again.',
        on: { retry: { target: 'checking' } },
      },
      checked: {
        description: 'Chooses where the journey goes with the account known.',
        always: [...AFTER_AUTH],
      },
    },
  }) as const;

/** The steps a payment completes from, with their `back` target. */
const paymentStep = (description: string) =>
  ({
    description,
    on: {
      'payment.done': {
        target: 'PAYMENT_COMPLETE',
        actions: { type: 'storeCompletion', params: ({ event }: { event: PaymentDoneEvent }) => ({ completion: event.completion }) },
      },
      back: { target: 'PAYMENT_PAGE' },
    },
  }) as const;

/**
 * The purchase and sign-up journey: which step the checkout shows, and its I/O. Implements
 * identity-and-routes.md §4 (steps, entry modes, flow types) and §2 "Sign-up restricted modal",
 * with commerce-and-account-data.md §2 (checkout load failures) and docs/api.md "Plan changes".
 *
 * The PURCHASE route's input (`route`, `signedIn`, `api`) loads first (`loading`, actor
 * `loadJourney`: the checkout context and the plans; `loadFailed` names which failed and offers
 * `retry`), then starts from `journeyInput(query, signedIn, context, families)`. An input that
 * gives everything starts at once.
 *
 * Start: a buying flow (`purchase`, `signup`) with a block reason → `blocked`; a guest entering
 * from the sign-up link (entry mode SIGNUP) → `SIGNUP`; a guest with a licence already chosen →
 * `LOGIN`; anyone else without a licence → `PACKAGE_SELECTION` (a guest sees the plans before
 * signing in); a signed-in viewer with a licence → `CONSENT` while the domain's `consentPending`
 * holds for the account's accepted consents (every buyer gives the required consent once; the
 * same on `package.select`), else `PAYMENT_PAGE`. `package.select` stores the licence (and puts
 * it in the address) and goes to `LOGIN` for a guest, else `PAYMENT_PAGE`. `auth.switch` swaps
 * LOGIN and SIGNUP; `auth.done` checks the account when there is a client (`checkAccount`; a
 * failure offers `retry`), then → `blocked` (the account may not buy), `signedIn` (flow types
 * `login`, `signin_to_watch`: nothing to buy), back to `PACKAGE_SELECTION` when the account holds
 * the chosen licence, `CONSENT` when there are consent terms, else straight to `PAYMENT_PAGE` (a
 * licence is chosen) or `PACKAGE_SELECTION`; `consent.accept` (only when the domain's
 * `isConsentValid` holds) → `PAYMENT_PAGE` or `PACKAGE_SELECTION`; `payment.method` card / paypal
 * / new → `CREDIT_CARD_PAYMENT` / `PAYPAL_PAYMENT` / `NEW_PAYMENT`; `payment.done` (from those and
 * from the payment page: zero balance, stored card) → `PAYMENT_COMPLETE` with what the
 * confirmation shows. `back` goes one step back: payment steps → `PAYMENT_PAGE` →
 * `PACKAGE_SELECTION`; from LOGIN, SIGNUP, CONSENT, PACKAGE_SELECTION and `blocked` → `exited`,
 * which goes back to `from` (or the default menu page). Arriving at `PACKAGE_SELECTION` removes
 * the licence from the address.
 *
 * Plan changes (commerce §4 "Selectable", docs/api.md "Plan changes"): the guard `licenceHeld`
 * calls the domain's `planChange` over the plans (`input.licences`, then `licences.loaded` or the
 * account check). A licence held active is refused: `package.select` stays on PACKAGE_SELECTION,
 * a signed-in start with it goes there, and `licences.loaded` on PAYMENT_PAGE (after signing in as
 * its holder) goes back there, each with `refusal` = `licenceAlreadyActive`. Choosing an upgrade
 * sets entry mode UPGRADE (identity §4), which words the payment step ("Upgrade to …", the credit
 * line). `plan.downgrade { licenceId, fromId }` on the plans schedules the downgrade at renewal
 * (actor `scheduleDowngrade`), then goes to the account page; a failure shows the server messages.
 *
 * Gift mode (GIFT_PAY, the route query's `gift`; docs/api.md "Gifts"): the same steps for the
 * gift's licence, but the buyer's own plans never refuse it nor make it an upgrade.
 */
export const purchaseJourneyMachine = setup({
  types: {} as {
    context: PurchaseJourneyContext;
    events: PurchaseJourneyEvent;
    input: PurchaseJourneyInput | PurchaseJourneyRouteInput;
  },
  actors: {
    /**
     * The PURCHASE route's data: `api.checkout.context()` and `api.licences.families({ query:
     * licenceFamiliesQuery() })`, at once. Rejects with a {@link JourneyLoadError} naming the
     * part that failed (the plans first).
     */
    loadJourney: fromPromise<JourneyLoad, { api: ApiClient | null }>(async ({ input }) => {
      const api = client(input.api);
      const [families, context] = await Promise.allSettled([loadFamilies(api), api.checkout.context()]);
      if (families.status === 'rejected') throw new JourneyLoadError('plans', families.reason);
      if (context.status === 'rejected') throw new JourneyLoadError('context', context.reason);
      return { context: context.value, families: families.value };
    }),
    /**
     * After signing in: `api.checkout.context()` again (the domain's `purchaseBlockReason`: a child
     * profile may not buy) and the plans again (the account's own in place; null when they
     * cannot be read: the old ones stay). Rejects when the context cannot be read.
     */
    checkAccount: fromPromise<AccountCheck, { api: ApiClient | null }>(async ({ input }) => {
      const api = client(input.api);
      const [context, families] = await Promise.all([api.checkout.context(), loadFamilies(api).catch(() => null)]);
      return { blockReason: purchaseBlockReason(context), families };
    }),
    /** `api.licences.scheduleDowngrade({ params: { id: fromId }, body: { licenceId } })`: the held plan switches at renewal. */
    scheduleDowngrade: fromPromise<unknown, { api: ApiClient | null; licenceId: string; fromId: string }>(async ({ input }) =>
      client(input.api).licences.scheduleDowngrade({ params: { id: input.fromId }, body: { licenceId: input.licenceId } }),
    ),
  },
  actions: {
    /** The loaded context and plans become the journey's start (`journeyInput`), and its phases (`journeyPhases`). */
    storeLoaded: assign(({ context }, params: { load: JourneyLoad }) => {
      const query = context.query as CheckoutQuery;
      const input = journeyInput(query, context.signedIn, params.load.context, params.load.families);
      const licences = licencesOf(params.load.families);
      return {
        entryMode: input.entryMode,
        licenceId: input.licenceId ?? null,
        blockReason: input.blockReason ?? null,
        consentTerms: input.consentTerms ?? [],
        acceptedConsents: input.acceptedConsents ?? [],
        families: params.load.families,
        licences,
        phases: journeyPhases({ ...input, licences }),
        query: null,
        loadFailure: null,
      };
    }),
    storeLoadFailure: assign((_, params: { error: unknown }) => ({
      loadFailure: params.error instanceof JourneyLoadError ? params.error.part : ('context' as const),
    })),
    storeAuthBlock: assign((_, params: { reason: PurchaseBlockReason | null }) => ({ authBlock: params.reason })),
    storeAccountCheck: assign(({ context }, params: { check: AccountCheck }) => {
      const families = params.check.families ?? context.families;
      return {
        authBlock: params.check.blockReason,
        families,
        licences: params.check.families === null ? context.licences : licencesOf(families),
      };
    }),
    storeBlock: assign(({ context }) => ({ blockReason: context.authBlock })),
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
      entryMode: !context.gift && changeOf(context.licences, params.licenceId)?.kind === 'UPGRADE' ? ('UPGRADE' as const) : context.entryMode,
    })),
    storeCompletion: assign((_, params: { completion: PaidItem | null | undefined }) => ({ completion: params.completion ?? null })),
    startDowngrade: assign((_, params: { licenceId: string }) => ({ downgrading: params.licenceId, downgradeError: null })),
    storeDowngradeError: assign((_, params: { error: unknown }) => ({ downgrading: null, downgradeError: joinedServerMessages(params.error) })),
    /** The chosen licence goes in the address (replace), so that a reload resumes there. */
    showLicenceInAddress: ({ context }, params: { licenceId: string }) => {
      const navigation = context.env.navigation;
      if (navigation === null) return;
      const query = queryWithLicence(navigation.current().search, params.licenceId);
      navigation.navigate(`${buildPath('PURCHASE', undefined, context.env.locale)}?${query}`, { replace: true });
    },
    /** Back at the plans: the address no longer names a licence, so a reload shows the plans again. */
    forgetLicenceInAddress: ({ context }) => {
      const navigation = context.env.navigation;
      if (navigation === null || !new URLSearchParams(navigation.current().search).has('licenceId')) return;
      const rest = queryWithLicence(navigation.current().search, null);
      navigation.navigate(`${buildPath('PURCHASE', undefined, context.env.locale)}${rest ? `?${rest}` : ''}`, { replace: true });
    },
    /** Leaving the journey goes to `from`, or the default menu page (replace). */
    leaveJourney: ({ context }) =>
      context.env.navigation?.navigate(context.from ?? buildPath(DEFAULT_MENU_ROUTE, undefined, context.env.locale), { replace: true }),
    /** After a downgrade: the account page shows the pending change. */
    goToAccount: ({ context }) => context.env.navigation?.navigate(buildPath('ACCOUNT', undefined, context.env.locale)),
  },
  guards: {
    /** The route's data is still to load. */
    needsLoad: ({ context }) => context.query !== null,
    /** A buying flow with a block reason (the domain's `purchaseBlockReason`). */
    blocked: ({ context }) => buys(context) && context.blockReason !== null,
    /** The last sign-in found a block reason and the flow buys. */
    blockedAfterAuth: ({ context }) => buys(context) && context.authBlock !== null,
    /** Signing in is followed by the account check (there is a client). */
    checksAccount: ({ context }) => context.env.api !== null,
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
      !context.gift && changeOf(params.licences ?? context.licences, params.licenceId)?.kind === 'HELD',
    /** A buying flow whose chosen licence the (newly signed-in) account holds active. */
    chosenLicenceHeld: ({ context }) => !context.gift && buys(context) && changeOf(context.licences, context.licenceId)?.kind === 'HELD',
  },
}).createMachine({
  id: 'purchaseJourney',
  description:
    'The purchase and sign-up journey steps (identity §4) with their I/O: the checkout context and the plans, the account check after signing in, downgrades scheduled from the plans. PACKAGE_SELECTION (a guest sees the plans first, except from the sign-up link), LOGIN or SIGNUP for a guest, CONSENT when there are terms, PAYMENT_PAGE, the payment method step, PAYMENT_COMPLETE. A blocked purchase shows the sign-up restricted modal (identity §2).',
  context: ({ input }) => {
    const route = 'route' in input ? input : null;
    const given: PurchaseJourneyInput =
      route !== null ? { entryMode: 'ACCOUNT', flowType: 'purchase', signedIn: route.signedIn, licenceId: route.route.licenceId } : (input as PurchaseJourneyInput);
    const licences = Array.isArray(given.licences) ? given.licences : [];
    return {
      entryMode: given.entryMode,
      flowType: given.flowType,
      signedIn: given.signedIn === true,
      licenceId: typeof given.licenceId === 'string' && given.licenceId !== '' ? given.licenceId : null,
      blockReason: given.blockReason ?? (given.visitor === undefined ? null : purchaseBlockReason(given.visitor)),
      consentTerms: Array.isArray(given.consentTerms) ? given.consentTerms : [],
      acceptedConsents: Array.isArray(given.acceptedConsents) ? given.acceptedConsents.filter((name) => typeof name === 'string') : [],
      consentChecked: {},
      paymentMethod: null,
      licences,
      refusal: null,
      families: Array.isArray(given.families) ? given.families : [],
      from: route !== null ? route.route.from : safeReturnPath(given.from),
      gift: route?.route.gift === true,
      query: route !== null ? route.route : null,
      loadFailure: null,
      phases: route !== null ? [] : journeyPhases(given),
      authBlock: null,
      downgrading: null,
      downgradeError: null,
      completion: null,
      env: { api: input.api ?? null, navigation: input.navigation ?? null, locale: input.locale ?? 'en' },
    };
  },
  initial: 'start',
  on: {
    'licences.loaded': { actions: { type: 'storeLicences', params: ({ event }) => ({ licences: event.licences }) } },
  },
  states: {
    start: {
      description: 'Chooses the first step from the input (once the route\'s data is loaded).',
      always: [
        { guard: 'needsLoad', target: 'loading' },
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
    loading: {
      description: 'The PURCHASE route loads the checkout context (who may buy, the consent terms) and the plans.',
      invoke: {
        id: 'loadJourney',
        src: 'loadJourney',
        input: ({ context }) => ({ api: context.env.api }),
        onDone: { target: 'start', actions: { type: 'storeLoaded', params: ({ event }) => ({ load: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'storeLoadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The plans (couldntLoadLicences) or the context (unknownError) could not be loaded; retry loads again.',
      on: { retry: { target: 'loading' } },
    },
    blocked: {
      description: 'The sign-up restricted modal with context.blockReason; back closes it.',
      on: { back: { target: 'exited' } },
    },
    LOGIN: authStep('SIGNUP', 'Sign in; auth.switch goes to SIGNUP.'),
    SIGNUP: authStep('LOGIN', 'Create an account; auth.switch goes to LOGIN.'),
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
      description: 'Choose a licence (a guest then signs in), or schedule a downgrade of a held one.',
      entry: 'forgetLicenceInAddress',
      initial: 'choosing',
      on: {
        'package.select': [
          {
            guard: { type: 'licenceHeld', params: ({ event }) => ({ licenceId: event.licenceId }) },
            actions: 'refuseHeld',
          },
          {
            guard: 'guest',
            target: 'LOGIN',
            actions: [
              { type: 'choose', params: ({ event }) => ({ licenceId: event.licenceId }) },
              { type: 'showLicenceInAddress', params: ({ event }) => ({ licenceId: event.licenceId }) },
            ],
          },
          {
            guard: 'signedInConsentPending',
            target: 'CONSENT',
            actions: [
              { type: 'choose', params: ({ event }) => ({ licenceId: event.licenceId }) },
              { type: 'showLicenceInAddress', params: ({ event }) => ({ licenceId: event.licenceId }) },
            ],
          },
          {
            target: 'PAYMENT_PAGE',
            actions: [
              { type: 'choose', params: ({ event }) => ({ licenceId: event.licenceId }) },
              { type: 'showLicenceInAddress', params: ({ event }) => ({ licenceId: event.licenceId }) },
            ],
          },
        ],
        back: { target: 'exited' },
      },
      states: {
        choosing: {
          description: 'The plans.',
          on: {
            'plan.downgrade': {
              target: 'downgrading',
              actions: { type: 'startDowngrade', params: ({ event }) => ({ licenceId: event.licenceId }) },
            },
          },
        },
        downgrading: {
          description: 'POST the downgrade of the held plan at renewal (not bought).',
          invoke: {
            id: 'scheduleDowngrade',
            src: 'scheduleDowngrade',
            input: ({ context, event }) => ({
              api: context.env.api,
              licenceId: event.type === 'plan.downgrade' ? event.licenceId : '',
              fromId: event.type === 'plan.downgrade' ? event.fromId : '',
            }),
            onDone: { target: 'downgraded', actions: 'goToAccount' },
            onError: { target: 'choosing', actions: { type: 'storeDowngradeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        downgraded: { description: 'Scheduled: the app goes to the account page.' },
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
        'payment.done': { target: 'PAYMENT_COMPLETE', actions: { type: 'storeCompletion', params: ({ event }) => ({ completion: event.completion }) } },
        back: { target: 'PACKAGE_SELECTION' },
      },
    },
    CREDIT_CARD_PAYMENT: paymentStep('Pay with a card.'),
    PAYPAL_PAYMENT: paymentStep('Pay with PayPal.'),
    NEW_PAYMENT: paymentStep('Add a new payment method and pay.'),
    PAYMENT_COMPLETE: {
      description: 'Paid: the confirmation (context.completion).',
      type: 'final',
    },
    signedIn: {
      description: 'A login or signin_to_watch flow ends at sign-in: the view goes to the target.',
      type: 'final',
    },
    exited: {
      description: 'The viewer left the journey (back from its first step, or closing the restricted modal): the app goes back to `from`.',
      entry: 'leaveJourney',
      type: 'final',
    },
  },
});

/** The purchase journey machine's type. */
export type PurchaseJourneyMachine = typeof purchaseJourneyMachine;
