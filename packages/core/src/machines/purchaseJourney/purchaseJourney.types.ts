import type { ApiClient } from '../../api/types.js';
import type { CheckoutContext } from '../../contracts/checkout.js';
import type { Licence, LicenceFamily } from '../../contracts/licences.js';
import type {
  ConsentTerm,
  JourneyPaymentMethod,
  PaidItem,
  PurchaseBlockInput,
  PurchaseBlockReason,
  RouteLocale,
} from '../../domain/index.js';
import type { Navigation } from '../../platform/types.js';

/** Purchase and sign-up journey steps (identity-and-routes.md §4). */
export const JOURNEY_STEPS = [
  'LOGIN',
  'SIGNUP',
  'CONSENT',
  'PACKAGE_SELECTION',
  'PAYMENT_PAGE',
  'CREDIT_CARD_PAYMENT',
  'PAYPAL_PAYMENT',
  'NEW_PAYMENT',
  'PAYMENT_COMPLETE',
] as const;
/** One journey step. */
export type JourneyStep = (typeof JOURNEY_STEPS)[number];

/** Entry modes (§4): from the sign-up link, from the account page, or to upgrade a licence. */
export type JourneyEntryMode = 'SIGNUP' | 'ACCOUNT' | 'UPGRADE';
/** Sign-in flow types (§4). `purchase` and `signup` go on to buy; `login` and `signin_to_watch` end at sign-in. */
export type JourneyFlowType = 'login' | 'signup' | 'purchase' | 'signin_to_watch';
/** Input of the purchase journey machine. */
export interface PurchaseJourneyInput {
  entryMode: JourneyEntryMode;
  flowType: JourneyFlowType;
  /** The viewer is signed in (not a guest). */
  signedIn: boolean;
  /** The licence already chosen (from the query), if any. @default null */
  licenceId?: string | null;
  /** Why buying is blocked (the domain's `purchaseBlockReason`), or null. @default null */
  blockReason?: PurchaseBlockReason | null;
  /** The visitor's facts, when the machine should compute the block reason itself (used when `blockReason` is absent). */
  visitor?: PurchaseBlockInput;
  /** The consent terms of the CONSENT step. @default [] */
  consentTerms?: ConsentTerm[];
  /**
   * Field names of the terms the signed-in buyer's account has already accepted (the checkout
   * context's `recordedConsents`): a signed-in buyer with none pending (domain
   * `consentPending`) skips the CONSENT step. @default []
   */
  acceptedConsents?: string[];
  /**
   * The plans as the family listing answers them (the account's active licences in place of
   * their catalogue entries), for the domain's `planChange`: a licence held active is refused,
   * a higher plan of a held family is an upgrade. Later lists come with `licences.loaded`. @default []
   */
  licences?: readonly Licence[];
  /** The plans by family, as the view lists them (their licences should be `licences`). @default [] */
  families?: readonly LicenceFamily[];
  /** A safe in-app path the journey goes back to when the viewer leaves it (`exited`). @default null (the default menu page) */
  from?: string | null;
  /** The platform client: with it, signing in is followed by a check of the account (`checkAccount`) and downgrades can be scheduled. @default null */
  api?: ApiClient | null;
  /** Moves the app: the chosen licence in the address, leaving the journey, the account page after a downgrade. @default null (nothing moves) */
  navigation?: Navigation | null;
  /** The route set of the paths the journey goes to. @default 'en' */
  locale?: RouteLocale;
}

/**
 * The PURCHASE route's input: the journey loads the checkout context and the plans first
 * (`loadJourney`), then starts from what they and the query say (`journeyInput`).
 */
export interface PurchaseJourneyRouteInput {
  /** The route's query (`readCheckoutQuery`). */
  route: CheckoutQuery;
  /** The viewer is signed in (not a guest). */
  signedIn: boolean;
  /** The platform client the actors call. */
  api: ApiClient;
  /** Moves the app (see {@link PurchaseJourneyInput.navigation}). @default null */
  navigation?: Navigation | null;
  /** The route set of the paths the journey goes to. @default 'en' */
  locale?: RouteLocale;
}

/** What the PURCHASE route's query says (identity-and-routes.md §4 entry modes). */
export interface CheckoutQuery {
  /** `licenceId`: the licence already chosen, or null. */
  licenceId: string | null;
  /** `from`, only when it is a path inside the app (the domain's `safeReturnPath`), else null. */
  from: string | null;
  /** `entry=signup`: the viewer came from the sign-up link. */
  signUpEntry: boolean;
  /**
   * The journey buys a gift (GIFT_PAY; docs/api.md "Gifts"): the licence is the gift's, the
   * buyer's own plans never refuse it (a licence held active may be given) nor make it an
   * upgrade. Not read from a query (the GIFT_PAY page sets it). @default false
   */
  gift?: boolean;
}

