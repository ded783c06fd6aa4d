import type { Licence } from '../../contracts/licences.js';
import type { ConsentTerm, PurchaseBlockInput, PurchaseBlockReason } from '../../domain/index.js';

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
/** How the payer pays on the payment page (the domain's `journeyMethodFor` maps a provider to it). */
export type { JourneyPaymentMethod } from '../../domain/index.js';
import type { JourneyPaymentMethod } from '../../domain/index.js';

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
}

/** Events of the purchase journey machine. */
export type PurchaseJourneyEvent =
  /** Signed in or signed up; `blockReason` when the account may not buy (a child profile). */
  | { type: 'auth.done'; blockReason?: PurchaseBlockReason | null }
  /** LOGIN ↔ SIGNUP. */
  | { type: 'auth.switch' }
  /** Accept the terms with these checks; ignored unless the domain's `isConsentValid` holds. */
  | { type: 'consent.accept'; checked: Record<string, boolean> }
  /** Choose a licence: refused (stays, `refusal` set) when the account holds it active; an upgrade sets entry mode UPGRADE. */
  | { type: 'package.select'; licenceId: string }
  /** The plans were (re)loaded, for example after signing in: a chosen licence held active goes back to the plans. */
  | { type: 'licences.loaded'; licences: readonly Licence[] }
  | { type: 'payment.method'; kind: JourneyPaymentMethod }
  | { type: 'payment.done' }
  | { type: 'back' };