/** The parts of the journey the progress indicator names (identity-and-routes.md §4 steps). */
export type JourneyPhase = 'plan' | 'account' | 'terms' | 'payment';

/** What `loadJourney` answers: the checkout context (who may buy, the terms) and the plans. */
export interface JourneyLoad {
  context: CheckoutContext;
  families: LicenceFamily[];
}

/** What `checkAccount` answers after signing in: why the account may not buy (or null), and its plans (null when they could not be read again). */
export interface AccountCheck {
  blockReason: PurchaseBlockReason | null;
  families: LicenceFamily[] | null;
}

/** Why the journey refused the chosen licence (a label key), shown on the plans. */
export type JourneyRefusal = 'licenceAlreadyActive';

/** Context of the purchase journey machine. */
export interface PurchaseJourneyContext {
  entryMode: JourneyEntryMode;
  flowType: JourneyFlowType;
  signedIn: boolean;
  /** The chosen licence, or null. */
  licenceId: string | null;
  /** The sign-up restricted modal's label key while `blocked`; null otherwise. */
  blockReason: PurchaseBlockReason | null;
  consentTerms: ConsentTerm[];
  /** Field names of the terms the account has already accepted (domain `consentPending`). */
  acceptedConsents: string[];
  /** The consent checks accepted at the CONSENT step (fieldName → ticked). */
  consentChecked: Record<string, boolean>;
  /** The payment method chosen on the payment page, or null. */
  paymentMethod: JourneyPaymentMethod | null;
  /** The plans known (see {@link PurchaseJourneyInput.licences}). */
  licences: readonly Licence[];
  /** Why the last chosen licence was refused, or null. */
  refusal: JourneyRefusal | null;
  /** The plans by family, as the view lists them. */
  families: readonly LicenceFamily[];
  /** Where the journey goes back to when the viewer leaves it, or null (the default menu page). */
  from: string | null;
  /** The journey buys a gift (see {@link CheckoutQuery.gift}). */
  gift: boolean;
  /** The route's query while the journey loads it; null when the input gave everything. */
  query: CheckoutQuery | null;
  /** Which load failed (`plans`: couldntLoadLicences, `context`: unknownError); null when none. */
  loadFailure: 'plans' | 'context' | null;
  /** The phases the progress indicator names (`journeyPhases`). */
  phases: JourneyPhase[];
  /** The block reason the last sign-in's check found (or `auth.done` carried), or null. */
  authBlock: PurchaseBlockReason | null;
  /** The licence whose downgrade is being scheduled, or null. */
  downgrading: string | null;
  /** The last downgrade's failure (server messages joined, or `anErrorOccured`), or null. */
  downgradeError: string | null;
  /** What the payment's confirmation shows, once paid. */
  completion: PaidItem | null;
  /** Internal: the environment. */
  env: { api: ApiClient | null; navigation: Navigation | null; locale: RouteLocale };
}

/** Events of the purchase journey machine. */
export type PurchaseJourneyEvent =
  /**
   * Signed in or signed up. With a client the journey checks the account itself (`checkAccount`:
   * a child profile may not buy; its plans); without one, `blockReason` says why the account may
   * not buy (null: it may).
   */
  | { type: 'auth.done'; blockReason?: PurchaseBlockReason | null }
  /** Load again what failed to load (the journey's data, the account check). */
  | { type: 'retry' }
  /** Schedule the downgrade of the held licence `fromId` to `licenceId` at renewal (not bought). */
  | { type: 'plan.downgrade'; licenceId: string; fromId: string }
  /** LOGIN ↔ SIGNUP. */
  | { type: 'auth.switch' }
  /** Accept the terms with these checks; ignored unless the domain's `isConsentValid` holds. */
  | { type: 'consent.accept'; checked: Record<string, boolean> }
  /** Choose a licence: refused (stays, `refusal` set) when the account holds it active; an upgrade sets entry mode UPGRADE. */
  | { type: 'package.select'; licenceId: string }
  /** The plans were (re)loaded, for example after signing in: a chosen licence held active goes back to the plans. */
  | { type: 'licences.loaded'; licences: readonly Licence[] }
  | { type: 'payment.method'; kind: JourneyPaymentMethod }
  /** The payment is done; `completion` is what its confirmation shows. */
  | { type: 'payment.done'; completion?: PaidItem | null }
  | { type: 'back' };
